/**
 * The message protocol between the plugin UI (iframe) and the plugin main thread, typed once.
 * Events travel through `emit`/`on` from @create-figma-plugin/utilities; a drag onto the canvas
 * travels as `pluginDrop` with `IconDropMetadata`, its SVG after it as DROP_CONTENT (several picked
 * icons dragged together: their SVGs as DROP_CONTENTS).
 */
import type { EventHandler } from '@create-figma-plugin/utilities'
import type { LineJoin } from './line-joins'

/**
 * A colour the file defines, which an icon's paints can be bound to so that editing the style or
 * switching the variable's mode recolours the icon: a local paint style or a colour variable.
 */
export interface ColorBinding {
  kind: 'style' | 'variable'
  id: string
}

/** A file colour as the toolbar's menu lists it. */
export interface FileColor extends ColorBinding {
  name: string
  /** The variable's collection; '' for a style. */
  collection: string
  /** `#rrggbb`: the style's colour, or the variable's in the current page's mode. */
  color: string
}

/** How an icon is drawn: which of its family's styles, at what size, in what colour. */
export interface Look {
  style: string
  /** Longest side in px. */
  size: number
  /** `#rrggbb`. */
  color: string
  /**
   * Stroke width in px at `size`, for stroke-drawn icons the designer gave one; without it the
   * strokes are as drawn, scaled with the icon.
   */
  strokeWidth?: number
  /**
   * For a drawing whose lines its set outlined into filled shapes (Phosphor, Material Symbols): how
   * wide those lines are in px at `size`, and how they join. A `strokeWidth` is reached by widening
   * them with a stroke of the difference in their own colour (none when not wider).
   */
  outline?: OutlinedLines
  /** The file colour the icon's paints are bound to; `color` is then that colour's value now. */
  binding?: ColorBinding
}

export interface OutlinedLines {
  width: number
  join: LineJoin
}

/**
 * The look the toolbar gives the next insert, whatever the icon: each keeps its own style, and the
 * stroke width (null: as drawn) goes only on icons with strokes.
 */
export interface InsertLook extends Omit<Look, 'style' | 'strokeWidth' | 'outline'> {
  strokeWidth: number | null
}

/** An icon and the look it is to be placed in, as the UI sends it to main. */
export interface PlacedIcon extends Look {
  iconset: string
  icon: string
}

/**
 * What main records on a node with `setSharedPluginData`, one key per field, and reads back. `color`
 * is null when the node wears none of it: a multicolour drawing inserted without a chosen colour
 * keeps its own colours. Records written before this state always name a colour, and are read as such.
 */
export interface RecordedIcon extends Omit<PlacedIcon, 'color'> {
  color: string | null
}

export interface SelectedIcon extends RecordedIcon {
  nodeId: string
}

export interface RecentIcon {
  iconset: string
  icon: string
  name: string
  /** The style it was inserted in, so its preview knows whether it has strokes; absent in lists stored before it was kept. */
  style?: string
}

export interface WindowSize {
  width: number
  height: number
}

/** Kept in figma.clientStorage between runs. */
export interface Preferences {
  query: string
  style: string | null
  /** Slugs of the sets the set filter keeps the search to; empty for every set. */
  iconsets: string[]
  size: number
  color: string
  recent: RecentIcon[]
  /** Stroke width in px for stroke-drawn icons; null keeps each icon's own, scaled with it. */
  strokeWidth: number | null
  /** The plugin window's size, as the designer last left it. */
  window: WindowSize
  /** The file colour chosen in the toolbar instead of a hex, if any; `color` holds its value then. */
  colorBinding: ColorBinding | null
  /** Insert instances of a local component per icon, style and size (on the file's Icons page, or its Icons section in a Starter-plan file) instead of loose frames; each instance wears its own colour and stroke. */
  asComponent: boolean
}

/** What a first run starts with, and what replaces any stored field that is missing or invalid. */
export const DEFAULT_PREFERENCES: Preferences = {
  query: '',
  style: null,
  iconsets: [],
  size: 24,
  color: '#000000',
  recent: [],
  strokeWidth: null,
  window: { width: 360, height: 600 },
  colorBinding: null,
  asComponent: false
}

/**
 * What main hands the UI when it opens it (`showUI(options, data)`); the UI's render function
 * receives it as its props, so the UI starts with it instead of asking for it. A type, not an
 * interface: the toolkit's showUI takes a Record<string, unknown>.
 */
export type UiStartData = {
  preferences: Preferences
  selection: SelectedIcon[]
  /** The file's local colour styles and colour variables. */
  fileColors: FileColor[]
  /** The icons selected or inside selected frames and groups: what Swap set moves. */
  iconsInSelection: SelectedIcon[]
  /** Opened from the selected icons' "Swap icon" relaunch button: the selection panel starts open on them. */
  openSelection: boolean
  /** Why selected icons are left out of the selection (inside an instance, locked); null when none is. */
  selectionNote: string | null
}

/** An SVG fetched by the UI at the wanted size and colour, and what it is. */
export interface IconPayload {
  svg: string
  icon: PlacedIcon
  /**
   * The family the drawing is one style or size of, as the catalogue names it (`home` for Fluent's
   * home-24-regular): its component is named by it, so every size and style of an icon is one folder
   * of the Assets panel. Absent from requests made before it was sent: the drawing's own name is used.
   */
  family?: string
}

