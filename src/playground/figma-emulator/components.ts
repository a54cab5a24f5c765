/**
 * Components and instances, as Figma keeps them:
 * - An instance is "a copy of a component", "always automatically updated if a component is
 *   modified" (https://developers.figma.com/docs/plugins/api/InstanceNode/). Here an instance's
 *   layers mirror its main component's whenever the instance or any of its layers is read or written
 *   (a layer the plugin held on to included) after the component changed (its version), with ids `I<instance>;<layer>` as
 *   Figma gives instance sublayers (observed: github.com/DirectedEdges/specs-plugin-1/issues/116),
 *   and those updates are never reported as changes ("instance sublayers updated from their main
 *   component" are not, https://developers.figma.com/docs/plugins/api/properties/figma-on/).
 * - What a plugin sets on a sublayer (name, visibility, lock, fills, strokes, their styles, stroke weight) is an override and
 *   survives updates, set in a documentchange handler too; resizing or rescaling the instance overrides its size, and
 *   a rescale's stroke weights are overrides as well. The instance's own paints, their
 *   styles and its stroke weight follow the component's too, until the plugin sets them on the
 *   instance: `overrides` lists "the fields directly overridden on this instance"
 *   (https://developers.figma.com/docs/plugins/api/InstanceNode/#overrides), the rest are the main
 *   component's. So a style bound on the component is bound on every instance that has not set its own.
 * - `swapComponent` "preserves overrides using the same heuristics as instance swap in the Figma
 *   editor"; assigning `mainComponent` "sets the instance's main component directly and clears all
 *   overrides" (https://developers.figma.com/docs/plugins/api/properties/InstanceNode-swapcomponent/).
 *   Figma does not publish its heuristics; this emulator keeps an override when the new component
 *   has a layer at the same path of layer names.
 * - Under `documentAccess: dynamic-page`, `mainComponent` is write-only (read it with
 *   `getMainComponentAsync`) and `ComponentNode.instances` throws (use `getInstancesAsync`)
 *   (https://developers.figma.com/docs/plugins/api/InstanceNode/#maincomponent,
 *   https://developers.figma.com/docs/plugins/api/ComponentNode/#instances).
 * - `figma.createComponentFromNode` refuses components, nodes holding one, and anything inside a
 *   component or an instance with `Cannot create component from node`
 *   (https://developers.figma.com/docs/plugins/api/properties/figma-createcomponentfromnode/).
 * Instance sublayers refuse new children, moves and removal in container.ts and base-node.ts (appendChild, remove).
 */
import { copyFields, propertiesOfFields, REPORTED_PROPERTIES, type Fields } from './node-fields'
import { EmulatedContainer, EmulatedFrame, EmulatedSceneNode, holdsComponent, PAINT_FIELDS, type EmulatedNode, type NodeRegistry } from './nodes'

/** What components need from the emulator. */
export interface ComponentRules {
  dynamicPage: boolean
  /** Runs `work` without reporting what it changes (an instance following its component). */
  quietly<T>(work: () => T): T
  isQuiet(): boolean
  /**
   * Runs `work` with every instance left as it is: work that writes fields directly and reports
   * them after (a rescale), where an instance following halfway would copy what is half done.
   */
  holding<T>(work: () => T): T
  isHolding(): boolean
  /**
   * Something in `node` changed: every component it is part of, and every component holding an
   * instance of one of those, gets a new version, so their instances know to follow them again.
   */
  edited(node: EmulatedNode): void
}

export function createComponentRules(dynamicPage: boolean): ComponentRules {
  // How deep in quietly and holding the work now running is: either may run inside the other, or itself.
  const depths = { quiet: 0, held: 0 }
  const within = <T>(mode: keyof typeof depths, work: () => T): T => {
    depths[mode] += 1
    try {
      return work()
    } finally {
      depths[mode] -= 1
    }
  }
  // One clock for every component: a version is never handed out twice, even after an undo restores an older one.
  let clock = 0
  const stamp = (node: EmulatedNode, stamped: Set<EmulatedComponent>): void => {
    for (let current: EmulatedNode | null = node; current !== null; current = current.owner) {
      if (!(current instanceof EmulatedComponent) || stamped.has(current)) continue
      stamped.add(current)
      current.version = clock
      for (const instance of current.instanceList) stamp(instance, stamped)
    }
  }
  return {
    dynamicPage,
    quietly: (work) => within('quiet', work),
    isQuiet: () => depths.quiet > 0,
    holding: (work) => within('held', work),
    isHolding: () => depths.held > 0,
    edited(node) {
      clock += 1
      stamp(node, new Set())
    }
  }
}

