// Browser end-to-end test of Kopf an Kopf: a person and three heuristic bots, a whole 4-player
// game played by clicking (a horse bought so its sprint bar asks, bets of a chosen amount, sprint
// moves and 3's cards declined and taken), reaction prompts answered, and the table at phone
// width. Then the choices of rules 2 one by one, from positions the engine sets up: the bet
// chooser (1–5 €, bounded by the money), the sprint bar (which horses move, in which order, or
// none) and the 3's card (take or decline), at 360×740 and 1366×768, in English and German.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch node --test tests/kopf-an-kopf.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startServer, serverBinary } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, '..', 'artifacts');
const STEP_TIMEOUT = 30000;
const MAX_MOVES = 2500;

let server;
let browser;

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await startServer();
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** What to click among the offered actions: buy horse 1 (its sprint bar lists 2, 5, 8 and 10,
 * so the sprint bar asks often), bet, keep the roll, let reactions pass, decline every other
 * sprint-bar choice and 3's card (`declines` counts them), draw — a plain but complete way
 * through a game. */
function pick(actions, declines) {
  if (actions.includes('buy 1')) return 'buy 1';
  if (actions.includes('decline') && declines.n++ % 2 === 0) return 'decline';
  const prefer = [/^bet /, /^keep$/, /^pass$/, /^use /, /^sprint /, /^steal$/, /^pile /, /^take /, /^draw 1$/, /^play prize$/, /^discard /];
  for (const p of prefer) {
    const hit = actions.find((a) => p.test(a));
    if (hit) return hit;
  }
  return actions[0];
}

