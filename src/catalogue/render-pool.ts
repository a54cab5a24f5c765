/**
 * PNG rendering off the event loop: a pool of worker threads (render-worker.ts), one per core by
 * default, started on first use and stopped again when idle, so a process that serves no PNG holds
 * no render memory. Identical renders in flight are shared: 200 requests for one PNG render it
 * once. Renders wait in a bounded queue; beyond it the pool refuses at once with a 503 and a
 * Retry-After estimated from the queue, rather than holding requests and memory without limit.
 * Each thread's heap is bounded (resourceLimits) and a thread that grows past a threshold, or has
 * rendered many images, is replaced by a fresh one.
 *
 * The queue is shared fairly between connections (a render's owner): one connection may have only
 * as many renders in the queue as there are threads, and the rest of its renders wait behind them,
 * on its own, up to a backlog of its own; beyond that it alone is refused. So one connection
 * pipelining a hundred renders cannot fill the queue and have every other client refused (its
 * answers go out in order anyway, so rendering more of them at once would not speed it up). When a
 * connection closes, its renders that have not started are dropped, unless another request shares them.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { MAX_LIMIT } from '../api/limits'
import { ProblemError } from './problems'

/**
 * Distinct renders that may wait for `threads` threads unless told otherwise: 32 per thread, and at
 * least two pages of thumbnails. A page of results shows MAX_LIMIT, which a browser behind an HTTP/2
 * proxy asks for at once, each on its own upstream connection: none of two pages need be refused.
 */
export function defaultQueueLimit(threads: number): number {
  return Math.max(32 * threads, 2 * MAX_LIMIT)
}

/** What the pool sends a render thread. */
export interface RenderRequest {
  id: number
  svg: string
}

/** What a render thread answers: the PNG or why not, and the memory the thread now holds. */
export interface RenderReply {
  id: number
  png?: Uint8Array
  error?: string
  memoryBytes: number
}

export interface RenderPoolOptions {
  /** Render threads; default one per core. */
  threads?: number
  /** Distinct renders that may wait for a thread; default defaultQueueLimit(threads). */
  queueLimit?: number
  /** A thread holding more than this after a render is replaced; default 96 MB. */
  recycleBytes?: number
  /** A thread is replaced after this many renders, whatever it holds; default 2,000. */
  recycleRenders?: number
  /** Threads stop after this long without work; default 10 s. */
  idleMs?: number
  /** Distinct renders one owner may have in the queue or on a thread; default one per thread. */
  perOwner?: number
  /** Renders of one owner that may wait for those; default 32. */
  ownerBacklog?: number
  /** A render that waited longer than this for a thread is refused, not started; default MAX_QUEUE_WAIT_MS. */
  maxWaitMs?: number
}

/**
 * How long a render may wait in the queue: one that waited longer is answered with a 503 when a
 * thread comes free, instead of starting. With the render's own time, under the 5 s that nginx in
 * front of a fleet waits for an answer to start (proxy_read_timeout, deploy/nginx/catalogue-proxy.conf):
 * a process whose queue of cold 1024 px PNGs outlasted it would be timed out and, with max_fails=1,
 * taken out though healthy, where a 503 is retried once on another process and takes none out. The
 * queue's length alone cannot bound the wait (a render takes a few ms at 48 px, tens at 1024 px), and
 * a longer read timeout for renders would also make nginx wait that long on a process that hangs.
 */
export const MAX_QUEUE_WAIT_MS = 4_000

/**
 * Who a render is for: the connection the request came on. A 'close' drops its renders not started.
 * Renders with no owner (rehearsals, tests) are never dropped or held back.
 */
export interface RenderOwner {
  once(event: 'close', listener: () => void): unknown
}

