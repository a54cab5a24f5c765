import { useWindowResize } from '@create-figma-plugin/ui'
import { emit } from '@create-figma-plugin/utilities'
import { h, type JSX, type RefObject } from 'preact'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'

import { iconKeyOf } from '../../api/icon-key'
import { WINDOW_LIMITS } from '../../api/limits'
import type { IconSummary } from '../../api/catalogue-schemas'
import { queryText } from '../../api/query-text'
import {
  DEFAULT_PREFERENCES,
  type FileColor,
  type ResizeWindowHandler,
  type SelectedIcon,
  type UiStartData,
  type WindowSize
} from '../../api/plugin-protocol'
import { CatalogueContext, useCatalogue, useCatalogueState } from './catalogue-context'
import { createCatalogueClient, type CatalogueClient } from './catalogue-client'
import { catalogueUrl } from './catalogue-url'
import type { GridActions } from './grid-actions'
import { GridPlacesContext, type GridPlaces } from './grid-places'
import { LookToolbar } from './look-toolbar'
import { MultiInsertBar } from './multi-insert-bar'
import { focusIfPresent, nothingFocused } from './focus'
import { IconDetail } from './icon-detail'
import type { EscapeHandler } from './iconset-view'
import { IconsetsView, type OpenSet } from './iconsets-view'
import { OperationStatus } from './operation-status'
import { PreferencesContext, usePreferences, usePreferencesState } from './preferences-context'
import { SearchView } from './search-view'
import { SelectionPanel } from './selection-panel'
import { StyleList } from './style-list'
import { useClearWhenCatalogueBack } from './use-clear-when-back'
import { useFileColors } from './use-file-colors'
import { useGridTop } from './use-grid-top'
import type { KeptDrawings } from '../shared/kept-drawings'
import { useIconActions, type IconRef } from './use-icon-actions'
import { useOperations, type OperationStatus as OperationStatusData } from './use-operations'
import { usePicked } from './use-picked'
import { usePluginEvents } from './use-plugin-events'
import { useResource } from './use-resource'
import { useSwapSet } from './use-swap-set'
import { useUndoKey } from './use-undo-key'
import { ViewTabs } from './view-tabs'

/** What the hub hands a view; each view takes only the parts it shows. */
interface Hub {
  actions: GridActions
  searchBox: RefObject<HTMLInputElement>
  /** True until the search view first shows, which then selects the remembered query: not on a later return to the tab. */
  searchOpening: { current: boolean }
  /** Set by a view with a search box of its own (an icon set's), for Escape to clear that one. */
  escape: EscapeHandler
  open: (icon: IconRef) => void
  chooseStyle: (style: string) => void
  /** Words searched in every set and style, whatever the filters held, on the Search tab. */
  searchAllSets: (query: string) => void
  /** The icon set open in the "Icon sets" tab and its own search, kept while the designer visits the other tabs. */
  openSet: OpenSet | null
  setOpenSet: (set: OpenSet | null) => void
}

type Tab = 'search' | 'sets' | 'styles'

const VIEWS: Record<Tab, { label: string; render: (hub: Hub) => JSX.Element }> = {
  search: {
    label: 'Search',
    render: (hub) => (
      <SearchView
        actions={hub.actions}
        searchBox={hub.searchBox}
        opening={hub.searchOpening}
        onOpenRecent={(icon) => hub.open({ iconset: icon.iconset, slug: icon.icon })}
      />
    )
  },
  sets: {
    label: 'Icon sets',
    render: (hub) => (
      <IconsetsView actions={hub.actions} escape={hub.escape} openSet={hub.openSet} onOpenSet={hub.setOpenSet} onSearchAllSets={hub.searchAllSets} />
    )
  },
  styles: { label: 'Styles', render: (hub) => <StyleList onOpen={hub.chooseStyle} /> }
}

/** Whether `element` (the focused one unless told) is inside the icon details. */
const inDetail = (element: EventTarget | null = document.activeElement): boolean =>
  element instanceof Element && element.closest('.ic-detail-panel') !== null

/**
 * The message at the foot, less an error the open details already show with their Retry (an
 * insert and the details both failing while the catalogue is away): said once, not twice.
 */
function footStatus(status: OperationStatusData, detail: { error: string | null }): OperationStatusData {
  return status.error !== null && status.error === detail.error ? { ...status, error: null } : status
}

