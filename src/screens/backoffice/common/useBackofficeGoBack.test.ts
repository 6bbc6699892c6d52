import { describe, expect, it } from 'vitest'
import { backofficeListPath } from './useBackofficeGoBack.ts'

describe('backofficeListPath', () => {
  it('leads a consult, edit or creation page back to its own list', () => {
    expect(backofficeListPath('/bo/partenaires/99999')).toBe('/bo/partenaires')
    expect(backofficeListPath('/bo/partenaires/edit/7')).toBe('/bo/partenaires')
    expect(backofficeListPath('/bo/utilisateurs/12')).toBe('/bo/utilisateurs')
    expect(backofficeListPath('/bo/utilisateurs/nouveau')).toBe('/bo/utilisateurs')
  })

  it('falls back to the back-office home outside a section', () => {
    expect(backofficeListPath('/bo')).toBe('/bo/gerer-accueil')
    expect(backofficeListPath('/partenaire/3')).toBe('/bo/gerer-accueil')
  })
})
