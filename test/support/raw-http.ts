/**
 * A request exactly as written, on node:http: fetch would normalise '..', re-encode the path, and add
 * and decode Accept-Encoding itself. The body comes back as the bytes that were sent.
 */
import { request as httpRequest } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export interface RawRequestOptions {
  method?: string
  headers?: Record<string, string>
  body?: string
  /** The address to send from: any of 127.0.0.0/8 reaches a loopback server as another client. */
  localAddress?: string
}

export function rawRequest(origin: string, path: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  const { port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
    })
    request.on('error', reject)
    request.end(options.body)
  })
}
