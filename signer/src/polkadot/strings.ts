import { cardStrings, type FrameLocale } from '../locale.js'

/**
 * The Polkadot approval and export texts, in the frame's five locales (kept
 * apart from the frame's main catalogue; the same catalogue test rules
 * apply). The locale is the one the frame chose (its `<html lang>`).
 */
const en = {
  signMessage: 'Sign message (Polkadot)',
  signTransaction: 'Sign transaction (Polkadot)',
  network: 'Network: {network}',
  account: 'Account: {address} (this wallet)',
  call: 'Call: {bytes} bytes (shown whole below)',
  notDecoded:
    'Blind signature: the call is not decoded (the chain’s metadata for this runtime could not be read, or these bytes are not one of its calls). It may move anything this account controls: approve only if you trust the site that asks.',
  callLabel: 'Call (SCALE bytes, not decoded)',
  callDecoded: 'Call: {call}',
  argsLabel: 'Call {call}, decoded with the chain’s metadata',
  callBytesLabel: 'Call (SCALE bytes, as signed)',
  messageLabel: 'Message',
  nonce: 'Nonce: {nonce}',
  tip: 'Tip: {tip} (smallest units)',
  mortal: 'Valid for {period} blocks from block {birth}',
  immortal: 'Valid until used (immortal)',
  specVersion: 'Runtime spec version: {spec}',
  feeAsset: 'Fee paid in asset (encoded): {asset}',
  metadataHash: 'Chain metadata hash: {hash}',
  exportLabel: 'Polkadot key (ed25519 seed, hex)',
  exportNote:
    'Address {address} (generic prefix 42). In Polkadot.js, import it as a raw seed with the ed25519 key type.',
} as const

type Key = keyof typeof en
type Strings = Readonly<Record<Key, string>>

