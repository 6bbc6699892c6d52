import { downloadApi } from '../client.ts'

/** GET /api/exports/coupon-uses.csv: every coupon use, reactivated ones marked, as a French CSV file (admin). */
export const exportCouponUses = () => downloadApi('exportCouponUses')
