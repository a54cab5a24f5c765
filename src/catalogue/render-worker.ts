/**
 * One render thread of the pool in render-pool.ts: rasterises the SVG documents it is sent with
 * resvg, one at a time, and answers each with the PNG bytes (transferred, not copied) and how much
 * memory this thread holds, so the pool can recycle a thread that grows.
 */
import { setPriority } from 'node:os'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parentPort } from 'node:worker_threads'
import { Resvg } from '@resvg/resvg-js'
import { messageOf } from '../api/message-of'
import type { RenderReply, RenderRequest } from './render-pool'

/**
 * resvg's images live in native memory that V8 does not see (a 1024 px image holds 4 MB of
 * pixels), so without help they wait for a garbage collection the small JS heap never asks for.
 * This thread's heap holds almost nothing else, so collecting it is cheap: collect once this much
 * pixel memory has been released, and whenever the thread falls idle.
 */
const COLLECT_AFTER_BYTES = 32 * 1024 * 1024
const IDLE_COLLECT_MS = 50

/**
 * Renders yield the CPU to the event loop: on a busy machine a thread at normal priority takes turns
 * with the loop and search waits behind renders. On Linux a nice value belongs to one thread
 * (setpriority with id 0 is the calling thread); elsewhere it would lower the whole process, so
 * there the threads keep the process's priority.
 */
const RENDER_NICE = 10
if (process.platform === 'linux') setPriority(0, RENDER_NICE)

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

let releasedBytes = 0
let idleTimer: ReturnType<typeof setTimeout> | undefined

function collect(): void {
  releasedBytes = 0
  collectGarbage()
}

function render(svg: string): Uint8Array {
  // No text in icons: skipping system fonts makes every render faster.
  const image = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' }, logLevel: 'off' }).render()
  releasedBytes += image.width * image.height * 4
  return image.asPng()
}

function memoryBytes(): number {
  const heap = getHeapStatistics()
  return heap.total_heap_size + heap.external_memory
}

const port = parentPort
if (port === null) throw new Error('render-worker.ts runs as a worker thread of the render pool')

port.on('message', ({ id, svg }: RenderRequest) => {
  clearTimeout(idleTimer)
  let reply: RenderReply
  try {
    const png = render(svg)
    if (releasedBytes >= COLLECT_AFTER_BYTES) collect()
    reply = { id, png, memoryBytes: memoryBytes() }
  } catch (error) {
    reply = { id, error: messageOf(error), memoryBytes: memoryBytes() }
  }
  port.postMessage(reply, reply.png === undefined ? [] : [reply.png.buffer as ArrayBuffer])
  if (releasedBytes > 0) idleTimer = setTimeout(collect, IDLE_COLLECT_MS)
})
