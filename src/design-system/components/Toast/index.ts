export { Toast, ToastProvider, TOAST_DURATION, type ToastProps, type ToastProviderProps } from './Toast.tsx'
