import { Button } from '@create-figma-plugin/ui'
import { Fragment, h } from 'preact'
import { useMemo, useRef, useState } from 'preact/hooks'

import type { Equivalent } from '../../api/catalogue-schemas'
import type { SelectedIcon } from '../../api/plugin-protocol'
import { ownStrokeOr } from '../shared/icon-payloads'
import type { KeptDrawings } from '../shared/kept-drawings'
import { useCatalogue } from './catalogue-context'
import { IconPreview, SelectedIconPreview } from './icon-preview'
import { useNextInsertLook } from './preferences-context'
import { keepClosedSelectFromChanging } from './select-keys'
import { iconifyId } from '../../api/icon-key'
import { distinctSources, planSwap, swapSummary, type SwapChoices, type SwapItem, type SwapPlan } from './swap-plan'
import { useResource } from './use-resource'
import type { Outcome } from './use-operations'
import { thumbnailUrl } from './use-theme-ink'
import { selectedName, type SelectedDetails } from './use-selected-details'

const HOW: Record<Equivalent['matched_by'], string> = { name: 'same name', synonym: 'synonym', tags: 'shared tags' }
const NO_CHOICES: SwapChoices = new Map()
/** The option value that keeps an icon as it is. */
const KEEP = 'keep'

/**
 * Swap set: move the selection's icons to another set. Choosing the set only asks the catalogue
 * for equivalents and lists them, matches with previews and confidence, misses said plainly; each
 * row offers the catalogue's alternatives and keeping the icon as it is. Nothing changes on the
 * canvas until the designer confirms.
 */
export function SwapSet(props: {
  icons: readonly SelectedIcon[]
  /** The icons' details, for their names, as the selection list has them. */
  details: SelectedDetails
  busy: boolean
  /** Resolves true once main has swapped them. */
  onSwap: (target: string, plan: SwapPlan) => Promise<Outcome>
  /** The widths the icons had before they were filled, which the swap gives back (kept-drawings.ts). */
  kept: KeptDrawings
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
  // Choices belong to one list: another set or selection starts from the catalogue's suggestions.
  const [chosen, setChosen] = useState<{ key: string | null; choices: SwapChoices }>({ key: null, choices: new Map() })
  const choices = chosen.key === key ? chosen.choices : NO_CHOICES
  const choose = (source: string, option: number | null) =>
    setChosen((current) => ({ key, choices: new Map(current.key === key ? current.choices : NO_CHOICES).set(source, option) }))
  const plan = useMemo(() => (found.data === null ? null : planSwap(icons, found.data, choices)), [found.data, icons, choices])
  // A set every icon is already in has nothing to swap to; but the one chosen stays listed while it
  // is: once a swap has moved every icon there, a menu without it would show no choice at all, and
  // going back to "Move to another set…" ('') would not be written to it, as its value reads '' already.
  const sets = (iconsets.data?.iconsets ?? []).filter((set) => set.slug === target || icons.some((icon) => icon.iconset !== set.slug))

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
          onKeyDown={keepClosedSelectFromChanging}
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
          details={props.details}
          busy={props.busy}
          kept={props.kept}
          onChoose={choose}
          onCancel={() => {
            setTarget(null)
            setChosen({ key: null, choices: NO_CHOICES })
          }}
          onConfirm={() => {
            void props.onSwap(target, plan).then((outcome) => {
              if (outcome === 'done') setTarget(null)
            })
          }}
        />
      )}
    </div>
  )
}

