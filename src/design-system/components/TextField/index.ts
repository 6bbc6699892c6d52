export { TextField, type TextFieldProps } from './TextField.tsx'
export { BareInput, FieldLabel, FieldRoot, HelperText, InputBox } from './fieldParts.tsx'
