/**
 * Text normalisation shared by indexing and querying, so that both sides agree on what a word is.
 */

/** Lower-case words of letters and digits: 'Arrow-Left 2' -> ['arrow', 'left', '2']. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
}

/** A tag as a designer reads it: 'rubbish-bin' -> 'rubbish bin'. */
export function normaliseTag(tag: string): string {
  return words(tag).join(' ')
}

/** 'arrow-left' -> 'Arrow left'. */
export function humanName(slug: string): string {
  const text = slug.replace(/-+/g, ' ').trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}
