/**
 * `figma.parameters` and Quick Actions: the host (a test, or the playground's Quick Actions box)
 * plays the designer who picks a command, types into its parameters and presses Enter.
 *
 * Rules, with their reference pages:
 * - While suggestions are collected the plugin runs in query mode: it may read the document and
 *   use the network, but not change the document or show UI; the `run` event ends query mode
 *   (https://developers.figma.com/docs/plugins/plugin-parameters/). Whether Figma throws or
 *   ignores a write then is not documented; the emulator throws, the strict choice.
 * - `figma.parameters.on('input', ({ query, key, parameters, result }))` fires on every keystroke,
 *   with the earlier parameters' values; each keystroke's suggestions replace the last ones
 *   (https://developers.figma.com/docs/plugins/api/figma-parameters/).
 * - `result.setSuggestions([...])` takes strings or `{ name, data?, icon?, iconUrl? }`; `data`
 *   defaults to `name` and becomes the value. `setError` shows a message instead and blocks moving
 *   on; `setLoadingMessage` replaces "Loading Suggestions…" until suggestions come
 *   ([typings: SuggestionResults]).
 * - Enter fires `figma.on('run', { command, parameters })` ([typings: RunParametersEvent]).
 */
export interface Suggestion {
  name: string
  data: unknown
  icon?: string | Uint8Array
  iconUrl?: string
}

/** What Quick Actions shows for one keystroke, as the plugin answers it. */
export interface QuickActionInput {
  key: string
  query: string
  suggestions: Suggestion[] | null
  error: string | null
  loadingMessage: string
}

export interface QuickActions {
  /** Whether the plugin is collecting parameters, when it must not edit the document or show UI. */
  readonly queryMode: boolean
  /** The latest keystroke's answer, or null before the first. */
  readonly current: QuickActionInput | null
  /** A launch from Quick Actions starts in query mode. */
  begin(): void
  /** The designer types `query` into parameter `key`; the plugin answers through the returned record. */
  input(key: string, query: string, earlier?: ParameterValues): QuickActionInput
  /** Enter: query mode ends and `run` fires with the chosen values. */
  run(command: string, parameters: ParameterValues): void
  /** Throws for a write while parameters are collected. */
  refuseInQueryMode(what: string): void
  clear(): void
}

type InputListener = (event: ParameterInputEvent) => void

export function createQuickActions(options: {
  fireRun(event: RunParametersEvent): void
  /** Something Quick Actions shows changed: redraw. */
  changed(): void
}): { api: ParametersAPI; host: QuickActions } {
  let listeners: Array<{ callback: InputListener; once: boolean }> = []
  let queryMode = false
  let current: QuickActionInput | null = null

  const api: ParametersAPI = {
    on: (_type, callback) => void listeners.push({ callback, once: false }),
    once: (_type, callback) => void listeners.push({ callback, once: true }),
    off: (_type, callback) => {
      listeners = listeners.filter((entry) => entry.callback !== callback)
    }
  }

  const host: QuickActions = {
    get queryMode() {
      return queryMode
    },
    get current() {
      return current
    },
    begin() {
      queryMode = true
      current = null
    },
    input(key, query, earlier = {}) {
      const shown: QuickActionInput = { key, query, suggestions: null, error: null, loadingMessage: 'Loading Suggestions…' }
      current = shown
      // A later keystroke replaces this one: what the plugin answers to an old one is not shown.
      const live = () => current === shown
      const result: SuggestionResults = {
        setSuggestions(suggestions) {
          if (!live()) return
          shown.error = null
          shown.suggestions = suggestions.map((each) => (typeof each === 'string' ? { name: each, data: each } : { ...each, data: each.data ?? each.name }))
          options.changed()
        },
        setError(message) {
          if (!live()) return
          shown.error = String(message)
          shown.suggestions = null
          options.changed()
        },
        setLoadingMessage(message) {
          if (!live()) return
          shown.loadingMessage = String(message)
          options.changed()
        }
      }
      const event: ParameterInputEvent = { key, query, parameters: { ...earlier }, result }
      for (const entry of listeners.slice()) {
        if (entry.once) api.off('input', entry.callback)
        entry.callback(event)
      }
      options.changed()
      return shown
    },
    run(command, parameters) {
      queryMode = false
      current = null
      options.fireRun({ command, parameters })
      options.changed()
    },
    refuseInQueryMode(what) {
      if (queryMode) throw new Error(`in ${what}: Cannot change the document or show UI while Quick Actions collects parameters (query mode)`)
    },
    clear() {
      listeners = []
      queryMode = false
      current = null
    }
  }
  return { api, host }
}
