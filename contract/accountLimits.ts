/**
 * The limits of an account's fields as the server enforces them at sign-up (server/services/auth.ts,
 * server/services/passwords.ts, server/validation.ts), shared with the app, whose forms refuse the same before
 * sending and whose fields cannot take more. No TypeBox here, so the browser bundle can import it.
 * contract/accountLimits.test.ts checks them against the server.
 */
export const NAME_MAX_LENGTH = 100
export const EMAIL_MAX_LENGTH = 254
/** Counted in characters (code points), as the server counts them. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 256

/** The refusal of a password made only of spaces, on the form and from the server. */
export const PASSWORD_ONLY_SPACES_MESSAGE = "Le mot de passe ne peut pas être composé uniquement d'espaces."
