import { useCallback, useMemo, useState } from 'preact/hooks'

import type { IconSummary } from '../../api/catalogue-schemas'
import { iconKeyOf } from '../../api/icon-key'
import { MAX_INSERT_MANY } from '../../api/limits'

export type PickMode = 'toggle' | 'add'

/**
 * The icons picked after a Cmd/Ctrl-click (`toggle`: each in or out) or a Shift-click (`add`: a
 * run, none twice), in the order picked. Never more than one multi-insert carries: main refuses
 * more, and only after every SVG has been fetched. `refused` counts the icons left out for that.
 * A run too long for the room left keeps the icons nearest the tile clicked (`toward` the run's
 * start or end), so that tile and those in sight around it are picked, not the far end's.
 */
function pickIcons(
  current: readonly IconSummary[],
  icons: readonly IconSummary[],
  mode: PickMode,
  toward: 'start' | 'end'
): { picked: IconSummary[]; refused: number } {
  const picked = [...current]
  const keys = new Set(current.map(iconKeyOf))
  // Toward the end: the run's first icons are the ones the room leaves out.
  const fresh = mode === 'add' && toward === 'end' ? icons.filter((icon) => !keys.has(iconKeyOf(icon))) : null
  let refused = fresh === null ? 0 : Math.max(0, fresh.length - Math.max(0, MAX_INSERT_MANY - picked.length))
  for (const icon of fresh?.slice(refused) ?? icons) {
    const key = iconKeyOf(icon)
    if (keys.has(key)) {
      if (mode === 'toggle') {
        picked.splice(picked.findIndex((other) => iconKeyOf(other) === key), 1)
        keys.delete(key)
      }
    } else if (picked.length < MAX_INSERT_MANY) {
      picked.push(icon)
      keys.add(key)
    } else {
      refused += 1
    }
  }
  return { picked, refused }
}

/** The icons picked for a multi-insert, and whether the last pick went past the most one insert takes. */
export function usePicked() {
  const [state, setState] = useState<{ picked: IconSummary[]; full: boolean }>({ picked: [], full: false })
  const keys = useMemo(() => new Set(state.picked.map(iconKeyOf)), [state.picked])
  const pick = useCallback(
    (icons: readonly IconSummary[], mode: PickMode, toward: 'start' | 'end' = 'start') =>
      setState((previous) => {
        const { picked, refused } = pickIcons(previous.picked, icons, mode, toward)
        return { picked, full: refused > 0 }
      }),
    []
  )
  const clear = useCallback(() => setState({ picked: [], full: false }), [])
  return { picked: state.picked, keys, full: state.full, pick, clear }
}
