import { cardStrings, type FrameLocale } from '../locale.js'

/**
 * The Farcaster card's texts (issue 29: the QR code and the link, which carry
 * the relay's channel token, are drawn in the frame, never on the dApp page),
 * in the frame's five locales. "Farcaster" is a brand name, the same in every
 * language.
 */
const en = {
  title: 'Log in with Farcaster',
  scan: 'Scan this code with your phone’s camera or your Farcaster app, then approve the sign-in.',
  qrLabel: 'QR code to log in with Farcaster',
  open: 'Open Farcaster on this device',
  copy: 'Copy link',
  copied: 'Copied',
  copyFailed: 'The link could not be copied. Use the QR code or open Farcaster on this device.',
  waiting: 'Waiting for your approval in Farcaster…',
  hint: 'This code is shown in the secure window: the site never sees it.',
  cancel: 'Cancel',
} as const

type Key = keyof typeof en
type Strings = Readonly<Record<Key, string>>

export const FARCASTER_CATALOGUE: Readonly<Record<FrameLocale, Strings>> = {
  en,
  es: {
    title: 'Iniciar sesión con Farcaster',
    scan: 'Escanea este código con la cámara del teléfono o con tu app de Farcaster y aprueba el inicio de sesión.',
    qrLabel: 'Código QR para iniciar sesión con Farcaster',
    open: 'Abrir Farcaster en este dispositivo',
    copy: 'Copiar enlace',
    copied: 'Copiado',
    copyFailed: 'No se pudo copiar el enlace. Usa el código QR o abre Farcaster en este dispositivo.',
    waiting: 'Esperando tu aprobación en Farcaster…',
    hint: 'Este código se muestra en la ventana segura: el sitio nunca lo ve.',
    cancel: 'Cancelar',
  },
  zh: {
    title: '使用 Farcaster 登录',
    scan: '用手机相机或 Farcaster 应用扫描此二维码，然后批准登录。',
    qrLabel: '用于 Farcaster 登录的二维码',
    open: '在此设备上打开 Farcaster',
    copy: '复制链接',
    copied: '已复制',
    copyFailed: '无法复制链接。请使用二维码，或在此设备上打开 Farcaster。',
    waiting: '正在等待你在 Farcaster 中批准…',
    hint: '此二维码显示在安全窗口中：网站永远看不到它。',
    cancel: '取消',
  },
  ja: {
    title: 'Farcaster でログイン',
    scan: 'スマートフォンのカメラか Farcaster アプリでこのコードを読み取り、ログインを承認してください。',
    qrLabel: 'Farcaster でログインするための QR コード',
    open: 'このデバイスで Farcaster を開く',
    copy: 'リンクをコピー',
    copied: 'コピーしました',
    copyFailed:
      'リンクをコピーできませんでした。QR コードを使うか、このデバイスで Farcaster を開いてください。',
    waiting: 'Farcaster での承認を待っています…',
    hint: 'このコードは安全なウィンドウに表示されています。サイトからは見えません。',
    cancel: 'キャンセル',
  },
  ar: {
    title: 'تسجيل الدخول باستخدام Farcaster',
    scan: 'امسح هذا الرمز بكاميرا هاتفك أو بتطبيق Farcaster، ثم وافق على تسجيل الدخول.',
    qrLabel: 'رمز QR لتسجيل الدخول باستخدام Farcaster',
    open: 'فتح Farcaster على هذا الجهاز',
    copy: 'نسخ الرابط',
    copied: 'تم النسخ',
    copyFailed: 'تعذّر نسخ الرابط. استخدم رمز QR أو افتح Farcaster على هذا الجهاز.',
    waiting: 'في انتظار موافقتك في Farcaster…',
    hint: 'يُعرض هذا الرمز في النافذة الآمنة: لا يراه الموقع أبدًا.',
    cancel: 'إلغاء',
  },
}

/** A Farcaster-card string in the frame's locale, placeholders filled (values are text, never HTML). */
export const fct = cardStrings(FARCASTER_CATALOGUE)
