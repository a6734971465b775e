// Browser test: a private table joined by its invite link while a stranger is refused, and a
// name cleaned by the server (invisible and direction-changing characters removed).
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';

const TIMEOUT = 30000;

let server;
let host;
let friend;

before(async () => {
  server = await startServer();
  host = await launch();
  // A second browser profile: the friend has no token of the host's in its storage.
  friend = await launch();
});

after(async () => {
  if (host) await host.close();
  if (friend) await friend.close();
  if (server) await server.stop();
});

async function newPage(browser) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

test('a private table is joined by its invite link, a stranger is refused, names are cleaned', async () => {
  const games = await (await fetch(`${server.url}/api/games`)).json();
  const game = games.find((g) => g.min_seats === 2)?.name;
  assert.ok(game, 'the server offers a game for two');
  const limits = await (await fetch(`${server.url}/api/limits`)).json();

  // The host: a name too long for the server is flagged in the lobby before anything is sent.
  const page = await newPage(host);
  await page.goto(`${server.url}/`);
  await page.fill('#player-name', 'x'.repeat(limits.name_max_chars + 1));
  await page.waitForSelector('#name-problem:not([hidden])');
  // A name with a right-to-left override and zero-width spaces: the server keeps only "Ada".
  await page.fill('#player-name', '\u202E Ada\u200B\u200B ');
  assert.equal(await page.isHidden('#name-problem'), true);
  await page.click(`.game-choice[data-game="${game}"]`);
  for (const i of [0, 1]) await page.selectOption(`select[data-seat="${i}"]`, 'human');
  await page.check('#sit-down');
  await page.check('#private');
  await page.selectOption('#invite-mode', 'table');
  await page.click('#create-button');
  await page.waitForSelector('#invites:not([hidden]) #invite-links input');
  const link = await page.inputValue('#invite-links input');
  const url = new URL(link);
  const id = url.searchParams.get('table');
  assert.ok(id && url.searchParams.get('invite'), `an invite link: ${link}`);

  const shown = await (await fetch(`${server.url}/api/tables/${id}`)).json();
  assert.equal(shown.private, true);
  assert.equal(shown.seats[0].name, 'Ada', 'the name was cleaned');
  assert.equal(shown.status, 'open');

  // The lobby does not list the private table.
  const open = await (await fetch(`${server.url}/api/tables?status=open`)).json();
  assert.ok(!open.some((t) => t.id === id), 'a private table is not listed');

  // A stranger who found the table's id (no invite) cannot take the seat.
  const stranger = await newPage(friend);
  await stranger.goto(`${server.url}/?table=${id}&invite=${'0'.repeat(40)}`);
  await stranger.fill('#player-name', 'Eve');
  await stranger.click('#accept-invite');
  const refusal = await stranger.waitForSelector('.toast.error', { timeout: TIMEOUT });
  assert.match(await refusal.textContent(), /invite/i, 'the stranger is told why');
  const noInvite = await fetch(`${server.url}/api/tables/${id}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Eve' }),
  });
  assert.equal(noInvite.status, 403);
  assert.equal((await noInvite.json()).error, 'invite-required');
  await stranger.close();

  // The friend opens the link, enters a name and is seated: the game starts.
  const guest = await newPage(friend);
  await guest.goto(link);
  await guest.waitForSelector('#invitation:not([hidden]) #accept-invite:not([hidden])');
  await guest.fill('#player-name', 'Bob');
  await Promise.all([guest.waitForURL(/table\.html\?id=/), guest.click('#accept-invite')]);
  await guest.waitForFunction(() => document.body.dataset.status === 'running', null, { timeout: TIMEOUT });

  // The host goes to the table and plays there with the seat the creation gave.
  await Promise.all([page.waitForURL(/table\.html\?id=/), page.click('#go-to-table')]);
  await page.waitForFunction(() => document.body.dataset.status === 'running', null, { timeout: TIMEOUT });
  const running = await (await fetch(`${server.url}/api/tables/${id}`)).json();
  assert.deepEqual(running.seats.map((s) => s.name), ['Ada', 'Bob']);
  assert.deepEqual(page.errors, [], 'no script errors for the host');
  assert.deepEqual(guest.errors, [], 'no script errors for the friend');
});
