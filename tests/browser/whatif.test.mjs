// Import a real cluster through the "Import cluster" dialog and see its
// nodes in the cluster view; then run a what-if on it (a NoSchedule taint
// vs none before scaling) and see the two columns differ. Screenshots go
// to tests/output/.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { ROOT, DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

// A hand-written `kubectl get … -A -o yaml` of a three-node EKS cluster.
const EKS = await readFile(join(ROOT, "crates", "playground", "tests", "fixtures", "eks-cluster.yaml"), "utf8");
const NODES = [
  ["ip-10-0-1-23.us-west-2.compute.internal", "us-west-2a"],
  ["ip-10-0-2-47.us-west-2.compute.internal", "us-west-2b"],
  ["ip-10-0-3-91.us-west-2.compute.internal", "us-west-2c"],
];

let tmp, server, context, page;
const problems = [];

before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-whatif-"));
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

async function shot(name, locator) {
  await page.waitForTimeout(350);
  if (locator) await locator.screenshot({ path: join(OUTPUT, `${name}.png`) });
  else await page.screenshot({ path: join(OUTPUT, `${name}.png`) });
}

test("a bad paste gets an error and leaves the cluster alone", async () => {
  await page.getByTestId("import-open").click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.waitFor();
  await page.getByTestId("import-text").fill("apiVersion: v1\nkind: List\nitems: [\n");
  await page.getByTestId("import-run").click();
  await page.getByTestId("import-error").waitFor();
  assert.match(await page.getByTestId("import-error").innerText(), /^error: /);
  assert.equal(await page.locator('[data-testid="cluster"] [data-kind="Node"]').count(), 4, "the default cluster's 4 nodes are still there");
});

test("import a real cluster through the dialog and see its nodes", async () => {
  await page.getByTestId("import-text").fill(EKS);
  await page.getByTestId("import-run").click();
  const report = page.getByTestId("import-report");
  await report.waitFor({ timeout: 30_000 });
  assert.match(await report.innerText(), /9 imported, 12 skipped, 0 failed/);
  // Each skipped object says why.
  const rs = report.locator('[data-kind="ReplicaSet"][data-name="web-6d8f7b9c5d"]');
  assert.match(await rs.textContent(), /owned by Deployment\/web: its controller recreates it/);
  await shot("whatif-import-dialog", page.getByTestId("import-dialog"));
  await page.getByTestId("import-close").click();
  await page.getByTestId("import-dialog").waitFor({ state: "detached" });

  const nodes = page.locator('[data-testid="cluster"] [data-kind="Node"]');
  const names = await nodes.evaluateAll((els) => els.map((e) => e.dataset.name));
  assert.deepEqual(names.sort(), NODES.map(([n]) => n));
  const text = await page.getByTestId("cluster").innerText();
  for (const [, zone] of NODES) assert.ok(text.includes(zone), `zone ${zone} is shown`);
  // The web pods run on the imported nodes, never on the tainted third one.
  const webPods = page.locator('[data-testid="cluster"] [data-kind="Pod"][data-namespace="shop"]');
  assert.equal(await webPods.count(), 3);
  for (const node of await webPods.evaluateAll((els) => els.map((e) => e.dataset.node))) {
    assert.ok(node === NODES[0][0] || node === NODES[1][0], node);
  }
  await shot("whatif-imported-cluster", page.locator(".views"));
});

test("run a what-if and see the two columns differ", async () => {
  await page.getByTestId("whatif-open").click();
  await page.getByTestId("whatif").waitFor();
  await page.getByTestId("whatif-a-input").fill(`kubectl taint nodes ${NODES[0][0]} dedicated=x:NoSchedule\nkubectl scale deployment web -n shop --replicas=12`);
  await page.getByTestId("whatif-b-input").fill("kubectl scale deployment web -n shop --replicas=12");
  await page.getByTestId("whatif-seconds").fill("60");
  await page.getByTestId("whatif-seconds").dispatchEvent("change");
  await page.getByTestId("whatif-run").click();
  await page.getByTestId("whatif-result").waitFor({ timeout: 30_000 });
  const row = page.locator(`[data-testid="whatif-row"][data-section="Pods per node"][data-item="${NODES[0][0]}"]`);
  assert.equal(await row.getAttribute("data-differs"), "true");
  const a = Number(await row.getByTestId("whatif-a").innerText());
  const b = Number(await row.getByTestId("whatif-b").innerText());
  assert.ok(a < b, `the tainted node gets fewer pods in A (${a}) than in B (${b})`);
  // The unschedulable pods show up as FailedScheduling events only in A:
  // the second node has room for at most 7 web pods (see the playground's
  // import tests for the arithmetic), 12 need placing.
  const failed = page.locator('[data-testid="whatif-row"][data-section="Events"][data-item="FailedScheduling"]');
  assert.equal(await failed.getByTestId("whatif-b").innerText(), "0");
  assert.notEqual(await failed.getByTestId("whatif-a").innerText(), "0");
  // The page's own cluster did not change.
  assert.equal(await page.locator('[data-testid="cluster"] [data-kind="Pod"][data-namespace="shop"]').count(), 3);
  await page.getByTestId("whatif").scrollIntoViewIfNeeded();
  await shot("whatif-panel", page.getByTestId("whatif"));
  await shot("whatif-page");
  assert.deepEqual(problems, []);
});
