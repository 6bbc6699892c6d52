import { __PRIVATE__ } from 'styled-components'
import { PRERENDERED_STYLES_ATTRIBUTE } from '@/contract/prerender.ts'

/**
 * A group marker of styled-components' server sheet: `data-styled.g12[id="sc-abc"]{content:"xyz,uvw,"}`, the
 * component's id and the class names its rules in the sheet are for.
 */
const GROUP_MARKER = /data-styled\.g\d+\[id="([^"]+)"\]\{content:"([^"]*)"\}/g

/**
 * Registers the class names of the prerendered page's sheets (PRERENDERED_STYLES_ATTRIBUTE) as present in the
 * browser's styled-components sheet, which the page's own <style> holds: a component rendered with the same CSS
 * then finds its name and inserts nothing. styled-components' own rehydration would instead move every rule of
 * the sheet into a sheet of its own, one insertRule each, and the browser restyle the whole page, before the
 * first render. Call before the first render. Returns how many names were registered.
 */
export function adoptPrerenderedStyles(root: ParentNode = document): number {
  let registered = 0
  for (const sheet of root.querySelectorAll(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`)) {
    for (const [, componentId, names] of (sheet.textContent ?? '').matchAll(GROUP_MARKER)) {
      for (const name of names.split(',')) {
        if (!name) continue
        __PRIVATE__.mainSheet.registerName(componentId, name)
        registered += 1
      }
    }
  }
  return registered
}
