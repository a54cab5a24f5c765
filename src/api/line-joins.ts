/**
 * How an outlined drawing's lines meet at corners (IconSetStroke.outlined, Look.outline): the one
 * list of them, apart from the schemas so that main checks a join without bundling TypeBox.
 */
export const LINE_JOINS = ['round', 'miter'] as const
export type LineJoin = (typeof LINE_JOINS)[number]

export function isLineJoin(value: unknown): value is LineJoin {
  return (LINE_JOINS as readonly unknown[]).includes(value)
}
