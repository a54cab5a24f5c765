// @vitest-environment happy-dom
/**
 * Inserts and swaps run one at a time and report how they ended; a drop's answer, which can arrive
 * while one runs, tells its own outcome without ending the other's progress.
 */
import { act, render, screen } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { useOperations } from '../../src/plugin/ui/use-operations'

type Operations = ReturnType<typeof useOperations>

function Probe(props: { into: { current: Operations | null } }) {
  const operations = useOperations(60_000)
  props.into.current = operations
  const { busy, notice, error } = operations.status
  return <p data-testid="status">{`${busy ?? 'idle'} | ${notice ?? ''} | ${error ?? ''}`}</p>
}

describe('operations', () => {
  test('a second insert is refused while one runs, and a drop’s answer or a refusal leaves the one under way busy', async () => {
    const into: { current: Operations | null } = { current: null }
    render(<Probe into={into} />)
    const operations = () => into.current as Operations
    let sent = ''
    let swap: Promise<boolean> = Promise.resolve(false)
    await act(async () => {
      swap = operations().run('Swapping 2 icons…', async () => (requestId) => void (sent = requestId), () => 'Updated selected icons')
      await Promise.resolve()
    })
    expect(screen.getByTestId('status').textContent).toBe('Swapping 2 icons… |  | ')
    expect(await operations().run('Inserting star…', async () => () => undefined, () => 'Inserted')).toBe(false)

    act(() => operations().expect('drop-1', 'Inserted House by drag'))
    act(() => operations().settle({ requestId: 'drop-1', ok: true, nodeIds: ['3:1'] }))
    expect(screen.getByTestId('status').textContent).toBe('Swapping 2 icons… | Inserted House by drag | ')
    // So does a refusal before anything starts, such as Enter on a tile with a size the box refuses.
    act(() => operations().fail('Set a size from 1 to 1024 px first.'))
    expect(screen.getByTestId('status').textContent).toBe('Swapping 2 icons… |  | Set a size from 1 to 1024 px first.')

    await act(async () => {
      operations().settle({ requestId: sent, ok: true, nodeIds: ['1:1', '1:2'] })
      await swap
    })
    expect(await swap).toBe(true)
    expect(screen.getByTestId('status').textContent).toBe('idle | Updated selected icons | ')
  })
})
