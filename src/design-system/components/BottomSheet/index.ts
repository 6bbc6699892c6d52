export { BottomSheet, BottomSheetClose, type BottomSheetProps } from './BottomSheet.tsx'
export { useBackToClose } from './useBackToClose.ts'
