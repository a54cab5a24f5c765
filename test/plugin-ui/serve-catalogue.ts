/**
 * Runs the real catalogue in its own Node process for DOM tests, whose happy-dom globals
 * (URL, fetch, …) must not leak into the service. Prints its address as one JSON line and
 * stops when its parent closes stdin.
 */
import { startCatalogue } from '../support/catalogue'

const port = process.argv[2] === undefined ? undefined : Number(process.argv[2])
const running = await startCatalogue({ port })
process.stdout.write(`${JSON.stringify({ url: running.url, port: running.port })}\n`)
process.stdin.resume()
process.stdin.on('end', () => {
  void running.close().then(() => process.exit(0))
})
