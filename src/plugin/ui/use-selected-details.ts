import { useEffect, useState } from 'preact/hooks'

import type { IconDetail } from '../../api/catalogue-schemas'
import { humanName } from '../../api/icon-name'
import { iconKey } from '../../api/icon-key'
import type { SelectedIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { drawingLabel, drawingsAlike, familyOf, stylesOf } from '../../api/choose-variant'

/** The catalogue's detail of each icon it answered for, by iconKey. */
export type SelectedDetails = ReadonlyMap<string, IconDetail>

const keyOf = (icon: SelectedIcon) => iconKey(icon.iconset, icon.icon)

/**
 * The catalogue's detail of the selection's icons, each asked once through the client's shared
 * cache. Until the details of new icons arrive, the ones already known still answer (a detail never
 * changes), so names do not flicker back to slugs after a swap; an icon the catalogue does not have
 * (a file made with another catalogue) is simply never in it.
 */
export function useSelectedDetails(icons: readonly SelectedIcon[]): SelectedDetails {
  const { client } = useCatalogue()
  const distinct = [...new Map(icons.map((icon) => [keyOf(icon), icon])).values()]
  const key = distinct.map(keyOf).sort().join(' ')
  const [details, setDetails] = useState<SelectedDetails>(new Map())
  useEffect(() => {
    const abort = new AbortController()
    void Promise.allSettled(distinct.map((icon) => client.icon(icon.iconset, icon.icon, abort.signal))).then((answers) => {
      if (abort.signal.aborted) return
      // Kept: what is known of icons still asked for, so one that failed this time keeps its name.
      setDetails((known) => {
        const wanted = new Set(distinct.map(keyOf))
        const loaded = new Map([...known].filter(([held]) => wanted.has(held)))
        answers.forEach((answer, at) => {
          if (answer.status === 'fulfilled') loaded.set(keyOf(distinct[at] as SelectedIcon), answer.value)
        })
        return loaded
      })
    })
    return () => abort.abort()
    // `distinct` is new every render; `key` says when it names other icons.
  }, [client, key])
  return details
}

/**
 * Which of the drawings alike an icon is (Solar's Linear, Broken or Outline, all 24 px outline), as
 * the details' Variants name it; null where its style and size hold only it, or its detail is not known yet.
 */
export function selectedDrawing(icon: SelectedIcon, details: SelectedDetails): string | null {
  const detail = details.get(keyOf(icon))
  if (detail === undefined) return null
  const family = familyOf(detail)
  const size = Math.max(detail.width, detail.height)
  return drawingsAlike(family, detail.style, size).length > 1 ? drawingLabel(detail.slug, detail.family) : null
}

/** An icon by the name designers read: the catalogue's once its detail is known, meanwhile its slug's. */
export function selectedName(icon: SelectedIcon, details: SelectedDetails): string {
  return details.get(keyOf(icon))?.name ?? humanName(icon.icon)
}

/** The styles in every list, in the first list's order. */
export function commonStyles(lists: readonly (readonly string[])[]): string[] {
  const [first = []] = lists
  return first.filter((style) => lists.every((list) => list.includes(style)))
}

/**
 * The styles every selected icon's family has, so the style menu never offers one that some of
 * them would lack; null until every family is known.
 */
export function commonStylesOf(selection: readonly SelectedIcon[], details: SelectedDetails): string[] | null {
  const families: string[][] = []
  for (const icon of selection) {
    const detail = details.get(keyOf(icon))
    if (detail === undefined) return null
    families.push(stylesOf(familyOf(detail)))
  }
  return commonStyles(families)
}
