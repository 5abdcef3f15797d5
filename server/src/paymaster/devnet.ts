// The paymaster section `portico-server --devnet` derives from `.portico/devnet.json`
// when the devnet runs its bundlers (`portico-devnet start --bundler`).

interface DevnetAaState {
  services?: {
    evm?: {
      fixtures?: {
        accountAbstraction?: { entryPoint?: string; verifyingPaymaster?: string; paymasterSignerKey?: string }
      }
    }
    bundler?: { bundlers?: { chainId: number; url: string }[] }
  }
}

/**
 * A `paymaster` configuration for the local world: the devnet's paymaster key,
 * one entry per running bundler, and a policy sponsoring any call of the
 * default `local` project up to 0.05 ETH per account and 5 ETH per day.
 * Undefined when the devnet has no bundler or no ERC-4337 fixtures.
 */
export function devnetStatePaymaster(state: unknown): Record<string, unknown> | undefined {
  const s = (state as DevnetAaState | null)?.services
  const aa = s?.evm?.fixtures?.accountAbstraction
  const bundlers = s?.bundler?.bundlers ?? []
  if (!aa?.entryPoint || !aa.verifyingPaymaster || !aa.paymasterSignerKey || bundlers.length === 0)
    return undefined
  const chains = bundlers.map((b) => ({
    chainId: `eip155:${b.chainId}`,
    bundlerUrl: b.url,
    entryPoint: aa.entryPoint,
    paymaster: aa.verifyingPaymaster,
  }))
  return {
    signerKey: aa.paymasterSignerKey,
    chains,
    policies: [
      {
        projectId: 'local',
        chains: chains.map((c) => c.chainId),
        targets: 'any',
        perAccountPerDay: '0.05',
        perDay: '5',
      },
    ],
  }
}
