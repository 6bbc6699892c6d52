export { SkeletonRows, type SkeletonRowsProps } from './SkeletonRows.tsx'
