import { describe, expect, it } from 'vitest'
import { prefixSuccessor, trigramLookup } from './search.ts'

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

describe('prefixSuccessor', () => {
  const utf8Order = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))

  it('bounds exactly the names starting with the prefix, in code-point order', () => {
    expect(prefixSuccessor('port')).toBe('poru')
    expect(prefixSuccessor('caf\u{10FFFF}')).toBe('cag')
    expect(prefixSuccessor('a\u{D7FF}')).toBe('a\u{E000}')
    expect(prefixSuccessor('\u{10FFFF}\u{10FFFF}')).toBeNull()
    for (const [prefix, name] of [
      ['pizz', 'pizzeria du port'],
      ['pizz', 'pizz\u{10FFFF}'],
      ['🍕', '🍕 pizzeria'],
      ['a\u{D7FF}', 'a\u{D7FF}\u{10FFFF}'],
    ]) {
      expect(utf8Order(name, prefix)).toBeGreaterThanOrEqual(0)
      expect(utf8Order(name, prefixSuccessor(prefix)!)).toBeLessThan(0)
    }
    for (const [prefix, name] of [
      ['pizz', 'pizy'],
      ['pizz', 'pj'],
      ['a\u{D7FF}', 'a\u{E000}'],
    ]) {
      expect(name.startsWith(prefix)).toBe(false)
      expect(utf8Order(name, prefix) < 0 || utf8Order(name, prefixSuccessor(prefix)!) >= 0).toBe(true)
    }
  })
})
