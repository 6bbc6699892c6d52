import { useEffect, useState } from 'react'
import { Form } from 'react-final-form'
import { Link, useNavigate } from 'react-router'
import { ApiError } from '@/src/api/client.ts'
import { authenticate } from '@/src/api/auth/authenticate.ts'
import { Alert, Button } from '@/src/design-system/index.ts'
import { useReturnPath, useReturnState, useSession } from '@/src/session/index.ts'
import { currentPasswordError, emailError, fieldMaxLength } from './accountRules.ts'
import { AuthEmailField, AuthForm, AuthLayout, AuthLinks } from './AuthLayout.tsx'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { FormTextField } from '../forms/FormTextField.tsx'
import { LegalLinks } from '../legal/LegalLinks.tsx'
import { ACCOUNT_DELETED_MESSAGE, accountWasDeleted, forgetAccountDeleted } from './accountDeleted.ts'

export const WRONG_CREDENTIALS_MESSAGE = 'Email ou mot de passe incorrect'

interface LoginValues {
  email: string
  password: string
}

/** Checked before sending: an empty or malformed field is said under it, and nothing is sent. */
const validate = ({ email, password }: LoginValues) => ({
  email: emailError(email),
  password: currentPasswordError(password),
})

/** The failed sign-in alert: the spec's message, unless the server says something more useful (blocked, throttled). */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 403 || error.status === 429 || error.status === 0)) {
    return error.message
  }
  return WRONG_CREDENTIALS_MESSAGE
}

export function LoginScreen() {
  usePageTitle(PAGE_TITLES.login)
  const { signIn } = useSession()
  const navigate = useNavigate()
  const returnPath = useReturnPath()
  const returnState = useReturnState()
  const [error, setError] = useState<string | null>(null)
  // After deleting their account the person lands here: said until they try to sign in again.
  const [accountDeleted, setAccountDeleted] = useState(accountWasDeleted)
  useEffect(forgetAccountDeleted, [])

  const onSubmit = async ({ email, password }: LoginValues) => {
    try {
      const user = await authenticate({ username: email.trim(), password })
      signIn(user)
      // The page the guard sent the visitor from, else Home (README: decisions where the spec is silent).
      navigate(returnPath, { replace: true })
    } catch (caught) {
      setError(failureMessage(caught))
    }
  }

  return (
    <AuthLayout title="Connexion" footer={<LegalLinks />}>
      <Form<LoginValues> onSubmit={onSubmit} validate={validate} initialValues={{ email: '', password: '' }}>
        {({ handleSubmit, submitting }) => (
          <AuthForm
            onSubmit={handleSubmit}
            onAttempt={() => {
              setError(null)
              setAccountDeleted(false)
            }}
            aria-label="Connexion"
          >
            {accountDeleted ? <Alert severity="success">{ACCOUNT_DELETED_MESSAGE}</Alert> : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
            <AuthEmailField autoComplete="username" fullWidth />
            <FormTextField
              name="password"
              password
              label="Mot de passe"
              autoComplete="current-password"
              maxLength={fieldMaxLength.password}
              required
              fullWidth
            />
            <AuthLinks style={{ textAlign: 'right', marginTop: 0 }}>
              <Link to="/forgot-password" state={returnState}>
                Mot de passe oublié?
              </Link>
            </AuthLinks>
            <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
              Se connecter
            </Button>
            <AuthLinks>
              <Link to="/inscription" state={returnState}>
                Vous n'avez pas encore de compte? Créez un compte
              </Link>
            </AuthLinks>
          </AuthForm>
        )}
      </Form>
    </AuthLayout>
  )
}

export default LoginScreen
