/**
 * Preloaded into a server under measurement (`node --import ./test/bench/gc-report.mjs`): on SIGUSR2
 * it collects garbage and writes the process's memory, in bytes, to GC_REPORT_FILE.
 * Bench-only, so the service itself needs no switch for it. The collector is exposed only when
 * asked for, not with --expose-gc: a V8 flag given at start would also make V8 refuse the server's
 * code cache (src/start.mjs), which was written without it, and so measure a slower start.
 */
import { writeFileSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

process.on('SIGUSR2', () => {
  setFlagsFromString('--expose-gc')
  runInNewContext('gc')()
  const file = process.env.GC_REPORT_FILE
  if (file !== undefined) writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), cpu: process.cpuUsage() }))
})
