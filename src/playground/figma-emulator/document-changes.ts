/**
 * The changes behind `figma.on('documentchange')` and `page.on('nodechange')`, collected per batch
 * and reported as Figma documents them (https://developers.figma.com/docs/plugins/api/DocumentChange/,
 * https://developers.figma.com/docs/plugins/api/PageNode/#on): CREATE and DELETE only for the
 * top-most node of what was added or removed, PROPERTY_CHANGE with the properties that changed,
 * all with `origin: 'LOCAL'` (this emulator has no other users).
 */
import { pageOf, type EmulatedNode, type EmulatedPage } from './nodes'

export interface ChangeBatch {
  documentChanges: DocumentChange[]
  /** The same changes, by the page they happened on. */
  byPage: Map<EmulatedPage, NodeChange[]>
}

export interface ChangeLog {
  created(node: EmulatedNode): void
  deleted(node: EmulatedNode): void
  property(node: EmulatedNode, properties: NodeChangeProperty[]): void
  /** The batch so far, emptied; null when nothing changed. */
  take(): ChangeBatch | null
}

export function createChangeLog(): ChangeLog {
  let created = new Set<EmulatedNode>()
  let deleted = new Map<EmulatedNode, EmulatedPage | null>()
  let properties = new Map<EmulatedNode, Set<NodeChangeProperty>>()

  return {
    created: (node) => void created.add(node),
    deleted: (node) => void deleted.set(node, pageOf(node)),
    property(node, changed) {
      if (changed.length === 0) return
      const set = properties.get(node) ?? new Set()
      for (const property of changed) set.add(property)
      properties.set(node, set)
    },
    take() {
      const entries: Array<{ page: EmulatedPage | null; change: NodeChange }> = []
      const asScene = (node: EmulatedNode) => node as unknown as SceneNode
      for (const node of created) {
        if (node.markedRemoved || (node.owner !== null && [...created].some((other) => other !== node && isAncestor(other, node)))) continue
        if (node.owner === null) continue
        entries.push({ page: pageOf(node), change: { type: 'CREATE', id: node.id, origin: 'LOCAL', node: asScene(node) } })
      }
      for (const [node, page] of deleted) {
        if (created.has(node)) continue
        const removed = { removed: true, type: node.type, id: node.id } as RemovedNode
        entries.push({ page, change: { type: 'DELETE', id: node.id, origin: 'LOCAL', node: removed } })
      }
      for (const [node, changed] of properties) {
        if (node.markedRemoved || created.has(node)) continue
        entries.push({ page: pageOf(node), change: { type: 'PROPERTY_CHANGE', id: node.id, origin: 'LOCAL', node: asScene(node), properties: [...changed] } })
      }
      created = new Set()
      deleted = new Map()
      properties = new Map()
      if (entries.length === 0) return null
      const byPage = new Map<EmulatedPage, NodeChange[]>()
      for (const { page, change } of entries) if (page !== null) byPage.set(page, [...(byPage.get(page) ?? []), change])
      return { documentChanges: entries.map(({ change }) => change as DocumentChange), byPage }
    }
  }
}

function isAncestor(ancestor: EmulatedNode, node: EmulatedNode): boolean {
  for (let parent = node.owner; parent !== null; parent = parent.owner) if (parent === ancestor) return true
  return false
}
