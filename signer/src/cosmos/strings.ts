import { cardStrings, type FrameLocale } from '../locale.js'

/**
 * The Cosmos approval and export texts, in the frame's five locales (kept
 * apart from the frame's main catalogue; the same catalogue test rules apply).
 * The locale is the one the frame chose (its `<html lang>`). Amounts are in
 * the chain's base denom (`uatom`): the frame knows no display decimals.
 */
const en = {
  signTransaction: 'Sign transaction (Cosmos)',
  signMessage: 'Sign message (Cosmos)',
  send: 'Send {amount} {denom} to {to}',
  sendFrom: 'Send {amount} {denom} from {from} to {to}',
  message: 'Message: {type}',
  extensions: 'Extension options: {types}',
  memo: 'Memo: {memo}',
  fee: 'Fee: {fee} (gas limit {gas})',
  noFee: 'none',
  feeGranter: 'Fee paid by grant from {granter}',
  network: 'Network: {network}',
  signer: 'Signer: {address}',
  blind:
    'Blind signature: this wallet does not decode {type}. It may move anything this account controls; its bytes are shown below.',
  grant: 'Authz grant: {grantee} may {allows} for this account, {until}, without asking you again.',
  grantGeneric: 'sign any {msg}',
  grantSend: 'send up to {limit}',
  grantOther: 'use the authorization {type}',
  grantUntil: 'until {date}',
  grantForever: 'with no end date',
  messageBytes: 'Message {index}: {type}',
  messageLabel: 'Message',
  exportLabel: 'Cosmos private key (hex)',
  exportNote:
    'This wallet’s key on every Cosmos chain ({address} on the Cosmos Hub). Keplr and Leap import it as a private key.',
} as const

type Key = keyof typeof en
type Strings = Readonly<Record<Key, string>>

