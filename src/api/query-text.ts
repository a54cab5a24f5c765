/**
 * Characters that draw nothing and are no space: the soft hyphen, zero-width spaces and joiners,
 * direction marks and isolates, and the byte-order mark. Text copied from a web page, a chat or a
 * document can carry them inside or around words, where they would split 'heart' into 'hea' and
 * 'rt'. U+200D is kept: it joins emoji into one (a family, a rainbow flag), as are the tag
 * characters of a subdivision flag.
 */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

/**
 * A search's words as they read, which the plugin and the catalogue agree on: invisible characters
 * taken out and the spaces at either end trimmed. One of them alone is no words, as a space is.
 */
export function queryText(q: string): string {
  return q.replace(INVISIBLE, '').trim()
}
