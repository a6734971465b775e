// The shared UI's texts in English and German (the games' own texts live beside their renderers):
// one file per language, the same keys in both.

import { tr } from './i18n.js';
import { en } from './strings-en.js';
import { de } from './strings-de.js';

/** The shared UI's string table, `{ en, de }` (tests check that both have the same keys). */
export const UI = { en, de };

/** `key` of the shared UI in the page's language, with `params` filled in. */
export function t(key, params) {
  return tr(UI, key, params);
}