function dynamicPageError(member: string, instead: string): Error {
  // The documented form of these errors (https://developers.figma.com/docs/plugins/api/api-errors/).
  return new Error(`in ${member}: Cannot call with documentAccess: dynamic-page. Use ${instead} instead`)
}

/**
 * Sublayer properties a plugin may override on an instance, and the fields that hold them. Paints
 * and their style go together: setting fills detaches the style, binding a style sets the paints
 * (node-properties/#fillstyleid), and either is an override of both. The plain fields a layer
 * reports (reportedFields in scene-node.ts) are overrides too, each kept as Figma keeps it (overridableFields).
 */
const OVERRIDABLE: Partial<Record<NodeChangeProperty, readonly string[]>> = {
  name: ['_name'],
  visible: ['_visible'],
  locked: ['_locked'],
  fills: ['_fills', '_fillStyleId'],
  fillStyleId: ['_fills', '_fillStyleId'],
  strokes: ['_strokes', '_strokeStyleId'],
  strokeStyleId: ['_strokes', '_strokeStyleId'],
  strokeWeight: ['_strokeWeight'],
  strokeJoin: ['_strokeJoin'],
  strokeAlign: ['_strokeAlign'],
  opacity: ['_opacity'],
  counterAxisSpacing: ['_counterAxisSpacing']
}

function overridableFields(property: NodeChangeProperty): readonly string[] {
  return OVERRIDABLE[property] ?? (REPORTED_PROPERTIES.has(property) ? [`_${property}`] : [])
}

/** Every field an override may be kept in; read once every node class has said what it reports. */
let everyOverridableField: readonly string[] | undefined
function allOverridableFields(): readonly string[] {
  everyOverridableField ??= [...new Set([...Object.values(OVERRIDABLE).flat(), ...[...REPORTED_PROPERTIES].map((property) => `_${property}`)])]
  return everyOverridableField
}
/**
 * What an instance itself takes from its main component: its paints and their styles. Its name, set
 * when it is made, and its own visibility, lock and opacity stay the instance's, as they were.
 */
const FOLLOWED_BY_INSTANCE = PAINT_FIELDS

const overrideKey = (layerId: string, field: string): string => `${layerId}\u0000${field}`

const fieldsOf = (node: EmulatedNode): Fields => node as unknown as Fields

export class EmulatedComponent extends EmulatedFrame implements Pick<ComponentNode, 'getInstancesAsync'> {
  /** Every instance made from this component (a plain array, so undo restores it). */
  instanceList: EmulatedInstance[] = []
  /**
   * Changes with every change to the component or anything in it (ComponentRules.edited): an
   * instance that followed it at this version has nothing to catch up, whatever is read.
   */
  version = 0
  private readonly rules: ComponentRules

  constructor(registry: NodeRegistry, rules: ComponentRules, name = 'Component') {
    super(registry, 'COMPONENT', name)
    this.rules = rules
  }

  /** "Creates an instance of this component", parented under the current page (ComponentNode#createinstance). */
  createInstance(): EmulatedInstance {
    this.alive('createInstance')
    const instance = new EmulatedInstance(this.registry, this.rules, this, this.name)
    instance.x = this.x
    instance.y = this.y
    this.registry.addToCurrentPage(instance)
    return instance
  }

  async getInstancesAsync(): Promise<InstanceNode[]> {
    return this.liveInstances() as unknown as InstanceNode[]
  }

  get instances(): EmulatedInstance[] {
    if (this.rules.dynamicPage) throw dynamicPageError('get_instances', 'node.getInstancesAsync()')
    return this.liveInstances()
  }

  private liveInstances(): EmulatedInstance[] {
    return this.instanceList.filter((instance) => !instance.markedRemoved && instance.main === this)
  }
}

