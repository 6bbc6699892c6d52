import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rewriteImports } from './aliases.ts'

const root = resolve(import.meta.dirname, '..')
const screen = resolve(root, 'src/screens/public/map/MapScreen.tsx')

describe('aliases codemod', () => {
  it('aliases imports that climb two or more folders, from the repository root', () => {
    const before = [
      "import type { Partner } from '../../../../contract/schemas.ts'",
      "import { Button } from '../../../design-system/components/Button/index.ts'",
      "export { Chip } from '../../../design-system/components/Chip/index.ts'",
      "const Lazy = lazy(() => import('../../errors/NotFoundScreen.tsx'))",
    ].join('\n')
    expect(rewriteImports(screen, before)).toBe(
      [
        "import type { Partner } from '@/contract/schemas.ts'",
        "import { Button } from '@/src/design-system/components/Button/index.ts'",
        "export { Chip } from '@/src/design-system/components/Chip/index.ts'",
        "const Lazy = lazy(() => import('@/src/screens/errors/NotFoundScreen.tsx'))",
      ].join('\n'),
    )
  })

  it('leaves imports of the same folder or its parent, packages and what leaves the repository', () => {
    const text = [
      "import { CitySearch } from './CitySearch.tsx'",
      "import { formatDistance } from '../formatDistance.ts'",
      "import styled from 'styled-components'",
      "import outside from '../../../../../../elsewhere.ts'",
    ].join('\n')
    expect(rewriteImports(screen, text)).toBe(text)
  })

  it('is idempotent', () => {
    const once = rewriteImports(screen, "import { useSession } from '../../../session/index.ts'")
    expect(once).toBe("import { useSession } from '@/src/session/index.ts'")
    expect(rewriteImports(screen, once)).toBe(once)
  })
})
