import { focusIfPresent } from './focus'

/**
 * Escape in a toolbar field, as in Figma's properties panel: what was typed goes back to the value
 * the field shows and focus leaves it, for the view's search box (Figma's goes back to the canvas):
 * left on the page's body, a keyboard user would start again from the top. The key stops there,
 * so it never clears the search. The box's value is set before it loses focus, so leaving it sends
 * no `change` for the abandoned text.
 */
export function revertOnEscape(event: KeyboardEvent, shown: string, revert: () => void): boolean {
  if (event.key !== 'Escape') return false
  event.preventDefault()
  const input = event.currentTarget as HTMLInputElement
  input.value = shown
  revert()
  input.blur()
  focusIfPresent(document.querySelector('.ic-search-input'))
  return true
}
