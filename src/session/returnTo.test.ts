import { describe, expect, it } from 'vitest'
import { returnPathOf, safeReturnPath } from './returnTo.ts'

describe('safeReturnPath', () => {
  it.each(['/partenaire/12', '/mes-coupons', '/rechercher?c=3&v=Lyon', '/favoris#haut', '/'])(
    'keeps a path of this site: %s',
    (path) => expect(safeReturnPath(path)).toBe(path),
  )

  it.each([
    '//exemple.com/piege',
    '/\\exemple.com',
    '/\t/exemple.com',
    '/\n/exemple.com',
    'https://exemple.com/',
    'javascript:alert(1)',
    'exemple.com',
    'partenaire/12',
    '',
    '/login',
    '/login/',
    '/inscription',
    '/reset-password?token=x',
    '/forgot-password',
  ])('refuses what is not a page of this site to return to: %j', (target) =>
    expect(safeReturnPath(target)).toBeNull(),
  )

  it('refuses what is not a string', () => {
    expect(safeReturnPath(undefined)).toBeNull()
    expect(safeReturnPath({ pathname: '/menu' })).toBeNull()
  })
})

describe('returnPathOf', () => {
  it('prefers the page the guard kept in the history entry', () => {
    const state = { from: { pathname: '/partenaire/12', search: '?onglet=offres', hash: '' } }
    expect(returnPathOf({ search: '?retour=%2Fmenu', state })).toBe('/partenaire/12?onglet=offres')
    expect(returnPathOf({ search: '', state: { from: '/mes-coupons' } })).toBe('/mes-coupons')
  })

  it('then the page ?retour= names, else Home', () => {
    expect(returnPathOf({ search: '?retour=%2Fmes-coupons', state: null })).toBe('/mes-coupons')
    expect(returnPathOf({ search: '?retour=%2F%2Fexemple.com', state: null })).toBe('/')
    expect(returnPathOf({ search: '', state: { from: 'https://exemple.com' } })).toBe('/')
    expect(returnPathOf({ search: '', state: null })).toBe('/')
  })
})
