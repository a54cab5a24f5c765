import { h } from 'preact'

import type { GridActions } from './grid-actions'
import { IconsetList } from './iconset-list'
import { IconsetView, type EscapeHandler } from './iconset-view'

/** The "Icon sets" tab: the list of sets, or the one opened from it (`openSet`, which the hub keeps across tabs). */
export function IconsetsView(props: { actions: GridActions; escape: EscapeHandler; openSet: string | null; onOpenSet: (slug: string | null) => void }) {
  const { openSet, onOpenSet } = props
  if (openSet === null) return <IconsetList onOpen={(iconset) => onOpenSet(iconset.slug)} />
  return <IconsetView slug={openSet} actions={props.actions} escape={props.escape} onBack={() => onOpenSet(null)} />
}