/** Whether `element` is the selected icons' line or inside their open panel. */
const inSelectionPanel = (element: EventTarget | null): boolean =>
  element instanceof Element && element.closest('.ic-selection-panel') !== null

const TABS = (Object.keys(VIEWS) as Tab[]).map((value) => ({ value, label: VIEWS[value].label }))

export interface PluginProps extends Partial<UiStartData> {
  /** The real catalogue unless a test passes its own. */
  client?: CatalogueClient
  operationTimeoutMs?: number
}

/**
 * The plugin UI. Main passes the restored preferences and the selection with showUI; without
 * them (a page that renders the UI alone) it starts as a first run does.
 */
export function Plugin(props: PluginProps) {
  const client = useMemo(() => props.client ?? createCatalogueClient(catalogueUrl()), [props.client])
  const catalogue = useCatalogueState(client)
  const preferences = usePreferencesState(props.preferences ?? DEFAULT_PREFERENCES)
  const [gridPlaces] = useState<GridPlaces>(() => new Map())
  return (
    <CatalogueContext.Provider value={catalogue}>
      <PreferencesContext.Provider value={preferences}>
        <GridPlacesContext.Provider value={gridPlaces}>
          <PluginHub
            selection={props.selection ?? []}
            iconsInSelection={props.iconsInSelection ?? props.selection ?? []}
            selectionNote={props.selectionNote ?? null}
            fileColors={props.fileColors ?? []}
            openSelection={props.openSelection ?? false}
            operationTimeoutMs={props.operationTimeoutMs}
          />
        </GridPlacesContext.Provider>
      </PreferencesContext.Provider>
    </CatalogueContext.Provider>
  )
}

