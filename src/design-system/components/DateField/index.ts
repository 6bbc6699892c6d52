export { DateField, INVALID_DATE, type DateFieldProps } from './DateField.tsx'
