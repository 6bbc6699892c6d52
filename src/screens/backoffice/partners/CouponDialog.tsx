import { useField } from 'react-final-form'
import type { DiscountOffer } from '@/contract/schemas.ts'
import { DEFAULT_TIME_ZONE } from '@/contract/zonedDate.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { useCreateOffer } from '@/src/api/partners/createOffer.ts'
import { useUpdateOffer } from '@/src/api/partners/updateOffer.ts'
import { FormDialog } from '../common/FormDialog.tsx'
import { FormSelect } from '../common/FormSelect.tsx'
import { FormDateField, FormTextField } from '../common/FormTextField.tsx'
import { useSubmitFlow } from '../common/useSubmitFlow.ts'
import {
  couponToValues,
  emptyCouponValues,
  isExpired,
  offerStatusOptions,
  PAST_DATE_WARNING,
  todayIn,
  validateCoupon,
  valuesToOfferBody,
  type CouponFormValues,
} from './couponForm.ts'

/** The expiry date, warned when it is already past: the spec lets the admin set it freely, so it still saves. */
function ExpiryField() {
  const { input } = useField<string>('expirationDate', { subscription: { value: true } })
  const today = todayIn(useClientConfig().data?.timeZone ?? DEFAULT_TIME_ZONE)
  return (
    <FormDateField
      name="expirationDate"
      label="Date d'expiration"
      helperText={isExpired(input.value, today) ? PAST_DATE_WARNING : undefined}
    />
  )
}

export interface CouponDialogProps {
  partnerId: number
  /** The coupon being edited; null to add one. */
  offer: DiscountOffer | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** 'Ajouter un coupon' / 'Editer un coupon': status, libelle and expiry date; closes once the server agreed. */
export function CouponDialog({ partnerId, offer, open, onOpenChange }: CouponDialogProps) {
  const createOffer = useCreateOffer(partnerId)
  const updateOffer = useUpdateOffer(partnerId)
  const onSubmit = useSubmitFlow<CouponFormValues, unknown>({
    send: (values) => {
      const body = valuesToOfferBody(values)
      return offer ? updateOffer({ ...body, id: offer.id }) : createOffer(body)
    },
    successMessage: offer ? 'Le coupon a été modifié.' : 'Le coupon a été ajouté.',
    onSuccess: () => onOpenChange(false),
  })

  return (
    <FormDialog<CouponFormValues>
      key={`${open}-${offer?.id.id ?? 'nouveau'}`}
      open={open}
      onOpenChange={onOpenChange}
      title={offer ? 'Editer un coupon' : 'Ajouter un coupon'}
      confirmLabel="Valider"
      initialValues={offer ? couponToValues(offer) : emptyCouponValues}
      validate={validateCoupon}
      onSubmit={onSubmit}
    >
      <FormSelect name="status" label="Status" options={offerStatusOptions} required />
      <FormTextField name="libelle" label="Libelle" autoComplete="off" required />
      <ExpiryField />
    </FormDialog>
  )
}
