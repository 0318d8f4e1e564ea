// The terminal's shell in the page, against the release build in headless
// Chromium: lists and loops, `if`, `watch` (once), `sleep` advancing the
// virtual clock, `$((…))`, kustomize over files written with
// here-documents, `kubectl run -it --rm`, `kubectl port-forward` then
// `curl`, and a reload and a share link that bring the session (files,
// the loop's pods and the forward included) back. The CLI transcripts
// (tests/transcripts/kubectl/shell_lists.t, kustomize.t, run_interactive.t,
// port_forward.t) prove the output; these prove the page runs, renders and
// saves the same lines. A `sleep` typed alone runs a slice per frame;
// inside a list, and `kubectl run -it`'s wait, it runs in one go.
// Screenshots: tests/output/ui-terminal-{lists,kustomize,run-it}.png.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

const KUSTOMIZATION = `cat <<EOF > base/kustomization.yaml
namePrefix: dev-
commonLabels:
  env: dev
resources:
- deploy.yaml
EOF
`;
const DEPLOY = `cat <<EOF > base/deploy.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 1
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: api
        image: nginx
EOF
`;

let tmp, server, context, page;
const problems = [];

before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-shell-"));
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

// The here-document being typed is drawn as an entry too, until its end line.
const ENTRY = '[data-testid="terminal-output"] .entry:not(.pending)';
const entries = () => page.locator(ENTRY);

/** Waits until no line is running, queued or downloading. */
async function idle() {
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="terminal-output"] [data-testid="running"], [data-testid="terminal-output"] [data-testid="queued"], [data-testid="terminal-output"] [data-testid="fetching"]'),
    null,
    { timeout: 60_000 },
  );
}

/** Types a line, presses Enter, waits until it has printed; its entry (for good: not whichever is last later). */
async function run(line) {
  const before = await entries().count();
  const input = page.getByTestId("terminal-input");
  await input.fill(line);
  await input.press("Enter");
  await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length > n, [ENTRY, before]);
  await idle();
  return entries().nth(before);
}

/** Pastes `text` into the terminal's input, as a user's clipboard would; its entry. */
async function paste(text) {
  const before = await entries().count();
  await page.getByTestId("terminal-input").focus();
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData("text", t);
    document.querySelector('[data-testid="terminal-input"]').dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length > n, [ENTRY, before]);
  await idle();
  return entries().nth(before);
}

/** Notes whether a line shows "running…" (is run a slice per frame) from now on. */
async function watchForRunning() {
  await page.evaluate(() => {
    window.__sawRunning = false;
    window.__runningObserver?.disconnect();
    window.__runningObserver = new MutationObserver(() => {
      if (document.querySelector('[data-testid="terminal-output"] [data-testid="running"]')) window.__sawRunning = true;
    });
    window.__runningObserver.observe(document.querySelector('[data-testid="terminal-output"]'), { childList: true, subtree: true });
  });
}
const sawRunning = () => page.evaluate(() => window.__sawRunning);

const stdout = async (entry) => (await entry.locator(".stdout").count()) ? await entry.locator(".stdout").innerText() : "";
const stderr = async (entry) => (await entry.locator(".stderr").count()) ? await entry.locator(".stderr").innerText() : "";

