/**
 * Per-file setup of the DOM tests: the real catalogue in its own process, a client that talks to
 * it directly (for expected values), the catalogue's URL where the plugin's page gives it to the UI
 * (window.__ICON_CATALOGUE_URL__), and a record of what the UI sends to main.
 */
import { cleanup } from '@testing-library/preact'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'

import { createCatalogueClient, type CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import type { CatalogueData } from '../support/catalogue'
import { startCatalogueProcess, type CatalogueProcess } from './catalogue-process'
import { captureMessagesToMain } from './ui-harness'

export interface RealCatalogue {
  catalogue: CatalogueProcess
  direct: CatalogueClient
  messages: ReturnType<typeof captureMessagesToMain>
}

/** Over the fixture's icons unless `data` asks for the whole catalogue. */
export function useRealCatalogue(data: CatalogueData = 'fixture'): RealCatalogue {
  const context = {} as RealCatalogue
  beforeAll(async () => {
    context.catalogue = await startCatalogueProcess(undefined, data)
    context.direct = createCatalogueClient(context.catalogue.url)
  })
  afterAll(async () => {
    // Requests the unmounted UI left going (thumbnails' texts, a prefetched page) finish before the
    // catalogue stops: cut off, happy-dom would log each to the page's console, as a browser does.
    const page = (globalThis as { happyDOM?: { waitUntilComplete(): Promise<void> } }).happyDOM
    await page?.waitUntilComplete()
    await context.catalogue.close()
  })
  beforeEach(() => {
    window.__ICON_CATALOGUE_URL__ = context.catalogue.url
    context.messages = captureMessagesToMain()
  })
  afterEach(() => {
    cleanup()
    context.messages.restore()
    delete window.__ICON_CATALOGUE_URL__
  })
  return context
}

/** `client` with its list of sets held back until `listSets()`: for an action taken before the list has come. */
export function withSetsHeldBack(client: CatalogueClient): { client: CatalogueClient; listSets: () => void } {
  let listSets = () => {}
  const listed = new Promise<void>((resolve) => (listSets = resolve))
  return { client: { ...client, iconsets: async (signal) => listed.then(() => client.iconsets(signal)) }, listSets }
}

/**
 * `client` with the drawings it fetches (those `held` picks, every one by default) held back until
 * `release()`: for an action taken while an insert's or swap's drawing is still coming.
 */
export function withSvgHeldBack(
  client: CatalogueClient,
  held: (...args: Parameters<CatalogueClient['svg']>) => boolean = () => true
): { client: CatalogueClient; release: () => void } {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const svg: CatalogueClient['svg'] = async (...args) => (held(...args) ? released : Promise.resolve()).then(() => client.svg(...args))
  return { client: { ...client, svg }, release }
}
