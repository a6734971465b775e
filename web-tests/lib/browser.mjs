// Launches Debian's chromium through playwright-core (no browser download).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_BIN || '/usr/bin/chromium';

/** A fresh headless browser context with an empty user-data dir; `close()` removes the dir. */
export async function launch(options = {}) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_BIN)`);
  }
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'spieltisch-chromium-'));
  const context = await chromium.launchPersistentContext(userData, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(userData, { recursive: true, force: true });
    },
  };
}
