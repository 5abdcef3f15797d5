import { defineCatalogue } from '@portico/react'

const en = {
  button: 'Continue with Farcaster',
  title: 'Log in with Farcaster',
  inFrame: 'Scan the QR code in the secure window, or open Farcaster from there, then approve the sign-in.',
  starting: 'Preparing the sign-in…',
  waiting: 'Waiting for your approval in Farcaster…',
  connecting: 'Creating your wallet…',
  expired: 'This sign-in has expired. Start a new one.',
  refused: 'Farcaster sign-in was refused: the approval did not check out.',
  failed: 'The sign-in could not be completed.',
  retry: 'Try again',
} as const

/**
 * Sign In With Farcaster's strings (catalogue id `embeddedWalletFarcaster`,
 * its own so the login's words live with its views): English plus es, zh
 * (Simplified), ja, ar. "Farcaster" is a brand name, the same in every language.
 */
export const farcasterStrings = defineCatalogue('embeddedWalletFarcaster', en, {
  es: {
    button: 'Continuar con Farcaster',
    title: 'Iniciar sesión con Farcaster',
    inFrame:
      'Escanea el código QR de la ventana segura, o abre Farcaster desde allí, y aprueba el inicio de sesión.',
    starting: 'Preparando el inicio de sesión…',
    waiting: 'Esperando tu aprobación en Farcaster…',
    connecting: 'Creando tu billetera…',
    expired: 'Este inicio de sesión ha caducado. Empieza uno nuevo.',
    refused: 'Se rechazó el inicio de sesión con Farcaster: la aprobación no es válida.',
    failed: 'No se pudo completar el inicio de sesión.',
    retry: 'Reintentar',
  },
  zh: {
    button: '使用 Farcaster 继续',
    title: '使用 Farcaster 登录',
    inFrame: '请扫描安全窗口中的二维码，或从那里打开 Farcaster，然后批准登录。',
    starting: '正在准备登录…',
    waiting: '正在等待你在 Farcaster 中批准…',
    connecting: '正在创建你的钱包…',
    expired: '此次登录已过期。请重新开始。',
    refused: 'Farcaster 登录被拒绝：批准未通过验证。',
    failed: '无法完成登录。',
    retry: '重试',
  },
  ja: {
    button: 'Farcaster で続ける',
    title: 'Farcaster でログイン',
    inFrame:
      '安全なウィンドウの QR コードを読み取るか、そこから Farcaster を開いて、ログインを承認してください。',
    starting: 'ログインを準備しています…',
    waiting: 'Farcaster での承認を待っています…',
    connecting: 'ウォレットを作成しています…',
    expired: 'このログインは期限切れです。もう一度始めてください。',
    refused: 'Farcaster でのログインは拒否されました：承認を確認できませんでした。',
    failed: 'ログインを完了できませんでした。',
    retry: '再試行',
  },
  ar: {
    button: 'المتابعة باستخدام Farcaster',
    title: 'تسجيل الدخول باستخدام Farcaster',
    inFrame: 'امسح رمز QR في النافذة الآمنة، أو افتح Farcaster من هناك، ثم وافق على تسجيل الدخول.',
    starting: 'جارٍ تحضير تسجيل الدخول…',
    waiting: 'في انتظار موافقتك في Farcaster…',
    connecting: 'جارٍ إنشاء محفظتك…',
    expired: 'انتهت صلاحية تسجيل الدخول هذا. ابدأ من جديد.',
    refused: 'رُفض تسجيل الدخول باستخدام Farcaster: لم تجتز الموافقة التحقق.',
    failed: 'تعذّر إكمال تسجيل الدخول.',
    retry: 'إعادة المحاولة',
  },
})

export type FarcasterStringKey = keyof typeof en
