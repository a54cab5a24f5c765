/**
 * The playground's HTML shell: a Figma-like workspace (layers, canvas, plugin window) whose
 * behaviour lives in the browser bundle. Configuration travels as inert JSON, never as code.
 */
import type { FigmaThemeVariables } from './figma-theme'
import { inertJson } from './inert-json'

/** A manifest menu command with parameters, which Quick Actions can run. */
export interface QuickActionCommand {
  name: string
  command: string
  parameters: Array<{ key: string; name: string; description?: string }>
}

export interface PlaygroundConfig {
  /** null: the catalogue is the server that serves this page. */
  catalogueUrl: string | null
  /** The plugin iframe's Content-Security-Policy, from the manifest; null for none. */
  pluginCsp: string | null
  basePath: string
  theme: FigmaThemeVariables
  /** manifest.json's menu commands with parameters, for the Quick Actions box. */
  quickActions?: QuickActionCommand[]
}

export const CONFIG_ELEMENT_ID = 'playground-config'

const STYLES = `
:root { color-scheme: light; --chrome-bg: #ffffff; --chrome-text: #1e1e1e; --chrome-muted: #6f6f6f;
  --chrome-border: #e6e6e6; --canvas-bg: #f5f5f5; --selection: #0d99ff; --hover: #f0f0f0; }
:root.playground-dark { color-scheme: dark; --chrome-bg: #2c2c2c; --chrome-text: #ffffff; --chrome-muted: #a0a0a0;
  --chrome-border: #444444; --canvas-bg: #1e1e1e; --selection: #0c8ce9; --hover: #383838; }
* { box-sizing: border-box; }
html, body { height: 100%; margin: 0; }
body { display: flex; flex-direction: column; background: var(--chrome-bg); color: var(--chrome-text);
  font: 12px/16px Inter, Helvetica, Arial, sans-serif; }
.toolbar { display: flex; align-items: center; gap: 12px; height: 40px; padding: 0 12px;
  border-bottom: 1px solid var(--chrome-border); }
.toolbar h1 { margin: 0; font-size: 13px; font-weight: 600; }
.toolbar .hint { flex: 1; color: var(--chrome-muted); overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.toolbar button { font: inherit; color: inherit; background: transparent; border: 1px solid var(--chrome-border);
  border-radius: 5px; padding: 4px 10px; cursor: pointer; }
.toolbar button:hover { background: var(--hover); }
.workspace { flex: 1; display: flex; min-height: 0; }
.layers { width: 220px; flex: none; border-right: 1px solid var(--chrome-border); overflow: auto; }
.layers h2, .plugin-window h2 { margin: 0; padding: 10px 12px; font-size: 11px; font-weight: 600; }
.layers ul { list-style: none; margin: 0; padding: 0 0 12px; }
.layers button { display: block; width: 100%; text-align: left; font: inherit; color: inherit; background: none;
  border: 0; padding: 4px 8px; cursor: default; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.layers button:hover { background: var(--hover); }
.layers button[aria-current="true"] { background: var(--selection); color: #ffffff; }
.canvas { position: relative; flex: 1; min-width: 0; overflow: hidden; background: var(--canvas-bg); }
.canvas > svg { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
.canvas .frame-label { font-size: 11px; fill: var(--chrome-muted); }
.canvas .selection-outline { fill: none; stroke: var(--selection); stroke-width: 1.5; vector-effect: non-scaling-stroke; }
.canvas .drop-outline { fill: var(--selection); fill-opacity: 0.08; stroke: var(--selection); stroke-width: 2; vector-effect: non-scaling-stroke; }
.plugin-dock { flex: none; padding: 12px; overflow: auto; background: var(--canvas-bg);
  border-left: 1px solid var(--chrome-border); }
.plugin-window { border-radius: 8px; overflow: hidden; background: var(--chrome-bg);
  box-shadow: 0 2px 14px rgba(0, 0, 0, 0.15), 0 0 0 0.5px rgba(0, 0, 0, 0.2); }
.plugin-window h2 { border-bottom: 1px solid var(--chrome-border); }
.plugin-window iframe { border: 0; display: block; }
.plugin-window iframe[hidden] { display: none; }
.plugin-closed { margin: 0; padding: 12px; width: 300px; color: var(--chrome-muted); }
.toast { position: absolute; left: 50%; bottom: 24px; transform: translateX(-50%); max-width: 80%;
  padding: 10px 16px; border-radius: 6px; background: #2c2c2c; color: #ffffff; box-shadow: 0 2px 14px rgba(0, 0, 0, 0.15); }
.toast.toast-error { background: #f24822; }
.toast[hidden] { display: none; }
.banner { margin: 0; padding: 8px 12px; background: #ffe2e0; color: #8a1c0a; }
.banner[hidden] { display: none; }
.toolbar label { display: flex; align-items: center; gap: 4px; color: var(--chrome-muted); }
.toolbar select { font: inherit; color: inherit; background: var(--chrome-bg); border: 1px solid var(--chrome-border); border-radius: 5px; padding: 3px 4px; }
.quick-actions { position: absolute; z-index: 5; top: 48px; left: 50%; transform: translateX(-50%); width: 420px;
  border-radius: 8px; background: var(--chrome-bg); box-shadow: 0 2px 14px rgba(0, 0, 0, 0.25), 0 0 0 0.5px rgba(0, 0, 0, 0.2); }
.quick-actions[hidden] { display: none; }
.quick-actions-heading { margin: 0; padding: 10px 12px 0; color: var(--chrome-muted); }
.quick-actions input { width: 100%; padding: 10px 12px; font: inherit; font-size: 14px; color: inherit; background: none;
  border: 0; border-bottom: 1px solid var(--chrome-border); outline: none; }
.quick-actions-status { margin: 0; padding: 6px 12px; color: var(--chrome-muted); }
.quick-actions-status:empty { display: none; }
.quick-actions-error { color: #f24822; }
.quick-actions ul { list-style: none; margin: 0; padding: 4px 0; max-height: 320px; overflow: auto; }
.quick-actions ul:empty { display: none; }
.quick-actions li { display: flex; align-items: center; gap: 8px; padding: 6px 12px; cursor: default; }
.quick-actions li[aria-selected="true"] { background: var(--selection); color: #ffffff; }
.quick-actions li[aria-selected="true"] img { filter: invert(1); }
:root.playground-dark .quick-actions li img { filter: invert(1); }
`

