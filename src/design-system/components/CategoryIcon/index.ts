export { CategoryIcon, type CategoryIconProps } from './CategoryIcon.tsx'
