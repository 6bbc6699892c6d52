import { downloadApi } from '../client.ts'

/**
 * GET /api/users/me/export: the file of everything held about the signed-in person, JSON or its French CSV,
 * fetched with their token (which a plain link could not carry). A failure is the app's error toast.
 */
export const exportMyData = (format: 'json' | 'csv') => downloadApi('exportMyData', { query: { format } })
