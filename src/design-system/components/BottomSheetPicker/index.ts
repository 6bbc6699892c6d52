export { BottomSheetPicker, type BottomSheetPickerProps, type PickerOption } from './BottomSheetPicker.tsx'
