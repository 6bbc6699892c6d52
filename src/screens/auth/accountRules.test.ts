import { describe, expect, it } from 'vitest'
import {
  accountMessages,
  currentPasswordError,
  emailError,
  nameError,
  newPasswordError,
} from './accountRules.ts'

describe('the auth forms’ checks', () => {
  it('names: required, 100 characters at most', () => {
    expect(nameError('')).toBe(accountMessages.required)
    expect(nameError('   ')).toBe(accountMessages.required)
    expect(nameError('Léa')).toBeUndefined()
    expect(nameError(` ${'x'.repeat(100)} `)).toBeUndefined()
    expect(nameError('x'.repeat(101))).toBe('100 caractères au plus')
  })

  it('e-mail: required, the server’s shape, 254 characters at most', () => {
    expect(emailError(undefined)).toBe(accountMessages.required)
    expect(emailError(' ')).toBe(accountMessages.required)
    expect(emailError('lea@')).toBe(accountMessages.email)
    expect(emailError('lea@exemple')).toBe(accountMessages.email)
    expect(emailError(' lea@exemple.fr ')).toBeUndefined()
    expect(emailError(`${'a'.repeat(245)}@exemple.fr`)).toBe('254 caractères au plus')
  })

  it('a new password: required, never only spaces, 8 to 256 characters counted as the server counts them', () => {
    expect(newPasswordError('')).toBe(accountMessages.required)
    expect(newPasswordError(' '.repeat(8))).toBe(
      "Le mot de passe ne peut pas être composé uniquement d'espaces.",
    )
    expect(newPasswordError('court')).toBe('Le mot de passe doit contenir au moins 8 caractères.')
    // Eight characters, eleven UTF-16 units: the server counts characters.
    expect(newPasswordError('😀😀😀abcde')).toBeUndefined()
    expect(newPasswordError('😀'.repeat(7))).toBe('Le mot de passe doit contenir au moins 8 caractères.')
    expect(newPasswordError('  une phrase  ')).toBeUndefined()
    expect(newPasswordError('y'.repeat(257))).toBe('Le mot de passe ne doit pas dépasser 256 caractères.')
  })

  it('the password of a sign-in: only required', () => {
    expect(currentPasswordError('')).toBe(accountMessages.required)
    expect(currentPasswordError('court')).toBeUndefined()
  })
})
