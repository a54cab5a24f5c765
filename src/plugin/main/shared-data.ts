/** The shared plugin data namespace (at least 3 alphanumeric characters, as Figma requires): the plugin's marks on nodes live under it. */
export const DATA_NAMESPACE = 'iconcatalogue'
