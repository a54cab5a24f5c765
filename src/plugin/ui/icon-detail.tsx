import { Button, IconButton, IconClose16 } from '@create-figma-plugin/ui'
import { h } from 'preact'
import { useEffect, useState } from 'preact/hooks'

import type { IconDetail as IconDetailData } from '../../api/catalogue-schemas'
import { byStyleWeight } from '../../api/style-order'
import { chooseVariant, drawingLabel, drawingsAlike, familyOf, nativeSizesOf, stylesOf } from '../../api/choose-variant'
import { attributionText, copyText, requiresAttribution } from './attribution'
import { useCatalogue } from './catalogue-context'
import { usePreferences } from './preferences-context'
import { messageOf } from '../../api/message-of'
import { renderPayload } from '../shared/icon-payloads'
import { ErrorState, LoadingState } from './result-states'
import type { Resource } from './use-resource'
import { usePreviewInk } from './use-preview-ink'
import { strokedAsInserted } from './svg-stroke'
import { thumbnailUrl } from './use-theme-ink'
import { IconPreview } from './icon-preview'
import { usePrefetchedInsert } from './use-prefetched-insert'

export interface IconDetailProps {
  resource: Resource<IconDetailData> & { retry: () => void }
  /** Plugin icons selected on the canvas, which "Replace" would swap. */
  selectionCount: number
  busy: boolean
  /** Why nothing can be inserted while a toolbar box holds a value it refuses, else null. */
  entryProblem: string | null
  onOpenVariant: (iconset: string, slug: string) => void
  onInsert: (icon: IconDetailData) => void
  onReplace: (icon: IconDetailData) => void
  onClose: () => void
}

/** One icon: its attribution, its family's other styles, the drawings alike in its style, native sizes, and how to insert it. */
export function IconDetail(props: IconDetailProps) {
  const { resource } = props
  return (
    <section class="ic-panel ic-detail-panel" aria-label="Icon details">
      <div class="ic-panel-close">
        <IconButton title="Close details" aria-label="Close details" onClick={props.onClose}>
          <IconClose16 />
        </IconButton>
      </div>
      {resource.status === 'loading' ? <LoadingState label="Loading icon…" /> : null}
      {resource.status === 'error' ? <ErrorState message={resource.error} onRetry={resource.retry} /> : null}
      {resource.status === 'ready' ? (
        <IconDetailBody {...props} icon={resource.data} />
      ) : null}
    </section>
  )
}

/** How long a copy's success is said, as long as a toast stays (ui.css's ic-toast-out). */
export const COPY_NOTE_MS = 4000

