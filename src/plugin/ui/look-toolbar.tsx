import { h } from 'preact'

import type { ColorBinding, FileColor, Preferences, SelectedIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { ColorControl } from './color-control'
import { bindingKey, FileColorMenu } from './file-color-menu'
import { ComponentOption } from './component-option'
import type { SelectionChange } from '../shared/icon-payloads'
import { usePreferences } from './preferences-context'
import { SizeControl } from './size-control'
import { StrokeControl } from './stroke-control'

/** The one value every selected icon shares, or null when they differ. */
function shared<T>(values: readonly T[]): T | null {
  const [first] = values
  return first !== undefined && values.every((value) => value === first) ? first : null
}

/**
 * Always above the grid: the size, colour and stroke width of the next insert and of the
 * selected icons (stroke width only touches stroke-drawn ones). With
 * plugin icons selected it shows theirs (as Figma's properties panel does) and a change swaps
 * them in place; either way the change becomes the size or colour of the next insert.
 */
export function LookToolbar(props: {
  selection: readonly SelectedIcon[]
  busy: boolean
  /** The file's colour styles and variables, offered beside the hex. */
  fileColors: readonly FileColor[]
  onOpenFileColors: () => void
  onSwap: (change: SelectionChange) => void
  /** False while the typed size is not one the catalogue takes: nothing can be inserted at it. */
  onSizeValidity: (valid: boolean) => void
}) {
  const { preferences, update } = usePreferences()
  const { strokeOf } = useCatalogue()
  const { selection } = props
  const selected = selection.length > 0
  const size = selected ? shared(selection.map((icon) => icon.size)) : preferences.size
  // An icon in a file colour shows that colour's value now: a mode switch or an edited style changes
  // what it is drawn in, while its own record keeps the value it was inserted with.
  const colorOf = (icon: SelectedIcon) =>
    icon.binding === undefined ? icon.color : (props.fileColors.find((file) => bindingKey(file) === bindingKey(icon.binding))?.color ?? icon.color)
  const color = selected ? shared(selection.map(colorOf)) : preferences.color
  const strokeWidth = selected ? shared(selection.map((icon) => icon.strokeWidth ?? null)) : preferences.strokeWidth
  // The file colour the selected icons share (null: a plain hex), undefined when they differ.
  const sharedBinding = shared(selection.map((icon) => bindingKey(icon.binding)))
  const binding: ColorBinding | null | undefined = selected
    ? sharedBinding === null
      ? undefined
      : (selection[0]?.binding ?? null)
    : preferences.colorBinding
  const stroked = selection.flatMap((icon) => strokeOf(icon.iconset, icon.style) ?? [])
  // "As drawn" at the size in the box: Lucide's 2 px on 24 is 1.67 px at 20.
  const [first] = stroked
  const native = first === undefined || size === null ? null : `${Math.round(((first.width * size) / first.drawn_at) * 100) / 100} px`
  const apply = (change: { size: number } | { color: string } | { strokeWidth: number | null }) => {
    update(change)
    if (selected) props.onSwap(change)
  }
  // A hex removes any file colour; a file colour sets its value as the colour too.
  const applyColor = (color: string, chosen: ColorBinding | null) => {
    update({ color, colorBinding: chosen } satisfies Partial<Preferences>)
    if (selected) props.onSwap({ color, binding: chosen })
  }
  return (
    // While the selected icons are being swapped, another change would race that swap.
    <fieldset class="ic-look" aria-label={selected ? 'Selected icons and next insert' : 'Next insert'} disabled={selected && props.busy}>
      <SizeControl
        value={size}
        commitOn={selected ? 'change' : 'input'}
        onCommit={(chosen) => apply({ size: chosen })}
        onValidityChange={props.onSizeValidity}
      />
      <div class="ic-look-row">
        <ColorControl value={color} onCommit={(chosen) => applyColor(chosen, null)} />
        <FileColorMenu
          colors={props.fileColors}
          value={binding}
          onOpen={props.onOpenFileColors}
          onChoose={(chosen) => applyColor(chosen.color, { kind: chosen.kind, id: chosen.id })}
        />
        <StrokeControl
          value={strokeWidth}
          native={native}
          disabled={selected && stroked.length === 0}
          onCommit={(chosen) => apply({ strokeWidth: chosen })}
        />
      </div>
      <ComponentOption />
    </fieldset>
  )
}
