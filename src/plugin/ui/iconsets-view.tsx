import { h } from 'preact'
import { useCallback } from 'preact/hooks'

import type { GridActions } from './grid-actions'
import { IconsetList } from './iconset-list'
import { IconsetView, type EscapeHandler } from './iconset-view'

/** An icon set opened from the list, what its own search box holds, and the style it is shown in (null: all). */
export interface OpenSet {
  slug: string
  query: string
  style: string | null
}

/** The "Icon sets" tab: the list of sets, or the one opened from it (`openSet`, which the hub keeps across tabs). */
export function IconsetsView(props: {
  actions: GridActions
  escape: EscapeHandler
  openSet: OpenSet | null
  onOpenSet: (set: OpenSet | null) => void
  onSearchAllSets: (query: string) => void
}) {
  const { openSet, onOpenSet } = props
  const slug = openSet?.slug ?? null
  const style = openSet?.style ?? null
  const onQuery = useCallback(
    (query: string) => {
      if (slug !== null) onOpenSet({ slug, query, style })
    },
    [slug, style, onOpenSet]
  )
  if (openSet === null) return <IconsetList onOpen={(iconset) => onOpenSet({ slug: iconset.slug, query: '', style: null })} />
  return (
    <IconsetView
      slug={openSet.slug}
      query={openSet.query}
      onQuery={onQuery}
      style={openSet.style}
      onStyle={(chosen) => onOpenSet({ ...openSet, style: chosen })}
      actions={props.actions}
      escape={props.escape}
      onBack={() => onOpenSet(null)}
      onSearchAllSets={props.onSearchAllSets}
    />
  )
}
