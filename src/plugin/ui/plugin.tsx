import { h } from 'preact'
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks'

import { iconKey } from '../../api/icon-key'
import type { IconSummary } from '../../api/catalogue-schemas'
import { DEFAULT_PREFERENCES, type IconPayload, type Preferences, type SelectedIcon } from '../../api/plugin-protocol'
import { createCatalogueClient, type CatalogueClient } from './catalogue-client'
import { catalogueUrl } from './catalogue-url'
import type { GridActions } from './grid-actions'
import { IconDetail } from './icon-detail'
import { IconsetList } from './iconset-list'
import { IconsetView } from './iconset-view'
import { OperationStatus } from './operation-status'
import { withRecent } from './preferences'
import { SearchView } from './search-view'
import { SelectionPanel } from './selection-panel'
import { StyleList } from './style-list'
import { useIconActions, type IconRef } from './use-icon-actions'
import { useOperations } from './use-operations'
import { usePluginEvents } from './use-plugin-events'
import { useResource } from './use-resource'
import { useSavePreferences } from './use-save-preferences'
import { useSearch } from './use-search'
import { useThemeInk } from './use-theme-ink'
import { ViewTabs, type TabOption } from './view-tabs'

type Tab = 'search' | 'sets' | 'styles'

const TABS: readonly TabOption<Tab>[] = [
  { value: 'search', label: 'Search' },
  { value: 'sets', label: 'Icon sets' },
  { value: 'styles', label: 'Styles' }
]

/** `client` and `operationTimeoutMs` default to the real catalogue and timeout; tests may pass their own. */
export function Plugin(props: { client?: CatalogueClient; operationTimeoutMs?: number }) {
  const client = useMemo(() => props.client ?? createCatalogueClient(catalogueUrl()), [props.client])
  const ink = useThemeInk()
  const [preferences, setPreferences] = useState<Preferences>(DEFAULT_PREFERENCES)
  const [restored, setRestored] = useState(false)
  const [selection, setSelection] = useState<SelectedIcon[]>([])
  const [tab, setTab] = useState<Tab>('search')
  const [openSet, setOpenSet] = useState<string | null>(null)
  const [opened, setOpened] = useState<IconRef | null>(null)
  const searchBox = useRef<HTMLInputElement>(null)
  const operations = useOperations(props.operationTimeoutMs)

  usePluginEvents({
    onInit: (init) => {
      setPreferences({ ...DEFAULT_PREFERENCES, ...init.preferences })
      setSelection(init.selection)
      setRestored(true)
    },
    onSelectionChanged: setSelection,
    onOperationResult: operations.settle
  })
  useSavePreferences(preferences, restored)

  const update = useCallback((change: Partial<Preferences>) => setPreferences((current) => ({ ...current, ...change })), [])
  const remember = useCallback(
    (payload: IconPayload, name: string) =>
      setPreferences((current) => ({
        ...current,
        recent: withRecent(current.recent, { iconset: payload.icon.iconset, icon: payload.icon.icon, name })
      })),
    []
  )

  const iconsets = useResource('iconsets', (signal) => client.iconsets(signal))
  const styles = useResource('styles', (signal) => client.styles(signal))
  const setNames = useMemo(
    () => new Map((iconsets.data?.iconsets ?? []).map((iconset) => [iconset.slug, iconset.name])),
    [iconsets.data]
  )
  const nameOfSet = useCallback((slug: string) => setNames.get(slug) ?? slug, [setNames])
  const styleNames = useMemo(
    () => new Map((styles.data?.styles ?? []).map((style) => [style.slug, style.name])),
    [styles.data]
  )
  const nameOfStyle = useCallback((slug: string) => styleNames.get(slug) ?? slug, [styleNames])
  const search = useSearch(client, preferences.query, preferences.style)
  const retrySearch = useCallback(() => {
    if (styles.status === 'error') styles.retry()
    if (iconsets.status === 'error') iconsets.retry()
    search.retry()
  }, [styles, iconsets, search])

  const detail = useResource(opened === null ? null : iconKey(opened.iconset, opened.slug), (signal) =>
    client.icon(opened?.iconset ?? '', opened?.slug ?? '', signal)
  )

  const closeDetail = useCallback(() => setOpened(null), [])
  const look = useMemo(() => ({ size: preferences.size, color: preferences.color }), [preferences.size, preferences.color])
  const { insert, swap, replaceWith, drag } = useIconActions({
    client,
    operations,
    look,
    selection,
    onPlaced: remember,
    onDone: closeDetail
  })

  const actions: GridActions = {
    ink,
    nameOfSet,
    nameOfStyle,
    activeKey: opened === null ? null : iconKey(opened.iconset, opened.slug),
    onOpen: (icon: IconSummary) => setOpened({ iconset: icon.iconset, slug: icon.slug }),
    onInsert: (icon: IconSummary) => void insert({ iconset: icon.iconset, slug: icon.slug }),
    onDragStart: drag.onDragStart,
    onDragEnd: drag.onDragEnd
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
          if (value === 'sets') setOpenSet(null)
        }}
      />
      <div class="ic-main" role="tabpanel" id={`ic-panel-${tab}`} aria-labelledby={`ic-tab-${tab}`}>
        {tab === 'search' ? (
          <SearchView
            query={preferences.query}
            style={preferences.style}
            styles={styles.data?.styles ?? null}
            search={{ ...search, retry: retrySearch }}
            recent={preferences.recent}
            baseUrl={client.baseUrl}
            actions={actions}
            searchBox={searchBox}
            onQueryChange={(query) => update({ query })}
            onStyleChange={(style) => update({ style })}
            onOpenRecent={(icon) => setOpened({ iconset: icon.iconset, slug: icon.icon })}
          />
        ) : null}
        {tab === 'sets' && openSet === null ? (
          <IconsetList resource={iconsets} ink={ink} onOpen={(iconset) => setOpenSet(iconset.slug)} />
        ) : null}
        {tab === 'sets' && openSet !== null ? (
          <IconsetView client={client} slug={openSet} actions={actions} onBack={() => setOpenSet(null)} />
        ) : null}
        {tab === 'styles' ? (
          <StyleList
            resource={styles}
            onOpen={(style) => {
              update({ style })
              setTab('search')
            }}
          />
        ) : null}
      </div>
      {opened !== null ? (
        <IconDetail
          resource={detail}
          ink={ink}
          nameOfStyle={nameOfStyle}
          size={preferences.size}
          color={preferences.color}
          selectionCount={selection.length}
          busy={busy}
          onSizeChange={(size) => update({ size })}
          onColorChange={(color) => update({ color })}
          onOpenVariant={(iconset, slug) => setOpened({ iconset, slug })}
          onInsert={(icon) => void insert({ iconset: icon.iconset, slug: icon.slug })}
          onReplace={(icon) => void replaceWith(icon)}
          onClose={closeDetail}
        />
      ) : selection.length > 0 ? (
        <SelectionPanel
          client={client}
          selection={selection}
          ink={ink}
          busy={busy}
          nameOfSet={nameOfSet}
          nameOfStyle={nameOfStyle}
          onChange={(change) => void swap(change)}
        />
      ) : null}
      <OperationStatus status={operations.status} onDismiss={operations.dismiss} />
    </div>
  )
}
