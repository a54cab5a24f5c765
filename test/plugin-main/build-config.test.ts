/**
 * The build configuration: create-figma-plugin's override files derive the manifest's network
 * access and the UI's CATALOGUE_URL from the CATALOGUE_URL the build runs with.
 */
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { SWAP_COMMAND } from '../../src/plugin/main/icon-plugin-data'

type Manifest = Record<string, unknown> & { networkAccess?: { allowedDomains: string[]; devAllowedDomains: string[]; reasoning: string } }

/** The "figma-plugin" key of package.json, which create-figma-plugin builds manifest.json from. */
interface FigmaPluginConfig {
  id: string
  name: string
  editorType: string[]
  documentAccess: string
  menu: Array<{ name: string; main: string; parameters?: unknown[] }>
  relaunchButtons: Record<string, { name: string; multipleSelection?: boolean }>
}

const root = new URL('../../', import.meta.url)

async function overrides() {
  const manifest = (await import(new URL('build-figma-plugin.manifest.js', root).href)) as { default: (manifest: Manifest) => Manifest }
  const ui = (await import(new URL('build-figma-plugin.ui.js', root).href)) as {
    default: (options: { define?: Record<string, string> }) => { define: Record<string, string> }
  }
  const main = (await import(new URL('build-figma-plugin.main.js', root).href)) as typeof ui
  return { manifest: manifest.default, ui: ui.default, main: main.default }
}

afterEach(() => void vi.unstubAllEnvs())

describe('build configuration', () => {
  it('allows exactly the catalogue URL, with localhost for development', async () => {
    vi.stubEnv('CATALOGUE_URL', 'https://icons.example.org/')
    const { manifest, ui, main } = await overrides()
    const result = manifest({ name: 'Icon Catalogue' })
    // Quick Actions search the same catalogue from the main thread.
    expect(main({}).define.CATALOGUE_URL).toBe('"https://icons.example.org"')
    expect(result.name).toBe('Icon Catalogue')
    expect(result.networkAccess?.allowedDomains).toEqual(['https://icons.example.org'])
    expect(result.networkAccess?.devAllowedDomains).toEqual(['http://localhost:8787'])
    expect(result.networkAccess?.reasoning).toMatch(/Icon Catalogue/)
    expect(ui({ define: { 'process.env.NODE_ENV': '"production"' } }).define).toEqual({
      'process.env.NODE_ENV': '"production"',
      CATALOGUE_URL: '"https://icons.example.org"'
    })
  })

  it('allows everything under a catalogue served below a path, which Figma reads from a trailing slash', async () => {
    vi.stubEnv('CATALOGUE_URL', 'https://icons.example.org/api')
    const { manifest, main } = await overrides()
    expect(manifest({}).networkAccess?.allowedDomains).toEqual(['https://icons.example.org/api/'])
    expect(main({}).define.CATALOGUE_URL).toBe('"https://icons.example.org/api"')
    vi.stubEnv('CATALOGUE_URL', 'http://localhost:9000/api/')
    expect(manifest({}).networkAccess?.devAllowedDomains).toEqual(['http://localhost:8787', 'http://localhost:9000/api/'])
  })

  it('defaults to the catalogue `npm start` runs on this machine', async () => {
    vi.stubEnv('CATALOGUE_URL', '')
    const { manifest, ui } = await overrides()
    expect(manifest({}).networkAccess).toMatchObject({ allowedDomains: ['http://localhost:8787'], devAllowedDomains: ['http://localhost:8787'] })
    expect(ui({}).define.CATALOGUE_URL).toBe('"http://localhost:8787"')
  })

  it('lists a catalogue on another local port for development too', async () => {
    vi.stubEnv('CATALOGUE_URL', 'http://127.0.0.1:9000')
    const { manifest } = await overrides()
    expect(manifest({}).networkAccess?.devAllowedDomains).toEqual(['http://localhost:8787', 'http://127.0.0.1:9000'])
  })

  it.each(['icons.example.org', 'ftp://icons.example.org'])('refuses CATALOGUE_URL=%s with a clear message', async (value) => {
    vi.stubEnv('CATALOGUE_URL', value)
    const { manifest } = await overrides()
    expect(() => manifest({})).toThrow(/CATALOGUE_URL must/)
  })

  it('refuses a plain http catalogue that is not on this machine, as Figma would block it', async () => {
    vi.stubEnv('CATALOGUE_URL', 'http://icons.example.org')
    const { manifest, ui } = await overrides()
    expect(() => manifest({})).toThrow('CATALOGUE_URL must use https unless the catalogue runs on this machine')
    expect(() => ui({})).toThrow(/https/)
  })

  it('lets the service’s default base URL and the plugin’s default catalogue URL agree', async () => {
    vi.stubEnv('CATALOGUE_URL', '')
    const { manifest } = await overrides()
    const { listeningUrl } = await import('../../src/config')
    const allowed = manifest({}).networkAccess?.allowedDomains ?? []
    expect(allowed).toContain(new URL(listeningUrl('127.0.0.1', 8787)).origin)
  })

  it('commits a manifest.json with the relaunch button and network access', () => {
    const manifest = JSON.parse(readFileSync(new URL('manifest.json', root), 'utf8')) as Manifest
    expect(manifest).toMatchObject({
      name: 'Icon Catalogue',
      editorType: ['figma'],
      main: 'build/main.js',
      ui: 'build/ui.js',
      documentAccess: 'dynamic-page',
      relaunchButtons: [{ name: 'Swap icon', command: 'swap', multipleSelection: true }]
    })
    expect(manifest.networkAccess?.devAllowedDomains).toContain('http://localhost:8787')
  })

  it('commits a manifest.json that says what package.json’s "figma-plugin" key says', () => {
    const manifest = JSON.parse(readFileSync(new URL('manifest.json', root), 'utf8')) as Manifest
    const config = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { 'figma-plugin': FigmaPluginConfig })['figma-plugin']
    expect({ id: manifest['id'], name: manifest['name'], editorType: manifest['editorType'], documentAccess: manifest['documentAccess'] }).toEqual({
      id: config.id,
      name: config.name,
      editorType: config.editorType,
      documentAccess: config.documentAccess
    })
    // create-figma-plugin names each command after its main file's default export.
    expect(manifest['menu']).toEqual(
      config.menu.map(({ name, main, parameters }) => ({ name, command: `${main}--default`, ...(parameters === undefined ? {} : { parameters }) }))
    )
    expect(manifest['relaunchButtons']).toEqual(
      Object.entries(config.relaunchButtons).map(([command, { name, multipleSelection }]) => ({ name, command, multipleSelection }))
    )
    // Figma shows no button for relaunch data whose command the manifest does not list.
    expect(Object.keys(config.relaunchButtons)).toContain(SWAP_COMMAND)
  })
})
