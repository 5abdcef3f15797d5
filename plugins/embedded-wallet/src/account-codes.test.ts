import { describe, expect, it } from 'vitest'
import { parseEmailChangeEntered, parseExportEnded } from './account-protocol.js'
import { EmbeddedAccount } from './controller/account.js'
import type { FramePayload } from './protocol.js'

/** An EmbeddedAccount whose frame answers `answer` and records what it was asked and with which time-out. */
function withFrameAnswer(answer: unknown) {
  const asked: { payload: FramePayload; timeoutMs: number | null | undefined }[] = []
  const changed: string[] = []
  const account = new EmbeddedAccount({
    request: async (payload, opts) => {
      asked.push({ payload, timeoutMs: opts?.timeoutMs })
      return answer
    },
    emailChanged: (email) => changed.push(email),
  })
  return { account, asked, changed }
}

// Issue 29: the export code and both email-change codes are typed in the signer frame's own card.
// The dApp side only opens the card (no code in any request) and reads a checked outcome.
describe('export and email-change codes: typed in the frame, never on the page (dApp side)', () => {
  it('the email-change card answers the next stage, done or cancelled; nothing else is read', () => {
    expect(parseEmailChangeEntered({ stage: 'new', expiresAt: 6 }, 'old')).toEqual({
      stage: 'new',
      expiresAt: 6,
    })
    expect(parseEmailChangeEntered({ stage: 'done', email: 'n@b.co' }, 'old')).toEqual({
      stage: 'done',
      email: 'n@b.co',
    })
    expect(parseEmailChangeEntered({ stage: 'done', email: 'n@b.co' }, 'new')).toEqual({
      stage: 'done',
      email: 'n@b.co',
    })
    expect(parseEmailChangeEntered({ status: 'cancelled' }, 'new')).toEqual({ stage: 'cancelled' })
    // The same stage again, or back to the first, is no answer to a code card.
    expect(parseEmailChangeEntered({ stage: 'new', expiresAt: 6 }, 'new')).toBeUndefined()
    expect(parseEmailChangeEntered({ stage: 'old', expiresAt: 6 }, 'old')).toBeUndefined()
    expect(parseEmailChangeEntered({ stage: 'new', expiresAt: '6' }, 'old')).toBeUndefined()
    expect(parseEmailChangeEntered(null, 'old')).toBeUndefined()
  })

  it('opening the email-change card sends the stage only, untimed; done names the new email', async () => {
    const { account, asked, changed } = withFrameAnswer({
      stage: 'done',
      email: 'new@example.com',
      code: '1',
    })
    expect(await account.enterEmailChangeCode('new')).toEqual({ stage: 'done', email: 'new@example.com' })
    expect(asked).toEqual([{ payload: { type: 'email.change.enter', stage: 'new' }, timeoutMs: null }])
    expect(changed).toEqual(['new@example.com'])
  })

  it('a frame answer that is not a step of that stage is an invalid answer', async () => {
    const { account } = withFrameAnswer({ stage: 'new', expiresAt: 1 })
    await expect(account.enterEmailChangeCode('new')).rejects.toMatchObject({ code: 'INVALID_FRAME_ANSWER' })
  })

  it('refuses a stage that is not old or new before asking the frame', async () => {
    const { account, asked } = withFrameAnswer({ stage: 'done', email: 'a@b.co' })
    await expect(account.enterEmailChangeCode('done' as 'old')).rejects.toMatchObject({
      code: 'INVALID_STAGE',
    })
    expect(asked).toEqual([])
  })

  it('the export answer says shown or cancelled, never more; opening it sends no code', async () => {
    expect(parseExportEnded({ shown: true })).toBe('shown')
    expect(parseExportEnded({ status: 'cancelled' })).toBe('cancelled')
    expect(parseExportEnded({ shown: 'yes' })).toBeUndefined()
    expect(parseExportEnded(null)).toBeUndefined()
    const { account, asked } = withFrameAnswer({ shown: true, key: '0xabc' })
    expect(await account.enterExportCode()).toBe('shown')
    expect(asked).toEqual([{ payload: { type: 'export.enter' }, timeoutMs: null }])
    await expect(withFrameAnswer({ key: '0xabc' }).account.enterExportCode()).rejects.toMatchObject({
      code: 'INVALID_FRAME_ANSWER',
    })
  })
})
