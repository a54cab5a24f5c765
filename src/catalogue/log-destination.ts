/**
 * Where the service's structured log goes: standard output, written synchronously as pino's default
 * destination does, but never stuck on it. pino's destination (sonic-boom) retries a failed write
 * for ever when it flushes: with stdout a broken pipe (`npm start | head`) a shutdown looped on
 * write(1) = EPIPE and never exited. Here a destination that is gone (EPIPE or any other error) is
 * dropped for good, and one that is only full (EAGAIN, a non-blocking pipe no one reads) gets a few
 * short waits and then loses the line rather than holding the process.
 */
import { writeSync } from 'node:fs'

/** How many times a full pipe is waited for, 2 ms each, before a line is dropped. */
const FULL_PIPE_RETRIES = 50
const pause = new Int32Array(new SharedArrayBuffer(4))

export interface LogDestination {
  write(line: string): void
}

export function logDestination(fd = 1): LogDestination {
  // Once a write fails for good, everything after it is dropped.
  let broken = false
  return {
    write(line: string) {
      if (broken) return
      let bytes = Buffer.from(line)
      let retries = 0
      while (bytes.length > 0) {
        try {
          bytes = bytes.subarray(writeSync(fd, bytes))
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN' && retries++ < FULL_PIPE_RETRIES) {
            Atomics.wait(pause, 0, 0, 2)
            continue
          }
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') broken = true
          return
        }
      }
    }
  }
}

/** process.stdout and stderr on a broken pipe emit EPIPE errors, which would otherwise end the process. */
export function ignoreBrokenPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
    })
  }
}
