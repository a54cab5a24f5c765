import { Checkbox, Text } from '@create-figma-plugin/ui'
import { h } from 'preact'

import { usePreferences } from './preferences-context'

/**
 * "Insert as component": inserts, drops and multi-inserts become instances of one local component
 * per icon and look, kept on the file's Icons page. Remembered with the other preferences.
 */
export function ComponentOption() {
  const { preferences, update } = usePreferences()
  return (
    <Checkbox
      value={preferences.asComponent}
      title="Each icon becomes a component on the Icons page; the canvas gets its instances"
      onValueChange={(asComponent) => update({ asComponent })}
    >
      <Text>Insert as component</Text>
    </Checkbox>
  )
}
