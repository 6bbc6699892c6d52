export { useGoBack } from './useGoBack.ts'
