import { useField } from 'react-final-form'
import type { DiscountOffer, Partner } from '@/contract/schemas.ts'
import { DEFAULT_TIME_ZONE } from '@/contract/zonedDate.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { useCreateOffer } from '@/src/api/partners/createOffer.ts'
import { useUpdateOffer } from '@/src/api/partners/updateOffer.ts'
import { FormDialog } from '../common/FormDialog.tsx'
import { FormSelect } from '../common/FormSelect.tsx'
import { FormDateField, FormTextField } from '../../forms/FormTextField.tsx'
import { useSubmitFlow } from '../common/useSubmitFlow.ts'
import { useVersionedEdit, VersionConflictNotice, type ComparedField } from '../common/versionConflict.tsx'
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

/** What 'Comparer' shows after a 412, labelled as in the dialog. */
const comparedCouponFields: ComparedField[] = [
  { name: 'status', label: 'Status' },
  { name: 'libelle', label: 'Libelle' },
  { name: 'expirationDate', label: "Date d'expiration" },
]

export interface CouponDialogProps {
  /** The partner as last read: its ETag is the coupons' version, sent as If-Match when one is edited. */
  partner: Partner
  /** Reads the partner again (into the cache) and answers it: 'Recharger' and 'Comparer' after a 412. */
  reloadPartner: () => Promise<Partner | undefined>
  /** The coupon being edited; null to add one. */
  offer: DiscountOffer | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * 'Ajouter un coupon' / 'Editer un coupon': status, libelle and expiry date; closes once the server agreed. An
 * edit saves over the partner's version it was opened on: changed since (the partner or a coupon), the server
 * answers 412 and the dialog says so, with 'Recharger' and 'Comparer', keeping what was typed.
 */
export function CouponDialog({ partner, reloadPartner, offer, open, onOpenChange }: CouponDialogProps) {
  const partnerId = partner.partnerId.id
  const createOffer = useCreateOffer(partnerId)
  const updateOffer = useUpdateOffer(partnerId)
  const edit = useVersionedEdit(partner, reloadPartner)
  const { clear } = edit
  // This coupon as the partner read last has it (the dialog's values when it is reloaded).
  const toValues = (read: Partner) =>
    couponToValues(read.discountOffers.find((candidate) => candidate.id.id === offer?.id.id) ?? offer!)
  const onSubmit = useSubmitFlow<CouponFormValues, unknown>({
    send: (values) => {
      const body = valuesToOfferBody(values)
      clear()
      return offer ? updateOffer({ ...body, id: offer.id }, edit.etag) : createOffer(body)
    },
    successMessage: offer ? 'Le coupon a été modifié.' : 'Le coupon a été ajouté.',
    onSuccess: () => onOpenChange(false),
    onStale: edit.onStale,
  })

  return (
    <FormDialog<CouponFormValues>
      key={`${open}-${offer?.id.id ?? 'nouveau'}`}
      open={open}
      onOpenChange={(next) => {
        // A conflict belongs to this opening: the next one starts from the partner as then read.
        if (!next) clear()
        onOpenChange(next)
      }}
      title={offer ? 'Editer un coupon' : 'Ajouter un coupon'}
      confirmLabel="Valider"
      initialValues={offer ? couponToValues(offer) : emptyCouponValues}
      validate={validateCoupon}
      onSubmit={onSubmit}
    >
      {offer ? (
        <VersionConflictNotice
          edit={edit}
          toValues={toValues}
          fields={comparedCouponFields}
          what="ce coupon"
        />
      ) : null}
      <FormSelect name="status" label="Status" options={offerStatusOptions} required />
      <FormTextField name="libelle" label="Libelle" autoComplete="off" required />
      <ExpiryField />
    </FormDialog>
  )
}
