/**
 * Article links (spec: those not starting with http(s) are internal router links). Only two kinds are ever
 * rendered as links: http(s) URLs with a host, and same-site paths. Anything else (javascript:, data:,
 * //host, /\host, https:host) is shown as no link at all, whatever the server let through.
 */
export const isExternalUrl = (url: string) => /^https?:\/\/[^/\\\s]/i.test(url)

export const isInternalPath = (url: string) =>
  url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')

export const isSafeLinkUrl = (url: string) => isExternalUrl(url) || isInternalPath(url)
