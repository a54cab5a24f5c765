import type { IconGridProps } from './icon-grid'

/** What every icon grid does with its icons: the same in search results and in an icon set. */
export type GridActions = Pick<
  IconGridProps,
  'activeKey' | 'picked' | 'onPick' | 'onOpen' | 'onInsert' | 'onDragStart' | 'onDragEnd'
>
