/**
 * Local variables and their collections (`figma.variables`), as far as colour binding needs them:
 * collections with modes, variables with a value per mode, `setBoundVariableForPaint`, and the
 * value a bound paint shows for the mode its page is in.
 *
 * Rules, with their reference pages:
 * - A new collection has one mode, its default (https://developers.figma.com/docs/plugins/api/VariableCollection/).
 * - `createVariable(name, collection, type)`: the string-id overload throws under dynamic-page
 *   (https://developers.figma.com/docs/plugins/api/properties/figma-variables-createvariable/,
 *   https://developers.figma.com/docs/plugins/migrating-to-dynamic-loading/).
 * - `setValueForMode` takes a mode of the variable's collection and a value of its type
 *   (https://developers.figma.com/docs/plugins/api/Variable/#setvalueformode).
 * - `setBoundVariableForPaint(paint, 'color', variable | null)` returns a copy of a SOLID paint,
 *   bound or unbound, and touches no node
 *   (https://developers.figma.com/docs/plugins/api/properties/figma-variables-setboundvariableforpaint/).
 * - A bound value resolves for the consumer's mode: the explicit mode set on its page, else the
 *   collection's default (https://developers.figma.com/docs/plugins/api/Variable/#resolveforconsumer,
 *   https://developers.figma.com/docs/plugins/api/node-properties/#setexplicitvariablemodeforcollection).
 * - The sync getters (`getLocalVariables`, `getVariableById`, …) throw under dynamic-page
 *   (https://developers.figma.com/docs/plugins/api/figma-variables/).
 */

/** The page a consumer sits on, for its explicit modes; null for a node off the page. */
export type ModesOf = (consumer: unknown) => Readonly<Record<string, string>>

const MAX_ALIAS_DEPTH = 16

function refuse(method: string, message: string): never {
  throw new Error(`in ${method}: ${message}`)
}

/** Every VariableScope the typings list. */
const VARIABLE_SCOPES: readonly VariableScope[] = [
  'ALL_SCOPES',
  'TEXT_CONTENT',
  'CORNER_RADIUS',
  'WIDTH_HEIGHT',
  'GAP',
  'ALL_FILLS',
  'FRAME_FILL',
  'SHAPE_FILL',
  'TEXT_FILL',
  'STROKE_COLOR',
  'STROKE_FLOAT',
  'EFFECT_FLOAT',
  'EFFECT_COLOR',
  'OPACITY',
  'COLOR_OPACITY',
  'FONT_FAMILY',
  'FONT_STYLE',
  'FONT_WEIGHT',
  'FONT_SIZE',
  'LINE_HEIGHT',
  'LETTER_SPACING',
  'PARAGRAPH_SPACING',
  'PARAGRAPH_INDENT'
]

export class EmulatedVariableCollection
  implements Pick<VariableCollection, 'id' | 'name' | 'modes' | 'defaultModeId' | 'variableIds' | 'remote' | 'addMode' | 'renameMode'>
{
  readonly id: string
  name: string
  readonly remote = false
  private _modes: Array<{ modeId: string; name: string }>
  readonly variableIds: string[] = []
  private modeCounter = 0

  constructor(id: string, name: string) {
    this.id = id
    this.name = name
    this._modes = [{ modeId: this.nextModeId(), name: 'Mode 1' }]
  }

  private nextModeId(): string {
    return `${this.id.replace('VariableCollectionId:', '')}:${this.modeCounter++}`
  }
  get modes(): Array<{ modeId: string; name: string }> {
    return this._modes.map((mode) => ({ ...mode }))
  }
  get defaultModeId(): string {
    return (this._modes[0] as { modeId: string }).modeId
  }
  addMode(name: string): string {
    const modeId = this.nextModeId()
    this._modes.push({ modeId, name })
    return modeId
  }
  renameMode(modeId: string, name: string): void {
    const mode = this._modes.find((each) => each.modeId === modeId)
    if (mode === undefined) refuse('renameMode', `Mode ${modeId} is not in this collection`)
    mode.name = name
  }
  hasMode(modeId: string): boolean {
    return this._modes.some((mode) => mode.modeId === modeId)
  }
}

function isColorValue(value: unknown): value is RGB | RGBA {
  if (typeof value !== 'object' || value === null) return false
  const { r, g, b } = value as Record<string, unknown>
  return [r, g, b].every((channel) => typeof channel === 'number' && channel >= 0 && channel <= 1)
}

