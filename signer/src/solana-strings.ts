import { cardStrings, type FrameLocale } from './locale.js'

/**
 * The Solana approval card's texts, in the frame's five locales (kept apart
 * from the frame's main catalogue; the same catalogue test rules apply).
 * The locale is the one the frame chose (its `<html lang>`).
 */
const en = {
  signMessage: 'Sign message (Solana)',
  signTransaction: 'Sign transaction (Solana)',
  feePayer: 'Fee payer: {payer}',
  thisWallet: '{address} (this wallet)',
  programs: 'Programs: {programs}',
  transfer: 'Send {amount} SOL to {to}',
  createAccount: 'Create account {to} with {amount} SOL',
  lookupTables: 'Uses {count} address lookup tables (their accounts are not shown)',
  network: 'Network: {network}',
  unknownProgram: '(from a lookup table)',
  tokenTransfer: 'Token transfer: {amount} of mint {mint} from token account {from} to token account {to}',
  tokenApprove: 'Token approval: {delegate} may spend {amount} of mint {mint} from token account {from}',
  mintUnknown: '(mint not stated: amount in base units)',
  tokenUnlimited: 'Unlimited approval: {delegate} may take every token in {from}.',
  computeLimit: 'Compute unit limit: {units}',
  priorityFee: 'Priority fee: {price} micro-lamports per compute unit',
  blind:
    'Blind signature: instruction {index} ({program}, {bytes} bytes of data) is not decoded by this wallet. It may move anything this account controls.',
  messageLabel: 'Message',
} as const

type Key = keyof typeof en
type Strings = Readonly<Record<Key, string>>

