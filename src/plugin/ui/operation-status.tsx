import { Button, IconButton, IconClose16, LoadingIndicator } from '@create-figma-plugin/ui'
import { h } from 'preact'

import type { OperationStatus as Status } from './use-operations'

function Dismiss(props: { onDismiss: () => void }) {
  return (
    <IconButton title="Dismiss" aria-label="Dismiss" onClick={props.onDismiss}>
      <IconClose16 />
    </IconButton>
  )
}

/** Runs the failed step again: as Figma's own toasts offer their action beside the message. */
function TryAgain(props: { onTryAgain: () => void }) {
  return (
    <Button secondary onClick={props.onTryAgain}>
      Try again
    </Button>
  )
}

/**
 * Progress, outcome or failure of the last insert or swap, at the foot of the plugin. A step that
 * failed for want of the catalogue offers Try again, and keeps offering it once the catalogue is
 * back, until it is tried or dismissed: a message with a button does not fade as a notice does.
 */
export function OperationStatus(props: { status: Status; onDismiss: () => void; onTryAgain: () => void }) {
  const { busy, error, notice, again = false } = props.status
  if (busy !== null) {
    return (
      <div class="ic-status" role="status" aria-live="polite">
        <LoadingIndicator />
        <span>{busy}</span>
      </div>
    )
  }
  if (error !== null) {
    return (
      <div class="ic-status ic-status-error" role="alert">
        <span class="ic-status-text">{error}</span>
        {again ? <TryAgain onTryAgain={props.onTryAgain} /> : null}
        <Dismiss onDismiss={props.onDismiss} />
      </div>
    )
  }
  if (notice !== null && again) {
    return (
      <div class="ic-status" role="status" aria-live="polite">
        <span class="ic-status-text">{notice}</span>
        <TryAgain onTryAgain={props.onTryAgain} />
        <Dismiss onDismiss={props.onDismiss} />
      </div>
    )
  }
  return (
    <div class="ic-status ic-status-quiet" role="status" aria-live="polite">
      {notice}
    </div>
  )
}
