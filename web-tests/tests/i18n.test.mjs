// The UI in English and German: the shared texts are complete in both, a German browser gets
// German pages, the switch changes the language everywhere, and the rules overlay explains the
// game in either language.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { UI } from '../../web/js/strings.js';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';
import { post, keepSeat } from '../lib/tables.mjs';

const WAIT = 30000;

let server;
let browser;

before(async () => {
  server = await startServer({ botDelayMs: 300 });
  browser = await launch({ locale: 'de-DE' });
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('every shared text exists in English and German', () => {
  const en = Object.keys(UI.en).sort();
  const de = Object.keys(UI.de).sort();
  assert.deepEqual(de.filter((k) => !UI.en[k]), [], 'German keys without English');
  assert.deepEqual(en.filter((k) => !(k in UI.de)), [], 'English keys without German');
  for (const key of en) {
    const value = UI.de[key];
    const text = typeof value === 'function' ? value({ min: 2, max: 4, free: 2, names: 'Ada', many: false }) : value;
    assert.ok(String(text).trim(), `German ${key} is empty`);
  }
});

test('a German browser gets the lobby in German, and the switch changes the language for every page', async () => {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/`);
  await page.waitForSelector('.game-choice');
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  assert.equal(await page.textContent('#new-table-title'), 'Neuer Tisch');
  assert.equal(await page.textContent('#create-button'), 'Tisch anlegen');
  assert.match(await page.textContent('.game-choice .game-seats'), /Spieler$/);
  assert.match(await page.textContent('#game-blurb'), /Grenzsteine/, 'the game is described in German');
  await page.click('#variants summary');
  assert.match(await page.textContent('#variants'), /Taktikkarten/, 'and so are its variants');
  assert.equal(await page.inputValue('#lang-switch'), 'de');

  // Switch to English: the page reloads in English, and the choice is kept for the next page.
  await Promise.all([page.waitForEvent('load'), page.selectOption('#lang-switch', 'en')]);
  await page.waitForSelector('.game-choice');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.textContent('#new-table-title'), 'New table');
  assert.equal(await page.evaluate(() => localStorage.getItem('spieltisch.lang')), 'en');

  const { table } = await post(`${server.url}/api/tables`, { game: 'schotten-totten', seats: [{ bot: null }, { bot: 'heuristic' }] });
  const joined = await post(`${server.url}/api/tables/${table.id}/join`, { name: 'Ada' });
  await keepSeat(page, server.url, table.id, joined);
  await page.goto(`${server.url}/table.html?id=${table.id}`);
  await page.waitForSelector('body[data-turn="you"]', { timeout: WAIT });
  assert.equal(await page.textContent('#log-title'), 'What happened');
  assert.match(await page.textContent('#banner'), /Your turn/);

  // Back to German on the table page: the banner, the log and the board speak German.
  await Promise.all([page.waitForEvent('load'), page.selectOption('#lang-switch', 'de')]);
  await page.waitForSelector('body[data-turn="you"]', { timeout: WAIT });
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  assert.equal(await page.textContent('#log-title'), 'Was geschah');
  assert.match(await page.textContent('#banner'), /Du bist am Zug/);
  assert.match(await page.title(), /^● Du bist am Zug — /, 'the turn alert in the tab speaks German too');
  const step = Number(await page.evaluate(() => document.body.dataset.step));
  await page.evaluate(() => window.spieltisch.act(window.spieltisch.legal().find((a) => a.startsWith('play'))));
  await page.waitForFunction((s) => Number(document.body.dataset.step) > s, step, { timeout: WAIT });
  const log = await page.textContent('#log');
  assert.match(log, /Stein \d/, `the log says what happened in German: ${log}`);
  assert.doesNotMatch(log, /\b[rbgyvo]\d+\b|\bstone\b/, `no card codes, no English: ${log}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the rules overlay explains the game in German and in English', async () => {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/`);
  await page.evaluate(() => localStorage.removeItem('spieltisch.lang'));
  await page.reload();
  await page.waitForSelector('.game-choice');
  await page.click('.game-choice[data-game="knock-out-whist"]');
  await page.click('#lobby-rules');
  await page.waitForSelector('#rules-dialog[open] .rules-body h2', { timeout: WAIT });
  const german = await page.textContent('#rules-dialog .rules-body');
  assert.match(german, /Stich/, 'the Whist rules in German speak of tricks');
  assert.ok(german.length > 1500, `a whole explanation, not a stub (${german.length} characters)`);

  // The overlay's own switch shows the English text without leaving the page.
  await page.click('#rules-lang-en');
  await page.waitForFunction(() => /trick/i.test(document.querySelector('#rules-dialog .rules-body').textContent), null, { timeout: WAIT });
  await page.keyboard.press('Escape');
  await page.waitForSelector('#rules-dialog', { state: 'hidden' });

  // At a table the top bar's Rules button opens the rules of the game being played.
  const { table } = await post(`${server.url}/api/tables`, { game: 'schotten-totten', seats: [{ bot: 'random' }, { bot: 'random' }] });
  await page.goto(`${server.url}/table.html?id=${table.id}`);
  await page.waitForSelector('#board[data-game="schotten-totten"]', { timeout: WAIT });
  await page.click('#rules-button');
  await page.waitForSelector('#rules-dialog[open] .rules-body h2', { timeout: WAIT });
  assert.match(await page.textContent('#rules-dialog .rules-body'), /Grenzstein/);
  await page.click('#rules-close');
  await page.waitForSelector('#rules-dialog', { state: 'hidden' });
  assert.deepEqual(errors, []);
  await page.close();
});
