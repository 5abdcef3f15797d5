import type { Portico } from '@portico/core'
import { AlreadyMountedError, InvalidMountOptionError, InvalidMountTargetError } from '../errors/index.js'
import {
  assertDom,
  assertPortico,
  hostFor,
  isMounted,
  modalOptions,
  optionsObject,
  type PorticoModalOptions,
  type Slot,
} from '../host/index.js'

/** What `mountPortico` renders into the element, beside the instance's one modal. */
export interface MountPorticoOptions extends PorticoModalOptions {
  /**
   * Which button(s) to render: `'connect'` (default: "Connect Wallet", then the
   * account), `'network'` (the active network), `'both'`, or `'none'` (only the
   * modal: the page opens it with `portico.open()`).
   */
  button?: 'connect' | 'network' | 'both' | 'none'
  /** Text of the connect button when disconnected (default: the catalogue's "Connect Wallet"). */
  label?: string
  /** Show the native balance on the account button (default true). */
  showBalance?: boolean
  /** Extra class names on the rendered button(s); they also carry `portico-button`. */
  className?: string
}

/** Undoes a `mountPortico`: removes what it rendered (and the modal with the instance's last mount). Safe to call twice. */
export type UnmountPortico = () => void

const BUTTONS = {
  connect: ['connect'],
  network: ['network'],
  both: ['connect', 'network'],
  none: [],
} as const

/**
 * Renders Portico's connect button and modal into an element of a page that
 * has no framework of its own; React stays inside. The instance's modal is
 * shared by all its mounts and custom elements. The button is in the element
 * when the call returns. Throws typed errors for a missing DOM
 * (`PorticoDomUnavailableError`), a non-instance (`InvalidPorticoInstanceError`),
 * a non-element (`InvalidMountTargetError`), an element already mounted
 * (`AlreadyMountedError`) and bad options (`InvalidMountOptionError`).
 *
 * @example
 * const portico = createPortico({ adapters: [evmAdapter({ networks: [mainnet] })] })
 * const unmount = mountPortico(portico, document.getElementById('wallet'), { button: 'both' })
 * // later: unmount()
 */
export function mountPortico(
  portico: Portico,
  element: Element,
  options?: MountPorticoOptions,
): UnmountPortico {
  const doc = assertDom('mountPortico')
  assertPortico('mountPortico', portico)
  if (!isElement(element)) throw new InvalidMountTargetError(element)
  const opts = optionsObject(options)
  const slot = slotOptions(opts)
  const modal = modalOptions(opts)
  if (isMounted(element)) throw new AlreadyMountedError()
  const host = hostFor(portico, element.ownerDocument ?? doc)
  if (Object.keys(modal).length > 0) host.setModalOptions(modal)
  host.set(element, slot, { sync: true })
  let mounted = true
  return () => {
    if (!mounted) return
    mounted = false
    host.remove(element)
  }
}

/** An Element of any window (an iframe's elements fail `instanceof Element` of this one). */
export function isElement(value: unknown): value is Element {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Node).nodeType === 1 &&
    typeof (value as Element).getAttribute === 'function'
  )
}

function slotOptions(opts: Partial<MountPorticoOptions>): Slot {
  const button = opts.button ?? 'connect'
  if (!Object.hasOwn(BUTTONS, button))
    throw new InvalidMountOptionError('button', '"connect", "network", "both" or "none"', button)
  if (opts.label !== undefined && (typeof opts.label !== 'string' || opts.label.trim() === ''))
    throw new InvalidMountOptionError('label', 'a non-empty string', opts.label)
  if (opts.showBalance !== undefined && typeof opts.showBalance !== 'boolean')
    throw new InvalidMountOptionError('showBalance', 'a boolean', opts.showBalance)
  if (opts.className !== undefined && typeof opts.className !== 'string')
    throw new InvalidMountOptionError('className', 'a string', opts.className)
  return {
    buttons: BUTTONS[button],
    label: opts.label,
    showBalance: opts.showBalance,
    className: opts.className,
  }
}