function isAlias(value: unknown): value is VariableAlias {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'VARIABLE_ALIAS'
}

export class EmulatedVariable
  implements Pick<Variable, 'id' | 'name' | 'resolvedType' | 'variableCollectionId' | 'remote' | 'description' | 'setValueForMode' | 'scopes'>
{
  readonly id: string
  name: string
  description = ''
  readonly remote = false
  readonly resolvedType: VariableResolvedDataType
  readonly variableCollectionId: string
  private values = new Map<string, VariableValue>()
  /**
   * Where Figma's pickers offer it (Variable.scopes in the typings: "Setting this property will
   * show/hide this variable in the variable picker UI for different fields"); a new variable is
   * offered everywhere, ALL_SCOPES, as Figma's variables panel shows one.
   */
  private scopeList: readonly VariableScope[] = Object.freeze(['ALL_SCOPES'])

  constructor(
    id: string,
    name: string,
    private readonly collection: EmulatedVariableCollection,
    resolvedType: VariableResolvedDataType,
    private readonly store: VariableStore
  ) {
    this.id = id
    this.name = name
    this.resolvedType = resolvedType
    this.variableCollectionId = collection.id
  }

  get scopes(): VariableScope[] {
    return this.scopeList as VariableScope[]
  }
  set scopes(value: VariableScope[]) {
    if (!Array.isArray(value) || !value.every((scope) => VARIABLE_SCOPES.includes(scope))) {
      refuse('set_scopes', `scopes must be an array of ${VARIABLE_SCOPES.join(', ')}`)
    }
    this.scopeList = Object.freeze([...value])
    this.store.changed()
  }

  get valuesByMode(): { [modeId: string]: VariableValue } {
    return Object.fromEntries(this.values)
  }

  setValueForMode(modeId: string, value: VariableValue): void {
    if (!this.collection.hasMode(modeId)) refuse('setValueForMode', `Mode ${modeId} is not in the variable's collection`)
    if (this.resolvedType === 'COLOR' && !isAlias(value) && !isColorValue(value)) {
      refuse('setValueForMode', 'A COLOR variable takes an RGB or RGBA value with channels from 0 to 1')
    }
    this.values.set(modeId, isAlias(value) ? { type: 'VARIABLE_ALIAS', id: value.id } : { ...(value as object) } as VariableValue)
    this.store.changed()
  }

  /** Its value for the consumer's mode, aliases followed. */
  resolveForConsumer(consumer: SceneNode): { value: VariableValue; resolvedType: VariableResolvedDataType } {
    return { value: this.store.resolve(this, this.store.modesOf(consumer)), resolvedType: this.resolvedType }
  }

  /** The raw value in a mode, falling back to the default mode as Figma shows a new mode's values. */
  valueIn(modes: Readonly<Record<string, string>>): VariableValue | undefined {
    const modeId = modes[this.collection.id] ?? this.collection.defaultModeId
    return this.values.get(modeId) ?? this.values.get(this.collection.defaultModeId)
  }
}

export interface VariableStore {
  api: Pick<
    VariablesAPI,
    | 'createVariableCollection'
    | 'createVariable'
    | 'getLocalVariablesAsync'
    | 'getLocalVariableCollectionsAsync'
    | 'getVariableByIdAsync'
    | 'getVariableCollectionByIdAsync'
    | 'setBoundVariableForPaint'
    | 'getLocalVariables'
    | 'getLocalVariableCollections'
    | 'getVariableById'
    | 'getVariableCollectionById'
  >
  collection(id: string): EmulatedVariableCollection | undefined
  resolve(variable: EmulatedVariable, modes: Readonly<Record<string, string>>): VariableValue
  /** A paint with its bound colour resolved for these modes; unbound paints as they are. */
  resolvePaint(paint: Paint, modes: Readonly<Record<string, string>>): Paint
  modesOf: ModesOf
  changed(): void
}

