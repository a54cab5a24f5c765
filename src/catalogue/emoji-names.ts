/**
 * Emoji in a query, read as the names Twemoji gives their drawings (🏠 house, ❤️ red heart, 👍
 * thumbs up): a designer may paste the emoji they want an icon of. Twemoji's chars.json maps each
 * emoji's code points to its icon's name; it is read the first time a query holds a pictograph.
 */
import { readOptionalPackageJson } from './package-files'

/** A pictograph, a flag's letter or a keycap: what may begin or make up an emoji. */
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u

let chars: Readonly<Record<string, string>> | undefined

function twemojiChars(): Readonly<Record<string, string>> {
  if (chars === undefined) {
    try {
      chars = readOptionalPackageJson<Record<string, string>>('@iconify-json/twemoji', 'chars.json') ?? {}
    } catch {
      // Not installed: emoji are read as nothing, as any other symbol.
      chars = {}
    }
  }
  return chars
}

/** The Twemoji name of one emoji (a grapheme), its code points as chars.json writes them (at least four hex digits), with or without variation selectors; or undefined. */
function emojiName(emoji: string): string | undefined {
  const points = Array.from(emoji, (character) => (character.codePointAt(0) as number).toString(16).padStart(4, '0'))
  const known = twemojiChars()
  return known[points.join('-')] ?? known[points.filter((point) => point !== 'fe0f').join('-')]
}

/** The text with each emoji Twemoji draws replaced by its name's words ('🏠 roof' is ' house  roof'); other text as it is. */
export function withEmojiNamed(text: string): string {
  if (!PICTOGRAPH.test(text)) return text
  let named = ''
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
    const name = PICTOGRAPH.test(segment) ? emojiName(segment) : undefined
    named += name === undefined ? segment : ` ${name.replaceAll('-', ' ')} `
  }
  return named
}
