import type { EmbeddedWalletConfig } from './config.js'

/** Sends one login code. The SMTP transport is made on first use (nodemailer loads lazily). */
export interface CodeMailer {
  sendCode(to: string, code: string): Promise<void>
  close(): void
}

export function smtpMailer(config: EmbeddedWalletConfig): CodeMailer {
  let transport: import('nodemailer').Transporter | undefined
  const { smtp, appName } = config
  return {
    async sendCode(to, code) {
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
      const minutes = Math.round(config.codeTtlMs / 60_000)
      await transport.sendMail({
        from: smtp.from,
        to,
        subject: `${code} is your ${appName} login code`,
        text: `Your ${appName} login code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this mail: nobody can log in without the code.\n`,
      })
    },
    close() {
      transport?.close()
    },
  }
}
