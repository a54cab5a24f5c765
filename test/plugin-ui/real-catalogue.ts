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
    // Thumbnails may still be loading; stopping the catalogue under them would log each cut-off
    // request to the page's console, as a browser does. The page stops loading first.
    await withoutAbortReports(async () => {
      await (globalThis as { happyDOM?: { abort(): Promise<void> } }).happyDOM?.abort()
      await context.catalogue.close()
    })
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

/**
 * happy-dom reports each request the page's stop cuts off to the page's console (the test
 * process's own) as an AbortError, when the request's socket has closed: that is the stop, not a
 * failure, so those reports alone are kept out of the log until the catalogue is gone too.
 */
async function withoutAbortReports(stop: () => Promise<void>): Promise<void> {
  const report = console.error
  console.error = (...args: unknown[]) => {
    if ((args[0] as { name?: unknown } | undefined)?.name !== 'AbortError') report(...args)
  }
  try {
    await stop()
  } finally {
    console.error = report
  }
}
