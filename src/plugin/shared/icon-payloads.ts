/**
 * Turns "this icon, at this size, style and colour" into what main needs: the chosen drawing's SVG
 * and the record main keeps on the node. Used by insert, drag, swap size/style/colour and replace.
 */
import { iconKey } from '../../api/icon-key'
import type { IconDetail, IconSetList, IconSetStroke } from '../../api/catalogue-schemas'
import type { ColorBinding, IconPayload, InsertLook, Look, ReplaceRequest, SelectedIcon } from '../../api/plugin-protocol'
import { chooseVariant, familyOf, type VariantChoice } from '../../api/choose-variant'
import { keptSlug, keptStrokeOr, type KeptDrawing } from './kept-drawings'
import { strokeWidthAt } from './stroke-widths'

/** What these payloads need of the catalogue: the UI's client and main's own fetch both answer it. */
export interface IconSource {
  icon(iconset: string, icon: string): Promise<IconDetail>
  svg(iconset: string, slug: string, render: { size: number; color: string }, signal?: AbortSignal): Promise<string>
}

/** Which drawing of which set an icon is: what says whether it is drawn with strokes. */
export interface StrokeIcon {
  iconset: string
  style: string
  slug: string
}

/**
 * The stroke of an icon among its set's stroke-drawn styles; undefined for a filled drawing. A
 * style may be stroke-drawn only for some of its slugs' suffixes (Solar's outline: `-linear` and
 * `-broken`, not `-outline`).
 */
export function strokeAmong(strokes: readonly IconSetStroke[], icon: Pick<StrokeIcon, 'style' | 'slug'>): IconSetStroke | undefined {
  return strokes.find((stroke) => stroke.style === icon.style && (stroke.suffixes?.some((suffix) => icon.slug.endsWith(`-${suffix}`)) ?? true))
}

/** What says each icon's stroke: among its set's strokes in the catalogue's list of sets (none without the list). */
export type StrokeOf = (icon: StrokeIcon) => IconSetStroke | undefined

export function strokesIn(list: IconSetList | null): StrokeOf {
  const strokes = new Map((list?.iconsets ?? []).map((iconset) => [iconset.slug, iconset.strokes]))
  return (icon) => strokeAmong(strokes.get(icon.iconset) ?? [], icon)
}

/** The drawing of `detail`'s family a look shows: the member in its style nearest its size. */
export function chosenDrawing(detail: IconDetail, look: Pick<Look, 'style' | 'size'>): VariantChoice {
  const family = familyOf(detail)
  const [self] = family
  if (self === undefined) throw new Error('An icon family always contains the icon itself.')
  return chooseVariant(self, family, { style: look.style, size: look.size })
}

/**
 * The stroke width to send for a drawing at `size`: the chosen one where the drawing has strokes to
 * set; and, where its set outlined its lines into fills, how wide those are, which main widens to a
 * width and keeps through swaps (a main component's instances included) whatever width is sent.
 */
export function strokeWidthFor(strokeOf: StrokeOf, drawing: StrokeIcon, width: number | null | undefined, size: number): Pick<Look, 'strokeWidth' | 'outline'> {
  const stroke = strokeOf(drawing)
  if (stroke === undefined) return {}
  const outline = stroke.outlined === undefined ? {} : { outline: { width: strokeWidthAt(stroke, size), join: stroke.outlined.join } }
  return { ...(width === null || width === undefined ? {} : { strokeWidth: width }), ...outline }
}

/** The look an icon is inserted in: the next insert's, in the icon's own style. */
export function insertedLook(next: InsertLook, icon: IconDetail, strokeOf: StrokeOf): Look {
  const drawn = chosenDrawing(icon, { style: icon.style, size: next.size })
  return {
    style: icon.style,
    size: next.size,
    color: next.color,
    ...(next.binding === undefined ? {} : { binding: next.binding }),
    ...strokeWidthFor(strokeOf, { iconset: icon.iconset, style: drawn.style, slug: drawn.slug }, next.strokeWidth, next.size)
  }
}

/** The "insert as component" flag, sent only when on: a loose frame is what main makes by default. */
export function componentFlag(asComponent: boolean): { asComponent?: true } {
  return asComponent ? { asComponent } : {}
}

/** The payload of `detail`'s family in `look`: of the drawing `choice` names, by default the one the look shows (chosenDrawing). */
export async function renderPayload(
  client: Pick<IconSource, 'svg'>,
  detail: IconDetail,
  look: Look,
  choice: VariantChoice = chosenDrawing(detail, look)
): Promise<IconPayload> {
  // The catalogue renders whole px; main scales the drawing to the exact size (12.5 px, say).
  const svg = await client.svg(detail.iconset, choice.slug, { size: Math.ceil(look.size), color: look.color })
  return {
    svg,
    family: detail.family,
    icon: {
      iconset: detail.iconset,
      icon: choice.slug,
      style: choice.style,
      size: look.size,
      color: look.color,
      ...(look.strokeWidth === undefined ? {} : { strokeWidth: look.strokeWidth }),
      ...(look.outline === undefined ? {} : { outline: look.outline }),
      ...(look.binding === undefined ? {} : { binding: look.binding })
    }
  }
}

/**
 * What changes for every selected node: any of size, style, colour, stroke width (null: as
 * drawn), or the icon itself (replace).
 */
export interface SelectionChange extends Partial<Omit<Look, 'strokeWidth' | 'outline' | 'binding'>> {
  /** Each node's own new size, by node id (Mixed sizes stepped, each from its own); one not in it keeps its size. */
  sizes?: ReadonlyMap<string, number>
  strokeWidth?: number | null
  /** A file colour to bind to, or null for the plain hex in `color`; absent keeps each icon's. */
  binding?: ColorBinding | null
  /** Multicolour drawings go back to their own colours, unbound (ReplaceRequest's `ownColors`). */
  ownColors?: true
  replaceWith?: IconDetail
}

