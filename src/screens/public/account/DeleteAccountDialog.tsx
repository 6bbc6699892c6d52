import { useId } from 'react'
import { Form } from 'react-final-form'
import styled from 'styled-components'
import type { MessageBody } from '@/contract/schemas.ts'
import { deleteMyAccount } from '@/src/api/account/deleteMyAccount.ts'
import { Dialog } from '@/src/design-system/index.ts'
import { currentPasswordError, fieldMaxLength } from '../../auth/accountRules.ts'
import { FormTextField } from '../../forms/FormTextField.tsx'
import { submitAndFocus } from '../../forms/focusFirstInvalid.ts'
import { useSubmitFlow } from '../../backoffice/common/useSubmitFlow.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]}px;
  margin-bottom: ${theme.space[4]}px;
  line-height: ${theme.lineHeights.normal};
  & p,
  & ul {
    margin: 0;
  }
  & ul {
    padding-left: ${theme.space[5]}px;
  }
`

interface DeletionValues {
  password: string
}

const initialValues: DeletionValues = { password: '' }
const validate = ({ password }: DeletionValues) => ({ password: currentPasswordError(password) })

/**
 * 'Supprimer mon compte': what is erased and what is kept, the password, then DELETE /api/users/me. A wrong
 * password shows under its field and the dialog stays; `onDeleted` runs once the server has erased the account.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  onDeleted,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onDeleted: () => void
}) {
  const formId = useId()
  const onSubmit = useSubmitFlow<DeletionValues, MessageBody>({
    send: ({ password }) => deleteMyAccount({ password }),
    onSuccess: onDeleted,
  })
  return (
    <Form<DeletionValues> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
      {({ handleSubmit, submitting, form }) => (
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (!next) form.restart(initialValues)
            onOpenChange(next)
          }}
          title="Supprimer mon compte"
          description="La suppression est immédiate et définitive."
          confirmLabel="Supprimer mon compte"
          confirmColor="danger"
          confirmForm={formId}
          confirmLoading={submitting}
        >
          <Text>
            <p>Sont effacés aussitôt :</p>
            <ul>
              <li>votre prénom, votre nom et votre adresse e-mail ;</li>
              <li>votre mot de passe ;</li>
              <li>vos favoris ;</li>
              <li>vos sessions : tous vos appareils sont déconnectés.</li>
            </ul>
            <p>
              Sont gardées, anonymisées : les utilisations de vos coupons, sans rien qui vous désigne, pour
              les chiffres des partenaires.
            </p>
            <p>Un e-mail vous confirmera la suppression.</p>
          </Text>
          <form id={formId} noValidate onSubmit={submitAndFocus(handleSubmit, form)}>
            <FormTextField
              name="password"
              password
              label="Mot de passe"
              autoComplete="current-password"
              maxLength={fieldMaxLength.password}
              helperText="Pour confirmer que c’est bien vous."
              required
              fullWidth
            />
          </form>
        </Dialog>
      )}
    </Form>
  )
}
