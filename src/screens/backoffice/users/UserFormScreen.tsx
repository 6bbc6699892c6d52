import { useMemo } from 'react'
import { useParams } from 'react-router'
import { useCreateUser } from '@/src/api/users/createUser.ts'
import { getUser, useUser } from '@/src/api/users/getUser.ts'
import { useUserStatuses } from '@/src/api/users/getUserStatuses.ts'
import { useUpdateUser } from '@/src/api/users/updateUser.ts'
import { FormGrid } from '../common/FormGrid.tsx'
import { FormPage } from '../common/FormPage.tsx'
import { FormSelect } from '../common/FormSelect.tsx'
import { FormTextField } from '../../forms/FormTextField.tsx'
import { useBackofficeGoBack } from '../common/useBackofficeGoBack.ts'
import { useGoBackOnError } from '../common/useGoBackOnError.ts'
import { useSaveFlow } from '../common/useSaveFlow.ts'
import { useVersionedEdit, VersionConflictNotice, type ComparedField } from '../common/versionConflict.tsx'
import {
  emptyUserValues,
  roleOptions,
  userToValues,
  validateUser,
  valuesToUserBody,
  type UserFormValues,
} from './userForm.ts'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { useStatusOptions } from '../common/useStatusOptions.ts'
import { useSession } from '@/src/session/index.ts'

/** What 'Comparer' shows after a 412, labelled as on the form. */
const comparedUserFields: ComparedField[] = [
  { name: 'firstname', label: 'Prénom' },
  { name: 'lastname', label: 'Nom' },
  { name: 'email', label: 'Email' },
  { name: 'status', label: 'Statut' },
  {
    name: 'role',
    label: 'Rôles',
    format: (role) => roleOptions.find((option) => option.value === role)?.label ?? '—',
  },
]

/** 'Nouvel Utilisateur' (/bo/utilisateurs/nouveau) and 'Edition' (/bo/utilisateurs/edit/:id). */
export function UserFormScreen() {
  const { id } = useParams()
  const isEdit = id !== undefined
  // 'Annuler' opened from a link (no page of the app before) goes to the list, not out of the app.
  const goBack = useBackofficeGoBack()
  const { data: user, error, mutate: mutateUser } = useUser(id)
  useGoBackOnError(user ? null : error)
  const edit = useVersionedEdit(user, () => mutateUser(getUser(id as string), { revalidate: false }))
  const { data: statuses } = useUserStatuses()
  const createUser = useCreateUser()
  const updateUser = useUpdateUser()
  const onSubmit = useSaveFlow({
    item: user,
    toBody: valuesToUserBody,
    create: createUser,
    update: (body, { userId }) => updateUser({ ...body, userId }, edit.etag),
    consultPath: (created) => `/bo/utilisateurs/${created.userId.id}`,
    messages: { created: "L'utilisateur a été créé.", updated: "L'utilisateur a été modifié." },
    onStale: edit.onStale,
  })
  // A stable object: react-final-form would otherwise reset the form on every render.
  const initialValues = useMemo(() => (user ? userToValues(user) : emptyUserValues), [user])
  const statusOptions = useStatusOptions(statuses)
  const title = isEdit ? 'Edition' : 'Nouvel Utilisateur'
  // The server refuses an administrator's taking their own role away: the field says so instead.
  const { user: me } = useSession()
  const editingMyself = isEdit && user !== undefined && me?.userId.id === user.userId.id

  // The edited item's name once loaded (null until then: nothing announced yet).
  const pageTitle = !isEdit ? title : user ? `Edition : ${user.firstname} ${user.lastname}` : null
  usePageTitle(pageTitle && backofficeTitle(pageTitle))

  return (
    <FormPage<UserFormValues>
      title={title}
      loading={isEdit && !user ? { label: "Chargement de l'utilisateur", rows: 4 } : null}
      initialValues={initialValues}
      validate={validateUser}
      onSubmit={onSubmit}
      onCancel={goBack}
    >
      {() => (
        <FormGrid>
          {isEdit ? (
            <div data-span="full">
              <VersionConflictNotice
                edit={edit}
                toValues={userToValues}
                fields={comparedUserFields}
                what="cet utilisateur"
              />
            </div>
          ) : null}
          <FormTextField name="firstname" label="Prénom" autoComplete="off" required />
          <FormTextField name="lastname" label="Nom" autoComplete="off" required />
          <FormTextField name="email" label="Email" type="email" autoComplete="off" required />
          <FormSelect name="status" label="Statut" options={statusOptions} required />
          {isEdit ? (
            <FormSelect
              name="role"
              label="Rôles"
              options={roleOptions}
              required
              disabled={editingMyself}
              helperText={
                editingMyself
                  ? 'Vous ne pouvez pas retirer vos propres droits d’administrateur.'
                  : 'Administrateur : accès au back-office, en plus de l’application.'
              }
            />
          ) : null}
        </FormGrid>
      )}
    </FormPage>
  )
}

export default UserFormScreen
