import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_ONLY_SPACES_MESSAGE,
} from '@/contract/accountLimits.ts'
import { isBlank, isEmail, messages } from '../forms/validation.ts'

/**
 * The auth forms' checks before sending: the server's own rules (contract/accountLimits.ts), each refusal
 * shown under its field. The common-password list stays on the server, whose refusal the form shows.
 */
export const accountMessages = {
  required: messages.required,
  email: messages.email,
  tooLong: (max: number) => `${max} caractères au plus`,
  passwordOnlySpaces: PASSWORD_ONLY_SPACES_MESSAGE,
  passwordTooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  passwordTooLong: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`,
} as const

/** What a new password's field says under it before anything is wrong. */
export const NEW_PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} caractères au moins`

/** The `maxLength` of each field: it cannot take more than the server accepts. */
export const fieldMaxLength = {
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  password: PASSWORD_MAX_LENGTH,
} as const

/** A first or last name: required, at most NAME_MAX_LENGTH once trimmed (as the server stores it). */
export function nameError(value: string | undefined): string | undefined {
  if (isBlank(value)) return accountMessages.required
  if (value!.trim().length > NAME_MAX_LENGTH) return accountMessages.tooLong(NAME_MAX_LENGTH)
  return undefined
}

/** An e-mail address: required, the server's shape, at most EMAIL_MAX_LENGTH. */
export function emailError(value: string | undefined): string | undefined {
  if (isBlank(value)) return accountMessages.required
  const email = value!.trim()
  if (email.length > EMAIL_MAX_LENGTH) return accountMessages.tooLong(EMAIL_MAX_LENGTH)
  if (!isEmail(email)) return accountMessages.email
  return undefined
}

/** The password of a sign-in: only required (an account's password is whatever it was set to). */
export function currentPasswordError(value: string | undefined): string | undefined {
  return value ? undefined : accountMessages.required
}

/**
 * A new password (sign-up, reset): the server's policy, in characters (code points) as it counts them, and
 * never only spaces, which would pass the length rule.
 */
export function newPasswordError(value: string | undefined): string | undefined {
  if (!value) return accountMessages.required
  if (value.trim() === '') return accountMessages.passwordOnlySpaces
  const length = [...value].length
  if (length < PASSWORD_MIN_LENGTH) return accountMessages.passwordTooShort
  if (length > PASSWORD_MAX_LENGTH) return accountMessages.passwordTooLong
  return undefined
}