export interface RenderPoolStats {
  /** Renders the threads have finished, successfully or not. */
  renders: number
  /** Requests that joined an identical render already in flight. */
  shared: number
  /** Renders refused because the queue was full. */
  refused: number
  /** Renders waiting for a thread. */
  queued: number
  /** Renders waiting behind others of their owner's before they join the queue. */
  held: number
  /** Renders a thread is working on. */
  running: number
  /** Threads started since the pool was made (recycled ones are replaced by new ones). */
  threadsStarted: number
  /** Threads running now. */
  threads: number
}

/** The heap each thread may use: resvg's pixels are native memory, the JS heap holds only requests and replies. */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 }

/** A first guess at one render's time until the pool has measured some, for Retry-After. */
const INITIAL_RENDER_MS = 50

/**
 * The thread's entry is TypeScript, which only a loader can run. Node 20 does not pass loaders
 * registered in code or with --import on to worker threads, so each thread registers tsx (the loader
 * `npm start` uses) itself before importing the entry. This works the same under tsx and vitest.
 */
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./render-worker.ts', import.meta.url).href)}) })`

interface Job {
  id: number
  svg: string
  /** Every owner waiting for it, ANYONE for a request without one. */
  owners: Set<RenderOwner | typeof ANYONE>
  promise: Promise<Buffer>
  resolve(png: Buffer): void
  reject(error: Error): void
  /** When it joined the queue (performance.now()). */
  queuedAt: number
}

/** A render held back until others of its owner's end. */
interface Held {
  svg: string
  resolve(png: Buffer): void
  reject(error: Error): void
}

/** An owner's renders in the queue or on a thread, and those held back behind them. */
interface OwnerShare {
  admitted: number
  backlog: Held[]
}

/** Stands for the requests with no owner, which never leave. */
const ANYONE = Symbol('anyone')

/** Why a render an owner no longer waits for was dropped; nobody is told, as nobody is there. */
export class RenderAbandoned extends Error {}

interface Thread {
  worker: Worker
  job: Job | undefined
  renders: number
  startedAt: number
}

export class RenderPool {
  readonly threads: number
  readonly queueLimit: number
  private readonly recycleBytes: number
  private readonly recycleRenders: number
  private readonly idleMs: number
  private readonly running = new Set<Thread>()
  private readonly queue: Job[] = []
  private readonly inFlight = new Map<string, Job>()
  private readonly perOwner: number
  private readonly ownerBacklog: number
  private readonly maxWaitMs: number
  private readonly shares = new Map<RenderOwner, OwnerShare>()
  /** Owners whose 'close' the pool listens to already. */
  private readonly watched = new WeakSet<RenderOwner>()
  private readonly counts = { renders: 0, shared: 0, refused: 0, threadsStarted: 0 }
  private nextId = 1
  private averageRenderMs = INITIAL_RENDER_MS
  private idleTimer: ReturnType<typeof setTimeout> | undefined
  /** Set for when the oldest render waiting will have waited its time (armExpiry). */
  private expiryTimer: ReturnType<typeof setTimeout> | undefined
  private closed = false

  constructor(options: RenderPoolOptions = {}) {
    this.threads = options.threads ?? availableParallelism()
    this.queueLimit = options.queueLimit ?? defaultQueueLimit(this.threads)
    this.recycleBytes = options.recycleBytes ?? 96 * 1024 * 1024
    this.recycleRenders = options.recycleRenders ?? 2000
    this.idleMs = options.idleMs ?? 10_000
    this.perOwner = options.perOwner ?? this.threads
    this.ownerBacklog = options.ownerBacklog ?? 32
    this.maxWaitMs = options.maxWaitMs ?? MAX_QUEUE_WAIT_MS
  }

