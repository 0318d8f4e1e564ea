// Where the browser tests find the build and the browser, and the flags
// every one of them starts Debian's Chromium with: headless, as root, and
// with no background networking (this machine's network is closed, and
// Chromium would otherwise retry its own services at every start).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DIST = process.env.KUBEPLAY_DIST ?? join(ROOT, "dist");
export const OUTPUT = join(ROOT, "tests", "output");
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A Chromium with its own profile folder, as every browser test starts it
 * (`options` override the defaults, e.g. the viewport). */
export function launch(profile, options = {}) {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1440, height: 900 },
    reducedMotion: "reduce",
    ...options,
  });
}

/** Collects the page's console errors and uncaught exceptions into `problems`. */
export function collectProblems(page, problems) {
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
}
