/**
 * The plugin's main thread: shows the UI and turns its typed events into canvas changes.
 * Every request ends in exactly one OPERATION_RESULT; a failure is also shown with figma.notify.
 */
import { emit, on, showUI } from '@create-figma-plugin/utilities'

import { messageOf } from '../../api/message-of'
import type {
  InsertIconHandler,
  InsertIconsHandler,
  OperationResultHandler,
  ReplaceIconsHandler,
  ReportErrorHandler,
  ResizeWindowHandler,
  SavePreferencesHandler,
  SelectionChangedHandler
} from '../../api/plugin-protocol'
import { insertDroppedIcon } from './drop'
import { insertIcon, insertIcons } from './insert-icon'
import { insertionParent, placeAtViewportCentre, placeCentredIn } from './place-node'
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
import { selectedIcons } from './selected-icons'
import { uiStartData } from './start-data'

function succeed(requestId: string, nodes: readonly SceneNode[]): void {
  emit<OperationResultHandler>('OPERATION_RESULT', { requestId, ok: true, nodeIds: nodes.map((node) => node.id) })
}

function fail(requestId: string, error: unknown): void {
  const message = messageOf(error)
  figma.notify(message, { error: true })
  emit<OperationResultHandler>('OPERATION_RESULT', { requestId, ok: false, message })
}

/** Runs one request, reporting its outcome whichever way it goes. */
async function perform(raw: unknown, work: () => SceneNode[] | Promise<SceneNode[]>): Promise<void> {
  try {
    succeed(requestIdOf(raw), await work())
  } catch (error) {
    fail(requestIdOf(raw), error)
  }
}

function insertFromUi(raw: unknown): Promise<void> {
  return perform(raw, () => {
    const request = parseInsertRequest(raw)
    const parent = insertionParent(figma.currentPage.selection)
    const place = parent === null ? placeAtViewportCentre : (node: SceneNode) => placeCentredIn(node, parent)
    return [insertIcon(request, place)]
  })
}

function insertManyFromUi(raw: unknown): Promise<void> {
  return perform(raw, () => insertIcons(parseInsertManyRequest(raw).items, insertionParent(figma.currentPage.selection)))
}

function announceSelection(): void {
  emit<SelectionChangedHandler>('SELECTION_CHANGED', selectedIcons())
}

function replaceFromUi(raw: unknown): Promise<void> {
  return perform(raw, async () => {
    const nodes = await replaceIcons(parseReplaceRequest(raw))
    // The selection is the same nodes, so Figma sends no selectionchange; their icons did change.
    announceSelection()
    return nodes
  })
}

/** Returns false for drops it takes, so Figma does not handle them too. */
function onDrop(event: DropEvent): boolean {
  if (!isIconDrop(event.dropMetadata)) return true
  void perform(event.dropMetadata, () => [insertDroppedIcon(event, parseDropMetadata(event.dropMetadata))])
  return false
}

export default async function (): Promise<void> {
  on<InsertIconHandler>('INSERT_ICON', (request) => void insertFromUi(request))
  on<InsertIconsHandler>('INSERT_ICONS', (request) => void insertManyFromUi(request))
  on<ReplaceIconsHandler>('REPLACE_ICONS', (request) => void replaceFromUi(request))
  on<SavePreferencesHandler>('SAVE_PREFERENCES', (preferences) => {
    savePreferences(preferences).catch((error: unknown) => figma.notify(`Could not save your settings: ${String(error)}`, { error: true }))
  })
  on<ReportErrorHandler>('REPORT_ERROR', (message) => figma.notify(String(message), { error: true }))
  on<ResizeWindowHandler>('RESIZE_WINDOW', (size) => {
    // https://developers.figma.com/docs/plugins/api/properties/figma-ui-resize/ : the iframe's new size in px.
    const within = windowSizeWithinLimits(size)
    if (within !== null) figma.ui.resize(within.width, within.height)
  })

  // The UI starts with the stored preferences and the selection, so it never renders defaults first.
  const data = await uiStartData()
  showUI({ ...data.preferences.window, title: 'Icon Catalogue' }, data)
  // Only now is there a UI to tell about selection changes.
  figma.on('selectionchange', announceSelection)
  figma.on('drop', onDrop)
}
