// The embeddable widget in headless Chromium against the release build:
// embed-demo.html's two widgets each run their own lesson on their own
// cluster; a host page on another origin (a second server, so a real
// cross-origin iframe) drives a widget that allows it with postMessage
// (commands, reconcile steps), while a widget that does not allow it
// ignores the same messages; and `embed.html?script=…` starts from a
// script (plain or a share payload), or says why it did not.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { serve } from "./static-server.mjs";
import { DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";


let tmp, widgetServer, hostServer, context;
const problems = [];

before(async () => {
  assert.ok(existsSync(join(DIST, "embed.html")), "dist/embed.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-embed-"));
  await mkdir(OUTPUT, { recursive: true });
  widgetServer = await serve(DIST);
  // The host page lives on another origin (another port).
  const hostDir = join(tmp, "host");
  await mkdir(hostDir);
  hostServer = await serve(hostDir);
  const w = widgetServer.url;
  await writeFile(
    join(hostDir, "index.html"),
    `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<script>
  window.events = [];
  addEventListener("message", (e) => { if (e.data && typeof e.data.type === "string") window.events.push({ origin: e.origin, ...e.data }); });
</script>
<link rel="icon" href="data:,">
<script type="module" src="kubeplay-embed.js"></script></head>
<body style="margin:0">
<kubeplay-playground id="allowed" src="${w}/embed.html" allow-origin="${hostServer.url}" height="640px"></kubeplay-playground>
<kubeplay-playground id="closed" src="${w}/embed.html" script="kubectl create deployment queued --image=nginx" height="640px"></kubeplay-playground>
</body></html>`,
  );
  // The host serves its own copy of the element script (a module script
  // from another origin would need CORS headers this test server lacks).
  await writeFile(join(hostDir, "kubeplay-embed.js"), await readFile(join(DIST, "kubeplay-embed.js")));
  context = await launch(join(tmp, "profile"), { viewport: { width: 2200, height: 1000 } });
});
after(async () => {
  await context?.close();
  await widgetServer?.close();
  await hostServer?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

function watch(page) {
  collectProblems(page, problems);
}

const allDone = (frame) =>
  frame.waitForFunction(() => {
    const checks = [...document.querySelectorAll('[data-testid="lesson-check"]')];
    return checks.length > 0 && checks.every((c) => c.dataset.done === "true");
  }, null, { timeout: 60_000 });

test("the demo page's two widgets run their lessons independently", { timeout: 180_000 }, async () => {
  const page = await context.newPage();
  watch(page);
  await page.goto(`${widgetServer.url}/embed-demo.html`, { waitUntil: "load" });
  // Events from each widget reach the host page as element events.
  await page.evaluate(() => {
    window.done = [];
    for (const id of ["left", "right"]) {
      document.getElementById(id).addEventListener("kubeplay-lesson-step-done", (e) => window.done.push([id, e.detail.lesson, e.detail.step]));
    }
  });
  const left = page.frameLocator("#left iframe");
  const right = page.frameLocator("#right iframe");
  await left.getByTestId("lesson-panel").waitFor({ timeout: 30_000 });
  await right.getByTestId("lesson-panel").waitFor({ timeout: 30_000 });
  assert.equal(await left.getByTestId("lesson-panel").getAttribute("data-lesson"), "scaling");
  assert.equal(await right.getByTestId("lesson-panel").getAttribute("data-lesson"), "control-loop");
  // Compact: the editor is hidden, the terminal and graph shown.
  assert.equal(await left.getByTestId("editor").isVisible(), false);
  assert.equal(await left.getByTestId("terminal-input").isVisible(), true);
  assert.equal(await left.getByTestId("graph").isVisible(), true);

  // Run the left lesson's first step: only the left cluster changes.
  await left.getByTestId("lesson-run-all").click();
  const leftFrame = page.frame({ url: /lesson=scaling/ });
  const rightFrame = page.frame({ url: /lesson=control-loop/ });
  assert.ok(leftFrame && rightFrame, "both widget frames are loaded");
  await allDone(leftFrame);
  assert.equal(await right.locator('[data-testid="terminal-output"] .entry').count(), 0, "the right widget's terminal is untouched");
  assert.ok((await right.locator('[data-testid="lesson-check"][data-done="false"]').count()) > 0, "the right widget's step is not done");

  // Now the right one: every step of its lesson.
  const steps = await right.locator(".lesson-dot").count();
  for (let i = 0; i < steps; i++) {
    await right.locator(`[data-testid="lesson-step"][data-step="${i}"]`).waitFor();
    if (await right.getByTestId("lesson-load").count()) await right.getByTestId("lesson-load").click();
    await right.getByTestId("lesson-run-all").click();
    await allDone(rightFrame);
    if (i + 1 < steps) await right.getByTestId("lesson-next").click();
  }
  await right.getByTestId("lesson-finished").waitFor();
  // The left one is still on its first step, with its own cluster.
  assert.equal(await left.getByTestId("lesson-step").getAttribute("data-step"), "0");
  await left.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="web"]').waitFor();
  assert.equal(await left.locator('[data-testid="graph"] [data-kind="ReplicaSet"][data-name="frontend"]').count(), 0, "the right lesson's ReplicaSet is not in the left cluster");
  assert.equal(await right.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="web"]').count(), 0, "the left lesson's Deployment is not in the right cluster");
  const done = await page.evaluate(() => window.done);
  assert.ok(done.some(([id, lesson, step]) => id === "left" && lesson === "scaling" && step === 0), JSON.stringify(done));
  assert.ok(done.filter(([id]) => id === "right").length === steps, JSON.stringify(done));

  // A declarative host button runs a command in its own widget only.
  await page.getByRole("button", { name: "Run “kubectl get pods” here" }).first().click();
  await left.locator('[data-testid="terminal-output"] .command', { hasText: "kubectl get pods -o wide" }).waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUTPUT, "embed-demo.png") });
  assert.deepEqual(problems, []);
  await page.close();
});

