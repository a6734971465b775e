// Development aid: a Schotten-Totten table against the Medium bot; asks for a hint and takes a
// screenshot of the table with the hint panel. node dev/hint-shot.mjs BASE_URL OUT_PREFIX
import { launch } from '../lib/browser.mjs';
const [base, out] = process.argv.slice(2);
const created = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'schotten-totten', seats: [{}, { bot: 'medium' }] }) }).then((r) => r.json());
const id = created.table.id;
const joined = await fetch(`${base}/api/tables/${id}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada' }) }).then((r) => r.json());
const b = await launch();
const page = await b.context.newPage();
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${base}/`);
await page.evaluate(([id, seat, token]) => { localStorage.setItem(`spieltisch.token.${id}`, token); localStorage.setItem(`spieltisch.seat.${id}`, String(seat)); }, [id, joined.seat, joined.token]);
await page.goto(`${base}/table.html?id=${id}`);
await page.waitForSelector('body[data-turn="you"]');
await page.click('#hint-button');
await page.waitForSelector('#hint:not([hidden]) .hint-move');
await page.screenshot({ path: `${out}-wide.png` });
await page.setViewportSize({ width: 360, height: 740 });
await page.waitForTimeout(300);
await page.screenshot({ path: `${out}-phone.png`, fullPage: true });
console.log(await page.$$eval('.hint-move', (els) => els.map((e) => e.textContent)));
await b.close();
