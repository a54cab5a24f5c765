/**
 * Multi-core serving: `WORKERS=N` runs N catalogue processes that share one port through
 * node:cluster (the primary accepts connections and hands them round-robin to the workers).
 * Each worker loads its own catalogue; the primary only supervises: it reports when every worker
 * is ready (listening, and its catalogue loaded), replaces a worker that dies after it was ready,
 * and passes a shutdown on to all of them.
 */
import cluster, { type Address, type Worker } from 'node:cluster'

/** Beyond a worker's own shutdown deadline, how long the primary waits before it kills the worker. */
const KILL_MARGIN_MS = 5_000
/** More deaths than this within a minute means a crash loop, not bad luck: give up. */
const MAX_RESTARTS_PER_MINUTE = 5

export interface WorkersLogger {
  info(fields: object, message: string): void
  warn(fields: object, message: string): void
  error(fields: object, message: string): void
}

/** Pino-shaped JSON lines (level numbers as pino's), so the primary's logs read like the workers'. */
export const jsonLinesLogger: WorkersLogger = {
  info: (fields, message) => writeLine(30, fields, message),
  warn: (fields, message) => writeLine(40, fields, message),
  error: (fields, message) => writeLine(50, fields, message)
}

function writeLine(level: number, fields: object, message: string): void {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg: message })}\n`)
}

export interface RunWorkersOptions {
  count: number
  /** Starts one catalogue server; runs in each worker, or in this process when count is 1. */
  start: () => Promise<void>
  /** Where the workers listen, for the primary's ready line, given the port they listen on (PORT=0 picks one). */
  urlFor: (port: number) => string
  /** Called once in the primary when every worker is ready, with the URL they serve. */
  onAllReady?: (url: string) => void
  /** Each worker's own shutdown deadline (ms); a worker still running well after it is killed. */
  shutdownTimeoutMs: number
  logger?: WorkersLogger
}

/** What a worker tells the primary once its `start` has finished: it serves the catalogue. */
const READY_MESSAGE = 'icon-catalogue:ready'

/**
 * A start that cannot succeed (a HOST that is no address here, a port in use), with the one line
 * that says why and the code to exit with (78 for a mistake in the configuration). Every worker
 * fails the same way, so with workers the primary prints the line once and exits with the code.
 */
export class StartFailure extends Error {
  constructor(
    readonly exitCode: number,
    message: string
  ) {
    super(message)
  }
}

/** What a worker whose start failed tells the primary, before it exits. */
interface StartFailed {
  type: 'icon-catalogue:start-failed'
  exitCode: number
  message: string
}

function isStartFailed(message: unknown): message is StartFailed {
  return typeof message === 'object' && message !== null && (message as StartFailed).type === 'icon-catalogue:start-failed'
}

/** Ends this process with the failure's one line and its code. */
export function exitWith(failure: StartFailure): never {
  process.stderr.write(`icon-catalogue: ${failure.message}\n`)
  process.exit(failure.exitCode)
}

/** `start`, or, if it cannot succeed, this process ended with its line (by the primary, in a worker). */
async function startOrExit(start: () => Promise<void>): Promise<boolean> {
  try {
    await start()
    return true
  } catch (error) {
    if (!(error instanceof StartFailure)) throw error
    if (!cluster.isWorker) exitWith(error)
    const failed: StartFailed = { type: 'icon-catalogue:start-failed', exitCode: error.exitCode, message: error.message }
    // Exits once the primary has the message: process.exit could drop it unsent.
    process.send?.(failed, undefined, {}, () => process.exit(error.exitCode))
    return false
  }
}

/** The primary's ready line; the bench waits for it. */
export function allListeningMessage(count: number, url: string): string {
  return `${count} workers listening on ${url}`
}

export async function runWorkers(options: RunWorkersOptions): Promise<void> {
  if (options.count <= 1) {
    await startOrExit(options.start)
    return
  }
  if (cluster.isWorker) {
    if (!(await startOrExit(options.start))) return
    process.send?.(READY_MESSAGE)
    // Ctrl-C reaches every process in the group; in a cluster the primary decides when workers
    // stop (it sends SIGTERM), so a worker must not also start shutting down on its own.
    process.removeAllListeners('SIGINT')
    process.on('SIGINT', () => undefined)
    return
  }
  superviseWorkers(options)
}

function superviseWorkers({ count, urlFor, onAllReady, shutdownTimeoutMs, logger = jsonLinesLogger }: RunWorkersOptions): void {
  const ready = new Set<number>()
  let port = 0
  const restarts: number[] = []
  let everyoneReady = false
  let shuttingDown = false
  let killTimer: ReturnType<typeof setTimeout> | undefined

  const fork = () => cluster.fork()

  const shutDown = (signal: NodeJS.Signals, exitCode: number) => {
    if (shuttingDown) {
      // A second signal means "now", for the workers as for a single process.
      for (const worker of liveWorkers()) worker.process.kill(signal)
      return
    }
    shuttingDown = true
    process.exitCode = exitCode
    logger.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, 'stopping workers')
    for (const worker of liveWorkers()) worker.process.kill(signal)
    killTimer = setTimeout(() => {
      for (const worker of liveWorkers()) worker.process.kill('SIGKILL')
    }, shutdownTimeoutMs + KILL_MARGIN_MS)
  }

  // Workers bind before they load (so PORT=0 is known early); ready comes after the load.
  cluster.on('listening', (_worker: Worker, address: Address) => {
    port = address.port
  })

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (isStartFailed(message)) {
      // The first worker's says it for all: the others fail the same way, and are stopped.
      if (shuttingDown) return
      process.stderr.write(`icon-catalogue: ${message.message}\n`)
      shutDown('SIGTERM', message.exitCode)
      return
    }
    if (message !== READY_MESSAGE) return
    ready.add(worker.id)
    if (!everyoneReady && ready.size >= count) {
      everyoneReady = true
      const url = urlFor(port)
      logger.info({ workers: count, url }, allListeningMessage(count, url))
      onAllReady?.(url)
    }
  })

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const wasReady = ready.delete(worker.id)
    if (shuttingDown) {
      if (liveWorkers().length === 0) {
        clearTimeout(killTimer)
        logger.info({}, 'all workers stopped')
      }
      return
    }
    // A worker that was never ready is not retried: it would fail the same way (port taken, bad data).
    if (!wasReady) {
      logger.error({ worker: worker.process.pid, code, signal }, 'a worker failed to start; stopping')
      shutDown('SIGTERM', 1)
      return
    }
    const now = Date.now()
    restarts.push(now)
    while (restarts.length > 0 && (restarts[0] as number) < now - 60_000) restarts.shift()
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      logger.error({ restarts: restarts.length }, 'workers keep dying; stopping')
      shutDown('SIGTERM', 1)
      return
    }
    logger.warn({ worker: worker.process.pid, code, signal }, 'a worker died; starting a replacement')
    fork()
  })

  process.on('SIGTERM', () => shutDown('SIGTERM', 0))
  process.on('SIGINT', () => shutDown('SIGTERM', 0))

  logger.info({ workers: count }, `starting ${count} workers`)
  for (let i = 0; i < count; i++) fork()
}

function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead())
}
