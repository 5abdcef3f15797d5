import { defineCatalogue } from '@portico/react'

/**
 * A third-party plugin's own strings: a catalogue named after the plugin, English first (it
 * gives the keys and is the fallback), then the locales the plugin's authors wrote.
 */
export const helloStrings = defineCatalogue(
  'hello',
  {
    title: 'Hello',
    greeting: '{greeting}, {name}!',
    stranger: 'stranger',
    loadedOnDemand: 'This view comes from @portico/plugin-hello, loaded on demand.',
    wave: 'Wave',
    waveCount: 'Wave ({n})',
  },
  {
    es: {
      title: 'Hola',
      greeting: '¡{greeting}, {name}!',
      stranger: 'desconocido',
      loadedOnDemand: 'Esta vista viene de @portico/plugin-hello y se carga cuando hace falta.',
      wave: 'Saludar',
      waveCount: 'Saludar ({n})',
    },
    ja: {
      title: 'こんにちは',
      greeting: '{greeting}、{name} さん！',
      stranger: 'ゲスト',
      loadedOnDemand: 'この画面は @portico/plugin-hello から必要なときに読み込まれます。',
      wave: '手を振る',
      waveCount: '手を振る（{n}）',
    },
  },
)
