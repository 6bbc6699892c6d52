import * as mdi from '@mdi/js'
import { describe, expect, it } from 'vitest'
import { isIconName, mdiExportName } from '@/contract/icons.ts'
import { CATEGORY_ICONS, searchCategoryIcons } from './categoryIcons.ts'
import { DEFAULT_CATEGORY_ICON } from './partnerForm.ts'

const paths = mdi as unknown as Record<string, string | undefined>

describe('category icon choices', () => {
  it('are names the server accepts and can draw (its @mdi/js set), each once', () => {
    for (const { name } of CATEGORY_ICONS) {
      expect(isIconName(name), name).toBe(true)
      expect(typeof paths[mdiExportName(name)], name).toBe('string')
    }
    expect(new Set(CATEGORY_ICONS.map((choice) => choice.name)).size).toBe(CATEGORY_ICONS.length)
  })

  it('include the default icon', () => {
    expect(CATEGORY_ICONS.map((choice) => choice.name)).toContain(DEFAULT_CATEGORY_ICON)
  })

  it('are found by French label or word without accents, or by icon name', () => {
    expect(searchCategoryIcons('cafe').map((choice) => choice.name)).toEqual(['coffee'])
    expect(searchCategoryIcons('  Café ').map((choice) => choice.name)).toEqual(['coffee'])
    expect(searchCategoryIcons('epicerie').map((choice) => choice.name)).toContain('basket')
    expect(searchCategoryIcons('fork knife').map((choice) => choice.name)).toEqual(['silverware-fork-knife'])
    expect(searchCategoryIcons('livres').map((choice) => choice.name)).toEqual(['book-open-variant'])
    expect(searchCategoryIcons('')).toHaveLength(CATEGORY_ICONS.length)
    expect(searchCategoryIcons('zzz')).toEqual([])
  })
})
