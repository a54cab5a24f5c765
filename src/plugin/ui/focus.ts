/**
 * Focus that an element going away or being disabled leaves on the page: Chromium then focuses the
 * body (https://html.spec.whatwg.org/multipage/interaction.html#focus-fixup-rule), and a keyboard
 * user would start again from the top.
 */

/** Whether nothing in particular has focus: the designer's place was lost, not moved elsewhere. */
export function nothingFocused(): boolean {
  return document.activeElement === null || document.activeElement === document.body
}

/** Focuses `element` if it is still in the document; false when it is gone. */
export function focusIfPresent(element: Element | null): boolean {
  if (!(element instanceof HTMLElement) || element === document.body || !element.isConnected) return false
  element.focus()
  return true
}
