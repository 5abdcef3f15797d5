import type { Portico } from '@portico/core'
import { ConnectButton, NetworkButton, PorticoModal, PorticoProvider } from '@portico/react'
import { createPortal, flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import type { PorticoModalOptions } from './options.js'
import { adoptGroupCss } from './styles.js'

/** What one mount or custom element shows in its element. */
export interface Slot {
  buttons: ReadonlyArray<'connect' | 'network'>
  label?: string | undefined
  showBalance?: boolean | undefined
  className?: string | undefined
}

/**
 * One React root per Portico instance: every mount and custom element of the
 * instance is a portal of that root into its element, and the instance's one
 * modal lives beside them. So two `<portico-button>`s share a modal, and the
 * root goes away with the last of them.
 */
export interface InstanceHost {
  set(element: Element, slot: Slot, options: { sync: boolean }): void
  has(element: Element): boolean
  remove(element: Element): void
  setModalOptions(options: PorticoModalOptions): void
}

// Keyed by instance: two instances never share a root or a modal, and a dropped instance frees its entry.
const hosts = new WeakMap<Portico, InstanceHost>()
// Which instance renders into an element: one element holds one mount, whatever the instance.
const owners = new WeakMap<Element, Portico>()

/** The instance's host, made on first use. */
export function hostFor(portico: Portico, doc: Document): InstanceHost {
  let host = hosts.get(portico)
  if (!host) {
    // Kept while the instance lives (the modal options with it), even when its last mount goes.
    host = createInstanceHost(portico, doc)
    hosts.set(portico, host)
  }
  return host
}

/** Whether `element` holds a mount of any instance (one element, one mount). */
export function isMounted(element: Element): boolean {
  return owners.has(element)
}

function createInstanceHost(portico: Portico, doc: Document): InstanceHost {
  const slots = new Map<Element, Slot>()
  // A stable portal key per element: keys by position would move a portal to another element's key.
  const ids = new WeakMap<Element, number>()
  let nextId = 0
  let modal: PorticoModalOptions = {}
  let root: Root | undefined

  const render = (sync: boolean) => {
    if (slots.size === 0) {
      // The modal's own body host is removed by its cleanup when the root unmounts.
      root?.unmount()
      root = undefined
      return
    }
    // A container that is never attached: the buttons portal into the page's elements and the modal
    // into its own host at the end of <body>, so nothing of React's shows up elsewhere in the page.
    root ??= createRoot(doc.createElement('div'))
    const tree = (
      <PorticoProvider portico={portico}>
        {[...slots].map(([element, slot]) =>
          createPortal(<SlotView slot={slot} />, element, `slot-${ids.get(element)}`),
        )}
        <PorticoModal {...modal} />
      </PorticoProvider>
    )
    const r = root
    if (sync) flushSync(() => r.render(tree))
    else r.render(tree)
  }

  return {
    set(element, slot, { sync }) {
      if (slot.buttons.length > 1) adoptGroupCss(element.ownerDocument ?? doc)
      if (!ids.has(element)) ids.set(element, nextId++)
      owners.set(element, portico)
      slots.set(element, slot)
      render(sync)
    },
    has: (element) => slots.has(element),
    remove(element) {
      if (!slots.delete(element)) return
      owners.delete(element)
      render(false)
    },
    setModalOptions(options) {
      modal = options
      if (root) render(false)
    },
  }
}

function SlotView({ slot }: { slot: Slot }) {
  const buttons = slot.buttons.map((b) =>
    b === 'connect' ? (
      <ConnectButton
        key="connect"
        label={slot.label}
        showBalance={slot.showBalance ?? true}
        className={slot.className}
      />
    ) : (
      <NetworkButton key="network" className={slot.className} />
    ),
  )
  // Two buttons sit in one aligned row; one button is placed as is.
  return buttons.length > 1 ? <span className="portico-html-group">{buttons}</span> : buttons
}
