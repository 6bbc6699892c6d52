export {
  NotificationProvider,
  useNotification,
  type Notification,
  type NotificationType,
} from './NotificationProvider.tsx'
export { NotificationToast, type NotificationToastProps } from './NotificationToast.tsx'
