/**
 * Each request the plugin carries out is one undo step, taken one at a time. Without commitUndo,
 * Figma would undo everything the plugin did this session at once
 * (https://developers.figma.com/docs/plugins/api/properties/figma-commitundo/). A request that
 * fails after changing the document is reverted with triggerUndo, which "triggers an undo action"
 * and "reverts to the last commitUndo() state"
 * (https://developers.figma.com/docs/plugins/api/properties/figma-triggerundo/): no stray frame,
 * no half-resized node. A request that fails before changing anything (a request that does not
 * read, an SVG Figma refuses, an icon no longer there) must not trigger one: with nothing since the
 * last commit, an undo action may revert the step before it, the designer's own. Nor must one
 * whose own clean-up took back all it made (insert-icon.ts removes a node it could not finish),
 * for the same reason. So a change that stays, one that no clean-up will take back (an icon in
 * place, a component or the Icons page made, a node being redrawn), is marked with
 * documentChanging(), and only a request with such a change is undone.
 *
 * One at a time, since requests wait on Figma (pages loading, nodes found by id) between their
 * changes: two at once would share an undo step, and one's failure would revert the other's work.
 */

let changed = false
let queue: Promise<unknown> = Promise.resolve()

/** Marks the running request as having made a change that stays until an undo takes it back. */
export function documentChanging(): void {
  changed = true
}

async function step<T>(work: () => Promise<T>): Promise<T> {
  figma.commitUndo()
  changed = false
  try {
    return await work()
  } catch (error) {
    if (changed) figma.triggerUndo()
    throw error
  } finally {
    figma.commitUndo()
  }
}

/** Runs `work` as one undo step once the requests before it have finished. */
export function asUndoStep<T>(work: () => Promise<T>): Promise<T> {
  return afterRequests(() => step(work))
}

/**
 * The designer's Cmd/Ctrl+Z pressed in the plugin's window: Figma passes no shortcut from a
 * plugin's iframe to the canvas, so without this the key does nothing while the plugin has focus
 * (https://github.com/yuanqing/create-figma-plugin/issues/129). Once the requests before it have
 * finished, the last step is undone as the canvas's Ctrl+Z would. triggerUndo drops the selection
 * with it (the same thread), where the canvas's undo keeps what is still there, so the nodes still
 * in the document are selected again.
 */
export function undoLastStep(): Promise<void> {
  return afterRequests(async () => {
    const page = figma.currentPage
    const selected = page.selection
    figma.triggerUndo()
    if (figma.currentPage === page) page.selection = selected.filter((node) => !node.removed)
  })
}

function afterRequests<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work)
  queue = run.catch(() => undefined)
  return run
}
