/**
 * Where the service is in its life, for /readyz and for a graceful shutdown: whether it still
 * takes requests, and how many it is answering right now.
 */
export class Lifecycle {
  private drainingSince: number | null = null
  private inFlight = 0
  private idle: Array<() => void> = []

  get draining(): boolean {
    return this.drainingSince !== null
  }

  get requestsInFlight(): number {
    return this.inFlight
  }

  requestStarted(): void {
    this.inFlight++
  }

  requestEnded(): void {
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
