// `kubectl edit` in the page, driven as a user would in headless Chromium
// against the release build: the command opens kubectl's temp file in the
// manifest editor (its header comment and the object as the server holds
// it), which switches to edit mode (a title naming the object, Save and
// Cancel where Apply and Reset were). Save patches what changed and the
// terminal says so under the edit's line; an invalid change reopens the
// file with kubectl's error comment on top; Cancel is quitting the editor
// unchanged, with kubectl's words for it; Ctrl+Enter saves. The same at a
// phone's width. Screenshots go to tests/output/edit/.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { ROOT, DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

const SHOTS = join(OUTPUT, "edit");
const DEFAULT_EXAMPLE = await readFile(join(ROOT, "static", "examples", "nginx-deployment.yaml"), "utf8");
// editoptions.go's header, as kubectl 1.32 writes it above the object.
const HEADER = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;
const OPEN_NOTE = "(playground) deployment.apps/nginx is open in the editor: Save sends your changes, Cancel closes it unchanged";

let tmp, server, context, page;
const problems = [];

before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-edit-"));
  await mkdir(SHOTS, { recursive: true });
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

async function shot(name, locator) {
  await page.waitForTimeout(350);
  if (locator) await locator.screenshot({ path: join(SHOTS, `${name}.png`) });
  else await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

const entries = () => page.getByTestId("terminal-output").locator(".entry");
const editor = () => page.getByTestId("editor");

/** Types a line into the terminal, presses Enter, returns the new entry. */
async function run(line) {
  const before = await entries().count();
  const input = page.getByTestId("terminal-input");
  await input.fill(line);
  await input.press("Enter");
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="terminal-output"] .entry').length > n, before);
  await page.waitForFunction(() => !document.querySelector('[data-testid="terminal-output"] [data-testid="running"], [data-testid="terminal-output"] [data-testid="queued"]'), null, { timeout: 120_000 });
  // By place: later lines must not move it (an edit's line gets more output).
  return entries().nth(before);
}

/** The terminal's text for the edit's line once `pattern` shows in it. */
async function edited(entry, pattern) {
  await entry.filter({ hasText: pattern }).waitFor({ timeout: 10_000 });
  return entry.innerText();
}

/** Edit mode: the title names the object; Save and Cancel stand where Apply and Reset were. */
async function assertEditMode(title) {
  const what = page.getByTestId("editing");
  assert.equal(await what.innerText(), `editing ${title}`);
  assert.ok(await what.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), "the object's name is cut");
  assert.ok(await page.getByTestId("edit-save").isVisible());
  assert.ok(await page.getByTestId("edit-cancel").isVisible());
  assert.equal(await page.getByTestId("apply").count(), 0);
  assert.equal(await page.getByTestId("reset-session").count(), 0);
}

async function assertClosed() {
  assert.equal(await page.getByTestId("editing").count(), 0);
  assert.equal(await page.getByTestId("edit-save").count(), 0);
  assert.ok(await page.getByTestId("apply").isVisible());
}

/** spec.replicas in kubectl's buffer (status has a `replicas:` at the same depth). */
function setReplicas(text, from, to) {
  const spec = text.indexOf("\nspec:\n");
  assert.ok(spec >= 0, text);
  const at = text.indexOf(`\n  replicas: ${from}\n`, spec);
  assert.ok(at >= 0, `no spec.replicas: ${from} in\n${text}`);
  return text.slice(0, at) + `\n  replicas: ${to}\n` + text.slice(at + `\n  replicas: ${from}\n`.length);
}

test("kubectl edit opens its file in the editor, and Save patches the Deployment", async () => {
  const created = await run("kubectl create deployment nginx --image=nginx");
  assert.match(await created.innerText(), /^deployment\.apps\/nginx created$/m);

  const entry = await run("kubectl edit deployment nginx");
  // kubectl prints nothing while its editor is open: one note says where it is.
  assert.equal((await entry.locator(".stdout, .stderr").allInnerTexts()).join("").trim(), OPEN_NOTE);
  assert.equal(await entry.getAttribute("data-failed"), "false");
  await assertEditMode("deployment.apps/nginx");
  const text = await editor().inputValue();
  assert.ok(text.startsWith(HEADER), text);
  assert.ok(text.slice(HEADER.length).startsWith("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n"), text);
  assert.match(text, /^  name: nginx$/m);
  assert.match(text, /^  namespace: default$/m);
  assert.match(text, /^  resourceVersion: "\d+"$/m);
  assert.match(text, /^      - image: nginx$/m);
  assert.doesNotMatch(text, /managedFields/);
  // The header is coloured as comments, the object as YAML.
  assert.ok((await page.getByTestId("editor-highlight").locator(".tok-comment").count()) >= 4);
  assert.equal(await page.getByTestId("editor-marker").count(), 0);
  await shot("edit-open");
  await shot("edit-open-editor", page.locator(".editor"));

  await editor().fill(setReplicas(text, 1, 3));
  await page.getByTestId("edit-save").click();
  const out = await edited(entry, /deployment\.apps\/nginx edited/);
  assert.equal(out.split("\n").filter((l) => l.trim()).slice(-1)[0], "deployment.apps/nginx edited");
  assert.equal(await entry.getAttribute("data-failed"), "false");
  await assertClosed();
  // The editor gives the file back: what it held before the edit returns.
  assert.equal(await editor().inputValue(), DEFAULT_EXAMPLE);
  await shot("edit-saved");

  // The cluster has it: the graph's Deployment and kubectl get.
  await page.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="nginx"][data-desired="3"]').waitFor();
  const get = await run("kubectl get deploy nginx -o jsonpath={.spec.replicas}");
  assert.equal((await get.locator(".stdout").innerText()).trim(), "3");
  const table = await run("kubectl get deploy nginx");
  assert.match(await table.innerText(), /^nginx\s+\d\/3\s+\d+\s+\d+\s+\S+$/m);
});

