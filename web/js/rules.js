// The rules of a game in a modal dialog, for any page: `openRules('schotten-totten', 'de')`.
//
// The server renders the catalog's markdown to HTML (GET /api/games/{game}/rules?lang=…, with
// raw HTML escaped there), so this module only fetches and shows it. The dialog is built on
// first use and kept: a language toggle inside it switches between English and Deutsch without
// changing the page's language, Escape, the close button or a click beside the dialog close it.
// Its stylesheet (css/rules.css) is loaded with it, so a page needs nothing but the import.

import { h, replace } from './dom.js';

/** The languages the toggle offers, in its order. */
const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
];

/** The dialog's own words, in the language of the text it shows (not the page's). */
const WORDS = {
  en: {
    title: (game) => `How to play ${game}`,
    close: 'Close',
    language: 'Language',
    loading: 'Loading the rules…',
    failed: (why) => `The rules could not be loaded: ${why}`,
  },
  de: {
    title: (game) => `So spielt man ${game}`,
    close: 'Schließen',
    language: 'Sprache',
    loading: 'Die Regeln werden geladen …',
    failed: (why) => `Die Regeln konnten nicht geladen werden: ${why}`,
  },
};

const STYLESHEET = new URL('../css/rules.css', import.meta.url);

/** Answers already fetched, by `game:lang`: the toggle flips back without a request. */
const cache = new Map();

let parts = null; // the dialog and the elements it updates, once built
let shown = { game: null, lang: 'en' };
let latest = 0; // the number of the newest request: older answers arriving late are dropped

function words(lang) {
  return WORDS[lang] || WORDS.en;
}

/** `de-AT`, `DE` → `de`; anything the toggle does not offer → `en` (the server's fallback too). */
function normalise(lang) {
  const code = String(lang || '').trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.some((l) => l.code === code) ? code : 'en';
}

/** The page's language when the caller names none (i18n.js sets it on <html lang>). */
function pageLang() {
  return normalise(document.documentElement.lang);
}

/** Resolves once the stylesheet is there (or failed), so the dialog never flashes unstyled. */
function loadStylesheet() {
  const href = String(STYLESHEET);
  const present = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === href);
  if (present && present.sheet) return Promise.resolve();
  const link = present || h('link', { rel: 'stylesheet', href });
  const loaded = new Promise((resolve) => {
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true });
    // A stylesheet that never answers must not keep the rules from showing.
    setTimeout(resolve, 1500);
  });
  if (!present) document.head.append(link);
  return loaded;
}

function build() {
  const title = h('h1', { id: 'rules-title', class: 'rules-title' });
  const toggles = LANGUAGES.map(({ code, name }) =>
    h('button', {
      type: 'button',
      id: `rules-lang-${code}`,
      class: 'btn small rules-lang',
      lang: code,
      'aria-pressed': 'false',
      dataset: { lang: code },
      onclick: () => shown.game && show(shown.game, code),
    }, name));
  const langGroup = h('div', { class: 'rules-langs', role: 'group' }, toggles);
  const close = h('button', { type: 'button', id: 'rules-close', class: 'btn small icon rules-close', onclick: () => closeRules() }, '×');
  // Focusable, so the keyboard scrolls the text as soon as the dialog opens.
  const body = h('div', { class: 'rules-body', tabindex: '0' });
  const dialog = h('dialog', { id: 'rules-dialog', class: 'rules-dialog', 'aria-labelledby': 'rules-title' },
    h('div', { class: 'rules-panel' },
      h('header', { class: 'rules-head' }, title, langGroup, close),
      body));
  // The browser's own Escape handling (the `cancel` event) may be skipped after repeated
  // presses without other input; handling the key here closes the dialog every time.
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeRules();
    }
  });
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault();
    closeRules();
  });
  // A click on the backdrop lands on the dialog itself; clicks inside land on the panel.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) closeRules();
  });
  document.body.append(dialog);
  return { dialog, title, toggles, langGroup, close, body };
}

/** Sets the dialog's words and toggle to `lang`, the title to `title`. */
function label(lang, title) {
  const w = words(lang);
  parts.title.textContent = w.title(title);
  parts.close.setAttribute('aria-label', w.close);
  parts.close.title = w.close;
  parts.langGroup.setAttribute('aria-label', w.language);
  for (const button of parts.toggles) button.setAttribute('aria-pressed', String(button.dataset.lang === lang));
}

async function fetchRules(game, lang) {
  const key = `${game}:${lang}`;
  if (cache.has(key)) return cache.get(key);
  let response;
  try {
    response = await fetch(`/api/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(lang)}`);
  } catch {
    throw new Error(lang === 'de' ? 'der Server ist nicht erreichbar' : 'the server cannot be reached');
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok || !data || typeof data.html !== 'string') {
    throw new Error((data && data.message) || `HTTP ${response.status}`);
  }
  cache.set(key, data);
  return data;
}

/** Fetches and shows the rules of `game` in `lang` in the (open) dialog. */
async function show(game, lang) {
  const request = ++latest;
  shown = { game, lang };
  label(lang, (cache.get(`${game}:${lang}`) || {}).title || game);
  if (!cache.has(`${game}:${lang}`)) {
    parts.body.setAttribute('aria-busy', 'true');
    replace(parts.body, h('p', { class: 'rules-status' }, words(lang).loading));
  }
  try {
    const data = await fetchRules(game, lang);
    if (request !== latest) return;
    // The server may have fallen back to another language: show the one it sent.
    shown = { game, lang: normalise(data.lang) };
    label(shown.lang, data.title || game);
    const offered = new Set(data.languages || [data.lang]);
    for (const button of parts.toggles) button.disabled = !offered.has(button.dataset.lang);
    parts.body.lang = data.lang;
    // Safe to insert as HTML: the server rendered it from the catalog's markdown with raw
    // HTML escaped and unsafe link addresses removed (crates/server/src/api/rules.rs).
    parts.body.innerHTML = data.html;
    parts.body.scrollTop = 0;
  } catch (e) {
    if (request !== latest) return;
    replace(parts.body, h('p', { class: 'rules-status error', role: 'alert' }, words(lang).failed(e.message)));
  } finally {
    if (request === latest) parts.body.removeAttribute('aria-busy');
  }
}

/**
 * Opens the rules of `game` (a registry name such as `kopf-an-kopf`) in `lang` (`en` or `de`;
 * default: the page's language) in a modal dialog, or switches the open dialog to them.
 * `extra`, an element the caller keeps up to date (the table's running clock), is shown in the
 * dialog's header. Resolves once the text (or a message why it could not be loaded) is shown.
 */
export async function openRules(game, lang = pageLang(), extra = null) {
  await loadStylesheet();
  if (!parts) parts = build();
  if (extra && extra.parentNode !== parts.title.parentNode) parts.title.after(extra);
  if (!parts.dialog.open) {
    parts.dialog.showModal();
    parts.body.focus();
  }
  await show(String(game), normalise(lang));
}

/** Closes the rules dialog if it is open. */
export function closeRules() {
  if (parts && parts.dialog.open) parts.dialog.close();
}
