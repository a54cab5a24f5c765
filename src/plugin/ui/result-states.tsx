import { Button, LoadingIndicator } from '@create-figma-plugin/ui'
import { h, type ComponentChildren } from 'preact'

/**
 * The line above the results: how many drawings, for what. One line on screen (ui.css), so its
 * title says it whole; a screen reader hears every change of it.
 */
export function ResultSummary(props: { text: string }) {
  return (
    <p class="ic-summary" role="status" aria-live="polite" title={props.text === '' ? undefined : props.text}>
      {props.text}
    </p>
  )
}

/**
 * What to try when a query finds nothing: another word, or, for a query with letters but none of
 * the Latin alphabet ('домой', '家'), a word in English, the language every icon is named in.
 */
export function tryAnotherWord(query: string): string {
  return /\p{L}/u.test(query) && !/\p{Script=Latin}/u.test(query) ? 'Icons are named in English: try an English word' : 'Try another word'
}

/** How many characters of a query a message quotes: a long one would fill the window, line after line. */
const QUOTED_QUERY_LENGTH = 40

/** The query as a message quotes it: whole, or its beginning and '…' when longer than QUOTED_QUERY_LENGTH. */
export function quotedQuery(query: string): string {
  const characters = [...query.trim()]
  return characters.length <= QUOTED_QUERY_LENGTH ? characters.join('') : `${characters.slice(0, QUOTED_QUERY_LENGTH - 1).join('').trimEnd()}…`
}

export function LoadingState(props: { label: string }) {
  return (
    <div class="ic-state" role="status" aria-live="polite">
      <LoadingIndicator />
      <span>{props.label}</span>
    </div>
  )
}

/**
 * The next page on its way. The grid's placeholder tiles already show it, so this only tells a
 * screen reader, and takes no room: a block under the grid squeezed it, and its rows jumped.
 */
export function LoadingMoreState() {
  return (
    <p class="ic-visually-hidden" role="status" aria-live="polite">
      Loading more…
    </p>
  )
}

export function ErrorState(props: { message: string; onRetry: () => void }) {
  return (
    <div class="ic-state ic-state-error" role="alert">
      <p class="ic-state-message">{props.message}</p>
      <Button secondary onClick={props.onRetry}>
        Retry
      </Button>
    </div>
  )
}

/**
 * The next page failed: a bar over the grid's foot, as Figma's toasts lie over the canvas, so the
 * grid keeps its height and no row moves; the grid's last row scrolls up clear of it.
 */
export function MoreErrorState(props: { message: string; onRetry: () => void }) {
  return (
    <div class="ic-more-error" role="alert">
      <span class="ic-more-error-message" title={props.message}>
        {props.message}
      </span>
      <Button secondary onClick={props.onRetry}>
        Retry
      </Button>
    </div>
  )
}

export function EmptyState(props: { children: ComponentChildren }) {
  return (
    <div class="ic-state" role="status" aria-live="polite">
      {props.children}
    </div>
  )
}
