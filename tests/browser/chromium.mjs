// Where the browser tests find the build and the browser, and the flags
// every one of them starts Debian's Chromium with: headless, as root, and
// with no background networking (this machine's network is closed, and
// Chromium would otherwise retry its own services at every start).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DIST = join(ROOT, "dist");
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