export const COSMOS_FRAME_CATALOGUE: Readonly<Record<FrameLocale, Strings>> = {
  en,
  es: {
    signTransaction: 'Firmar transacción (Cosmos)',
    signMessage: 'Firmar mensaje (Cosmos)',
    send: 'Enviar {amount} {denom} a {to}',
    sendFrom: 'Enviar {amount} {denom} de {from} a {to}',
    message: 'Mensaje: {type}',
    extensions: 'Opciones de extensión: {types}',
    memo: 'Memo: {memo}',
    fee: 'Comisión: {fee} (límite de gas {gas})',
    noFee: 'ninguna',
    feeGranter: 'Comisión pagada por concesión de {granter}',
    network: 'Red: {network}',
    signer: 'Firmante: {address}',
    blind:
      'Firma a ciegas: esta cartera no descodifica {type}. Puede mover cualquier cosa que controle esta cuenta; abajo se muestran sus bytes.',
    grant: 'Permiso authz: {grantee} podrá {allows} por esta cuenta, {until}, sin volver a preguntarte.',
    grantGeneric: 'firmar cualquier {msg}',
    grantSend: 'enviar hasta {limit}',
    grantOther: 'usar la autorización {type}',
    grantUntil: 'hasta {date}',
    grantForever: 'sin fecha de fin',
    messageBytes: 'Mensaje {index}: {type}',
    messageLabel: 'Mensaje',
    exportLabel: 'Clave privada de Cosmos (hex)',
    exportNote:
      'La clave de esta cartera en todas las cadenas Cosmos ({address} en Cosmos Hub). Keplr y Leap la importan como clave privada.',
  },
  zh: {
    signTransaction: '签名交易（Cosmos）',
    signMessage: '签名消息（Cosmos）',
    send: '发送 {amount} {denom} 至 {to}',
    sendFrom: '从 {from} 发送 {amount} {denom} 至 {to}',
    message: '消息：{type}',
    extensions: '扩展选项：{types}',
    memo: '备注：{memo}',
    fee: '手续费：{fee}（Gas 上限 {gas}）',
    noFee: '无',
    feeGranter: '手续费由 {granter} 授权支付',
    network: '网络：{network}',
    signer: '签名者：{address}',
    blind: '盲签：此钱包无法解码 {type}。它可能转移此账户控制的任何资产；下方显示其字节。',
    grant: 'Authz 授权：{grantee} 将可以代表此账户{allows}，{until}，无需再次询问你。',
    grantGeneric: '签署任意 {msg}',
    grantSend: '发送最多 {limit}',
    grantOther: '使用授权 {type}',
    grantUntil: '有效期至 {date}',
    grantForever: '无截止日期',
    messageBytes: '消息 {index}：{type}',
    messageLabel: '消息',
    exportLabel: 'Cosmos 私钥（十六进制）',
    exportNote:
      '此钱包在所有 Cosmos 链上的密钥（在 Cosmos Hub 上为 {address}）。Keplr 和 Leap 可将其作为私钥导入。',
  },
  ja: {
    signTransaction: 'トランザクションに署名（Cosmos）',
    signMessage: 'メッセージに署名（Cosmos）',
    send: '{amount} {denom} を {to} に送金',
    sendFrom: '{from} から {amount} {denom} を {to} に送金',
    message: 'メッセージ：{type}',
    extensions: '拡張オプション：{types}',
    memo: 'メモ：{memo}',
    fee: '手数料：{fee}（ガス上限 {gas}）',
    noFee: 'なし',
    feeGranter: '手数料は {granter} の許可で支払われます',
    network: 'ネットワーク：{network}',
    signer: '署名者：{address}',
    blind:
      'ブラインド署名：このウォレットは {type} をデコードしません。このアカウントが管理するものを何でも動かせる可能性があります。下にそのバイト列を表示します。',
    grant:
      'Authz 権限付与：{grantee} はこのアカウントに代わって{allows}ことができます（{until}）。再度確認されることはありません。',
    grantGeneric: '任意の {msg} に署名する',
    grantSend: '最大 {limit} を送金する',
    grantOther: '権限 {type} を使う',
    grantUntil: '{date} まで',
    grantForever: '期限なし',
    messageBytes: 'メッセージ {index}：{type}',
    messageLabel: 'メッセージ',
    exportLabel: 'Cosmos 秘密鍵（16 進数）',
    exportNote:
      'すべての Cosmos チェーンで使われるこのウォレットの鍵です（Cosmos Hub では {address}）。Keplr と Leap で秘密鍵としてインポートできます。',
  },
  ar: {
    signTransaction: 'توقيع معاملة (Cosmos)',
    signMessage: 'توقيع رسالة (Cosmos)',
    send: 'إرسال {amount} {denom} إلى {to}',
    sendFrom: 'إرسال {amount} {denom} من {from} إلى {to}',
    message: 'رسالة: {type}',
    extensions: 'خيارات الامتداد: {types}',
    memo: 'مذكرة: {memo}',
    fee: 'الرسوم: {fee} (حد الغاز {gas})',
    noFee: 'لا شيء',
    feeGranter: 'الرسوم مدفوعة بمنحة من {granter}',
    network: 'الشبكة: {network}',
    signer: 'الموقّع: {address}',
    blind: 'توقيع أعمى: لا تفك هذه المحفظة {type}. قد ينقل أي شيء يتحكم فيه هذا الحساب؛ تظهر بايتاته أدناه.',
    grant: 'منح authz: سيتمكن {grantee} من {allows} نيابة عن هذا الحساب، {until}، دون أن يسألك مجددًا.',
    grantGeneric: 'توقيع أي {msg}',
    grantSend: 'إرسال ما يصل إلى {limit}',
    grantOther: 'استخدام التفويض {type}',
    grantUntil: 'حتى {date}',
    grantForever: 'دون تاريخ انتهاء',
    messageBytes: 'الرسالة {index}: {type}',
    messageLabel: 'الرسالة',
    exportLabel: 'مفتاح Cosmos الخاص (ست عشري)',
    exportNote:
      'مفتاح هذه المحفظة على كل سلاسل Cosmos ({address} على Cosmos Hub). يستورده Keplr وLeap كمفتاح خاص.',
  },
}

/** A Cosmos card string in the frame's locale, placeholders filled (values are text, never HTML). */
export const ct = cardStrings(COSMOS_FRAME_CATALOGUE)
