import { readFileSync } from 'node:fs'
import { hash, verify } from '@node-rs/argon2'
import type { Argon2Cost } from '../config.ts'
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_ONLY_SPACES_MESSAGE,
} from '../../contract/accountLimits.ts'
import { badRequest } from '../errors.ts'

const commonPasswords = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
)

/**
 * Characters that show nothing: spaces of every width (no-break, narrow, ideographic…), tabs, line breaks and
 * the invisible ones (zero-width space and joiners, word joiner, byte order mark).
 */
const blank = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]+$/u

/**
 * Length and a common-password list only: no composition rules, long passphrases welcome (ASVS 2.1); but not
 * only blanks, which the eye (and a shoulder surfer) reads as nothing typed and a keyboard repeats in one key.
 */
export function checkPasswordPolicy(password: string, field = 'password', context: string[] = []): void {
  if (blank.test(password)) {
    throw badRequest(PASSWORD_ONLY_SPACES_MESSAGE, field)
  }
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) {
    throw badRequest(`Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`, field)
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw badRequest(`Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`, field)
  }
  const lowered = password.toLowerCase()
  if (commonPasswords.has(lowered) || context.some((c) => c.length >= 4 && lowered === c.toLowerCase())) {
    throw badRequest(
      'Ce mot de passe est trop courant ou trop facile à deviner : choisissez-en un autre.',
      field,
    )
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(hashed: string, password: string): Promise<boolean>
  /** Spends the same time as a real check, so unknown accounts cannot be told apart by timing. */
  dummyVerify(password: string): Promise<void>
}

export function createPasswordHasher(cost: Argon2Cost): PasswordHasher {
  // 2 is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
  const options = { algorithm: 2 as const, ...cost }
  let dummy: Promise<string> | undefined
  return {
    hash: (password) => hash(password, options),
    verify: async (hashed, password) => {
      try {
        return await verify(hashed, password)
      } catch {
        return false
      }
    },
    dummyVerify: async (password) => {
      dummy ??= hash('mot de passe factice', options)
      await verify(await dummy, password).catch(() => false)
    },
  }
}
