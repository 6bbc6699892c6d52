/**
 * The short code each coupon use carries (issue 41), plain data the browser bundle may import: the alphabet
 * leaves out what a cashier would misread (0/O, 1/I/L), so a code read aloud or typed is found.
 */
export const OFFER_USE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const OFFER_USE_CODE_LENGTH = 6
export const OFFER_USE_CODE_PATTERN = `^[${OFFER_USE_CODE_ALPHABET}]{${OFFER_USE_CODE_LENGTH}}$`

/** How long after a use its proof can be shown again from 'Mes coupons utilisés'. */
export const PROOF_REPLAY_MINUTES = 15

/** A code as typed: upper case, without the spaces or dashes people add when reading it. */
export const normalizeOfferUseCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '')
