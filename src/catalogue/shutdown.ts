/**
 * A graceful shutdown within a deadline: stop accepting connections, refuse new requests on open
 * ones (503 shutting_down, see routes/health.ts), let the requests in flight finish, then close
 * every connection, including those with a half-sent request and clients that stopped reading.
 */
import type { Server } from 'node:http'
import { giveUpOnConnections } from './http-server'
import type { Lifecycle } from './lifecycle'

export type ShutdownOutcome = 'finished' | 'deadline'

export async function shutDownGracefully(server: Server, lifecycle: Lifecycle, deadlineMs: number): Promise<ShutdownOutcome> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  const drained = lifecycle.drain()
  server.closeIdleConnections()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<ShutdownOutcome>((resolve) => (timer = setTimeout(() => resolve('deadline'), deadlineMs)))
  const outcome = await Promise.race([drained.then((): ShutdownOutcome => 'finished'), deadline])
  clearTimeout(timer)
  // Whatever is still open has nothing left to finish, or has had its time: at the deadline, a
  // connection still open is given up on (reset, so its unread answers leave the kernel too).
  if (outcome === 'deadline') giveUpOnConnections(server)
  server.closeAllConnections()
  await closed
  return outcome
}

/**
 * Calls `exit` after `afterMs` unless the process has ended by then: the last resort of a shutdown
 * that hangs. Unref'd, so a shutdown that finishes exits without waiting for it.
 */
export function armExitWatchdog(afterMs: number, exit: () => void): NodeJS.Timeout {
  // Node's timer, not the DOM's that the shared type library also declares: it has unref().
  return setTimeout<[]>(exit, afterMs).unref()
}