function PluginHub(props: {
  selection: SelectedIcon[]
  iconsInSelection: SelectedIcon[]
  selectionNote: string | null
  fileColors: FileColor[]
  openSelection: boolean
  operationTimeoutMs: number | undefined
}) {
  const { client } = useCatalogue()
  const { preferences, update } = usePreferences()
  const [selection, setSelection] = useState(props.selection)
  const [iconsInSelection, setIconsInSelection] = useState(props.iconsInSelection)
  const [selectionNote, setSelectionNote] = useState(props.selectionNote)
  const [tab, setTab] = useState<Tab>('search')
  const [openSet, setOpenSet] = useState<OpenSet | null>(null)
  const [opened, setOpened] = useState<IconRef | null>(null)
  // Open from the start when the plugin was opened from the icons' "Swap icon" button.
  const [selectionExpanded, setSelectionExpanded] = useState(props.openSelection)
  const selectionToggle = useRef<HTMLButtonElement>(null)
  const [entryProblem, setEntryProblem] = useState<string | null>(null)
  const picking = usePicked()
  const searchBox = useRef<HTMLInputElement>(null)
  const searchOpening = useRef(true)
  const escape = useRef<(() => void) | null>(null)
  const operations = useOperations(props.operationTimeoutMs)
  const fileColors = useFileColors(props.fileColors)
  usePluginEvents({
    onSelectionChanged: setSelection,
    onIconsInSelection: setIconsInSelection,
    onSelectionNote: setSelectionNote,
    onOperationResult: operations.settle,
    onFileColors: fileColors.setColors
  })
  // What each icon was drawn as before a swap, so a swap back restores it (kept-drawings.ts).
  const [keptDrawings] = useState<KeptDrawings>(() => new Map())
  const swapSet = useSwapSet(operations, keptDrawings)
  useClearWhenCatalogueBack(operations.status, operations.catalogueBack)
  // A handle in the bottom-right corner; main resizes the window and the size is remembered.
  const onWindowResize = useCallback(
    (size: WindowSize) => {
      emit<ResizeWindowHandler>('RESIZE_WINDOW', size)
      update({ window: { width: size.width, height: size.height } })
    },
    [update]
  )
  useWindowResize(onWindowResize, WINDOW_LIMITS)

  const detail = useResource(opened === null ? null : iconKeyOf(opened), (signal) =>
    client.icon(opened?.iconset ?? '', opened?.slug ?? '', signal)
  )
  // Focus goes back where it was when the details opened (a tile, a recent icon) once they close
  // from inside, or with nothing focused (a button disabled while it inserted): their focused
  // button goes with them, and focus would otherwise fall to the page.
  const openedFrom = useRef<Element | null>(null)
  const restoreFocus = useRef<Element | null>(null)
  const openDetail = useCallback((icon: IconRef) => {
    if (!inDetail()) openedFrom.current = document.activeElement
    setOpened(icon)
  }, [])
  // `from`: the key's target for Escape, which create-figma-plugin's buttons blur on that key before it gets here.
  const closeDetail = useCallback((from?: EventTarget | null) => {
    if (inDetail(from) || nothingFocused()) restoreFocus.current = openedFrom.current ?? searchBox.current
    openedFrom.current = null
    setOpened(null)
  }, [])
  const closeFromInside = useCallback(() => closeDetail(), [closeDetail])
  // Details opened from the dimmed results a new search is replacing close when its results come
  // without that icon, rather than stay over results they are not among; the same words read
  // again (as chips) bring the same icons, and the details stay.
  const openedStale = useRef<string | null>(null)
  const closeIfGone = useCallback(
    (icons: readonly IconSummary[]) => {
      const key = openedStale.current
      if (key === null) return
      openedStale.current = null
      if (opened !== null && iconKeyOf(opened) === key && !icons.some((icon) => iconKeyOf(icon) === key)) closeDetail()
    },
    [closeDetail, opened]
  )
  // New words in the search box: the details were of a result the new ones replace, and would
  // cover them. Focus stays in the box, where the designer is typing.
  const searchWords = queryText(preferences.query)
  const wordsShown = useRef(searchWords)
  useEffect(() => {
    if (wordsShown.current === searchWords) return
    wordsShown.current = searchWords
    closeDetail()
  }, [searchWords, closeDetail])
  useEffect(() => {
    const target = restoreFocus.current
    if (opened !== null || target === null) return
    restoreFocus.current = null
    if (!focusIfPresent(target)) searchBox.current?.focus()
  }, [opened])
  const { insert, insertMany, swap, replaceWith, drag } = useIconActions({
    operations,
    selection,
    entryProblem,
    onDone: closeFromInside,
    onSeveralPlaced: picking.clear,
    kept: keptDrawings,
    fileColors: fileColors.colors
  })
  // Once the toolbar box is mended, the refusal it caused goes too, rather than lingering till the next action.
  const refused = useRef<string | null>(null)
  const { withdraw } = operations
  useEffect(() => {
    if (refused.current !== null && refused.current !== entryProblem) withdraw(refused.current)
    refused.current = entryProblem
  }, [entryProblem, withdraw])

  const insertPicked = () => void insertMany(picking.picked.map((icon) => ({ iconset: icon.iconset, slug: icon.slug })))
  // One of several picked icons stands for them all, to Enter and to a drag: what is highlighted is what goes in.
  const severalPicked = (icon: IconSummary) => picking.picked.length > 1 && picking.keys.has(iconKeyOf(icon))

  const hub: Hub = {
    actions: {
      activeKey: opened === null ? null : iconKeyOf(opened),
      picked: picking.keys,
      onPick: picking.pick,
      onOpen: (icon: IconSummary, stale: boolean) => {
        openedStale.current = stale ? iconKeyOf(icon) : null
        openDetail({ iconset: icon.iconset, slug: icon.slug })
      },
      onShown: closeIfGone,
      onInsert: (icon: IconSummary) => (severalPicked(icon) ? insertPicked() : void insert({ iconset: icon.iconset, slug: icon.slug, name: icon.name })),
      onDragStart: (icon: IconSummary, event: DragEvent) => drag.onDragStart(severalPicked(icon) ? picking.picked : [icon], event),
      onDragEnd: drag.onDragEnd
    },
    searchBox,
    searchOpening,
    escape,
    open: openDetail,
    openSet,
    setOpenSet,
    // A style card is for browsing the style: its icons, not the last words typed, which may find none in it.
    chooseStyle: (style) => {
      update({ style, query: '' })
      setTab('search')
    },
    searchAllSets: (query) => {
      update({ query, iconsets: [], style: null })
      setTab('search')
    }
  }

  // Escape folds what is open before it clears anything: the selected icons' panel when focus is in
  // it (or nothing else is open), the icon details, the picked icons, and only then the search (the
  // open set's own, if any, else the Search tab's).
  const detailOpen = opened !== null
  // With nothing selected the panel is not shown, and Escape has nothing of it to fold.
  const selectionOpen = selectionExpanded && (selection.length > 0 || iconsInSelection.length > 0)
  const pickedCount = picking.picked.length
  const clearPicked = picking.clear
  // Swapped as the render that changes what is open commits, not after paint: an Escape pressed
  // between the two met the handler of before, which folded the panel again and left the search.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      if (selectionOpen && (inSelectionPanel(event.target) || !detailOpen)) {
        setSelectionExpanded(false)
        // Its fields go with it: focus stays on its line rather than falling to the page.
        if (inSelectionPanel(event.target)) selectionToggle.current?.focus()
        return
      }
      if (detailOpen) {
        closeDetail(event.target)
        return
      }
      // Picked icons next, as Escape deselects on Figma's canvas: they would otherwise stay picked
      // under another search, their bar at the foot and none of them in sight.
      if (pickedCount > 0) {
        clearPicked()
        return
      }
      if (escape.current !== null) {
        escape.current()
        return
      }
      // The search's words are the Search tab's: elsewhere Escape leaves them be.
      if (tab !== 'search') return
      update({ query: '' })
      searchBox.current?.focus()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [update, detailOpen, selectionOpen, tab, closeDetail, pickedCount, clearPicked])

  const busy = operations.status.busy !== null
  const app = useRef<HTMLDivElement>(null)
  const main = useRef<HTMLDivElement>(null)
  const viewKey = tab === 'sets' ? `sets:${openSet?.slug ?? ''}` : tab
  useGridTop(app, main, detailOpen, viewKey)
  useUndoKey(operations.beforeUndo)

  return (
    <div class="ic-app" ref={app}>
      {/* The selected icons fold into one line beside the tabs, so the grid keeps most of the window; opened, their panel takes the row under the tabs. */}
      <header class="ic-header">
        <ViewTabs
          options={TABS}
          value={tab}
          onChange={(value) => {
            // Choosing "Icon sets" while on it goes back to the list from an open set.
            if (value === 'sets' && tab === 'sets') setOpenSet(null)
            // The details belong to a tile of the view left, and would cover half of the new one.
            if (value !== tab) closeDetail()
            setTab(value)
          }}
        />
        <SelectionPanel
          selection={selection}
          iconsInSelection={iconsInSelection}
          busy={busy}
          expanded={selectionExpanded}
          onExpandedChange={setSelectionExpanded}
          toggleRef={selectionToggle}
          onChange={(change) => void swap(change)}
          onSwapSet={swapSet}
          kept={keptDrawings}
        />
        {/* Selected icons the panel leaves out (inside an instance, locked), and why, for as long as they are selected. */}
        {selectionNote === null ? null : (
          <p class="ic-selection-note" role="status">
            {selectionNote}
          </p>
        )}
      </header>
      <LookToolbar
        selection={selection}
        busy={busy}
        fileColors={fileColors.colors}
        onOpenFileColors={fileColors.refresh}
        onSwap={swap}
        onWaitTurn={operations.waitTurn}
        undoCount={operations.undoCount}
        onEntryProblem={setEntryProblem}
      />
      <div class="ic-main" ref={main} role="tabpanel" id={`ic-panel-${tab}`} aria-labelledby={`ic-tab-${tab}`} key={viewKey}>
        {VIEWS[tab].render(hub)}
      </div>
      {picking.picked.length > 0 ? (
        <MultiInsertBar
          picked={picking.picked}
          full={picking.full}
          busy={busy}
          onClear={picking.clear}
          onInsert={insertPicked}
        />
      ) : null}
      {/* The details and the message share the window's foot; the message floats above the details, so it never covers their buttons. */}
      <div class="ic-foot">
        {opened !== null ? (
          <IconDetail
            resource={detail}
            selectionCount={selection.length}
            busy={busy}
            entryProblem={entryProblem}
            onOpenVariant={(iconset, slug) => setOpened({ iconset, slug })}
            onInsert={(icon) => void insert({ iconset: icon.iconset, slug: icon.slug, name: icon.name })}
            onReplace={(icon) => void replaceWith(icon)}
            onClose={closeFromInside}
          />
        ) : null}
        <OperationStatus status={footStatus(operations.status, detail)} onDismiss={operations.dismiss} onTryAgain={operations.tryAgain} />
      </div>
    </div>
  )
}
