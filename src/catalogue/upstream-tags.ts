/**
 * Upstream keywords, read from each icon family's own package, keyed by the upstream icon name
 * (which is the Iconify family name: 'house', 'home', 'delete').
 */
import type { IconEntry } from '@phosphor-icons/core'
import type { UpstreamTagSource } from './iconset-config'
import { readPackageJson } from './package-files'
import { normaliseTag } from './tokenize'

export type UpstreamTags = ReadonlyMap<string, string[]>

type Reader = () => Promise<Map<string, string[]>>

const READERS: Record<UpstreamTagSource, Reader> = {
  'lucide-static': async () => {
    const tags = readPackageJson<Record<string, string[]>>('lucide-static', 'tags.json')
    return new Map(Object.entries(tags))
  },
  '@tabler/icons': async () => {
    const icons = readPackageJson<Record<string, { name: string; category?: string; tags?: unknown[] }>>(
      '@tabler/icons',
      'icons.json'
    )
    return new Map(
      Object.values(icons).map((icon) => [
        icon.name,
        [...(icon.tags ?? []).map(String), ...(icon.category ? [icon.category] : [])]
      ])
    )
  },
  '@phosphor-icons/core': async () => {
    const { icons } = await import('@phosphor-icons/core')
    const entries: readonly IconEntry[] = icons
    return new Map(
      entries.map((icon) => [
        icon.name,
        // '*new*' and similar markers are release notes, not keywords.
        [...icon.tags.filter((tag) => !tag.startsWith('*')), ...icon.categories, ...(icon.alias ? [icon.alias.name] : [])]
      ])
    )
  },
  '@mdi/svg': async () => {
    const meta = readPackageJson<Array<{ name: string; aliases?: string[]; tags?: string[] }>>('@mdi/svg', 'meta.json')
    // An outline icon's aliases carry its suffix ('trash-can-outline'); the keyword is 'trash can'.
    const keyword = (alias: string): string => alias.replace(/-outline$/, '')
    return new Map(meta.map((icon) => [icon.name, [...(icon.aliases ?? []).map(keyword), ...(icon.tags ?? [])]]))
  }
}

/** Tags come back normalised ('rubbish-bin' -> 'rubbish bin') and without repeats. */
export async function loadUpstreamTags(source: UpstreamTagSource): Promise<UpstreamTags> {
  const tags = await READERS[source]()
  return new Map(
    [...tags].map(([name, list]) => [name, [...new Set(list.map(normaliseTag).filter((tag) => tag !== ''))]])
  )
}