test("postMessage from an allowed origin drives the widget; from any other origin it is ignored", { timeout: 120_000 }, async () => {
  const page = await context.newPage();
  watch(page);
  await page.goto(`${hostServer.url}/`, { waitUntil: "load" });
  const allowed = page.frameLocator("#allowed iframe");
  const closed = page.frameLocator("#closed iframe");
  await allowed.getByTestId("terminal-input").waitFor({ timeout: 30_000 });
  await closed.getByTestId("terminal-input").waitFor({ timeout: 30_000 });
  // A widget shows no cluster import and no what-if comparison.
  for (const id of ["import-open", "whatif-open"]) assert.equal(await allowed.getByTestId(id).count(), 0, `${id} shown in the widget`);

  // Only the widget that allows the host's origin told it that it is ready.
  await page.waitForFunction(() => window.events.some((e) => e.type === "kubeplay:ready"));
  await page.waitForTimeout(500);
  const ready = await page.evaluate(() => window.events.filter((e) => e.type === "kubeplay:ready").map((e) => e.widget));
  assert.deepEqual(ready, ["allowed"]);

  // The same command to both: the closed widget (own origin only) ignores it.
  await page.evaluate(() => {
    for (const id of ["allowed", "closed"]) document.getElementById(id).run("kubectl create deployment from-host --image=nginx");
  });
  await allowed.locator('[data-testid="terminal-output"] .stdout', { hasText: "deployment.apps/from-host created" }).waitFor({ timeout: 10_000 });
  await page.waitForTimeout(1000);
  // (Its only entry is the command of its own `script` attribute.)
  const closedLines = await closed.locator('[data-testid="terminal-output"] .command').allInnerTexts();
  assert.deepEqual(closedLines.map((l) => l.replace(/^\$ /, "")), ["kubectl create deployment queued --image=nginx"], "the closed widget ran a foreign origin's command");

  // Malformed or oversized messages are ignored, and the widget keeps working.
  await page.evaluate(() => {
    const frame = document.querySelector("#allowed iframe").contentWindow;
    const origin = new URL(document.querySelector("#allowed iframe").src).origin;
    frame.postMessage({ type: "kubeplay:run", command: "kubectl get pods", extra: "<img src=x>" }, origin);
    frame.postMessage({ type: "kubeplay:eval", code: "alert(1)" }, origin);
    frame.postMessage("kubeplay:reset", origin);
    frame.postMessage({ type: "kubeplay:apply", manifest: "x".repeat(300 * 1024) }, origin);
    frame.postMessage({ type: "kubeplay:run", command: "kubectl get deployments" }, origin);
  });
  await allowed.locator('[data-testid="terminal-output"] .command', { hasText: "kubectl get deployments" }).waitFor({ timeout: 10_000 });
  const lines = await allowed.locator('[data-testid="terminal-output"] .command').allInnerTexts();
  assert.deepEqual(lines.map((l) => l.replace(/^\$ /, "")), ["kubectl create deployment from-host --image=nginx", "kubectl get deployments"]);

  // Reset from the host clears the allowed widget's cluster.
  await page.evaluate(() => document.getElementById("allowed").reset());
  await allowed.locator('[data-testid="terminal-output"] .entry').first().waitFor({ state: "detached", timeout: 10_000 });
  assert.deepEqual(problems, []);
  await page.close();
});

