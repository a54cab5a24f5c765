import { Button } from '@create-figma-plugin/ui'
import { h } from 'preact'
import { useMemo, useRef, useState } from 'preact/hooks'

import type { Equivalent } from '../../api/catalogue-schemas'
import type { SelectedIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { keepArrowsFromChanging } from './select-keys'
import { distinctSources, iconifyId, planSwap, type SwapPlan } from './swap-plan'
import { useResource } from './use-resource'
import { iconThumbnailUrl, thumbnailUrl } from './use-theme-ink'

const HOW: Record<Equivalent['matched_by'], string> = { name: 'same name', synonym: 'synonym', tags: 'shared tags' }

/**
 * Swap set: move the selection's icons to another set. Choosing the set only asks the catalogue
 * for equivalents and lists them, matches with previews and confidence, misses said plainly;
 * nothing changes on the canvas until the designer confirms.
 */
export function SwapSet(props: {
  icons: readonly SelectedIcon[]
  busy: boolean
  /** Resolves true once main has swapped them. */
  onSwap: (target: string, plan: SwapPlan) => Promise<boolean>
}) {
  const { client, iconsets, nameOfSet } = useCatalogue()
  const [target, setTarget] = useState<string | null>(null)
  // The list follows the selection, except while a swap runs: main reports the swapped icons
  // before it confirms, and they are not what the designer is looking at.
  const shown = useRef(props.icons)
  if (!props.busy) shown.current = props.icons
  const icons = shown.current
  const sources = useMemo(() => distinctSources(icons), [icons])
  const key = target === null ? null : `${target} ${sources.map(iconifyId).join(',')}`
  const found = useResource(key, (signal) => client.equivalents(target ?? '', sources, signal))
  const plan = useMemo(() => (found.data === null ? null : planSwap(icons, found.data)), [found.data, icons])
  // A set every icon is already in has nothing to swap to.
  const sets = (iconsets.data?.iconsets ?? []).filter((set) => icons.some((icon) => icon.iconset !== set.slug))

  return (
    <div class="ic-swap-set">
      <div class="ic-field">
        <label class="ic-field-label" for="ic-swap-set">
          Swap set
        </label>
        <select
          id="ic-swap-set"
          class="ic-select"
          value={target ?? ''}
          disabled={props.busy}
          onKeyDown={keepArrowsFromChanging}
          onChange={(event) => setTarget(event.currentTarget.value === '' ? null : event.currentTarget.value)}
        >
          <option value="">Move to another set…</option>
          {sets.map((set) => (
            <option key={set.slug} value={set.slug}>
              {set.name}
            </option>
          ))}
        </select>
      </div>
      {target === null ? null : found.status === 'loading' ? (
        <p class="ic-muted" role="status">
          Finding equivalents in {nameOfSet(target)}…
        </p>
      ) : found.status === 'error' ? (
        <p class="ic-field-error" role="alert">
          {found.error}{' '}
          <button type="button" class="ic-link" onClick={found.retry}>
            Retry
          </button>
        </p>
      ) : plan === null ? null : (
        <SwapPreview
          target={nameOfSet(target)}
          plan={plan}
          busy={props.busy}
          onCancel={() => setTarget(null)}
          onConfirm={() => {
            void props.onSwap(target, plan).then((ok) => {
              if (ok) setTarget(null)
            })
          }}
        />
      )}
    </div>
  )
}

function SwapPreview(props: { target: string; plan: SwapPlan; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { client, ink } = useCatalogue()
  const { matches, misses } = props.plan
  const thumb = (icon: SelectedIcon) => iconThumbnailUrl(client.baseUrl, icon.iconset, icon.icon, ink)
  const count = matches.length === 1 ? '1 icon' : `${matches.length} icons`
  return (
    <div class="ic-swap-preview">
      <p class="ic-muted">
        {matches.length} of {matches.length + misses.length} with a match in {props.target}
        {misses.length === 0 ? '' : `; ${misses.length} ${misses.length === 1 ? 'stays' : 'stay'} as ${misses.length === 1 ? 'it is' : 'they are'}`}
      </p>
      <ul class="ic-swap-list" aria-label={`Swap to ${props.target}`}>
        {matches.map(({ icon, match }) => (
          <li
            key={icon.nodeId}
            class="ic-swap-item"
            aria-label={`${icon.icon} to ${match.icon.slug}, ${Math.round(match.confidence * 100)}% (${HOW[match.matched_by]})`}
          >
            <img class="ic-thumb" src={thumb(icon)} alt="" width={16} height={16} />
            <span class="ic-swap-name">{icon.icon}</span>
            <span aria-hidden="true">→</span>
            <img class="ic-thumb" src={thumbnailUrl(match.icon.preview_url, ink)} alt="" width={16} height={16} />
            <span class="ic-swap-name">{match.icon.slug}</span>
            <span class="ic-muted" title={`Matched by ${HOW[match.matched_by]}`}>
              {Math.round(match.confidence * 100)}%
            </span>
          </li>
        ))}
        {misses.map((icon) => (
          <li key={icon.nodeId} class="ic-swap-item ic-swap-miss" aria-label={`${icon.icon}: no match, stays as it is`}>
            <img class="ic-thumb" src={thumb(icon)} alt="" width={16} height={16} />
            <span class="ic-swap-name">{icon.icon}</span>
            <span class="ic-muted">no match, stays</span>
          </li>
        ))}
      </ul>
      <div class="ic-actions">
        <button type="button" class="ic-chip" onClick={props.onCancel}>
          Cancel
        </button>
        <Button disabled={props.busy || matches.length === 0} onClick={props.onConfirm}>
          Swap {count}
        </Button>
      </div>
    </div>
  )
}
