import { PorticoError } from '@portico/core'

/** A short, safe description of a value for an error's details (never the value's own text at length). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)
  if (typeof value !== 'object' && typeof value !== 'function') return `${typeof value} ${String(value)}`
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name
  return typeof name === 'string' && name ? `a ${name}` : `a ${typeof value}`
}

/**
 * A function of `@portico/html` was called where there is no browser DOM
 * (during server rendering, in a worker). Importing the package is always
 * safe; mounting and defining elements must wait for the browser.
 */
export class PorticoDomUnavailableError extends PorticoError {
  override name = 'PorticoDomUnavailableError'
  override readonly code = 'PORTICO_DOM_UNAVAILABLE' as const
  constructor(fn: string) {
    super(`${fn} needs a browser DOM`, {
      metaMessages: [
        'Call it in the browser (e.g. in a <script type="module">), not during server rendering.',
      ],
    })
  }
}

/** The first argument is not a Portico instance made by `createPortico(...)`. */
export class InvalidPorticoInstanceError extends PorticoError {
  override name = 'InvalidPorticoInstanceError'
  override readonly code = 'INVALID_PORTICO_INSTANCE' as const
  readonly value: unknown
  constructor(fn: string, value: unknown) {
    super(`${fn} expects the instance made by createPortico(...)`, { details: describeValue(value) })
    this.value = value
  }
}

/** `mountPortico`'s target is not a DOM element (a selector string, null from a missed query…). */
export class InvalidMountTargetError extends PorticoError {
  override name = 'InvalidMountTargetError'
  override readonly code = 'INVALID_MOUNT_TARGET' as const
  readonly value: unknown
  constructor(value: unknown) {
    super('mountPortico expects a DOM Element to render into', {
      details: describeValue(value),
      metaMessages:
        typeof value === 'string'
          ? ['Pass the element, e.g. document.querySelector(selector), not the selector itself.']
          : value === null
            ? ['The element was not found: check the selector and that the page has loaded.']
            : undefined,
    })
    this.value = value
  }
}

/** The element already holds a Portico mount: call the unmount function of the first one before mounting again. */
export class AlreadyMountedError extends PorticoError {
  override name = 'AlreadyMountedError'
  override readonly code = 'ALREADY_MOUNTED' as const
  constructor() {
    super('This element already holds a Portico mount', {
      metaMessages: ['Call the function the first mountPortico(...) returned before mounting again.'],
    })
  }
}

/** An option of `mountPortico` / `definePorticoElements` has a value outside what it accepts. */
export class InvalidMountOptionError extends PorticoError {
  override name = 'InvalidMountOptionError'
  override readonly code = 'INVALID_MOUNT_OPTION' as const
  readonly option: string
  readonly value: unknown
  constructor(option: string, expected: string, value: unknown) {
    super(`Invalid option "${option}": expected ${expected}`, { details: describeValue(value) })
    this.option = option
    this.value = value
  }
}

/**
 * A custom element name is already defined on this page by another Portico
 * instance or by other code. Custom element definitions cannot be undone, so
 * a second instance needs its own names (`names: { button: 'shop-button' }`).
 */
export class ElementAlreadyDefinedError extends PorticoError {
  override name = 'ElementAlreadyDefinedError'
  override readonly code = 'ELEMENT_ALREADY_DEFINED' as const
  readonly tagName: string
  constructor(tagName: string, byPortico: boolean) {
    super(
      `<${tagName}> is already defined ${byPortico ? 'for another Portico instance' : 'by other code on this page'}`,
      {
        metaMessages: [
          'Give this instance its own element names: definePorticoElements(portico, { names }).',
        ],
      },
    )
    this.tagName = tagName
  }
}
