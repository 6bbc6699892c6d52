import type { User, UserBody, UserStatus } from '@/contract/schemas.ts'
import { isBlank, isEmail, messages } from '../common/validation.ts'

export interface UserFormValues {
  firstname: string
  lastname: string
  email: string
  status: UserStatus | ''
}

export const emptyUserValues: UserFormValues = { firstname: '', lastname: '', email: '', status: '' }

export const userToValues = (user: User): UserFormValues => ({
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  status: user.status,
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

export const valuesToUserBody = (values: UserFormValues): UserBody => ({
  firstname: values.firstname.trim(),
  lastname: values.lastname.trim(),
  email: values.email.trim(),
  status: values.status as UserStatus,
})
