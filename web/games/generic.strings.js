// The texts of the fallback renderer (generic.js), in English and German. The legal actions
// themselves stay in the game's notation: they are what the server reads.

export const STRINGS = {
  en: {
    'moves': 'Your moves',
    'view': 'What you see',
    'nothing': 'Nothing to do right now.',
    'compound': '{verb}: select the parts, then confirm',
  },
  de: {
    'moves': 'Deine Züge',
    'view': 'Was du siehst',
    'nothing': 'Gerade ist nichts zu tun.',
    'compound': '{verb}: wähle die Teile, dann bestätige',
  },
};
