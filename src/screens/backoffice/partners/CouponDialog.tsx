import { useId } from 'react'
import { Form } from 'react-final-form'
import type { DiscountOffer } from '@/contract/schemas.ts'
import { useCreateOffer } from '@/src/api/partners/createOffer.ts'
import { useUpdateOffer } from '@/src/api/partners/updateOffer.ts'
import { Dialog } from '@/src/design-system/components/Dialog/index.ts'
import { submitAndFocus } from '../common/focusFirstInvalid.ts'
import { FieldStack, RequiredLegend } from '../common/FormGrid.tsx'
import { FormSelect } from '../common/FormSelect.tsx'
import { FormDateField, FormTextField } from '../common/FormTextField.tsx'
import { BeforeUnloadGuard, useDiscardPrompt } from '../common/unsavedChanges.tsx'
import { useSubmitFlow } from '../common/useSubmitFlow.ts'
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
  const discard = useDiscardPrompt()
  const onSubmit = useSubmitFlow<CouponFormValues, unknown>({
    send: (values) => {
      const body = valuesToOfferBody(values)
      return offer ? updateOffer({ ...body, id: offer.id }) : createOffer(body)
    },
    successMessage: offer ? 'Le coupon a été modifié.' : 'Le coupon a été ajouté.',
    onSuccess: () => onOpenChange(false),
  })

  return (
    <Form<CouponFormValues>
      key={`${open}-${offer?.id.id ?? 'nouveau'}`}
      onSubmit={onSubmit}
      validate={validateCoupon}
      initialValues={offer ? couponToValues(offer) : emptyCouponValues}
      render={({ handleSubmit, submitting, form, dirty }) => (
        <>
          <Dialog
            open={open}
            onOpenChange={(next) => {
              if (next) onOpenChange(true)
              else discard.guard(dirty, () => onOpenChange(false))
            }}
            title={offer ? 'Editer un coupon' : 'Ajouter un coupon'}
            confirmLabel="Valider"
            confirmForm={formId}
            confirmLoading={submitting}
          >
            <form id={formId} onSubmit={submitAndFocus(handleSubmit, form)} noValidate>
              <RequiredLegend />
              <FieldStack>
                <FormSelect name="status" label="Status" options={offerStatusOptions} required />
                <FormTextField name="libelle" label="Libelle" autoComplete="off" required />
                <FormDateField name="expirationDate" label="Date d'expiration" />
              </FieldStack>
            </form>
          </Dialog>
          <BeforeUnloadGuard when={open && dirty} />
          {discard.prompt}
        </>
      )}
    />
  )
}
