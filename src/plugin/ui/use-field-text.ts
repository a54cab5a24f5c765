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

/**
 * Tells a toolbar field's parent whether the field holds a value it takes (`error` null), after
 * the field has rendered its own state, so the parent's update never races it: while one does not,
 * inserts are refused (LookToolbar).
 */
export function useValidityReport(error: string | null, report: ((valid: boolean) => void) | undefined): void {
  useEffect(() => report?.(error === null), [error, report])
}
