import { useEffect, useState } from 'preact/hooks'

/**
 * What a toolbar field holds as typed, and what is wrong with it: both go back to the value the
 * field shows whenever that changes (another selection, a commit) or `resets` counts one more
 * (a swap that failed, leaving the value as it was), as Escape takes them back too.
 */
export function useFieldText(shown: string, resets: number) {
  const [text, setText] = useState(shown)
  const [error, setError] = useState<string | null>(null)
  const revert = () => {
    setText(shown)
    setError(null)
  }
  useEffect(revert, [shown, resets])
  return { text, setText, error, setError, revert }
}