export class EmulatedInstance extends EmulatedFrame implements Pick<InstanceNode, 'getMainComponentAsync'> {
  main: EmulatedComponent | null
  /**
   * What the plugin set on this instance's layers, and on its own paints and stroke weight: by the
   * component layer it overrides (the main component itself for the instance's own) and field.
   */
  _overrides = new Map<string, unknown>()
  sizeOverridden = false
  /** The main component's version when the layers last followed it; null when they must follow it anew. */
  followedVersion: number | null = null
  private readonly rules: ComponentRules
  private syncing = false

  constructor(registry: NodeRegistry, rules: ComponentRules, main: EmulatedComponent | null, name = 'Instance') {
    super(registry, 'INSTANCE', name)
    this.rules = rules
    this.main = main
    this.counterpart = main
    if (main !== null) main.instanceList = [...main.instanceList, this]
    // Its layers and paints are the component's from the start, even should the component go before they are read.
    this.follow()
  }

  /**
   * Every read or write of the instance or its layers (base-node.ts, alive) first brings them up to date
   * with the main component; its size follows the component's too, unless the plugin resized the instance.
   */
  protected override refresh(): void {
    this.follow()
  }

  async getMainComponentAsync(): Promise<ComponentNode | null> {
    this.alive('getMainComponentAsync')
    return this.main as unknown as ComponentNode | null
  }

  /**
   * "All of the fields directly overridden on this instance", in Figma's shape: per node (the
   * instance, or a sublayer by its `I<instance>;<layer>` id), the properties set on it
   * (https://developers.figma.com/docs/plugins/api/InstanceNode/#overrides, typings InstanceNode.overrides).
   */
  get overrides(): ReadonlyArray<{ id: string; overriddenFields: NodeChangeProperty[] }> {
    this.alive('get_overrides')
    const byNode = new Map<string, Set<NodeChangeProperty>>()
    const add = (id: string, property: NodeChangeProperty) => (byNode.get(id) ?? byNode.set(id, new Set()).get(id))?.add(property)
    if (this.sizeOverridden) for (const property of ['width', 'height'] as const) add(this.id, property)
    for (const key of this._overrides.keys()) {
      const [layerId, field] = key.split('\u0000') as [string, string]
      // Fields are kept as the node holds them (`_fills`); the property is the one a change of it reports.
      for (const property of propertiesOfFields([field])) add(layerId === this.main?.id ? this.id : `I${this.id};${layerId}`, property)
    }
    return Object.freeze([...byNode].map(([id, fields]) => Object.freeze({ id, overriddenFields: [...fields] })))
  }

  get mainComponent(): EmulatedComponent | null {
    if (this.rules.dynamicPage) throw dynamicPageError('get_mainComponent', 'node.getMainComponentAsync()')
    return this.main
  }
  /** Sets the main component directly, clearing every override. */
  set mainComponent(component: EmulatedComponent | null) {
    this.changeMain('set_mainComponent', component, new Map())
  }

  swapComponent(component: EmulatedComponent): void {
    this.changeMain('swapComponent', component, this.overridesFor(component))
  }

  /** Records what a plugin set on one of this instance's layers, or on the instance itself. */
  overridden(node: EmulatedNode, properties: readonly NodeChangeProperty[]): void {
    if (node === this && (properties.includes('width') || properties.includes('height'))) this.sizeOverridden = true
    // The instance's counterpart is its main component: what is set on the instance is kept by its id.
    const layer = node.counterpart
    if (layer === null) return
    // The rest of what is set on the instance itself is never the component's, so it overrides nothing.
    const followed = (field: string) => node !== this || FOLLOWED_BY_INSTANCE.includes(field)
    for (const property of properties) {
      for (const field of overridableFields(property).filter(followed)) this._overrides.set(overrideKey(layer.id, field), fieldsOf(node)[field])
    }
  }