function SwapPreview(props: {
  target: string
  plan: SwapPlan
  details: SelectedDetails
  busy: boolean
  kept: KeptDrawings
  onChoose: (source: string, option: number | null) => void
  onConfirm: () => void
  onCancel: () => void
}) {
  const { matches } = props.plan
  const { nameOfSet } = useCatalogue()
  const mixed = new Set(props.plan.items.map((item) => item.icon.iconset)).size > 1
  const count = matches.length === 1 ? '1 icon' : `${matches.length} icons`
  return (
    <div class="ic-swap-preview">
      <p class="ic-muted">{swapSummary(props.plan, props.target)}</p>
      <ul class="ic-swap-list" aria-label={`Swap to ${props.target}`}>
        {/* In selection order whatever is chosen, so a row never jumps under the pointer. */}
        {props.plan.items.map((item) => (
          <SwapRow
            key={item.icon.nodeId}
            item={item}
            name={selectedName(item.icon, props.details)}
            // Two bells from two sets would read alike: a list of several sets names each row's.
            setName={mixed ? nameOfSet(item.icon.iconset) : null}
            busy={props.busy}
            kept={props.kept}
            onChoose={props.onChoose}
          />
        ))}
      </ul>
      <div class="ic-actions">
        <Button fullWidth secondary onClick={props.onCancel}>
          Cancel
        </Button>
        {/* Nothing to swap, nothing to confirm: the list says why. */}
        {matches.length === 0 ? null : (
          <Button fullWidth disabled={props.busy} onClick={props.onConfirm}>
            Swap {count}
          </Button>
        )}
      </div>
    </div>
  )
}

/** What a row says of an icon that stays: why, when the designer did not choose it. */
function stays(item: SwapItem): string {
  if (item.inTarget) return 'already in this set'
  if (!item.known) return 'not in this catalogue, stays as it is'
  return item.suggested ? 'stays as it is' : 'no match, stays as it is'
}

/**
 * One icon of the list: it, what it becomes (or that it stays), and the choice of its source's
 * options. Both previews are at the icon's own size and stroke width, which the swap keeps.
 */
function SwapRow(props: {
  item: SwapItem
  name: string
  /** The icon's set, named under its name where the list holds several sets; null where it holds one. */
  setName: string | null
  busy: boolean
  kept: KeptDrawings
  onChoose: (source: string, option: number | null) => void
}) {
  const { ink, strokeOf } = useCatalogue()
  const next = useNextInsertLook()
  const { icon, options, match } = props.item
  const source = iconifyId(icon)
  const name = props.setName === null ? props.name : `${props.name} · ${props.setName}`
  const label =
    match === null ? `${name}: ${stays(props.item)}` : `${name} to ${match.icon.name}, ${Math.round(match.confidence * 100)}% (${HOW[match.matched_by]})`
  return (
    <li class={match === null ? 'ic-swap-item ic-swap-miss' : 'ic-swap-item'} aria-label={label}>
      <SelectedIconPreview icon={icon} />
      {/* On a line of its own, the set name is never cut down to the few letters that would tell two sets apart. */}
      <span class="ic-swap-name" title={name}>
        <span class="ic-swap-icon-name">{props.name}</span>
        {props.setName === null ? null : <span class="ic-swap-set-name">{props.setName}</span>}
      </span>
      {match === null ? null : (
        <Fragment>
          <span aria-hidden="true">→</span>
          <IconPreview
            iconset={match.icon.iconset}
            slug={match.icon.slug}
            style={match.icon.style}
            url={thumbnailUrl(match.icon.preview_url, ink)}
            ink={ink}
            size={icon.size}
            // As the swap strokes it (use-swap-set.ts): a filled icon's successor at the width it had before it was filled, else the next insert's.
            strokeWidth={ownStrokeOr(icon, strokeOf, next.strokeWidth, props.kept)}
            width={16}
          />
        </Fragment>
      )}
      {options.length === 0 ? (
        <span class="ic-muted">{props.item.inTarget ? 'already in this set' : props.item.known ? 'no match, stays' : 'not in this catalogue, stays'}</span>
      ) : (
        <select
          class="ic-select ic-swap-choice"
          aria-label={`Swap ${name} to`}
          value={match === null ? KEEP : String(options.indexOf(match))}
          disabled={props.busy}
          onKeyDown={keepClosedSelectFromChanging}
          onChange={(event) => props.onChoose(source, event.currentTarget.value === KEEP ? null : Number(event.currentTarget.value))}
        >
          {options.map((option, index) => (
            <option key={option.icon.slug} value={String(index)}>
              {option.icon.name} · {Math.round(option.confidence * 100)}%
            </option>
          ))}
          <option value={KEEP}>Keep as it is</option>
        </select>
      )}
    </li>
  )
}
