// Development aid: a finished Schotten-Totten game of two Easy bots, analysed on the replay
// page; screenshots at a marked move. node dev/analysis-shot.mjs BASE_URL OUT_PREFIX
import { launch } from '../lib/browser.mjs';
const [base, out] = process.argv.slice(2);
const created = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'schotten-totten', seats: [{ bot: 'easy' }, { bot: 'easy' }] }) }).then((r) => r.json());
const id = created.table.id;
for (;;) {
  const t = await fetch(`${base}/api/tables/${id}`).then((r) => r.json());
  if (t.status === 'finished') break;
  await new Promise((r) => setTimeout(r, 200));
}
const b = await launch();
const page = await b.context.newPage();
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${base}/replay.html?id=${id}&seat=0`);
await page.click('#analyse');
await page.waitForSelector('#analysis-progress');
await page.screenshot({ path: `${out}-progress.png` });
await page.waitForSelector('#analysis-summary', { timeout: 120000 });
const jump = await page.$('.log li:has(.analysis-mark) .log-jump');
if (jump) await jump.click();
await page.waitForTimeout(300);
await page.screenshot({ path: `${out}-wide.png` });
await page.setViewportSize({ width: 360, height: 740 });
await page.waitForTimeout(300);
await page.screenshot({ path: `${out}-phone.png`, fullPage: true });
console.log(await page.textContent('#analysis-summary'), '|', await page.textContent('#move'));
await b.close();
