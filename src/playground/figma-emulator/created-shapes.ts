/**
 * Shapes made by the plugin API's create calls. figma.createStar: "five points …, a default fill,
 * width and height both at 100" (PluginAPI.createStar in the typings). The fill's colour is not
 * documented; the emulator uses the editor's grey for new shapes, #D9D9D9. pointCount and
 * innerRadius are not modelled: the star keeps five points, its inner radius 0.382 of the outer.
 */
import { EmulatedShape, type NodeRegistry } from './nodes'

const SIZE = 100
const POINTS = 5
const INNER_RADIUS = 0.382
const DEFAULT_FILL: SolidPaint = { type: 'SOLID', color: { r: 0xd9 / 255, g: 0xd9 / 255, b: 0xd9 / 255 }, opacity: 1, visible: true, blendMode: 'NORMAL' }

/** The outline of a star with its first point at the top, in a SIZE × SIZE box. */
function starPath(): string {
  const corners = Array.from({ length: POINTS * 2 }, (_, index) => {
    const radius = (SIZE / 2) * (index % 2 === 0 ? 1 : INNER_RADIUS)
    const angle = (Math.PI * index) / POINTS - Math.PI / 2
    return `${(SIZE / 2 + radius * Math.cos(angle)).toFixed(3)} ${(SIZE / 2 + radius * Math.sin(angle)).toFixed(3)}`
  })
  return `M ${corners.join(' L ')} Z`
}

export function createStar(registry: NodeRegistry): EmulatedShape {
  const star = new EmulatedShape(registry, 'STAR')
  star.setGeometry([{ windingRule: 'NONZERO', data: starPath() }], SIZE, SIZE)
  star.fills = [DEFAULT_FILL]
  return star
}
