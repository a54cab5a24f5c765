/**
 * Makes a node exactly `size` px on its longest side with `rescale`, which scales stroke weights
 * in proportion like Figma's scale tool (resize would leave them as drawn).
 */

/** Figma refuses smaller steps than this in one rescale. */
const MIN_RESCALE = 0.01

export function scaleToSize(node: FrameNode | ComponentNode, size: number): void {
  let factor = size / Math.max(node.width, node.height)
  while (factor < MIN_RESCALE) {
    node.rescale(MIN_RESCALE)
    factor /= MIN_RESCALE
  }
  if (factor !== 1) node.rescale(factor)
  // Floating point leaves e.g. 31.999999; snap the box to the exact size asked for.
  const exact = (side: number) => (Math.abs(side - size) < 1e-6 ? size : side)
  if (node.width !== exact(node.width) || node.height !== exact(node.height)) {
    node.resizeWithoutConstraints(exact(node.width), exact(node.height))
  }
}