  /**
   * The PNG of an SVG document that carries its pixel size, for `owner` (the request's connection);
   * shares a render of the same document in flight.
   */
  render(svg: string, owner?: RenderOwner): Promise<Buffer> {
    const shared = this.inFlight.get(svg)
    if (shared !== undefined) {
      this.counts.shared++
      shared.owners.add(owner ?? ANYONE)
      return shared.promise
    }
    if (this.closed) return Promise.reject(new Error('The render pool is closed'))
    if (owner === undefined) return this.enqueue(svg, undefined)
    const share = this.shareOf(owner)
    if (share.admitted < this.perOwner) return this.enqueue(svg, owner)
    if (share.backlog.length >= this.ownerBacklog) return this.refuse()
    return new Promise<Buffer>((resolve, reject) => share.backlog.push({ svg, resolve, reject }))
  }

  /** Drops the renders of an owner that has gone and that nobody else waits for, bar those already on a thread. */
  forget(owner: RenderOwner): void {
    const share = this.shares.get(owner)
    if (share === undefined) return
    this.shares.delete(owner)
    for (const held of share.backlog.splice(0)) held.reject(new RenderAbandoned('The client went away before its render started'))
    for (const job of [...this.queue]) {
      if (!job.owners.delete(owner) || job.owners.size > 0) continue
      this.queue.splice(this.queue.indexOf(job), 1)
      job.reject(new RenderAbandoned('The client went away before its render started'))
    }
  }

  private enqueue(svg: string, owner: RenderOwner | undefined): Promise<Buffer> {
    const busy = [...this.running].every((thread) => thread.job !== undefined) && this.running.size >= this.threads
    if (busy && this.queue.length >= this.queueLimit) return this.refuse()
    let settle!: Pick<Job, 'resolve' | 'reject'>
    const promise = new Promise<Buffer>((resolve, reject) => (settle = { resolve, reject }))
    const job: Job = { id: this.nextId++, svg, owners: new Set([owner ?? ANYONE]), promise, ...settle, queuedAt: performance.now() }
    this.queue.push(job)
    this.inFlight.set(svg, job)
    if (owner !== undefined) this.shareOf(owner).admitted++
    const done = () => {
      this.inFlight.delete(svg)
      if (owner !== undefined) this.admitNext(owner)
    }
    promise.then(done, done)
    this.dispatch()
    return promise
  }

  private refuse(): Promise<Buffer> {
    return Promise.reject(this.refusal())
  }

  private shareOf(owner: RenderOwner): OwnerShare {
    let share = this.shares.get(owner)
    if (share === undefined) {
      share = { admitted: 0, backlog: [] }
      this.shares.set(owner, share)
      if (!this.watched.has(owner)) {
        this.watched.add(owner)
        owner.once('close', () => this.forget(owner))
      }
    }
    return share
  }

  /** One of an owner's renders has ended: the next of its backlog takes its place. */
  private admitNext(owner: RenderOwner): void {
    const share = this.shares.get(owner)
    if (share === undefined) return
    share.admitted--
    // A held render may join one in flight (and take no place), so as many are let in as there is room for.
    while (share.admitted < this.perOwner && share.backlog.length > 0) {
      const next = share.backlog.shift() as Held
      this.render(next.svg, owner).then(next.resolve, next.reject)
    }
    if (share.admitted === 0 && share.backlog.length === 0) this.shares.delete(owner)
  }

  stats(): RenderPoolStats {
    let running = 0
    for (const thread of this.running) if (thread.job !== undefined) running++
    let held = 0
    for (const share of this.shares.values()) held += share.backlog.length
    return { ...this.counts, queued: this.queue.length, held, running, threads: this.running.size }
  }

