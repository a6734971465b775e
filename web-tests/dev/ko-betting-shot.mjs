// Development aid: Knock Out's betting step as the viewer sees it at 1366×768 and 360×740,
// English and German (plays the first legal action until the viewer is asked to bet).
// node dev/ko-betting-shot.mjs BASE_URL OUT_DIR
import { launch } from '../lib/browser.mjs';
import { keepSeat, post as postTo } from '../lib/tables.mjs';

const [base, out] = process.argv.slice(2);
const post = (path, body) => postTo(`${base}${path}`, body);
const b = await launch();
const seats = [{ bot: null }, { bot: 'heuristic' }, { bot: 'heuristic' }, { bot: 'heuristic' }, { bot: 'heuristic' }];
const { table, seat, token } = await post('/api/tables', { game: 'knock-out', seats, join: { name: 'Ada' } });
let first = true;
for (const lang of ['en', 'de']) {
  for (const [w, hgt, tag] of [[1366, 768, 'wide'], [360, 740, 'phone']]) {
    const page = await b.context.newPage();
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    await page.setViewportSize({ width: w, height: hgt });
    await keepSeat(page, base, table.id, { seat, token });
    await page.evaluate((l) => localStorage.setItem('spieltisch.lang', l), lang);
    await page.goto(`${base}/table.html?id=${table.id}`);
    if (first) {
      await page.evaluate(() => new Promise((resolve) => {
        const poll = setInterval(() => {
          const v = window.spieltisch.view();
          const legal = window.spieltisch.legal();
          if (document.body.dataset.turn !== 'you' || !legal.length || document.body.classList.contains('pending')) return;
          if (v && v.phase === 'betting') {
            clearInterval(poll);
            resolve();
            return;
          }
          window.spieltisch.act(legal[0]);
        }, 100);
      }));
      first = false;
    }
    await page.waitForSelector('body[data-turn="you"]', { timeout: 60000 });
    await page.waitForTimeout(500);
    console.log(lang, tag, await page.textContent('#banner'));
    await page.screenshot({ path: `${out}/knock-out-betting-${lang}-${tag}.png` });
    await page.close();
  }
}
await b.close();