/** The virtual clock's reading, in seconds since midnight. */
async function clockSeconds() {
  const text = await page.getByTestId("clock").innerText();
  const m = text.match(/(\d\d):(\d\d):(\d\d(?:\.\d+)?)/);
  assert.ok(m, text);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

async function shot(name) {
  await page.getByTestId("terminal-output").evaluate((e) => (e.scrollTop = e.scrollHeight));
  await page.waitForTimeout(350); // let fades finish
  await page.locator(".panel.terminal").screenshot({ path: join(OUTPUT, `${name}.png`) });
}

test("lists, a loop, sleep on the virtual clock, arithmetic and ||", async () => {
  const created = await run("kubectl create deployment web --image=nginx --replicas=2 && kubectl expose deployment web --port=80");
  assert.equal(await created.getAttribute("data-failed"), "false");
  assert.equal((await stdout(created)).trim(), "deployment.apps/web created\nservice/web exposed");

  const loop = await run("for i in 1 2; do kubectl run p$i --image=nginx; done");
  assert.equal((await stdout(loop)).trim(), "pod/p1 created\npod/p2 created");

  const t0 = await clockSeconds();
  await watchForRunning();
  const slept = await run("sleep 30");
  assert.equal(await sawRunning(), true, "a typed sleep runs a slice per frame");
  assert.equal(await slept.getAttribute("data-failed"), "false");
  assert.equal((await stdout(slept)).trim(), "", "sleep prints nothing");
  assert.equal(await clockSeconds() - t0, 30, "sleep 30 moves the virtual clock by 30 s");

  // Inside a list the whole line is one command: its sleep moves the clock all the same.
  const t1 = await clockSeconds();
  await watchForRunning();
  const listed = await run("sleep 5m && echo awake");
  assert.equal((await stdout(listed)).trim(), "awake");
  assert.equal(await clockSeconds() - t1, 300, "sleep 5m moves the virtual clock by 5 minutes");

  const pods = await run("kubectl get pods --no-headers");
  const lines = (await stdout(pods)).trimEnd().split("\n");
  assert.equal(lines.length, 4, lines.join("\n"));
  for (const name of ["p1", "p2"]) assert.ok(lines.some((l) => new RegExp(`^${name}\\s+1/1\\s+Running\\b`).test(l)), lines.join("\n"));
  assert.equal(lines.filter((l) => /^web-[0-9a-f]+-[a-z0-9]{5}\s+1\/1\s+Running\b/.test(l)).length, 2, lines.join("\n"));

  const watched = await run("watch kubectl get deploy web");
  assert.match(await stdout(watched), /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\nweb\s+2\/2\s+2\s+2\s+\S+\n/);
  assert.match(await stderr(watched), /^\(playground\) watch ran this once/);

  const branch = await run("if kubectl get deploy web -o name; then echo found; else echo absent; fi");
  assert.equal((await stdout(branch)).trim(), "deployment.apps/web\nfound");

  const answer = await run("echo $((6*7))");
  assert.equal((await stdout(answer)).trim(), "42");

  const missing = await run("kubectl get deploy nope || echo missing");
  assert.equal((await stderr(missing)).trim(), 'Error from server (NotFound): deployments.apps "nope" not found');
  assert.equal((await stdout(missing)).trim(), "missing");
  // The list's status is echo's: the line is not drawn as failed.
  assert.equal(await missing.getAttribute("data-failed"), "false");
  await shot("ui-terminal-lists");
});

test("kustomize: files written with here-documents, built and applied with -k", async () => {
  assert.equal(await (await run("mkdir -p base")).getAttribute("data-failed"), "false");
  // One typed line by line, as the > prompt takes it, one pasted whole.
  const input = page.getByTestId("terminal-input");
  const typed = KUSTOMIZATION.trimEnd().split("\n");
  for (const line of typed.slice(0, -1)) {
    await input.fill(line);
    await input.press("Enter");
  }
  await page.getByTestId("heredoc-pending").waitFor();
  const written = await run(typed.at(-1));
  assert.equal(await written.getAttribute("data-failed"), "false");
  const pasted = await paste(DEPLOY);
  assert.equal(await pasted.getAttribute("data-failed"), "false");

  const ls = await run("ls base");
  assert.deepEqual((await stdout(ls)).trim().split(/\s+/), ["deploy.yaml", "kustomization.yaml"]);

  const built = await run("kubectl kustomize base");
  const yaml = await stdout(built);
  assert.match(yaml, /^kind: Deployment$/m);
  assert.match(yaml, /^  name: dev-api$/m);
  assert.match(yaml, /^    env: dev$/m);

  const applied = await run("kubectl apply -k base");
  assert.equal((await stdout(applied)).trim(), "deployment.apps/dev-api created");
  // kustomize v5's deprecation warning goes to stderr; the line still succeeded.
  assert.match(await stderr(applied), /^# Warning: 'commonLabels' is deprecated\./);
  assert.equal(await applied.getAttribute("data-failed"), "false");
  await page.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="dev-api"]').waitFor();
  await shot("ui-terminal-kustomize");
  // The command is echoed as pasted, its YAML's indentation kept.
  const echoed = DEPLOY.trimEnd().split("\n").map((l, i) => (i === 0 ? `$ ${l}` : `> ${l}`));
  assert.deepEqual(await pasted.locator(".command").allInnerTexts(), echoed);
});

test("kubectl run -it --rm prints the page and deletes the pod; port-forward then curl", async () => {
  await watchForRunning();
  const ran = await run("kubectl run tmp --rm -it --image=busybox --restart=Never -- wget -qO- http://web");
  assert.equal(await sawRunning(), false, "kubectl run -it waits for its pod in one go");
  assert.equal(await ran.getAttribute("data-failed"), "false");
  assert.equal((await stderr(ran)).trim(), "If you don't see a command prompt, try pressing enter.");
  const text = await ran.innerText();
  assert.match(text, /<title>Welcome to nginx!<\/title>/);
  assert.match(text, /^pod "tmp" deleted$/m);
  // The page is shown as text, not rendered as markup.
  assert.equal(await ran.locator("title, h1, style").count(), 0);
  assert.equal(await page.locator('[data-testid="graph"] [data-kind="Pod"][data-name="tmp"]').count(), 0);

  const forward = await run("kubectl port-forward svc/web 8080:80");
  assert.match(await stdout(forward), /^Forwarding from 127\.0\.0\.1:8080 -> 80$/m);
  const curl = await run("curl -s localhost:8080 | head -4");
  assert.equal((await stdout(curl)).trimEnd(), "<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!</title>");
  await shot("ui-terminal-run-it");
});

test("a reload brings the session back: files, the loop's pods and the terminal", async () => {
  const terminal = await page.getByTestId("terminal-output").innerText();
  const podNames = () => page.locator('[data-testid="graph"] [data-kind="Pod"][data-namespace="default"]').evaluateAll((els) => els.map((e) => e.dataset.name).sort());
  const pods = await podNames();
  assert.ok(pods.includes("p1") && pods.includes("p2"), pods.join(" "));
  const clock = await page.getByTestId("clock").innerText();
  await page.reload({ waitUntil: "load" });
  await page.getByTestId("editor").waitFor({ state: "visible", timeout: 30_000 });
  await idle();
  assert.equal(await page.getByTestId("terminal-output").innerText(), terminal);
  assert.deepEqual(await podNames(), pods);
  assert.equal(await page.getByTestId("clock").innerText(), clock);

  const ls = await run("ls base");
  assert.deepEqual((await stdout(ls)).trim().split(/\s+/), ["deploy.yaml", "kustomization.yaml"]);
  const cat = await run("cat base/kustomization.yaml");
  assert.equal(await stdout(cat), KUSTOMIZATION.split("\n").slice(1, -2).join("\n") + "\n");
  const get = await run("kubectl get pods p1 p2 -o name");
  assert.equal((await stdout(get)).trim(), "pod/p1\npod/p2");
  const deploy = await run("kubectl get deploy dev-api -o name");
  assert.equal((await stdout(deploy)).trim(), "deployment.apps/dev-api");
  // The background port-forward came back with the session.
  const curl = await run("curl -s localhost:8080 | head -4 | tail -1");
  assert.equal((await stdout(curl)).trim(), "<title>Welcome to nginx!</title>");
  assert.deepEqual(problems, []);
});

test("a share link replays the same session in a fresh page", async () => {
  const terminal = await page.getByTestId("terminal-output").innerText();
  await page.getByTestId("share").click();
  const url = await page.getByTestId("share-link").inputValue();
  assert.match(url, /#share=kp1\.[A-Za-z0-9_-]+$/);
  const other = await context.newPage();
  const otherProblems = [];
  collectProblems(other, otherProblems);
  await other.goto(`${server.url}/`, { waitUntil: "load" });
  await other.evaluate(() => localStorage.clear());
  await other.goto("about:blank");
  await other.goto(url, { waitUntil: "load" });
  await other.locator('[data-testid="notice"][data-kind="link"]').waitFor({ timeout: 30_000 });
  await other.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="dev-api"]').waitFor();
  assert.equal(await other.getByTestId("terminal-output").innerText(), terminal);
  for (const name of ["p1", "p2"]) await other.locator(`[data-testid="graph"] [data-kind="Pod"][data-name="${name}"]`).waitFor();
  const input = other.getByTestId("terminal-input");
  await input.fill("ls base");
  await input.press("Enter");
  await other.getByTestId("terminal-output").locator(".entry").last().locator(".stdout", { hasText: "deploy.yaml" }).waitFor();
  assert.deepEqual(otherProblems, []);
  await other.close();
});
