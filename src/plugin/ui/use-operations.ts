import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

import type { OperationResult } from '../../api/plugin-protocol'
import { messageOf } from '../../api/message-of'
import { isAway, isTransient } from './catalogue-client'
import { focusIfPresent, nothingFocused } from './focus'

/** How long main may take to confirm an insert or swap before the UI gives up waiting. */
export const OPERATION_TIMEOUT_MS = 20_000

let counter = 0
/** Unique within this UI session; crypto.randomUUID is unavailable in Figma's null-origin iframe. */
export function nextRequestId(): string {
  counter += 1
  return `${Date.now().toString(36)}-${counter}`
}

/**
 * The controls are disabled while an insert or swap runs, which moves focus off the one in use to
 * the page (focus.ts); once they are enabled again (after the next render), focus goes back to it,
 * unless the designer has focused something else meanwhile or it is gone.
 */
function refocusAfterBusy(focused: Element | null): void {
  requestAnimationFrame(() => {
    if (nothingFocused()) focusIfPresent(focused)
  })
}

/**
 * What became of an insert or swap: done; refused, so nothing changed (main said no, or it could not
 * be prepared); or unconfirmed, when main did not answer in time and it may have happened anyway.
 */
export type Outcome = 'done' | 'refused' | 'unconfirmed'

/** What stays once the catalogue that an insert, drop or swap failed to reach answers again: nothing was made, so it is still to do. */
export const CATALOGUE_BACK = 'The icon catalogue answers again. Nothing changed: try once more.'

export interface OperationStatus {
  /** What is under way, e.g. "Inserting Home…"; null when idle. */
  busy: string | null
  error: string | null
  /** The error came from the catalogue being away (unreachable, or no answer in time); once it answers, the error gives way to CATALOGUE_BACK. */
  catalogueAway?: boolean
  notice: string | null
  /** The failed step can be run again as it was asked (tryAgain): nothing of it was made. */
  again?: boolean
}

/**
 * Runs one insert or swap at a time: sends it with a request id and resolves when main answers
 * with OPERATION_RESULT, or with a failure after OPERATION_TIMEOUT_MS, so progress never spins forever.
 */
