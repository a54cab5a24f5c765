/**
 * Rasterises an SVG document with resvg on libuv's thread pool, so a large render never blocks
 * the event loop that serves search. The SVG already carries its exact pixel width and height.
 */
import { renderAsync } from '@resvg/resvg-js'

export async function renderPng(svg: string): Promise<Buffer> {
  // No text in icons: skipping system fonts makes every render faster.
  const image = await renderAsync(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' }, logLevel: 'off' })
  return image.asPng()
}
