import { contactHref, contactText } from './legalFacts.ts'

/**
 * A contact of the operator as a link, or, while the configuration loads or when the operator gave none,
 * `fallback`: the page stays true without it.
 */
export function Contact({ value, fallback }: { value: string | null; fallback: string }) {
  if (!value) return <>{fallback}</>
  const href = contactHref(value)
  return href ? <a href={href}>{contactText(value)}</a> : <>{value}</>
}
