/**
 * Runs the real catalogue in its own Node process for DOM tests, whose happy-dom globals
 * (URL, fetch, …) must not leak into the service. Prints its address as one JSON line and
 * stops when its parent closes stdin.
 */
import { parseArgs } from 'node:util'
import { startCatalogue, type CatalogueData } from '../support/catalogue'

const { values } = parseArgs({ options: { port: { type: 'string' }, data: { type: 'string', default: 'fixture' } } })
const port = values.port === undefined ? undefined : Number(values.port)
const running = await startCatalogue({ port, data: values.data as CatalogueData })
process.stdout.write(`${JSON.stringify({ url: running.url, port: running.port })}\n`)
process.stdin.resume()
process.stdin.on('end', () => {
  void running.close().then(() => process.exit(0))
})
