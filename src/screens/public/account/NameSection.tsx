import { useMemo, useState } from 'react'
import { Form } from 'react-final-form'
import type { AuthUser } from '@/contract/schemas.ts'
import { useUpdateMyName } from '@/src/api/account/updateMyName.ts'
import { Alert, Button } from '@/src/design-system/index.ts'
import { fieldMaxLength, nameError } from '../../auth/accountRules.ts'
import { FormTextField } from '../../forms/FormTextField.tsx'
import { submitAndFocus } from '../../forms/focusFirstInvalid.ts'
import { useSubmitFlow } from '../../backoffice/common/useSubmitFlow.ts'
import { AccountSection, SectionForm } from './AccountSection.tsx'

interface NameValues {
  firstname: string
  lastname: string
}

const validate = ({ firstname, lastname }: NameValues) => ({
  firstname: nameError(firstname),
  lastname: nameError(lastname),
})

export const NAME_SAVED_MESSAGE = 'Votre nom a été enregistré.'

/** 'Nom': the first and last name, with the sign-up's rules (PUT /api/users/me). */
export function NameSection({ user }: { user: AuthUser }) {
  const save = useUpdateMyName()
  const [saved, setSaved] = useState(false)
  const initialValues = useMemo(
    () => ({ firstname: user.firstname, lastname: user.lastname }),
    [user.firstname, user.lastname],
  )
  const onSubmit = useSubmitFlow<NameValues, AuthUser>({
    send: ({ firstname, lastname }) => save({ firstname: firstname.trim(), lastname: lastname.trim() }),
    onSuccess: () => setSaved(true),
  })
  return (
    <AccountSection id="nom" title="Nom">
      <Form<NameValues> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
        {({ handleSubmit, submitting, form }) => (
          <SectionForm
            noValidate
            aria-label="Nom"
            onSubmit={(event) => {
              setSaved(false)
              submitAndFocus(handleSubmit, form)(event)
            }}
          >
            <FormTextField
              errorAfterSubmit
              name="firstname"
              label="Prénom"
              autoComplete="given-name"
              maxLength={fieldMaxLength.name}
              required
              fullWidth
            />
            <FormTextField
              errorAfterSubmit
              name="lastname"
              label="Nom"
              autoComplete="family-name"
              maxLength={fieldMaxLength.name}
              required
              fullWidth
            />
            {saved ? <Alert severity="success">{NAME_SAVED_MESSAGE}</Alert> : null}
            <Button type="submit" loading={submitting}>
              Enregistrer le nom
            </Button>
          </SectionForm>
        )}
      </Form>
    </AccountSection>
  )
}
