import { describe, expect, it } from 'vitest'
import { parseEmailChangeResent } from './account-protocol.js'
import { EmbeddedAccount } from './controller/account.js'
import type { FramePayload } from './protocol.js'

/** An EmbeddedAccount whose frame answers `answer` and records what it was asked. */
function withFrameAnswer(answer: unknown) {
  const asked: FramePayload[] = []
  const account = new EmbeddedAccount({
    request: async (payload) => {
      asked.push(payload)
      return answer
    },
    emailChanged: () => {},
  })
  return { account, asked }
}

// Issue 14 Update email, "Send a new code": the dApp side asks for the stage the view shows and
// reads only an answer for that same stage (the frame and the gateway check their own side).
describe('Update email "Send a new code", dApp side', () => {
  it('a resend answer is the same stage with the new code expiry; a finished change or the other stage is not one', () => {
    expect(parseEmailChangeResent({ stage: 'old', expiresAt: 5 }, 'old')).toEqual({
      stage: 'old',
      expiresAt: 5,
    })
    expect(parseEmailChangeResent({ stage: 'new', expiresAt: 6 }, 'new')).toEqual({
      stage: 'new',
      expiresAt: 6,
    })
    expect(parseEmailChangeResent({ stage: 'new', expiresAt: 6 }, 'old')).toBeUndefined()
    expect(parseEmailChangeResent({ stage: 'done', email: 'a@b.co' }, 'new')).toBeUndefined()
    expect(parseEmailChangeResent({ stage: 'old', expiresAt: '5' }, 'old')).toBeUndefined()
    expect(parseEmailChangeResent(null, 'old')).toBeUndefined()
  })

  it('asks the frame for the stage the view shows and returns its checked answer', async () => {
    const { account, asked } = withFrameAnswer({ stage: 'new', expiresAt: 1_900_000_000_000, extra: 'x' })
    expect(await account.resendEmailChangeCode('new')).toEqual({ stage: 'new', expiresAt: 1_900_000_000_000 })
    expect(asked).toEqual([{ type: 'email.change.resend', stage: 'new' }])
  })

  it('refuses a frame answer for another stage as an invalid answer', async () => {
    const { account } = withFrameAnswer({ stage: 'new', expiresAt: 1 })
    await expect(account.resendEmailChangeCode('old')).rejects.toMatchObject({ code: 'INVALID_FRAME_ANSWER' })
  })

  it('refuses a stage that is not old or new before asking the frame', async () => {
    const { account, asked } = withFrameAnswer({ stage: 'old', expiresAt: 1 })
    await expect(account.resendEmailChangeCode('done' as 'old')).rejects.toMatchObject({
      code: 'INVALID_STAGE',
    })
    expect(asked).toEqual([])
  })
})
