/** The keys that move a closed select's value on their own. */
const MOVING_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']

/**
 * On a closed native <select>, Chrome on Windows and Linux changes the value with the arrow keys
 * and with type-ahead (a letter picks the next option starting with it), and fires `change` at
 * once, so moving through the style filter would run a search, or swap the selected icons' style,
 * per keystroke. Those keys are kept from doing that; Space, Enter or Alt+ArrowDown open the list,
 * where arrows and letters move and Enter chooses, as everywhere (Chrome draws the open list as a
 * popup of its own, which takes those keys). Shortcuts with Ctrl or Cmd go through.
 */
export function keepClosedSelectFromChanging(event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return
  const typeAhead = event.key.length === 1 && event.key !== ' '
  if (typeAhead || MOVING_KEYS.includes(event.key)) event.preventDefault()
}
