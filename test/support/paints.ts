/**
 * Reading colours off paints, for tests: the oracle spells a colour as the plugin records it
 * (`#rrggbb`), written here rather than taken from the plugin code it checks.
 */

/** A solid paint's colour as `#rrggbb`; null for any other paint. */
export function solidHex(paint: Paint): string | null {
  if (paint.type !== 'SOLID') return null
  const channel = (value: number) => Math.round(value * 255).toString(16).padStart(2, '0')
  return `#${channel(paint.color.r)}${channel(paint.color.g)}${channel(paint.color.b)}`
}
