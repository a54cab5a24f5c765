/**
 * `npm start` (src/start.mjs) runs the service from its bundle, built first when a source is newer
 * than it: it prints both URLs and answers searches, and a bundle older than any of its sources is
 * built again rather than run stale, once the configuration is known to be good. The bundle here is built into a temporary folder by the same
 * function `npm start` uses, so the test neither touches a tracked source nor the checkout's build.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'

const outDir = mkdtempSync(join(tmpdir(), 'start-bundle-'))
const bundle = join(outDir, 'server.cjs')
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

/** src/start.mjs's own start, with the bundle kept in `outDir` instead of build/server. */
function start(buildOnly: boolean, env: Record<string, string> = {}): { output: () => string; exited: Promise<unknown>; stop: () => Promise<void> } {
  const script =
    "const { startBundled, SERVICE_BUNDLE } = await import('./src/start.mjs');" +
    'await startBundled({ ...SERVICE_BUNDLE, outDir: process.env.OUT_DIR, buildOnly: process.env.BUILD_ONLY === "1" })'
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      ...process.env,
      OUT_DIR: outDir,
      BUILD_ONLY: buildOnly ? '1' : '0',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      WORKERS: '',
      BASE_URL: '',
      ICONSETS: 'lucide,heroicons',
      ...env
    }
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = once(child, 'exit')
  return {
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    }
  }
}

it('stops a start with a configuration mistake at once, with its one line and exit code 78, before rebuilding a stale bundle', async () => {
  const stale = mkdtempSync(join(tmpdir(), 'start-stale-'))
  try {
    const started = start(false, { OUT_DIR: stale, PORT: 'abc' })
    const [code] = (await started.exited) as [number | null]
    expect(code).toBe(78)
    expect(started.output()).toMatch(/^icon-catalogue: PORT .*\n$/)
    // Nothing was built: the mistake was found before the bundle.
    expect(readdirSync(stale)).toEqual([])
  } finally {
    rmSync(stale, { recursive: true, force: true })
  }
})

it('starts from the bundle, rebuilt because a source is newer, prints both URLs and answers a search; on another port than the plugin’s build, its playground still lets the plugin reach it', async () => {
  const built = start(true)
  await built.exited
  expect(built.output()).toBe('')
  // The bundle as if built long before any source was last edited.
  const longAgo = new Date('2000-01-01T00:00:00Z')
  utimesSync(bundle, longAgo, longAgo)

  const started = start(false)
  try {
    await expect.poll(started.output, { timeout: 20_000, interval: 100 }).toContain('Playground')
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(longAgo.getTime())
    const port = Number(/Icon Catalogue API {2}http:\/\/localhost:(\d+)\//.exec(started.output())?.[1])
    const found = (await (await fetch(`http://127.0.0.1:${port}/search?q=house&iconset=lucide`)).json()) as { total: number }
    expect(found.total).toBeGreaterThan(0)

    // manifest.json allows http://localhost:8787 only: the start says so and how to build for this
    // port, and its playground holds the plugin to what that build would allow.
    await expect.poll(started.output, { timeout: 10_000, interval: 100 }).toContain(`CATALOGUE_URL=http://localhost:${port} npm run build`)
    const page = await (await fetch(`http://127.0.0.1:${port}/playground`)).text()
    const config = JSON.parse(/<script type="application\/json" id="[^"]+">([^<]*)<\/script>/.exec(page)?.[1] ?? 'null') as { pluginCsp: string }
    expect(config.pluginCsp).toContain(`http://localhost:${port}`)
  } finally {
    await started.stop()
  }
})

it('writes no code cache for a start that fails (a HOST that is no address here), which compiled little of what a start runs', async () => {
  // Built by the test before; its start may have written a cache, and a failing start must not write one.
  rmSync(join(outDir, 'server.cache'), { force: true })
  const started = start(false, { HOST: '192.0.2.1' })
  const [code] = (await started.exited) as [number | null]
  expect(code).toBe(78)
  expect(started.output()).toMatch(/^icon-catalogue: HOST .*\n$/)
  expect(readdirSync(outDir)).not.toContain('server.cache')
})