export function playgroundPage(config: PlaygroundConfig): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Icon Catalogue playground</title>
<link rel="icon" href="data:,">
<style>${STYLES}</style>
</head>
<body>
<header class="toolbar">
  <h1>Icon Catalogue playground</h1>
  <span class="hint">The real built plugin on an emulated Figma page. Search, insert, drag a result onto a frame, click an icon to swap its size or style. Scroll to pan, ctrl + scroll to zoom, Delete removes.</span>
  <span id="variable-modes"></span>
  <button type="button" id="quick-actions-toggle" aria-expanded="false" aria-controls="quick-actions">Quick actions</button>
  <button type="button" id="theme-toggle" aria-pressed="false">Dark theme</button>
</header>
<div class="quick-actions" id="quick-actions" role="dialog" aria-label="Quick actions" hidden></div>
<p class="banner" id="playground-error" role="alert" hidden></p>
<main class="workspace">
  <nav class="layers" aria-labelledby="layers-title">
    <h2 id="pages-title">Pages</h2>
    <ul id="page-list" aria-labelledby="pages-title"></ul>
    <h2 id="layers-title">Layers</h2>
    <ul id="layer-list"></ul>
  </nav>
  <section class="canvas" id="canvas" aria-label="Canvas"></section>
  <aside class="plugin-dock" aria-labelledby="plugin-title">
    <div class="plugin-window" id="plugin-window">
      <h2 id="plugin-title">Plugin</h2>
    </div>
  </aside>
</main>
<script type="application/json" id="${CONFIG_ELEMENT_ID}">${inertJson(config)}</script>
<script src="${config.basePath}/playground.js"></script>
</body>
</html>
`
}
