/**
 * Swap set's one canvas change: every matched icon re-rendered as its equivalent, at its own size,
 * colour (the next insert's, file colour included, for one in its drawing's own colours) and stroke
 * width (for a filled one, the width it had before it was filled, else the next insert's: a Phosphor
 * icon moved to Lucide is stroked as Lucide's are in the grid), sent to main as one replace request, so it is one undo step and all or nothing.
 * Misses are not sent; the done message counts them.
 */
import { emit } from '@create-figma-plugin/utilities'
import { useCallback } from 'preact/hooks'

import type { ReplaceIconsHandler } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { useNextInsertLook } from './preferences-context'
import { chosenDrawing, ownColorOr, ownStrokeOr, renderPayload, strokeWidthFor } from '../shared/icon-payloads'
import { keepDrawings, type KeptDrawings } from '../shared/kept-drawings'
import type { SwapPlan } from './swap-plan'
import { reported } from './use-icon-actions'
import type { Outcome, useOperations } from './use-operations'

const icons = (count: number) => (count === 1 ? '1 icon' : `${count} icons`)

export function useSwapSet(operations: ReturnType<typeof useOperations>, kept: KeptDrawings) {
  const { client, strokeOfNow, nameOfSet } = useCatalogue()
  const next = useNextInsertLook()
  const { run } = operations
  return useCallback(
    (target: string, plan: SwapPlan) => {
      const name = nameOfSet(target)
      const left = plan.misses.length === 0 ? '' : `; ${icons(plan.misses.length)} left as ${plan.misses.length === 1 ? 'it was' : 'they were'}`
      const attempt = (): Promise<Outcome> =>
        run(
          `Swapping ${icons(plan.matches.length)} to ${name}…`,
          () =>
            reported(async () => {
              const strokeOf = await strokeOfNow()
              keepDrawings(
                kept,
                plan.matches.map(({ icon }) => icon),
                strokeOf
              )
              const items = await Promise.all(
                plan.matches.map(async ({ icon, match }) => {
                  const detail = await client.icon(match.icon.iconset, match.icon.slug)
                  const look = {
                    style: match.icon.style,
                    size: icon.size,
                    // An icon in a file colour stays bound to it in the other set.
                    ...ownColorOr(icon, next),
                    ...strokeWidthFor(
                      strokeOf,
                      { iconset: match.icon.iconset, ...chosenDrawing(detail, { style: match.icon.style, size: icon.size }) },
                      ownStrokeOr(icon, strokeOf, next.strokeWidth, kept),
                      icon.size
                    )
                  }
                  return { ...(await renderPayload(client, detail, look)), nodeId: icon.nodeId }
                })
              )
              return (requestId: string) => emit<ReplaceIconsHandler>('REPLACE_ICONS', { requestId, items, mode: 'replace' })
            }),
          () => `Swapped ${icons(plan.matches.length)} to ${name}${left}`,
          attempt
        )
      return attempt()
    },
    [client, strokeOfNow, nameOfSet, next, run, kept]
  )
}
