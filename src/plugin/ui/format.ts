import type { ColorBinding } from '../../api/plugin-protocol'
import type { SelectionChange } from '../shared/icon-payloads'

/** Counts as designers read them: 19,904. */
export const formatCount = (value: number) => value.toLocaleString('en-US')

/** A count and its noun, singular for one: "1 set", "2,933 icons". */
export const counted = (value: number, singular: string, plural = `${singular}s`) =>
  `${formatCount(value)} ${value === 1 ? singular : plural}`

/** What a swap's message names: a style by its name, a file colour by its name (undefined: one no longer listed). */
export interface SwapNames {
  style: (slug: string) => string
  fileColor: (binding: ColorBinding) => string | undefined
}

/** A colour as a swap's message names it: by its file colour's name, else (a plain hex, a file colour no longer listed) its hex. */
function colorName(color: string, binding: ColorBinding | null | undefined, names: SwapNames): string {
  const named = binding ? names.fileColor(binding) : undefined
  return named ?? color.toUpperCase()
}

/** Each icon's own new size (Mixed sizes stepped): "17, 25 px", or from the least to the most, "17–65 px". */
function sizesName(sizes: ReadonlyMap<string, number>): string {
  const distinct = [...new Set(sizes.values())].sort((a, b) => a - b)
  return distinct.length <= 3 ? `${distinct.join(', ')} px` : `${distinct[0]}–${distinct.at(-1)} px`
}

/**
 * What a swap of the selected icons says once done, naming what changed and counting the icons it
 * changed (changedBy), as Figma's own toasts do: "Updated 2 icons to Bold, 32 px", "Updated 3 icons
 * to Icon/Ink".
 */
export function swappedMessage(change: Omit<SelectionChange, 'replaceWith'>, count: number, names: SwapNames): string {
  const parts = [
    ...(change.style === undefined ? [] : [names.style(change.style)]),
    ...(change.size === undefined ? [] : [`${change.size} px`]),
    ...(change.sizes === undefined ? [] : [sizesName(change.sizes)]),
    ...(change.color === undefined ? [] : [colorName(change.color, change.binding, names)]),
    ...(change.ownColors === true ? ['their own colours'] : []),
    ...(change.strokeWidth === undefined ? [] : [change.strokeWidth === null ? 'strokes as drawn' : `${change.strokeWidth} px strokes`])
  ]
  const icons = counted(count, 'icon')
  // Unbound alone, the icons keep the colour's value.
  if (parts.length === 0 && change.binding === null) return `Unbound ${icons} from the file colour`
  return parts.length === 0 ? `Updated ${icons}` : `Updated ${icons} to ${parts.join(', ')}`
}