test("an invalid change reopens the file with kubectl's error on top; Cancel ends it as kubectl does", async () => {
  const entry = await run("kubectl edit deploy nginx");
  await assertEditMode("deployment.apps/nginx");
  const text = await editor().inputValue();
  const bad = setReplicas(text, 3, -1);
  await editor().fill(bad);
  await editor().evaluate((e) => {
    e.scrollTop = 400;
    e.dispatchEvent(new Event("scroll"));
  });
  await page.getByTestId("edit-save").click();
  await edited(entry, /error: deployments\.apps "nginx" is invalid/);
  // Still open, the server's reasons in the header, the change kept below.
  await assertEditMode("deployment.apps/nginx");
  const again = await editor().inputValue();
  assert.ok(
    again.startsWith(`${HEADER}# deployments.apps "nginx" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\n`),
    again,
  );
  assert.match(again, /^  replicas: -1$/m);
  // Shown from its top, where the reasons are (the save was made far below).
  assert.equal(await editor().evaluate((e) => e.scrollTop), 0);
  // kubectl's error line is printed (red) while the command still runs.
  assert.deepEqual(await entry.locator(".stderr").allInnerTexts().then((t) => t.join("\n").split("\n").filter(Boolean)), [
    OPEN_NOTE,
    'error: deployments.apps "nginx" is invalid',
  ]);
  assert.equal(await entry.getAttribute("data-failed"), "false");
  await shot("edit-invalid");
  await shot("edit-invalid-editor", page.locator(".editor"));

  // Closing the reopened file unchanged: kubectl keeps a copy and gives up.
  await page.getByTestId("edit-cancel").click();
  const out = await edited(entry, /Edit cancelled, no valid changes were saved\./);
  assert.match(out, /^A copy of your changes has been stored to "\/tmp\/kubectl-edit-\d+\.yaml"$/m);
  assert.match(out, /^error: Edit cancelled, no valid changes were saved\.$/m);
  assert.equal(await entry.getAttribute("data-failed"), "true");
  await assertClosed();
  assert.equal(await editor().inputValue(), DEFAULT_EXAMPLE);
  // The terminal scrolled to what the edit printed last.
  await page.waitForFunction(() => {
    const o = document.querySelector('[data-testid="terminal-output"]');
    return o.scrollTop + o.clientHeight >= o.scrollHeight - 2;
  });
  await shot("edit-invalid-cancelled", page.locator(".terminal"));
  // Nothing changed in the cluster.
  const get = await run("kubectl get deploy nginx -o jsonpath={.spec.replicas}");
  assert.equal((await get.locator(".stdout").innerText()).trim(), "3");
  // The copy is where kubectl said.
  const path = out.match(/stored to "(\/tmp\/kubectl-edit-\d+\.yaml)"/)[1];
  const cat = await run(`grep 'replicas: -1' ${path}`);
  assert.match(await cat.innerText(), /^  replicas: -1$/m);

  // Cancel on a file left as it opened: nothing to do.
  const second = await run("kubectl edit deploy nginx");
  await assertEditMode("deployment.apps/nginx");
  await page.getByTestId("edit-cancel").click();
  const cancelled = await edited(second, /Edit cancelled, no changes made\./);
  assert.match(cancelled, /^Edit cancelled, no changes made\.$/m);
  assert.equal(await second.getAttribute("data-failed"), "false");
  await assertClosed();
  const status = await run("echo $?");
  assert.equal((await status.locator(".stdout").innerText()).trim(), "0");
});

test("Ctrl+Enter saves the edit", async () => {
  const entry = await run("kubectl edit deployment/nginx");
  await assertEditMode("deployment.apps/nginx");
  await editor().fill(setReplicas(await editor().inputValue(), 3, 2));
  await editor().press("Control+Enter");
  await edited(entry, /deployment\.apps\/nginx edited/);
  await assertClosed();
  await page.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="nginx"][data-desired="2"]').waitFor();
  // Ctrl+Enter outside an edit is Apply again.
  await editor().press("Control+Enter");
  await page.getByTestId("terminal-output").locator(".stdout", { hasText: "deployment.apps/nginx-deployment created" }).waitFor();
});

test("at a phone's width the edit's title, Save and Cancel stay in reach", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await run("kubectl edit deploy nginx");
  await assertEditMode("deployment.apps/nginx");
  const vw = 390;
  for (const id of ["editing", "edit-cancel", "edit-save"]) {
    const el = page.getByTestId(id);
    await el.scrollIntoViewIfNeeded();
    const box = await el.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= vw + 0.5, `${id} is at ${JSON.stringify(box)} in a ${vw}px window`);
  }
  const header = await page.locator(".editor .panel-header").evaluate((h) => {
    const title = h.querySelector("h2");
    return { wide: document.documentElement.scrollWidth, cut: title.scrollWidth > title.clientWidth + 1 };
  });
  assert.deepEqual(header, { wide: vw, cut: false });
  await page.getByTestId("edit-save").scrollIntoViewIfNeeded();
  await shot("edit-phone");
  await shot("edit-phone-editor", page.locator(".editor"));
  await page.getByTestId("edit-cancel").click();
  await assertClosed();
  await page.setViewportSize({ width: 1440, height: 900 });
  assert.deepEqual(problems, []);
});
