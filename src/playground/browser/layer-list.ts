/**
 * The layers panel: the file's pages, the current one marked (a click switches, as in Figma), and
 * the page's node tree, indented, with the selection marked; a click selects.
 */
import type { DocumentSnapshot, NodeSnapshot } from '../figma-emulator/snapshot'

const TYPE_GLYPHS: Record<NodeSnapshot['type'], string> = {
  FRAME: '#',
  GROUP: '▢',
  BOOLEAN_OPERATION: '◪',
  COMPONENT: '❖',
  INSTANCE: '◇',
  SLOT: '⬚',
  SECTION: '▭',
  VECTOR: '✎',
  RECTANGLE: '□',
  ELLIPSE: '○',
  LINE: '╱',
  POLYGON: '△',
  STAR: '☆',
  TEXT: 'T'
}

function layerItems(nodes: NodeSnapshot[], depth: number, selection: Set<string>, onSelect: (nodeId: string) => void): HTMLLIElement[] {
  // Figma lists the topmost layer first.
  return [...nodes].reverse().flatMap((node) => {
    const item = document.createElement('li')
    const button = document.createElement('button')
    button.type = 'button'
    button.style.paddingLeft = `${8 + depth * 14}px`
    button.textContent = `${TYPE_GLYPHS[node.type]}  ${node.name}`
    button.dataset.nodeId = node.id
    button.setAttribute('aria-current', String(selection.has(node.id)))
    button.addEventListener('click', () => onSelect(node.id))
    item.append(button)
    return [item, ...layerItems(node.children ?? [], depth + 1, selection, onSelect)]
  })
}

export function renderPageList(list: HTMLElement, pages: ReadonlyArray<{ id: string; name: string }>, currentId: string, onSwitch: (pageId: string) => void): void {
  list.replaceChildren(
    ...pages.map((page) => {
      const item = document.createElement('li')
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = page.name
      button.setAttribute('aria-current', String(page.id === currentId))
      button.addEventListener('click', () => onSwitch(page.id))
      item.append(button)
      return item
    })
  )
}

export function renderLayerList(list: HTMLElement, snapshot: DocumentSnapshot, onSelect: (nodeId: string) => void): void {
  list.replaceChildren(...layerItems(snapshot.children, 0, new Set(snapshot.selection), onSelect))
}
