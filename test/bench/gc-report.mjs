/**
 * Preloaded into a server under measurement (`node --import ./test/bench/gc-report.mjs`): on SIGUSR2
 * it collects garbage and writes the process's memory, in bytes, to GC_REPORT_FILE.
 * Bench-only, so the service itself needs no switch for it. The collector is fetched only when
 * asked for, not exposed with --expose-gc: V8 refuses a code cache written under other flags, so
 * the flag would make the server measured refuse its code cache (src/start.mjs), and the cache it
 * writes as it exits be refused by `npm start`.
 */
import { writeFileSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** The collector, with the flag set only while it is fetched: V8 keys its code cache by the flags as they are. */
function collector() {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc')
  setFlagsFromString('--no-expose-gc')
  return gc
}

process.on('SIGUSR2', () => {
  collector()()
  const file = process.env.GC_REPORT_FILE
  if (file !== undefined) writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), cpu: process.cpuUsage() }))
})
