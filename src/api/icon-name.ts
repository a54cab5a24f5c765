/**
 * Names as designers read them. The catalogue names each icon by its family ('Calendar' for fluent
 * calendar-24-regular: the style and size are said beside it, not in its name); the plugin names an
 * icon it knows only by slug (one recorded on a node) by the slug until its detail arrives.
 */

/** 'arrow-left' -> 'Arrow left'. */
export function humanName(slug: string): string {
  const text = slug.replace(/-+/g, ' ').trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}
