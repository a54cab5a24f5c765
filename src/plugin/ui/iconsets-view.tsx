import { h } from 'preact'
import { useCallback } from 'preact/hooks'

import type { GridActions } from './grid-actions'
import { IconsetList } from './iconset-list'
import { IconsetView, type EscapeHandler } from './iconset-view'

/** An icon set opened from the list, and what its own search box holds. */
export interface OpenSet {
  slug: string
  query: string
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
  const onQuery = useCallback(
    (query: string) => {
      if (slug !== null) onOpenSet({ slug, query })
    },
    [slug, onOpenSet]
  )
  if (openSet === null) return <IconsetList onOpen={(iconset) => onOpenSet({ slug: iconset.slug, query: '' })} />
  return (
    <IconsetView
      slug={openSet.slug}
      query={openSet.query}
      onQuery={onQuery}
      actions={props.actions}
      escape={props.escape}
      onBack={() => onOpenSet(null)}
      onSearchAllSets={props.onSearchAllSets}
    />
  )
}
