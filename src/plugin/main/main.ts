/**
 * The plugin's main thread: shows the UI and turns its typed events into canvas changes.
 * Every request ends in exactly one OPERATION_RESULT; a failure is also shown with figma.notify.
 */
import { emit, on, showUI } from '@create-figma-plugin/utilities'

import { messageOf } from '../../api/message-of'
import type {
  DropContentHandler,
  DropContentsHandler,
  DropFailedHandler,
  FileColorsHandler,
  InsertIconHandler,
  IconsInSelectionHandler,
  InsertIconsHandler,
  InsertManyRequest,
  IconPayload,
  OperationResultHandler,
  RefreshFileColorsHandler,
  ReplaceIconsHandler,
  ReportErrorHandler,
  ResizeWindowHandler,
  SavePreferencesHandler,
  SelectionChangedHandler,
  SelectionNoteHandler,
  UndoHandler
} from '../../api/plugin-protocol'
import { dropContentArrived, dropOfOne, forgetDrop, insertDroppedIcons, landDrop } from './drop'
import { bindIconColor, fileColors, unreadableColors } from './file-colors'
import { iconMaker } from './icon-components'
import { insertForSelection, insertIcons } from './insert-icon'
import { notify } from './notify'
import { placeIcons } from './place-node'
import { savePreferences, windowSizeWithinLimits } from './preferences'
import { replaceIcons } from './replace-content'
import {
  isIconDrop,
  parseDropMetadata,
  parseInsertManyRequest,
  parseInsertRequest,
  parseReplaceRequest,
  requestIdOf
} from './request-validation'
import { iconsInSelection, selectedIcons, unavailableNote } from './selected-icons'
import { uiStartData } from './start-data'
import { asUndoStep, undoLastStep } from './undo-step'

function succeed(requestId: string, nodes: readonly SceneNode[]): void {
  emit<OperationResultHandler>('OPERATION_RESULT', { requestId, ok: true, nodeIds: nodes.map((node) => node.id) })
}

function fail(requestId: string, error: unknown): void {
  const message = messageOf(error)
  notify(message, { error: true })
  emit<OperationResultHandler>('OPERATION_RESULT', { requestId, ok: false, message })
}

/** Runs one request as one undo step (undo-step.ts), reporting its outcome whichever way it goes, all or nothing. */
async function perform(raw: unknown, work: () => SceneNode[] | Promise<SceneNode[]>): Promise<void> {
  try {
    succeed(requestIdOf(raw), await asUndoStep(async () => work()))
  } catch (error) {
    fail(requestIdOf(raw), error)
  }
}

/** The icon the last insert put on the page, which the next one lines up beside. */
let lastOnPage: SceneNode | null = null

function insertFromUi(raw: unknown): Promise<void> {
  return perform(raw, async () => {
    const request = parseInsertRequest(raw)
    const selection = figma.currentPage.selection
    const nodes = await insertForSelection(request, selection, lastOnPage, iconMaker(request.asComponent))
    await bindIconColor(nodes, request.icon)
    const [node] = nodes
    if (nodes.length === 1 && node?.parent === figma.currentPage) lastOnPage = node
    return nodes
  })
}

function insertManyFromUi(raw: unknown): Promise<void> {
  return perform(raw, async () => {
    const { items, asComponent } = parseInsertManyRequest(raw)
    const selection = figma.currentPage.selection
    const nodes = await insertIcons(items, (made) => placeIcons(made, selection), iconMaker(asComponent))
    await bindEachColor(nodes, items)
    return nodes
  })
}

/** Each of several new icons bound to the file colour its own drawing was asked in. */
async function bindEachColor(nodes: readonly SceneNode[], items: readonly IconPayload[]): Promise<void> {
  for (const [index, node] of nodes.entries()) if (items[index] !== undefined) await bindIconColor([node], items[index].icon)
}

/** The last note about unavailable icons, so the same one is not repeated on every change. */
let lastNote: string | null = null