  private changeMain(member: string, component: EmulatedComponent | null, overrides: Map<string, unknown>): void {
    this.alive(member)
    if (!(component instanceof EmulatedComponent) || component.removed) {
      throw new Error(`in ${member}: Expected "componentNode" to have type ComponentNode`)
    }
    if (this.main !== null) this.main.instanceList = this.main.instanceList.filter((instance) => instance !== this)
    component.instanceList = [...component.instanceList, this]
    this.main = component
    this.counterpart = component
    this._overrides = overrides
    this.followedVersion = null
    this.sizeOverridden = false
    this.follow()
    this.placed(['width', 'height'])
    // An instance takes its new component's size (what a swap does to a resized one is not documented);
    // the size reported just now is the component's, not an override.
    this.sizeOverridden = false
  }

  /** This instance's overrides moved onto `component`'s layers at the same path of names. */
  private overridesFor(component: EmulatedComponent): Map<string, unknown> {
    const paths = new Map<string, string>()
    const walk = (nodes: readonly EmulatedSceneNode[], prefix: string, visit: (node: EmulatedSceneNode, path: string) => void) => {
      for (const node of nodes) {
        const path = `${prefix}/${node.name}`
        visit(node, path)
        if (node instanceof EmulatedContainer) walk(node.children, path, visit)
      }
    }
    if (this.main !== null) {
      paths.set(this.main.id, '')
      walk(this.main.children, '', (node, path) => paths.set(node.id, path))
    }
    const byPath = new Map<string, string>([['', component.id]])
    walk(component.children, '', (node, path) => void (byPath.has(path) || byPath.set(path, node.id)))
    const moved = new Map<string, unknown>()
    for (const [key, value] of this._overrides) {
      const [layerId, field] = key.split('\u0000') as [string, string]
      // An override of a layer the old component no longer has has nowhere to go.
      const path = paths.get(layerId)
      if (path === undefined) continue
      const target = byPath.get(path)
      if (target !== undefined) moved.set(overrideKey(target, field), value)
    }
    return moved
  }

  /** Brings the layers up to date with the main component, when it changed since they last were. */
  private follow(): void {
    const main = this.main
    // Following reads the instance and its layers, whose reads would follow again.
    if (this.syncing || main === null || this.followedVersion === main.version || this.rules.isHolding()) return
    // A deleted main component leaves its instances as they last were (in Figma they keep their layers).
    if (main.markedRemoved || this.markedRemoved) return
    this.syncing = true
    try {
      this.rules.quietly(() => this.mirror(main))
      // Taken after: copying a nested instance brings it up to date first, which may give the component a new version.
      this.followedVersion = main.version
    } finally {
      this.syncing = false
    }
  }

  private mirror(main: EmulatedComponent): void {
    const previous = new Map<string, EmulatedSceneNode>()
    const collect = (nodes: readonly EmulatedSceneNode[]) => {
      for (const node of nodes) {
        previous.set(node.id, node)
        if (node instanceof EmulatedContainer) collect(node.contents)
      }
    }
    collect(this.contents)
    const kept = new Set<EmulatedSceneNode>()
    const copy = (layer: EmulatedSceneNode, parent: EmulatedContainer): EmulatedSceneNode => {
      const id = `I${this.id};${layer.id}`
      const prototype = layer instanceof EmulatedInstance ? EmulatedFrame.prototype : (Object.getPrototypeOf(layer) as object)
      const reused = previous.get(id)
      const node = reused !== undefined && Object.getPrototypeOf(reused) === prototype ? reused : (Object.create(prototype) as EmulatedSceneNode)
      const own = reused === node ? fieldsOf(node) : undefined
      Object.assign(node, { ...fieldsOf(layer) }, {
        _id: id,
        owner: parent,
        counterpart: layer,
        _removed: false,
        // A layer's own plugin data stays; what it lacks is read from the component's layer.
        pluginData: own?.['pluginData'] ?? new Map(),
        sharedPluginData: own?.['sharedPluginData'] ?? new Map(),
        relaunchData: own?.['relaunchData'] ?? {}
      })
      for (const field of allOverridableFields()) {
        const key = overrideKey(layer.id, field)
        if (this._overrides.has(key)) fieldsOf(node)[field] = this._overrides.get(key)
      }
      if (layer instanceof EmulatedContainer) fieldsOf(node)['contents'] = layer.children.map((child) => copy(child, node as EmulatedContainer))
      // A copy takes no more properties than its layer does (a shape takes none it lacks, EmulatedShape).
      if (!Object.isExtensible(layer)) Object.preventExtensions(node)
      if (reused !== node) this.registry.register(node)
      kept.add(node)
      return node
    }
    this.contents.splice(0, this.contents.length, ...main.children.map((layer) => copy(layer, this)))
    for (const node of previous.values()) {
      if (kept.has(node)) continue
      Object.assign(node, { _removed: true, owner: null })
      this.registry.unregister(node)
    }
    // Overrides of layers the component no longer has go with them.
    const layerIds = new Set([main.id, ...[...kept].map((node) => node.counterpart?.id)])
    for (const key of [...this._overrides.keys()]) {
      if (!layerIds.has(key.split('\u0000')[0])) this._overrides.delete(key)
    }
    if (!this.sizeOverridden) {
      this._width = main.width
      this._height = main.height
    }
    for (const field of FOLLOWED_BY_INSTANCE) {
      const key = overrideKey(main.id, field)
      fieldsOf(this)[field] = this._overrides.has(key) ? this._overrides.get(key) : fieldsOf(main)[field]
    }
  }
}

