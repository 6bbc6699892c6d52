import { __PRIVATE__ } from 'styled-components'
import { describe, expect, it } from 'vitest'
import { PRERENDERED_STYLES_ATTRIBUTE } from '@/contract/prerender.ts'
import { adoptPrerenderedStyles } from './prerenderedStyles.ts'

/** A document holding `sheets` as the prerendered page's <style> elements. */
function pageWith(...sheets: string[]): ParentNode {
  return {
    querySelectorAll: (selector: string) => {
      expect(selector).toBe(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`)
      return sheets.map((textContent) => ({ textContent }))
    },
  } as unknown as ParentNode
}

describe('adoptPrerenderedStyles', () => {
  it('registers every class name of the prerendered sheets, so the first render inserts none of them again', () => {
    const registered = adoptPrerenderedStyles(
      pageWith(
        '.aa{color:red;}/*!sc*/\n.bb{color:blue;}/*!sc*/\n' +
          'data-styled.g1[id="sc-first"]{content:"aa,bb,"}/*!sc*/\n' +
          '@keyframes kk{0%{opacity:0;}}/*!sc*/\ndata-styled.g2[id="sc-keyframes-kk"]{content:"kk,"}/*!sc*/\n',
        'data-styled.g7[id="sc-global-gg"]{content:"sc-global-gg1,"}/*!sc*/\n',
      ),
    )
    expect(registered).toBe(4)
    const sheet = __PRIVATE__.mainSheet
    expect(sheet.hasNameForId('sc-first', 'aa')).toBe(true)
    expect(sheet.hasNameForId('sc-first', 'bb')).toBe(true)
    expect(sheet.hasNameForId('sc-keyframes-kk', 'kk')).toBe(true)
    expect(sheet.hasNameForId('sc-global-gg', 'sc-global-gg1')).toBe(true)
    expect(sheet.hasNameForId('sc-first', 'cc')).toBe(false)
  })

  it('registers nothing from a page without a prerendered sheet', () => {
    expect(adoptPrerenderedStyles(pageWith())).toBe(0)
  })
})
