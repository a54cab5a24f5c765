/**
 * Limits of /search: page size and query length. Kept apart from the TypeBox schemas so the plugin
 * UI can use the same numbers without bundling TypeBox.
 */
export const MAX_LIMIT = 96
export const MAX_QUERY_LENGTH = 200
