import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

export type NotificationType = 'info' | 'success' | 'warning' | 'error'

export interface Notification {
  /** Increases with every notification so the same message twice still re-opens the toast. */
  key: number
  message: string
  type: NotificationType
}

interface NotificationApi {
  notification: Notification | null
  /** Sets the message and type (default info); the toast opens. */
  notify: (message: string, type?: NotificationType) => void
  /** Clears the notification; the toast closes. */
  clear: () => void
}

const NotificationContext = createContext<NotificationApi | null>(null)

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notification, setNotification] = useState<Notification | null>(null)
  const notify = useCallback((message: string, type: NotificationType = 'info') => {
    setNotification((previous) => ({ key: (previous?.key ?? 0) + 1, message, type }))
  }, [])
  const clear = useCallback(() => setNotification(null), [])
  const value = useMemo(() => ({ notification, notify, clear }), [notification, notify, clear])
  return <NotificationContext.Provider value={value}>{children}</NotificationContext.Provider>
}

export function useNotification(): NotificationApi {
  const api = useContext(NotificationContext)
  if (!api) throw new Error('useNotification doit être utilisé dans un NotificationProvider')
  return api
}
