// Browser smoke test of the release build: serves dist/ as a static host
// would, at the root and under a sub-path, opens it in headless Chromium
// (Debian's, driven by playwright-core) and checks the app really runs:
// the default example is listed and in the editor, a terminal command and
// Apply go through, the CSS applied, and nothing failed or panicked.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cp, mkdir, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { ROOT, DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

const DEFAULT_EXAMPLE = await readFile(join(ROOT, "static", "examples", "nginx-deployment.yaml"), "utf8");

let tmp;
before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-browser-"));
  await mkdir(OUTPUT, { recursive: true });
});
after(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("dist/index.html is a release build with relative asset URLs only", async () => {
  const html = await readFile(join(DIST, "index.html"), "utf8");
  assert.ok(!html.includes(".well-known/trunk/ws"), "dist/ holds a `trunk serve` build (live reload): run `make build`");
  const urls = [...html.matchAll(/\b(?:href|src)\s*=\s*["']([^"']*)["']/g)].map((m) => m[1]);
  const imports = [...html.matchAll(/(?:import\s*\(?|from)\s*["']([^"']+)["']/g)].map((m) => m[1]);
  const wasmUrls = [...html.matchAll(/module_or_path:\s*["']([^"']+)["']/g)].map((m) => m[1]);
  const all = [...urls, ...imports, ...wasmUrls];
  assert.ok(all.some((u) => u.endsWith(".wasm")), `no .wasm reference found in:\n${html}`);
  for (const url of all) {
    assert.ok(!/^(?:[a-z]+:)?\/\//i.test(url) && !url.startsWith("/"), `absolute URL in dist/index.html: ${url}`);
  }
});

/** Opens `url` in a fresh Chromium profile and runs the checks. */
async function checkApp(url, name) {
  const profile = await mkdtemp(join(tmp, "profile-"));
  const context = await launch(profile, { viewport: { width: 1280, height: 800 }, reducedMotion: undefined });
  const problems = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const origin = new URL(url).origin;
    collectProblems(page, problems);
    page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()}`));
    page.on("response", (res) => {
      if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
    });
    page.on("request", (req) => {
      if (!req.url().startsWith(origin + "/") && !req.url().startsWith("data:")) {
        problems.push(`request off the host (CDN?): ${req.url()}`);
      }
    });

    await page.goto(url, { waitUntil: "load" });
    const editor = page.getByTestId("editor");
    await editor.waitFor({ state: "visible", timeout: 30_000 });

    // The default example: listed by name and loaded in the editor.
    assert.equal((await page.getByTestId("examples").innerText()).trim(), "nginx-deployment");
    const text = await editor.inputValue();
    assert.ok(text.includes("name: nginx-deployment"), `editor text:\n${text}`);
    assert.equal(text, DEFAULT_EXAMPLE);

    // The stylesheet was found (its URL is relative too): the terminal is dark.
    const terminalBg = await page
      .getByTestId("terminal-output")
      .evaluate((el) => getComputedStyle(el.closest(".terminal")).backgroundColor);
    assert.equal(terminalBg, "rgb(20, 26, 36)");

    // The terminal runs a line; Apply adds its own entry.
    const input = page.getByTestId("terminal-input");
    await input.fill("kubectl get deployments");
    await input.press("Enter");
    const output = page.getByTestId("terminal-output");
    await output.locator(".command", { hasText: "$ kubectl get deployments" }).waitFor({ timeout: 10_000 });
    assert.equal(await input.inputValue(), "");
    await page.getByTestId("apply").click();
    await output.locator(".command", { hasText: "$ kubectl apply -f -" }).waitFor({ timeout: 10_000 });
    // Whatever the cluster said on stderr is drawn in red.
    for (const color of await output.locator(".stderr").evaluateAll((els) => els.map((e) => getComputedStyle(e).color))) {
      assert.equal(color, "rgb(255, 123, 114)");
    }

    assert.equal(await page.getByTestId("panic-banner").count(), 0, "the panic banner is shown");
    await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
  assert.deepEqual(problems, []);
}

describe("the release build in headless Chromium", () => {
  test("served at the root of a host", async () => {
    const server = await serve(DIST);
    try {
      await checkApp(`${server.url}/`, "root");
    } finally {
      await server.close();
    }
  });

  test("served under a sub-path (/kubeplay/), as copied to a static host", async () => {
    const host = await mkdtemp(join(tmp, "host-"));
    await cp(DIST, join(host, "kubeplay"), { recursive: true });
    assert.ok((await readdir(join(host, "kubeplay"))).includes("index.html"));
    const server = await serve(host);
    try {
      await checkApp(`${server.url}/kubeplay/`, "subpath");
      await checkApp(`${server.url}/kubeplay/index.html`, "subpath-index-html");
    } finally {
      await server.close();
    }
  });
});