  /** Stops every thread; renders still waiting fail. */
  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.idleTimer)
    clearTimeout(this.expiryTimer)
    for (const job of this.queue.splice(0)) job.reject(new Error('The render pool is closed'))
    for (const share of this.shares.values()) for (const held of share.backlog.splice(0)) held.reject(new Error('The render pool is closed'))
    await Promise.all([...this.running].map((thread) => this.stop(thread)))
  }

  /** A render refused, counted, with the wait the queue would have meant as its Retry-After. */
  private refusal(): ProblemError {
    this.counts.refused++
    const waitMs = ((this.queue.length + this.threads) / this.threads) * this.averageRenderMs
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000))
    return new ProblemError('render_queue_full', `Too many PNG renders are waiting; try again in ${retryAfter} s.`, {
      'retry-after': String(retryAfter)
    })
  }

  private dispatch(): void {
    clearTimeout(this.idleTimer)
    this.refuseExpired()
    while (this.queue.length > 0) {
      const thread = this.idleThread() ?? this.startThread()
      if (thread === undefined) break
      const job = this.queue.shift() as Job
      thread.job = job
      thread.startedAt = performance.now()
      const request: RenderRequest = { id: job.id, svg: job.svg }
      thread.worker.postMessage(request)
    }
    if (this.running.size > 0 && this.stats().running === 0) {
      this.idleTimer = setTimeout(() => void this.stopIdleThreads(), this.idleMs)
    }
    this.armExpiry()
  }

  /** Refuses the renders that have waited their time; they are at the head, as the queue is in the order renders came. */
  private refuseExpired(): void {
    const now = performance.now()
    while (this.queue.length > 0 && now - (this.queue[0] as Job).queuedAt > this.maxWaitMs) {
      const job = this.queue.shift() as Job
      job.reject(this.refusal())
    }
  }

  /**
   * A timer, unless one is set, for when the oldest render waiting will have waited its time: a
   * wait is bounded by the clock, not by when a thread next finishes (every thread on a long
   * render). The oldest only gets older, so one timer serves; if it went meanwhile, the timer comes early and sets another.
   */
  private armExpiry(): void {
    const oldest = this.queue[0]
    if (this.expiryTimer !== undefined || oldest === undefined || this.closed) return
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = undefined
      this.dispatch()
    }, oldest.queuedAt + this.maxWaitMs - performance.now() + 1)
  }

  private idleThread(): Thread | undefined {
    for (const thread of this.running) if (thread.job === undefined) return thread
    return undefined
  }

  private startThread(): Thread | undefined {
    if (this.closed || this.running.size >= this.threads) return undefined
    const worker = new Worker(WORKER_BOOTSTRAP, { eval: true, resourceLimits: THREAD_LIMITS })
    // Render threads never keep a process alive on their own: shutting down closes the pool.
    worker.unref()
    const thread: Thread = { worker, job: undefined, renders: 0, startedAt: 0 }
    this.counts.threadsStarted++
    this.running.add(thread)
    worker.on('message', (reply: RenderReply) => this.finished(thread, reply))
    // A thread that fails (out of its heap, say) fails its render and makes way for a fresh one.
    worker.on('error', (error) => this.lost(thread, error))
    worker.on('exit', (code) => this.lost(thread, new Error(`A render thread stopped (exit code ${code})`)))
    return thread
  }

  private finished(thread: Thread, reply: RenderReply): void {
    const job = thread.job
    if (job === undefined || job.id !== reply.id) return
    thread.job = undefined
    thread.renders++
    this.counts.renders++
    this.averageRenderMs = 0.8 * this.averageRenderMs + 0.2 * (performance.now() - thread.startedAt)
    if (reply.png !== undefined) job.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength))
    else job.reject(new Error(reply.error ?? 'The render failed'))
    if (reply.memoryBytes > this.recycleBytes || thread.renders >= this.recycleRenders) void this.stop(thread)
    this.dispatch()
  }

  private lost(thread: Thread, error: Error): void {
    if (!this.running.delete(thread)) return
    if (thread.job !== undefined) {
      this.counts.renders++
      thread.job.reject(error)
    }
    this.dispatch()
  }

  private async stop(thread: Thread): Promise<void> {
    this.running.delete(thread)
    await thread.worker.terminate()
  }

  private async stopIdleThreads(): Promise<void> {
    const idle = [...this.running].filter((thread) => thread.job === undefined)
    await Promise.all(idle.map((thread) => this.stop(thread)))
  }
}
