/**
 * `figma.viewport` over a simulated canvas of screen pixels: `bounds` follows `center`, `zoom`
 * and the canvas size, and the host converts between screen and canvas points with it. Writes are
 * checked as Figma checks a property's type (api-errors).
 */
import { expectNumber, expectType } from './api-values'

export interface ViewportOptions {
  width: number
  height: number
  center?: Vector
  zoom?: number
}

export type EmulatedViewportAPI = Pick<ViewportAPI, 'center' | 'zoom' | 'bounds' | 'scrollAndZoomIntoView'>

export interface EmulatedViewport {
  api: EmulatedViewportAPI
  screenToCanvas(point: Vector): Vector
  canvasToScreen(point: Vector): Vector
  setScreenSize(width: number, height: number): void
}

// Figma's zoom range in the editor (2 % to 25 600 %).
const MIN_ZOOM = 0.02
const MAX_ZOOM = 256

const clampZoom = (value: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value))

/**
 * @param boxesOf the absolute bounding boxes of the live scene nodes among `targets`
 * @param changed called after every change of the view
 */
export function createViewport(
  options: ViewportOptions | undefined,
  boxesOf: (targets: ReadonlyArray<BaseNode>) => Rect[],
  changed: () => void
): EmulatedViewport {
  const screen = { width: options?.width ?? 1200, height: options?.height ?? 800 }
  let center: Vector = { ...(options?.center ?? { x: 0, y: 0 }) }
  let zoom = options?.zoom ?? 1

  const api: EmulatedViewportAPI = {
    get center() {
      return { ...center }
    },
    set center(value: Vector) {
      expectType('set_center', 'center', value, 'object')
      center = { x: expectNumber('set_center', 'center.x', value.x), y: expectNumber('set_center', 'center.y', value.y) }
      changed()
    },
    get zoom() {
      return zoom
    },
    set zoom(value: number) {
      zoom = clampZoom(expectNumber('set_zoom', 'zoom', value))
      changed()
    },
    get bounds() {
      const width = screen.width / zoom
      const height = screen.height / zoom
      return { x: center.x - width / 2, y: center.y - height / 2, width, height }
    },
    scrollAndZoomIntoView(targets: ReadonlyArray<BaseNode>) {
      const boxes = boxesOf(targets)
      if (boxes.length === 0) return
      const left = Math.min(...boxes.map((box) => box.x))
      const top = Math.min(...boxes.map((box) => box.y))
      const right = Math.max(...boxes.map((box) => box.x + box.width))
      const bottom = Math.max(...boxes.map((box) => box.y + box.height))
      center = { x: (left + right) / 2, y: (top + bottom) / 2 }
      // Like Shift-1: fit with a margin, which changes the zoom as well as the centre.
      zoom = clampZoom(0.8 * Math.min(screen.width / Math.max(right - left, 1), screen.height / Math.max(bottom - top, 1)))
      changed()
    }
  }

  return {
    api,
    screenToCanvas: (point) => ({ x: api.bounds.x + point.x / zoom, y: api.bounds.y + point.y / zoom }),
    canvasToScreen: (point) => ({ x: (point.x - api.bounds.x) * zoom, y: (point.y - api.bounds.y) * zoom }),
    setScreenSize(width, height) {
      screen.width = width
      screen.height = height
      changed()
    }
  }
}