export function useOperations(timeoutMs = OPERATION_TIMEOUT_MS) {
  const waiting = useRef(new Map<string, (result: OperationResult) => void>())
  /** An insert or swap is under way: another (a key held down on a tile) is refused, not run beside it. */
  const running = useRef(false)
  /** The step that failed for want of the catalogue, as its caller asked it, to run again on Try again. */
  const failedStep = useRef<(() => unknown) | null>(null)
  /** Settles once the insert or swap under way has sent its request to main, or failed before it could. */
  const sending = useRef<Promise<void>>(Promise.resolve())
  /**
   * Steps waiting their turn behind the one under way (a toolbar change made while a swap runs),
   * each settling once it has started or been dropped, with what seals it against later changes.
   */
  const turns = useRef(new Map<Promise<void>, () => void>())
  /** How many undos the designer has asked for: a swap's change is not carried into the next once one has taken it back. */
  const undos = useRef(0)
  const [status, setStatus] = useState<OperationStatus>({ busy: null, error: null, notice: null })

  useEffect(() => {
    const pending = waiting.current
    return () => pending.clear()
  }, [])

  const settle = useCallback((result: OperationResult) => {
    const resolve = waiting.current.get(result.requestId)
    if (resolve === undefined) return
    waiting.current.delete(result.requestId)
    resolve(result)
  }, [])

  /**
   * `prepare` fetches what main needs and returns a sender; failures become the UI's error message.
   * `done` says what was done, given how many layers main made or changed. `again` is the
   * caller's whole step, offered as Try again when it fails because the catalogue is away: nothing
   * was sent to main then, so running it again cannot make anything twice.
   */
  const run = useCallback(
    async (
      label: string,
      prepare: () => Promise<(requestId: string) => void>,
      done: (nodes: number) => string,
      again?: () => unknown
    ): Promise<Outcome> => {
      if (running.current) return 'refused'
      running.current = true
      failedStep.current = null
      const focused = document.activeElement
      setStatus({ busy: label, error: null, notice: null })
      const requestId = nextRequestId()
      let markSent = () => {}
      sending.current = new Promise<void>((resolve) => (markSent = resolve))
      try {
        const send = await prepare()
        let unconfirmed = false
        const result = await new Promise<OperationResult>((resolve) => {
          const timer = setTimeout(() => {
            waiting.current.delete(requestId)
            unconfirmed = true
            resolve({
              requestId,
              ok: false,
              message: `Figma did not confirm within ${timeoutMs / 1000} s. Check the canvas, then try again.`
            })
          }, timeoutMs)
          waiting.current.set(requestId, (answer) => {
            clearTimeout(timer)
            resolve(answer)
          })
          send(requestId)
          markSent()
        })
        setStatus(result.ok ? { busy: null, error: null, notice: done(result.nodeIds.length) } : { busy: null, error: result.message, notice: null })
        return result.ok ? 'done' : unconfirmed ? 'unconfirmed' : 'refused'
      } catch (error) {
        waiting.current.delete(requestId)
        // Worth trying again as asked whenever the catalogue may answer later; watched for only
        // while it is away (one that answered a 5xx is there, and its message stays).
        failedStep.current = isTransient(error) ? (again ?? null) : null
        setStatus({ busy: null, error: messageOf(error), catalogueAway: isAway(error), notice: null, again: failedStep.current !== null })
        return 'refused'
      } finally {
        markSent()
        running.current = false
        refocusAfterBusy(focused)
      }
    },
    [timeoutMs]
  )

  /**
   * A step that waits for the one under way to end, then runs (or is dropped, settling `turn`
   * either way). `seal` is called once an undo waits for it: a change made after the undo must not
   * join it, or the undo would take that change back too.
   */
  const waitTurn = useCallback((turn: Promise<void>, seal: () => void) => {
    turns.current.set(turn, seal)
    void turn.then(() => turns.current.delete(turn))
  }, [])

  /**
   * Before an undo: counts it, and resolves once the insert or swap under way, if any, and every
   * step waiting its turn behind it have reached main. The undo sent then reaches main after them,
   * and main takes them in that order, so it takes back the designer's last change, not the one before.
   */
  const beforeUndo = useCallback(async () => {
    undos.current += 1
    // Only the steps waiting now: one a later change makes comes after the undo, not before it.
    const waiting = [...turns.current.keys()]
    for (const seal of turns.current.values()) seal()
    await sending.current
    if (waiting.length === 0) return
    await Promise.all(waiting)
    await sending.current
  }, [])

  const undoCount = useCallback(() => undos.current, [])

  /**
   * A drop: main answers only if the drop reached the canvas, so no progress is shown and silence
   * is not an error. Its answer leaves an insert or swap under way as it is. `content` is the drawing
   * being fetched for it: when the catalogue was away, the failure clears itself once it is back.
   */
  const expect = useCallback(
    (requestId: string, done: string, content: Promise<unknown>, onDone?: () => void) => {
      // Settled before main hears of the failure (DROP_FAILED is sent from a handler added after this one).
      let catalogueAway = false
      content.catch((error: unknown) => void (catalogueAway = isAway(error)))
      const timer = setTimeout(() => waiting.current.delete(requestId), timeoutMs)
      waiting.current.set(requestId, (result) => {
        clearTimeout(timer)
        setStatus(({ busy }) => (result.ok ? { busy, error: null, notice: done } : { busy, error: result.message, catalogueAway, notice: null }))
        if (result.ok) onDone?.()
      })
    },
    [timeoutMs]
  )

  // A refusal before anything starts (a size the box refuses) leaves an insert or swap under way busy.
  const fail = useCallback((message: string) => setStatus(({ busy }) => ({ busy, error: message, notice: null })), [])

  /** Takes back a refusal whose cause has gone (the size box mended): its message clears, if still shown. */
  const withdraw = useCallback((message: string) => setStatus((status) => (status.error === message ? { ...status, error: null } : status)), [])

  const dismiss = useCallback(() => {
    failedStep.current = null
    setStatus({ busy: null, error: null, notice: null })
  }, [])

  /** The catalogue answers again: its "can't reach" goes, and the notice says the failed step is still to do. */
  const catalogueBack = useCallback(
    () => setStatus((status) => (status.error === null ? status : { busy: status.busy, error: null, notice: CATALOGUE_BACK, again: status.again })),
    []
  )

  /** Runs the step that failed for want of the catalogue once more, as it was first asked. */
  const tryAgain = useCallback(() => {
    const step = failedStep.current
    failedStep.current = null
    step?.()
  }, [])

  return { status, run, settle, expect, fail, withdraw, dismiss, catalogueBack, tryAgain, beforeUndo, undoCount, waitTurn }
}
