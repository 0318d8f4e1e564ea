// The page at every width, against the release build in headless Chromium:
// a phone (320, 390), a blog column or half a laptop (600, 800), a small
// laptop (1024) and a desktop (1440), and the embed in iframe-sized windows
// (600×500, 800×600). At each: the document never scrolls sideways; every
// control of the header, the stepper and the chaos bar lies inside the
// window and inside its bar, with its label on one line; panel titles are
// not cut; the terminal's input is visible and takes the focus; and the
// inspector, when opened, keeps its close button in reach. The layout
// comes from static/kubeplay.css alone (its "Narrower pages" rules).
// Screenshots: tests/output/responsive/*.png.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

const SHOTS = join(OUTPUT, "responsive");
const PAGE_SIZES = [[320, 640], [390, 844], [600, 800], [800, 600], [1024, 768], [1440, 900]];
const EMBED_SIZES = [[600, 500], [800, 600]];
// Every panel an embed can show, with a lesson: the most crowded widget.
const EMBED_ALL = "embed.html?lesson=scaling&layout=lesson,editor,terminal,stepper,graph,cluster,events,chaos";

let tmp, server, context, page;
const problems = [];

before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-responsive-"));
  await mkdir(SHOTS, { recursive: true });
  server = await serve(DIST);
  context = await launch(join(tmp, "profile"));
  page = context.pages()[0] ?? (await context.newPage());
  collectProblems(page, problems);
});

after(async () => {
  await context?.close();
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Opens `path` on a fresh session (nothing autosaved) at `width`×`height`. */
async function open(path, width, height) {
  await page.setViewportSize({ width, height });
  await page.goto(`${server.url}/${path}`, { waitUntil: "load" });
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/${path}`, { waitUntil: "load" });
  await page.getByTestId("terminal-input").waitFor({ state: "attached", timeout: 30_000 });
  await page.waitForTimeout(300);
}

/** What is wrong with the layout, one line each, as the page measures it. */
function layoutProblems() {
  const found = [];
  const vw = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > vw) found.push(`the document is ${root.scrollWidth}px wide in a ${vw}px window`);
  const shown = (el) => {
    if (el.closest(".visually-hidden")) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  // Lines of text in `el`: a fragment wholly below the previous line starts
  // a new one (an inline <kbd> sits a little higher on the same line).
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top);
    let n = 0;
    let bottom = -Infinity;
    for (const r of rects) {
      if (r.top >= bottom - 1) {
        n += 1;
        bottom = r.bottom;
      } else bottom = Math.max(bottom, r.bottom);
    }
    return n;
  };
  const name = (el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""} "${(el.textContent || el.value || "").trim().slice(0, 24)}"`;
  for (const [bars, what] of [[".app-header", "header"], [".stepper", "stepper"], [".chaos", "chaos bar"]]) {
    for (const bar of document.querySelectorAll(bars)) {
      if (!shown(bar)) continue;
      const box = bar.getBoundingClientRect();
      for (const el of bar.querySelectorAll("button, select, input, label, .clock, .step-count, .examples-label")) {
        if (!shown(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.left < -0.5 || r.right > vw + 0.5) found.push(`${what}: ${name(el)} lies outside the window (${Math.round(r.left)}..${Math.round(r.right)} of ${vw})`);
        else if (r.left < box.left - 0.5 || r.right > box.right + 0.5) found.push(`${what}: ${name(el)} sticks out of its bar`);
        if (el.tagName !== "SELECT" && el.tagName !== "INPUT" && !el.querySelector("select, input:not([type=checkbox])") && lines(el) > 1) {
          found.push(`${what}: ${name(el)} wraps onto ${lines(el)} lines`);
        }
      }
    }
  }
  // Panel titles keep their word (an object's name in the inspector may end in "…").
  for (const h of document.querySelectorAll(".panel-header h2")) {
    if (!shown(h) || h.closest(".inspector")) continue;
    if (h.scrollWidth > h.clientWidth + 1) found.push(`panel title "${h.textContent}" is cut (${h.scrollWidth}px in ${h.clientWidth}px)`);
    const r = h.getBoundingClientRect();
    if (r.right > vw + 0.5) found.push(`panel title "${h.textContent}" lies outside the window`);
  }
  return found;
}

async function assertLayout(label) {
  const found = await page.evaluate(layoutProblems);
  assert.deepEqual(found, [], `${label}:\n${found.join("\n")}`);
}

/** The terminal's input can be seen (once scrolled to) and takes the focus. */
async function assertTerminalReachable(label) {
  const input = page.getByTestId("terminal-input");
  await input.scrollIntoViewIfNeeded();
  assert.ok(await input.isVisible(), `${label}: the terminal input is not visible`);
  const box = await input.boundingBox();
  const vw = page.viewportSize().width;
  assert.ok(box && box.x >= 0 && box.x + box.width <= vw + 0.5 && box.width >= 60, `${label}: the terminal input is at ${JSON.stringify(box)} in a ${vw}px window`);
  await input.focus();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), "terminal-input", `${label}: the terminal input did not take the focus`);
}

/** Applies the example and takes a few steps: the step card, a rollout and pods show. */
async function applyAndStep() {
  await page.getByTestId("apply").click();
  await page.locator('[data-testid="terminal-output"] .entry').first().waitFor({ timeout: 30_000 });
  for (let i = 0; i < 6; i++) await page.getByTestId("step").click();
  await page.waitForTimeout(300);
}

const shot = (name, fullPage = false) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });

