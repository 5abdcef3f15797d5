import { type FrameLocale, fill, frameLocale } from './locale.js'

export { frameLocale }

/**
 * The signer frame's own catalogue: every text the frame shows the visitor
 * (the passphrase, recovery and approval cards). The frame runs on the
 * signer origin and cannot use the modal's React catalogues, so it carries
 * its own, in the locales Portico ships (en, es, zh, ja, ar). The plugin
 * passes the modal's locale in the frame URL (`locale=`); unknown tags fall
 * back along their chain (`es-MX` → `es`) to English. SPEC §8 error texts
 * sent back to the dApp stay English, word for word.
 */
const en = {
  setTitle: 'Set a recovery passphrase',
  setIntro:
    'You need it to use this wallet on another device. It never leaves this secure window; nobody can reset it for you.',
  setSubmit: 'Save passphrase',
  enterTitle: 'Enter your recovery passphrase',
  enterIntro: 'This device has no key share of your wallet yet. Your passphrase unlocks the recovery share.',
  enterSubmit: 'Unlock',
  passphrase: 'Passphrase',
  repeat: 'Repeat the passphrase',
  tooShort: 'Use at least {min} characters.',
  mismatch: 'The two passphrases differ.',
  cancel: 'Cancel',
  wrongOne: 'Wrong passphrase. 1 try left.',
  wrongMany: 'Wrong passphrase. {left} tries left.',
  signMessage: 'Sign message',
  signTypedData: 'Sign typed data',
  sendTransaction: 'Send transaction',
  to: 'To: {to}',
  contractCreation: '(contract creation)',
  amount: 'Amount: {amount} (native token)',
  network: 'Network: {network}',
  data: 'Data: {data}',
  reject: 'Reject',
  approve: 'Approve',
  notAllowed: 'This page only runs inside an allowed site.',
  exportTitle: 'Your private key',
  exportWarning:
    'Anyone who sees this key can take everything in this wallet, without your email or this device. Never share it; Portico will never ask for it.',
  exportWallet: 'Wallet: {address}',
  exportKeyLabel: 'EVM private key',
  exportCopy: 'Copy EVM key',
  exportCopied: 'EVM key copied.',
  exportSolanaWallet: 'Solana address: {address}',
  exportSolanaKeyLabel: 'Solana private key (base58, for Phantom, Solflare or Backpack)',
  exportSolanaCopy: 'Copy Solana key',
  exportSolanaCopied: 'Solana key copied.',
  exportCopyFailed: 'Could not copy: select the key and copy it yourself.',
  exportChainCopy: 'Copy {name} key',
  exportChainCopied: '{name} key copied.',
  exportChainFailed: '{name}: this browser could not derive the key, so it is not shown.',
  exportClose: 'Close and hide',
} as const

export type FrameStringKey = keyof typeof en
export type FrameStrings = Readonly<Record<FrameStringKey, string>>

