// `kubectl apply -f https://…` in the page, against the release build in
// headless Chromium: the page downloads what the line reads (showing
// "fetching …" meanwhile), then runs it with the text in place, exactly as
// kubectl would have read it. A second server on another port stands for
// the manifest's host: it answers with CORS headers (as
// raw.githubusercontent.com does), a 404, and once without CORS headers
// (as most sites do), which a browser cannot read. A reload replays the
// session from what was downloaded, without asking the host again.
// Screenshot: tests/output/ui-terminal-url.png.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { ROOT, DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

const MANIFEST = await readFile(join(ROOT, "static", "examples", "nginx-deployment.yaml"), "utf8");

let tmp, server, host, hostUrl, context, page;
const problems = [];
const asked = [];

before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-url-"));
  await mkdir(OUTPUT, { recursive: true });
  server = await serve(DIST);
  host = createServer((req, res) => {
    asked.push(req.url);
    const cors = { "access-control-allow-origin": "*" };
    if (req.url === "/examples/nginx-deployment.yaml") {
      res.writeHead(200, { ...cors, "content-type": "text/yaml" }).end(MANIFEST);
    } else if (req.url === "/slow.yaml") {
      setTimeout(() => res.writeHead(200, { ...cors, "content-type": "text/yaml" }).end("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: slow\n"), 1500);
    } else if (req.url === "/no-cors.yaml") {
      res.writeHead(200, { "content-type": "text/yaml" }).end(MANIFEST);
    } else {
      res.writeHead(404, { ...cors, "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostUrl = `http://127.0.0.1:${host.address().port}`;
  context = await launch(join(tmp, "profile"));
  page = context.pages()[0] ?? (await context.newPage());
  collectProblems(page, problems);
  await page.goto(`${server.url}/`, { waitUntil: "load" });
  await page.getByTestId("editor").waitFor({ state: "visible", timeout: 30_000 });
});

after(async () => {
  await context?.close();
  await server?.close();
  await new Promise((resolve) => (host ? host.close(resolve) : resolve()));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Types a line, presses Enter, waits until it has printed; its entry. */
async function run(line) {
  const entries = page.getByTestId("terminal-output").locator(".entry");
  const before = await entries.count();
  const input = page.getByTestId("terminal-input");
  await input.fill(line);
  await input.press("Enter");
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="terminal-output"] .entry').length > n, before);
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="terminal-output"] [data-testid="running"], [data-testid="terminal-output"] [data-testid="queued"], [data-testid="terminal-output"] [data-testid="fetching"]'),
    null,
    { timeout: 60_000 },
  );
  return entries.last();
}

test("kubectl apply -f URL downloads the manifest, applies it, and a reload replays it offline", async () => {
  const url = `${hostUrl}/examples/nginx-deployment.yaml`;
  const entry = await run(`kubectl apply -f ${url}`);
  assert.equal((await entry.locator(".stdout").innerText()).trim(), "deployment.apps/nginx-deployment created");
  assert.deepEqual(asked, ["/examples/nginx-deployment.yaml"]);

  await run("sim settle");
  const pods = await run("kubectl get pods -l app=nginx --no-headers");
  const lines = (await pods.innerText()).split("\n").filter((l) => l.startsWith("nginx-deployment-"));
  assert.equal(lines.length, 3, lines.join("\n"));
  assert.ok(lines.every((l) => /\b1\/1\s+Running\b/.test(l)), lines.join("\n"));

  // The same URL again is not downloaded again in this session.
  const again = await run(`kubectl get -f ${url}`);
  assert.equal(await again.getAttribute("data-failed"), "false");
  assert.match(await again.innerText(), /nginx-deployment\s+3\/3/);
  assert.deepEqual(asked, ["/examples/nginx-deployment.yaml"]);

  const missing = await run(`kubectl apply -f ${hostUrl}/nope.yaml`);
  assert.equal(
    (await missing.locator(".stderr").innerText()).trim(),
    `error: unable to read URL "${hostUrl}/nope.yaml", server reported 404 Not Found, status code=404`,
  );

  const blocked = await run(`kubectl apply -f ${hostUrl}/no-cors.yaml`);
  const stderr = await blocked.locator(".stderr").innerText();
  assert.match(stderr, new RegExp(`^error: Get "${hostUrl}/no-cors.yaml": dial tcp 127\\.0\\.0\\.1:\\d+: connect: connection refused\\n\\(playground\\) the page could not download it`));
  await page.getByTestId("terminal-output").evaluate((e) => (e.scrollTop = e.scrollHeight));
  await page.waitForTimeout(350);
  await page.locator(".panel.terminal").screenshot({ path: join(OUTPUT, "ui-terminal-url.png") });

  // While it downloads, the line says so, and what is typed next waits.
  const input = page.getByTestId("terminal-input");
  await input.fill(`kubectl create -f ${hostUrl}/slow.yaml`);
  await input.press("Enter");
  const fetching = page.getByTestId("terminal-output").getByTestId("fetching");
  await fetching.waitFor({ state: "visible" });
  assert.equal(await fetching.innerText(), `fetching ${hostUrl}/slow.yaml …`);
  const waits = await run("kubectl get configmap slow -o name");
  assert.equal((await waits.locator(".stdout").innerText()).trim(), "configmap/slow");

  // A reload replays the session from what was downloaded: the host is not asked again.
  const terminal = await page.getByTestId("terminal-output").innerText();
  const before = asked.length;
  await page.reload({ waitUntil: "load" });
  await page.getByTestId("editor").waitFor({ state: "visible", timeout: 30_000 });
  assert.equal(await page.getByTestId("terminal-output").innerText(), terminal);
  assert.equal(asked.length, before);

  // The browser reports the 404 and the CORS refusal itself; nothing else may fail.
  const unexpected = problems.filter((p) => !p.includes("nope.yaml") && !p.includes("no-cors.yaml") && !p.includes("CORS") && !p.includes("Failed to load resource"));
  assert.deepEqual(unexpected, []);
});
