export { cachedMdiIcon, loadMdiIcon, mdiExportName, normalizeIconName } from './loadMdiIcon.ts'
export { useMdiIconPath } from './useMdiIconPath.ts'