export function createVariableStore(options: { dynamicPage: boolean; modesOf: ModesOf; changed: () => void }): VariableStore {
  const collections = new Map<string, EmulatedVariableCollection>()
  const variables = new Map<string, EmulatedVariable>()
  let counter = 1
  const syncRefused = (method: string, instead: string) => () => {
    if (options.dynamicPage) refuse(method, `Cannot call with documentAccess: dynamic-page. Use figma.variables.${instead} instead`)
  }

  const store: VariableStore = {
    collection: (id) => collections.get(id),
    modesOf: options.modesOf,
    changed: options.changed,
    resolve(variable, modes) {
      let value = variable.valueIn(modes)
      for (let depth = 0; isAlias(value); depth++) {
        const target = variables.get(value.id)
        if (target === undefined || depth === MAX_ALIAS_DEPTH) refuse('resolveForConsumer', `The alias to ${value.id} cannot be resolved`)
        value = target.valueIn(modes)
      }
      if (value === undefined) refuse('resolveForConsumer', `${variable.name} has no value`)
      return value
    },
    resolvePaint(paint, modes) {
      const alias = paint.type === 'SOLID' ? paint.boundVariables?.color : undefined
      const variable = alias === undefined ? undefined : variables.get(alias.id)
      if (paint.type !== 'SOLID' || variable === undefined) return paint
      const value = store.resolve(variable, modes)
      if (!isColorValue(value)) return paint
      return { ...paint, color: { r: value.r, g: value.g, b: value.b } }
    },
    api: {
      createVariableCollection(name: string) {
        const collection = new EmulatedVariableCollection(`VariableCollectionId:${counter++}:0`, name)
        collections.set(collection.id, collection)
        return collection as unknown as VariableCollection
      },
      createVariable: ((name: string, collection: VariableCollection | string, resolvedType: VariableResolvedDataType) => {
        if (typeof collection === 'string') {
          syncRefused('createVariable', 'createVariable(name, collection, type) with the collection object')()
        }
        const owner = collections.get(typeof collection === 'string' ? collection : collection.id)
        if (owner === undefined) refuse('createVariable', 'The collection does not exist')
        const variable = new EmulatedVariable(`VariableID:${counter++}:0`, name, owner, resolvedType, store)
        variables.set(variable.id, variable)
        owner.variableIds.push(variable.id)
        return variable as unknown as Variable
      }) as VariablesAPI['createVariable'],
      async getLocalVariablesAsync(type?: VariableResolvedDataType) {
        return [...variables.values()].filter((variable) => type === undefined || variable.resolvedType === type) as unknown as Variable[]
      },
      async getLocalVariableCollectionsAsync() {
        return [...collections.values()] as unknown as VariableCollection[]
      },
      async getVariableByIdAsync(id: string) {
        return (variables.get(id) ?? null) as unknown as Variable | null
      },
      async getVariableCollectionByIdAsync(id: string) {
        return (collections.get(id) ?? null) as unknown as VariableCollection | null
      },
      setBoundVariableForPaint(paint: SolidPaint, field: VariableBindablePaintField, variable: Variable | null): SolidPaint {
        if (paint.type !== 'SOLID') refuse('setBoundVariableForPaint', 'Only a SOLID paint can be bound to a variable')
        if (field !== 'color') refuse('setBoundVariableForPaint', `Cannot bind ${String(field)}`)
        const { boundVariables, ...rest } = paint
        const others = { ...boundVariables }
        delete others.color
        if (variable === null) return Object.keys(others).length === 0 ? rest : { ...rest, boundVariables: others }
        if (!variables.has(variable.id)) refuse('setBoundVariableForPaint', 'The variable does not exist')
        if (variable.resolvedType !== 'COLOR') refuse('setBoundVariableForPaint', `A paint's color needs a COLOR variable, not ${variable.resolvedType}`)
        return { ...rest, boundVariables: { ...others, color: { type: 'VARIABLE_ALIAS', id: variable.id } } }
      },
      getLocalVariables: (() => {
        syncRefused('getLocalVariables', 'getLocalVariablesAsync()')()
        return [...variables.values()] as unknown as Variable[]
      }) as VariablesAPI['getLocalVariables'],
      getLocalVariableCollections: (() => {
        syncRefused('getLocalVariableCollections', 'getLocalVariableCollectionsAsync()')()
        return [...collections.values()] as unknown as VariableCollection[]
      }) as VariablesAPI['getLocalVariableCollections'],
      getVariableById: ((id: string) => {
        syncRefused('getVariableById', 'getVariableByIdAsync()')()
        return (variables.get(id) ?? null) as unknown as Variable | null
      }) as VariablesAPI['getVariableById'],
      getVariableCollectionById: ((id: string) => {
        syncRefused('getVariableCollectionById', 'getVariableCollectionByIdAsync()')()
        return (collections.get(id) ?? null) as unknown as VariableCollection | null
      }) as VariablesAPI['getVariableCollectionById']
    }
  }
  return store
}
