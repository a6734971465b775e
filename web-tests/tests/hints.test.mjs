// Browser test: a player asks for a hint at a Schotten-Totten table (English and German), reads
// the Expert bot's three suggestions in words with their chances and plays one; then a finished
// game's replay is analysed ("Analyse the game of …"), with a progress bar, marks in the moves
// and the judgement of a marked move; the analysis is stored, so the page shows it again at once.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';
import { post, keepSeat } from '../lib/tables.mjs';

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

for (const [lang, button, heading, play] of [
  ['en', 'Hint', 'The Expert bot suggests', /^Play (\w+ \d+|.+) on stone \d$/],
  ['de', 'Tipp', 'Der Experten-Bot schlägt vor', /^.+ an Stein \d legen$/],
]) {
  test(`a player asks for a hint and plays it (${lang})`, async () => {
    const { table } = await post(`${server.url}/api/tables`, { game: 'schotten-totten', seats: [{}, { bot: 'medium' }] });
    const joined = await post(`${server.url}/api/tables/${table.id}/join`, { name: 'Ada' });
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await keepSeat(page, server.url, table.id, joined);
    await page.evaluate((l) => localStorage.setItem('spieltisch.lang', l), lang);
    await page.goto(`${server.url}/table.html?id=${table.id}`);
    await page.waitForSelector('body[data-turn="you"]', { timeout: TIMEOUT });
    assert.equal(await page.isHidden('#hint'), true, 'no hint before asking');
    const ask = await page.waitForSelector('#hint-button');
    assert.equal((await ask.textContent()).trim(), button);
    await ask.click();
    await page.waitForSelector('#hint:not([hidden]) .hint-move', { timeout: TIMEOUT });
    assert.equal((await page.textContent('#hint h2')).trim(), heading);
    const moves = await page.$$eval('.hint-move', (items) =>
      items.map((li) => ({ action: li.dataset.action, words: li.querySelector('.hint-action').textContent, chance: li.querySelector('.hint-chance').textContent })));
    assert.equal(moves.length, 3, JSON.stringify(moves));
    for (const m of moves) {
      assert.match(m.words, play, `the move in words: ${JSON.stringify(m)}`);
      assert.match(m.chance, /^\d{1,3} %$/, JSON.stringify(m));
    }
    // Playing the first suggestion plays it at the table; the panel goes with the decision.
    const step = Number(await page.getAttribute('body', 'data-step'));
    await page.click('.hint-move:first-child button');
    await page.waitForFunction((s) => Number(document.body.dataset.step) > s, step, { timeout: TIMEOUT });
    await page.waitForSelector('#hint', { state: 'hidden' });
    const record = await fetch(`${server.url}/api/tables/${table.id}`).then((r) => r.json());
    assert.ok(record.step > step);
    assert.deepEqual(errors, [], 'no script errors');
    await page.close();
  });
}

test('a finished game is analysed on its replay page, mistakes marked, and the analysis kept', async () => {
  // Two Easy bots (random moves) play a game to the end: mistakes to find.
  const { table } = await post(`${server.url}/api/tables`, { game: 'schotten-totten', seats: [{ bot: 'easy' }, { bot: 'easy' }] });
  for (let i = 0; ; i++) {
    const now = await fetch(`${server.url}/api/tables/${table.id}`).then((r) => r.json());
    if (now.status === 'finished') break;
    assert.ok(i < 600, 'the bots finish');
    await new Promise((r) => setTimeout(r, 100));
  }
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/`);
  await page.evaluate(() => localStorage.setItem('spieltisch.lang', 'en'));
  await page.goto(`${server.url}/replay.html?id=${table.id}`);
  // A spectator's view has no decisions: the panel says to pick a player.
  await page.waitForSelector('#analysis p');
  assert.equal(await page.$('#analyse'), null);
  await page.goto(`${server.url}/replay.html?id=${table.id}&seat=0`);
  const button = await page.waitForSelector('#analyse');
  assert.match((await button.textContent()).trim(), /^Analyse the game of /);
  await button.click();
  // The progress bar while the Expert bot works (it may already be done on a fast machine).
  await page.waitForSelector('#analysis-progress, #analysis-summary', { timeout: TIMEOUT });
  const summary = await page.waitForSelector('#analysis-summary', { timeout: 120000 });
  const text = await summary.textContent();
  assert.match(text, /^\d+ decisions looked at: \d+ mistakes?, \d+ blunders?\.$/);
  const marks = await page.$$('.log li .analysis-mark');
  assert.ok(marks.length > 0, `random play has marked decisions: ${text}`);
  // Stepping to a marked move shows the judgement: its chance against the best move's.
  await page.click('.log li:has(.analysis-mark) .log-jump');
  const judgement = await page.textContent('#move .analysis-judgement');
  assert.match(judgement, /^(Mistake|Blunder): estimated chance \d+ % · best \d+ %: .+$/, judgement);
  // Stored: the page shows it again at once, without asking.
  await page.reload();
  await page.waitForSelector('#analysis-summary', { timeout: 5000 });
  assert.equal(await page.textContent('#analysis-summary'), text);
  assert.equal(await page.$('#analyse'), null);
  assert.deepEqual(errors, [], 'no script errors');
  await page.close();
});
