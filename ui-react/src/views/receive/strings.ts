import { defineCatalogue } from '../../i18n/index.js'

/** Receive's namespace notes (catalogue id `receive`): English plus es, zh (Simplified), ja, ar. */
export const receiveStrings = defineCatalogue(
  'receive',
  {
    memoNote:
      'No memo is needed to receive at this address: it is yours alone. A memo (or tag) is only for an exchange’s shared deposit address — when you send to an exchange, use the memo it gives you, or the funds may be lost.',
  },
  {
    es: {
      memoNote:
        'No hace falta un memo para recibir en esta dirección: es solo tuya. El memo (o etiqueta) es para la dirección de depósito compartida de un exchange: al enviar a un exchange, usa el memo que te indique o los fondos podrían perderse.',
    },
    zh: {
      memoNote:
        '在此地址收款无需备注（memo）：它只属于你。备注（或标签）只用于交易所的共享充值地址——向交易所转账时，请填写交易所提供的备注，否则资金可能丢失。',
    },
    ja: {
      memoNote:
        'このアドレスでの受け取りにメモは不要です（あなた専用のアドレスです）。メモ（タグ）は取引所の共有入金アドレス用です。取引所に送るときは、指定されたメモを必ず入力してください。入力しないと資金を失うおそれがあります。',
    },
    ar: {
      memoNote:
        'لا حاجة إلى مذكرة (memo) للاستلام على هذا العنوان: فهو لك وحدك. المذكرة (أو الوسم) لعنوان الإيداع المشترك في منصة التداول فقط — عند الإرسال إلى منصة، استخدم المذكرة التي تعطيك إياها وإلا فقد تضيع الأموال.',
    },
  },
)