const stepCount = (frame) => frame.getByTestId("step-count").innerText();

test("the host steps a widget with kubeplay:step and sees kubeplay:engine-step; a foreign origin's steps are ignored", { timeout: 120_000 }, async () => {
  const page = await context.newPage();
  watch(page);
  await page.goto(`${hostServer.url}/`, { waitUntil: "load" });
  const allowed = page.frameLocator("#allowed iframe");
  const closed = page.frameLocator("#closed iframe");
  await allowed.getByTestId("terminal-input").waitFor({ timeout: 30_000 });
  await closed.getByTestId("terminal-input").waitFor({ timeout: 30_000 });
  // The engine's position is announced once at start.
  await page.waitForFunction(() => window.events.some((e) => e.type === "kubeplay:engine-step" && e.widget === "allowed"));
  assert.deepEqual(
    await page.evaluate(() => window.events.filter((e) => e.type === "kubeplay:engine-step").map(({ widget, step, recorded }) => ({ widget, step, recorded }))),
    [{ widget: "allowed", step: 0, recorded: 0 }],
  );

  await page.evaluate(() => document.getElementById("allowed").run("kubectl create deployment stepped --image=nginx --replicas=2"));
  await allowed.locator('[data-testid="terminal-output"] .stdout', { hasText: "deployment.apps/stepped created" }).waitFor({ timeout: 10_000 });
  // The user's write is itself a step of the trace; the controllers' work is due.
  assert.equal(await stepCount(allowed), "step 1 / 1");
  await page.waitForFunction(() => window.events.some((e) => e.type === "kubeplay:engine-step" && e.widget === "allowed" && e.step === 1));

  // Three steps from the host: the stepper and the host's events follow.
  await page.evaluate(() => document.getElementById("allowed").step(3));
  await page.waitForFunction(() => window.events.some((e) => e.type === "kubeplay:engine-step" && e.widget === "allowed" && e.step === 4));
  assert.equal(await stepCount(allowed), "step 4 / 4");
  const last = await page.evaluate(() => window.events.filter((e) => e.type === "kubeplay:engine-step").at(-1));
  assert.equal(last.recorded, 4);
  assert.match(last.time, /^\d{4}-\d\d-\d\dT/);
  assert.ok(typeof last.explanation === "string" && last.explanation.length > 0, JSON.stringify(last));
  // The Deployment controller took one of those steps: its ReplicaSet is in the graph.
  await allowed.locator('[data-testid="graph"] [data-kind="ReplicaSet"]').first().waitFor();

  // Over the cap, or of another shape: ignored. No count: one step.
  await page.evaluate(() => {
    const frame = document.querySelector("#allowed iframe").contentWindow;
    const origin = new URL(document.querySelector("#allowed iframe").src).origin;
    frame.postMessage({ type: "kubeplay:step", count: 101 }, origin);
    frame.postMessage({ type: "kubeplay:step", count: 0 }, origin);
    frame.postMessage({ type: "kubeplay:step", count: 1, lesson: "x" }, origin);
    frame.postMessage({ type: "kubeplay:step" }, origin);
  });
  await page.waitForFunction(() => window.events.some((e) => e.type === "kubeplay:engine-step" && e.step === 5));
  await page.waitForTimeout(500);
  assert.equal(await stepCount(allowed), "step 5 / 5");

  // The closed widget (own origin only) has work due — its script created
  // a Deployment — yet the host's steps do nothing to it, and it reports nothing.
  assert.equal(await stepCount(closed), "step 1 / 1", "its script's write");
  await page.evaluate(() => document.getElementById("closed").step(5));
  await page.waitForTimeout(1000);
  assert.equal(await stepCount(closed), "step 1 / 1", "the closed widget stepped for a foreign origin");
  assert.equal(await page.evaluate(() => window.events.filter((e) => e.widget === "closed").length), 0);
  await closed.getByTestId("step").click();
  assert.equal(await stepCount(closed), "step 2 / 2", "its own ▶| button still steps it");
  assert.deepEqual(problems, []);
  await page.close();
});

