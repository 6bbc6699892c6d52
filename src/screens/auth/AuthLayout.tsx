import { type ComponentPropsWithoutRef, type FormEvent, type ReactNode, useEffect } from 'react'
import { useForm } from 'react-final-form'
import { Link } from 'react-router'
import { useReturnState } from '@/src/session/index.ts'
import styled from 'styled-components'
import { Button, mdiEmail } from '@/src/design-system/index.ts'
import { takeTypedBeforeHydration } from '@/src/prerender/typedBeforeHydration.ts'
import { FormTextField } from '../forms/FormTextField.tsx'
import { submitAndFocus } from '../forms/focusFirstInvalid.ts'
import { fieldMaxLength } from './accountRules.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Page = styled.main`
  min-height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  padding: ${theme.space[5]}px ${theme.space[4]}px;
  background: linear-gradient(180deg, ${theme.colors.primaryLight} 0%, ${theme.colors.background} 60%);
`

/** The form card; the spec caps the register card at 500px, and the other auth cards share it. */
const Card = styled.section`
  width: 100%;
  max-width: 500px;
  padding: ${theme.space[6]}px ${theme.space[5]}px;
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows[2]};
`

const Title = styled.h1`
  margin: 0 0 ${theme.space[5]}px;
  font-size: ${theme.fontSizes.xxl};
  line-height: ${theme.lineHeights.tight};
  text-align: center;
`

/** The vertical rhythm of the fields inside an auth card. */
const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]}px;
`

/**
 * An auth screen's form (inside react-final-form's `<Form>`; `onSubmit` is its handleSubmit). Its HTML is
 * prerendered: what a person typed or ticked before the page hydrated is taken into the form's state, so it
 * stays in the fields and is what is sent. The form checks its fields itself (no browser bubble): a refused
 * submit sends nothing, shows each message under its field and focuses the first field in error.
 * `onAttempt` runs as each attempt starts, the refused ones too: the last attempt's alert goes then.
 */
export function AuthForm({
  onSubmit,
  onAttempt,
  ...props
}: Omit<ComponentPropsWithoutRef<typeof Form>, 'onSubmit'> & {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<unknown> | undefined
  onAttempt: () => void
}) {
  const form = useForm()
  useEffect(() => {
    const typed = takeTypedBeforeHydration(form.getRegisteredFields())
    form.batch(() => {
      for (const [name, value] of Object.entries(typed))
        if (!form.getFieldState(name)?.value) form.change(name, value)
    })
  }, [form])
  const submit = submitAndFocus(onSubmit, form)
  return (
    // A POST: should the form ever submit natively (no script), what was typed never goes into a URL.
    <Form
      method="post"
      noValidate
      {...props}
      onSubmit={(event) => {
        onAttempt()
        submit(event)
      }}
    />
  )
}

/** The secondary links under a form (back to login, create an account). */
export const AuthLinks = styled.p`
  margin: ${theme.space[2]}px 0 0;
  text-align: center;
  font-size: ${theme.fontSizes.sm};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]}px;
`

/** `footer`: under the card, e.g. the sign-in page's links to the legal pages. */
export function AuthLayout({
  title,
  children,
  footer,
}: {
  title: string
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <Page>
      <Card aria-labelledby="auth-title">
        <Title id="auth-title">{title}</Title>
        {children}
      </Card>
      {footer}
    </Page>
  )
}

/** The e-mail field of the auth forms (`username` on the login form, so password managers pair it). */
export function AuthEmailField({
  autoComplete = 'email',
  fullWidth,
}: {
  autoComplete?: 'email' | 'username'
  fullWidth?: boolean
}) {
  return (
    <FormTextField
      name="email"
      type="email"
      label="Email"
      autoComplete={autoComplete}
      inputMode="email"
      maxLength={fieldMaxLength.email}
      leadingIcon={mdiEmail}
      required
      fullWidth={fullWidth}
    />
  )
}

/** The submit button of the password forms, and the way back to the login form under it. */
export function SubmitThenBackToLogin({
  submitting,
  children,
}: {
  submitting?: boolean
  children: ReactNode
}) {
  const returnState = useReturnState()
  return (
    <>
      <Button type="submit" size="large" fullWidth loading={submitting}>
        {children}
      </Button>
      <AuthLinks>
        <Link to="/login" state={returnState}>
          Retour à la connexion
        </Link>
      </AuthLinks>
    </>
  )
}
