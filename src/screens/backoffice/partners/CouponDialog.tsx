import { useId } from 'react'
import { Form } from 'react-final-form'
import type { DiscountOffer } from '@/contract/schemas.ts'
import { useCreateOffer } from '@/src/api/partners/createOffer.ts'
import { useUpdateOffer } from '@/src/api/partners/updateOffer.ts'
import { ApiError } from '@/src/api/client.ts'
import { Dialog } from '@/src/design-system/components/Dialog/index.ts'
import { useNotification } from '@/src/notifications/index.ts'
import { FieldStack } from '../common/FormGrid.tsx'
import { FormSelect } from '../common/FormSelect.tsx'
import { FormTextField } from '../common/FormTextField.tsx'
import {
  couponToValues,
  emptyCouponValues,
  offerStatusOptions,
  validateCoupon,
  valuesToOfferBody,
  type CouponFormValues,
} from './couponForm.ts'

export interface CouponDialogProps {
  partnerId: number
  /** The coupon being edited; null to add one. */
  offer: DiscountOffer | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** 'Ajouter un coupon' / 'Editer un coupon': status, libelle and expiry date; closes once the server agreed. */
export function CouponDialog({ partnerId, offer, open, onOpenChange }: CouponDialogProps) {
  const formId = useId()
  const createOffer = useCreateOffer(partnerId)
  const updateOffer = useUpdateOffer(partnerId)
  const { notify } = useNotification()

  const onSubmit = async (values: CouponFormValues) => {
    const body = valuesToOfferBody(values)
    try {
      if (offer) await updateOffer({ ...body, id: offer.id })
      else await createOffer(body)
    } catch (error) {
      // The global toast already shows the server's message; the dialog stays open with the values.
      if (error instanceof ApiError) return undefined
      throw error
    }
    notify(offer ? 'Le coupon a été modifié.' : 'Le coupon a été ajouté.', 'success')
    onOpenChange(false)
    return undefined
  }

  return (
    <Form<CouponFormValues>
      key={`${open}-${offer?.id.id ?? 'nouveau'}`}
      onSubmit={onSubmit}
      validate={validateCoupon}
      initialValues={offer ? couponToValues(offer) : emptyCouponValues}
      render={({ handleSubmit, submitting }) => (
        <Dialog
          open={open}
          onOpenChange={onOpenChange}
          title={offer ? 'Editer un coupon' : 'Ajouter un coupon'}
          confirmLabel="Valider"
          confirmForm={formId}
          confirmLoading={submitting}
        >
          <form id={formId} onSubmit={handleSubmit} noValidate>
            <FieldStack>
              <FormSelect name="status" label="Status" options={offerStatusOptions} />
              <FormTextField name="libelle" label="Libelle" autoComplete="off" />
              <FormTextField
                name="expirationDate"
                label="Date d'expiration"
                placeholder="AAAA-MM-JJ"
                inputMode="numeric"
                autoComplete="off"
              />
            </FieldStack>
          </form>
        </Dialog>
      )}
    />
  )
}
