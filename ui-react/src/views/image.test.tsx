import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from '../buttons/index.js'
import { createTestPortico } from '../test-helpers/portico.js'
import { type Rendered, render } from '../test-helpers/render.js'
import { Avatar } from './identity.js'
import { WalletIcon } from './parts.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='

/** What a page's CSP `img-src` (or a dead URL) does to an <img>: an `error` event. */
async function failToLoad(img: Element | null) {
  if (!img) throw new Error('no <img>')
  await act(async () => {
    img.dispatchEvent(new Event('error'))
  })
}

describe('an untrusted image that fails to load falls back to its letter/placeholder, never a broken image', () => {
  it('WalletIcon: a blocked data: icon becomes the wallet’s first letter', async () => {
    const t = await createTestPortico()
    rendered = await render(
      t.portico,
      <WalletIcon connector={{ name: 'portico Dev Wallet', imageUrl: ICON }} />,
    )
    const img = rendered.container.querySelector('img.wallet-icon')
    expect(img?.getAttribute('src')).toBe(ICON)
    await failToLoad(img)
    expect(rendered.container.querySelector('img')).toBeNull()
    const letter = rendered.container.querySelector('span.wallet-icon')
    expect(letter?.textContent).toBe('P')
    expect(letter?.getAttribute('aria-hidden')).toBe('true')
  })

  it('WalletIcon: a new icon URL gets a new try', async () => {
    const t = await createTestPortico()
    rendered = await render(t.portico, <WalletIcon connector={{ name: 'W', imageUrl: ICON }} />)
    await failToLoad(rendered.container.querySelector('img'))
    expect(rendered.container.querySelector('img')).toBeNull()
    const other = 'https://wallet.example/icon.png'
    await act(async () => rendered!.root.render(<WalletIcon connector={{ name: 'W', imageUrl: other }} />))
    expect(rendered.container.querySelector('img')?.getAttribute('src')).toBe(other)
  })

  it('Avatar: a profile image that fails shows the address gradient', async () => {
    const t = await createTestPortico()
    rendered = await render(t.portico, <Avatar address="0xabc" image="https://avatars.example/a.png" />)
    await failToLoad(rendered.container.querySelector('img.avatar'))
    expect(rendered.container.querySelector('img')).toBeNull()
    expect(rendered.container.querySelector('span.avatar')?.getAttribute('data-variant')).toMatch(/^[0-7]$/)
  })

  it('ConnectButton: a profile image that fails shows the address gradient', async () => {
    const t = await createTestPortico()
    await t.connect()
    await act(async () => t.updateAccount({ profileImage: 'https://avatars.example/me.png' }))
    rendered = await render(t.portico, <ConnectButton />)
    await failToLoad(rendered.container.querySelector('img.portico-button-avatar'))
    expect(rendered.container.querySelector('img')).toBeNull()
    expect(rendered.container.querySelector('span.portico-button-avatar')).not.toBeNull()
  })
})
