/**
 * The undo history, as Figma keeps it for a plugin: "By default, plugin actions are not committed
 * to undo history"; everything since the last `figma.commitUndo()` is one step, and one undo by the
 * designer reverts exactly that step (https://developers.figma.com/docs/plugins/api/properties/figma-commitundo/).
 * `figma.triggerUndo()` "triggers an undo action", which "reverts to the last commitUndo() state"
 * (https://developers.figma.com/docs/plugins/api/properties/figma-triggerundo/): the open step, or
 * with none open, as Ctrl+Z, the last committed one (see emulator.ts). Nodes an undo takes
 * away become `removed`, as in Figma (https://developers.figma.com/docs/plugins/api/node-properties/#removed).
 *
 * A step is a checkpoint of every node's own fields, restored in place so that the plugin's
 * references stay the same objects. What a restore changed is handed to the emulator, which reports
 * it as Figma reports any change (nodechange, documentchange, selectionchange).
 */
import { changedFields, copyFields, type Fields } from './node-fields'
import type { EmulatedNode } from './nodes'

interface Checkpoint {
  nodes: Map<EmulatedNode, Fields>
  /** The document as data, to tell whether anything changed since. */
  fingerprint: string
}

/** What one undo did to the document. */
export interface Restoration {
  /** Nodes made since the checkpoint, taken away: told before they go, while they still know their page. */
  removing(nodes: EmulatedNode[]): void
  /** Nodes brought back, and the fields that changed on the others, once the document is restored. */
  restored(revived: EmulatedNode[], changedFields: Map<EmulatedNode, string[]>): void
}

export interface UndoHistory {
  /** `figma.commitUndo()`: closes the open step, if anything changed in it. */
  commit(): void
  /** The designer's Ctrl+Z, and `figma.triggerUndo()`: reverts the open step, or else the last committed one. */
  undo(): boolean
  /** Forgets every step: the document as it is now cannot be undone, like a file just opened. */
  clear(): void
}

/**
 * A page's fields that are the session's, not the document's: its listeners, whether this run
 * loaded it, and the selection, which Figma's undo history does not hold (a selected node an undo
 * takes away just leaves it, and "deletion of a selected node" fires selectionchange, figma-on).
 */
const SESSION_FIELDS: ReadonlySet<string> = new Set(['nodeChangeListeners', 'loaded', '_selection'])

/**
 * @param live the registry of live nodes by id, which restoring updates
 * @param fingerprint the document as data (selection and viewport left out: a change to them alone is no step)
 * @param report told what each undo changes
 */
export function createUndoHistory(live: Map<string, EmulatedNode>, fingerprint: () => string, report: Restoration): UndoHistory {
  const capture = (): Checkpoint => ({
    nodes: new Map([...live.values()].map((node) => [node, copyFields(node, SESSION_FIELDS)])),
    fingerprint: fingerprint()
  })
  const steps: Checkpoint[] = [capture()]
  const top = (): Checkpoint => steps[steps.length - 1] as Checkpoint

  function restore(checkpoint: Checkpoint): void {
    // Made after the checkpoint: undoing takes them away.
    const made = [...live.values()].filter((node) => !checkpoint.nodes.has(node))
    report.removing(made)
    for (const node of made) {
      live.delete(node.id)
      Object.assign(node, { _removed: true, owner: null })
    }
    const revived: EmulatedNode[] = []
    const changed = new Map<EmulatedNode, string[]>()
    for (const [node, fields] of checkpoint.nodes) {
      if (node.markedRemoved) revived.push(node)
      else changed.set(node, changedFields(node, fields))
      Object.assign(node, copyFields(fields, SESSION_FIELDS))
      live.set(node.id, node)
    }
    report.restored(revived, changed)
  }

  return {
    commit() {
      if (fingerprint() !== top().fingerprint) steps.push(capture())
    },
    clear() {
      steps.splice(0, steps.length, capture())
    },
    undo() {
      if (fingerprint() !== top().fingerprint) {
        restore(top())
        return true
      }
      if (steps.length === 1) return false
      steps.pop()
      restore(top())
      return true
    }
  }
}
