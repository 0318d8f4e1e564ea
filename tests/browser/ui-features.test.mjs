// The playground's richer parts, driven as a user would in headless
// Chromium against the release build: the highlighted editor with located
// decode markers and Ctrl+Enter, `kubectl edit` and the inspector's Edit
// button opening an object's file in the editor (Save, Cancel), Tab completion, the ownership
// graph's Service/EndpointSlice/claim/HPA/Ingress/NetworkPolicy edges and
// their "why", the inspector on a NetworkPolicy, a Pending pod's reason on
// the pod, the rollout budget bar, the step card's field diff, keyboard
// shortcuts and play, the chaos toolbar, and the aggregate views of a large
// cluster. Screenshots (light and dark) go to tests/output/.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { ROOT, DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

const DEFAULT_EXAMPLE = await readFile(join(ROOT, "static", "examples", "nginx-deployment.yaml"), "utf8");

// A type error in the first document; an unknown field (a warning) in the second.
const BAD = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: three
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
dta:
  a: b
`;

const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  selector:
    app: nginx
  ports:
  - port: 80
`;

// A CRD and one of its objects, which will own a Deployment.
const APP_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: apps.ops.example.com
spec:
  group: ops.example.com
  scope: Namespaced
  names: {plural: apps, kind: App}
  versions:
  - name: v1alpha1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
`;
const APP = `apiVersion: ops.example.com/v1alpha1
kind: App
metadata:
  name: shop
spec: {size: 2}
`;

// Only the nginx pods may connect to the db pods.
const NETPOL = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: db-ingress
spec:
  podSelector:
    matchLabels: {app: db}
  ingress:
  - from:
    - podSelector: {matchLabels: {app: nginx}}
`;

const STATEFUL = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: nginx:1.25
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: nginx
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: nginx-deployment}
  minReplicas: 4
  maxReplicas: 6
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}
`;

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

// Four pods no node can hold.
const TOO_BIG_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: big
spec:
  replicas: 4
  selector:
    matchLabels: {app: big}
  template:
    metadata:
      labels: {app: big}
    spec:
      containers:
      - name: big
        image: nginx
        resources:
          requests:
            cpu: "64"
`;

let tmp, server, context, page;
const problems = [];

before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-ui2-"));
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

async function setTheme(theme) {
  const current = await page.evaluate(() => document.documentElement.dataset.theme);
  if (current !== theme) await page.getByTestId("theme").click();
}

/** Types a line into the terminal, presses Enter, returns the new entry. */
async function run(line) {
  const entries = page.getByTestId("terminal-output").locator(".entry");
  const before = await entries.count();
  const input = page.getByTestId("terminal-input");
  await input.fill(line);
  await input.press("Enter");
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="terminal-output"] .entry').length > n, before);
  // A long `sim` command runs a slice per frame: wait until it has printed.
  await page.waitForFunction(() => !document.querySelector('[data-testid="terminal-output"] [data-testid="running"], [data-testid="terminal-output"] [data-testid="queued"]'), null, { timeout: 120_000 });
  return entries.last();
}

async function stepCount() {
  const m = (await page.getByTestId("step-count").innerText()).match(/step (\d+) \/ (\d+)/);
  assert.ok(m);
  return [Number(m[1]), Number(m[2])];
}

