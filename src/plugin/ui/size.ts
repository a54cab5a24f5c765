import { MAX_SIZE, MIN_SIZE, roundSize } from '../../api/limits'

export const SIZE_PRESETS = [12, 16, 20, 24, 32, 48, 64] as const

export type SizeParse = { ok: true; size: number } | { ok: false; message: string }

/** A number as typed: 12, 12.5, 12,5, 12. or .5. */
const NUMBER = /\d+(?:[.,]\d+)?\.?|[.,]\d+/
const WHOLE_NUMBER = new RegExp(`^(?:${NUMBER.source})$`)
/** Numbers, operators, and anything else one character at a time; the spaces between them are skipped. */
const TOKENS = new RegExp(`${NUMBER.source}|[-+*/()]|\\S`, 'g')

/**
 * What a designer typed into a px field, as Figma's number fields read it: a number, with a
 * trailing px dropped and a decimal comma read as a point (12,5 is 12.5, as much of Europe writes
 * one), or arithmetic on such numbers (16*2, 32/2, 20+4, (12+4)*1,5). Null for nothing typed; NaN
 * for anything else (1e3, 1.2.3, 12,5,1).
 */
export function typedValue(text: string): number | null {
  const typed = text.trim().replace(/\s*px$/i, '')
  if (typed === '') return null
  const parts = typed.match(TOKENS) ?? []
  let at = 0
  const number = (token: string | undefined) => (token !== undefined && WHOLE_NUMBER.test(token) ? Number(token.replace(',', '.')) : Number.NaN)
  // factor := ('-' | '+') factor | number | '(' sum ')'; term := factor (('*' | '/') factor)*; sum := term (('+' | '-') term)*
  const factor = (): number => {
    const token = parts[at++]
    if (token === '-') return -factor()
    if (token === '+') return factor()
    if (token !== '(') return number(token)
    const inner = sum()
    return parts[at++] === ')' ? inner : Number.NaN
  }
  const term = (): number => {
    let value = factor()
    while (parts[at] === '*' || parts[at] === '/') value = parts[at++] === '*' ? value * factor() : value / factor()
    return value
  }
  const sum = (): number => {
    let value = term()
    while (parts[at] === '+' || parts[at] === '-') value = parts[at++] === '+' ? value + term() : value - term()
    return value
  }
  const value = sum()
  return at === parts.length ? value : Number.NaN
}

/**
 * Reads what the designer typed into the size box (typedValue): pixels within the catalogue's
 * range, decimals rounded to hundredths as Figma's W and H fields round them (12.555 is 12.56). A
 * negative number is a number out of the range, and is told so.
 */
export function parseSize(text: string): SizeParse {
  const typed = typedValue(text)
  if (typed === null) return { ok: false, message: 'Enter a size in pixels.' }
  // Not a number and a number out of range are told alike: what the box takes.
  const size = roundSize(typed)
  if (!(size >= MIN_SIZE && size <= MAX_SIZE)) return { ok: false, message: `Enter a size from ${MIN_SIZE} to ${MAX_SIZE} px.` }
  return { ok: true, size }
}

/** What one ↑/↓ in a px field adds, as in Figma's number fields: one px, ten with Shift. */
export const stepOf = (key: 'ArrowUp' | 'ArrowDown', shift: boolean) => (shift ? 10 : 1) * (key === 'ArrowUp' ? 1 : -1)

/** A size moved by a step, kept within the range. */
export const steppedSize = (from: number, step: number) => Math.min(MAX_SIZE, Math.max(MIN_SIZE, roundSize(from + step)))

/**
 * ↑/↓ in the size box (stepOf), from what the box holds (or, when that is not a size, from the size
 * shown). Null: nothing to step from (Mixed sizes, which are stepped each from its own).
 */
export function stepSize(text: string, shown: number | null, key: 'ArrowUp' | 'ArrowDown', shift: boolean): number | null {
  const parsed = parseSize(text)
  const from = parsed.ok ? parsed.size : shown
  return from === null ? null : steppedSize(from, stepOf(key, shift))
}
