/**
 * figma.notify: the toasts a plugin shows, recorded for the host to draw and for tests to read.
 */
import { expectType } from './api-values'

export interface RecordedNotification {
  /** What the toast shows: at most NOTIFY_LIMIT characters of what the plugin passed. */
  message: string
  /** Whether Figma cut the message the plugin passed. */
  truncated: boolean
  error: boolean
  /** ms, or Infinity for a toast that stays until the plugin closes. */
  timeout: number
  cancelled: boolean
}

const NOTIFY_LIMIT = 100
const DEFAULT_NOTIFY_TIMEOUT_MS = 3_000

/** `notify` for `figma`, and what it recorded; `changed` tells the host to draw them. */
export function createNotifications(changed: () => void): { notify: PluginAPI['notify']; notifications: RecordedNotification[] } {
  const notifications: RecordedNotification[] = []
  /**
   * "The message to show. It is limited to 100 characters. Longer messages will be truncated";
   * the timeout "defaults to 3 seconds when not specified" (PluginAPI.notify in the typings).
   */
  const notify = (message: string, notifyOptions?: NotificationOptions): NotificationHandler => {
    expectType('notify', 'message', message, 'string')
    const record: RecordedNotification = {
      message: [...message].slice(0, NOTIFY_LIMIT).join(''),
      truncated: [...message].length > NOTIFY_LIMIT,
      error: notifyOptions?.error === true,
      timeout: notifyOptions?.timeout ?? DEFAULT_NOTIFY_TIMEOUT_MS,
      cancelled: false
    }
    notifications.push(record)
    changed()
    return { cancel: () => void (record.cancelled = true) }
  }
  return { notify, notifications }
}
