// Browser test: a player without a password. The first visit gets a player key; a table created
// in the lobby is the player's and "My games" lists it as their turn (the top bar counts it); a
// second browser opens the device link and is the same player with the same games; revoking
// every key on the second browser leaves the first one a new, different player.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';

const TIMEOUT = 30000;

let server;
let first;
let second;

before(async () => {
  server = await startServer();
  first = await launch();
  second = await launch();
});

after(async () => {
  for (const b of [first, second]) if (b) await b.close();
  if (server) await server.stop();
});

test('a player keeps their games on a second device and can revoke their keys', async () => {
  const page = await first.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/`);
  await page.evaluate(() => localStorage.setItem('spieltisch.lang', 'en'));
  await page.reload();
  const key = await page.waitForFunction(() => localStorage.getItem('spieltisch.player'), null, { timeout: TIMEOUT }).then((k) => k.jsonValue());
  assert.match(key, /^[0-9a-f]{40}$/, 'a player key of 160 bits');

  // A Schotten-Totten table against the Medium bot, created (and sat at) in the lobby.
  await page.fill('#player-name', 'Ada');
  await page.click('#create-table, button:has-text("Create table")');
  await page.waitForURL(/table\.html\?id=/, { timeout: TIMEOUT });
  const id = new URL(page.url()).searchParams.get('id');
  await page.waitForSelector('body[data-turn]', { timeout: TIMEOUT });

  // My games on the first browser: the table, its turn state as the table says it.
  await page.goto(`${server.url}/me.html`);
  await page.waitForSelector(`#playing li[data-table="${id}"]`, { timeout: TIMEOUT });
  const link = await page.inputValue('#device-link');
  assert.ok(link.endsWith(`/me.html#key=${key}`), link);
  assert.ok(await page.$('#qr svg.qr-code path'), 'the QR code is drawn in the page');

  // The second browser opens the device link: the same player, the same games; the key leaves
  // the address bar.
  const phone = await second.context.newPage();
  phone.on('pageerror', (e) => errors.push(e.message));
  await phone.goto(link);
  await phone.waitForSelector(`#playing li[data-table="${id}"]`, { timeout: TIMEOUT });
  assert.equal(new URL(phone.url()).hash, '', 'the key is not left in the address bar');
  assert.equal(await phone.evaluate(() => localStorage.getItem('spieltisch.player')), key);
  assert.equal(await phone.inputValue('#me-name'), 'Ada');
  // Ada moves first (seat 0): the phone's top bar counts the table waiting for her, and the tab
  // says so.
  await phone.waitForSelector('#my-games-count:not([hidden])', { timeout: TIMEOUT });
  assert.equal((await phone.textContent('#my-games-count')).trim(), '1');
  assert.match(await phone.title(), /^\(1\) /);
  assert.equal(await phone.getAttribute('link[rel="icon"]', 'href'), 'favicon-turn.svg');

  // A phone's width: My games fits without sideways scrolling.
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.waitForTimeout(200);
  const [scroll, inner] = await phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= inner, `My games scrolls sideways at 360 px: ${scroll} > ${inner}`);

  // Revoking on the phone: the phone has a new key; the first browser is no longer that player.
  phone.once('dialog', (d) => d.accept());
  await phone.click('#revoke');
  await phone.waitForFunction((old) => localStorage.getItem('spieltisch.player') !== old, key, { timeout: TIMEOUT });
  await phone.reload();
  await phone.waitForSelector(`#playing li[data-table="${id}"]`, { timeout: TIMEOUT });
  await page.reload();
  await page.waitForFunction((old) => localStorage.getItem('spieltisch.player') && localStorage.getItem('spieltisch.player') !== old, key, { timeout: TIMEOUT });
  await page.waitForSelector('#playing li', { timeout: TIMEOUT });
  assert.equal(await page.$(`#playing li[data-table="${id}"]`), null, 'a revoked browser is a new player');
  assert.deepEqual(errors, [], 'no script errors');
});
