/**
 * The catalogue ingests each icon set once into a snapshot and reads the snapshot on later starts:
 * a load from the snapshot answers exactly as the first load did, and a changed package, a changed
 * config or a damaged snapshot file leads to a fresh ingest instead of stale or broken answers.
 */
import { mkdtemp, readdir, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ICONSET_CONFIG, loadCatalogue, type Catalogue, type IconSetConfig } from '../../src/catalogue/catalogue'

const HEROICONS = ICONSET_CONFIG.find((entry) => entry.slug === 'heroicons') as IconSetConfig

let cache: string

beforeAll(async () => {
  cache = await mkdtemp(join(tmpdir(), 'catalogue-cache-'))
})

afterAll(async () => {
  await rm(cache, { recursive: true, force: true })
})

const load = (config: IconSetConfig[]): Promise<Catalogue> => loadCatalogue(config, { cacheDir: cache })

/** Everything a client can learn about a set, drawings included. */
function answers(catalogue: Catalogue, iconset: string): unknown {
  const set = catalogue.getIconset(iconset)
  return {
    set: { ...set, icons: undefined },
    icons: set?.icons.map((icon) => ({
      ...icon,
      // Getters, which a spread leaves out.
      name: icon.name,
      nativeSize: icon.nativeSize,
      family: catalogue.family(icon).map((member) => member.slug),
      data: catalogue.iconData(icon)
    })),
    skipped: catalogue.skippedIcons,
    searches: ['arrow', 'home', 'user circle', 'x'].map((q) => catalogue.search({ q }).icons().map((icon) => icon.slug))
  }
}

async function snapshotFiles(): Promise<string[]> {
  return (await readdir(cache)).filter((name) => name.endsWith('.snapshot')).sort()
}

describe('a real set', () => {
  it('is ingested once; later loads read the snapshot and answer exactly the same', async () => {
    const first = await load([HEROICONS])
    const files = await snapshotFiles()
    expect(files).toHaveLength(1)
    const written = await stat(join(cache, files[0] as string))

    const second = await load([HEROICONS])
    expect(await snapshotFiles()).toEqual(files)
    // The same file, not one written again (a write renames a new file into place).
    expect((await stat(join(cache, files[0] as string))).ino).toBe(written.ino)
    expect(answers(second, 'heroicons')).toEqual(answers(first, 'heroicons'))
    // An alias still finds the icon it names.
    expect(second.getIcon('heroicons', 'home')?.slug).toBe(first.getIcon('heroicons', 'home')?.slug)
  })

  it('is shared by a copy of the set under another slug', async () => {
    const before = await snapshotFiles()
    const copy = await load([{ ...HEROICONS, slug: 'heroicons-copy', prefix: 'heroicons' }])
    expect(await snapshotFiles()).toEqual(before)
    expect(copy.getIconset('heroicons-copy')?.icons.every((icon) => icon.iconset === 'heroicons-copy')).toBe(true)
  })

  it('is ingested again when its config changes, and the new snapshot replaces the old', async () => {
    const before = await snapshotFiles()
    const allSolid = await load([{ ...HEROICONS, styles: { base: 'solid' } }])
    const after = await snapshotFiles()
    expect(after).toHaveLength(before.length)
    expect(after).not.toEqual(before)
    expect(allSolid.styles.map((style) => style.slug)).toEqual(['solid'])
  })
})

