import { ConnectButton, NetworkButton, PorticoModal, PorticoProvider } from '@portico/react'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { type Address, erc20Abi, formatUnits, isAddress, parseUnits } from 'viem'
import {
  useBalance,
  useConnection,
  useDisconnect,
  useReadContract,
  useSwitchChain,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi'
import type { ExampleWorld } from './setup.js'

/** Dev account #1 of the devnet mnemonic: the default recipient. */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export function App({ world }: { world: ExampleWorld }) {
  return (
    <PorticoProvider portico={world.portico}>
      <header className="nav">
        <strong>Portico + wagmi</strong>
        <div className="nav-actions">
          <NetworkButton />
          <ConnectButton />
        </div>
      </header>
      <main className="page">
        <p className="lead">
          Visitors connect with Portico's modal; the app below only uses wagmi hooks, through{' '}
          <code>porticoConnector</code>.
        </p>
        <div className="grid">
          <WagmiAccount world={world} />
          <UsdcTransfer world={world} />
        </div>
      </main>
      <PorticoModal />
    </PorticoProvider>
  )
}

function WagmiAccount({ world }: { world: ExampleWorld }) {
  const { status, address, chainId, chain, connector } = useConnection()
  const balance = useBalance({ address })
  const usdc = useUsdcBalance(world, address)
  const { switchChain, isPending: switching, error: switchError } = useSwitchChain()
  const { disconnect } = useDisconnect()
  const other = world.config.chains.find((c) => c.id !== chainId)
  return (
    <section className="card" data-testid="wagmi-account" aria-labelledby="wagmi-account-title">
      <h2 id="wagmi-account-title">useConnection · useBalance</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain">{chainId ? (chain?.name ?? 'Unknown chain') : '—'}</dd>
        <dt>Chain id</dt>
        <dd data-testid="wagmi-chain-id">{chainId ?? '—'}</dd>
        <dt>Connector</dt>
        <dd>{connector?.name ?? '—'}</dd>
        <dt>ETH</dt>
        <dd data-testid="wagmi-eth">
          {!address
            ? '—'
            : balance.isPending
              ? 'Loading…'
              : balance.error
                ? `Could not read the balance: ${shortError(balance.error)}`
                : `${formatUnits(balance.data.value, balance.data.decimals)} ${balance.data.symbol}`}
        </dd>
        <dt>USDC</dt>
        <dd data-testid="wagmi-usdc">{usdc.label}</dd>
      </dl>
      {status === 'connected' ? (
        <div className="row">
          {other ? (
            <button type="button" disabled={switching} onClick={() => switchChain({ chainId: other.id })}>
              {switching ? 'Switching…' : `Switch to ${other.name} (wagmi)`}
            </button>
          ) : null}
          <button type="button" onClick={() => disconnect()}>
            Disconnect (wagmi)
          </button>
        </div>
      ) : (
        <p className="muted">Connect with the button at the top right.</p>
      )}
      {switchError ? (
        <p className="error" role="alert">
          {shortError(switchError)}
        </p>
      ) : null}
    </section>
  )
}

function useUsdcBalance(world: ExampleWorld, address: Address | undefined) {
  const token = world.usdc
  const read = useReadContract({
    address: token?.address as Address | undefined,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address && token) },
  })
  const label = !token
    ? 'No USDC on this devnet'
    : !address
      ? '—'
      : read.isPending
        ? 'Loading…'
        : read.error
          ? `Could not read the balance: ${shortError(read.error)}`
          : `${formatUnits(read.data as bigint, token.decimals)} USDC`
  return { label }
}

function UsdcTransfer({ world }: { world: ExampleWorld }) {
  const { status } = useConnection()
  const [to, setTo] = useState(RECIPIENT)
  const [amount, setAmount] = useState('1')
  const [invalid, setInvalid] = useState<string | undefined>()
  const write = useWriteContract()
  const receipt = useWaitForTransactionReceipt({ hash: write.data })
  const queryClient = useQueryClient()
  const token = world.usdc
  // Once mined, every balance on the page is stale (USDC moved, gas was paid): read them again.
  useEffect(() => {
    if (receipt.data) void queryClient.invalidateQueries()
  }, [receipt.data, queryClient])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!token) return
    if (!isAddress(to)) return setInvalid('Enter a 0x address for the recipient.')
    let value: bigint
    try {
      value = parseUnits(amount.trim(), token.decimals)
    } catch {
      return setInvalid(`Enter an amount in USDC with at most ${token.decimals} decimals.`)
    }
    if (value <= 0n || !/^\d+(\.\d+)?$/.test(amount.trim())) return setInvalid('Enter an amount above 0.')
    setInvalid(undefined)
    write.writeContract({
      address: token.address as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, value],
    })
  }

  const step = write.isPending
    ? 'Confirm in your wallet…'
    : write.error
      ? undefined
      : write.data && receipt.isPending
        ? 'Waiting for the block…'
        : receipt.data
          ? receipt.data.status === 'success'
            ? `Confirmed in block ${receipt.data.blockNumber}`
            : `Reverted in block ${receipt.data.blockNumber}`
          : undefined

  return (
    <section className="card" aria-labelledby="transfer-title">
      <h2 id="transfer-title">useWriteContract · USDC transfer</h2>
      <form onSubmit={submit}>
        <label>
          Recipient
          <input value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} />
        </label>
        <label>
          Amount (USDC)
          <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
        </label>
        <button type="submit" disabled={status !== 'connected' || !token || write.isPending}>
          Send USDC with wagmi
        </button>
      </form>
      {invalid ? (
        <p className="error" role="alert">
          {invalid}
        </p>
      ) : null}
      {step ? (
        <p role="status" data-testid="transfer-status">
          {step}
        </p>
      ) : null}
      {write.data ? (
        <p className="mono" data-testid="transfer-hash">
          {write.data}
        </p>
      ) : null}
      {write.error ? (
        <p className="error" role="alert" data-testid="transfer-error">
          {shortError(write.error)}
        </p>
      ) : null}
      {receipt.error ? (
        <p className="error" role="alert">
          Could not read the receipt: {shortError(receipt.error)}
        </p>
      ) : null}
    </section>
  )
}

function shortError(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string }
  return e.shortMessage ?? e.message ?? String(error)
}

/** Shown when `/devnet.json` could not be read. */
export function DevnetMissing({ error }: { error: unknown }) {
  return (
    <main className="page">
      <h1>Portico + wagmi</h1>
      <p className="error" role="alert">
        {shortError(error)}
      </p>
    </main>
  )
}
