/** What a designer must say about where an icon comes from, and how to copy it. */
import type { IconDetail } from '../../api/catalogue-schemas'

/**
 * Creative Commons Attribution licences (CC BY, BY-SA, BY-NC…) ask for credit wherever the work
 * is used, a design included; MIT, ISC and Apache ask for their notice with copies of the
 * software, and CC0 for nothing.
 */
export function requiresAttribution(spdx: string): boolean {
  return /^CC-BY(-|$)/i.test(spdx)
}

/** One line to paste into a design's credits: what, by whom, from which set, under which licence. */
export function attributionText(icon: Pick<IconDetail, 'name' | 'iconset_name' | 'author' | 'license'>): string {
  const licence = icon.license.url === null ? icon.license.name : `${icon.license.name} (${icon.license.url})`
  const author = icon.author.url === null ? icon.author.name : `${icon.author.name} (${icon.author.url})`
  return `“${icon.name}” from ${icon.iconset_name} by ${author}, licensed under ${licence}`
}

/**
 * Copies text from the plugin's iframe. Figma's plugin iframes do not get the asynchronous
 * Clipboard API (no clipboard-write permission), so this selects a hidden text area and uses
 * the `copy` command, which a click allows.
 */
export function copyText(text: string): void {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
  document.body.append(area)
  area.focus()
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  focused?.focus()
  if (!copied) throw new Error('The browser did not allow copying. Select the text and copy it by hand.')
}
