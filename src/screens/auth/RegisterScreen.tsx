import { useState } from 'react'
import { Form, Field } from 'react-final-form'
import { Link, useNavigate } from 'react-router'
import { register } from '@/src/api/auth/register.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/src/api/client.ts'
import { Alert, Button, Checkbox, mdiEmail } from '@/src/design-system/index.ts'
import { useSession } from '@/src/session/index.ts'
import { AuthForm, AuthLayout, AuthLinks } from './AuthLayout.tsx'
import { usePageTitle } from '@/src/pageTitle/index.ts'
import { FormTextField } from '../backoffice/common/FormTextField.tsx'

/** Used until the server's configuration arrives (the same files the server serves by default). */
export const DEFAULT_TERMS_URL = '/docs/conditions-generales-utilisation.pdf'
export const DEFAULT_PRIVACY_URL = '/docs/politique-de-confidentialite.pdf'

interface RegisterValues {
  firstname: string
  lastname: string
  email: string
  password: string
  acceptTerms: boolean
  acceptPrivacy: boolean
}

export function RegisterScreen() {
  usePageTitle('Inscription')
  const { signIn } = useSession()
  const navigate = useNavigate()
  const { data: config } = useClientConfig()
  const [error, setError] = useState<string | null>(null)

  const onSubmit = async ({ firstname, lastname, email, password }: RegisterValues) => {
    setError(null)
    try {
      const user = await register({
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        email: email.trim(),
        password,
      })
      signIn(user)
      navigate('/', { replace: true })
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE)
    }
  }

  const pdfLink = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  )

  return (
    <AuthLayout title="Inscription">
      <Form<RegisterValues>
        onSubmit={onSubmit}
        initialValues={{
          firstname: '',
          lastname: '',
          email: '',
          password: '',
          acceptTerms: false,
          acceptPrivacy: false,
        }}
      >
        {({ handleSubmit, submitting, values }) => (
          <AuthForm onSubmit={handleSubmit} aria-label="Inscription">
            {error ? <Alert severity="error">{error}</Alert> : null}
            <FormTextField name="firstname" label="Prénom" autoComplete="given-name" required fullWidth />
            <FormTextField name="lastname" label="Nom" autoComplete="family-name" required fullWidth />
            <FormTextField
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              inputMode="email"
              leadingIcon={mdiEmail}
              required
              fullWidth
            />
            <FormTextField
              name="password"
              password
              label="Mot de passe"
              autoComplete="new-password"
              required
              fullWidth
            />
            <Field<boolean> name="acceptTerms" type="checkbox">
              {({ input }) => (
                <Checkbox
                  name={input.name}
                  checked={input.checked}
                  onCheckedChange={input.onChange}
                  onBlur={input.onBlur}
                  onFocus={input.onFocus}
                  label={
                    <>
                      J'accepte les{' '}
                      {pdfLink(config?.termsUrl ?? DEFAULT_TERMS_URL, "conditions générales d'utilisation")}
                    </>
                  }
                />
              )}
            </Field>
            <Field<boolean> name="acceptPrivacy" type="checkbox">
              {({ input }) => (
                <Checkbox
                  name={input.name}
                  checked={input.checked}
                  onCheckedChange={input.onChange}
                  onBlur={input.onBlur}
                  onFocus={input.onFocus}
                  label={
                    <>
                      J'accepte la{' '}
                      {pdfLink(config?.privacyUrl ?? DEFAULT_PRIVACY_URL, 'politique de confidentialité')}
                    </>
                  }
                />
              )}
            </Field>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              loading={submitting}
              disabled={!values.acceptTerms || !values.acceptPrivacy}
            >
              S'inscrire
            </Button>
            <AuthLinks>
              <Link to="/login">Vous avez déjà un compte? Se connecter</Link>
            </AuthLinks>
          </AuthForm>
        )}
      </Form>
    </AuthLayout>
  )
}

export default RegisterScreen
