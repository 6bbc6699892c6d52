import { useState } from 'react'
import { Form } from 'react-final-form'
import { Link } from 'react-router'
import { requestPasswordReset } from '@/src/api/auth/passwordReset.ts'
import { Alert, Button, mdiEmail } from '@/src/design-system/index.ts'
import { AuthForm, AuthLayout, AuthLinks } from './AuthLayout.tsx'
import { usePageTitle } from '@/src/pageTitle/index.ts'
import { FormTextField } from '../backoffice/common/FormTextField.tsx'

export const FORGOT_SUCCESS_MESSAGE = 'Un e-mail de réinitialisation a été envoyé.'
export const FORGOT_FAILURE_MESSAGE = "Erreur lors de l'envoi de l'e-mail."

interface ForgotValues {
  email: string
}

type Outcome = { severity: 'success' | 'error'; message: string } | null

export function ForgotPasswordScreen() {
  usePageTitle('Mot de passe oublié')
  const [outcome, setOutcome] = useState<Outcome>(null)

  const onSubmit = async ({ email }: ForgotValues) => {
    setOutcome(null)
    try {
      await requestPasswordReset({ email: email.trim() })
      setOutcome({ severity: 'success', message: FORGOT_SUCCESS_MESSAGE })
    } catch {
      setOutcome({ severity: 'error', message: FORGOT_FAILURE_MESSAGE })
    }
  }

  return (
    <AuthLayout title="Mot de passe oublié">
      <Form<ForgotValues> onSubmit={onSubmit} initialValues={{ email: '' }}>
        {({ handleSubmit, submitting }) => (
          <AuthForm onSubmit={handleSubmit} aria-label="Mot de passe oublié">
            {outcome ? <Alert severity={outcome.severity}>{outcome.message}</Alert> : null}
            <FormTextField
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              inputMode="email"
              leadingIcon={mdiEmail}
              required
            />
            <Button type="submit" size="large" fullWidth loading={submitting}>
              Envoyer le lien de réinitialisation
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

export default ForgotPasswordScreen
