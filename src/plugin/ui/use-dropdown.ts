import { useRef, useState } from 'preact/hooks'

/**
 * A button that opens a panel beside it, as Figma's menus do: focus leaving both closes it, as a
 * click elsewhere does, and Escape closes it only, not the search behind it, with focus back on the button.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  const containerProps = {
    onFocusOut: (event: FocusEvent) => {
      const container = event.currentTarget as HTMLElement
      if (open && !container.contains(event.relatedTarget as Node | null)) close(false)
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return
      event.preventDefault()
      close(true)
    }
  }
  return { open, toggle: () => setOpen(!open), close, button, containerProps }
}
