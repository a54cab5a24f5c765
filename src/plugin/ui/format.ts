import type { SelectionChange } from '../shared/icon-payloads'

/** Counts as designers read them: 19,904. */
export const formatCount = (value: number) => value.toLocaleString('en-US')

/** A count and its noun, singular for one: "1 set", "2,933 icons". */
export const counted = (value: number, singular: string, plural = `${singular}s`) =>
  `${formatCount(value)} ${value === 1 ? singular : plural}`

/**
 * What a swap of the selected icons says once done, naming what changed, as Figma's own toasts do:
 * "Updated 2 icons to Bold, 32 px", "Updated 1 icon to #FF6600, strokes as drawn".
 */
export function swappedMessage(change: Omit<SelectionChange, 'replaceWith'>, count: number, nameOfStyle: (slug: string) => string): string {
  const parts = [
    ...(change.style === undefined ? [] : [nameOfStyle(change.style)]),
    ...(change.size === undefined ? [] : [`${change.size} px`]),
    ...(change.color === undefined ? [] : [change.color.toUpperCase()]),
    ...(change.strokeWidth === undefined ? [] : [change.strokeWidth === null ? 'strokes as drawn' : `${change.strokeWidth} px strokes`])
  ]
  const icons = counted(count, 'icon')
  // Unbound alone, the icons keep the colour's value.
  if (parts.length === 0 && change.binding === null) return `Unbound ${icons} from the file colour`
  return parts.length === 0 ? `Updated ${icons}` : `Updated ${icons} to ${parts.join(', ')}`
}
