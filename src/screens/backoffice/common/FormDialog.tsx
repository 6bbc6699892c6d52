import { useId, type ReactNode } from 'react'
import { Form } from 'react-final-form'
import type { FormApi, SubmissionErrors, ValidationErrors } from 'final-form'
import { Dialog } from '@/src/design-system/components/Dialog/index.ts'
import { submitAndFocus } from '../../forms/focusFirstInvalid.ts'
import { FieldStack, RequiredLegend } from './FormGrid.tsx'
import { BeforeUnloadGuard, useDiscardPrompt } from './unsavedChanges.tsx'

interface FormDialogProps<Values> {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** The submit button, e.g. 'Valider', 'Enregistrer'. */
  confirmLabel: string
  /** A stable object: react-final-form resets the form when it changes. */
  initialValues: Values
  validate: (values: Values) => ValidationErrors
  /** useSubmitFlow's, closing the dialog on success. */
  onSubmit: (values: Values, form: FormApi<Values>) => Promise<SubmissionErrors | undefined>
  /** The fields, stacked. */
  children: ReactNode
}

/**
 * A back-office dialog holding a form (a page, a coupon): the '*' legend, the fields, its submit button;
 * a refused submit focuses the first field in error; closing it changed (Escape, 'Fermer', 'Annuler', reload)
 * asks 'Abandonner les modifications ?'. Give it a `key` that changes per opening, so each starts afresh.
 */
export function FormDialog<Values>({
  open,
  onOpenChange,
  title,
  confirmLabel,
  initialValues,
  validate,
  onSubmit,
  children,
}: FormDialogProps<Values>) {
  const formId = useId()
  const discard = useDiscardPrompt()
  return (
    <Form<Values>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      // New initial values (a list or the item arriving after the form opened) keep what was typed.
      keepDirtyOnReinitialize
      render={({ handleSubmit, submitting, form, dirty }) => (
        <>
          <Dialog
            open={open}
            onOpenChange={(next) => {
              if (next) onOpenChange(true)
              else discard.guard(dirty, () => onOpenChange(false))
            }}
            title={title}
            confirmLabel={confirmLabel}
            confirmForm={formId}
            confirmLoading={submitting}
          >
            <form id={formId} onSubmit={submitAndFocus(handleSubmit, form)} noValidate>
              <RequiredLegend />
              <FieldStack>{children}</FieldStack>
            </form>
          </Dialog>
          <BeforeUnloadGuard when={open && dirty} />
          {discard.prompt}
        </>
      )}
    />
  )
}
