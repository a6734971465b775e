// Browser test: a spectator of a finished game is told, in their language, when the players
// start a rematch, and is offered to watch it.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';
import { post } from '../lib/tables.mjs';

const TIMEOUT = 60000;

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

for (const [lang, notice, watch] of [
  ['en', 'The players started a rematch.', 'Watch the rematch'],
  ['de', 'Die Spieler haben eine Revanche begonnen.', 'Der Revanche zuschauen'],
]) {
  test(`a spectator is told when a rematch starts (${lang})`, async () => {
    // Two bots play a short game on their own; the spectator has no seat and no token.
    const { table } = await post(`${server.url}/api/tables`, { game: 'schotten-totten', seats: [{ bot: 'random' }, { bot: 'random' }] });
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/`);
    await page.evaluate((l) => localStorage.setItem('spieltisch.lang', l), lang);
    await page.goto(`${server.url}/table.html?id=${table.id}`);
    await page.waitForSelector('body[data-status="finished"]', { timeout: TIMEOUT });
    assert.equal(await page.$('#watch-rematch'), null, 'no rematch to watch yet');

    // A player asks for the rematch; the spectator's page hears of it without reloading.
    const { table: next } = await post(`${server.url}/api/tables/${table.id}/rematch`, {});
    assert.notEqual(next.id, table.id);
    const toast = await page.waitForSelector('#toasts .toast', { timeout: TIMEOUT });
    assert.equal((await toast.textContent()).trim(), notice);
    const link = await page.waitForSelector('#watch-rematch');
    assert.equal((await link.textContent()).trim(), watch);
    await Promise.all([page.waitForURL((url) => url.search.includes(next.id)), link.click()]);
    await page.waitForSelector('body[data-status]');
    assert.deepEqual(errors, [], 'no script errors');
    await page.close();
  });
}
