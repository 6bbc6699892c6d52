import { useState } from 'react'
import { Field, Form } from 'react-final-form'
import { Link, Navigate, useSearchParams } from 'react-router'
import { resetPassword } from '@/src/api/auth/passwordReset.ts'
import { ApiError } from '@/src/api/client.ts'
import { Alert, PasswordField } from '@/src/design-system/index.ts'
import { AuthForm, AuthLayout, SubmitThenBackToLogin } from './AuthLayout.tsx'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { FormTextField } from '../backoffice/common/FormTextField.tsx'

export const PASSWORD_MISMATCH_MESSAGE = 'Les mots de passe ne correspondent pas.'
export const RESET_SUCCESS_MESSAGE = 'Mot de passe réinitialisé avec succès.'
export const RESET_FAILURE_MESSAGE = 'Erreur lors de la réinitialisation du mot de passe.'
export const LINK_EXPIRED_MESSAGE = 'Ce lien est invalide ou a expiré (il ne sert qu’une fois).'
export const NEW_LINK_LABEL = 'Demander un nouveau lien'

interface ResetValues {
  newPassword: string
  confirmPassword: string
}

type Outcome =
  | { severity: 'success'; message: string }
  /** `detail`: why, in words the user can act on; `linkExpired`: offer a new link instead of a dead end. */
  | { severity: 'error'; message: string; detail?: string; linkExpired: boolean }
  | null

const validate = ({ newPassword, confirmPassword }: ResetValues) =>
  newPassword !== confirmPassword ? { confirmPassword: PASSWORD_MISMATCH_MESSAGE } : {}

export function ResetPasswordScreen() {
  usePageTitle(PAGE_TITLES.resetPassword)
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const [outcome, setOutcome] = useState<Outcome>(null)

  // The link in the e-mail carries the token; without it there is nothing to reset.
  if (!token) return <Navigate to="/forgot-password" replace />

  const onSubmit = async ({ newPassword }: ResetValues) => {
    setOutcome(null)
    try {
      await resetPassword({ token, newPassword })
      setOutcome({ severity: 'success', message: RESET_SUCCESS_MESSAGE })
    } catch (error) {
      // The server names the token when the link itself is refused (unknown, used, expired).
      const linkExpired = !(error instanceof ApiError) || error.field === 'token' || error.status === 404
      setOutcome({
        severity: 'error',
        message: RESET_FAILURE_MESSAGE,
        detail: linkExpired ? LINK_EXPIRED_MESSAGE : error.message,
        linkExpired,
      })
    }
  }

  return (
    <AuthLayout title="Réinitialiser le mot de passe">
      <Form<ResetValues>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={{ newPassword: '', confirmPassword: '' }}
      >
        {({ handleSubmit, submitting }) => (
          <AuthForm onSubmit={handleSubmit} aria-label="Réinitialisation du mot de passe">
            {outcome ? (
              <Alert severity={outcome.severity}>
                {outcome.message}
                {outcome.severity === 'error' && outcome.detail ? (
                  <>
                    <br />
                    {outcome.detail}
                  </>
                ) : null}
                {outcome.severity === 'error' && outcome.linkExpired ? (
                  <>
                    <br />
                    <Link to="/forgot-password">{NEW_LINK_LABEL}</Link>
                  </>
                ) : null}
              </Alert>
            ) : null}
            <FormTextField
              name="newPassword"
              password
              label="Nouveau mot de passe"
              autoComplete="new-password"
              required
            />
            <Field<string> name="confirmPassword">
              {({ input, meta }) => (
                <PasswordField
                  {...input}
                  label="Confirmer le mot de passe"
                  autoComplete="new-password"
                  required
                  error={meta.submitFailed && meta.error ? String(meta.error) : undefined}
                />
              )}
            </Field>
            <SubmitThenBackToLogin submitting={submitting}>
              Réinitialiser le mot de passe
            </SubmitThenBackToLogin>
          </AuthForm>
        )}
      </Form>
    </AuthLayout>
  )
}

export default ResetPasswordScreen
