export { Alert, type AlertProps, type Severity } from './Alert.tsx'
