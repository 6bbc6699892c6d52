import { useEffect, useRef, useState } from 'react'
import { Field, Form } from 'react-final-form'
import { Link, Navigate, useSearchParams } from 'react-router'
import { resetPassword } from '@/src/api/auth/passwordReset.ts'
import { ApiError } from '@/src/api/client.ts'
import styled from 'styled-components'
import { Alert, Button, PasswordField } from '@/src/design-system/index.ts'
import { fieldMaxLength, NEW_PASSWORD_HINT, newPasswordError } from './accountRules.ts'
import { AuthForm, AuthLayout, SubmitThenBackToLogin } from './AuthLayout.tsx'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { FormTextField } from '../forms/FormTextField.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

export const PASSWORD_MISMATCH_MESSAGE = 'Les mots de passe ne correspondent pas.'
export const RESET_SUCCESS_MESSAGE = 'Mot de passe réinitialisé avec succès.'
export const RESET_FAILURE_MESSAGE = 'Erreur lors de la réinitialisation du mot de passe.'
export const LINK_EXPIRED_MESSAGE = 'Ce lien est invalide ou a expiré (il ne sert qu’une fois).'
export const NEW_LINK_LABEL = 'Demander un nouveau lien'
export const SIGN_IN_LABEL = 'Se connecter'

interface ResetValues {
  newPassword: string
  confirmPassword: string
}

/** `detail`: why, in words the user can act on; `linkExpired`: offer a new link instead of a dead end. */
type Failure = { message: string; detail?: string; linkExpired: boolean }

/** The new password follows the server's rules (said before sending), and both must match (spec). */
const validate = ({ newPassword, confirmPassword }: ResetValues) => ({
  newPassword: newPasswordError(newPassword),
  confirmPassword: newPassword !== confirmPassword ? PASSWORD_MISMATCH_MESSAGE : undefined,
})

/** The success message, focused once the form has gone, so it is what is read out. */
const Done = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]}px;
  &:focus {
    outline: none;
  }
`

/**
 * After the reset: the link has served, so the form goes (sending it again could only fail) and the way on is
 * signing in with the new password.
 */
function ResetDone() {
  const done = useRef<HTMLDivElement>(null)
  useEffect(() => done.current?.focus(), [])
  return (
    <Done tabIndex={-1} ref={done}>
      <Alert severity="success">{RESET_SUCCESS_MESSAGE}</Alert>
      <Button asChild size="large" fullWidth>
        <Link to="/login" replace>
          {SIGN_IN_LABEL}
        </Link>
      </Button>
    </Done>
  )
}

export function ResetPasswordScreen() {
  usePageTitle(PAGE_TITLES.resetPassword)
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const [failure, setFailure] = useState<Failure | null>(null)
  const [done, setDone] = useState(false)

  // The link in the e-mail carries the token; without it there is nothing to reset.
  if (!token) return <Navigate to="/forgot-password" replace />

  const onSubmit = async ({ newPassword }: ResetValues) => {
    try {
      await resetPassword({ token, newPassword })
      setDone(true)
    } catch (error) {
      // The server names the token when the link itself is refused (unknown, used, expired).
      const linkExpired = !(error instanceof ApiError) || error.field === 'token' || error.status === 404
      setFailure({
        message: RESET_FAILURE_MESSAGE,
        detail: linkExpired ? LINK_EXPIRED_MESSAGE : error.message,
        linkExpired,
      })
    }
  }

  return (
    <AuthLayout title="Réinitialiser le mot de passe">
      {done ? (
        <ResetDone />
      ) : (
        <Form<ResetValues>
          onSubmit={onSubmit}
          validate={validate}
          initialValues={{ newPassword: '', confirmPassword: '' }}
        >
          {({ handleSubmit, submitting }) => (
            <AuthForm
              onSubmit={handleSubmit}
              onAttempt={() => setFailure(null)}
              aria-label="Réinitialisation du mot de passe"
            >
              {failure ? (
                <Alert severity="error">
                  {failure.message}
                  {failure.detail ? (
                    <>
                      <br />
                      {failure.detail}
                    </>
                  ) : null}
                  {failure.linkExpired ? (
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
                maxLength={fieldMaxLength.password}
                helperText={NEW_PASSWORD_HINT}
                required
              />
              <Field<string> name="confirmPassword">
                {({ input, meta }) => (
                  <PasswordField
                    {...input}
                    label="Confirmer le mot de passe"
                    autoComplete="new-password"
                    maxLength={fieldMaxLength.password}
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
      )}
    </AuthLayout>
  )
}

export default ResetPasswordScreen
