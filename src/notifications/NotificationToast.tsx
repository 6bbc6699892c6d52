import { Toast, ToastProvider, TOAST_DURATION } from '../design-system/components/Toast/index.ts'
import { useNotification } from './NotificationProvider.tsx'

export interface NotificationToastProps {
  /** Délai de fermeture automatique en millisecondes (5000, comme le demande la spécification). */
  duration?: number
}

/**
 * The app's global notification: shows the current `useNotification()` message in its type colour and clears it
 * when the toast closes (by itself, by 'Fermer' or by a swipe). Render once, inside NotificationProvider.
 */
export function NotificationToast({ duration = TOAST_DURATION }: NotificationToastProps) {
  const { notification, clear } = useNotification()
  return (
    <ToastProvider duration={duration}>
      {notification ? (
        <Toast
          // A new key per notification restarts the timer, even for the same message twice.
          key={notification.key}
          open
          onOpenChange={(open) => {
            if (!open) clear()
          }}
          message={notification.message}
          type={notification.type}
          duration={duration}
        />
      ) : null}
    </ToastProvider>
  )
}
