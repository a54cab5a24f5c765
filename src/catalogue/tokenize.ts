/**
 * Text normalisation shared by indexing and querying, so that both sides agree on what a word is.
 */

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
