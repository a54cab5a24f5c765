/**
 * The SVG sanitiser, and ingest of a set with unsafe icons: they are skipped, counted and never
 * served, while safe, hidden and aliased icons are handled as usual.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue, type Catalogue } from '../../src/catalogue/catalogue'
import type { IconSetConfig } from '../../src/catalogue/iconset-config'
import { checkSvgBody } from '../../src/catalogue/sanitise-svg'

const MALICIOUS: Record<string, string> = {
  script: '<path d="M0 0h24v24H0z"/><script>alert(1)</script>',
  'script-upper': '<path d="M0 0h24v24H0z"/><SCRIPT>alert(1)</SCRIPT>',
  'onload': '<path onload="alert(1)" d="M0 0h24v24H0z"/>',
  'onclick-upper': '<g OnClick="alert(1)"><path d="M0 0h24v24H0z"/></g>',
  'foreign-object': '<foreignObject width="24" height="24"><div>hi</div></foreignObject>',
  'external-href': '<use href="https://evil.example/sprite.svg#x"/>',
  'external-xlink': '<use xlink:href="//evil.example/a.svg#x"/>',
  'javascript-href': '<a href="javascript:alert(1)"><path d="M0 0h24v24H0z"/></a>',
  'image-data': '<image href="data:image/png;base64,AAAA" width="24" height="24"/>',
  'url-fill': '<path fill="url(https://evil.example/p.svg#g)" d="M0 0h24v24H0z"/>',
  'url-style': '<path style="fill:url( \'http://evil.example/x\' )" d="M0 0h24v24H0z"/>',
  'style-import': '<style>@import "https://evil.example/a.css";</style><path d="M0 0h24v24H0z"/>',
  'style-url': '<style>path{fill:url(http://evil.example/x)}</style><path d="M0 0h24v24H0z"/>',
  'entity-href': '<a href="&#106;avascript:alert(1)"><path d="M0 0h24v24H0z"/></a>',
  'animate-href': '<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>',
  'doctype': '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><text>&x;</text>',
  'iframe': '<iframe src="https://evil.example"/>',
  'prefixed-script': '<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>',
  'prefixed-foreign-object': '<x:foreignObject xmlns:x="http://www.w3.org/2000/svg" width="24" height="24"><div>hi</div></x:foreignObject>',
  'set-onclick': '<rect width="24" height="24"><set attributeName="onclick" to="alert(1)"/></rect>',
  'animate-onload': '<rect width="24" height="24"><animate attributeName="ONLOAD" values="alert(1)" dur="1s"/></rect>',
  'animate-href-values': '<use href="#p"><animate attributeName="hr&#101;f" values="#p;https://evil.example/a.svg#x" dur="1s"/></use>',
  'set-xlink-href': '<use xlink:href="#p"><set attributeName="xlink:hr&#x65;f" to="//evil.example/a.svg#x"/></use>',
  'handler-without-space': '<path d="M0 0"onload="alert(1)"/>',
  'escaped-import': '<style>@\\69mport "https://evil.example/a.css";</style><path d="M0 0h24v24H0z"/>',
  'escaped-url': '<path style="fill:u\\72l(https://evil.example/p.svg#g)" d="M0 0h24v24H0z"/>',
  'entity-url': '<path style="fill:u&#114;l(&#47;&#47;evil.example/p.svg#g)" d="M0 0h24v24H0z"/>',
  'unclosed-url': '<path fill="url(other.svg#a" d="M0 0h24v24H0z"/>',
  'html-reference-url': '<path style="fill:url&lpar;other.svg#a&rpar;" d="M0 0h24v24H0z"/>',
  'image-set': '<path style="mask-image:image-set(\'https://evil.example/x.png\' 1x)" d="M0 0h24v24H0z"/>',
  'relative-image': '<path style="mask-image:image(\'x.png\')" d="M0 0h24v24H0z"/>'
}

const SAFE: Record<string, string> = {
  plain: '<path fill="none" stroke="currentColor" stroke-linejoin="round" d="M3 12h18"/>',
  gradient:
    '<defs><linearGradient id="a"><stop offset="0" stop-color="#fff"/></linearGradient></defs><path fill="url(#a)" d="M0 0h24v24H0z"/>',
  'local-use': '<defs><path id="p" d="M0 0h4v4H0z"/></defs><use href="#p"/><use xlink:href="#p" x="8"/>',
  'polygon-and-stroke': '<polygon points="0,0 4,4 0,4" stroke-linecap="round"/>',
  'comment': '<!-- drawn by hand --><path d="M1 1h2"/>',
  'svg-namespace': '<path xmlns="http://www.w3.org/2000/svg" fill="#90603e" d="M1 1h2"/>',
  'local-animation': '<use href="#p"><animate attributeName="href" values="#p; #q" dur="1s"/></use>'
}

/**
 * The service as src/server.ts runs it, over the sets in ICONSET_CONFIG_JSON: ICONSETS can only
 * name configured sets, and this one is a package written by the test.
 */
const SERVE_GIVEN_SETS = `
const { readConfig } = await import('./src/config.ts')
const { runService } = await import('./src/service.ts')
await runService({ ...readConfig(process.env), iconsets: JSON.parse(process.env.ICONSET_CONFIG_JSON) })
`