function announceSelection(): void {
  emit<SelectionChangedHandler>('SELECTION_CHANGED', selectedIcons())
  emit<IconsInSelectionHandler>('ICONS_IN_SELECTION', iconsInSelection())
  // Icons inside instances or locked layers are left out of the selection panel, which says why
  // for as long as they are selected; Figma's toast says it once on the canvas.
  const note = unavailableNote()
  emit<SelectionNoteHandler>('SELECTION_NOTE', note)
  if (note !== null && note !== lastNote) notify(note)
  lastNote = note
}

/** True when a change is to a selected node, a layer inside one, or a parent of one (locking it, say). */
function touchesSelection(change: NodeChange): boolean {
  if (change.node.removed) return false
  const changed = change.node
  const selection = figma.currentPage.selection
  const above = (node: BaseNode, ancestor: BaseNode): boolean => {
    for (let current: BaseNode | null = node; current !== null; current = current.parent) if (current.id === ancestor.id) return true
    return false
  }
  return selection.some((node) => above(changed, node) || above(node, changed))
}

const followedPages = new WeakSet<PageNode>()

/**
 * The designer resizing or recolouring a selected icon on the canvas changes no selection, so
 * Figma sends no selectionchange; the page's nodechange tells (PageNode.on, which, unlike
 * documentchange, needs no loadAllPagesAsync under dynamic-page).
 */
function followSelectedIcons(page: PageNode): void {
  // Once per page, however often the designer comes back to it.
  if (followedPages.has(page)) return
  followedPages.add(page)
  page.on('nodechange', (event) => {
    if (event.nodeChanges.some(touchesSelection)) announceSelection()
  })
}

function replaceFromUi(raw: unknown): Promise<void> {
  return perform(raw, async () => {
    const nodes = await replaceIcons(parseReplaceRequest(raw))
    // The selection is the same nodes, so Figma sends no selectionchange; their icons did change.
    announceSelection()
    return nodes
  })
}

function insertDrop(content: InsertManyRequest): Promise<void> {
  return perform(content, async () => {
    const nodes = await insertDroppedIcons(content)
    await bindEachColor(nodes, content.items)
    return nodes
  })
}

/** Returns false for drops it takes, so Figma does not handle them too. */
function onDrop(event: DropEvent): boolean {
  if (!isIconDrop(event.dropMetadata)) return true
  try {
    const { requestId } = parseDropMetadata(event.dropMetadata)
    const content = landDrop(requestId, event)
    if (content !== null) void insertDrop(content)
  } catch (error) {
    fail(requestIdOf(event.dropMetadata), error)
  }
  return false
}

/** DROP_CONTENT (one icon) or DROP_CONTENTS (several picked icons), read by `parse`. */
function dropContentFromUi(raw: unknown, parse: (raw: unknown) => InsertManyRequest): void {
  try {
    const content = parse(raw)
    if (dropContentArrived(content)) void insertDrop(content)
  } catch (error) {
    forgetDrop(requestIdOf(raw))
    fail(requestIdOf(raw), error)
  }
}

/** The file's colours as the UI last got them, to tell whether a poll found a change. */
let sentFileColors = ''

/**
 * The file's colours may have changed: the UI's colour menu gets them again. A poll sends them only
 * when they differ from what the UI has, and stays quiet when it cannot read them (it tries again).
 */
async function sendFileColors(onlyIfChanged = false): Promise<void> {
  try {
    const colors = await fileColors()
    const json = JSON.stringify(colors)
    if (onlyIfChanged && json === sentFileColors) return
    sentFileColors = json
    emit<FileColorsHandler>('FILE_COLORS', colors)
  } catch (error) {
    if (!onlyIfChanged) notify(unreadableColors(error), { error: true })
  }
}

/** How often the file's colours are read while the plugin runs (see followFileColors). */
const FILE_COLOR_POLL_MS = 1_000
/** A file whose colours take long to read is read less often: the reads take at most this share of main's time. */
const FILE_COLOR_POLL_SHARE = 0.1

