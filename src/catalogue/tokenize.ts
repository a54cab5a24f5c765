/**
 * Text normalisation shared by indexing and querying, so that both sides agree on what a word is.
 */
import { americanSpelling } from './synonyms'

/** Lower-case words of letters and digits, accents dropped: 'Arrow-Left Café' -> ['arrow', 'left', 'cafe']. */
export function words(text: string): string[] {
  const plain = /[^\x00-\x7f]/.test(text) ? text.normalize('NFKD').replace(/\p{M}/gu, '') : text
  return plain
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
}

/** A tag as a designer reads it: 'rubbish-bin' -> 'rubbish bin'. */
export function normaliseTag(tag: string): string {
  return words(tag).join(' ')
}

/**
 * A phrase of the query's words() as the query spells it: 'filled' in 'Lucide heart Filled' is
 * 'Filled', 'line duotone' in 'solar Line-Duotone' 'Line Duotone', 'color' in 'Colour picker'
 * 'Colour'. A phrase whose words the query does not hold in a row (a component name, kept as typed
 * already) is returned as it is.
 */
export function asTyped(phrase: string, query: string): string {
  const wanted = phrase.split(' ')
  const typed: Array<{ word: string; token: string }> = []
  for (const token of query.split(/[^\p{L}\p{N}\p{M}]+/u)) for (const word of words(token)) typed.push({ word: americanSpelling(word), token })
  for (let at = 0; at + wanted.length <= typed.length; at++) {
    if (wanted.every((word, i) => typed[at + i]?.word === word)) {
      // A token that holds several words ('½' is 1 and 2) is written once.
      const tokens = typed.slice(at, at + wanted.length).map(({ token }) => token)
      return tokens.filter((token, i) => token !== tokens[i - 1]).join(' ')
    }
  }
  return phrase
}
