// Development aid: screenshots of a page at desktop and phone width.
// node dev/shot.mjs URL OUT_PREFIX [clickSelector...]
import { launch } from '../lib/browser.mjs';
const [url, out, ...clicks] = process.argv.slice(2);
const b = await launch();
for (const [w, hgt, tag] of [[1280, 900, 'wide'], [360, 740, 'phone']]) {
  const page = await b.context.newPage();
  page.on('console', (m) => console.log(`[${tag}] console:`, m.text()));
  page.on('pageerror', (e) => console.log(`[${tag}] pageerror:`, e.message));
  await page.setViewportSize({ width: w, height: hgt });
  await page.goto(url);
  await page.waitForTimeout(600);
  for (const c of clicks) { await page.click(c); await page.waitForTimeout(300); }
  const sw = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  console.log(tag, 'scrollWidth/innerWidth', sw);
  await page.screenshot({ path: `${out}-${tag}.png`, fullPage: true });
  await page.close();
}
await b.close();
