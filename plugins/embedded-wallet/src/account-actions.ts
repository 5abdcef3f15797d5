import type { AccountState, PluginContext } from '@portico/core'

/** An account of an email login through this plugin's connector (a social login has no email to change or re-prove). */
export const isEmailLoginAccount = (account: Readonly<Partial<AccountState>>): boolean =>
  account.connectorId === 'embeddedWallet' &&
  typeof account.user?.email === 'string' &&
  !account.socialProvider

/**
 * Issue 14's screens besides login: EmailVerifyDevice (after a code, on a
 * new device) and two Account actions of an email login, Update email and
 * Export private key. Labels are plain data in every shipped locale, so the
 * registration loads no UI code; the views are lazy chunks.
 */
export function registerAccountViews(ctx: Pick<PluginContext, 'registerView' | 'registerAccountAction'>) {
  ctx.registerView('EmailVerifyDevice', () => import('./react/EmailVerifyDevice.js'))
  ctx.registerView('UpdateEmailWallet', () => import('./react/account/UpdateEmail.js'))
  ctx.registerView('ExportPrivateKey', () => import('./react/account/ExportKey.js'))
  ctx.registerAccountAction({
    id: 'embedded-update-email',
    label: 'Update email',
    labels: {
      es: 'Cambiar correo electrónico',
      zh: '更改电子邮件',
      ja: 'メールアドレスを変更',
      ar: 'تغيير البريد الإلكتروني',
    },
    view: 'UpdateEmailWallet',
    namespaces: ['eip155'],
    when: isEmailLoginAccount,
  })
  ctx.registerAccountAction({
    id: 'embedded-export-key',
    label: 'Export private key',
    labels: {
      es: 'Exportar clave privada',
      zh: '导出私钥',
      ja: '秘密鍵をエクスポート',
      ar: 'تصدير المفتاح الخاص',
    },
    view: 'ExportPrivateKey',
    namespaces: ['eip155'],
    when: isEmailLoginAccount,
  })
}