test("the editor colours YAML, marks decode problems where they are, and applies on Ctrl+Enter", async () => {
  const hl = page.getByTestId("editor-highlight");
  assert.equal(await hl.locator(".tok-key").first().innerText(), "apiVersion");
  assert.ok((await hl.locator(".tok-num", { hasText: "3" }).count()) >= 1, "replicas: 3 is a number");
  // The coloured copy is the text itself, line for line.
  assert.equal((await hl.innerText()).trimEnd(), DEFAULT_EXAMPLE.trimEnd());

  const editor = page.getByTestId("editor");
  await editor.fill(BAD + "# the end\n");
  const markers = page.getByTestId("editor-marker");
  await markers.first().waitFor();
  const found = await markers.evaluateAll((els) => els.map((e) => ({ line: e.dataset.line, column: e.dataset.column, severity: e.dataset.severity, title: e.title, text: e.textContent })));
  assert.deepEqual(
    found.map((m) => [m.line, m.column, m.severity]),
    [["6", "13", "error"], ["12", "1", "warning"]],
    JSON.stringify(found),
  );
  assert.equal(found[0].title, 'spec.replicas: expected integer, got string "three"');
  assert.equal(found[0].text, "three");
  assert.equal(found[1].title, 'unknown field "dta" (did you mean "data"?)');
  assert.ok((await page.locator(".gutter .ln-error").count()) === 1);
  assert.ok((await page.locator(".gutter .ln-warning").count()) === 1);
  assert.match(await page.getByTestId("editor-status").innerText(), /1 error · 1 warning/);
  assert.equal(await page.locator(".tok-doc").count(), 1, "--- is a document separator");
  assert.equal(await page.locator(".tok-comment").count(), 1);
  // The marker sits on the word it names: same place as the coloured token.
  const mark = await markers.first().boundingBox();
  const token = await hl.locator(".tok-str", { hasText: "three" }).boundingBox();
  assert.ok(Math.abs(mark.x - token.x) < 1.5 && Math.abs(mark.y - token.y) < 1.5, `${JSON.stringify(mark)} vs ${JSON.stringify(token)}`);
  await markers.first().hover();
  await shot("ui-editor-markers", page.locator(".editor"));
  await setTheme("dark");
  await shot("ui-editor-markers-dark", page.locator(".editor"));
  await setTheme("light");

  // The highlight follows the textarea's scroll.
  await editor.fill(Array.from({ length: 80 }, (_, i) => `key${i}: ${i}`).join("\n"));
  await editor.evaluate((e) => {
    e.scrollTop = 400;
    e.dispatchEvent(new Event("scroll"));
  });
  assert.equal(await hl.evaluate((e) => e.scrollTop), await editor.evaluate((e) => e.scrollTop));
  assert.equal(await page.locator(".gutter").evaluate((e) => e.scrollTop), await editor.evaluate((e) => e.scrollTop));

  // Ctrl+Enter applies.
  await editor.fill(DEFAULT_EXAMPLE);
  assert.equal(await markers.count(), 0);
  await editor.press("Control+Enter");
  await page.getByTestId("terminal-output").locator(".stdout", { hasText: "deployment.apps/nginx-deployment created" }).waitFor();
});

test("Tab completes commands, types, names and flags", async () => {
  const input = page.getByTestId("terminal-input");
  await input.fill("kubectl get deploy");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "kubectl get deployments ");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "kubectl get deployments nginx-deployment ");
  await input.fill("kubectl cordon kube");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "kubectl cordon kubeplay-");
  const choices = await page.getByTestId("completions").locator(".completion").allInnerTexts();
  assert.deepEqual(choices, ["kubeplay-control-plane", "kubeplay-worker", "kubeplay-worker2", "kubeplay-worker3"]);
  await input.fill("kubectl scale --repl");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "kubectl scale --replicas ");
  await input.fill("sim no");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "sim node ");
  await input.fill("kubectl ");
  await input.press("Tab");
  await shot("ui-terminal-completion", page.locator(".terminal"));
  await input.fill("");
  // History survives a reload and errors are red.
  const entry = await run("kubectl get nosuchthing");
  assert.equal(await entry.getAttribute("data-failed"), "true");
  assert.equal(await entry.locator(".stderr").evaluate((e) => getComputedStyle(e).color), "rgb(255, 123, 114)");
});

