// Development aid: the lobby against mocked API answers (static files from the python server).
import { launch } from '../lib/browser.mjs';
const base = 'http://127.0.0.1:8765/web/';
const games = [
  { name: 'schotten-totten', title: 'Schotten-Totten', rules_version: '1', min_seats: 2, max_seats: 2, bots: ['random', 'heuristic', 'ismcts'], default_config: { 'claim-after-play': false, 'table-proof': false, 'match-games': 1, 'starting-seat': 0 },
    variants: [{ name: 'claim-after-play', description: 'claim stones after playing a card and before drawing (IELLO 2016), not before playing', kind: 'flag' },
      { name: 'table-proof', description: "proofs count only the cards on the table; the claimant's hand cannot be shown (IELLO 2016)", kind: 'flag' },
      { name: 'match-games', description: 'games in the match; the loser of a game starts the next', kind: 'number', min: 1, max: 99, default: 1 }] },
  { name: 'knock-out-whist', title: 'Knock-Out Whist', rules_version: '1', min_seats: 2, max_seats: 7, bots: ['random', 'heuristic', 'ismcts'], default_config: {}, variants: [{ name: 'mercy', description: 'KW-30: a player knocked out for the first time plays on with one card', kind: 'flag' }] },
];
const tables = {
  open: [{ id: 'k3j9x2mq7a', game: 'schotten-totten', title: 'Schotten-Totten', config: { 'claim-after-play': true }, status: 'open', seats: [{ seat: 0, kind: 'human', name: 'Ada', taken: true, connected: true }, { seat: 1, kind: 'human', name: null, taken: false, connected: false }], to_act: [], step: 0, outcome: null, created: new Date(Date.now() - 120000).toISOString() }],
  running: [{ id: 'zz9x2mq7a1', game: 'knock-out-whist', title: 'Knock-Out Whist', config: {}, status: 'running', seats: [{ seat: 0, kind: 'human', name: 'Bob', taken: true, connected: false }, { seat: 1, kind: 'bot', bot: 'heuristic', name: 'heuristic', taken: true, connected: true }, { seat: 2, kind: 'bot', bot: 'ismcts:1000', name: 'ismcts:1000', taken: true, connected: true }], to_act: [1], step: 14, outcome: null, created: new Date().toISOString() }],
  finished: [{ id: 'fin1234567', game: 'schotten-totten', title: 'Schotten-Totten', config: {}, status: 'finished', seats: [{ seat: 0, kind: 'human', name: 'Cy', taken: true, connected: false }, { seat: 1, kind: 'bot', bot: 'heuristic', name: 'heuristic', taken: true, connected: true }], to_act: [], step: 40, outcome: { places: [2, 1], scores: [0, 5] }, created: new Date(Date.now() - 7200000).toISOString() }],
};
const b = await launch();
for (const [w, hgt, tag] of [[1280, 900, 'wide'], [360, 740, 'phone']]) {
  const page = await b.context.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('console', (m) => console.log('console', m.text()));
  await page.route('**/api/games', (r) => r.fulfill({ json: games }));
  await page.route('**/api/tables?status=*', (r) => r.fulfill({ json: tables[new URL(r.request().url()).searchParams.get('status')] }));
  await page.setViewportSize({ width: w, height: hgt });
  await page.goto(base);
  await page.waitForTimeout(700);
  console.log(tag, await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]));
  await page.screenshot({ path: `/tmp/lobby-${tag}.png`, fullPage: true });
  await page.click('[data-game="knock-out-whist"]');
  await page.fill('#seat-count', '4');
  await page.dispatchEvent('#seat-count', 'input');
  await page.selectOption('[data-seat="2"]', 'bot:ismcts');
  await page.screenshot({ path: `/tmp/lobby2-${tag}.png`, fullPage: true });
  await page.close();
}
await b.close();
