/**
 * A small Figma emulator as strict as Figma where the plugin could go wrong: the plugin API subset
 * the Icon Catalogue plugin uses, typed against @figma/plugin-typings, with no Node built-ins so it
 * runs in vitest and in the browser. Each rule cites the reference page it follows; what it still
 * does not model is listed in the README's "Differences from Figma".
 *
 * Exports:
 * - `createFigmaEmulator(options?)` → `FigmaEmulator`:
 *   - `figma`: install as `globalThis.figma` before running the plugin's main (and give it `__html__`).
 *     Supports createNodeFromSvg (parses the SVG, throws like Figma on malformed or non-SVG input),
 *     keeping the SVG's structure), createFrame, createComponent, createComponentFromNode (components:
 *     createInstance, getInstancesAsync; instances: getMainComponentAsync, swapComponent, mainComponent
 *     write-only under dynamic-page), createPage, createSection, group,
 *     currentPage (children, selection, appendChild, insertChild, on('nodechange')), setCurrentPageAsync,
 *     loadAllPagesAsync, root, getNodeById (throws under dynamic-page) and getNodeByIdAsync, commitUndo,
 *     triggerUndo, viewport (center, zoom, bounds, scrollAndZoomIntoView), clientStorage, notify,
 *     on/once/off ('selectionchange' | 'documentchange' | 'currentpagechange' | 'drop' | 'run' | 'close'),
 *     showUI, ui (postMessage, onmessage, on/once/off('message'), resize, show, hide, close), command,
 *     editorType, closePlugin; plugin data private to the plugin id and shared plugin data; paint styles
 *     (createPaintStyle, getLocalPaintStylesAsync, getStyleByIdAsync, fillStyleId/strokeStyleId and their
 *     async setters, stylechange), variables (figma.variables: collections with modes, COLOR variables,
 *     setBoundVariableForPaint; a page's explicit mode recolours bound paints) and figma.parameters.
 *   - `quickActions`: Quick Actions for a command with parameters: `begin()` (query mode), `input(key, query)`
 *     per keystroke (returns what the plugin answers), `run(command, values)` on Enter.
 *   - `deliverFromUi(message)`: the UI's `pluginMessage` reaching main.
 *   - `dispatchDrop({ absoluteX, absoluteY, dropMetadata, node? })`: a `pluginDrop`; the event's node is
 *     what Figma reports (often the page) unless given. Returns false when a drop handler took it.
 *   - `dropTargetAt(x, y)`: the container a drag would be outlined on; `undo()`: the designer's Ctrl+Z.
 *   - `addPage(name)` / `switchPage(page)`: more pages (unloaded under dynamic-page), the designer's page switch.
 *   - `select(ids)`: the designer's selection; fires `selectionchange`.
 *   - `screenToCanvas` / `canvasToScreen` / `setViewportSize`: for a host drawing the canvas.
 *   - `snapshot()`: serialisable `DocumentSnapshot` (tree with ids, names, types, x/y, absolute x/y,
 *     sizes, plugin and relaunch data, fills/strokes, vector paths, auto-layout, selection, viewport).
 *   - `subscribe(listener)`: change notifications for redrawing; `settle()`: await pending events.
 *   - `notifications`, `storageEntries()`, `ui` (shown, html, options, size), `closed`.
 *   - `timers`: setTimeout, setInterval and their clears for a host to give main; closePlugin cancels them.
 *   - `createInstance()` / `createSlot(instance)`: scene set-up the plugin API has no call for.
 *   - Options: `ui: { show(html, options), post(message), resize?, hide?, close? }` (the host's bridge to
 *     the UI iframe), `command` (e.g. 'swap' for the relaunch button), `viewport: { width, height,
 *     center?, zoom? }` in screen px, `storage: { initial?, onChange? }` to persist clientStorage,
 *     `pluginId` (the manifest id), `documentAccess` ('dynamic-page' by default, or null).
 * - `importSvg(svg)`: what createNodeFromSvg makes of an SVG, as data.
 * - `snapshotNode`, `findInSnapshot`, and the node classes, for hosts that inspect the tree.
 *
 * Modules, one concern each: emulator.ts wires them into the `figma` global, with node-creation.ts
 * (figma.create*, group and the boolean operations), notifications.ts (figma.notify) and closed-api.ts
 * (`figma` refusing all once closed); nodes.ts (the node tree,
 * the index of its modules: base-node.ts, scene-node.ts and its geometry, painted.ts, shapes.ts,
 * container.ts, frame.ts, group.ts, page.ts) with auto-layout.ts (stacks), grid-layout.ts (GRID cells and tracks) and
 * components.ts (components, instances following them, swapComponent, createComponentFromNode); svg-import.ts (SVG → data) and svg-nodes.ts (data → nodes);
 * events.ts (plugin events and the delivery queue) with document-changes.ts (documentchange and
 * nodechange); undo.ts; node-fields.ts (a node's fields, which undo restores and rescale and undo report
 * as the properties they hold); viewport.ts; plugin-ui.ts (showUI and the UI bridge); client-storage.ts;
 * drop.ts (drop targets and events); plugin-timers.ts (main's timers, cancelled on close); snapshot.ts (the tree as data); paint-styles.ts (styles and what
 * a shape's paints are bound to) with variables.ts; parameters.ts (figma.parameters and query mode). The network concern lives with
 * the playground (../network-access.ts: the plugin iframe's CSP from the manifest).
 *
 * As in Figma, an imported shape sits at its geometry's bounds inside the frame and its path data
 * is relative to its own top-left corner: draw a vector's paths translated to its absolute x/y.
 *
 * Simplifications, on purpose (see the README): shapes keep path geometry whatever their type;
 * constraints are not applied on resize; nodes are never rotated.
 */
export { createFigmaEmulator } from './emulator'
export type { DropInput, EmulatorOptions, FigmaEmulator, QuickActionInput, QuickActions, RecordedNotification, Suggestion, UiHost } from './emulator'
export { importSvg } from './svg-import'
export type { ImportedGroup, ImportedNode, ImportedSvg, ImportedVector } from './svg-import'
export { carriesPluginData, findInSnapshot, snapshotNode } from './snapshot'
export type { DocumentSnapshot, NodeSnapshot } from './snapshot'
export { EmulatedComponent, EmulatedInstance } from './components'
export { EmulatedContainer, EmulatedDocument, EmulatedFrame, EmulatedGroup, EmulatedNode, EmulatedPage, EmulatedSceneNode, EmulatedShape } from './nodes'
