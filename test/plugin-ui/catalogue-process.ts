import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { CatalogueData } from '../support/catalogue'

export interface CatalogueProcess {
  url: string
  port: number
  close(): Promise<void>
}

// Node's own URL handling: DOM test environments replace the global URL.
const script = join(dirname(fileURLToPath(import.meta.url)), 'serve-catalogue.ts')

/**
 * The real catalogue over real HTTP, in a child process; `port` restarts it at the same address.
 * Over the fixture's icons unless `data` asks for the whole catalogue.
 */
export function startCatalogueProcess(port?: number, data: CatalogueData = 'fixture'): Promise<CatalogueProcess> {
  const options = ['--data', data, ...(port === undefined ? [] : ['--port', String(port)])]
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...options], {
    stdio: ['pipe', 'pipe', 'inherit']
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The catalogue process exited with ${code} before listening`)))
    createInterface({ input: child.stdout }).once('line', (line) => {
      const { url, port: listening } = JSON.parse(line) as { url: string; port: number }
      resolve({
        url,
        port: listening,
        close: () => {
          child.stdin.end()
          return exited
        }
      })
    })
  })
}