test("kubectl edit and the inspector's Edit button load the object into the editor", async () => {
  const entry = await run("kubectl edit deployment nginx-deployment");
  assert.match(await entry.locator(".stderr").innerText(), /deployment\.apps\/nginx-deployment is open in the editor/);
  const text = await page.getByTestId("editor").inputValue();
  assert.match(text, /^# Please edit the object below\./);
  assert.match(text, /^kind: Deployment$/m);
  assert.match(text, /^  name: nginx-deployment$/m);
  assert.equal(await page.getByTestId("editing").innerText(), "editing deployment.apps/nginx-deployment");
  // Edit the replicas and save: kubectl patches the Deployment.
  await page.getByTestId("editor").fill(text.replace("replicas: 3", "replicas: 4"));
  await page.getByTestId("edit-save").click();
  await entry.locator(".stdout", { hasText: "deployment.apps/nginx-deployment edited" }).waitFor();
  await run("sim settle");
  // Edit from the inspector.
  await page.locator('[data-testid="graph"] [data-kind="Pod"]').first().click();
  await page.getByTestId("inspector-edit").click();
  const podText = await page.getByTestId("editor").inputValue();
  assert.match(podText, /^kind: Pod$/m);
  const last = page.getByTestId("terminal-output").locator(".entry").last();
  assert.match(await last.locator(".command").innerText(), /^\$ kubectl edit pod\/nginx-deployment-[0-9a-f]+-[a-z0-9]{5} -n default$/);
  await shot("ui-edit-from-inspector");
  await page.keyboard.press("Escape");
  await page.getByTestId("edit-cancel").click();
  await last.locator(".stderr", { hasText: "Edit cancelled, no changes made." }).waitFor();
  await page.getByTestId("editor").fill(DEFAULT_EXAMPLE.replace("replicas: 3", "replicas: 4"));
});

test("the graph draws Service → EndpointSlice → pods, StatefulSet → pods → claims, HPA → target, Ingress → Service, NetworkPolicy → pods, and says why", async () => {
  await page.getByTestId("editor").fill(SERVICE);
  await page.getByTestId("apply").click();
  await page.getByTestId("editor").fill(STATEFUL);
  await page.getByTestId("apply").click();
  await run("sim settle");
  const graph = page.getByTestId("graph");
  await graph.locator('[data-kind="Service"][data-name="nginx"]').waitFor();
  assert.equal(await graph.locator('[data-kind="EndpointSlice"]').count(), 1);
  assert.equal(await graph.locator('[data-kind="StatefulSet"][data-name="db"]').count(), 1);
  assert.equal(await graph.locator('[data-kind="PersistentVolumeClaim"]').count(), 2);
  assert.equal(await graph.locator('[data-kind="HorizontalPodAutoscaler"][data-name="nginx"]').count(), 1);
  // One endpoint edge per ready nginx pod, one mount edge per db pod.
  assert.equal(await graph.locator('[data-relation="Endpoint"][data-ok="true"]').count(), 4);
  assert.equal(await graph.locator('[data-relation="Mounts"]').count(), 2);
  assert.equal(await graph.locator('[data-relation="ServiceSlice"]').count(), 1);
  assert.equal(await graph.locator('[data-relation="Scales"][data-to="Deployment/default/nginx-deployment"]').count(), 1);
  // Clicking an endpoint edge says why.
  await graph.locator('[data-relation="Endpoint"] .edge-hit').first().dispatchEvent("click");
  const why = page.getByTestId("edge-why");
  await why.waitFor();
  assert.match(await why.innerText(), /matches Service nginx's selector and is Ready/);
  await shot("ui-graph-relations", page.locator(".graph-panel"));
  await graph.locator('[data-relation="Created"] .edge-hit').first().dispatchEvent("click");
  assert.match(await why.innerText(), /created/);

  // An Ingress is drawn right of the Service its path leads to.
  await run('kubectl create ingress web --rule="web.example.com/*=nginx:80"');
  await graph.locator('[data-kind="Ingress"][data-name="web"]').waitFor();
  assert.equal(await graph.locator('[data-relation="Routes"][data-to="Service/default/nginx"][data-ok="true"]').count(), 1);
  await graph.locator('[data-relation="Routes"] .edge-hit').first().dispatchEvent("click");
  assert.match(await why.innerText(), /sends web\.example\.com, path \/ \(Prefix\) to Service nginx/);
  await shot("ui-graph-ingress", page.locator(".graph-panel"));
  await run("kubectl delete ingress web");

  // A NetworkPolicy is drawn beside the pods it isolates, one edge to each.
  await page.getByTestId("editor").fill(NETPOL);
  await page.getByTestId("apply").click();
  const policy = graph.locator('[data-kind="NetworkPolicy"][data-name="db-ingress"]');
  await policy.waitFor();
  assert.equal(await graph.locator('[data-relation="Isolates"][data-from="NetworkPolicy/default/db-ingress"][data-ok="true"]').count(), 2);
  assert.equal(await graph.locator('[data-relation="Isolates"][data-to="Pod/default/db-0"]').count(), 1);
  assert.equal(await graph.locator('[data-relation="Isolates"][data-to^="Pod/default/nginx-deployment-"]').count(), 0);
  await graph.locator('[data-relation="Isolates"] .edge-hit').first().dispatchEvent("click");
  assert.match(await why.innerText(), /NetworkPolicy db-ingress isolates Pod db-\d: its podSelector app=db matches the pod's labels, so it accepts only the connections its 1 ingress rule allows/);
  await shot("ui-graph-netpol", page.locator(".graph-panel"));
  // The inspector describes it as kubectl does (the why panel closed
  // first: it lies over the bottom of the graph).
  await why.locator("button.close").click();
  await why.waitFor({ state: "detached" });
  await policy.click();
  const inspector = page.getByTestId("inspector");
  await inspector.waitFor();
  assert.equal(await inspector.getAttribute("data-kind"), "NetworkPolicy");
  const described = await inspector.locator(".inspector-body").innerText();
  assert.match(described, /^Name:\s+db-ingress$/m);
  assert.match(described, /^\s+PodSelector:\s+app=db$/m);
  await page.getByRole("button", { name: "Close inspector" }).click();
  await run("kubectl delete networkpolicy db-ingress");
  await policy.waitFor({ state: "detached" });

  // A Pending pod says why on the pod itself.
  await page.getByTestId("editor").fill(TOO_BIG);
  await page.getByTestId("apply").click();
  await run("sim settle");
  const reason = graph.locator('[data-kind="Pod"][data-name="too-big"] [data-testid="pod-reason"]');
  await reason.waitFor();
  assert.match(await reason.textContent(), /Insufficient cpu/);
  await shot("ui-graph-pending-reason", page.locator(".graph-panel"));
  await setTheme("dark");
  await shot("ui-graph-dark", page.locator(".graph-panel"));
  await setTheme("light");
  await run("kubectl delete pod too-big");
  await run("kubectl delete statefulset db");
  await run("kubectl delete hpa nginx");
  await run("sim settle");
});

test("a custom resource is drawn as the root of the Deployment it owns", async () => {
  await page.getByTestId("editor").fill(APP_CRD);
  await page.getByTestId("apply").click();
  await run("sim settle");
  await page.getByTestId("editor").fill(APP);
  await page.getByTestId("apply").click();
  const graph = page.getByTestId("graph");
  const app = graph.locator('[data-kind="App"][data-name="shop"]');
  await app.waitFor();
  await run("kubectl create deployment shop-web --image=nginx --replicas=2");
  await run("UID=$(kubectl get app shop -o jsonpath='{.metadata.uid}')");
  await run(`kubectl patch deployment shop-web --type=merge -p "{\\"metadata\\":{\\"ownerReferences\\":[{\\"apiVersion\\":\\"ops.example.com/v1alpha1\\",\\"kind\\":\\"App\\",\\"name\\":\\"shop\\",\\"uid\\":\\"$UID\\",\\"controller\\":true}]}}"`);
  await run("sim settle");
  const deploy = graph.locator('[data-kind="Deployment"][data-name="shop-web"]');
  await deploy.waitFor();
  // The App is the root of the Deployment's tree: left of it, on its row.
  const [a, d] = [await app.boundingBox(), await deploy.boundingBox()];
  assert.ok(a && d && a.x + a.width <= d.x && Math.abs(a.y - d.y) < 2, JSON.stringify({ a, d }));
  await shot("ui-graph-custom-resource", page.locator(".graph-panel"));
  await run("kubectl delete app shop");
  await run("sim settle");
  await deploy.waitFor({ state: "detached" });
  await run("kubectl delete crd apps.ops.example.com");
  await run("sim settle");
});

test("sim traffic sends dots from the Service to the pods that answered", async () => {
  await page.getByTestId("editor").fill(SERVICE);
  await page.getByTestId("apply").click();
  await run("sim settle");
  const graph = page.getByTestId("graph");
  await graph.locator('[data-kind="Service"][data-name="nginx"]').waitFor();
  const answering = await graph.locator('[data-relation="Endpoint"][data-ok="true"]').evaluateAll((edges) =>
    edges.map((e) => e.dataset.to?.split("/").pop() ?? e.dataset.from?.split("/").pop()));
  assert.ok(answering.length > 0, "the Service has ready endpoints");
  await run("sim traffic svc/nginx --rps 20");
  await run("sim advance 3s");
  const dots = graph.locator('[data-testid="traffic-dot"]');
  await dots.first().waitFor({ state: "attached" });
  const seen = await dots.evaluateAll((ds) => ds.map((d) => [d.dataset.service, d.dataset.pod]));
  // 20 requests per second, one second of them drawn.
  assert.ok(seen.length >= 15 && seen.length <= 24, `dots drawn: ${seen.length}`);
  const endpoints = await graph.locator('[data-relation="Endpoint"][data-ok="true"]').evaluateAll((edges) =>
    edges.flatMap((e) => [e.dataset.from, e.dataset.to]).filter((id) => id?.startsWith("Pod/")).map((id) => id.split("/").pop()));
  for (const [service, pod] of seen) {
    assert.equal(service, "nginx");
    assert.ok(endpoints.includes(pod), `${pod} answered but is not a ready endpoint of nginx (${endpoints})`);
  }
  await run("sim traffic stop");
  await run("sim advance 2s");
  assert.equal(await dots.count(), 0, "no dots once the stream stopped");
});

test("a rollout shows its budget bar with the controller's numbers", async () => {
  await run("kubectl scale deployment nginx-deployment --replicas=4");
  await run("sim settle");
  // 4 replicas with the default 25%: maxSurge 1, maxUnavailable 1.
  await run("kubectl set image deployment/nginx-deployment nginx=nginx:1.25");
  const bar = page.locator('[data-testid="rollout-budget"][data-name="nginx-deployment"]');
  for (let i = 0; i < 100 && (await bar.count()) === 0; i++) await page.getByTestId("step").click();
  await bar.waitFor();
  assert.equal(await bar.getAttribute("data-replicas"), "4");
  assert.equal(await bar.getAttribute("data-max-surge"), "1");
  assert.equal(await bar.getAttribute("data-max-unavailable"), "1");
  // Step until the controller is mid-way: some old and some new pods.
  for (let i = 0; i < 60; i++) {
    if ((await bar.locator(".cell.new").count()) > 0 && (await bar.locator(".cell.old").count()) > 0) break;
    await page.getByTestId("step").click();
  }
  assert.ok((await bar.locator(".cell.new").count()) > 0);
  // Never more than replicas + maxSurge pods asked for; never fewer than 3 available.
  assert.ok((await bar.locator(".cell.old, .cell.new").count()) <= 5);
  await shot("ui-rollout-budget", bar);
  await setTheme("dark");
  await shot("ui-rollout-budget-dark", bar);
  await setTheme("light");
  await shot("ui-rollout-page");
  await run("sim settle");
  assert.equal(await bar.count(), 0, "the bar goes away once the rollout is complete");
});

test("the step card shows the field diff; keys step, play and focus the terminal", async () => {
  await run("kubectl scale deployment nginx-deployment --replicas=5");
  const card = page.getByTestId("step-card");
  const row = card.locator('.change[data-path="spec.replicas"]');
  await row.waitFor();
  assert.equal(await row.locator(".old").innerText(), "4");
  assert.equal(await row.locator(".new").innerText(), "5");
  await shot("ui-step-diff", card);

  await page.locator(".app-header h1").click();
  const [c0] = await stepCount();
  await page.keyboard.press("ArrowRight");
  assert.equal((await stepCount())[0], c0 + 1);
  await page.keyboard.press("ArrowLeft");
  assert.equal((await stepCount())[0], c0);
  // Space plays (paced by animation frames), space again pauses.
  await page.getByTestId("speed").selectOption({ label: "16×" });
  await page.locator(".app-header h1").click();
  await page.keyboard.press(" ");
  assert.equal(await page.getByTestId("play").getAttribute("aria-pressed"), "true");
  await page.waitForTimeout(1500);
  await page.keyboard.press(" ");
  assert.equal(await page.getByTestId("play").getAttribute("aria-pressed"), "false");
  const played = (await stepCount())[0] - c0;
  // 16× is 32 steps a second of page time: about 48 in 1.5 s, give or take frames.
  assert.ok(played > 10, `played ${played} steps`);
  const [paused] = await stepCount();
  await page.waitForTimeout(300);
  assert.equal((await stepCount())[0], paused, "pausing stops the frames");
  await page.keyboard.press("/");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), "terminal-input");
});

test("the chaos toolbar runs the commands it stands for", async () => {
  await page.getByTestId("chaos-node").selectOption("kubeplay-worker2");
  await page.getByTestId("chaos-cordon").click();
  let last = page.getByTestId("terminal-output").locator(".entry").last();
  assert.equal(await last.locator(".command").innerText(), "$ kubectl cordon kubeplay-worker2");
  assert.equal((await last.locator(".stdout").innerText()).trimEnd(), "node/kubeplay-worker2 cordoned");
  await page.locator('[data-testid="cluster"] [data-kind="Node"][data-name="kubeplay-worker2"][data-unschedulable="true"]').waitFor();
  assert.equal(await page.getByTestId("chaos-cordon").innerText(), "Uncordon");
  await page.getByTestId("chaos-cordon").click();

  await page.getByTestId("chaos-add-node").click();
  last = page.getByTestId("terminal-output").locator(".entry").last();
  assert.equal(await last.locator(".command").innerText(), "$ sim node add kubeplay-worker4");
  await page.locator('[data-testid="cluster"] [data-kind="Node"][data-name="kubeplay-worker4"]').waitFor();

  await page.getByTestId("chaos-kill-pod").click();
  last = page.getByTestId("terminal-output").locator(".entry").last();
  assert.match(await last.locator(".command").innerText(), /^\$ sim pod kill [a-z0-9-]+$/);
  assert.equal(await last.getAttribute("data-failed"), "false");

  await page.getByTestId("chaos-image").fill("nginx:9.9-missing");
  await page.getByTestId("chaos-image-missing").click();
  last = page.getByTestId("terminal-output").locator(".entry").last();
  assert.equal(await last.locator(".command").innerText(), "$ sim image missing nginx:9.9-missing");

  const slider = page.getByTestId("chaos-load");
  await slider.fill("800"); // input, then change: the command runs on release
  last = page.getByTestId("terminal-output").locator(".entry").last();
  assert.equal(await last.locator(".command").innerText(), "$ sim load deployment/nginx-deployment cpu=800m");
  assert.equal(await last.getAttribute("data-failed"), "false");
  await shot("ui-chaos", page.getByTestId("chaos"));
  await shot("ui-chaos-page");
});

test("a large cluster switches to aggregate views", async () => {
  await run("kubectl create deployment crowd --image=nginx --replicas=330");
  await page.getByTestId("editor").fill(TOO_BIG_DEPLOYMENT);
  await page.getByTestId("apply").click();
  await run("sim advance 60s");
  const cluster = page.getByTestId("large-cluster");
  await cluster.waitFor({ timeout: 60_000 });
  assert.equal(await page.getByTestId("heatmap").locator('[data-kind="Node"]').count(), 5);
  const group = page.locator('[data-testid="graph"] [data-kind="PodGroup"]');
  assert.ok((await group.count()) >= 1);
  const crowd = page.locator('[data-testid="graph"] [data-kind="PodGroup"][data-owner^="ReplicaSet/default/crowd-"]');
  assert.equal(await crowd.getAttribute("data-count"), "330");
  // Nothing can hold 64 CPUs: the big pods wait, counted by reason.
  const hist = page.getByTestId("pending-histogram").locator(".hist-row");
  const rows = await hist.evaluateAll((els) => els.map((e) => [e.dataset.reason, Number(e.dataset.count)]));
  assert.ok(rows.some(([reason, n]) => reason === "Insufficient cpu" && n >= 4), JSON.stringify(rows));
  await shot("ui-large-cluster");
  await setTheme("dark");
  await shot("ui-large-cluster-dark");
  await setTheme("light");
  assert.deepEqual(problems, []);
});
