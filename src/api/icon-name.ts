/**
 * An icon's name as designers read it, made from its slug: the catalogue's `name` for every icon,
 * and what the plugin shows for an icon it knows only by slug (one recorded on a node).
 */

/** 'arrow-left' -> 'Arrow left'. */
export function humanName(slug: string): string {
  const text = slug.replace(/-+/g, ' ').trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}
