import Type, { type Static } from 'typebox'

const Endpoint = Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 512 })

/**
 * `embeddedWallet.farcaster`: Sign In With Farcaster. Off unless set. The
 * relay carries the request to the visitor's Farcaster app and back (it is
 * not trusted: every answer is schema-checked and the signed message
 * verified here); the ID registry says which fid a custody address owns.
 * Farcaster's registry lives on OP Mainnet (the message says Chain ID 10);
 * the devnet points `registry` at its anvil copy.
 */
export const FarcasterConfigSchema = Type.Object(
  {
    /** Base URL of the relay (`POST /v1/channel`, `GET /v1/channel/status`). */
    relayUrl: Endpoint,
    registry: Type.Object(
      {
        /** JSON-RPC URL of the chain that holds the ID registry (OP Mainnet in production). */
        rpcUrl: Endpoint,
        /** The ID registry contract (`idOf(address) → uint256`). */
        address: Type.String({
          pattern: '^0x[0-9a-fA-F]{40}$',
          default: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
        }),
      },
      { additionalProperties: false },
    ),
    /** A sign-in must be approved within this; the gateway forgets the channel after it. */
    channelTtlMs: Type.Integer({ minimum: 10_000, maximum: 3_600_000, default: 300_000 }),
  },
  { additionalProperties: false },
)
export type FarcasterConfig = Static<typeof FarcasterConfigSchema>