/** Every locale's strings; the test checks each has every key and the same placeholders. */
export const FRAME_CATALOGUE: Readonly<Record<FrameLocale, FrameStrings>> = {
  en,
  es: {
    setTitle: 'Define una frase de recuperación',
    setIntro:
      'La necesitarás para usar esta cartera en otro dispositivo. Nunca sale de esta ventana segura; nadie puede restablecerla por ti.',
    setSubmit: 'Guardar frase',
    enterTitle: 'Introduce tu frase de recuperación',
    enterIntro:
      'Este dispositivo aún no tiene ninguna parte de la clave de tu cartera. Tu frase desbloquea la parte de recuperación.',
    enterSubmit: 'Desbloquear',
    passphrase: 'Frase de recuperación',
    repeat: 'Repite la frase',
    tooShort: 'Usa al menos {min} caracteres.',
    mismatch: 'Las dos frases no coinciden.',
    cancel: 'Cancelar',
    wrongOne: 'Frase incorrecta. Queda 1 intento.',
    wrongMany: 'Frase incorrecta. Quedan {left} intentos.',
    signMessage: 'Firmar mensaje',
    signTypedData: 'Firmar datos estructurados',
    sendTransaction: 'Enviar transacción',
    to: 'Para: {to}',
    contractCreation: '(creación de contrato)',
    amount: 'Importe: {amount} (token nativo)',
    network: 'Red: {network}',
    data: 'Datos: {data}',
    reject: 'Rechazar',
    approve: 'Aprobar',
    notAllowed: 'Esta página solo funciona dentro de un sitio autorizado.',
    exportTitle: 'Tu clave privada',
    exportWarning:
      'Quien vea esta clave puede llevarse todo lo que hay en esta cartera, sin tu correo ni este dispositivo. No la compartas nunca; Portico nunca te la pedirá.',
    exportWallet: 'Cartera: {address}',
    exportKeyLabel: 'Clave privada EVM',
    exportCopy: 'Copiar clave EVM',
    exportCopied: 'Clave EVM copiada.',
    exportSolanaWallet: 'Dirección de Solana: {address}',
    exportSolanaKeyLabel: 'Clave privada de Solana (base58, para Phantom, Solflare o Backpack)',
    exportSolanaCopy: 'Copiar clave de Solana',
    exportSolanaCopied: 'Clave de Solana copiada.',
    exportCopyFailed: 'No se pudo copiar: selecciona la clave y cópiala tú.',
    exportChainCopy: 'Copiar clave de {name}',
    exportChainCopied: 'Clave de {name} copiada.',
    exportChainFailed: '{name}: este navegador no pudo derivar la clave, así que no se muestra.',
    exportClose: 'Cerrar y ocultar',
  },
  zh: {
    setTitle: '设置恢复口令',
    setIntro: '在其他设备上使用此钱包时需要它。它不会离开此安全窗口；任何人都无法为你重置。',
    setSubmit: '保存口令',
    enterTitle: '输入恢复口令',
    enterIntro: '此设备还没有你钱包的密钥分片。你的口令可解锁恢复分片。',
    enterSubmit: '解锁',
    passphrase: '口令',
    repeat: '再次输入口令',
    tooShort: '请至少使用 {min} 个字符。',
    mismatch: '两次输入的口令不一致。',
    cancel: '取消',
    wrongOne: '口令错误。还剩 1 次机会。',
    wrongMany: '口令错误。还剩 {left} 次机会。',
    signMessage: '签署消息',
    signTypedData: '签署结构化数据',
    sendTransaction: '发送交易',
    to: '收款方：{to}',
    contractCreation: '（创建合约）',
    amount: '金额：{amount}（原生代币）',
    network: '网络：{network}',
    data: '数据：{data}',
    reject: '拒绝',
    approve: '批准',
    notAllowed: '此页面只能在获准的网站中运行。',
    exportTitle: '你的私钥',
    exportWarning:
      '任何看到此私钥的人都可以拿走此钱包中的全部资产，无需你的电子邮件或此设备。切勿分享；Portico 绝不会向你索要。',
    exportWallet: '钱包：{address}',
    exportKeyLabel: 'EVM 私钥',
    exportCopy: '复制 EVM 私钥',
    exportCopied: '已复制 EVM 私钥。',
    exportSolanaWallet: 'Solana 地址：{address}',
    exportSolanaKeyLabel: 'Solana 私钥（base58，可导入 Phantom、Solflare 或 Backpack）',
    exportSolanaCopy: '复制 Solana 私钥',
    exportSolanaCopied: '已复制 Solana 私钥。',
    exportCopyFailed: '无法复制：请选中私钥后自行复制。',
    exportChainCopy: '复制 {name} 私钥',
    exportChainCopied: '已复制 {name} 私钥。',
    exportChainFailed: '{name}：此浏览器无法派生该私钥，因此未显示。',
    exportClose: '关闭并隐藏',
  },
  ja: {
    setTitle: 'リカバリーパスフレーズを設定',
    setIntro:
      '別のデバイスでこのウォレットを使うときに必要です。この安全なウィンドウの外には出ません。誰もリセットできません。',
    setSubmit: 'パスフレーズを保存',
    enterTitle: 'リカバリーパスフレーズを入力',
    enterIntro:
      'このデバイスにはまだウォレットの鍵の断片がありません。パスフレーズでリカバリー用の断片を解除します。',
    enterSubmit: 'ロック解除',
    passphrase: 'パスフレーズ',
    repeat: 'パスフレーズをもう一度',
    tooShort: '{min} 文字以上にしてください。',
    mismatch: '2 つのパスフレーズが一致しません。',
    cancel: 'キャンセル',
    wrongOne: 'パスフレーズが違います。残り 1 回です。',
    wrongMany: 'パスフレーズが違います。残り {left} 回です。',
    signMessage: 'メッセージに署名',
    signTypedData: '構造化データに署名',
    sendTransaction: 'トランザクションを送信',
    to: '送信先: {to}',
    contractCreation: '（コントラクト作成）',
    amount: '金額: {amount}（ネイティブトークン）',
    network: 'ネットワーク: {network}',
    data: 'データ: {data}',
    reject: '拒否',
    approve: '承認',
    notAllowed: 'このページは許可されたサイトの中でのみ動作します。',
    exportTitle: 'あなたの秘密鍵',
    exportWarning:
      'この鍵を見た人は、あなたのメールやこのデバイスがなくても、このウォレットの中身をすべて持ち出せます。絶対に共有しないでください。Portico が尋ねることはありません。',
    exportWallet: 'ウォレット: {address}',
    exportKeyLabel: 'EVM 秘密鍵',
    exportCopy: 'EVM の鍵をコピー',
    exportCopied: 'EVM の鍵をコピーしました。',
    exportSolanaWallet: 'Solana アドレス: {address}',
    exportSolanaKeyLabel: 'Solana 秘密鍵（base58、Phantom・Solflare・Backpack にインポート可）',
    exportSolanaCopy: 'Solana の鍵をコピー',
    exportSolanaCopied: 'Solana の鍵をコピーしました。',
    exportCopyFailed: 'コピーできませんでした。鍵を選択して手動でコピーしてください。',
    exportChainCopy: '{name} の鍵をコピー',
    exportChainCopied: '{name} の鍵をコピーしました。',
    exportChainFailed: '{name}：このブラウザーでは鍵を導出できなかったため、表示されません。',
    exportClose: '閉じて隠す',
  },
  ar: {
    setTitle: 'عيّن عبارة مرور للاسترداد',
    setIntro:
      'ستحتاج إليها لاستخدام هذه المحفظة على جهاز آخر. لا تغادر هذه النافذة الآمنة أبدًا، ولا يمكن لأحد إعادة تعيينها نيابةً عنك.',
    setSubmit: 'حفظ عبارة المرور',
    enterTitle: 'أدخل عبارة مرور الاسترداد',
    enterIntro: 'لا يملك هذا الجهاز بعد أي جزء من مفتاح محفظتك. عبارة المرور تفتح جزء الاسترداد.',
    enterSubmit: 'فتح',
    passphrase: 'عبارة المرور',
    repeat: 'أعد كتابة عبارة المرور',
    tooShort: 'استخدم {min} أحرف على الأقل.',
    mismatch: 'عبارتا المرور مختلفتان.',
    cancel: 'إلغاء',
    wrongOne: 'عبارة مرور خاطئة. بقيت محاولة واحدة.',
    wrongMany: 'عبارة مرور خاطئة. المحاولات المتبقية: {left}.',
    signMessage: 'توقيع رسالة',
    signTypedData: 'توقيع بيانات منظمة',
    sendTransaction: 'إرسال معاملة',
    to: 'إلى: {to}',
    contractCreation: '(إنشاء عقد)',
    amount: 'المبلغ: {amount} (الرمز الأصلي)',
    network: 'الشبكة: {network}',
    data: 'البيانات: {data}',
    reject: 'رفض',
    approve: 'موافقة',
    notAllowed: 'لا تعمل هذه الصفحة إلا داخل موقع مسموح به.',
    exportTitle: 'مفتاحك الخاص',
    exportWarning:
      'كل من يرى هذا المفتاح يستطيع أخذ كل ما في هذه المحفظة، دون بريدك الإلكتروني أو هذا الجهاز. لا تشاركه أبدًا؛ لن يطلبه منك Portico أبدًا.',
    exportWallet: 'المحفظة: {address}',
    exportKeyLabel: 'مفتاح EVM الخاص',
    exportCopy: 'نسخ مفتاح EVM',
    exportCopied: 'تم نسخ مفتاح EVM.',
    exportSolanaWallet: 'عنوان Solana: {address}',
    exportSolanaKeyLabel: 'مفتاح Solana الخاص (base58، للاستيراد في Phantom أو Solflare أو Backpack)',
    exportSolanaCopy: 'نسخ مفتاح Solana',
    exportSolanaCopied: 'تم نسخ مفتاح Solana.',
    exportCopyFailed: 'تعذّر النسخ: حدّد المفتاح وانسخه بنفسك.',
    exportChainCopy: 'نسخ مفتاح {name}',
    exportChainCopied: 'تم نسخ مفتاح {name}.',
    exportChainFailed: '{name}: تعذّر على هذا المتصفح اشتقاق المفتاح، لذا لا يُعرض.',
    exportClose: 'إغلاق وإخفاء',
  },
}

const RTL = new Set(['ar', 'he', 'fa', 'ur'])

let current: FrameStrings = en

/** Chooses the frame's locale (once, at start) and returns the `<html lang dir>` to set. */
export function chooseFrameLocale(tag: string | null | undefined): { lang: string; dir: 'ltr' | 'rtl' } {
  const lang = frameLocale(tag)
  current = FRAME_CATALOGUE[lang]
  return { lang, dir: RTL.has(lang) ? 'rtl' : 'ltr' }
}

/** A string of the chosen locale with `{name}` placeholders filled (values are text, never HTML). */
export function ft(key: FrameStringKey, values: Record<string, string | number> = {}): string {
  return fill(current[key], values)
}
