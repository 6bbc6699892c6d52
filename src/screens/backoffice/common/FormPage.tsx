import type { ReactNode } from 'react'
import { Form } from 'react-final-form'
import type { FormApi, SubmissionErrors, ValidationErrors } from 'final-form'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { FormActions, RequiredLegend } from './FormGrid.tsx'
import { Panel } from './Panel.tsx'
import { LeaveFormGuard } from './unsavedChanges.tsx'
import { submitAndFocus } from '../../forms/focusFirstInvalid.ts'

interface FormPageProps<Values> {
  title: string
  /** While the edited item loads: the skeleton's accessible label and row count. */
  loading?: { label: string; rows: number } | null
  /** A stable object: react-final-form resets the form when it changes. */
  initialValues: Values
  validate: (values: Values) => ValidationErrors
  onSubmit: (values: Values, form: FormApi<Values>) => Promise<SubmissionErrors | undefined>
  /** 'Annuler' (a navigation: the changed form asks first). */
  onCancel: () => void
  /** The fields. */
  children: (form: FormApi<Values>) => ReactNode
  /** Rendered beside the form (dialogs it opens). */
  outside?: (form: FormApi<Values>) => ReactNode
}

/**
 * A back-office create/edit page: title, the '*' legend, the fields, the sticky 'Annuler' / 'Valider' bar;
 * an invalid submit focuses the first field in error; leaving it changed asks 'Abandonner les modifications ?'.
 */
export function FormPage<Values>({
  title,
  loading,
  initialValues,
  validate,
  onSubmit,
  onCancel,
  children,
  outside,
}: FormPageProps<Values>) {
  if (loading) {
    return (
      <Panel>
        <PageHeader title={title} />
        <SkeletonRows rows={loading.rows} lines={1} label={loading.label} />
      </Panel>
    )
  }
  return (
    <Panel>
      <PageHeader title={title} />
      <Form<Values>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={initialValues}
        // New initial values (the item revalidated while it is edited) keep what was typed.
        keepDirtyOnReinitialize
        render={({ handleSubmit, submitting, form }) => (
          <>
            <form onSubmit={submitAndFocus(handleSubmit, form)} noValidate aria-label={title}>
              <RequiredLegend />
              {children(form)}
              <FormActions>
                <Button variant="outlined" onClick={onCancel} disabled={submitting}>
                  Annuler
                </Button>
                <Button type="submit" loading={submitting}>
                  Valider
                </Button>
              </FormActions>
            </form>
            <LeaveFormGuard />
            {outside?.(form)}
          </>
        )}
      />
    </Panel>
  )
}