export const POLKADOT_FRAME_CATALOGUE: Readonly<Record<FrameLocale, Strings>> = {
  en,
  es: {
    signMessage: 'Firmar mensaje (Polkadot)',
    signTransaction: 'Firmar transacción (Polkadot)',
    network: 'Red: {network}',
    account: 'Cuenta: {address} (esta cartera)',
    call: 'Llamada: {bytes} bytes (se muestra entera abajo)',
    notDecoded:
      'Firma a ciegas: la llamada no está decodificada (no se pudieron leer los metadatos de la cadena para este runtime, o estos bytes no son una de sus llamadas). Puede mover cualquier cosa que controle esta cuenta: aprueba solo si confías en el sitio que la pide.',
    callLabel: 'Llamada (bytes SCALE, sin decodificar)',
    callDecoded: 'Llamada: {call}',
    argsLabel: 'Llamada {call}, decodificada con los metadatos de la cadena',
    callBytesLabel: 'Llamada (bytes SCALE, tal como se firman)',
    messageLabel: 'Mensaje',
    nonce: 'Nonce: {nonce}',
    tip: 'Propina: {tip} (unidades mínimas)',
    mortal: 'Válida durante {period} bloques desde el bloque {birth}',
    immortal: 'Válida hasta que se use (inmortal)',
    specVersion: 'Versión del runtime: {spec}',
    feeAsset: 'Comisión pagada en el activo (codificado): {asset}',
    metadataHash: 'Hash de los metadatos de la cadena: {hash}',
    exportLabel: 'Clave de Polkadot (semilla ed25519, hex)',
    exportNote:
      'Dirección {address} (prefijo genérico 42). En Polkadot.js, impórtala como semilla sin procesar con el tipo de clave ed25519.',
  },
  zh: {
    signMessage: '签名消息（Polkadot）',
    signTransaction: '签名交易（Polkadot）',
    network: '网络：{network}',
    account: '账户：{address}（此钱包）',
    call: '调用：{bytes} 字节（完整显示在下方）',
    notDecoded:
      '盲签：此调用未解码（无法读取此运行时的链元数据，或这些字节不是它的调用）。它可能转移此账户控制的任何资产：仅在信任发起请求的网站时批准。',
    callLabel: '调用（SCALE 字节，未解码）',
    callDecoded: '调用：{call}',
    argsLabel: '调用 {call}（已用链元数据解码）',
    callBytesLabel: '调用（SCALE 字节，即签名内容）',
    messageLabel: '消息',
    nonce: 'Nonce：{nonce}',
    tip: '小费：{tip}（最小单位）',
    mortal: '自区块 {birth} 起 {period} 个区块内有效',
    immortal: '使用前一直有效（永久）',
    specVersion: '运行时版本：{spec}',
    feeAsset: '以资产支付手续费（编码）：{asset}',
    metadataHash: '链元数据哈希：{hash}',
    exportLabel: 'Polkadot 密钥（ed25519 种子，十六进制）',
    exportNote: '地址 {address}（通用前缀 42）。在 Polkadot.js 中以原始种子导入，密钥类型选择 ed25519。',
  },
  ja: {
    signMessage: 'メッセージに署名（Polkadot）',
    signTransaction: 'トランザクションに署名（Polkadot）',
    network: 'ネットワーク：{network}',
    account: 'アカウント：{address}（このウォレット）',
    call: 'コール：{bytes} バイト（下に全体を表示）',
    notDecoded:
      'ブラインド署名：このコールはデコードされていません（このランタイムのチェーンメタデータを読めなかったか、このバイト列がそのコールではありません）。このアカウントが管理するものを何でも動かせる可能性があります。依頼元のサイトを信頼できる場合のみ承認してください。',
    callLabel: 'コール（SCALE バイト列、未デコード）',
    callDecoded: 'コール：{call}',
    argsLabel: 'コール {call}（チェーンのメタデータでデコード）',
    callBytesLabel: 'コール（SCALE バイト列、署名される内容）',
    messageLabel: 'メッセージ',
    nonce: 'ノンス：{nonce}',
    tip: 'チップ：{tip}（最小単位）',
    mortal: 'ブロック {birth} から {period} ブロックの間有効',
    immortal: '使用されるまで有効（無期限）',
    specVersion: 'ランタイムのバージョン：{spec}',
    feeAsset: '手数料を支払う資産（エンコード済み）：{asset}',
    metadataHash: 'チェーンのメタデータハッシュ：{hash}',
    exportLabel: 'Polkadot の鍵（ed25519 シード、16 進数）',
    exportNote:
      'アドレス {address}（汎用プレフィックス 42）。Polkadot.js では鍵の種類 ed25519 の生シードとしてインポートしてください。',
  },
  ar: {
    signMessage: 'توقيع رسالة (Polkadot)',
    signTransaction: 'توقيع معاملة (Polkadot)',
    network: 'الشبكة: {network}',
    account: 'الحساب: {address} (هذه المحفظة)',
    call: 'الاستدعاء: {bytes} بايت (معروض كاملًا أدناه)',
    notDecoded:
      'توقيع أعمى: الاستدعاء غير مفكوك (تعذّرت قراءة البيانات الوصفية للسلسلة لهذه البيئة، أو أن هذه البايتات ليست أحد استدعاءاتها). قد ينقل أي شيء يتحكم فيه هذا الحساب: وافق فقط إن كنت تثق بالموقع الذي يطلبه.',
    callLabel: 'الاستدعاء (بايتات SCALE، غير مفكوكة)',
    callDecoded: 'الاستدعاء: {call}',
    argsLabel: 'الاستدعاء {call}، مفكوك بالبيانات الوصفية للسلسلة',
    callBytesLabel: 'الاستدعاء (بايتات SCALE كما تُوقَّع)',
    messageLabel: 'الرسالة',
    nonce: 'الرقم التسلسلي: {nonce}',
    tip: 'الإكرامية: {tip} (أصغر وحدة)',
    mortal: 'صالحة لمدة {period} كتلة بدءًا من الكتلة {birth}',
    immortal: 'صالحة حتى تُستخدم (دائمة)',
    specVersion: 'إصدار بيئة التشغيل: {spec}',
    feeAsset: 'الرسوم تُدفع بالأصل (مُرمَّز): {asset}',
    metadataHash: 'تجزئة البيانات الوصفية للسلسلة: {hash}',
    exportLabel: 'مفتاح Polkadot (بذرة ed25519، ست عشري)',
    exportNote:
      'العنوان {address} (البادئة العامة 42). في Polkadot.js، استورده كبذرة خام بنوع المفتاح ed25519.',
  },
}

/** A Polkadot card string in the frame's locale, placeholders filled (values are text, never HTML). */
export const pt = cardStrings(POLKADOT_FRAME_CATALOGUE)
