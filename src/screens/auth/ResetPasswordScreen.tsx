import { useState } from 'react'
import { Field, Form } from 'react-final-form'
import { Link, Navigate, useSearchParams } from 'react-router'
import { resetPassword } from '../../api/auth/passwordReset.ts'
import { Alert, Button, PasswordField } from '../../design-system/index.ts'
import { AuthForm, AuthLayout, AuthLinks } from './AuthLayout.tsx'
import { usePageTitle } from '../../pageTitle/index.ts'

export const PASSWORD_MISMATCH_MESSAGE = 'Les mots de passe ne correspondent pas.'
export const RESET_SUCCESS_MESSAGE = 'Mot de passe réinitialisé avec succès.'
export const RESET_FAILURE_MESSAGE = 'Erreur lors de la réinitialisation du mot de passe.'

interface ResetValues {
  newPassword: string
  confirmPassword: string
}

type Outcome = { severity: 'success' | 'error'; message: string } | null

const validate = ({ newPassword, confirmPassword }: ResetValues) =>
  newPassword !== confirmPassword ? { confirmPassword: PASSWORD_MISMATCH_MESSAGE } : {}

export function ResetPasswordScreen() {
  usePageTitle('Réinitialisation du mot de passe')
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
    } catch {
      setOutcome({ severity: 'error', message: RESET_FAILURE_MESSAGE })
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
            {outcome ? <Alert severity={outcome.severity}>{outcome.message}</Alert> : null}
            <Field<string> name="newPassword">
              {({ input }) => (
                <PasswordField {...input} label="Nouveau mot de passe" autoComplete="new-password" required />
              )}
            </Field>
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
            <Button type="submit" size="large" fullWidth loading={submitting}>
              Réinitialiser le mot de passe
            </Button>
            <AuthLinks>
              <Link to="/login">Retour à la connexion</Link>
            </AuthLinks>
          </AuthForm>
        )}
      </Form>
    </AuthLayout>
  )
}

export default ResetPasswordScreen
