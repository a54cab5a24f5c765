import { useEffect, useState } from 'preact/hooks'

import { iconKey } from '../../api/icon-key'
import type { SelectedIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { familyOf, stylesOf } from '../shared/choose-variant'

/** The styles in every list, in the first list's order. */
export function commonStyles(lists: readonly (readonly string[])[]): string[] {
  const [first = []] = lists
  return first.filter((style) => lists.every((list) => list.includes(style)))
}

/**
 * The styles every selected icon's family has, so the style menu never offers one that some of
 * them would lack; null until every family has loaded.
 */
export function useCommonStyles(selection: readonly SelectedIcon[]): string[] | null {
  const { client } = useCatalogue()
  const icons = [...new Map(selection.map((icon) => [iconKey(icon.iconset, icon.icon), icon])).values()]
  const key = icons.map((icon) => iconKey(icon.iconset, icon.icon)).sort().join(' ')
  const [loaded, setLoaded] = useState<{ key: string; styles: string[] } | null>(null)
  useEffect(() => {
    const abort = new AbortController()
    Promise.all(icons.map((icon) => client.icon(icon.iconset, icon.icon, abort.signal))).then(
      (details) => setLoaded({ key, styles: commonStyles(details.map((detail) => stylesOf(familyOf(detail)))) }),
      // Without the families the menu offers only the styles the icons already have.
      () => undefined
    )
    return () => abort.abort()
    // `icons` is new every render; `key` says when it names other icons.
  }, [client, key])
  return loaded?.key === key ? loaded.styles : null
}
