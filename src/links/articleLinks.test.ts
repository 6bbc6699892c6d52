import { describe, expect, it } from 'vitest'
import { isExternalUrl, isInternalPath, isSafeLinkUrl } from './articleLinks.ts'

describe('article links', () => {
  it('treats http(s) URLs with a host as external and same-site paths as internal', () => {
    expect(isExternalUrl('https://www.exemple.fr/offre')).toBe(true)
    expect(isExternalUrl('HTTP://exemple.fr')).toBe(true)
    expect(isInternalPath('/rechercher?c=2')).toBe(true)
    expect(isSafeLinkUrl('/partenaire/3')).toBe(true)
  })

  it('refuses every other form, so none is ever rendered as a link', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      '/\\evil.example',
      'https:evil.example',
      'https:///evil',
      'vbscript:msgbox',
      'rechercher',
      '',
    ]) {
      expect(isSafeLinkUrl(url), url).toBe(false)
    }
  })
})
