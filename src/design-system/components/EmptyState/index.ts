export { EmptyState, ErrorState, type EmptyStateProps, type ErrorStateProps } from './EmptyState.tsx'
