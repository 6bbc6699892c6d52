export { VisuallyHidden } from './VisuallyHidden.tsx'
