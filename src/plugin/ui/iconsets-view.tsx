import { h } from 'preact'
import { useState } from 'preact/hooks'

import type { GridActions } from './grid-actions'
import { IconsetList } from './iconset-list'
import { IconsetView, type EscapeHandler } from './iconset-view'

/** The "Icon sets" tab: the list of sets, or the one opened from it. */
export function IconsetsView(props: { actions: GridActions; escape: EscapeHandler }) {
  const [openSet, setOpenSet] = useState<string | null>(null)
  if (openSet === null) return <IconsetList onOpen={(iconset) => setOpenSet(iconset.slug)} />
  return <IconsetView slug={openSet} actions={props.actions} escape={props.escape} onBack={() => setOpenSet(null)} />
}
