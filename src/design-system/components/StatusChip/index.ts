export { StatusChip, statusLabels, type StatusChipProps } from './StatusChip.tsx'