/** Starts the service over `iconsets` on a port of its choosing; `log()` is its output so far, one JSON object a line. */
function startService(iconsets: IconSetConfig[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SERVE_GIVEN_SETS], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', WORKERS: '', BASE_URL: '', ICONSET_CONFIG_JSON: JSON.stringify(iconsets) }
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = once(child, 'exit')
  const log = () => output.split('\n').flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : []))
  const stop = async () => {
    child.kill('SIGTERM')
    await exited
  }
  return { log, stop }
}

describe('the SVG sanitiser', () => {
  it.each(Object.entries(MALICIOUS))('rejects %s', (_name, body) => {
    const result = checkSvgBody(body)
    expect(result.safe).toBe(false)
    if (!result.safe) expect(result.reason).not.toBe('')
  })

  it.each(Object.entries(SAFE))('accepts %s', (_name, body) => {
    expect(checkSvgBody(body)).toEqual({ safe: true })
  })
})

describe('ingest of a set with unsafe icons', () => {
  let dir: string
  let catalogue: Catalogue

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evil-icons-'))
    const icons: Record<string, { body: string; hidden?: boolean }> = { ...Object.fromEntries(Object.entries(SAFE).map(([name, body]) => [name, { body }])) }
    for (const [name, body] of Object.entries(MALICIOUS)) icons[`bad-${name}`] = { body }
    icons['old-plain'] = { body: SAFE.plain as string, hidden: true }
    await writeFile(
      join(dir, 'icons.json'),
      JSON.stringify({
        prefix: 'evil',
        width: 24,
        height: 24,
        icons,
        aliases: {
          'plain-alias': { parent: 'plain' },
          'plain-turned': { parent: 'plain', rotate: 1 },
          'plain-renamed': { parent: 'old-plain' },
          'bad-alias': { parent: 'bad-script', rotate: 1 }
        }
      })
    )
    await writeFile(
      join(dir, 'info.json'),
      JSON.stringify({ name: 'Evil', author: { name: 'Tester' }, license: { title: 'MIT', spdx: 'MIT' } })
    )
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'evil-icons', version: '9.9.9' }))
    // No style rules: a new set needs only its slug and package.
    catalogue = await loadCatalogue([{ slug: 'evil', package: dir }])
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('skips and counts every unsafe icon, and serves none of them', () => {
    expect(catalogue.skipped).toBe(Object.keys(MALICIOUS).length)
    expect(catalogue.skippedIcons.map((icon) => icon.slug).sort()).toEqual(
      Object.keys(MALICIOUS).map((name) => `bad-${name}`).sort()
    )
    for (const name of Object.keys(MALICIOUS)) expect(catalogue.getIcon('evil', `bad-${name}`)).toBeUndefined()
    expect(catalogue.getIcon('evil', 'bad-alias')).toBeUndefined()
    expect(catalogue.search({ q: 'bad' }).icons()).toEqual([])
  })

  it('counts them in the start-up log of the running service, which answers 404 for each', async () => {
    const service = startService([{ slug: 'evil', package: dir }])
    try {
      const ready = () => service.log().find((line) => line.msg === 'catalogue ready')
      await expect.poll(ready, { timeout: 25_000, interval: 200 }).toBeDefined()
      expect(ready()?.skipped).toBe(Object.keys(MALICIOUS).length)
      const status = async (path: string) => {
        const answer = await fetch(`http://127.0.0.1:${String(ready()?.port)}${path}`)
        await answer.arrayBuffer()
        return answer.status
      }
      expect(await status('/iconsets/evil/plain?format=svg&size=24')).toBe(200)
      for (const slug of [...Object.keys(MALICIOUS).map((name) => `bad-${name}`), 'bad-alias']) {
        expect(await status(`/iconsets/evil/${slug}`), slug).toBe(404)
        expect(await status(`/iconsets/evil/${slug}?format=svg&size=24`), slug).toBe(404)
      }
    } finally {
      await service.stop()
    }
  }, 30_000)

  it('keeps the safe icons, hides hidden ones, and resolves plain aliases', () => {
    const listed = [...Object.keys(SAFE), 'plain-turned', 'plain-renamed']
    expect(catalogue.totalIcons).toBe(listed.length)
    expect(catalogue.getIconset('evil')?.icons.map((icon) => icon.slug).sort()).toEqual(listed.sort())
    expect(catalogue.getIcon('evil', 'old-plain')).toBeUndefined()
    expect(catalogue.getIcon('evil', 'plain-renamed')?.slug).toBe('plain-renamed')
    expect(catalogue.getIcon('evil', 'plain-alias')?.slug).toBe('plain')
    expect(catalogue.getIcon('evil', 'plain')?.tags).toContain('plain alias')
    // Its data names no release of its own: the package's version is no release of the set.
    expect(catalogue.getIconset('evil')?.version).toBeNull()
    expect(catalogue.getIconset('evil')?.package).toEqual({ name: 'evil-icons', version: '9.9.9' })
    expect(catalogue.getIconset('evil')?.styles).toEqual(['outline'])
    const turned = catalogue.getIcon('evil', 'plain-turned')
    expect(turned && catalogue.iconData(turned)).toMatchObject({ rotate: 1, body: SAFE.plain })
    const gradient = catalogue.getIcon('evil', 'gradient')
    expect(gradient && catalogue.iconData(gradient).body).toContain('url(#a)')
  })
})
