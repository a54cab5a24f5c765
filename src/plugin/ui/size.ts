import { MAX_SIZE, MIN_SIZE } from '../../api/limits'

export const SIZE_PRESETS = [12, 16, 20, 24, 32, 48, 64] as const

export type SizeParse = { ok: true; size: number } | { ok: false; message: string }

/** Reads what the designer typed into the size box: a whole number of pixels within the catalogue's range. */
export function parseSize(text: string): SizeParse {
  const trimmed = text.trim().replace(/\s*px$/i, '')
  if (trimmed === '') return { ok: false, message: 'Enter a size in pixels.' }
  if (!/^\d+$/.test(trimmed)) {
    return { ok: false, message: `Size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}.` }
  }
  const size = Number(trimmed)
  if (size < MIN_SIZE || size > MAX_SIZE) {
    return { ok: false, message: `Size must be from ${MIN_SIZE} to ${MAX_SIZE} px.` }
  }
  return { ok: true, size }
}
