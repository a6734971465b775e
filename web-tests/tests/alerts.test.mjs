// Browser test: turn alerts. The tab title and icon say when it is the player's turn; with
// notifications switched on, a turn that comes while the tab is in the background notifies.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';
import { post, keepSeat } from '../lib/tables.mjs';

const WAIT = 30000;

let server;
let browser;

before(async () => {
  server = await startServer({ botDelayMs: 1500 });
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});


test('the tab says when it is your turn, and a turn in a background tab notifies', async () => {
  const { table } = await post(`${server.url}/api/tables`, {
    game: 'schotten-totten',
    seats: [{ bot: null }, { bot: 'heuristic' }],
  });
  const joined = await post(`${server.url}/api/tables/${table.id}/join`, { name: 'Ada' });
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Headless Chromium shows no system notifications: a stand-in records what the page asks for.
  await page.addInitScript(() => {
    window.__notifications = [];
    window.Notification = class {
      static permission = 'granted';
      static requestPermission() {
        return Promise.resolve('granted');
      }
      constructor(title, options) {
        window.__notifications.push({ title, body: options && options.body, hidden: document.hidden });
      }
      close() {}
    };
  });
  await keepSeat(page, server.url, table.id, joined);
  await page.goto(`${server.url}/table.html?id=${table.id}`);

  // Seat 0 starts: the title and the icon say so at once.
  await page.waitForSelector('body[data-turn="you"][data-alert="turn"]', { timeout: WAIT });
  assert.match(await page.title(), /^● Your turn — /);
  assert.equal(await page.getAttribute('link[rel="icon"]', 'href'), 'favicon-turn.svg');

  // Switch notifications on in the alerts menu.
  await page.click('#alerts summary');
  await page.check('#alert-notify');
  assert.equal(await page.isChecked('#alert-notify'), true);
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('spieltisch.alerts'))), { sound: false, notify: true });

  // Play, and while the bot thinks put another tab in front.
  const step = Number(await page.evaluate(() => document.body.dataset.step));
  await page.evaluate(() => window.spieltisch.act(window.spieltisch.legal().find((a) => a.startsWith('play'))));
  await page.waitForFunction((s) => Number(document.body.dataset.step) > s && document.body.dataset.turn === 'other', step, { timeout: WAIT });
  assert.doesNotMatch(await page.title(), /Your turn/, 'the title drops the alert once the move is made');
  assert.equal(await page.getAttribute('link[rel="icon"]', 'href'), 'favicon.svg');
  const other = await browser.context.newPage();
  await other.goto(`${server.url}/`);
  await other.bringToFront();
  // Headless tabs stay "visible" unless told: say the table's tab is in the background, as a
  // browser does when another tab is in front.
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  // The bot moves; the turn comes back to the background tab.
  await page.waitForSelector('body[data-turn="you"][data-alert="turn"]', { timeout: WAIT });
  assert.match(await page.title(), /^● Your turn — /);
  const notes = await page.evaluate(() => window.__notifications);
  assert.equal(notes.length, 1, `one notification for the turn: ${JSON.stringify(notes)}`);
  assert.equal(notes[0].title, 'Your turn');
  assert.equal(notes[0].hidden, true);
  await other.close();
  await page.close();
  assert.deepEqual(errors, []);
});
