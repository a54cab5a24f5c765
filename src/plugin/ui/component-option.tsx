import { IconComponent16 } from '@create-figma-plugin/ui'
import { h } from 'preact'

import { usePreferences } from './preferences-context'

/**
 * "Insert as component": inserts, drops and multi-inserts become instances of one local component
 * per icon, style and size, kept on the file's Icons page, or Icons section in a Starter-plan file
 * (each instance wears its own colour and stroke as overrides). Remembered with the other
 * preferences. A checkbox drawn as Figma's component toggle, so the toolbar stays one line.
 */
export function ComponentOption() {
  const { preferences, update } = usePreferences()
  return (
    <label class="ic-toggle" title="Insert as component: each icon becomes a component on the Icons page (an Icons section in a Starter file); the canvas gets its instances">
      <input
        type="checkbox"
        class="ic-toggle-input"
        aria-label="Insert as component"
        checked={preferences.asComponent}
        onChange={(event) => update({ asComponent: event.currentTarget.checked })}
      />
      <IconComponent16 />
    </label>
  )
}
