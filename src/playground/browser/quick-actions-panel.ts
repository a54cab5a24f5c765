/**
 * Figma's Quick Actions box for the plugin's commands with parameters (manifest.json's menu): the
 * designer opens it, types into each parameter, sees the plugin's suggestions, error or loading
 * message, and picks one with a click or Enter. Opening it launches the command in query mode,
 * as Figma does (https://developers.figma.com/docs/plugins/plugin-parameters/); choosing the last
 * parameter fires `run`. Once the command closes the plugin, or the designer presses Escape, the
 * plugin's window opens again, as if the designer ran it from the menu.
 */
import type { FigmaEmulator } from '../figma-emulator/emulator'
import type { QuickActionCommand } from '../playground-page'

export interface QuickActionsOptions {
  toggle: HTMLButtonElement
  panel: HTMLElement
  emulator: FigmaEmulator
  pluginName: string
  command: QuickActionCommand
  /** Closes what runs and runs main again with this command ('' for the plugin window). */
  launch(command: string): void
}

function svgSource(icon: unknown): string | null {
  return typeof icon === 'string' && icon.trimStart().startsWith('<svg') ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(icon)}` : null
}

/** Wires the box; returns what redraws it after the emulator changes. */
export function attachQuickActions(options: QuickActionsOptions): () => void {
  const { toggle, panel, emulator, command } = options
  const heading = document.createElement('p')
  heading.className = 'quick-actions-heading'
  const input = document.createElement('input')
  input.type = 'text'
  input.autocomplete = 'off'
  const status = document.createElement('p')
  status.className = 'quick-actions-status'
  status.setAttribute('role', 'status')
  const list = document.createElement('ul')
  list.setAttribute('role', 'listbox')
  list.setAttribute('aria-label', 'Suggestions')
  panel.append(heading, input, status, list)

  let open = false
  let parameterIndex = 0
  let values: ParameterValues = {}
  let active = 0
  /** The command ran: when it closes the plugin, the plugin window comes back. */
  let awaitingClose = false

  const parameter = () => command.parameters[parameterIndex]

  function showParameter(): void {
    const current = parameter()
    if (current === undefined) return
    heading.textContent = `${options.pluginName} › ${command.name} › ${current.name}`
    input.setAttribute('aria-label', current.name)
    input.placeholder = current.description ?? current.name
    input.value = ''
    active = 0
    emulator.quickActions.input(current.key, '', values)
  }

  function close(relaunch: boolean): void {
    open = false
    panel.hidden = true
    toggle.setAttribute('aria-expanded', 'false')
    if (relaunch) options.launch('')
  }

  function choose(index: number): void {
    const shown = emulator.quickActions.current
    const current = parameter()
    const suggestion = shown?.suggestions?.[index]
    if (current === undefined || suggestion === undefined || shown?.error !== null) return
    values = { ...values, [current.key]: suggestion.data }
    parameterIndex += 1
    if (parameter() !== undefined) {
      showParameter()
      return
    }
    awaitingClose = true
    close(false)
    emulator.quickActions.run(command.command, values)
  }

  toggle.addEventListener('click', () => {
    if (open) {
      close(true)
      return
    }
    open = true
    parameterIndex = 0
    values = {}
    panel.hidden = false
    toggle.setAttribute('aria-expanded', 'true')
    options.launch(command.command)
    showParameter()
    input.focus()
  })
  input.addEventListener('input', () => {
    const current = parameter()
    active = 0
    if (current !== undefined) emulator.quickActions.input(current.key, input.value, values)
  })
  input.addEventListener('keydown', (event) => {
    const count = emulator.quickActions.current?.suggestions?.length ?? 0
    if (event.key === 'Escape') close(true)
    else if (event.key === 'Enter') choose(active)
    else if (event.key === 'ArrowDown' && count > 0) active = (active + 1) % count
    else if (event.key === 'ArrowUp' && count > 0) active = (active - 1 + count) % count
    else return
    event.preventDefault()
    render()
  })

  function render(): void {
    if (awaitingClose && emulator.closed !== null) {
      awaitingClose = false
      options.launch('')
      return
    }
    if (!open) return
    const shown = emulator.quickActions.current
    status.textContent = shown === null ? '' : (shown.error ?? (shown.suggestions === null ? shown.loadingMessage : shown.suggestions.length === 0 && shown.query.trim() !== '' ? 'No matches' : ''))
    status.classList.toggle('quick-actions-error', shown?.error != null)
    list.replaceChildren(
      ...(shown?.suggestions ?? []).map((suggestion, index) => {
        const item = document.createElement('li')
        item.setAttribute('role', 'option')
        item.setAttribute('aria-selected', String(index === active))
        const source = svgSource(suggestion.icon)
        if (source !== null) {
          const image = document.createElement('img')
          image.src = source
          image.alt = ''
          image.width = 16
          image.height = 16
          item.append(image)
        }
        item.append(suggestion.name)
        item.addEventListener('mousedown', (event) => {
          event.preventDefault()
          choose(index)
        })
        return item
      })
    )
  }
  return render
}
