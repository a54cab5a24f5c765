import { h, type JSX, type RefObject } from 'preact'
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks'

import { iconKey } from '../../api/icon-key'
import type { IconSummary } from '../../api/catalogue-schemas'
import { DEFAULT_PREFERENCES, type SelectedIcon, type UiStartData } from '../../api/plugin-protocol'
import { CatalogueContext, useCatalogue, useCatalogueState } from './catalogue-context'
import { createCatalogueClient, type CatalogueClient } from './catalogue-client'
import { catalogueUrl } from './catalogue-url'
import type { GridActions } from './grid-actions'
import { IconDetail } from './icon-detail'
import { IconsetsView } from './iconsets-view'
import { OperationStatus } from './operation-status'
import { PreferencesContext, usePreferences, usePreferencesState } from './preferences-context'
import { SearchView } from './search-view'
import { SelectionPanel } from './selection-panel'
import { StyleList } from './style-list'
import { useIconActions, type IconRef } from './use-icon-actions'
import { useOperations } from './use-operations'
import { usePluginEvents } from './use-plugin-events'
import { useResource } from './use-resource'
import { ViewTabs } from './view-tabs'

/** What the hub hands a view; each view takes only the parts it shows. */
interface Hub {
  actions: GridActions
  searchBox: RefObject<HTMLInputElement>
  open: (icon: IconRef) => void
  chooseStyle: (style: string) => void
}

type Tab = 'search' | 'sets' | 'styles'

const VIEWS: Record<Tab, { label: string; render: (hub: Hub) => JSX.Element }> = {
  search: {
    label: 'Search',
    render: (hub) => (
      <SearchView
        actions={hub.actions}
        searchBox={hub.searchBox}
        onOpenRecent={(icon) => hub.open({ iconset: icon.iconset, slug: icon.icon })}
      />
    )
  },
  sets: { label: 'Icon sets', render: (hub) => <IconsetsView actions={hub.actions} /> },
  styles: { label: 'Styles', render: (hub) => <StyleList onOpen={hub.chooseStyle} /> }
}

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
  return (
    <CatalogueContext.Provider value={catalogue}>
      <PreferencesContext.Provider value={preferences}>
        <PluginHub selection={props.selection ?? []} operationTimeoutMs={props.operationTimeoutMs} />
      </PreferencesContext.Provider>
    </CatalogueContext.Provider>
  )
}

function PluginHub(props: { selection: SelectedIcon[]; operationTimeoutMs: number | undefined }) {
  const { client } = useCatalogue()
  const { update } = usePreferences()
  const [selection, setSelection] = useState(props.selection)
  const [tab, setTab] = useState<Tab>('search')
  // Choosing "Icon sets" again goes back to the list from an open set.
  const [setsVisit, setSetsVisit] = useState(0)
  const [opened, setOpened] = useState<IconRef | null>(null)
  const searchBox = useRef<HTMLInputElement>(null)
  const operations = useOperations(props.operationTimeoutMs)
  usePluginEvents({ onSelectionChanged: setSelection, onOperationResult: operations.settle })

  const detail = useResource(opened === null ? null : iconKey(opened.iconset, opened.slug), (signal) =>
    client.icon(opened?.iconset ?? '', opened?.slug ?? '', signal)
  )
  const closeDetail = useCallback(() => setOpened(null), [])
  const { insert, swap, replaceWith, drag } = useIconActions({ operations, selection, onDone: closeDetail })

  const hub: Hub = {
    actions: {
      activeKey: opened === null ? null : iconKey(opened.iconset, opened.slug),
      onOpen: (icon: IconSummary) => setOpened({ iconset: icon.iconset, slug: icon.slug }),
      onInsert: (icon: IconSummary) => void insert({ iconset: icon.iconset, slug: icon.slug }),
      onDragStart: drag.onDragStart,
      onDragEnd: drag.onDragEnd
    },
    searchBox,
    open: setOpened,
    chooseStyle: (style) => {
      update({ style })
      setTab('search')
    }
  }

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setOpened(null)
      update({ query: '' })
      searchBox.current?.focus()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [update])

  const busy = operations.status.busy !== null

  return (
    <div class="ic-app">
      <ViewTabs
        options={TABS}
        value={tab}
        onChange={(value) => {
          setTab(value)
          if (value === 'sets') setSetsVisit((visit) => visit + 1)
        }}
      />
      <div class="ic-main" role="tabpanel" id={`ic-panel-${tab}`} aria-labelledby={`ic-tab-${tab}`} key={tab === 'sets' ? setsVisit : tab}>
        {VIEWS[tab].render(hub)}
      </div>
      {opened !== null ? (
        <IconDetail
          resource={detail}
          selectionCount={selection.length}
          busy={busy}
          onOpenVariant={(iconset, slug) => setOpened({ iconset, slug })}
          onInsert={(icon) => void insert({ iconset: icon.iconset, slug: icon.slug })}
          onReplace={(icon) => void replaceWith(icon)}
          onClose={closeDetail}
        />
      ) : selection.length > 0 ? (
        <SelectionPanel selection={selection} busy={busy} onChange={(change) => void swap(change)} />
      ) : null}
      <OperationStatus status={operations.status} onDismiss={operations.dismiss} />
    </div>
  )
}