/**
 * Two changes made one after another, as one: the later's fields over the earlier's. A colour and
 * the icons' own colours take each other back, so whichever came later is kept whole.
 */
export function followedBy(earlier: SelectionChange | undefined, later: SelectionChange): SelectionChange {
  const merged: SelectionChange = { ...earlier, ...later }
  if (later.ownColors === true) {
    delete merged.color
    delete merged.binding
  } else if (later.color !== undefined || later.binding !== undefined) {
    delete merged.ownColors
  }
  return merged
}

/** A colour as a look carries it: `#rrggbb`, and the file colour it is the value of, if any. */
export type LookColor = Pick<Look, 'color' | 'binding'>

/**
 * The colour an icon on the canvas is redrawn in: its own, else (a multicolour drawing in its own
 * colours records none) `next`, the next insert's, file colour included: a drawing that takes a
 * colour, as another icon replacing it may, gets the one an insert would give it.
 */
export function ownColorOr(icon: Pick<SelectedIcon, 'color' | 'binding'>, next: LookColor): LookColor {
  const { color, binding } = icon.color === null ? next : { color: icon.color, binding: icon.binding }
  return { color, ...(binding === undefined ? {} : { binding }) }
}

/**
 * The stroke width an icon on the canvas is redrawn with: its own where it is drawn with strokes (a
 * width, or null: as drawn), else `next`: the width it had before it was filled, or the next
 * insert's. A filled drawing has no width to keep, so a stroke-drawn icon replacing it (another
 * set's, another style's) gets the one an insert would give it, the one the grid and the details draw it at.
 */
export function ownStrokeOr(icon: SelectedIcon, strokeOf: StrokeOf, next: number | null, kept: ReadonlyMap<string, KeptDrawing> = new Map()): number | null {
  if (icon.strokeWidth !== undefined) return icon.strokeWidth
  return strokeOf({ iconset: icon.iconset, style: icon.style, slug: icon.icon }) !== undefined ? null : keptStrokeOr(kept, icon.nodeId, next)
}

/** What of the next insert's look a redrawn icon may take: its colour and its stroke width. */
export type NextLook = LookColor & Pick<InsertLook, 'strokeWidth'>

/**
 * Each selected icon's new content, in the colour and stroke `change` gives, else its own or `next`'s
 * (ownColorOr, ownStrokeOr); an icon going back to a style or a stroke it had (`kept`) is drawn as it was then.
 */
export async function retargetSelection(
  client: IconSource,
  selection: readonly SelectedIcon[],
  change: SelectionChange,
  strokeOf: StrokeOf,
  next: NextLook,
  kept: ReadonlyMap<string, KeptDrawing> = new Map()
): Promise<ReplaceRequest['items']> {
  const details = new Map<string, Promise<IconDetail>>()
  const detailOf = (iconset: string, icon: string) => {
    const key = iconKey(iconset, icon)
    let detail = details.get(key)
    if (detail === undefined) {
      detail = client.icon(iconset, icon)
      details.set(key, detail)
    }
    return detail
  }
  return Promise.all(
    selection.map(async (selected) => {
      const style = change.replaceWith?.style ?? change.style ?? selected.style
      const own = change.replaceWith ?? (await detailOf(selected.iconset, selected.icon))
      // Among drawings alike (Solar's Linear, Broken and Outline), the one the icon last was in this
      // style: of its own family, since a Replace may have made the node another icon since.
      const before = change.replaceWith === undefined ? keptSlug(kept, selected.nodeId, selected.iconset, style) : undefined
      const detail = before !== undefined && before !== own.slug && own.variants.some((variant) => variant.slug === before) ? await detailOf(selected.iconset, before) : own
      const iconset = change.replaceWith?.iconset ?? selected.iconset
      const strokeWidth =
        change.strokeWidth === undefined ? ownStrokeOr(selected, strokeOf, next.strokeWidth, kept) : change.strokeWidth
      // A width the icon has stays through a swap of its size or colour, whether or not the sets'
      // stroke widths (strokeOf) have come yet.
      const ownStroke = change.strokeWidth === undefined && iconset === selected.iconset && style === selected.style ? selected.strokeWidth : undefined
      const size = change.size ?? change.sizes?.get(selected.nodeId) ?? selected.size
      const chosen = chosenDrawing(detail, { style, size })
      // The same icon in the same style (another size, colour or stroke) keeps the drawing it has,
      // rescaled, at a size no drawing was made for: only a drawing made for that size replaces it
      // (Fluent's 16/20/24/28/32/48). A new style or icon takes the drawing nearest the size.
      const sameIconAndStyle = change.replaceWith === undefined && style === selected.style
      const drawn = sameIconAndStyle && !chosen.native ? { slug: selected.icon, style, native: false } : chosen
      const colored = ownColorOr(selected, next)
      const binding = change.ownColors === true ? undefined : change.binding === undefined ? colored.binding : (change.binding ?? undefined)
      const look = {
        ...(binding === undefined ? {} : { binding }),
        style,
        size,
        color: change.color ?? colored.color,
        ...(ownStroke === undefined ? {} : { strokeWidth: ownStroke }),
        ...strokeWidthFor(strokeOf, { iconset, style: drawn.style, slug: drawn.slug }, ownStroke ?? strokeWidth, size)
      }
      // A colour given in the change is the designer's choice: main paints a multicolour icon in it too.
      const colorChange = change.ownColors === true ? { ownColors: true } : change.color === undefined ? {} : { colorChosen: true }
      return { ...(await renderPayload(client, detail, look, drawn)), nodeId: selected.nodeId, ...colorChange }
    })
  )
}
