import { useState } from 'react'
import { Form } from 'react-final-form'
import { requestPasswordReset } from '@/src/api/auth/passwordReset.ts'
import { Alert } from '@/src/design-system/index.ts'
import { emailError } from './accountRules.ts'
import { AuthEmailField, AuthForm, AuthLayout, SubmitThenBackToLogin } from './AuthLayout.tsx'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'

export const FORGOT_SUCCESS_MESSAGE = 'Un e-mail de réinitialisation a été envoyé.'
export const FORGOT_FAILURE_MESSAGE = "Erreur lors de l'envoi de l'e-mail."

interface ForgotValues {
  email: string
}

type Outcome = { severity: 'success' | 'error'; message: string } | null

/** A missing or malformed address is said under the field before anything is sent. */
const validate = ({ email }: ForgotValues) => ({ email: emailError(email) })

export function ForgotPasswordScreen() {
  usePageTitle(PAGE_TITLES.forgotPassword)
  const [outcome, setOutcome] = useState<Outcome>(null)

  const onSubmit = async ({ email }: ForgotValues) => {
    try {
      await requestPasswordReset({ email: email.trim() })
      setOutcome({ severity: 'success', message: FORGOT_SUCCESS_MESSAGE })
    } catch {
      setOutcome({ severity: 'error', message: FORGOT_FAILURE_MESSAGE })
    }
  }

  return (
    <AuthLayout title="Mot de passe oublié">
      <Form<ForgotValues> onSubmit={onSubmit} validate={validate} initialValues={{ email: '' }}>
        {({ handleSubmit, submitting }) => (
          <AuthForm
            onSubmit={handleSubmit}
            onAttempt={() => setOutcome(null)}
            aria-label="Mot de passe oublié"
          >
            {outcome ? <Alert severity={outcome.severity}>{outcome.message}</Alert> : null}
            <AuthEmailField />
            <SubmitThenBackToLogin submitting={submitting}>
              Envoyer le lien de réinitialisation
            </SubmitThenBackToLogin>
          </AuthForm>
        )}
      </Form>
    </AuthLayout>
  )
}

export default ForgotPasswordScreen
