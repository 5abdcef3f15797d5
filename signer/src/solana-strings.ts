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
  },
}

/** A Solana card string in the frame's locale, placeholders filled (values are text, never HTML). */
export const st = cardStrings(SOLANA_FRAME_CATALOGUE)
