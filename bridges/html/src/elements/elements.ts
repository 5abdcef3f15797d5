import type { Portico } from '@portico/core'
import {
  ElementAlreadyDefinedError,
  InvalidMountOptionError,
  PorticoDomUnavailableError,
} from '../errors/index.js'
import {
  assertDom,
  assertPortico,
  hostFor,
  modalOptions,
  optionsObject,
  type PorticoModalOptions,
  type Slot,
} from '../host/index.js'

/** Tag names of the elements `definePorticoElements` defines. */
export interface PorticoElementNames {
  /** The connect / account button (default `portico-button`). */
  button: string
  /** The network button (default `portico-network-button`). */
  networkButton: string
}

export interface DefinePorticoElementsOptions extends PorticoModalOptions {
  /** Other tag names, e.g. for a second instance on the same page. */
  names?: Partial<PorticoElementNames>
}

/** The default names: `<portico-button>` and `<portico-network-button>`. */
export const DEFAULT_ELEMENT_NAMES: Readonly<PorticoElementNames> = Object.freeze({
  button: 'portico-button',
  networkButton: 'portico-network-button',
})

// Marks our classes with the instance they render, so a second call can tell "same instance" from a clash.
const INSTANCE = Symbol.for('@portico/html.instance')

// The HTML rule for custom element names (lower case, starts with a letter, contains a hyphen).
const CUSTOM_ELEMENT_NAME = /^[a-z][a-z0-9._\u00b7\u00c0-\uffff-]*-[a-z0-9._\u00b7\u00c0-\uffff-]*$/
const RESERVED = new Set([
  'annotation-xml',
  'color-profile',
  'font-face',
  'font-face-src',
  'font-face-uri',
  'font-face-format',
  'font-face-name',
  'missing-glyph',
])

/**
 * Defines `<portico-button>` and `<portico-network-button>` for one Portico
 * instance, so a page without a framework can place the buttons in its HTML;
 * clicking one opens the instance's modal (the same modal as @portico/react).
 * Nothing is defined at import: only this call touches `customElements`.
 * Calling it again for the same instance does nothing; a name already
 * defined for another instance or by other code throws
 * `ElementAlreadyDefinedError` before anything is defined.
 *
 * `<portico-button>` reads `label` (text when disconnected) and
 * `show-balance="false"` (hide the balance when connected).
 *
 * @example
 * definePorticoElements(portico)
 * // <portico-button label="Sign in"></portico-button> <portico-network-button></portico-network-button>
 */
export function definePorticoElements(
  portico: Portico,
  options?: DefinePorticoElementsOptions,
): PorticoElementNames {
  const doc = assertDom('definePorticoElements')
  assertPortico('definePorticoElements', portico)
  const opts = optionsObject(options)
  const modal = modalOptions(opts)
  const names = elementNames(opts.names)
  const g = globalThis as { customElements?: CustomElementRegistry; HTMLElement?: typeof HTMLElement }
  const registry = g.customElements
  const Base = g.HTMLElement
  if (!registry || !Base) throw new PorticoDomUnavailableError('definePorticoElements')

  // Check both names first: a clash on the second must not leave the first defined.
  const todo: Array<keyof PorticoElementNames> = []
  for (const key of ['button', 'networkButton'] as const) {
    const existing = registry.get(names[key]) as
      | (CustomElementConstructor & { [INSTANCE]?: Portico })
      | undefined
    if (!existing) todo.push(key)
    else if (existing[INSTANCE] !== portico)
      throw new ElementAlreadyDefinedError(names[key], Boolean(existing[INSTANCE]))
  }
  if (Object.keys(modal).length > 0) hostFor(portico, doc).setModalOptions(modal)
  for (const key of todo) registry.define(names[key], elementClass(Base, portico, doc, key))
  return names
}

function elementNames(value: Partial<PorticoElementNames> | undefined): PorticoElementNames {
  if (value !== undefined && (typeof value !== 'object' || value === null))
    throw new InvalidMountOptionError('names', 'an object of tag names', value)
  const names = { ...DEFAULT_ELEMENT_NAMES, ...value }
  for (const key of ['button', 'networkButton'] as const) {
    const name = names[key]
    if (typeof name !== 'string' || !CUSTOM_ELEMENT_NAME.test(name) || RESERVED.has(name))
      throw new InvalidMountOptionError(
        `names.${key}`,
        'a custom element name (lower case, with a hyphen, e.g. "shop-button")',
        name,
      )
  }
  if (names.button === names.networkButton)
    throw new InvalidMountOptionError('names', 'two different tag names', names.button)
  return names
}

function elementClass(
  Base: typeof HTMLElement,
  portico: Portico,
  doc: Document,
  kind: keyof PorticoElementNames,
): CustomElementConstructor {
  // Made inside the call: `class extends HTMLElement` at module level would read the DOM at import.
  return class PorticoElement extends Base {
    static readonly [INSTANCE] = portico
    static readonly observedAttributes = kind === 'button' ? ['label', 'show-balance'] : []

    connectedCallback() {
      hostFor(portico, this.ownerDocument ?? doc).set(this, this.porticoSlot(), { sync: false })
    }

    disconnectedCallback() {
      hostFor(portico, this.ownerDocument ?? doc).remove(this)
    }

    attributeChangedCallback() {
      if (this.isConnected)
        hostFor(portico, this.ownerDocument ?? doc).set(this, this.porticoSlot(), { sync: false })
    }

    private porticoSlot(): Slot {
      if (kind === 'networkButton') return { buttons: ['network'] }
      const label = this.getAttribute('label')?.trim()
      return {
        buttons: ['connect'],
        label: label ? label : undefined,
        showBalance: this.getAttribute('show-balance') !== 'false',
      }
    }
  }
}
