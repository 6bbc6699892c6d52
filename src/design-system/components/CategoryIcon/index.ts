export { CategoryIcon, type CategoryIconProps } from './CategoryIcon.tsx'
export { loadMdiIcon, mdiExportName } from './loadMdiIcon.ts'
