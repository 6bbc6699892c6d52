import { useState, type ReactNode } from 'react'
import { Form, Field } from 'react-final-form'
import { Link, useNavigate } from 'react-router'
import { register } from '@/src/api/auth/register.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/src/api/client.ts'
import { Alert, Button, Checkbox } from '@/src/design-system/index.ts'
import { useReturnPath, useReturnState, useSession } from '@/src/session/index.ts'
import { emailError, fieldMaxLength, nameError, NEW_PASSWORD_HINT, newPasswordError } from './accountRules.ts'
import { AuthEmailField, AuthForm, AuthLayout, AuthLinks } from './AuthLayout.tsx'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { FormTextField } from '../forms/FormTextField.tsx'

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

/**
 * Every field checked at once before sending, each message under its field, with the server's rules; the two
 * boxes are not checked here: 'S'inscrire' stays disabled until both are ticked (spec).
 */
const validate = ({ firstname, lastname, email, password }: RegisterValues) => ({
  firstname: nameError(firstname),
  lastname: nameError(lastname),
  email: emailError(email),
  password: newPasswordError(password),
})

/** A consent box bound to the form (both must be ticked before "S'inscrire" is enabled). */
function ConsentCheckbox({ name, children }: { name: 'acceptTerms' | 'acceptPrivacy'; children: ReactNode }) {
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input }) => (
        <Checkbox
          name={input.name}
          checked={input.checked}
          onCheckedChange={input.onChange}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
          label={<>{children}</>}
        />
      )}
    </Field>
  )
}

export function RegisterScreen() {
  usePageTitle(PAGE_TITLES.register)
  const { signIn } = useSession()
  const navigate = useNavigate()
  const returnPath = useReturnPath()
  const returnState = useReturnState()
  const { data: config } = useClientConfig()
  const [error, setError] = useState<string | null>(null)

  const onSubmit = async ({ firstname, lastname, email, password }: RegisterValues) => {
    try {
      const user = await register({
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        email: email.trim(),
        password,
      })
      signIn(user)
      // Signed up from a page the guard kept: that page, as after a sign-in; else Home.
      navigate(returnPath, { replace: true })
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
        validate={validate}
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
          <AuthForm onSubmit={handleSubmit} onAttempt={() => setError(null)} aria-label="Inscription">
            {error ? <Alert severity="error">{error}</Alert> : null}
            <FormTextField
              name="firstname"
              label="Prénom"
              autoComplete="given-name"
              maxLength={fieldMaxLength.name}
              required
              fullWidth
            />
            <FormTextField
              name="lastname"
              label="Nom"
              autoComplete="family-name"
              maxLength={fieldMaxLength.name}
              required
              fullWidth
            />
            <AuthEmailField fullWidth />
            <FormTextField
              name="password"
              password
              label="Mot de passe"
              autoComplete="new-password"
              maxLength={fieldMaxLength.password}
              helperText={NEW_PASSWORD_HINT}
              required
              fullWidth
            />
            <ConsentCheckbox name="acceptTerms">
              J'accepte les{' '}
              {pdfLink(config?.termsUrl ?? DEFAULT_TERMS_URL, "conditions générales d'utilisation")}
            </ConsentCheckbox>
            <ConsentCheckbox name="acceptPrivacy">
              J'accepte la{' '}
              {pdfLink(config?.privacyUrl ?? DEFAULT_PRIVACY_URL, 'politique de confidentialité')}
            </ConsentCheckbox>
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
              <Link to="/login" state={returnState}>
                Vous avez déjà un compte? Se connecter
              </Link>
            </AuthLinks>
          </AuthForm>
        )}
      </Form>
    </AuthLayout>
  )
}

export default RegisterScreen
