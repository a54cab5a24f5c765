import { IconButton, IconClose16, LoadingIndicator } from '@create-figma-plugin/ui'
import { h } from 'preact'

import type { OperationStatus as Status } from './use-operations'

/** Progress, outcome or failure of the last insert or swap, at the foot of the plugin. */
export function OperationStatus(props: { status: Status; onDismiss: () => void }) {
  const { busy, error, notice } = props.status
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
        <span>{error}</span>
        <IconButton title="Dismiss" aria-label="Dismiss" onClick={props.onDismiss}>
          <IconClose16 />
        </IconButton>
      </div>
    )
  }
  return (
    <div class="ic-status ic-status-quiet" role="status" aria-live="polite">
      {notice}
    </div>
  )
}
