// create-figma-plugin's esbuild override for the main bundle: Quick Actions search the catalogue from main, at the URL the UI uses.
import { catalogueUrl } from './build-figma-plugin.manifest.js'

export default function (buildOptions) {
  return {
    ...buildOptions,
    define: { ...buildOptions.define, CATALOGUE_URL: JSON.stringify(catalogueUrl()) }
  }
}
