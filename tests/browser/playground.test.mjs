// The playground as a user drives it, in headless Chromium against the
// release build: paste and apply the default manifest, step until the
// Deployment's 3 pods show Ready in the ownership graph, read
// `kubectl get pods` in the terminal, step back in time, inspect a pod and a
// Pending pod's scheduling explanation, and reload to find the session
// restored. Screenshots of every view go to tests/output/ for review.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { ROOT, DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

const DEFAULT_EXAMPLE = await readFile(join(ROOT, "static", "examples", "nginx-deployment.yaml"), "utf8");
// A pod no node of the default cluster can hold: the scheduler must explain why.
const TOO_BIG = `apiVersion: v1
kind: Pod
metadata:
  name: too-big
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: "64"
`;

let tmp, server, context, page;
const problems = [];

before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-ui-"));
  await mkdir(OUTPUT, { recursive: true });
  server = await serve(DIST);
  context = await launch(join(tmp, "profile"));
  page = context.pages()[0] ?? (await context.newPage());
  collectProblems(page, problems);
  await page.goto(`${server.url}/`, { waitUntil: "load" });
  await page.getByTestId("editor").waitFor({ state: "visible", timeout: 30_000 });
});

after(async () => {
  await context?.close();
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const graphPods = () => page.locator('[data-testid="graph"] [data-kind="Pod"][data-namespace="default"]');

/** Presses ▶| until `done()` holds, at most `max` times. */
async function stepUntil(done, max = 300) {
  for (let i = 0; i < max; i++) {
    if (await done()) return i;
    await page.getByTestId("step").click();
  }
  assert.fail("the condition never held while stepping");
}

async function stepCount() {
  const text = await page.getByTestId("step-count").innerText();
  const m = text.match(/step (\d+) \/ (\d+)/);
  assert.ok(m, text);
  return [Number(m[1]), Number(m[2])];
}

async function shot(name, locator) {
  await page.waitForTimeout(350); // let fades finish
  if (locator) await locator.screenshot({ path: join(OUTPUT, `${name}.png`) });
  else await page.screenshot({ path: join(OUTPUT, `${name}.png`) });
}

test("apply the default manifest and step until 3 pods are Ready in the graph", async () => {
  await shot("ui-empty");
  await page.getByTestId("editor").fill(DEFAULT_EXAMPLE);
  await page.getByTestId("apply").click();
  const output = page.getByTestId("terminal-output");
  await output.locator(".stdout", { hasText: "deployment.apps/nginx-deployment created" }).waitFor({ timeout: 10_000 });

  // The apply is the first step of the timeline.
  const [cursor] = await stepCount();
  assert.ok(cursor >= 1);
  await page.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="nginx-deployment"]').waitFor();

  // Step until a pod exists but is not scheduled: it sits in the unscheduled lane.
  await stepUntil(async () => (await page.locator('[data-testid="unscheduled"] [data-kind="Pod"][data-namespace="default"]').count()) > 0);
  await shot("ui-unscheduled", page.locator(".views"));

  await stepUntil(async () => (await graphPods().locator('xpath=self::*[@data-ready="true"]').count()) === 3);
  const pods = await graphPods().evaluateAll((els) =>
    els.map((e) => ({
      tag: e.tagName.toLowerCase(),
      name: e.dataset.name,
      phase: e.dataset.phase,
      status: e.dataset.status,
      ready: e.dataset.ready,
      node: e.dataset.node,
    })),
  );
  assert.equal(pods.length, 3, JSON.stringify(pods));
  for (const p of pods) {
    assert.equal(p.tag, "g", "pods are SVG groups");
    assert.match(p.name, /^nginx-deployment-[0-9a-f]+-[a-z0-9]{5}$/);
    assert.equal(p.phase, "Running");
    assert.equal(p.status, "Running");
    assert.equal(p.ready, "true");
    assert.match(p.node, /\S/);
  }
  // The chain Deployment → ReplicaSet → pods is drawn, with an edge per link.
  const rs = page.locator('[data-testid="graph"] [data-kind="ReplicaSet"]');
  assert.equal(await rs.count(), 1);
  // The ReplicaSet counts its ready pods once its controller has seen them.
  await stepUntil(async () => (await rs.getAttribute("data-ready-count")) === "3");
  assert.match(await rs.getAttribute("data-name"), /^nginx-deployment-[0-9a-f]+$/);
  assert.equal(await rs.getAttribute("data-ready-count"), "3");
  assert.equal(await page.locator('[data-testid="graph"] path.edge').count(), 4);
  // Each pod sits inside the card of the node the graph names.
  for (const p of pods) {
    const chip = page.locator(`[data-testid="cluster"] [data-kind="Node"][data-name="${p.node}"] [data-kind="Pod"][data-name="${p.name}"]`);
    assert.equal(await chip.count(), 1, `${p.name} on ${p.node}`);
  }
  assert.equal(await page.locator('[data-testid="unscheduled"] [data-kind="Pod"]').count(), 0);

  await shot("ui-ready");
  await shot("ui-graph", page.locator(".graph-panel"));
  await shot("ui-cluster", page.locator(".cluster-panel"));
  await shot("ui-step-card", page.getByTestId("step-card"));
});

test("kubectl get pods in the terminal prints the pods", async () => {
  const input = page.getByTestId("terminal-input");
  await input.fill("kubectl get pods");
  await input.press("Enter");
  const entry = page.getByTestId("terminal-output").locator(".entry").last();
  await entry.locator(".command", { hasText: "$ kubectl get pods" }).waitFor();
  const lines = (await entry.locator(".stdout").innerText()).trimEnd().split("\n");
  assert.match(lines[0], /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
  assert.equal(lines.length, 4, lines.join("\n"));
  for (const line of lines.slice(1)) assert.match(line, /^nginx-deployment-[0-9a-f]+-[a-z0-9]{5}\s+1\/1\s+Running\s+0\s+\d+s$/);
  // An unknown command is an error, drawn in red.
  await input.fill("kubectl frobnicate");
  await input.press("Enter");
  const err = page.getByTestId("terminal-output").locator(".entry").last().locator(".stderr");
  await err.waitFor();
  assert.equal(await err.evaluate((e) => getComputedStyle(e).color), "rgb(255, 123, 114)");
  // ↑ brings back the earlier commands.
  await input.press("ArrowUp");
  assert.equal(await input.inputValue(), "kubectl frobnicate");
  await input.press("ArrowUp");
  assert.equal(await input.inputValue(), "kubectl get pods");
  await input.fill("");
  await shot("ui-terminal", page.locator(".terminal"));
});

test("stepping back shows the cluster as it was", async () => {
  const [cursor, total] = await stepCount();
  await page.getByTestId("step-back").click();
  assert.deepEqual(await stepCount(), [cursor - 1, total], "the future is kept");
  // Keep going back until the pods were not all Ready yet.
  for (let i = 0; i < 200; i++) {
    const ready = await graphPods().locator('xpath=self::*[@data-ready="true"]').count();
    if (ready < 3) break;
    await page.getByTestId("step-back").click();
  }
  const notReady = await graphPods().locator('xpath=self::*[@data-ready="false"]').count();
  const all = await graphPods().count();
  assert.ok(all < 3 || notReady > 0, `after stepping back: ${all} pods, ${notReady} not ready`);
  await shot("ui-step-back");
  // ⏮ goes to before the apply: no objects of ours at all.
  await page.getByTestId("reset").click();
  assert.equal(await page.locator('[data-testid="graph"] [data-kind="Deployment"]').count(), 0);
  // The scrubber goes forward again to the end.
  await page.getByTestId("timeline").fill(String(total));
  assert.deepEqual(await stepCount(), [total, total]);
  assert.equal(await graphPods().locator('xpath=self::*[@data-ready="true"]').count(), 3);
});

test("the inspector shows a pod and a Pending pod's scheduling explanation", async () => {
  await graphPods().first().click();
  const inspector = page.getByTestId("inspector");
  await inspector.waitFor();
  assert.equal(await inspector.getAttribute("data-kind"), "Pod");
  const describe = await inspector.locator(".inspector-body").innerText();
  assert.match(describe, /^Name:\s+nginx-deployment-/m);
  assert.match(describe, /Status:\s+Running/);
  await shot("ui-inspector");

  await page.getByTestId("editor").fill(TOO_BIG);
  await page.getByTestId("apply").click();
  await page.locator('[data-testid="graph"] [data-kind="Pod"][data-name="too-big"]').waitFor();
  await stepUntil(async () => (await page.locator('[data-testid="unscheduled"] [data-name="too-big"]').getAttribute("title"))?.includes("Insufficient cpu"));
  await page.locator('[data-testid="graph"] [data-kind="Pod"][data-name="too-big"]').click();
  await inspector.locator(".tab", { hasText: "Scheduling" }).click();
  const explain = await inspector.locator(".inspector-body").innerText();
  assert.match(explain, /^Pending: 0\/\d+ nodes are available:.*Insufficient cpu/);
  assert.match(explain, /^kubeplay-worker: does not fit\n\s+NodeResourcesFit: Insufficient cpu$/m);
  assert.match(explain, /^kubeplay-control-plane: does not fit\n\s+TaintToleration: .*untolerated taint/m);
  await shot("ui-pending-explain");
});

test("a reload restores the session", async () => {
  const before = await stepCount();
  const pods = await graphPods().evaluateAll((els) => els.map((e) => `${e.dataset.name} ${e.dataset.status} ${e.dataset.node}`).sort());
  const terminal = await page.getByTestId("terminal-output").innerText();
  await page.reload({ waitUntil: "load" });
  await page.getByTestId("editor").waitFor({ state: "visible", timeout: 30_000 });
  assert.deepEqual(await stepCount(), before);
  assert.deepEqual(await graphPods().evaluateAll((els) => els.map((e) => `${e.dataset.name} ${e.dataset.status} ${e.dataset.node}`).sort()), pods);
  assert.equal(await page.getByTestId("editor").inputValue(), TOO_BIG);
  assert.equal(await page.getByTestId("terminal-output").innerText(), terminal);
  const input = page.getByTestId("terminal-input");
  await input.press("ArrowUp");
  assert.equal(await input.inputValue(), "kubectl frobnicate");
  await input.fill("");

  // Dark theme, for review.
  await page.getByTestId("theme").click();
  await shot("ui-dark");

  // Reset starts over and forgets the saved session.
  await page.getByTestId("reset-session").click();
  assert.deepEqual(await stepCount(), [0, 0]);
  assert.equal(await page.getByTestId("editor").inputValue(), DEFAULT_EXAMPLE);
  await page.reload({ waitUntil: "load" });
  await page.getByTestId("editor").waitFor({ state: "visible", timeout: 30_000 });
  assert.deepEqual(await stepCount(), [0, 0]);
  assert.equal(await page.getByTestId("terminal-output").innerText(), "");
  assert.deepEqual(problems, []);
});

test("a here-document and a pipe in the terminal: typed line by line, then pasted", async () => {
  const input = page.getByTestId("terminal-input");
  const output = page.getByTestId("terminal-output");
  // Typed: after the opening line the terminal waits, showing a > prompt.
  for (const line of ["cat <<EOF | kubectl apply -f -", "apiVersion: v1", "kind: ConfigMap", "metadata:", "  name: typed"]) {
    await input.fill(line);
    await input.press("Enter");
  }
  const pending = page.getByTestId("heredoc-pending");
  await pending.waitFor();
  assert.match(await pending.innerText(), /^\$ cat <<EOF \| kubectl apply -f -\n> apiVersion: v1/);
  await input.fill("EOF");
  await input.press("Enter");
  await pending.waitFor({ state: "detached" });
  await output.locator(".entry").last().locator(".stdout", { hasText: "configmap/typed created" }).waitFor();
  // Pasted: the whole here-document at once, run as one command.
  await input.focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData("text", "cat <<EOF | kubectl apply -f -\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: pasted\nEOF\n");
    document.querySelector('[data-testid="terminal-input"]').dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await output.locator(".entry").last().locator(".stdout", { hasText: "configmap/pasted created" }).waitFor();
  // A pipe through grep.
  await input.fill("kubectl get configmaps | grep -c -E 'typed|pasted'");
  await input.press("Enter");
  await output.locator(".entry").last().locator(".stdout", { hasText: /^2\s*$/ }).waitFor();
  await shot("ui-terminal-heredoc", page.locator(".terminal"));
});

test("a command over several lines waits at bash's > prompt and runs as one", async () => {
  const input = page.getByTestId("terminal-input");
  const output = page.getByTestId("terminal-output");
  // A loop typed as kubernetes.io pages write it: the terminal waits until
  // `done` closes it, then runs the whole loop once.
  for (const line of ["for i in 1 2; do", "  echo turn-$i"]) {
    await input.fill(line);
    await input.press("Enter");
  }
  const pending = page.getByTestId("heredoc-pending");
  await pending.waitFor();
  assert.match(await pending.innerText(), /^\$ for i in 1 2; do\n> {3}echo turn-\$i/);
  await input.fill("done");
  await input.press("Enter");
  await pending.waitFor({ state: "detached" });
  const ran = output.locator(".entry").last();
  await ran.locator(".stdout", { hasText: /turn-1\s+turn-2/ }).waitFor();
  // A trailing backslash joins the next line: one kubectl command.
  for (const line of ["kubectl create configmap multi \\", "  --from-literal=k=v"]) {
    await input.fill(line);
    await input.press("Enter");
  }
  await output.locator(".entry").last().locator(".stdout", { hasText: "configmap/multi created" }).waitFor();
  // History holds the loop as one entry, not its lines.
  await input.press("ArrowUp");
  assert.match(await input.inputValue(), /kubectl create configmap multi/);
  await input.press("ArrowUp");
  assert.match(await input.inputValue(), /^for i in 1 2; do/);
  await input.fill("");
  await shot("ui-terminal-multiline", page.locator(".terminal"));
});