export interface InsertRequest extends IconPayload {
  requestId: string
  /** As an instance of the icon's component (made once, on the Icons page or section) rather than a loose frame. */
  asComponent?: boolean
}

/** Several icons at once: a row, or appended to the selected auto-layout frame. */
export interface InsertManyRequest {
  requestId: string
  items: IconPayload[]
  /** Each as an instance of its component, as for one insert. */
  asComponent?: boolean
}

/**
 * Swap size, swap style and replace: new content for existing nodes, which keep their identity.
 * An item's `colorChosen` says the designer chose its colour (a hex or a file colour in the
 * toolbar): a multicolour drawing is then painted in it too. Without it a multicolour drawing keeps
 * its own colours, unless its colour differs from the one recorded on the node. `ownColors` asks
 * for a multicolour drawing's own colours back (the designer emptied the colour): it is drawn again
 * unpainted and records no colour; a single-colour drawing keeps the colour it wears.
 */
export interface ReplaceRequest {
  requestId: string
  items: Array<IconPayload & { nodeId: string; colorChosen?: boolean; ownColors?: boolean }>
  /**
   * 'swap' (the default: another size or style of the same icon) keeps each node's name.
   * 'replace' (a different icon) renames nodes that still carry their generated `{iconset}/{icon}`
   * name to the new icon's; a name the designer chose is kept.
   */
  mode?: 'swap' | 'replace'
}

/**
 * What a drag onto the canvas carries in `pluginDrop`, posted the moment the icon is dropped so the
 * drop lands where the pointer was: which icon was dragged, and the request id its SVG follows with
 * in DROP_CONTENT (or DROP_FAILED) once fetched. A picked icon dragged brings every picked icon:
 * their SVGs follow together in DROP_CONTENTS.
 */
export interface IconDropMetadata {
  kind: 'icon-catalogue/icon'
  requestId: string
  iconset: string
  icon: string
}

export type OperationResult =
  | { requestId: string; ok: true; nodeIds: string[] }
  | { requestId: string; ok: false; message: string }

/** UI → main */
/** The SVG for a drop, with the drop's request id. */
export interface DropContentHandler extends EventHandler {
  name: 'DROP_CONTENT'
  handler: (content: InsertRequest) => void
}
/** The SVGs for a drop of several picked icons dragged together, in the order they were picked. */
export interface DropContentsHandler extends EventHandler {
  name: 'DROP_CONTENTS'
  handler: (content: InsertManyRequest) => void
}
/** The SVG for a drop could not be fetched: main reports it and forgets the drop. */
export interface DropFailedHandler extends EventHandler {
  name: 'DROP_FAILED'
  handler: (failure: { requestId: string; message: string }) => void
}
export interface InsertIconHandler extends EventHandler {
  name: 'INSERT_ICON'
  handler: (request: InsertRequest) => void
}
export interface InsertIconsHandler extends EventHandler {
  name: 'INSERT_ICONS'
  handler: (request: InsertManyRequest) => void
}
export interface ReplaceIconsHandler extends EventHandler {
  name: 'REPLACE_ICONS'
  handler: (request: ReplaceRequest) => void
}
export interface SavePreferencesHandler extends EventHandler {
  name: 'SAVE_PREFERENCES'
  handler: (preferences: Preferences) => void
}
/** The designer is dragging the window's corner; main resizes it within WINDOW_LIMITS. */
export interface ResizeWindowHandler extends EventHandler {
  name: 'RESIZE_WINDOW'
  handler: (size: WindowSize) => void
}
/** The UI failed before reaching main (network, bad response); main tells the designer too. */
export interface ReportErrorHandler extends EventHandler {
  name: 'REPORT_ERROR'
  handler: (message: string) => void
}

/**
 * The designer pressed Cmd/Ctrl+Z in the plugin's window, whose keys Figma's canvas never sees:
 * main undoes the last step, as the canvas would.
 */
export interface UndoHandler extends EventHandler {
  name: 'UNDO'
  handler: () => void
}

/** The colour menu opened: main sends the file's colours again, as they may have changed. */
export interface RefreshFileColorsHandler extends EventHandler {
  name: 'REFRESH_FILE_COLORS'
  handler: () => void
}

/** main → UI */
/** The file's colour styles and variables, sent when they may have changed. */
export interface FileColorsHandler extends EventHandler {
  name: 'FILE_COLORS'
  handler: (colors: FileColor[]) => void
}
export interface SelectionChangedHandler extends EventHandler {
  name: 'SELECTION_CHANGED'
  handler: (selection: SelectedIcon[]) => void
}
/** Sent with every SELECTION_CHANGED: why selected icons were left out of it, or null (UiStartData.selectionNote). */
export interface SelectionNoteHandler extends EventHandler {
  name: 'SELECTION_NOTE'
  handler: (note: string | null) => void
}
/** Sent with every SELECTION_CHANGED: the icons selected or inside selected frames and groups. */
export interface IconsInSelectionHandler extends EventHandler {
  name: 'ICONS_IN_SELECTION'
  handler: (icons: SelectedIcon[]) => void
}
export interface OperationResultHandler extends EventHandler {
  name: 'OPERATION_RESULT'
  handler: (result: OperationResult) => void
}
