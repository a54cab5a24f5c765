/**
 * One icon's identity as text, `{iconset}/{icon}`: the key of every map and list of icons, the
 * name the plugin gives a node it inserts, and the text a dragged result carries.
 */
export function iconKey(iconset: string, icon: string): string {
  return `${iconset}/${icon}`
}

/** The key of an icon as the catalogue lists it (a search result, an icon of a set, an icon opened). */
export function iconKeyOf(icon: { iconset: string; slug: string }): string {
  return iconKey(icon.iconset, icon.slug)
}

/** An icon's Iconify id, `{iconset}:{icon}`: how the catalogue's equivalents name the icons asked for and their sources. */
export function iconifyId(icon: { iconset: string; icon: string }): string {
  return `${icon.iconset}:${icon.icon}`
}
