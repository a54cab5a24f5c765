/**
 * Figma's toast shows at most 100 characters and cuts the rest wherever it falls ("limited to 100
 * characters. Longer messages will be truncated", PluginAPI.notify in @figma/plugin-typings). A
 * long message (a failure with the catalogue's own words in it) is cut here instead, at a word,
 * with an ellipsis, so the designer reads whole words; the UI keeps the whole message.
 */
export const NOTIFY_LIMIT = 100

/** `message` as it fits in a toast: unchanged if short enough, else cut at the last space that leaves room for "…". */
export function fitToToast(message: string): string {
  const characters = [...message]
  if (characters.length <= NOTIFY_LIMIT) return message
  const head = characters.slice(0, NOTIFY_LIMIT - 1).join('')
  const space = head.lastIndexOf(' ')
  // One long word (a URL, say) is cut where it must be.
  const cut = space > NOTIFY_LIMIT / 2 ? head.slice(0, space) : head
  return `${cut.replace(/[\s,.:;]+$/, '')}…`
}

export function notify(message: string, options?: NotificationOptions): NotificationHandler {
  return figma.notify(fitToToast(message), options)
}
