/**
 * On a closed native <select>, Chrome on Windows and Linux changes the value with the arrow keys
 * and fires `change` at once, so moving through the style filter would run a search (or swap
 * the selected icons' style) per keystroke. Arrows are kept from doing that; Space, Enter or
 * Alt+ArrowDown open the list, where arrows move and Enter chooses, as everywhere.
 */
export function keepArrowsFromChanging(event: KeyboardEvent): void {
  if (event.altKey) return
  if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key)) event.preventDefault()
}
