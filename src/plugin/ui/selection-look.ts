import type { ColorBinding, SelectedIcon } from '../../api/plugin-protocol'
import { sameBinding } from '../shared/color-binding'
import type { SelectionChange } from '../shared/icon-payloads'
import type { LookPreferences } from './preferences-context'

/** What a toolbar field shows when the selected icons differ in it, as Figma's properties panel says. */
export const MIXED = 'mixed'
export type Mixed = typeof MIXED

/** The one value every item shares, or MIXED when they differ (or there are none). */
function shared<T>(values: readonly T[], same: (a: T, b: T) => boolean = (a, b) => a === b): T | Mixed {
  const [first] = values
  return first !== undefined && values.every((value) => same(value, first)) ? first : MIXED
}

export interface SelectionLook {
  size: number | Mixed
  /**
   * The colour each icon is drawn in now (a file colour's current value for a bound one); null for
   * multicolour icons in their own colours, which wear none of the toolbar's.
   */
  color: string | null | Mixed
  binding: ColorBinding | null | Mixed
  /** Over the stroke-drawn icons only (null: as drawn); undefined when none is stroke-drawn. */
  strokeWidth?: number | null | Mixed
}

/** The look of the selected icons, field by field. */
export function selectionLook(
  selection: readonly SelectedIcon[],
  colorOf: (icon: SelectedIcon) => string | null,
  strokeDrawn: (icon: SelectedIcon) => boolean
): SelectionLook {
  // An icon given a width is stroke-drawn, whether or not the list of sets has come yet.
  const stroked = selection.filter((icon) => icon.strokeWidth !== undefined || strokeDrawn(icon))
  return {
    size: shared(selection.map((icon) => icon.size)),
    color: shared(selection.map(colorOf)),
    binding: shared(
      selection.map((icon) => icon.binding ?? null),
      sameBinding
    ),
    ...(stroked.length === 0 ? {} : { strokeWidth: shared(stroked.map((icon) => icon.strokeWidth ?? null)) })
  }
}

/**
 * What the selection's look makes of the next insert: every field the selected icons share, so
 * the toolbar, which shows theirs, shows what the next insert will be. A shared colour with
 * differing file colours goes in as the plain hex that is shown. Icons in their own colours leave
 * the next insert's colour as it was.
 */
export function nextInsertLook(look: SelectionLook): Partial<LookPreferences> {
  const next: Partial<LookPreferences> = {}
  if (look.size !== MIXED) next.size = look.size
  if (look.color !== MIXED && look.color !== null) {
    next.color = look.color
    next.colorBinding = look.binding === MIXED ? null : look.binding
  }
  if (look.strokeWidth !== undefined && look.strokeWidth !== MIXED) next.strokeWidth = look.strokeWidth
  return next
}

/** The catalogue's style of multicolour sets (Twemoji, Flat Color Icons), whose drawings have colours of their own. */
const MULTICOLOR_STYLE = 'color'

/** A multicolour icon painted in one colour: emptying the colour gives it its own colours back. */
export function paintedMulticolor(icon: SelectedIcon): boolean {
  return icon.style === MULTICOLOR_STYLE && icon.color !== null
}

/**
 * How many of the selected icons a change of their look changes, for the message after it: a
 * stroke width reaches only the stroke-drawn ones, and a style or size only those not already in it.
 */
export function changedBy(change: Omit<SelectionChange, 'replaceWith'>, selection: readonly SelectedIcon[], strokeDrawn: (icon: SelectedIcon) => boolean): number {
  return selection.filter(
    (icon) =>
      (change.size !== undefined && change.size !== icon.size) ||
      (change.sizes?.get(icon.nodeId) ?? icon.size) !== icon.size ||
      (change.style !== undefined && change.style !== icon.style) ||
      (change.color !== undefined && change.color.toLowerCase() !== icon.color?.toLowerCase()) ||
      (change.binding !== undefined && !sameBinding(change.binding, icon.binding)) ||
      (change.ownColors === true && paintedMulticolor(icon)) ||
      (change.strokeWidth !== undefined && (icon.strokeWidth !== undefined || strokeDrawn(icon)) && change.strokeWidth !== (icon.strokeWidth ?? null))
  ).length
}