function IconDetailBody(props: IconDetailProps & { icon: IconDetailData }) {
  const { icon } = props
  const [copied, setCopied] = useState<{ note: string; failed: boolean; look: string } | null>(null)
  const { client, nameOfStyle, strokeOfNow } = useCatalogue()
  const previewInk = usePreviewInk()
  const { preferences, update } = usePreferences()
  const { size, color, strokeWidth } = preferences
  // What a copy says is about that copy: a success goes after a moment, as the toasts do, and any
  // note goes once the icon or the look it names changes ("at 64 px" of a box now saying 20).
  const look = `${icon.iconset}:${icon.slug} ${size} ${color} ${strokeWidth}`
  useEffect(() => {
    if (copied === null || copied.failed) return
    const timer = setTimeout(() => setCopied(null), COPY_NOTE_MS)
    return () => clearTimeout(timer)
  }, [copied])
  usePrefetchedInsert(icon)
  // The stroke width goes on as insert puts it on (main sets it after the import), so the copy is what insert would give.
  const svgToCopy = async () => {
    const [{ svg }, strokeOf] = await Promise.all([renderPayload(client, icon, { style: icon.style, size, color }), strokeOfNow()])
    return strokedAsInserted(svg, strokeWidth, size, strokeOf(icon))
  }
  const copy = async (what: 'svg' | 'attribution') => {
    try {
      if (what === 'attribution') copyText(attributionText(icon))
      else copyText(await svgToCopy())
      setCopied({ note: what === 'svg' ? `Copied the SVG at ${size} px.` : 'Copied the attribution.', failed: false, look })
    } catch (error) {
      setCopied({ note: messageOf(error), failed: true, look })
    }
  }
  const family = familyOf(icon)
  const self = family[0] ?? { slug: icon.slug, style: icon.style, size: Math.max(icon.width, icon.height) }
  // Every style, the icon's own pressed, so the chips stay where they are as one is chosen.
  const styles = stylesOf(family).sort(byStyleWeight)
  const nativeSizes = nativeSizesOf(family, icon.style)
  const alike = drawingsAlike(family, icon.style, self.size)
  const canAct = props.entryProblem === null && !props.busy
  return (
    <div class="ic-detail">
      <div class="ic-detail-head">
        <IconPreview
          class="ic-detail-preview"
          iconset={icon.iconset}
          slug={icon.slug}
          style={icon.style}
          url={thumbnailUrl(icon.preview_url, previewInk)}
          ink={previewInk}
          size={size}
          strokeWidth={strokeWidth}
          width={48}
        />
        <div class="ic-detail-title">
          <h2 class="ic-detail-name">{icon.name}</h2>
          <p class="ic-muted">
            {icon.iconset_name} · {nameOfStyle(icon.style)}
          </p>
          <p class="ic-muted ic-attribution">
            {'By '}
            <MaybeLink text={icon.author.name} url={icon.author.url} />
            {' · '}
            <MaybeLink text={icon.license.name} url={icon.license.url} />
          </p>
        </div>
      </div>
      {styles.length > 1 ? (
        <div class="ic-row" role="group" aria-label="Styles">
          <span class="ic-row-label">Styles</span>
          {styles.map((style) => (
            <button
              key={style}
              type="button"
              class="ic-chip"
              aria-pressed={style === icon.style}
              onClick={() => {
                if (style !== icon.style) props.onOpenVariant(icon.iconset, chooseVariant(self, family, { style, size }).slug)
              }}
            >
              {nameOfStyle(style)}
            </button>
          ))}
        </div>
      ) : null}
      {alike.length > 1 ? (
        <div class="ic-row" role="group" aria-label="Variants">
          <span class="ic-row-label">Variants</span>
          {alike.map((drawing) => (
            <button
              key={drawing.slug}
              type="button"
              class="ic-chip"
              aria-pressed={drawing.slug === icon.slug}
              onClick={() => {
                if (drawing.slug !== icon.slug) props.onOpenVariant(icon.iconset, drawing.slug)
              }}
            >
              {drawingLabel(drawing.slug, icon.family)}
            </button>
          ))}
        </div>
      ) : null}
      {nativeSizes.length > 1 ? (
        <div class="ic-row" role="group" aria-label="Native sizes">
          <span class="ic-row-label">Drawn at</span>
          {nativeSizes.map((native) => (
            <button
              key={native}
              type="button"
              class="ic-chip"
              aria-pressed={native === size}
              aria-label={`Native ${native} px`}
              onClick={() => update({ size: native })}
            >
              {native}
            </button>
          ))}
        </div>
      ) : null}
      {requiresAttribution(icon.license.spdx) ? (
        <p class="ic-notice" role="note">
          {icon.license.name} asks you to credit {icon.author.name} wherever this icon is used. Copy attribution gives you
          the line.
        </p>
      ) : null}
      <div class="ic-row" role="group" aria-label="Copy">
        <button type="button" class="ic-chip" onClick={() => void copy('svg')}>
          Copy SVG
        </button>
        <button type="button" class="ic-chip" onClick={() => void copy('attribution')}>
          Copy attribution
        </button>
        <span class="ic-muted" role="status">
          {copied?.look === look ? copied.note : null}
        </span>
      </div>
      <div class="ic-actions">
        <Button fullWidth disabled={!canAct} loading={props.busy} onClick={() => props.onInsert(icon)}>
          Insert
        </Button>
        {props.selectionCount > 0 ? (
          <Button fullWidth secondary disabled={!canAct} onClick={() => props.onReplace(icon)}>
            Replace
          </Button>
        ) : null}
      </div>
    </div>
  )
}

function MaybeLink(props: { text: string; url: string | null }) {
  if (props.url === null) return <span>{props.text}</span>
  return (
    <a href={props.url} target="_blank" rel="noreferrer">
      {props.text}
    </a>
  )
}
