// Starts the real `spieltisch serve` binary on a free port with a fresh data directory.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The server binary: env SPIELTISCH_BIN, else ../target/debug/spieltisch (relative to web-tests/). */
export function serverBinary() {
  const given = process.env.SPIELTISCH_BIN;
  return path.resolve(given ? process.cwd() : path.join(here, '..'), given || '../target/debug/spieltisch');
}

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server (bots wait `botDelayMs` before they move) and waits until `GET /api/games` answers. Resolves to
 * `{ url, stop(), output() }`; rejects with a clear message if the binary is missing, exits, or
 * does not answer within `timeoutMs`.
 */
export async function startServer({ timeoutMs = 30000, extraArgs = [], botDelayMs = 30 } = {}) {
  // Development: SPIELTISCH_URL points the tests at a server that is already running.
  if (process.env.SPIELTISCH_URL) {
    return { url: process.env.SPIELTISCH_URL.replace(/\/$/, ''), data: null, output: () => '', restart: null, stop: async () => {} };
  }
  const bin = serverBinary();
  if (!fs.existsSync(bin)) {
    throw new Error(
      `The server binary ${bin} does not exist. Build it first (cargo build -p cli) or point ` +
        `SPIELTISCH_BIN at it, e.g. SPIELTISCH_BIN=../target/debug/spieltisch npm test`,
    );
  }
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'spieltisch-e2e-'));
  const args = ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, ...(await botDelayArgs(bin, botDelayMs)), ...extraArgs];
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  let child = null;
  let exited = null;

  const launchChild = async () => {
    exited = null;
    child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn' } });
    const keep = (chunk) => {
      log += chunk.toString();
      if (log.length > 200000) log = log.slice(-100000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const me = child;
    child.on('exit', (code, signal) => {
      if (me === child) exited = { code, signal };
    });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exited) {
        throw new Error(`The server (${bin} ${args.join(' ')}) exited with ${exited.code ?? exited.signal} before answering.\nIts output:\n${log.slice(-4000)}`);
      }
      try {
        const answer = await fetch(`${url}/api/games`);
        if (answer.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The server (${bin} ${args.join(' ')}) did not answer GET /api/games within ${timeoutMs / 1000} s.\nIts output:\n${log.slice(-4000)}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  };

  const stopChild = async () => {
    if (!child || exited) return;
    const done = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await done;
    clearTimeout(timer);
  };

  await launchChild();
  return {
    url,
    data,
    output: () => log,
    /** Stops the server and starts it again on the same port and data (tests persistence and reconnects). */
    async restart() {
      await stopChild();
      await launchChild();
    },
    async stop() {
      await stopChild();
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

// A short bot delay keeps the test fast, if this build of the server offers the option.
async function botDelayArgs(bin, ms) {
  const help = await new Promise((resolve) => {
    const p = spawn(bin, ['serve', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (c) => (out += c));
    p.stderr.on('data', (c) => (out += c));
    p.on('error', () => resolve(''));
    p.on('exit', () => resolve(out));
  });
  const match = help.match(/(--bot-delay[\w-]*)(?:[ =]<(\w+)>)?/);
  if (!match) return [];
  const [, flag, unit] = match;
  return flag.endsWith('-ms') || /^MS$|^MILLIS/i.test(unit || '') ? [flag, String(ms)] : [flag, `${ms}ms`];
}
