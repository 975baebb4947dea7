import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { itRequiring } from './env.js';

function hasChromium(): boolean {
  try {
    execFileSync('chromium', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

export const CHROMIUM_AVAILABLE = hasChromium();
const HINT = 'needs headless Chromium: apt-get install -y chromium';

/** `it` for tests that need it (BIBLE_TEST_REQUIRE_CHROMIUM=1 in CI: fail with the hint; elsewhere skipped loudly). */
export const itWithChromium = itRequiring(CHROMIUM_AVAILABLE, 'BIBLE_TEST_REQUIRE_CHROMIUM', HINT);

/**
 * The DOM of a page after its scripts ran, from Debian's headless Chromium (its CLI: playwright
 * is not installed), with a fresh profile and no network of its own beyond the page's requests.
 */
export function renderedDom(url: string): string {
  const profile = mkdtempSync(join(tmpdir(), 'bible-chromium-'));
  try {
    return execFileSync(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--user-data-dir=${profile}`,
        '--virtual-time-budget=20000',
        '--dump-dom',
        url,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
