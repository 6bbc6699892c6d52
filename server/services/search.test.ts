import { describe, expect, it } from 'vitest'
import { trigramLookup } from './search.ts'

describe('trigramLookup', () => {
  it('asks the trigram index for the long words in order when short ones would only add common trigrams', () => {
    expect(trigramLookup('pizzeria du port')).toBe('%pizzeria%port%')
    expect(trigramLookup('le bistrot')).toBe('%bistrot%')
    expect(trigramLookup('cafe de la gare')).toBe('%cafe%gare%')
    expect(trigramLookup('chambres d’hotes a paris')).toBe('%chambres%d’hotes%paris%')
    // LIKE's wildcards in a kept word stay literal.
    expect(trigramLookup('100% bio de la ferme')).toBe('%100\\%%bio%ferme%')
  })

  it('keeps the whole name when nothing would be left out, nothing long is left, or a left-out word has a digit', () => {
    expect(trigramLookup('boulangerie')).toBeNull()
    expect(trigramLookup('chez leon')).toBeNull()
    expect(trigramLookup('de la')).toBeNull()
    expect(trigramLookup('a %%% b')).toBeNull()
    expect(trigramLookup('port 14')).toBeNull()
    expect(trigramLookup('bar du 14')).toBeNull()
  })
})
