import { defineCatalogue } from '@portico/react'

const en = {
  emailLabel: 'Email',
  emailPlaceholder: 'Email',
  continue: 'Continue',
  sending: 'Sending code…',
  /** SPEC §5: the email rule; the field says why it refused. */
  invalidEmail: 'Enter a valid email address',
  otpTitle: 'Confirm email',
  otpIntro: 'Enter the 6-digit code sent to',
  otpLabel: 'Login code',
  otpHint: 'The code expires in 10 minutes.',
  verifying: 'Verifying…',
  connecting: 'Creating your wallet…',
  resend: 'Resend code',
  resendIn: 'Resend code in {seconds} s',
  resent: 'A new code is on its way.',
  approveInFrame: 'Approve the request in the secure window.',
  custody:
    'Your key is split: one part stays in this browser, one on the site’s gateway. Neither the site nor the gateway can sign alone.',
  socialLabel: 'Log in with',
  continueWith: 'Continue with {provider}',
  socialMore: 'More',
  socialWaiting: 'Waiting for the login window…',
  socialClosed: 'The login window was closed. Choose a way to log in.',
  socialBlocked: 'The login window was blocked. Allow pop-ups for this site and try again.',
} as const

/**
 * The embedded wallet views' strings (catalogue id `embeddedWallet`): English
 * plus es, zh (Simplified), ja, ar. SPEC §8 texts (time-outs, the cool-down's
 * "Please try again after N seconds") stay in the core's errors, word for word.
 * Hosts override or add locales with
 * `<PorticoProvider messages={{ de: { 'embeddedWallet.continue': 'Weiter' } }}>`.
 */
export const embeddedWalletStrings = defineCatalogue('embeddedWallet', en, {
  es: {
    emailLabel: 'Correo electrónico',
    emailPlaceholder: 'Correo electrónico',
    continue: 'Continuar',
    sending: 'Enviando código…',
    invalidEmail: 'Introduce un correo electrónico válido',
    otpTitle: 'Confirma tu correo',
    otpIntro: 'Introduce el código de 6 dígitos enviado a',
    otpLabel: 'Código de acceso',
    otpHint: 'El código caduca en 10 minutos.',
    verifying: 'Verificando…',
    connecting: 'Creando tu billetera…',
    resend: 'Reenviar código',
    resendIn: 'Reenviar código en {seconds} s',
    resent: 'Un código nuevo va en camino.',
    approveInFrame: 'Aprueba la solicitud en la ventana segura.',
    custody:
      'Tu clave está dividida: una parte se queda en este navegador y otra en el gateway del sitio. Ni el sitio ni el gateway pueden firmar solos.',
    socialLabel: 'Iniciar sesión con',
    continueWith: 'Continuar con {provider}',
    socialMore: 'Más',
    socialWaiting: 'Esperando la ventana de inicio de sesión…',
    socialClosed: 'Se cerró la ventana de inicio de sesión. Elige cómo iniciar sesión.',
    socialBlocked:
      'Se bloqueó la ventana de inicio de sesión. Permite las ventanas emergentes de este sitio e inténtalo de nuevo.',
  },
  zh: {
    emailLabel: '电子邮件',
    emailPlaceholder: '电子邮件',
    continue: '继续',
    sending: '正在发送验证码…',
    invalidEmail: '请输入有效的电子邮件地址',
    otpTitle: '确认电子邮件',
    otpIntro: '请输入发送至以下地址的 6 位验证码',
    otpLabel: '登录验证码',
    otpHint: '验证码 10 分钟后失效。',
    verifying: '正在验证…',
    connecting: '正在创建您的钱包…',
    resend: '重新发送验证码',
    resendIn: '{seconds} 秒后可重新发送',
    resent: '新的验证码已发出。',
    approveInFrame: '请在安全窗口中批准该请求。',
    custody: '您的密钥被拆分：一部分保存在此浏览器中，一部分保存在网站的网关上。网站和网关都无法单独签名。',
    socialLabel: '登录方式',
    continueWith: '使用 {provider} 继续',
    socialMore: '更多',
    socialWaiting: '正在等待登录窗口…',
    socialClosed: '登录窗口已关闭。请选择一种登录方式。',
    socialBlocked: '登录窗口被拦截。请允许此网站的弹出窗口，然后重试。',
  },
  ja: {
    emailLabel: 'メールアドレス',
    emailPlaceholder: 'メールアドレス',
    continue: '続ける',
    sending: 'コードを送信中…',
    invalidEmail: '有効なメールアドレスを入力してください',
    otpTitle: 'メールアドレスの確認',
    otpIntro: '次のアドレスに送信された 6 桁のコードを入力してください',
    otpLabel: 'ログインコード',
    otpHint: 'コードの有効期限は 10 分です。',
    verifying: '確認中…',
    connecting: 'ウォレットを作成中…',
    resend: 'コードを再送信',
    resendIn: '{seconds} 秒後に再送信できます',
    resent: '新しいコードを送信しました。',
    approveInFrame: '安全なウィンドウでリクエストを承認してください。',
    custody:
      '鍵は分割されています。一部はこのブラウザに、一部はサイトのゲートウェイにあります。サイトもゲートウェイも単独では署名できません。',
    socialLabel: 'ログイン方法',
    continueWith: '{provider} で続行',
    socialMore: 'その他',
    socialWaiting: 'ログインウィンドウを待っています…',
    socialClosed: 'ログインウィンドウが閉じられました。ログイン方法を選んでください。',
    socialBlocked:
      'ログインウィンドウがブロックされました。このサイトのポップアップを許可して、もう一度お試しください。',
  },
  ar: {
    emailLabel: 'البريد الإلكتروني',
    emailPlaceholder: 'البريد الإلكتروني',
    continue: 'متابعة',
    sending: 'جارٍ إرسال الرمز…',
    invalidEmail: 'أدخل عنوان بريد إلكتروني صالحًا',
    otpTitle: 'تأكيد البريد الإلكتروني',
    otpIntro: 'أدخل الرمز المكوّن من 6 أرقام المرسل إلى',
    otpLabel: 'رمز الدخول',
    otpHint: 'تنتهي صلاحية الرمز بعد 10 دقائق.',
    verifying: 'جارٍ التحقق…',
    connecting: 'جارٍ إنشاء محفظتك…',
    resend: 'إعادة إرسال الرمز',
    resendIn: 'إعادة إرسال الرمز بعد {seconds} ث',
    resent: 'رمز جديد في الطريق إليك.',
    approveInFrame: 'وافق على الطلب في النافذة الآمنة.',
    custody:
      'مفتاحك مقسّم: جزء يبقى في هذا المتصفح وجزء على بوابة الموقع. لا يستطيع الموقع ولا البوابة التوقيع بمفرده.',
    socialLabel: 'تسجيل الدخول باستخدام',
    continueWith: 'المتابعة باستخدام {provider}',
    socialMore: 'المزيد',
    socialWaiting: 'في انتظار نافذة تسجيل الدخول…',
    socialClosed: 'أُغلقت نافذة تسجيل الدخول. اختر طريقة لتسجيل الدخول.',
    socialBlocked: 'حُظرت نافذة تسجيل الدخول. اسمح بالنوافذ المنبثقة لهذا الموقع ثم حاول مرة أخرى.',
  },
})

export type EmbeddedWalletStrings = typeof en
export type EmbeddedWalletStringKey = keyof EmbeddedWalletStrings
