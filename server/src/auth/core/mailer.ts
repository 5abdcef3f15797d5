import type { EmbeddedWalletConfig } from '../config.js'

/** What a mailed code is for: the subject and body say so, so a visitor can tell a login from an export. */
export type CodePurpose = 'login' | 'email-change' | 'export'

/** Sends one login code (or a device-approval link). The SMTP transport is made on first use (nodemailer loads lazily). */
export interface CodeMailer {
  sendCode(to: string, code: string, purpose?: CodePurpose): Promise<void>
  /** Mails the one-time link that approves a new device (issue 14, EmailVerifyDevice). */
  sendDeviceLink?(to: string, url: string, ttlMs: number): Promise<void>
  /** Tells the old address that the account's email changed (issue 29). */
  sendEmailChanged?(to: string, newEmail: string): Promise<void>
  close(): void
}

/** `ada@example.com` → `a**@example.com`: enough to recognise, not enough to hand to a stranger. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}${'*'.repeat(Math.max(2, at - 1))}${email.slice(at)}`
}

export function smtpMailer(config: EmbeddedWalletConfig): CodeMailer {
  let transport: import('nodemailer').Transporter | undefined
  const { smtp, appName } = config
  const open = async () => {
    if (!transport) {
      const nodemailer = await import('nodemailer')
      transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    }
    return transport
  }
  return {
    async sendCode(to, code, purpose = 'login') {
      const minutes = Math.round(config.codeTtlMs / 60_000)
      const what =
        purpose === 'export'
          ? { subject: 'code to export your private key', body: 'code to export your private key' }
          : purpose === 'email-change'
            ? { subject: 'code to change your email', body: 'code to change the email of your wallet' }
            : { subject: 'login code', body: 'login code' }
      await (await open()).sendMail({
        from: smtp.from,
        to,
        subject: `${code} is your ${appName} ${what.subject}`,
        text: `Your ${appName} ${what.body} is ${code}.\n\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this mail: nothing happens without the code.\n`,
      })
    },
    async sendDeviceLink(to, url, ttlMs) {
      const minutes = Math.round(ttlMs / 60_000)
      await (await open()).sendMail({
        from: smtp.from,
        to,
        subject: `Approve a new device for ${appName}`,
        text: `Someone (you, we hope) logged in to your ${appName} wallet from a new device.\n\nTo approve this device, open:\n${url}\n\nThe link works once and expires in ${minutes} minutes. If it was not you, ignore this mail: the device stays locked out.\n`,
      })
    },
    async sendEmailChanged(to, newEmail) {
      await (await open()).sendMail({
        from: smtp.from,
        to,
        subject: `The email of your ${appName} wallet was changed`,
        text: `The email of your ${appName} wallet was changed from this address to ${maskEmail(newEmail)}, and every other session of the wallet was logged out.\n\nIf this was not you, contact the site where you use the wallet at once.\n`,
      })
    },
    close() {
      transport?.close()
    },
  }
}
