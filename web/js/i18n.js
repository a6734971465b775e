// The page's language (English or German) and the lookup of translated strings.
//
// Strings live in tables `{ en: { key: value }, de: { key: value } }`: the shared UI's in
// strings.js, each game's in its renderer module. A value is a text with `{name}` slots or a
// function of the parameters (for plurals and sentences whose order changes). A key missing in
// German falls back to English, so a half-translated table still reads.

const STORAGE_KEY = 'spieltisch.lang';

/** The languages the UI speaks, in the order the switch lists them. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
];

const CODES = LANGUAGES.map((l) => l.code);

function stored() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The browser's first preferred language that the UI speaks, else English. */
export function browserLang() {
  // Outside a browser (node tests) there is no navigator: English.
  if (typeof navigator === 'undefined') return 'en';
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  for (const tag of wanted) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (CODES.includes(code)) return code;
  }
  return 'en';
}

/** The language of this page: the one chosen with the switch, else the browser's. */
export function lang() {
  const chosen = stored();
  return CODES.includes(chosen) ? chosen : browserLang();
}

/** Chooses `code` for this and later pages and reloads, so every part of the page speaks it. */
export function setLang(code) {
  if (!CODES.includes(code) || code === lang()) return;
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Private windows may refuse storage: the reload below still shows the browser's language.
  }
  location.reload();
}

function fill(value, params) {
  if (typeof value === 'function') return value(params || {});
  return String(value).replace(/\{(\w+)\}/g, (whole, name) => (params && name in params ? String(params[name]) : whole));
}

/** `key` of `table` in the page's language, with `params` filled in. */
export function tr(table, key, params) {
  const here = table[lang()] || {};
  if (key in here) return fill(here[key], params);
  const english = table.en || {};
  if (key in english) return fill(english[key], params);
  console.warn(`no text for ${key}`);
  return key;
}

/** Whether `table` has `key` (in English, which every table is complete in). */
export function has(table, key) {
  return Boolean(table.en && key in table.en);
}

/** Translates the page's static HTML: `data-i18n="key"` sets the text, `data-i18n-attr="attr:key;…"`
 * sets attributes; `<html lang>` follows. */
export function translatePage(table, root = document) {
  document.documentElement.lang = lang();
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = tr(table, node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of node.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':').map((x) => x.trim());
      if (attr && key) node.setAttribute(attr, tr(table, key));
    }
  }
}

/** The language switch: a small select that reloads the page in the chosen language. */
export function languageSwitch(label) {
  const select = document.createElement('select');
  select.id = 'lang-switch';
  select.className = 'lang-switch';
  select.setAttribute('aria-label', label);
  select.title = label;
  for (const { code, name } of LANGUAGES) {
    const option = document.createElement('option');
    option.value = code;
    // The code, not the name: the switch must fit a phone's top bar beside the rules button.
    option.textContent = code.toUpperCase();
    option.title = name;
    option.lang = code;
    option.selected = code === lang();
    select.append(option);
  }
  select.addEventListener('change', () => setLang(select.value));
  return select;
}
