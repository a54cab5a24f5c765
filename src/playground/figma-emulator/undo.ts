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
 * references stay the same objects.
 */
import type { EmulatedNode } from './nodes'

type Fields = Record<string, unknown>

interface Checkpoint {
  nodes: Map<EmulatedNode, Fields>
  /** The document as data, to tell whether anything changed since. */
  fingerprint: string
}

export interface UndoHistory {
  /** `figma.commitUndo()`: closes the open step, if anything changed in it. */
  commit(): void
  /** The designer's Ctrl+Z, and `figma.triggerUndo()`: reverts the open step, or else the last committed one. */
  undo(): boolean
  /** Forgets every step: the document as it is now cannot be undone, like a file just opened. */
  clear(): void
}

function copyFields(node: EmulatedNode): Fields {
  const fields: Fields = {}
  for (const [key, value] of Object.entries(node)) {
    fields[key] = Array.isArray(value) ? [...(value as unknown[])] : value instanceof Map ? new Map(value) : value
  }
  return fields
}

/**
 * @param live the registry of live nodes by id, which restoring updates
 * @param fingerprint the document as data (selection and viewport left out: they are not undone)
 * @param restored called after an undo changed the document
 */
export function createUndoHistory(live: Map<string, EmulatedNode>, fingerprint: () => string, restored: () => void): UndoHistory {
  const capture = (): Checkpoint => ({
    nodes: new Map([...live.values()].map((node) => [node, copyFields(node)])),
    fingerprint: fingerprint()
  })
  const steps: Checkpoint[] = [capture()]
  const top = (): Checkpoint => steps[steps.length - 1] as Checkpoint

  function restore(checkpoint: Checkpoint): void {
    for (const node of [...live.values()]) {
      if (checkpoint.nodes.has(node)) continue
      // Made after the checkpoint: undoing takes it away.
      live.delete(node.id)
      Object.assign(node, { _removed: true, parent: null })
    }
    for (const [node, fields] of checkpoint.nodes) {
      Object.assign(node, copyFields(fields as unknown as EmulatedNode))
      live.set(node.id, node)
    }
    restored()
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