test('Kopf an Kopf: a person and three bots, a whole game by clicking, with reaction prompts and phone width', async () => {
  const games = await (await fetch(`${server.url}/api/games`)).json();
  assert.ok(games.some((g) => g.name === 'kopf-an-kopf'), 'the server offers kopf-an-kopf');
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1100 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto(`${server.url}/`);
  await page.fill('#player-name', 'Ada');
  await page.click('.game-choice[data-game="kopf-an-kopf"]');
  await page.fill('#seat-count', '4');
  await page.dispatchEvent('#seat-count', 'input');
  for (const [i, kind] of ['human', 'bot:heuristic', 'bot:heuristic', 'bot:heuristic'].entries()) {
    await page.selectOption(`select[data-seat="${i}"]`, kind);
  }
  await page.check('#sit-down');
  await Promise.all([page.waitForURL(/table\.html\?id=/), page.click('#create-button')]);
  await page.waitForSelector('.kk-board .kk-track');

  let moves = 0;
  let reactions = 0;
  let phoneChecked = false;
  const declines = { n: 0 };
  const seen = { sprint: 0, declined: 0, bets: 0 };
  for (;;) {
    await page.waitForFunction(
      () => document.body.dataset.status === 'finished' || (document.body.dataset.turn === 'you' && !document.body.classList.contains('pending') && document.querySelector('.kk-actions [data-action]')),
      null,
      { timeout: STEP_TIMEOUT },
    );
    if (await page.evaluate(() => document.body.dataset.status === 'finished')) break;
    assert.ok(++moves <= MAX_MOVES, 'the game ends');
    if (await page.$('.kk-window.asked')) {
      reactions += 1;
      if (reactions === 1) await page.screenshot({ path: path.join(artifacts, 'kopf-an-kopf-reaction.png') });
      // (Read again after the banner: the table may answer a pass-only seat meanwhile.)
      const banner = await page.textContent('#banner');
      if (await page.$('.kk-window.asked')) assert.match(banner, /^React\? .*(Re-roll|Objection)/, 'the banner says which reaction is open');
    }
    if (!phoneChecked && moves >= 20) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.waitForTimeout(200);
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= inner, `the table scrolls sideways at phone width: ${scroll} > ${inner}`);
      await page.screenshot({ path: path.join(artifacts, 'kopf-an-kopf-phone.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 1100 });
      phoneChecked = true;
    }
    const actions = await page.$$eval('.kk-actions [data-action]', (bs) => bs.map((b) => b.dataset.action));
    // A reaction window can close between the wait and the reading (the others answered, the
    // table passed for a seat that may only pass): then wait for the next decision.
    if (!actions.length) continue;
    // A reaction window where the seat may only pass is answered by the table (a click would
    // race it, and a late click lands in the next step): wait for the table.
    if (actions.length === 1 && actions[0] === 'pass' && await page.evaluate(() => document.body.dataset.stepKind === 'reaction')) {
      const before = await page.evaluate(() => document.body.dataset.step);
      await page.waitForFunction((b) => document.body.dataset.step !== b || document.body.dataset.status === 'finished', before, { timeout: STEP_TIMEOUT });
      continue;
    }
    let choice = pick(actions, declines);
    if (actions.some((a) => a.startsWith('sprint '))) seen.sprint += 1;
    if (choice === 'decline') seen.declined += 1;
    // A bet goes through the chooser: the stake 2 € (when there is 2 €), then the bet button.
    if (choice.startsWith('bet ') && await page.$('.kk-bet [data-amount="2"]:not([disabled])')) {
      await page.click('.kk-bet [data-amount="2"]');
      choice = await page.$eval('.kk-bet [data-action]', (b) => b.dataset.action);
      assert.match(choice, /^bet \d+ 2$/, 'the chosen stake is the one the button bets');
      seen.bets += 1;
    }
    const step = await page.evaluate(() => document.body.dataset.step);
    const clicked = await page.click(`.kk-actions [data-action="${choice}"]`, { timeout: 3000 }).then(() => true, () => false);
    if (!clicked) {
      assert.notEqual(await page.evaluate(() => document.body.dataset.step), step, `${choice} was offered but could not be clicked`);
      continue;
    }
    await page.waitForFunction(
      (before) => document.body.dataset.step !== before || document.querySelector('.toast.error') || document.body.dataset.status === 'finished',
      step,
      { timeout: STEP_TIMEOUT },
    );
    const error = await page.$eval('.toast.error', (e) => e.textContent).catch(() => null);
    assert.equal(error, null, `the server refused ${choice}: ${error}`);
  }
  assert.ok(reactions > 0, 'a reaction prompt was answered');
  assert.ok(seen.bets > 0, 'a bet of 2 € was made through the chooser');
  // With horse 1 owned from the first turn, a roll of 2, 5, 8 or 10 (4 in 10) asks about its
  // sprint bar: over the ~20 turns of a race none does about once in 25,000 games.
  assert.ok(seen.sprint > 0 && seen.declined > 0, `the sprint bar asked and something was declined: ${JSON.stringify(seen)}`);
  assert.ok(phoneChecked, 'the table was checked at phone width');
  await page.waitForSelector('.kk-settlement', { timeout: STEP_TIMEOUT });
  await page.waitForSelector('#result:not([hidden]) #score-note', { timeout: STEP_TIMEOUT });
  assert.match(await page.textContent('#score-note'), /^Score: money at the end/, 'the result says what the scores mean');
  await page.screenshot({ path: path.join(artifacts, 'kopf-an-kopf-end.png'), fullPage: true });
  // A race logs hundreds of lines: the log's numbers keep all their digits in view.
  const log = await page.$eval('#log', (ol) => {
    const last = ol.lastElementChild;
    const canvas = document.createElement('canvas').getContext('2d');
    canvas.font = getComputedStyle(last).font;
    return { lines: ol.children.length, number: canvas.measureText(`${ol.children.length}. `).width, room: parseFloat(getComputedStyle(ol).paddingLeft) };
  });
  assert.ok(log.lines >= 100, `a whole race logs at least 100 lines: ${log.lines}`);
  assert.ok(log.number <= log.room, `line ${log.lines}'s number (${log.number.toFixed(1)} px) fits the log's margin (${log.room} px)`);
  assert.deepEqual(errors, [], 'no script errors');
});

/** The engine's line protocol (`spieltisch engine`), one request at a time. */
function engine() {
  const child = spawn(serverBinary(), ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const replies = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => replies.shift()(JSON.parse(line)));
  return {
    ask(request) {
      return new Promise((resolve) => {
        replies.push(resolve);
        child.stdin.write(`${JSON.stringify(request)}\n`);
      });
    },
    close() {
      child.stdin.end();
    },
  };
}

/** Seat 0's view and legal actions in the position `change` makes of a fresh 4-player race. */
async function seatZero(proto, change) {
  await proto.ask({ cmd: 'new', game: 'kopf-an-kopf', seats: 4, seed: 4 });
  const position = JSON.parse((await proto.ask({ cmd: 'position' })).position);
  change(position);
  const setup = await proto.ask({ cmd: 'setup', game: 'kopf-an-kopf', seats: 4, position: JSON.stringify(position) });
  assert.ok(setup.ok, `the engine sets the position up: ${setup.message}`);
  const { view, legal } = await proto.ask({ cmd: 'view', seat: 0 });
  return { view, legal };
}

test('Kopf an Kopf: the bet chooser, the sprint bar and the 3\'s card, on a phone and a laptop, in English and German', async () => {
  const proto = engine();
  const positions = {
    // The action step with 25 € and with 3 €: stakes 1–5 €, and 1–3 € with 4 and 5 € off.
    bet: await seatZero(proto, (p) => { p.phase = 'action'; p.roll = [4, 1, 0]; }),
    poor: await seatZero(proto, (p) => { p.phase = 'action'; p.roll = [4, 1, 0]; p.players[0].money = 3; }),
    // Seat 0 owns horses 2 and 4, whose sprint bars list the rolled horse 1.
    sprint: await seatZero(proto, (p) => {
      p.phase = 'sprint'; p.roll = [1, 2, 0]; p.sprinters = [2, 4]; p.horses[0][0] = 2;
      p.horses[1][2] = 0; p.horses[3][2] = 0;
    }),
    // A 3 on horse 6, which seat 2 owns; and on horse 7, which nobody owns.
    steal: await seatZero(proto, (p) => { p.phase = 'three-card'; p.roll = [6, 3, 0]; p.horses[5] = [3, 0, 2]; }),
    pile: await seatZero(proto, (p) => { p.phase = 'three-card'; p.roll = [7, 3, 0]; p.horses[6][0] = 3; }),
  };
  proto.close();
  assert.deepEqual(positions.sprint.legal, ['sprint 2', 'sprint 4', 'decline']);
  assert.deepEqual(positions.steal.legal, ['steal', 'decline']);
  assert.deepEqual(positions.pile.legal, ['pile 1', 'pile 2', 'decline']);
  assert.deepEqual(positions.poor.legal.filter((a) => a.startsWith('bet 7 ')), ['bet 7 1', 'bet 7 2', 'bet 7 3']);

  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The lobby page for its styles and origin, without the lobby itself: the board replaces it.
  await page.route('**/js/lobby.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  const NAMES = ['Ada', 'Bob', 'Cleo', 'Dan'];
  // The table page's layout around the board, and the renderer mounted on it with seat 0's view.
  async function show(name, language, size) {
    await page.setViewportSize(size);
    await page.evaluate(async ({ state, names }) => {
      document.body.className = 'page-table';
      document.body.innerHTML = '<main class="table-page"><div class="play-area"><section id="board" class="board"></section></div><aside class="side"><section class="panel">…</section></aside></main>';
      const module = await import('/games/kopf-an-kopf.js');
      window.acted = [];
      const ctx = { mode: 'play', act: (a) => window.acted.push(a), seatName: (s) => names[s] };
      module.mount(document.getElementById('board'), ctx).update({ ...state, you: 0, table: { seats: names.map((n) => ({ name: n })), config: {} } });
    }, { state: positions[name], names: NAMES });
    // The renderer adds its stylesheet when mounted: measure once it has loaded.
    await page.waitForFunction(() => document.querySelector('link[href$="kopf-an-kopf.css"]')?.sheet);
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= inner, `${name} (${language}, ${size.width}px) scrolls sideways: ${scroll} > ${inner}`);
    // What is asked is on the first screen, above the fold of a phone.
    const bar = await page.$eval('.kk-actions', (e) => e.getBoundingClientRect().toJSON());
    assert.ok(bar.top < size.height, `${name} (${language}, ${size.width}px): the choices start below the first screen (${bar.top})`);
    await page.screenshot({ path: path.join(artifacts, `kopf-an-kopf-${name}-${language}-${size.width}.png`), fullPage: true });
  }
  const acted = () => page.evaluate(() => window.acted.slice(-1)[0]);
  for (const language of ['en', 'de']) {
    await page.goto(`${server.url}/`);
    await page.evaluate((lang) => localStorage.setItem('spieltisch.lang', lang), language);
    await page.reload();
    for (const size of [{ width: 360, height: 740 }, { width: 1366, height: 768 }]) {
      // Bets: the most there is by default; another horse and stake by two clicks.
      await show('bet', language, size);
      assert.equal(await page.$eval('.kk-bet [data-action]', (b) => b.dataset.action), 'bet 1 5');
      await page.selectOption('.kk-bet select', '7');
      await page.click('.kk-bet [data-amount="3"]');
      assert.equal(await page.$eval('.kk-amount.chosen', (b) => b.getAttribute('aria-pressed')), 'true');
      const label = await page.textContent('.kk-bet [data-action]');
      assert.match(label, language === 'en' ? /^Bet 3 € on horse 7 Kleiner Prinz$/ : /^3 € auf Pferd 7 Kleiner Prinz wetten$/);
      await page.click('.kk-bet [data-action]');
      assert.equal(await acted(), 'bet 7 3');
      // With 3 € the stakes above 3 € are shown but cannot be chosen.
      await show('poor', language, size);
      assert.deepEqual(await page.$$eval('.kk-amount:disabled', (bs) => bs.map((b) => b.dataset.amount)), ['4', '5']);
      assert.equal(await page.$eval('.kk-bet [data-action]', (b) => b.dataset.action), 'bet 1 3');
      // The sprint bar: which horses move, one at a time, or none.
      await show('sprint', language, size);
      assert.match(await page.textContent('.kk-step.asked'), language === 'en' ? /may move 2 too/ : /dürfen ebenfalls 2 ziehen/);
      await page.click('[data-action="sprint 4"]');
      assert.equal(await acted(), 'sprint 4');
      assert.match(await page.textContent('[data-action="decline"]'), language === 'en' ? /^Leave horses 2, 4 where they are$/ : /^Pferde 2, 4 stehen lassen$/);
      // The 3's card: from its owner, or a pile; or none.
      await show('steal', language, size);
      assert.match(await page.textContent('[data-action="steal"]'), language === 'en' ? /^Take a random card from Cleo, seat 3$/ : /^Zufällige Karte von Cleo, Platz 3 ziehen$/);
      await page.click('[data-action="decline"]');
      assert.equal(await acted(), 'decline');
      await show('pile', language, size);
      assert.match(await page.textContent('.kk-step.asked'), language === 'en' ? /top card of a pile, or none/ : /oberste Karte eines Stapels nehmen, oder keine/);
      await page.click('[data-action="pile 2"]');
      assert.equal(await acted(), 'pile 2');
    }
  }
  assert.deepEqual(errors, [], 'no script errors');
  await page.close();
});
