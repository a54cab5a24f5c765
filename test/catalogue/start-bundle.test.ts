/**
 * `npm start` (src/start.mjs) runs the service from its bundle, built first when a source is newer
 * than it: it prints both URLs and answers searches, and a source edited after the bundle was built
 * makes the next start build it again rather than run stale code.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { statSync, utimesSync } from 'node:fs'
import { expect, it } from 'vitest'

const BUNDLE = 'build/server/server.cjs'

function start(): { output: () => string; stop: () => Promise<void> } {
  const child = spawn(process.execPath, ['src/start.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', WORKERS: '', BASE_URL: '', ICONSETS: 'lucide,heroicons' }
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = once(child, 'exit')
  return {
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    }
  }
}

it('starts from the bundle, rebuilt because a source changed, prints both URLs and answers a search', async () => {
  // A source newer than any bundle there may be.
  const now = new Date()
  utimesSync('src/catalogue/search-index.ts', now, now)
  const started = start()
  try {
    await expect.poll(started.output, { timeout: 50_000, interval: 200 }).toContain('Playground')
    expect(statSync(BUNDLE).mtimeMs).toBeGreaterThanOrEqual(statSync('src/catalogue/search-index.ts').mtimeMs)
    const port = Number(/Icon Catalogue API {2}http:\/\/localhost:(\d+)\//.exec(started.output())?.[1])
    const found = (await (await fetch(`http://127.0.0.1:${port}/search?q=house&iconset=lucide`)).json()) as { total: number }
    expect(found.total).toBeGreaterThan(0)
  } finally {
    await started.stop()
  }
}, 60_000)
