import { useEffect, useRef, useState } from 'preact/hooks'

type MenuKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End'
const MENU_KEYS = new Set<string>(['ArrowDown', 'ArrowUp', 'Home', 'End'])

/**
 * Which of the menu's items a key moves focus to, from `current` (-1: none of them, the menu's
 * button): down and up go round, Home and End to the ends, as a menu does (WAI-ARIA APG, Menu Button).
 */
function menuItemAfter(key: MenuKey, current: number, count: number): number {
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  if (key === 'ArrowDown') return (current + 1) % count
  return current <= 0 ? count - 1 : current - 1
}

/**
 * A button that opens a panel beside it, as Figma's menus do: focus leaving both closes it, as a
 * click elsewhere does, and Escape closes it only, not the search behind it, with focus back on the button.
 * The arrow keys (and Home, End) move focus among the panel's buttons; on the closed button, ↓ or ↑
 * opens it on the one chosen now (aria-pressed), else on its first or last. A key on anything else in the container (the size box beside the
 * button steps the size with them) is left alone. `onOpen` runs however it opens.
 */
export function useDropdown(onOpen?: () => void) {
  const [open, setOpen] = useState(false)
  const show = () => {
    onOpen?.()
    setOpen(true)
  }
  const button = useRef<HTMLButtonElement>(null)
  const container = useRef<HTMLDivElement>(null)
  // Where focus goes once the panel is drawn, when a key opened it.
  const focusOnOpen = useRef<MenuKey | null>(null)
  const items = () => [...(container.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])].filter((item) => item !== button.current)
  const moveFocus = (key: MenuKey, from: Element | null) => {
    const all = items()
    if (all.length > 0) all[menuItemAfter(key, all.indexOf(from as HTMLButtonElement), all.length)]?.focus()
  }
  useEffect(() => {
    if (!open || focusOnOpen.current === null) return
    // On the item chosen now, if there is one (the size's preset, the file colour), as Figma's menus open.
    const chosen = items().find((item) => item.getAttribute('aria-pressed') === 'true')
    if (chosen === undefined) moveFocus(focusOnOpen.current, null)
    else chosen.focus()
    focusOnOpen.current = null
  })
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  const containerProps = {
    ref: container,
    onFocusOut: (event: FocusEvent) => {
      const box = event.currentTarget as HTMLElement
      if (open && !box.contains(event.relatedTarget as Node | null)) close(false)
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (!open) return
        event.preventDefault()
        close(true)
        return
      }
      if (!MENU_KEYS.has(event.key) || event.defaultPrevented) return
      const key = event.key as MenuKey
      const onButton = event.target === button.current
      if (!open) {
        if (!onButton || (key !== 'ArrowDown' && key !== 'ArrowUp')) return
        event.preventDefault()
        focusOnOpen.current = key === 'ArrowDown' ? 'Home' : 'End'
        show()
        return
      }
      if (!onButton && !items().includes(event.target as HTMLButtonElement)) return
      event.preventDefault()
      moveFocus(key, event.target as Element)
    }
  }
  return { open, toggle: () => (open ? setOpen(false) : show()), close, button, containerProps }
}
