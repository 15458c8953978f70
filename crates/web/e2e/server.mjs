// What the browser tests share: the binary under test, where screenshots
// go, starting `plakoto serve` on a free port, and launching Debian's
// headless Chromium.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
export const bin = process.env.PLAKOTO_BIN || path.join(root, 'target/release/plakoto');
export const artifacts = path.join(root, 'test-artifacts');

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

// Starts `plakoto serve` on `db` at `addr` (with `args` more); resolves to
// { proc, url } once it serves.
export async function startServer(db, addr = '127.0.0.1:0', args = []) {
  const proc = spawn(bin, ['serve', '--addr', addr, '--db', db, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start in 20 s')), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving on (http:\/\/\S+?)\/?\s/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited with ${code}`)); });
  });
  return { proc, url };
}

// A headless Chromium browser.
export function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

// A headless Chromium with its profile in `profileDir`, at `viewport`.
export function launchPersistent(profileDir, viewport) {
  return chromium.launchPersistentContext(profileDir, { executablePath: '/usr/bin/chromium', headless: true, viewport, args: CHROMIUM_ARGS });
}
