/**
 * The sizes an icon can be rendered and inserted at, in px (longest side). Kept apart from the
 * TypeBox schemas so the plugin bundles can use them without bundling TypeBox.
 */
export const MIN_SIZE = 1
export const MAX_SIZE = 1024
