/**
 * Preloaded into a server under measurement (`node --expose-gc --import ./test/bench/gc-report.mjs`):
 * on SIGUSR2 it collects garbage and writes the process's memory, in bytes, to GC_REPORT_FILE.
 * Bench-only, so the service itself needs no switch for it.
 */
import { writeFileSync } from 'node:fs'

process.on('SIGUSR2', () => {
  globalThis.gc?.()
  const file = process.env.GC_REPORT_FILE
  if (file !== undefined) writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), cpu: process.cpuUsage() }))
})
