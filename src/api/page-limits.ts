/**
 * Paging limits of /search. Kept apart from the TypeBox schemas so the plugin UI can page by the
 * same number without bundling TypeBox.
 */
export const MAX_LIMIT = 96
