import type { LegalInfo } from '@/contract/legal.ts'
import { useClientConfig } from '@/src/api/config.ts'

/**
 * What the legal pages say about the operator, its contacts and the retention periods. The server's
 * configuration gives them (GET /api/config); until it answers (the prerendered HTML, a failed call) and for
 * what the operator left unset, the pages say something true in general instead of an empty line.
 */
export interface LegalFacts extends Omit<LegalInfo, 'operatorName' | 'retention'> {
  /** The operator's name, or a description of it when unset. */
  operatorName: string
  inactiveMonths: number
  auditMonths: number
  mailDays: number
  /** Whether the configuration has answered: until then an unset fact may only be unknown yet. */
  loaded: boolean
}

/**
 * The state of conformity the statement and the footer links declare. RGAA 4.1 ("Obligations") reserves
 * 'partiellement conforme' for a service whose audit found at least half of the criteria met; without such an
 * audit, the state is 'non conforme'. The project's own suite (told in the statement) is automated and keyboard testing, not an
 * audit of the 106 criteria: the day one is made, its rate goes here.
 */
export const CONFORMITY_STATE = 'non conforme'

export const DEFAULT_OPERATOR_NAME = "L'exploitant du service Partenaires"
export const DEFAULT_INACTIVE_MONTHS = 36
export const DEFAULT_AUDIT_MONTHS = 12
export const DEFAULT_MAIL_DAYS = 30

/** The server's defaults (RETENTION_INACTIVE_MONTHS, RETENTION_AUDIT_MONTHS), said before its answer. */
export const defaultLegalFacts: LegalFacts = {
  privacyContact: null,
  operatorName: DEFAULT_OPERATOR_NAME,
  operatorAddress: null,
  operatorContact: null,
  operatorRegistration: null,
  publicationDirector: null,
  hostName: null,
  hostAddress: null,
  hostContact: null,
  inactiveMonths: DEFAULT_INACTIVE_MONTHS,
  auditMonths: DEFAULT_AUDIT_MONTHS,
  mailDays: DEFAULT_MAIL_DAYS,
  loaded: false,
}

export function useLegalFacts(): LegalFacts {
  const { data: config } = useClientConfig()
  if (!config) return defaultLegalFacts
  const legal = config.legal
  if (!legal) return { ...defaultLegalFacts, loaded: true }
  const { retention, operatorName, ...facts } = legal
  return {
    ...facts,
    operatorName: operatorName ?? DEFAULT_OPERATOR_NAME,
    inactiveMonths: retention.inactiveMonths,
    auditMonths: retention.auditMonths,
    mailDays: retention.mailDays,
    loaded: true,
  }
}

/**
 * A contact as a link: mailto: for an e-mail address, the address itself for a web page, tel: for a phone
 * number; null for anything else (a postal address), which is shown as written.
 */
export function contactHref(contact: string): string | null {
  const value = contact.trim()
  if (/^(mailto:|https?:\/\/)/i.test(value)) return value
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`
  if (/^\+?[\d\s.()-]{6,}$/.test(value)) return `tel:${value.replace(/[^\d+]/g, '')}`
  return null
}

/** A contact as read: an address without its mailto:. */
export const contactText = (contact: string) => contact.trim().replace(/^mailto:/i, '')
