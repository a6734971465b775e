// Development aid: the table of every game at 1366×768 and 360×740, in English and German, at
// the viewer's first decision (viewport screenshots: what is in view without scrolling).
// node dev/table-shots.mjs BASE_URL OUT_DIR [game ...]
import { launch } from '../lib/browser.mjs';
import { keepSeat, post as postTo } from '../lib/tables.mjs';

const [base, out, ...only] = process.argv.slice(2);
const SETUPS = {
  'schotten-totten': { seats: [{ bot: null }, { bot: 'heuristic' }] },
  'knock-out-whist': { seats: [{ bot: null }, { bot: 'heuristic' }, { bot: 'heuristic' }, { bot: 'heuristic' }] },
  'knock-out': { seats: [{ bot: null }, { bot: 'heuristic' }, { bot: 'heuristic' }, { bot: 'heuristic' }, { bot: 'heuristic' }] },
  'kopf-an-kopf': { seats: [{ bot: null }, { bot: 'heuristic' }, { bot: 'heuristic' }, { bot: 'heuristic' }] },
};
const post = (path, body) => postTo(`${base}${path}`, body);
const b = await launch();
for (const [game, setup] of Object.entries(SETUPS)) {
  if (only.length && !only.includes(game)) continue;
  const created = await post('/api/tables', { game, seats: setup.seats, join: { name: 'Ada' } });
  const { table, seat, token } = created;
  if (!table) { console.log(game, created); continue; }
  for (const lang of ['en', 'de']) {
    for (const [w, hgt, tag] of [[1366, 768, 'wide'], [360, 740, 'phone']]) {
      const page = await b.context.newPage();
      page.on('pageerror', (e) => console.log(`[${game} ${tag}] pageerror:`, e.message));
      await page.setViewportSize({ width: w, height: hgt });
      await keepSeat(page, base, table.id, { seat, token });
      await page.evaluate((l) => localStorage.setItem('spieltisch.lang', l), lang);
      await page.goto(`${base}/table.html?id=${table.id}`);
      await page.waitForSelector('body[data-turn="you"]', { timeout: 60000 }).catch(() => console.log(game, 'no turn'));
      await page.waitForTimeout(400);
      const sw = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth, document.documentElement.scrollHeight]);
      console.log(game, lang, tag, 'scrollWidth/innerWidth/scrollHeight', sw, await page.textContent('#banner'));
      await page.screenshot({ path: `${out}/${game}-${lang}-${tag}.png` });
      await page.close();
    }
  }
}
await b.close();
