import useSWR from 'swr'
import { calls } from '@/contract/calls.ts'
import { callApi } from '../client.ts'

/** GET /api/dashboard: coupon uses over the last 30 days (admin). The screen shows a failure in place. */
export const getDashboard = () => callApi('getDashboard', {}, { shownByCaller: true })

export function useDashboard() {
  return useSWR(calls.getDashboard.path, getDashboard)
}