export const SOLANA_FRAME_CATALOGUE: Readonly<Record<FrameLocale, Strings>> = {
  en,
  es: {
    signMessage: 'Firmar mensaje (Solana)',
    signTransaction: 'Firmar transacción (Solana)',
    feePayer: 'Paga la comisión: {payer}',
    thisWallet: '{address} (esta cartera)',
    programs: 'Programas: {programs}',
    transfer: 'Enviar {amount} SOL a {to}',
    createAccount: 'Crear la cuenta {to} con {amount} SOL',
    lookupTables: 'Usa {count} tablas de direcciones (sus cuentas no se muestran)',
    network: 'Red: {network}',
    unknownProgram: '(de una tabla de direcciones)',
    tokenTransfer:
      'Transferencia de token: {amount} del mint {mint} de la cuenta de token {from} a la cuenta de token {to}',
    tokenApprove:
      'Aprobación de token: {delegate} puede gastar {amount} del mint {mint} de la cuenta de token {from}',
    mintUnknown: '(mint no indicado: importe en unidades base)',
    tokenUnlimited: 'Aprobación ilimitada: {delegate} puede llevarse todos los tokens de {from}.',
    computeLimit: 'Límite de unidades de cómputo: {units}',
    priorityFee: 'Comisión de prioridad: {price} microlamports por unidad de cómputo',
    blind:
      'Firma a ciegas: esta cartera no descodifica la instrucción {index} ({program}, {bytes} bytes de datos). Puede mover cualquier cosa que controle esta cuenta.',
    messageLabel: 'Mensaje',
  },
  zh: {
    signMessage: '签名消息（Solana）',
    signTransaction: '签名交易（Solana）',
    feePayer: '手续费支付方：{payer}',
    thisWallet: '{address}（此钱包）',
    programs: '程序：{programs}',
    transfer: '发送 {amount} SOL 至 {to}',
    createAccount: '创建账户 {to}，存入 {amount} SOL',
    lookupTables: '使用 {count} 个地址查找表（其中的账户未显示）',
    network: '网络：{network}',
    unknownProgram: '（来自地址查找表）',
    tokenTransfer: '代币转账：铸币 {mint} 的 {amount}，从代币账户 {from} 至代币账户 {to}',
    tokenApprove: '代币授权：{delegate} 可从代币账户 {from} 花费铸币 {mint} 的 {amount}',
    mintUnknown: '（未注明铸币：金额为基本单位）',
    tokenUnlimited: '无限额授权：{delegate} 可以取走 {from} 中的全部代币。',
    computeLimit: '计算单元上限：{units}',
    priorityFee: '优先费：每计算单元 {price} 微 lamport',
    blind:
      '盲签：此钱包无法解码第 {index} 条指令（{program}，{bytes} 字节数据）。它可能转移此账户控制的任何资产。',
    messageLabel: '消息',
  },
  ja: {
    signMessage: 'メッセージに署名（Solana）',
    signTransaction: 'トランザクションに署名（Solana）',
    feePayer: '手数料の支払者：{payer}',
    thisWallet: '{address}（このウォレット）',
    programs: 'プログラム：{programs}',
    transfer: '{amount} SOL を {to} に送金',
    createAccount: 'アカウント {to} を {amount} SOL で作成',
    lookupTables: '{count} 個のアドレス参照テーブルを使用（そのアカウントは表示されません）',
    network: 'ネットワーク：{network}',
    unknownProgram: '（アドレス参照テーブルから）',
    tokenTransfer:
      'トークン送金：ミント {mint} の {amount} をトークンアカウント {from} からトークンアカウント {to} へ',
    tokenApprove:
      'トークン承認：{delegate} がトークンアカウント {from} からミント {mint} の {amount} を使用可能',
    mintUnknown: '（ミント不明：金額は最小単位）',
    tokenUnlimited: '無制限の承認：{delegate} は {from} のトークンをすべて引き出せます。',
    computeLimit: 'コンピュートユニット上限：{units}',
    priorityFee: '優先手数料：コンピュートユニットあたり {price} マイクロ lamport',
    blind:
      'ブラインド署名：命令 {index}（{program}、データ {bytes} バイト）はこのウォレットでデコードされません。このアカウントが管理するものを何でも動かせる可能性があります。',
    messageLabel: 'メッセージ',
  },
  ar: {
    signMessage: 'توقيع رسالة (Solana)',
    signTransaction: 'توقيع معاملة (Solana)',
    feePayer: 'دافع الرسوم: {payer}',
    thisWallet: '{address} (هذه المحفظة)',
    programs: 'البرامج: {programs}',
    transfer: 'إرسال {amount} SOL إلى {to}',
    createAccount: 'إنشاء الحساب {to} بمبلغ {amount} SOL',
    lookupTables: 'تستخدم {count} من جداول البحث عن العناوين (حساباتها غير معروضة)',
    network: 'الشبكة: {network}',
    unknownProgram: '(من جدول بحث عن العناوين)',
    tokenTransfer: 'تحويل رمز: {amount} من السكّ {mint} من حساب الرمز {from} إلى حساب الرمز {to}',
    tokenApprove: 'موافقة رمز: يمكن لـ {delegate} إنفاق {amount} من السكّ {mint} من حساب الرمز {from}',
    mintUnknown: '(السكّ غير مذكور: المبلغ بالوحدات الأساسية)',
    tokenUnlimited: 'موافقة غير محدودة: يمكن لـ {delegate} أخذ كل الرموز في {from}.',
    computeLimit: 'حد وحدات الحوسبة: {units}',
    priorityFee: 'رسوم الأولوية: {price} ميكرو-لامبورت لكل وحدة حوسبة',
    blind:
      'توقيع أعمى: لا تفك هذه المحفظة التعليمة {index} ({program}، {bytes} بايت من البيانات). قد تنقل أي شيء يتحكم فيه هذا الحساب.',
    messageLabel: 'الرسالة',
  },
}

/** A Solana card string in the frame's locale, placeholders filled (values are text, never HTML). */
export const st = cardStrings(SOLANA_FRAME_CATALOGUE)
