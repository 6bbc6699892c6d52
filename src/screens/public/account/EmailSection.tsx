import { useState } from 'react'
import { Form } from 'react-final-form'
import type { EmailChangeStarted } from '@/contract/account.ts'
import { DEFAULT_TIME_ZONE, zonedDate } from '@/contract/zonedDate.ts'
import { useStartEmailChange } from '@/src/api/account/startEmailChange.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { Alert, Button, mdiEmail } from '@/src/design-system/index.ts'
import { currentPasswordError, emailError, fieldMaxLength } from '../../auth/accountRules.ts'
import { FormTextField } from '../../forms/FormTextField.tsx'
import { submitAndFocus } from '../../forms/focusFirstInvalid.ts'
import { useSubmitFlow } from '../../backoffice/common/useSubmitFlow.ts'
import { AccountSection, SectionForm, SectionText } from './AccountSection.tsx'

interface EmailValues {
  newEmail: string
  password: string
}

const emptyValues: EmailValues = { newEmail: '', password: '' }

/** The pending change as the section tells it: the new address and until when its link works. */
export interface PendingEmail {
  email: string
  expiresAt: string | null
}

/**
 * 'Adresse e-mail' (POST /api/users/me/email): the current address, the new one and the password. The
 * server mails a link to the new address; until it is opened, nothing changes, and the section says so.
 */
export function EmailSection({
  currentEmail,
  pending,
}: {
  currentEmail: string
  pending: PendingEmail | null
}) {
  const start = useStartEmailChange()
  const timeZone = useClientConfig().data?.timeZone ?? DEFAULT_TIME_ZONE
  // The answer of this page's own request, until the account read again says the same.
  const [sent, setSent] = useState<PendingEmail | null>(null)
  const shown = sent ?? pending
  const validate = ({ newEmail, password }: EmailValues) => ({
    newEmail:
      emailError(newEmail) ??
      (newEmail.trim().toLowerCase() === currentEmail.toLowerCase()
        ? 'C’est déjà l’adresse e-mail de votre compte.'
        : undefined),
    password: currentPasswordError(password),
  })
  const onSubmit = useSubmitFlow<EmailValues, EmailChangeStarted>({
    send: (values, form) =>
      start({ newEmail: values.newEmail.trim(), password: values.password }).then((started) => {
        setTimeout(() => form.restart(emptyValues))
        return started
      }),
    onSuccess: (started) => setSent({ email: started.pendingEmail, expiresAt: started.expiresAt }),
  })
  const until = shown?.expiresAt ? zonedDate(shown.expiresAt, timeZone, true) : ''
  return (
    <AccountSection id="adresse-email" title="Adresse e-mail">
      <SectionText>
        Adresse actuelle, pour vous connecter : <strong>{currentEmail}</strong>
      </SectionText>
      {shown ? (
        <Alert severity="info" title="Confirmation en attente">
          Un lien de confirmation a été envoyé à <strong>{shown.email}</strong>
          {until ? ` (valable jusqu’au ${until})` : ''}. Rien ne change tant que vous ne l’avez pas ouvert :
          d’ici là, vous vous connectez toujours avec {currentEmail}.
        </Alert>
      ) : null}
      <Form<EmailValues> onSubmit={onSubmit} validate={validate} initialValues={emptyValues}>
        {({ handleSubmit, submitting, form }) => (
          <SectionForm
            noValidate
            aria-label="Adresse e-mail"
            onSubmit={(event) => {
              setSent(null)
              submitAndFocus(handleSubmit, form)(event)
            }}
          >
            <FormTextField
              errorAfterSubmit
              name="newEmail"
              type="email"
              label="Nouvelle adresse e-mail"
              autoComplete="email"
              inputMode="email"
              leadingIcon={mdiEmail}
              maxLength={fieldMaxLength.email}
              required
              fullWidth
            />
            <FormTextField
              errorAfterSubmit
              name="password"
              password
              label="Mot de passe actuel"
              autoComplete="current-password"
              maxLength={fieldMaxLength.password}
              helperText="Pour confirmer que c’est bien vous."
              required
              fullWidth
            />
            <Button type="submit" loading={submitting}>
              Envoyer le lien de confirmation
            </Button>
          </SectionForm>
        )}
      </Form>
    </AccountSection>
  )
}
