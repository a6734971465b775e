// Development aid: a game against bots played by the first legal action until a condition on
// the view holds (or N of the viewer's moves), then screenshots at 1366×768 and 360×740, en/de.
// node dev/midgame-shot.mjs BASE_URL OUT_PREFIX GAME SEATS MOVES
import { launch } from '../lib/browser.mjs';
import { keepSeat, post as postTo } from '../lib/tables.mjs';

const [base, out, game, seatCount = '2', moves = '20'] = process.argv.slice(2);
const post = (path, body) => postTo(`${base}${path}`, body);
const b = await launch();
const seats = [{ bot: null }, ...Array.from({ length: Number(seatCount) - 1 }, () => ({ bot: 'medium' }))];
const { table, seat, token } = await post('/api/tables', { game, seats, join: { name: 'Ada' } });
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
      await page.evaluate((n) => new Promise((resolve) => {
        let left = n;
        const poll = setInterval(() => {
          if (document.body.dataset.status === 'finished') { clearInterval(poll); resolve(); return; }
          const legal = window.spieltisch.legal();
          if (document.body.dataset.turn !== 'you' || !legal.length || document.body.classList.contains('pending')) return;
          if (left-- <= 0) { clearInterval(poll); resolve(); return; }
          const claim = legal.find((a) => a.startsWith('claim'));
          window.spieltisch.act(claim || legal[Math.floor(legal.length / 2)]);
        }, 150);
      }), Number(moves));
      first = false;
    }
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}-${lang}-${tag}.png` });
    await page.close();
  }
}
await b.close();
