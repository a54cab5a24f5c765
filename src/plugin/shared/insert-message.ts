import type { SelectionChange } from './icon-payloads'

/**
 * What an insert says once done, in the plugin's status line or as Quick Actions' closing toast:
 * "Inserted House at 24 px", and where several selected frames each got one, how many.
 */
export function insertedMessage(name: string, size: number, placed: number): string {
  return placed > 1 ? `Inserted ${name} at ${size} px in each of ${placed} selected frames` : `Inserted ${name} at ${size} px`
}

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
  const icons = `${count} ${count === 1 ? 'icon' : 'icons'}`
  // Unbound alone, the icons keep the colour's value.
  if (parts.length === 0 && change.binding === null) return `Unbound ${icons} from the file colour`
  return parts.length === 0 ? `Updated ${icons}` : `Updated ${icons} to ${parts.join(', ')}`
}
