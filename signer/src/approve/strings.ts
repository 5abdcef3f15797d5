import { cardStrings, type FrameLocale } from '../locale.js'

/**
 * The approval card's own texts (Copy, and why Approve is off), in the
 * frame's five locales; the same catalogue rules as the frame's main one.
 */
const en = {
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the text and copy it yourself.',
  blockedHidden:
    'Approve is off while this window is covered, see-through or partly off screen. Close whatever covers it.',
  blockedSmall: 'Approve is off while this window is smaller than {width} × {height} pixels.',
  blockedWait: 'Approve works a moment after the card appears: read it first, then click again.',
} as const

type Key = keyof typeof en
type Strings = Readonly<Record<Key, string>>

export const APPROVE_CATALOGUE: Readonly<Record<FrameLocale, Strings>> = {
  en,
  es: {
    copy: 'Copiar',
    copied: 'Copiado',
    copyFailed: 'No se pudo copiar: selecciona el texto y cópialo tú.',
    blockedHidden:
      'Aprobar está desactivado mientras esta ventana esté tapada, transparente o en parte fuera de la pantalla. Cierra lo que la tapa.',
    blockedSmall: 'Aprobar está desactivado mientras esta ventana mida menos de {width} × {height} píxeles.',
    blockedWait: 'Aprobar funciona un momento después de aparecer la tarjeta: léela y vuelve a hacer clic.',
  },
  zh: {
    copy: '复制',
    copied: '已复制',
    copyFailed: '无法复制：请选中文本自行复制。',
    blockedHidden: '此窗口被遮挡、透明或部分位于屏幕外时，无法批准。请关闭遮挡它的内容。',
    blockedSmall: '此窗口小于 {width} × {height} 像素时，无法批准。',
    blockedWait: '卡片出现片刻后才能批准：请先阅读，然后再次点击。',
  },
  ja: {
    copy: 'コピー',
    copied: 'コピーしました',
    copyFailed: 'コピーできませんでした。テキストを選択してコピーしてください。',
    blockedHidden:
      'このウィンドウが覆われている、透明である、または一部が画面外にある間は承認できません。覆っているものを閉じてください。',
    blockedSmall: 'このウィンドウが {width} × {height} ピクセルより小さい間は承認できません。',
    blockedWait:
      '承認はカードが表示されて少し経ってから有効になります。内容を読んでからもう一度クリックしてください。',
  },
  ar: {
    copy: 'نسخ',
    copied: 'تم النسخ',
    copyFailed: 'تعذّر النسخ: حدّد النص وانسخه بنفسك.',
    blockedHidden: 'الموافقة معطّلة ما دامت هذه النافذة مغطاة أو شفافة أو خارج الشاشة جزئيًا. أغلق ما يغطيها.',
    blockedSmall: 'الموافقة معطّلة ما دامت هذه النافذة أصغر من {width} × {height} بكسل.',
    blockedWait: 'تعمل الموافقة بعد لحظة من ظهور البطاقة: اقرأها أولًا ثم انقر مجددًا.',
  },
}

/** An approval-card string in the frame's locale, placeholders filled (values are text, never HTML). */
export const at = cardStrings(APPROVE_CATALOGUE)
