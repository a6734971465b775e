// What players read speaks to players: no rule id (ST-30: two capitals of a game, a dash, a
// number) and no config key in backticks (`starting-seat`) in any text of the web client (the
// shared texts and every game's, English and German), in the rules the server sends, or in the
// page of a whole bot game of every game in both languages (its log lines and its result). Bots
// have names of their own: a 5-seat Knock Out table of bots shows five different names.
// The game crates' own texts are checked in crates/catalog/tests/wording.rs.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { UI } from '../../web/js/strings.js';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';
import { post } from '../lib/tables.mjs';

const WAIT = 90000;
const RULE_ID = /(?<![A-Za-z0-9])(ST|KW|KO|KK)-\d/;

let server;
let browser;
let games;

before(async () => {
  server = await startServer({ botDelayMs: 1 });
  browser = await launch();
  games = await (await fetch(`${server.url}/api/games`)).json();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** Every config key of every game: the default config's keys (one level deep) and the variants. */
function configKeys() {
  const keys = new Set();
  for (const g of games) {
    for (const v of g.variants || []) keys.add(v.name);
    for (const [key, value] of Object.entries(g.default_config || {})) {
      keys.add(key);
      if (value && typeof value === 'object' && !Array.isArray(value)) Object.keys(value).forEach((k) => keys.add(k));
    }
  }
  return keys;
}

/** What is wrong with `text` for a player, or null. */
function problem(text, keys) {
  const id = RULE_ID.exec(text);
  if (id) return `the rule id ${id[0]}…`;
  const quoted = String(text).split('`').filter((_, i) => i % 2 === 1);
  // A key alone or with its value (`start-cards=6`); notation such as `bet 7` is no key.
  const key = quoted.find((code) => keys.has(code.split('=')[0]));
  return key ? `the config key \`${key}\`` : null;
}

/** Every text of a string table `{ en, de }`, functions called with stand-in parameters. */
function texts(table) {
  const params = new Proxy({}, { get: (_, name) => (name === Symbol.toPrimitive ? () => 1 : 1), has: () => true });
  const out = [];
  for (const [lang, strings] of Object.entries(table || {})) {
    for (const [key, value] of Object.entries(strings)) {
      let text = value;
      if (typeof value === 'function') {
        try {
          text = value(params);
        } catch {
          continue;
        }
      }
      out.push([`${lang} ${key}`, String(text)]);
    }
  }
  return out;
}

test('the checks find rule ids and config keys', () => {
  const keys = new Set(['starting-seat']);
  for (const bad of ['won (ST-30)', 'KW-21: sweep', 'the `starting-seat` setting', '`starting-seat=1`']) assert.ok(problem(bad, keys), bad);
  for (const fine of ['won', 'type `pass`', 'BEST-10', 'a K.O.', '`starting-seat 1` is notation']) assert.equal(problem(fine, keys), null, fine);
});

test('no text of the web client or rules text names a rule id or a config key', async () => {
  const keys = configKeys();
  const found = [];
  const generic = await import('../../web/games/generic.strings.js');
  const tables = [['shared', UI], ['generic', generic.STRINGS]];
  for (const g of games) {
    const module = await import(`../../web/games/${g.name}.strings.js`).catch(() => null);
    if (module) tables.push([g.name, module.STRINGS], [`${g.name} lobby`, module.LOBBY]);
    for (const lang of ['en', 'de']) {
      const rules = await (await fetch(`${server.url}/api/games/${g.name}/rules?lang=${lang}`)).json();
      const text = rules.html.replace(/<code>/g, '`').replace(/<\/code>/g, '`').replace(/<[^>]+>/g, ' ');
      const why = problem(text, keys);
      if (why) found.push(`${g.name} rules (${lang}): ${why}`);
    }
  }
  for (const [name, table] of tables) {
    for (const [key, text] of texts(table)) {
      const why = problem(text, keys);
      if (why) found.push(`${name} ${key}: ${why} in ${JSON.stringify(text)}`);
    }
  }
  assert.deepEqual(found, []);
});

test('a whole bot game of every game reads without rule ids or config keys, in both languages', async () => {
  const keys = configKeys();
  // Every game at once, played out by the server; the page reads each finished game's log.
  const tables = await Promise.all(games.map(async (g) => {
    const seats = g.name === 'knock-out' ? 5 : g.min_seats;
    const { table } = await post(`${server.url}/api/tables`, { game: g.name, seats: Array.from({ length: seats }, () => ({ bot: 'easy' })) });
    for (const deadline = Date.now() + WAIT; Date.now() < deadline;) {
      if ((await (await fetch(`${server.url}/api/tables/${table.id}`)).json()).status === 'finished') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return { g, seats, table };
  }));
  for (const { g, seats, table } of tables) {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const lang of ['en', 'de']) {
      await page.goto(`${server.url}/`);
      await page.evaluate((code) => localStorage.setItem('spieltisch.lang', code), lang);
      await page.goto(`${server.url}/table.html?id=${table.id}`);
      await page.waitForSelector('body[data-status="finished"] #result:not([hidden])', { timeout: WAIT });
      const text = await page.evaluate(() => `${document.getElementById('log').innerText}\n${document.getElementById('result').innerText}`);
      const why = problem(text, keys);
      assert.equal(why, null, `${g.name} (${lang}): ${why}`);
      // Every bot has its own name, with its level in the page's language.
      const names = await page.$$eval('#seats .seat-name', (els) => els.map((e) => e.textContent));
      assert.equal(new Set(names).size, seats, `${g.name} (${lang}): ${names.join(', ')}`);
      const level = lang === 'de' ? 'Leicht' : 'Easy';
      for (const name of names) assert.match(name, new RegExp(`^Bot \\p{L}+ \\(${level}\\)$`, 'u'), `${g.name} (${lang})`);
    }
    assert.deepEqual(errors, [], `${g.name}: no script errors`);
    await page.close();
  }
});