/** The instance whose layer `node` is, or the instance itself; null outside instances. */
export function owningInstance(node: EmulatedNode): EmulatedInstance | null {
  for (let current: EmulatedNode | null = node; current !== null; current = current.owner) {
    if (current instanceof EmulatedInstance) return current
  }
  return null
}

/**
 * What makes a node the node it is and where it sits, rather than what it looks like: a component
 * made from a frame has its own (createComponentFromNode).
 */
const IDENTITY_FIELDS: ReadonlySet<string> = new Set(['_id', '_type', 'registry', 'owner', 'contents', 'counterpart', 'gridCell', '_removed'])

/**
 * `figma.createComponentFromNode(node)`: "a component from an existing node, preserving all of its
 * properties and children", in the node's place
 * (https://developers.figma.com/docs/plugins/api/properties/figma-createcomponentfromnode/). A frame
 * becomes the component, every field of it (auto-layout, grid, paints, plugin data) kept and its
 * children in their cells; another node is wrapped in one. Either way the component is a new node
 * and the node's id no longer answers (observed: github.com/ufira-ai/Vibma/issues/49). "The node
 * cannot be a component or component set and cannot be inside a component, component set, or
 * instance"; any node that cannot become one throws `Cannot create component from node`
 * (PluginAPI.createComponentFromNode in the typings).
 */
export function createComponentFromNode(registry: NodeRegistry, rules: ComponentRules, node: EmulatedNode): EmulatedComponent {
  const refuse = () => new Error('in createComponentFromNode: Cannot create component from node')
  // A live scene node always has a parent: its page at least.
  if (!(node instanceof EmulatedSceneNode) || node.removed || node.owner === null) throw refuse()
  const parent = node.owner
  for (let ancestor: EmulatedContainer | null = parent; ancestor !== null; ancestor = ancestor.owner) {
    if (ancestor.type === 'COMPONENT' || ancestor.type === 'INSTANCE') throw refuse()
  }
  // Nor may it be or hold a component, which would end up inside this one, as appendChild refuses (container.ts,
  // move); the emulator has no component sets. Refused here, before anything is made, so nothing is left half done.
  if (holdsComponent(node)) throw refuse()
  const index = parent.children.indexOf(node)
  const component = new EmulatedComponent(registry, rules, node.name)
  if (node instanceof EmulatedFrame && node.type === 'FRAME') {
    // Plugin data is held in maps the setters change in place: the component's are copies.
    Object.assign(component, copyFields(node, IDENTITY_FIELDS))
    component.adoptChildren(node)
    parent.replaceChild(node, component)
    return component
  }
  component.resizeWithoutConstraints(node.width, node.height)
  for (const store of ['pluginData', 'sharedPluginData'] as const) fieldsOf(component)[store] = new Map(fieldsOf(node)[store] as Map<string, string>)
  component.setRelaunchData(node.getRelaunchData())
  parent.insertChild(index, component)
  component.x = node.x
  component.y = node.y
  component.appendChild(node)
  node.x = 0
  node.y = 0
  return component
}
