import { useState } from 'react'
import { Form } from 'react-final-form'
import { Link, useLocation, useNavigate } from 'react-router'
import type { Location } from 'react-router'
import { ApiError } from '@/src/api/client.ts'
import { authenticate } from '@/src/api/auth/authenticate.ts'
import { Alert, Button } from '@/src/design-system/index.ts'
import { useSession } from '@/src/session/index.ts'
import { AuthEmailField, AuthForm, AuthLayout, AuthLinks } from './AuthLayout.tsx'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { FormTextField } from '../backoffice/common/FormTextField.tsx'

export const WRONG_CREDENTIALS_MESSAGE = 'Email ou mot de passe incorrect'

interface LoginValues {
  email: string
  password: string
}

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
  const location = useLocation()
  const [error, setError] = useState<string | null>(null)

  const onSubmit = async ({ email, password }: LoginValues) => {
    // The alert clears when a new attempt starts.
    setError(null)
    try {
      const user = await authenticate({ username: email.trim(), password })
      signIn(user)
      const from = (location.state as { from?: Location } | null)?.from
      navigate(from ? `${from.pathname}${from.search}` : '/', { replace: true })
    } catch (caught) {
      setError(failureMessage(caught))
    }
  }

  return (
    <AuthLayout title="Connexion">
      <Form<LoginValues> onSubmit={onSubmit} initialValues={{ email: '', password: '' }}>
        {({ handleSubmit, submitting }) => (
          <AuthForm onSubmit={handleSubmit} noValidate={false} aria-label="Connexion">
            {error ? <Alert severity="error">{error}</Alert> : null}
            <AuthEmailField autoComplete="username" fullWidth />
            <FormTextField
              name="password"
              password
              label="Mot de passe"
              autoComplete="current-password"
              required
              fullWidth
            />
            <AuthLinks style={{ textAlign: 'right', marginTop: 0 }}>
              <Link to="/forgot-password">Mot de passe oublié?</Link>
            </AuthLinks>
            <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
              Se connecter
            </Button>
            <AuthLinks>
              <Link to="/inscription">Vous n'avez pas encore de compte? Créez un compte</Link>
            </AuthLinks>
          </AuthForm>
        )}
      </Form>
    </AuthLayout>
  )
}

export default LoginScreen
