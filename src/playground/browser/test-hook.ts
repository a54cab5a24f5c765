/**
 * `window.playground`: what end-to-end tests (and curious people in the console) can ask the
 * playground about the emulated document. It reads state and acts only as a designer could:
 * selecting nodes, drawing a shape, switching theme.
 */
import type { FigmaThemeName } from '../figma-theme'
import type { RecordedNotification } from '../figma-emulator/emulator'
import type { DocumentSnapshot, PageContents } from '../figma-emulator/snapshot'
import type { SeededFrames } from './seed-document'

export interface PlaygroundTestHook {
  /** The emulated page: every node with geometry, paints, vector paths and plugin data; selection; viewport. */
  snapshot(): DocumentSnapshot
  /** Every page of the file with its nodes, loaded or not (the plugin's Icons page, say). */
  pages(): PageContents[]
  /** Selects nodes as a click on the canvas would, and resolves once the plugin has been told. */
  select(nodeIds: string[]): Promise<void>
  /**
   * Draws a star inside a frame, as the star tool would, at `box` in the frame's coordinates and
   * filled in `color` (`#rrggbb`); resolves with its id once the plugin has been told of the change.
   */
  drawStar(parentId: string, box: { x: number; y: number; width: number; height: number }, color: string): Promise<string>
  /** The canvas point at the middle of the visible canvas (`figma.viewport.center`). */
  viewportCenter(): Vector
  /** Where a canvas point is on the page, in CSS px from the top-left of the playground's viewport. */
  canvasToPage(point: Vector): Vector
  /** The frames the playground starts with. */
  frames: SeededFrames
  /** What the plugin keeps in `figma.clientStorage`. */
  clientStorage(): Record<string, unknown>
  /** Every `figma.notify` so far, oldest first. */
  notifications(): RecordedNotification[]
  /** Uncaught errors from the plugin's main thread. */
  errors(): string[]
  theme(): FigmaThemeName
  setTheme(theme: FigmaThemeName): void
  /** Resolves once pending emulator events (selectionchange, drops) have run. */
  settle(): Promise<void>
}

declare global {
  interface Window {
    playground?: PlaygroundTestHook
  }
}

export function installTestHook(hook: PlaygroundTestHook): void {
  Object.defineProperty(window, 'playground', { value: Object.freeze(hook), writable: false, configurable: false })
}
