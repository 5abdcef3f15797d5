import { cardStrings, type FrameLocale } from '../locale.js'

/**
 * The user-operation card's texts (issue 30), in the frame's five locales,
 * kept apart from the frame's main catalogue like the Solana card's.
 */
const en = {
  title: 'Send from your smart account',
  from: 'From: {sender} (smart account)',
  deploys: 'This first transaction also deploys your smart account (owner {owner}).',
  call: 'Call {n} of {count}: to {to}, {amount} (native token)',
  blind: 'Blind call: call {n} to {to} is not decoded. Only its bytes are shown below.',
  sponsored: 'Gas: sponsored by the site at {site} (you pay nothing)',
  sponsoredNamed: 'Gas: sponsored by {name}, the site at {site} (you pay nothing)',
  paymaster: 'Paymaster: {paymaster}',
  selfPaid: 'Gas: at most {total} (native token), paid by this smart account',
  network: 'Network: {network}',
  callData: 'Call {n} data ({bytes} bytes)',
  operation: 'User operation (what is signed)',
} as const

type Key = keyof typeof en
type Strings = Readonly<Record<Key, string>>

export const USER_OPERATION_CATALOGUE: Readonly<Record<FrameLocale, Strings>> = {
  en,
  es: {
    title: 'Enviar desde tu cuenta inteligente',
    from: 'Desde: {sender} (cuenta inteligente)',
    deploys: 'Esta primera transacción también despliega tu cuenta inteligente (propietario {owner}).',
    call: 'Llamada {n} de {count}: a {to}, {amount} (token nativo)',
    blind: 'Firma a ciegas: la llamada {n} a {to} no está decodificada. Abajo solo se muestran sus bytes.',
    sponsored: 'Gas: patrocinado por el sitio en {site} (no pagas nada)',
    sponsoredNamed: 'Gas: patrocinado por {name}, el sitio en {site} (no pagas nada)',
    paymaster: 'Paymaster: {paymaster}',
    selfPaid: 'Gas: como máximo {total} (token nativo), pagado por esta cuenta inteligente',
    network: 'Red: {network}',
    callData: 'Datos de la llamada {n} ({bytes} bytes)',
    operation: 'Operación de usuario (lo que se firma)',
  },
  zh: {
    title: '从你的智能账户发送',
    from: '发送方：{sender}（智能账户）',
    deploys: '这第一笔交易还会部署你的智能账户（所有者 {owner}）。',
    call: '调用 {n}/{count}：至 {to}，{amount}（原生代币）',
    blind: '盲签：调用 {n}（至 {to}）未解码。下方仅显示其字节。',
    sponsored: 'Gas：由位于 {site} 的网站赞助（你无需支付）',
    sponsoredNamed: 'Gas：由 {name}（位于 {site} 的网站）赞助（你无需支付）',
    paymaster: 'Paymaster：{paymaster}',
    selfPaid: 'Gas：最多 {total}（原生代币），由此智能账户支付',
    network: '网络：{network}',
    callData: '调用 {n} 的数据（{bytes} 字节）',
    operation: '用户操作（签名的内容）',
  },
  ja: {
    title: 'スマートアカウントから送信',
    from: '送信元: {sender}（スマートアカウント）',
    deploys: 'この最初の取引でスマートアカウントもデプロイされます（所有者 {owner}）。',
    call: '呼び出し {n}/{count}: 宛先 {to}、{amount}（ネイティブトークン）',
    blind: 'ブラインド署名: 呼び出し {n}（宛先 {to}）はデコードされていません。下にバイトのみ表示します。',
    sponsored: 'ガス: {site} のサイトが負担（支払いはありません）',
    sponsoredNamed: 'ガス: {name}（{site} のサイト）が負担（支払いはありません）',
    paymaster: 'ペイマスター: {paymaster}',
    selfPaid: 'ガス: 最大 {total}（ネイティブトークン）、このスマートアカウントが支払い',
    network: 'ネットワーク: {network}',
    callData: '呼び出し {n} のデータ（{bytes} バイト）',
    operation: 'ユーザー操作（署名される内容）',
  },
  ar: {
    title: 'إرسال من حسابك الذكي',
    from: 'من: {sender} (حساب ذكي)',
    deploys: 'هذه المعاملة الأولى تنشر حسابك الذكي أيضًا (المالك {owner}).',
    call: 'الاستدعاء {n} من {count}: إلى {to}، {amount} (العملة الأصلية)',
    blind: 'توقيع أعمى: الاستدعاء {n} إلى {to} غير مفكوك. تظهر بايتاته فقط أدناه.',
    sponsored: 'الغاز: برعاية الموقع على {site} (لا تدفع شيئًا)',
    sponsoredNamed: 'الغاز: برعاية {name}، الموقع على {site} (لا تدفع شيئًا)',
    paymaster: 'الجهة الدافعة: {paymaster}',
    selfPaid: 'الغاز: بحد أقصى {total} (العملة الأصلية)، يدفعه هذا الحساب الذكي',
    network: 'الشبكة: {network}',
    callData: 'بيانات الاستدعاء {n} ({bytes} بايت)',
    operation: 'عملية المستخدم (ما يتم توقيعه)',
  },
}

export const ut = cardStrings(USER_OPERATION_CATALOGUE)
