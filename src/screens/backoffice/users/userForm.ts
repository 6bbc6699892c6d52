import type { Role, User, UserBody, UserStatus, UserUpdateBody } from '@/contract/schemas.ts'
import { isBlank, isEmail, messages } from '../../forms/validation.ts'

export interface UserFormValues {
  firstname: string
  lastname: string
  email: string
  status: UserStatus | ''
  /** The edit form's 'Rôles': ROLE_USER alone, or with ROLE_ADMIN (every account keeps ROLE_USER). */
  role: Role | ''
}

export const emptyUserValues: UserFormValues = {
  firstname: '',
  lastname: '',
  email: '',
  status: '',
  role: '',
}

/** The 'Rôles' choice: what a user can do, named as the users list names it. */
export const roleOptions: { value: Role; label: string }[] = [
  { value: 'ROLE_USER', label: 'Utilisateur' },
  { value: 'ROLE_ADMIN', label: 'Administrateur' },
]

export const roleLabel = (roles: Role[]) => (roles.includes('ROLE_ADMIN') ? 'Administrateur' : 'Utilisateur')

export const userToValues = (user: User): UserFormValues => ({
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  status: user.status,
  role: user.roles.includes('ROLE_ADMIN') ? 'ROLE_ADMIN' : 'ROLE_USER',
})

/** Spec section 5: all four required, a valid e-mail. */
export function validateUser(values: UserFormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  if (isBlank(values.firstname)) errors.firstname = messages.required
  if (isBlank(values.lastname)) errors.lastname = messages.required
  if (isBlank(values.email)) errors.email = messages.required
  else if (!isEmail(values.email)) errors.email = messages.email
  if (isBlank(values.status)) errors.status = messages.required
  return errors
}

/** The body of a create (no roles: a new account is a user) or of an edit, whose roles are then sent. */
export const valuesToUserBody = (values: UserFormValues): UserBody & Pick<UserUpdateBody, 'roles'> => ({
  firstname: values.firstname.trim(),
  lastname: values.lastname.trim(),
  email: values.email.trim(),
  status: values.status as UserStatus,
  ...(values.role
    ? { roles: values.role === 'ROLE_ADMIN' ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'] }
    : {}),
})
