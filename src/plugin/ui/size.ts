import { MAX_SIZE, MIN_SIZE, roundSize } from '../../api/limits'

export const SIZE_PRESETS = [12, 16, 20, 24, 32, 48, 64] as const

export type SizeParse = { ok: true; size: number } | { ok: false; message: string }

/**
 * A number as a designer types it into a px field: without a trailing px, and with a decimal comma
 * read as a point, as much of Europe writes one (12,5 is 12.5).
 */
export function typedNumber(text: string): string {
  return text
    .trim()
    .replace(/\s*px$/i, '')
    .replace(/^(-?\d*),(\d+)$/, '$1.$2')
}

/**
 * Reads what the designer typed into the size box: pixels within the catalogue's range, decimals
 * rounded to hundredths as Figma's W and H fields round them (12.555 is 12.56). A negative number
 * is a number out of the range, and is told so.
 */
export function parseSize(text: string): SizeParse {
  const trimmed = typedNumber(text)
  if (trimmed === '') return { ok: false, message: 'Enter a size in pixels.' }
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(trimmed)) {
    return { ok: false, message: `Size must be a number from ${MIN_SIZE} to ${MAX_SIZE}.` }
  }
  const size = roundSize(Number(trimmed))
  if (size < MIN_SIZE || size > MAX_SIZE) {
    return { ok: false, message: `Size must be from ${MIN_SIZE} to ${MAX_SIZE} px.` }
  }
  return { ok: true, size }
}

/**
 * ↑/↓ in the size box, as in Figma's number fields: one px, ten with Shift, from what the box
 * holds (or, when that is not a size, from the size shown), kept within the range. Null: nothing to step from.
 */
export function stepSize(text: string, shown: number | null, key: 'ArrowUp' | 'ArrowDown', shift: boolean): number | null {
  const parsed = parseSize(text)
  const from = parsed.ok ? parsed.size : shown
  if (from === null) return null
  const step = (shift ? 10 : 1) * (key === 'ArrowUp' ? 1 : -1)
  return Math.min(MAX_SIZE, Math.max(MIN_SIZE, roundSize(from + step)))
}
