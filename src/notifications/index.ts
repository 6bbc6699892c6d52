export {
  NotificationProvider,
  useNotification,
  type Notification,
  type NotificationType,
} from './NotificationProvider.tsx'
