import { cardStrings, type FrameLocale } from '../locale.js'

/**
 * The Bitcoin approval and export cards' texts, in the frame's five locales
 * (kept apart from the frame's main catalogue; the same catalogue rules
 * apply). The locale is the one the frame chose (its `<html lang>`).
 */
const en = {
  signMessage: 'Sign message (Bitcoin)',
  signPsbt: 'Sign transaction (Bitcoin)',
  signer: 'Signed by {address}',
  format: 'Signature format: {format}',
  thisWallet: '{address} (this wallet)',
  spend: 'Spend {amount} BTC from {address} (input {index})',
  otherInputs: 'Other inputs, not signed by this wallet: {count}',
  send: 'Send {amount} BTC to {to}',
  sendScript: 'Send {amount} BTC to a script with no address ({script})',
  fee: 'Network fee: {amount} BTC',
  feeUnknown: 'Network fee: unknown (some inputs do not state their amount)',
  spendStated: 'Spend {amount} BTC from {address} (input {index}; amount as the site states it, not proven)',
  feeUnproven:
    'Network fee: not shown (an input’s amount is not proven: the request lacks its previous transaction)',
  messageLabel: 'Message',
  network: 'Network: {network}',
  exportLabel: 'Bitcoin private key (WIF)',
  exportNote:
    'Mainnet WIF. Imported as native SegWit (P2WPKH) it is {address}; the Taproot address {taproot} is the same key with the BIP-86 tweak.',
} as const

type Key = keyof typeof en
type Strings = Readonly<Record<Key, string>>

export const BITCOIN_FRAME_CATALOGUE: Readonly<Record<FrameLocale, Strings>> = {
  en,
  es: {
    signMessage: 'Firmar mensaje (Bitcoin)',
    signPsbt: 'Firmar transacción (Bitcoin)',
    signer: 'Firmado por {address}',
    format: 'Formato de firma: {format}',
    thisWallet: '{address} (esta cartera)',
    spend: 'Gastar {amount} BTC de {address} (entrada {index})',
    otherInputs: 'Otras entradas, no firmadas por esta cartera: {count}',
    send: 'Enviar {amount} BTC a {to}',
    sendScript: 'Enviar {amount} BTC a un script sin dirección ({script})',
    fee: 'Comisión de red: {amount} BTC',
    feeUnknown: 'Comisión de red: desconocida (algunas entradas no indican su importe)',
    spendStated: 'Gastar {amount} BTC de {address} (entrada {index}; importe según el sitio, no comprobado)',
    feeUnproven:
      'Comisión de red: no se muestra (el importe de una entrada no está comprobado: falta su transacción anterior)',
    messageLabel: 'Mensaje',
    network: 'Red: {network}',
    exportLabel: 'Clave privada de Bitcoin (WIF)',
    exportNote:
      'WIF de mainnet. Importada como SegWit nativo (P2WPKH) es {address}; la dirección Taproot {taproot} es la misma clave con el ajuste BIP-86.',
  },
  zh: {
    signMessage: '签名消息（Bitcoin）',
    signPsbt: '签名交易（Bitcoin）',
    signer: '签名地址：{address}',
    format: '签名格式：{format}',
    thisWallet: '{address}（此钱包）',
    spend: '从 {address} 花费 {amount} BTC（输入 {index}）',
    otherInputs: '其他输入（不由此钱包签名）：{count}',
    send: '发送 {amount} BTC 至 {to}',
    sendScript: '发送 {amount} BTC 至无地址的脚本（{script}）',
    fee: '网络手续费：{amount} BTC',
    feeUnknown: '网络手续费：未知（部分输入未说明金额）',
    spendStated: '从 {address} 花费 {amount} BTC（输入 {index}；金额为网站所述，未经证明）',
    feeUnproven: '网络手续费：不显示（某个输入的金额未经证明：请求中缺少其前一笔交易）',
    messageLabel: '消息',
    network: '网络：{network}',
    exportLabel: 'Bitcoin 私钥（WIF）',
    exportNote:
      '主网 WIF。作为原生隔离见证（P2WPKH）导入时地址为 {address}；Taproot 地址 {taproot} 是同一密钥经 BIP-86 调整后的结果。',
  },
  ja: {
    signMessage: 'メッセージに署名（Bitcoin）',
    signPsbt: 'トランザクションに署名（Bitcoin）',
    signer: '署名するアドレス：{address}',
    format: '署名形式：{format}',
    thisWallet: '{address}（このウォレット）',
    spend: '{address} から {amount} BTC を使用（入力 {index}）',
    otherInputs: 'このウォレットが署名しないその他の入力：{count}',
    send: '{amount} BTC を {to} に送金',
    sendScript: '{amount} BTC をアドレスのないスクリプトに送金（{script}）',
    fee: 'ネットワーク手数料：{amount} BTC',
    feeUnknown: 'ネットワーク手数料：不明（金額を示さない入力があります）',
    spendStated: '{address} から {amount} BTC を使用（入力 {index}、金額はサイトの申告で未証明）',
    feeUnproven:
      'ネットワーク手数料：表示しません（入力の金額が証明されていません。直前のトランザクションがありません）',
    messageLabel: 'メッセージ',
    network: 'ネットワーク：{network}',
    exportLabel: 'Bitcoin 秘密鍵（WIF）',
    exportNote:
      'メインネットの WIF です。ネイティブ SegWit（P2WPKH）としてインポートすると {address} になります。Taproot アドレス {taproot} は同じ鍵に BIP-86 の調整を加えたものです。',
  },
  ar: {
    signMessage: 'توقيع رسالة (Bitcoin)',
    signPsbt: 'توقيع معاملة (Bitcoin)',
    signer: 'الموقِّع: {address}',
    format: 'صيغة التوقيع: {format}',
    thisWallet: '{address} (هذه المحفظة)',
    spend: 'إنفاق {amount} BTC من {address} (المدخل {index})',
    otherInputs: 'مدخلات أخرى لا توقّعها هذه المحفظة: {count}',
    send: 'إرسال {amount} BTC إلى {to}',
    sendScript: 'إرسال {amount} BTC إلى نص برمجي بلا عنوان ({script})',
    fee: 'رسوم الشبكة: {amount} BTC',
    feeUnknown: 'رسوم الشبكة: غير معروفة (بعض المدخلات لا تذكر مبلغها)',
    spendStated: 'إنفاق {amount} BTC من {address} (المدخل {index}؛ المبلغ كما يذكره الموقع، غير مُثبت)',
    feeUnproven: 'رسوم الشبكة: غير معروضة (مبلغ أحد المدخلات غير مُثبت: ينقص الطلب معاملته السابقة)',
    messageLabel: 'الرسالة',
    network: 'الشبكة: {network}',
    exportLabel: 'مفتاح Bitcoin الخاص (WIF)',
    exportNote:
      'صيغة WIF للشبكة الرئيسية. عند استيراده بصيغة SegWit الأصلية (P2WPKH) يكون العنوان {address}؛ وعنوان Taproot {taproot} هو المفتاح نفسه مع تعديل BIP-86.',
  },
}

/** A Bitcoin card string in the frame's locale, placeholders filled (values are text, never HTML). */
export const bt = cardStrings(BITCOIN_FRAME_CATALOGUE)