/**
 * Figma tells a plugin of no variable change: neither a mode switched on the page nor a value
 * edited fires an event (https://developers.figma.com/docs/plugins/api/properties/figma-on lists
 * them; https://developers.figma.com/docs/plugins/api/DocumentChange has no variable change). So
 * the colours are read again every FILE_COLOR_POLL_MS (less often in a file whose many variables take
 * long to read), one read at a time, until the plugin closes, and the toolbar follows a mode switch
 * while the designer looks at it. The function returned asks for a read as soon as the same budget
 * allows: a new selection may put the next icon in a frame of another mode.
 */
function followFileColors(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  let reading = false
  /** When the next read may start, so that reads take at most FILE_COLOR_POLL_SHARE of main's time. */
  let allowedAt = 0
  const readIn = (delayMs: number) => {
    clearTimeout(timer)
    if (!closed) timer = setTimeout(poll, delayMs)
  }
  const poll = () => {
    reading = true
    const started = Date.now()
    void sendFileColors(true).then(() => {
      reading = false
      const tookMs = Date.now() - started
      allowedAt = Date.now() + tookMs * (1 / FILE_COLOR_POLL_SHARE - 1)
      readIn(Math.max(FILE_COLOR_POLL_MS, tookMs / FILE_COLOR_POLL_SHARE))
    })
  }
  figma.on('close', () => {
    closed = true
    clearTimeout(timer)
  })
  readIn(FILE_COLOR_POLL_MS)
  return () => {
    if (!reading) readIn(Math.max(0, allowedAt - Date.now()))
  }
}

export default async function (): Promise<void> {
  on<InsertIconHandler>('INSERT_ICON', (request) => void insertFromUi(request))
  on<InsertIconsHandler>('INSERT_ICONS', (request) => void insertManyFromUi(request))
  on<ReplaceIconsHandler>('REPLACE_ICONS', (request) => void replaceFromUi(request))
  on<DropContentHandler>('DROP_CONTENT', (raw: unknown) => dropContentFromUi(raw, (one) => dropOfOne(parseInsertRequest(one))))
  on<DropContentsHandler>('DROP_CONTENTS', (raw: unknown) => dropContentFromUi(raw, parseInsertManyRequest))
  on<DropFailedHandler>('DROP_FAILED', (failure: unknown) => {
    const requestId = requestIdOf(failure)
    const message = (failure as { message?: unknown } | null)?.message
    forgetDrop(requestId)
    fail(requestId, new Error(typeof message === 'string' && message !== '' ? message : 'The dropped icon could not be inserted.'))
  })
  on<SavePreferencesHandler>('SAVE_PREFERENCES', (preferences) => {
    savePreferences(preferences).catch((error: unknown) => notify(`Could not save your settings: ${String(error)}`, { error: true }))
  })
  on<ReportErrorHandler>('REPORT_ERROR', (message) => notify(String(message), { error: true }))
  on<RefreshFileColorsHandler>('REFRESH_FILE_COLORS', () => void sendFileColors())
  on<UndoHandler>('UNDO', () => void undoLastStep())
  on<ResizeWindowHandler>('RESIZE_WINDOW', (size) => {
    // https://developers.figma.com/docs/plugins/api/properties/figma-ui-resize/ : the iframe's new size in px.
    const within = windowSizeWithinLimits(size)
    if (within !== null) figma.ui.resize(within.width, within.height)
  })

  // The UI starts with the stored preferences and the selection, so it never renders defaults first.
  const data = await uiStartData()
  showUI({ ...data.preferences.window, title: 'Icon Catalogue' }, data)
  sentFileColors = JSON.stringify(data.fileColors)
  const readFileColorsSoon = followFileColors()
  // Only now is there a UI to tell about selection changes.
  figma.on('selectionchange', () => {
    announceSelection()
    // The variables' colours are their values where the next icon goes: in the frame selected, say.
    readFileColorsSoon()
  })
  followSelectedIcons(figma.currentPage)
  figma.on('currentpagechange', () => {
    followSelectedIcons(figma.currentPage)
    // Another page can be in another variable mode, so the variables' colours may differ.
    void sendFileColors()
  })
  // A paint style made, edited or removed (stylechange needs no loaded pages, unlike documentchange).
  figma.on('stylechange', () => void sendFileColors())
  figma.on('drop', onDrop)
}
