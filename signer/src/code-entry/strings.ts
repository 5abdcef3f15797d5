import { cardStrings, type FrameLocale } from '../locale.js'

/**
 * The code card's texts (the login code, the export code, the two email-change codes) (issue 29: the code is typed in the frame, never
 * on the dApp page), in the frame's five locales. The cool-down text the
 * gateway answers ("Please try again after N seconds", SPEC §8) is shown as it
 * comes: SPEC's texts stay English, word for word.
 */
const en = {
  title: 'Confirm email',
  intro: 'Enter the 6-digit code sent to {email}',
  label: 'Login code',
  hint: 'The code expires in 10 minutes. Type it here, in the secure window: the site never sees it.',
  verify: 'Verify',
  verifying: 'Verifying…',
  resend: 'Resend code',
  resendIn: 'Resend code in {seconds} s',
  resent: 'A new code is on its way.',
  cancel: 'Cancel',
  sixDigits: 'Enter the 6 digits of the code.',
  exportTitle: 'Export private key',
  exportLabel: 'Export code',
  changeTitle: 'Update email',
  changeOldIntro: 'Enter the 6-digit code sent to your current address, {email}',
  changeNewIntro: 'Enter the 6-digit code sent to your new address, {email}',
  changeLabel: 'Confirmation code',
} as const

type Key = keyof typeof en
type Strings = Readonly<Record<Key, string>>

export const CODE_CATALOGUE: Readonly<Record<FrameLocale, Strings>> = {
  en,
  es: {
    title: 'Confirma tu correo',
    intro: 'Introduce el código de 6 dígitos enviado a {email}',
    label: 'Código de acceso',
    hint: 'El código caduca en 10 minutos. Escríbelo aquí, en la ventana segura: el sitio nunca lo ve.',
    verify: 'Verificar',
    verifying: 'Verificando…',
    resend: 'Reenviar código',
    resendIn: 'Reenviar código en {seconds} s',
    resent: 'Un código nuevo va en camino.',
    cancel: 'Cancelar',
    sixDigits: 'Introduce los 6 dígitos del código.',
    exportTitle: 'Exportar clave privada',
    exportLabel: 'Código de exportación',
    changeTitle: 'Actualizar correo',
    changeOldIntro: 'Introduce el código de 6 dígitos enviado a tu dirección actual, {email}',
    changeNewIntro: 'Introduce el código de 6 dígitos enviado a tu nueva dirección, {email}',
    changeLabel: 'Código de confirmación',
  },
  zh: {
    title: '确认电子邮件',
    intro: '请输入发送至 {email} 的 6 位验证码',
    label: '登录验证码',
    hint: '验证码 10 分钟后失效。请在此安全窗口中输入：网站永远看不到它。',
    verify: '验证',
    verifying: '正在验证…',
    resend: '重新发送验证码',
    resendIn: '{seconds} 秒后可重新发送',
    resent: '新的验证码已发出。',
    cancel: '取消',
    sixDigits: '请输入验证码的 6 位数字。',
    exportTitle: '导出私钥',
    exportLabel: '导出验证码',
    changeTitle: '更新电子邮件',
    changeOldIntro: '请输入发送至您当前地址 {email} 的 6 位验证码',
    changeNewIntro: '请输入发送至您新地址 {email} 的 6 位验证码',
    changeLabel: '确认码',
  },
  ja: {
    title: 'メールアドレスの確認',
    intro: '{email} に送信された 6 桁のコードを入力してください',
    label: 'ログインコード',
    hint: 'コードの有効期限は 10 分です。この安全なウィンドウに入力してください。サイトからは見えません。',
    verify: '確認',
    verifying: '確認中…',
    resend: 'コードを再送信',
    resendIn: '{seconds} 秒後に再送信できます',
    resent: '新しいコードを送信しました。',
    cancel: 'キャンセル',
    sixDigits: 'コードの 6 桁を入力してください。',
    exportTitle: '秘密鍵のエクスポート',
    exportLabel: 'エクスポートコード',
    changeTitle: 'メールアドレスの更新',
    changeOldIntro: '現在のアドレス {email} に送信された 6 桁のコードを入力してください',
    changeNewIntro: '新しいアドレス {email} に送信された 6 桁のコードを入力してください',
    changeLabel: '確認コード',
  },
  ar: {
    title: 'تأكيد البريد الإلكتروني',
    intro: 'أدخل الرمز المكوّن من 6 أرقام المرسل إلى {email}',
    label: 'رمز تسجيل الدخول',
    hint: 'تنتهي صلاحية الرمز بعد 10 دقائق. اكتبه هنا، في النافذة الآمنة: لا يراه الموقع أبدًا.',
    verify: 'تحقّق',
    verifying: 'جارٍ التحقق…',
    resend: 'إعادة إرسال الرمز',
    resendIn: 'إعادة إرسال الرمز بعد {seconds} ث',
    resent: 'رمز جديد في الطريق.',
    cancel: 'إلغاء',
    sixDigits: 'أدخل أرقام الرمز الستة.',
    exportTitle: 'تصدير المفتاح الخاص',
    exportLabel: 'رمز التصدير',
    changeTitle: 'تحديث البريد الإلكتروني',
    changeOldIntro: 'أدخل الرمز المكوّن من 6 أرقام المرسل إلى عنوانك الحالي {email}',
    changeNewIntro: 'أدخل الرمز المكوّن من 6 أرقام المرسل إلى عنوانك الجديد {email}',
    changeLabel: 'رمز التأكيد',
  },
}

/** A code-card string in the frame's locale, placeholders filled (values are text, never HTML). */
export const ct = cardStrings(CODE_CATALOGUE)
