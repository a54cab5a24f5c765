import { useEffect, useRef } from 'preact/hooks'

/**
 * The DOM `change` event (Enter, leaving the box, closing a colour picker). preact/compat, which
 * @create-figma-plugin/ui pulls in, turns `onChange` on inputs into `onInput`, so listen natively.
 */
export function useNativeChange<T extends HTMLInputElement>(onChange: (value: string) => void) {
  const element = useRef<T>(null)
  const latest = useRef(onChange)
  latest.current = onChange
  useEffect(() => {
    const node = element.current
    if (node === null) return
    const listener = () => latest.current(node.value)
    node.addEventListener('change', listener)
    return () => node.removeEventListener('change', listener)
  }, [])
  return element
}
