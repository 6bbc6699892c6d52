import { describe, expect, it } from 'vitest'
import { MAIN_PICTURE_SIZES } from '@/contract/prerender.ts'
import { LAPTOP_CONTENT_WIDTH } from '@/src/design-system/components/BottomNavigation/index.ts'
import { breakpoints } from '@/src/design-system/theme/index.ts'

// The contract holds the value for the server's preload hint, which cannot import the theme: it must follow it.
describe('MAIN_PICTURE_SIZES', () => {
  it('is the screen, up to the laptop layout’s content column', () => {
    expect(MAIN_PICTURE_SIZES).toBe(`(min-width: ${breakpoints.lg}px) ${LAPTOP_CONTENT_WIDTH}px, 100vw`)
  })
})