describe('a set from a local package', () => {
  let dir: string
  const config = (): IconSetConfig => ({ slug: 'local', package: dir })

  const writePackage = async (
    version: string,
    icons: Record<string, { body: string; hidden?: boolean }>,
    aliases: Record<string, { parent: string; hidden?: boolean }> = {}
  ): Promise<void> => {
    await writeFile(join(dir, 'icons.json'), JSON.stringify({ prefix: 'local', width: 24, height: 24, icons, aliases }))
    await writeFile(join(dir, 'info.json'), JSON.stringify({ name: 'Local', author: { name: 'Tester' }, license: { title: 'MIT' } }))
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'local-icons', version }))
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'local-icons-'))
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('is ingested again when the package changes', async () => {
    await writePackage('1.0.0', { dot: { body: '<circle cx="12" cy="12" r="2"/>' } })
    const before = await load([config()])
    expect(before.getIconset('local')?.icons.map((icon) => icon.slug)).toEqual(['dot'])

    await writePackage('1.1.0', {
      dot: { body: '<circle cx="12" cy="12" r="3"/>' },
      line: { body: '<path d="M3 12h18"/>' }
    })
    const after = await load([config()])
    expect(after.getIconset('local')?.icons.map((icon) => icon.slug)).toEqual(['dot', 'line'])
    const dot = after.getIcon('local', 'dot')
    expect(dot && after.iconData(dot).body).toBe('<circle cx="12" cy="12" r="3"/>')
  })

  it('names its content by one key: the same for the same files, another for another drawing, version or config', async () => {
    await writePackage('2.0.0', { dot: { body: '<circle cx="12" cy="12" r="2"/>' } })
    const first = await load([config()])
    // Another install of the same files (another machine, an npm ci) leaves other times on them.
    await utimes(join(dir, 'icons.json'), new Date('2020-01-01'), new Date('2020-01-01'))
    expect((await load([config()])).contentKey).toBe(first.contentKey)

    await writePackage('2.0.0', { dot: { body: '<circle cx="12" cy="12" r="4"/>' } })
    const redrawn = await load([config()])
    expect(redrawn.contentKey).not.toBe(first.contentKey)
    await writePackage('2.0.1', { dot: { body: '<circle cx="12" cy="12" r="4"/>' } })
    expect((await load([config()])).contentKey).not.toBe(redrawn.contentKey)

    const keys = new Set<string>()
    const variants: IconSetConfig[] = [config(), { ...config(), name: 'Dots' }, { ...config(), styles: { base: 'solid' } }, { ...config(), slug: 'local-copy', prefix: 'local' }]
    for (const variant of variants) {
      keys.add((await load([variant])).contentKey)
    }
    expect(keys.size).toBe(4)
  })

  it('keeps aliases to an unlisted (hidden) drawing apart from aliases to listed icons', async () => {
    // A hidden drawing is not listed; its hidden old name resolves to nothing, its visible new name
    // is listed itself (load-iconset.ts), and a plain alias of a listed icon finds that icon.
    await writePackage(
      '2.5.0',
      { dot: { body: '<circle cx="12" cy="12" r="2"/>' }, gone: { body: '<path d="M1 1h2"/>', hidden: true } },
      { spot: { parent: 'dot' }, 'gone-old': { parent: 'gone', hidden: true }, 'gone-new': { parent: 'gone' } }
    )
    const resolved = (catalogue: Catalogue) =>
      ['dot', 'spot', 'gone', 'gone-old', 'gone-new'].map((slug) => {
        const icon = catalogue.getIcon('local', slug)
        return icon === undefined ? null : [icon.slug, catalogue.iconData(icon).body]
      })
    const ingested = await load([config()])
    const fromSnapshot = await load([config()])
    expect(resolved(ingested)).toEqual([
      ['dot', '<circle cx="12" cy="12" r="2"/>'],
      ['dot', '<circle cx="12" cy="12" r="2"/>'],
      null,
      null,
      ['gone-new', '<path d="M1 1h2"/>']
    ])
    expect(resolved(fromSnapshot)).toEqual(resolved(ingested))
    expect(fromSnapshot.getIconset('local')?.icons.map((icon) => icon.slug).sort()).toEqual(['dot', 'gone-new'])
  })

  it("reads each icon's own drawing, and refuses a record that is not the catalogue's", async () => {
    // Families out of slug order (zeta's family sorts after alpha's), sizes within a family.
    const bodies = {
      'zeta-24': '<path d="M1 1h22"/>',
      'alpha-24': '<path d="M2 2h20"/>',
      'alpha-16': '<path d="M3 3h18"/>',
      mid: '<circle cx="12" cy="12" r="4"/>'
    }
    await writePackage('3.0.0', Object.fromEntries(Object.entries(bodies).map(([slug, body]) => [slug, { body }])))
    const catalogue = await load([config()])
    const icons = catalogue.getIconset('local')?.icons ?? []
    expect(icons).toHaveLength(4)
    for (const icon of icons) expect(catalogue.iconData(icon).body).toBe(bodies[icon.slug as keyof typeof bodies])

    const other = await load([config()])
    const twin = other.getIcon('local', 'mid')
    if (twin === undefined) throw new Error('mid is missing')
    expect(() => catalogue.iconData(twin)).toThrow('local/mid is not in this catalogue')
    expect(() => catalogue.iconData({ ...twin, name: twin.name, nativeSize: twin.nativeSize })).toThrow('is not in this catalogue')
  })

  it('is ingested again when its snapshot is damaged', async () => {
    await writePackage('2.0.0', { ring: { body: '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor"/>' } })
    await load([config()])
    const snapshots = (await snapshotFiles()).filter((name) => name.startsWith('local-'))
    for (const name of snapshots) await truncate(join(cache, name), 10)

    const reloaded = await load([config()])
    const ring = reloaded.getIcon('local', 'ring')
    expect(ring && reloaded.iconData(ring).body).toContain('r="9"')
  })
})
