/**
 * Where the service is in its life, for /readyz and for a graceful shutdown: whether it still
 * takes requests, and how many it is answering right now.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

export class Lifecycle {
  private drainingSince: number | null = null
  private inFlight = 0
  private idle: Array<() => void> = []
  /** The tracked responses not yet closed, by connection. */
  private readonly open = new WeakMap<Socket, Set<ServerResponse>>()

  get draining(): boolean {
    return this.drainingSince !== null
  }

  get requestsInFlight(): number {
    return this.inFlight
  }

  private requestStarted(): void {
    this.inFlight++
  }

  /**
   * Counts a request in flight until its response closes, or its connection does: Node never emits
   * 'close' on the responses queued behind a pipelined one when the socket dies first, and a
   * count that never came down made every later shutdown wait for its deadline. Exactly once either way.
   */
  track(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket
    let responses = this.open.get(socket)
    if (responses === undefined) {
      const pending = new Set<ServerResponse>()
      responses = pending
      this.open.set(socket, pending)
      socket.once('close', () => {
        const left = pending.size
        pending.clear()
        for (let index = 0; index < left; index++) this.requestEnded()
      })
    }
    const pending = responses
    this.requestStarted()
    pending.add(response)
    // A response closes once; `on` spares the wrapper `once` makes per request.
    response.on('close', () => {
      if (pending.delete(response)) this.requestEnded()
    })
  }

  private requestEnded(): void {
    this.inFlight--
    if (this.inFlight === 0 && this.draining) this.settle()
  }

  /** Stops taking requests; resolves when the last request in flight has ended. */
  drain(): Promise<void> {
    this.drainingSince ??= Date.now()
    const done = new Promise<void>((resolve) => this.idle.push(resolve))
    if (this.inFlight === 0) this.settle()
    return done
  }

  private settle(): void {
    for (const resolve of this.idle.splice(0)) resolve()
  }
}
