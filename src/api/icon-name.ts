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

/**
 * What tells a drawing apart within its family, in words: its slug past the family's name
 * ('outline rounded' for material-symbols home-outline-rounded in the family home, '24 filled' for
 * fluent home-24-filled, 'broken' for solar home-broken); null for the drawing named as its family.
 * A slug that does not begin with the family's name keeps its words the family lacks.
 */
export function variantLabel(family: string, slug: string): string | null {
  if (slug === family) return null
  const past = slug.startsWith(`${family}-`) ? slug.slice(family.length + 1).split('-') : slug.split('-').filter((word) => !family.split('-').includes(word))
  return past.length === 0 ? null : past.join(' ')
}
