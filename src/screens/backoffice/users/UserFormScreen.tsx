import { useCallback, useMemo } from 'react'
import { Form } from 'react-final-form'
import { useParams } from 'react-router'
import { useGoBack } from '@/src/navigation/index.ts'
import type { IdRef } from '@/contract/schemas.ts'
import { useCreateUser } from '@/src/api/users/createUser.ts'
import { useUser } from '@/src/api/users/getUser.ts'
import { useUserStatuses } from '@/src/api/users/getUserStatuses.ts'
import { useUpdateUser } from '@/src/api/users/updateUser.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { FormActions, FormGrid } from '../common/FormGrid.tsx'
import { FormSelect } from '../common/FormSelect.tsx'
import { FormTextField } from '../common/FormTextField.tsx'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { Panel } from '../common/Panel.tsx'
import { useGoBackOnError } from '../common/useGoBackOnError.ts'
import { useSubmitFlow } from '../common/useSubmitFlow.ts'
import {
  emptyUserValues,
  userToValues,
  validateUser,
  valuesToUserBody,
  type UserFormValues,
} from './userForm.ts'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { useStatusOptions } from '../common/useStatusOptions.ts'

/** 'Nouvel Utilisateur' (/bo/utilisateurs/nouveau) and 'Edition' (/bo/utilisateurs/edit/:id). */
export function UserFormScreen() {
  const { id } = useParams()
  const isEdit = id !== undefined
  // 'Annuler' opened from a link (no page of the app before) goes to the list, not out of the app.
  const goBack = useGoBack('/bo/utilisateurs')
  const { data: user, error } = useUser(id)
  useGoBackOnError(user ? null : error)
  const { data: statuses } = useUserStatuses()
  const createUser = useCreateUser()
  const updateUser = useUpdateUser()

  const send = useCallback(
    async (values: UserFormValues): Promise<{ userId: IdRef } | null> => {
      const body = valuesToUserBody(values)
      if (user) {
        await updateUser({ ...body, userId: user.userId })
        return null
      }
      return createUser(body)
    },
    [user, updateUser, createUser],
  )
  const onSubmit = useSubmitFlow({
    isEdit,
    send,
    consultPath: (created) => `/bo/utilisateurs/${created?.userId.id}`,
    successMessage: isEdit ? "L'utilisateur a été modifié." : "L'utilisateur a été créé.",
  })
  // A stable object: react-final-form would otherwise reset the form on every render.
  const initialValues = useMemo(() => (user ? userToValues(user) : emptyUserValues), [user])
  const statusOptions = useStatusOptions(statuses)
  const title = isEdit ? 'Edition' : 'Nouvel Utilisateur'

  // The edited item's name once loaded (null until then: nothing announced yet).
  const pageTitle = !isEdit ? title : user ? `Edition : ${user.firstname} ${user.lastname}` : null
  usePageTitle(pageTitle && backofficeTitle(pageTitle))

  if (isEdit && !user) {
    return (
      <Panel>
        <PageHeader title={title} />
        <SkeletonRows rows={4} lines={1} label="Chargement de l'utilisateur" />
      </Panel>
    )
  }

  return (
    <Panel>
      <PageHeader title={title} />
      <Form<UserFormValues>
        onSubmit={onSubmit}
        validate={validateUser}
        initialValues={initialValues}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={title}>
            <FormGrid>
              <FormTextField name="firstname" label="Prénom" autoComplete="off" />
              <FormTextField name="lastname" label="Nom" autoComplete="off" />
              <FormTextField name="email" label="Email" type="email" autoComplete="off" />
              <FormSelect name="status" label="Statut" options={statusOptions} />
            </FormGrid>
            <FormActions>
              <Button variant="outlined" onClick={goBack} disabled={submitting}>
                Annuler
              </Button>
              <Button type="submit" loading={submitting}>
                Valider
              </Button>
            </FormActions>
          </form>
        )}
      />
    </Panel>
  )
}

export default UserFormScreen