for (const [width, height] of PAGE_SIZES) {
  test(`the page at ${width}×${height}: no sideways scroll, every control whole and in reach`, { timeout: 120_000 }, async () => {
    const at = `${width}px`;
    await open("", width, height);
    await assertLayout(`${at}, fresh`);
    await assertTerminalReachable(`${at}, fresh`);

    await applyAndStep();
    await assertLayout(`${at}, after Apply and six steps`);
    await shot(`page-${width}`, width <= 760);

    // The inspector: a column on a wide page, a drawer or a bottom sheet on
    // a narrow one; either way its close button is in the window.
    await page.locator('[data-testid="cluster"] .chip').first().click();
    const close = page.locator(".inspector .panel-header button").last();
    await close.waitFor({ state: "visible" });
    const box = await close.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= width && box.y >= 0 && box.y + box.height <= height, `${at}: the inspector's close button is at ${JSON.stringify(box)}`);
    await assertLayout(`${at}, inspector open`);
    await shot(`page-${width}-inspector`);
    await close.click();
    await page.locator(".inspector").waitFor({ state: "detached" });

    // A lesson adds a column on a wide page, a row on a narrow one.
    await page.getByTestId("lesson-picker").selectOption("scaling");
    await page.locator(".lesson-panel").waitFor();
    await assertLayout(`${at}, lesson open`);
    await assertTerminalReachable(`${at}, lesson open`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(`page-${width}-lesson`, width <= 760);
    assert.deepEqual(problems, []);
  });
}

for (const [width, height] of EMBED_SIZES) {
  test(`the embed at ${width}×${height}: no sideways scroll, every control whole and in reach`, { timeout: 120_000 }, async () => {
    const at = `embed ${width}×${height}`;
    await open("embed.html", width, height);
    await assertLayout(`${at}, default panels`);
    await assertTerminalReachable(`${at}, default panels`);
    await applyAndStep();
    await assertLayout(`${at}, after Apply and six steps`);
    await shot(`embed-${width}x${height}`);

    await open(EMBED_ALL, width, height);
    await page.locator(".lesson-panel").waitFor();
    await assertLayout(`${at}, every panel and a lesson`);
    await assertTerminalReachable(`${at}, every panel and a lesson`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(`embed-${width}x${height}-all`);
    assert.deepEqual(problems, []);
  });
}
