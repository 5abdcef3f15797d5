import type { FastifyRequest } from 'fastify'
import Type from 'typebox'
import type { App } from '../http/app.js'
import { ApiError } from '../http/errors.js'
import { isLoopback, sameSecret } from '../http/guard.js'
import { ErrorBody, sdkParams } from '../http/schemas.js'
import type { PaymentService } from './service.js'

const PAYMENT_ID = Type.String({ pattern: '^pay_[0-9a-f]{32}$' })

/** The body of `POST /v1/payments`. */
export const CreatePaymentBody = Type.Object(
  {
    /** CAIP-2 id of an EVM, Solana or Bitcoin network the gateway reads (`eip155:31337`). */
    network: Type.String({ pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' }),
    /** An address of that network (checked by the network: checksum, HRP, length). */
    recipient: Type.String({ pattern: '^[A-Za-z0-9]{20,100}$' }),
    /** `native`, a configured token's contract address / mint, or its symbol (`USDC`). */
    asset: Type.String({ pattern: '^[A-Za-z0-9.]{1,64}$' }),
    /** Decimal amount in the asset's units: `"12.5"`. */
    amount: Type.String({ pattern: '^[0-9]{1,30}(\\.[0-9]{1,36})?$' }),
    /** The site's own id of what is paid for (an order id): the same reference gives the same payment. */
    reference: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,128}$' })),
    /** Blocks the transaction must be under (1: mined) before the payment is `paid`. */
    confirmations: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    projectId: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
)

/** A payment as the gateway answers it (`POST /v1/payments`, `GET /v1/payments/{id}`). */
export const PaymentSchema = Type.Object({
  id: PAYMENT_ID,
  reference: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('confirming'), Type.Literal('paid')]),
  network: Type.String(),
  recipient: Type.String(),
  asset: Type.Object({ id: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  amount: Type.String(),
  amountBaseUnits: Type.String(),
  confirmationsRequired: Type.Integer(),
  transaction: Type.Union([
    Type.Null(),
    Type.Object({
      hash: Type.String(),
      from: Type.Union([Type.String(), Type.Null()]),
      paid: Type.String(),
      paidBaseUnits: Type.Union([Type.String(), Type.Null()]),
      blockNumber: Type.Union([Type.Integer(), Type.Null()]),
      /** Counted now from the chain head: 1 when its block is the head. */
      confirmations: Type.Integer(),
    }),
  ]),
  created: Type.String(),
  settled: Type.Union([Type.String(), Type.Null()]),
})

/**
 * Creating a payment names a recipient and an amount: only the site's back end may, with the
 * project secret as a bearer token. A project without a secret creates none, except from a
 * loopback peer of a gateway in `dev` mode (the local world).
 */
function requireSecret(request: FastifyRequest, dev: boolean) {
  const project = request.project!
  const auth = request.headers.authorization
  if (project.secret) {
    if (auth !== undefined && sameSecret(auth, `Bearer ${project.secret}`)) return
    throw new ApiError(401, 'invalid_secret', 'Unauthorized: creating a payment needs the project secret')
  }
  if (dev && isLoopback(request.socket.remoteAddress)) return
  throw new ApiError(
    403,
    'secret_required',
    'Creating payments needs a project secret (projects[].secret), sent by the site back end',
  )
}

/**
 * `POST /v1/payments` (the site's back end creates a payment), `GET /v1/payments/{id}` (anyone
 * with the project id reads it, re-read from the chain) and `POST /v1/payments/{id}/transactions`
 * (the browser reports the hash it sent; the gateway checks it on the chain).
 */
export function registerPaymentRoutes(app: App, payments: PaymentService, options: { dev: boolean }) {
  app.post(
    '/v1/payments',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object(sdkParams),
        body: CreatePaymentBody,
        response: { 200: PaymentSchema, 201: PaymentSchema, '4xx': ErrorBody, '5xx': ErrorBody },
      },
    },
    async (request, reply) => {
      requireSecret(request, options.dev)
      const { projectId: _, ...input } = request.body
      const { payment, created } = await payments.create(request.project!.id, input)
      // A replay answers the payment as it stands now (maybe paid already).
      const current = created ? { ...payment, currentConfirmations: 0 } : await payments.refresh(payment)
      return reply.code(created ? 201 : 200).send(payments.view(current, current.currentConfirmations))
    },
  )

  app.get(
    '/v1/payments/:id',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ id: PAYMENT_ID }),
        querystring: Type.Object(sdkParams),
        response: { 200: PaymentSchema, '4xx': ErrorBody, '5xx': ErrorBody },
      },
    },
    async (request) => {
      const p = await payments.refresh(await payments.get(request.project!.id, request.params.id))
      return payments.view(p, p.currentConfirmations)
    },
  )

  app.post(
    '/v1/payments/:id/transactions',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ id: PAYMENT_ID }),
        querystring: Type.Object(sdkParams),
        body: Type.Object(
          {
            /** An EVM hash (`0x…`), a Bitcoin txid (64 hex) or a Solana signature (base58). */
            txHash: Type.String({ pattern: '^[0-9A-Za-z]{64,90}$' }),
            projectId: Type.Optional(Type.String({ maxLength: 128 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: PaymentSchema, '4xx': ErrorBody, '5xx': ErrorBody },
      },
    },
    async (request) => {
      const submitted = await payments.submit(request.project!.id, request.params.id, request.body.txHash)
      const p = await payments.refresh(submitted)
      return payments.view(p, p.currentConfirmations)
    },
  )
}