/** `kp1.` + base64url(raw DEFLATE(JSON)): a share link's payload. */
function sharePayload(session) {
  return "kp1." + deflateRawSync(Buffer.from(JSON.stringify(session))).toString("base64url");
}

test("embed.html?script= starts from a plain script or a share payload, and refuses a broken one", { timeout: 120_000 }, async () => {
  const page = await context.newPage();
  watch(page);
  const script = [
    "# A Deployment behind a Service, settled",
    "kubectl create deployment web --image=nginx --replicas=2",
    "kubectl apply -f - <<EOF",
    "apiVersion: v1",
    "kind: Service",
    "metadata:",
    "  name: web",
    "spec:",
    "  selector:",
    "    app: web",
    "  ports:",
    "  - port: 80",
    "EOF",
    "sim settle",
  ].join("\n");
  await page.goto(`${widgetServer.url}/embed.html?layout=terminal,graph&script=${encodeURIComponent(script)}`, { waitUntil: "load" });
  const graph = page.getByTestId("graph");
  await graph.locator('[data-kind="Deployment"][data-name="web"]').waitFor({ timeout: 30_000 });
  await graph.locator('[data-kind="Service"][data-name="web"]').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="graph"] [data-kind="Pod"][data-phase="Running"]').length === 2);
  const commands = (await page.locator('[data-testid="terminal-output"] .command').allInnerTexts()).map((l) => l.replace(/^\$ /, ""));
  assert.deepEqual(commands, ["kubectl create deployment web --image=nginx --replicas=2", "kubectl apply -f -", "sim settle"]);
  await page.locator('[data-testid="terminal-output"] .stdout', { hasText: "service/web created" }).waitFor();
  await page.screenshot({ path: join(OUTPUT, "embed-script.png") });

  // The same widget from a share link's payload: seed, commands and steps.
  const payload = sharePayload({ seed: 1, editor: "", script: [{ run: "kubectl create deployment shared --image=nginx" }, { step: 2 }] });
  await page.goto(`${widgetServer.url}/embed.html?script=${payload}`, { waitUntil: "load" });
  await page.getByTestId("graph").locator('[data-kind="Deployment"][data-name="shared"]').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId("step-count").innerText(), "step 3 / 3", "the command's write, then the 2 steps");

  // A here-document never closed: nothing runs, and the widget says where.
  await page.goto(`${widgetServer.url}/embed.html?script=${encodeURIComponent("kubectl create deployment never --image=nginx\nkubectl apply -f - <<EOF\nkind: Pod\n")}`, { waitUntil: "load" });
  const notice = page.locator('[data-testid="notice"][data-kind="embed"]');
  await notice.waitFor({ timeout: 30_000 });
  assert.match(await notice.innerText(), /script .* was not run: line 2: the here-document <<EOF is never closed/);
  assert.equal(await page.locator('[data-testid="terminal-output"] .entry').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});
