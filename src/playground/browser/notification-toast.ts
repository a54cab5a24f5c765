/** figma.notify, shown as Figma does: one toast at the bottom of the canvas, red for errors. */
import type { RecordedNotification } from '../figma-emulator/emulator'

export function createNotificationToast(container: HTMLElement): (notifications: RecordedNotification[]) => void {
  const toast = document.createElement('div')
  toast.className = 'toast'
  toast.setAttribute('role', 'status')
  toast.hidden = true
  container.append(toast)
  let shown = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  return (notifications) => {
    const latest = notifications[notifications.length - 1]
    if (latest === undefined || latest.cancelled) {
      clearTimeout(timer)
      toast.hidden = true
      return
    }
    if (notifications.length === shown) return
    shown = notifications.length
    clearTimeout(timer)
    toast.textContent = latest.message
    toast.classList.toggle('toast-error', latest.error)
    toast.hidden = false
    if (Number.isFinite(latest.timeout)) timer = setTimeout(() => (toast.hidden = true), latest.timeout)
  }
}
