import { useState } from 'react'
import { Form } from 'react-final-form'
import type { FormApi } from 'final-form'
import type { AuthUser } from '@/contract/schemas.ts'
import { useChangeMyPassword } from '@/src/api/account/changeMyPassword.ts'
import { Alert, Button } from '@/src/design-system/index.ts'
import {
  currentPasswordError,
  fieldMaxLength,
  NEW_PASSWORD_HINT,
  newPasswordError,
} from '../../auth/accountRules.ts'
import { FormTextField } from '../../forms/FormTextField.tsx'
import { submitAndFocus } from '../../forms/focusFirstInvalid.ts'
import { useSubmitFlow } from '../../backoffice/common/useSubmitFlow.ts'
import { AccountSection, SectionForm, SectionText } from './AccountSection.tsx'

interface PasswordValues {
  currentPassword: string
  newPassword: string
}

const emptyValues: PasswordValues = { currentPassword: '', newPassword: '' }

/** The current password is only required; the new one follows the sign-up's rules and messages. */
const validate = ({ currentPassword, newPassword }: PasswordValues) => ({
  currentPassword: currentPasswordError(currentPassword),
  newPassword: newPasswordError(newPassword),
})

export const PASSWORD_CHANGED_MESSAGE =
  'Votre mot de passe a été changé. Vos autres appareils ont été déconnectés : reconnectez-vous-y avec le nouveau mot de passe.'

/**
 * 'Mot de passe' (PUT /api/users/me/password): every session of the account ends, this device keeps going on
 * the answer's new token, and the section says the others were signed out.
 */
export function PasswordSection() {
  const change = useChangeMyPassword()
  const [changed, setChanged] = useState(false)
  const onSubmit = useSubmitFlow<PasswordValues, AuthUser>({
    send: (values, form) =>
      change(values).then((user) => {
        // Passwords are not kept in the page once used: empty fields, as if never touched.
        setTimeout(() => form.restart(emptyValues))
        return user
      }),
    onSuccess: () => setChanged(true),
  })
  return (
    <AccountSection id="mot-de-passe" title="Mot de passe">
      <SectionText>Le changer déconnecte vos autres appareils ; celui-ci reste connecté.</SectionText>
      <Form<PasswordValues> onSubmit={onSubmit} validate={validate} initialValues={emptyValues}>
        {({ handleSubmit, submitting, form }) => (
          <SectionForm
            noValidate
            aria-label="Mot de passe"
            onSubmit={(event) => {
              setChanged(false)
              submitAndFocus(handleSubmit, form as FormApi<PasswordValues>)(event)
            }}
          >
            <FormTextField
              errorAfterSubmit
              name="currentPassword"
              password
              label="Mot de passe actuel"
              autoComplete="current-password"
              maxLength={fieldMaxLength.password}
              required
              fullWidth
            />
            <FormTextField
              errorAfterSubmit
              name="newPassword"
              password
              label="Nouveau mot de passe"
              autoComplete="new-password"
              maxLength={fieldMaxLength.password}
              helperText={NEW_PASSWORD_HINT}
              required
              fullWidth
            />
            {changed ? <Alert severity="success">{PASSWORD_CHANGED_MESSAGE}</Alert> : null}
            <Button type="submit" loading={submitting}>
              Changer le mot de passe
            </Button>
          </SectionForm>
        )}
      </Form>
    </AccountSection>
  )
}
