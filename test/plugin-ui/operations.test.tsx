// @vitest-environment happy-dom
/**
 * Inserts and swaps run one at a time and report how they ended; a drop's answer, which can arrive
 * while one runs, tells its own outcome without ending the other's progress.
 */
import { act, render, screen } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { CatalogueError } from '../../src/plugin/ui/catalogue-client'
import { CATALOGUE_BACK, useOperations, type Outcome } from '../../src/plugin/ui/use-operations'

type Operations = ReturnType<typeof useOperations>

function Probe(props: { into: { current: Operations | null }; timeoutMs?: number }) {
  const operations = useOperations(props.timeoutMs ?? 60_000)
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
    let swap: Promise<Outcome> = Promise.resolve('refused')
    await act(async () => {
      swap = operations().run('Swapping 2 icons…', async () => (requestId) => void (sent = requestId), () => 'Updated selected icons')
      await Promise.resolve()
    })
    expect(screen.getByTestId('status').textContent).toBe('Swapping 2 icons… |  | ')
    expect(await operations().run('Inserting star…', async () => () => undefined, () => 'Inserted')).toBe('refused')

    act(() => operations().expect('drop-1', 'Inserted House by drag', Promise.resolve({})))
    act(() => operations().settle({ requestId: 'drop-1', ok: true, nodeIds: ['3:1'] }))
    expect(screen.getByTestId('status').textContent).toBe('Swapping 2 icons… | Inserted House by drag | ')
    // So does a refusal before anything starts, such as Enter on a tile with a size the box refuses.
    act(() => operations().fail('Set a size from 1 to 1024 px first.'))
    expect(screen.getByTestId('status').textContent).toBe('Swapping 2 icons… |  | Set a size from 1 to 1024 px first.')

    await act(async () => {
      operations().settle({ requestId: sent, ok: true, nodeIds: ['1:1', '1:2'] })
      await swap
    })
    expect(await swap).toBe('done')
    expect(screen.getByTestId('status').textContent).toBe('idle | Updated selected icons | ')
  })

  test('marks a drop that failed because the catalogue was away, so that its message clears itself once it is back; not one refused otherwise', async () => {
    const into: { current: Operations | null } = { current: null }
    render(<Probe into={into} />)
    const operations = () => into.current as Operations
    for (const [requestId, error, away] of [
      ['drop-away', new CatalogueError('Can’t reach the icon catalogue.', { transient: true }), true],
      ['drop-refused', new CatalogueError('No such icon.'), false]
    ] as const) {
      const content = Promise.reject(error)
      content.catch(() => undefined)
      act(() => operations().expect(requestId, 'Inserted House by drag', content))
      // As use-drag-to-canvas does: main hears of the failure once the drawing could not be had.
      await act(async () => {
        await content.catch(() => undefined)
        operations().settle({ requestId, ok: false, message: error.message })
      })
      expect(operations().status).toMatchObject({ error: error.message, catalogueAway: away })
    }
  })

  test('once the catalogue answers again, its error gives way to a notice that the step is still to do, and a later notice stays', async () => {
    const into: { current: Operations | null } = { current: null }
    render(<Probe into={into} />)
    const operations = () => into.current as Operations
    act(() => operations().fail('Can’t reach the icon catalogue.'))
    act(() => operations().catalogueBack())
    expect(operations().status).toEqual({ busy: null, error: null, notice: CATALOGUE_BACK })
    // Nothing failed any more (the designer tried again, and it worked): the notice of that stays.
    act(() => operations().expect('drop-again', 'Inserted House by drag', Promise.resolve({})))
    act(() => operations().settle({ requestId: 'drop-again', ok: true, nodeIds: ['3:1'] }))
    act(() => operations().catalogueBack())
    expect(operations().status.notice).toBe('Inserted House by drag')
  })

  test('tells a refusal from main apart from no answer in time, after which it may have happened', async () => {
    const into: { current: Operations | null } = { current: null }
    const { container } = render(<Probe into={into} timeoutMs={50} />)
    const operations = () => into.current as Operations
    let refused: Promise<Outcome> = Promise.resolve('done')
    await act(async () => {
      refused = operations().run('Swapping…', async () => (requestId) => queueMicrotask(() => operations().settle({ requestId, ok: false, message: 'No.' })), () => 'Swapped')
      await refused
    })
    expect(await refused).toBe('refused')
    let silent: Promise<Outcome> = Promise.resolve('done')
    await act(async () => {
      silent = operations().run('Swapping…', async () => () => undefined, () => 'Swapped')
      await silent
    })
    expect(await silent).toBe('unconfirmed')
    expect(container.textContent).toBe('idle |  | Figma did not confirm within 0.05 s. Check the canvas, then try again.')
  })
})
