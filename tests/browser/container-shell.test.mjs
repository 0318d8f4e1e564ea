// Shells in containers and `kubectl proxy` in the page, against the release
// build in headless Chromium: `kubectl run -it --rm … -- sh` attaches the
// terminal to busybox's shell (its prompt `/ # ` replaces `$ `, lines run
// in the container, Ctrl-D on an empty line ends it and kubectl deletes
// the pod); a reload and a share link in the middle of such a session
// bring it back as it was, attached, with the same prompt; `kubectl exec
// -it … -- bash` shows bash's `root@POD:DIR# `; and the Kubernetes Basics
// tutorial's proxy path answers from the bootcamp pod, before and after a
// reload, until `kill %1`.
// The CLI transcripts (tests/transcripts/kubectl/interactive_run.t,
// proxy.t, tutorials/kubernetes_basics.t) prove the output; these prove
// the page draws, saves and replays the same session.
// Screenshots: tests/output/container-shell/*.png.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

const SHOTS = join(OUTPUT, "container-shell");
const RUN_SH = "kubectl run -it --rm bb --image=busybox:1.28 --restart=Never -- sh";

let tmp, server, context, page;
const problems = [];

before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-container-shell-"));
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

const ENTRY = '[data-testid="terminal-output"] .entry:not(.pending)';

/** Waits until no line of `p` is running, queued or downloading. */
async function idle(p = page) {
  await p.waitForFunction(
    () => !document.querySelector('[data-testid="terminal-output"] [data-testid="running"], [data-testid="terminal-output"] [data-testid="queued"], [data-testid="terminal-output"] [data-testid="fetching"]'),
    null,
    { timeout: 60_000 },
  );
}

/** Waits for `p`'s terminal to hold more than `n` entries, then for it to be idle; entry `n`. */
async function entryAfter(n, p = page) {
  await p.waitForFunction(([sel, k]) => document.querySelectorAll(sel).length > k, [ENTRY, n]);
  await idle(p);
  return p.locator(ENTRY).nth(n);
}

/** Types a line into `p`'s terminal and presses Enter; its entry. */
async function run(line, p = page) {
  const before = await p.locator(ENTRY).count();
  const input = p.getByTestId("terminal-input");
  await input.fill(line);
  await input.press("Enter");
  return entryAfter(before, p);
}

const stdout = async (entry) => ((await entry.locator(".stdout").count()) ? await entry.locator(".stdout").innerText() : "");
const stderr = async (entry) => ((await entry.locator(".stderr").count()) ? await entry.locator(".stderr").innerText() : "");
/** The prompt drawn before an entry's command, as typed at (`$ `, `/ # `). */
const typedAt = async (entry) => (await entry.locator(".command .prompt").first().innerText()).replace(/\u00a0/g, " ");
/** The prompt the next line will be typed at. */
const prompt = async (p = page) => (await p.getByTestId("terminal-prompt").innerText()).trim();

async function shot(name, p = page) {
  await p.getByTestId("terminal-output").evaluate((e) => (e.scrollTop = e.scrollHeight));
  await p.waitForTimeout(350); // let fades finish
  await p.locator(".panel.terminal").screenshot({ path: join(SHOTS, `${name}.png`) });
}

test("kubectl run -it --rm -- sh: the shell's prompt, lines in the container, Ctrl-D ends it", async () => {
  assert.equal(await prompt(), "$");
  const opened = await run(RUN_SH);
  assert.equal(await opened.getAttribute("data-failed"), "false");
  assert.equal((await stderr(opened)).trim(), "If you don't see a command prompt, try pressing enter.");
  assert.equal(await typedAt(opened), "$ ");
  assert.equal(await prompt(), "/ #", "the terminal is attached to busybox's shell");
  await page.locator('[data-testid="graph"] [data-kind="Pod"][data-name="bb"]').waitFor();
  // The container has no kubectl: the input does not suggest it there,
  // and Tab completes nothing (the playground knows no container's files).
  const input = page.getByTestId("terminal-input");
  assert.equal(await input.getAttribute("placeholder"), "exit or Ctrl-D leaves the shell");
  await input.fill("kubectl ge");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "kubectl ge");
  assert.equal(await page.getByTestId("completions").count(), 0);
  await input.fill("");
  await shot("1-attached");

  const dns = await run("nslookup kubernetes.default");
  assert.equal(await typedAt(dns), "/ # ");
  assert.equal(
    (await stdout(dns)).trimEnd(),
    [
      "Server:    10.96.0.10",
      "Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local",
      "",
      "Name:      kubernetes.default",
      "Address 1: 10.96.0.1 kubernetes.default.svc.cluster.local",
    ].join("\n"),
  );

  const cd = await run("cd /tmp");
  assert.equal(await cd.getAttribute("data-failed"), "false");
  assert.equal(await prompt(), "/tmp #", "the prompt shows the shell's working directory");
  const wrote = await run("echo hi > f");
  assert.equal(await typedAt(wrote), "/tmp # ");
  assert.equal(await stdout(wrote), "");
  const cat = await run("cat f");
  assert.equal((await stdout(cat)).trim(), "hi");
  const pwd = await run("pwd");
  assert.equal((await stdout(pwd)).trim(), "/tmp");
  // kubectl is on your machine, not in the container.
  const kubectl = await run("kubectl get pods");
  assert.equal((await stderr(kubectl)).trim(), "sh: kubectl: not found");
  assert.equal(await kubectl.getAttribute("data-failed"), "true");
  await shot("2-in-the-container");

  // A reload in the middle of the session: the page replays the saved
  // script, so the session comes back as it was, still attached.
  const terminal = await page.getByTestId("terminal-output").innerText();
  await page.reload({ waitUntil: "load" });
  await page.getByTestId("editor").waitFor({ state: "visible", timeout: 30_000 });
  await idle();
  assert.equal(await page.getByTestId("terminal-output").innerText(), terminal, "the transcript is the same, prompts included");
  assert.equal(await prompt(), "/tmp #", "still in the container's shell, in /tmp");
  const again = await run("cat f");
  assert.equal(await typedAt(again), "/tmp # ");
  assert.equal((await stdout(again)).trim(), "hi", "the file written before the reload is there");
  await shot("3-after-reload");

  // Ctrl-D on an empty line is end of input: the shell exits, kubectl
  // deletes the pod (--rm), and the prompt is the user's again.
  const before = await page.locator(ENTRY).count();
  await input.fill("");
  await input.press("Control+d");
  const exited = await entryAfter(before);
  assert.equal(await typedAt(exited), "/tmp # ", "exit is drawn at the prompt it ended");
  assert.equal((await exited.locator(".command").innerText()).replace(/\u00a0/g, " "), "/tmp # exit");
  assert.equal((await stdout(exited)).trim(), 'pod "bb" deleted');
  assert.equal(await prompt(), "$");
  assert.equal(await input.getAttribute("placeholder"), "kubectl get pods");
  await page.locator('[data-testid="graph"] [data-kind="Pod"][data-name="bb"]').waitFor({ state: "detached" });
  const gone = await run("kubectl get pod bb");
  assert.equal(await typedAt(gone), "$ ");
  assert.equal((await stderr(gone)).trim(), 'Error from server (NotFound): pods "bb" not found');
  // Ctrl-D at the user's own prompt does nothing (no shell to end).
  const count = await page.locator(ENTRY).count();
  await input.press("Control+d");
  await page.waitForTimeout(200);
  assert.equal(await page.locator(ENTRY).count(), count);

  // The lines keep the prompts they were typed at.
  const prompts = await page.locator(`${ENTRY} .command .prompt`).allInnerTexts();
  assert.deepEqual(prompts.map((p) => p.replace(/\u00a0/g, " ")), ["$ ", "/ # ", "/ # ", "/tmp # ", "/tmp # ", "/tmp # ", "/tmp # ", "/tmp # ", "/tmp # ", "$ "]);
  await shot("4-exited");
  assert.deepEqual(problems, []);
});

test("a share link taken inside a container's shell opens attached, with the same prompt", async () => {
  const opened = await run("kubectl run -it --rm sh2 --image=busybox:1.28 --restart=Never -- sh");
  assert.equal(await opened.getAttribute("data-failed"), "false");
  await run("cd /etc");
  assert.equal(await prompt(), "/etc #");
  const terminal = await page.getByTestId("terminal-output").innerText();
  await page.getByTestId("share").click();
  const url = await page.getByTestId("share-link").inputValue();
  assert.match(url, /#share=kp1\.[A-Za-z0-9_-]+$/);
  await page.keyboard.press("Escape");

  const other = await context.newPage();
  const otherProblems = [];
  collectProblems(other, otherProblems);
  try {
    await other.goto(`${server.url}/`, { waitUntil: "load" });
    await other.evaluate(() => localStorage.clear());
    await other.goto("about:blank");
    await other.goto(url, { waitUntil: "load" });
    await other.locator('[data-testid="notice"][data-kind="link"]').waitFor({ timeout: 30_000 });
    await idle(other);
    assert.equal(await other.getByTestId("terminal-output").innerText(), terminal);
    assert.equal(await prompt(other), "/etc #", "the shared session is inside the shell");
    const host = await run("hostname", other);
    assert.equal(await typedAt(host), "/etc # ");
    assert.equal((await stdout(host)).trim(), "sh2");
    const exited = await run("exit", other);
    assert.equal((await stdout(exited)).trim(), 'pod "sh2" deleted');
    assert.equal(await prompt(other), "$");
    await shot("5-share-link", other);
    assert.deepEqual(otherProblems, []);
  } finally {
    await other.close();
  }
  // The page the link was taken from is still in its own session.
  assert.equal(await prompt(), "/etc #");
  const exited = await run("exit");
  assert.equal((await stdout(exited)).trim(), 'pod "sh2" deleted');
  assert.equal(await prompt(), "$");
});

test("Kubernetes Basics: kubectl proxy & then curl the API server and the pod's proxy path", async () => {
  const created = await run("kubectl create deployment kubernetes-bootcamp --image=gcr.io/google-samples/kubernetes-bootcamp:v1");
  assert.equal((await stdout(created)).trim(), "deployment.apps/kubernetes-bootcamp created");
  await run("sim settle");
  const deploy = await run("kubectl get deployments");
  assert.match(await stdout(deploy), /^kubernetes-bootcamp\s+1\/1\s+1\s+1\s/m);

  const proxy = await run("kubectl proxy &");
  assert.equal(await proxy.getAttribute("data-failed"), "false");
  assert.match((await proxy.innerText()).replace(/\u00a0/g, " "), /^\[1\] \d+$/m);
  assert.match(await stdout(proxy), /^Starting to serve on 127\.0\.0\.1:8001$/m);
  const jobs = await run("jobs");
  assert.match(await stdout(jobs), /^\[1\]\+\s+Running\s+kubectl proxy &$/m);

  const version = await run("curl http://localhost:8001/version");
  const v = JSON.parse(await stdout(version));
  assert.equal(v.major, "1");
  assert.equal(v.gitVersion, "v1.32.0");

  const exported = await run(`export POD_NAME=$(kubectl get pods -o go-template --template '{{range .items}}{{.metadata.name}}{{"\\n"}}{{end}}')`);
  assert.equal(await exported.getAttribute("data-failed"), "false");
  const name = await run("echo Name of the Pod: $POD_NAME");
  const pod = (await stdout(name)).trim().replace(/^Name of the Pod: /, "");
  assert.match(pod, /^kubernetes-bootcamp-[0-9a-f]+-[a-z0-9]{5}$/);
  const hello = await run("curl http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy/");
  assert.equal((await stdout(hello)).trim(), `Hello Kubernetes bootcamp! | Running on: ${pod} | v=1`);
  await shot("6-kubectl-proxy");

  // The proxy is client state: a reload brings the background job back.
  await page.reload({ waitUntil: "load" });
  await page.getByTestId("editor").waitFor({ state: "visible", timeout: 30_000 });
  await idle();
  const after = await run("curl -s http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy/");
  assert.equal((await stdout(after)).trim(), `Hello Kubernetes bootcamp! | Running on: ${pod} | v=1`);
  const killed = await run("kill %1");
  assert.equal(await killed.getAttribute("data-failed"), "false");
  const refused = await run("curl -sS http://localhost:8001/version");
  assert.equal(await refused.getAttribute("data-failed"), "true");
  assert.match(await stderr(refused), /^curl: \(7\) Failed to connect to localhost port 8001/);
  await shot("7-proxy-stopped");
  assert.deepEqual(problems, []);
});

test("kubectl exec -it … -- bash: bash's prompt names the user, the pod and the directory", async () => {
  await run("kubectl run web --image=nginx:1.27");
  await run("sim settle");
  const opened = await run("kubectl exec -it web -- bash");
  assert.equal(await opened.getAttribute("data-failed"), "false");
  assert.equal(await prompt(), "root@web:/#");
  const cd = await run("cd /usr/share/nginx/html");
  assert.equal(await typedAt(cd), "root@web:/# ");
  assert.equal(await prompt(), "root@web:/usr/share/nginx/html#");
  const cat = await run("cat /usr/share/nginx/html/index.html");
  assert.match(await stdout(cat), /<title>Welcome to nginx!<\/title>/);
  // bash says "exit" as it leaves; kubectl exec adds nothing after a 0.
  const exited = await run("exit");
  assert.equal(await typedAt(exited), "root@web:/usr/share/nginx/html# ");
  assert.equal((await stdout(exited)).trim(), "exit");
  assert.equal(await prompt(), "$");
  await shot("8-exec-bash");
  assert.deepEqual(problems, []);
});

test("the HPA walkthrough's load generator runs as a job until Ctrl-C at the empty prompt", async () => {
  await run("kubectl create deployment php-apache --image=registry.k8s.io/hpa-example");
  await run("kubectl expose deployment php-apache --port=80");
  await run("sim settle");
  const input = page.getByTestId("terminal-input");
  assert.equal(await input.getAttribute("placeholder"), "kubectl get pods", "no loop yet: the usual hint");
  const load = await run('kubectl run -i --tty load-generator --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while sleep 0.01; do wget -q -O- http://php-apache; done"');
  assert.equal(await load.getAttribute("data-failed"), "false");
  assert.match(await stdout(load), /^OK!OK!/);
  assert.equal(await prompt(), "$", "the terminal is the user's again, the loop a job");
  assert.equal(await input.getAttribute("placeholder"), "Ctrl-C stops the loop (kill -INT %1)");
  await shot("9-load-generator");
  // Ctrl-C with text on the line does nothing to the loop.
  await input.fill("kubectl get hpa");
  const count = await page.locator(ENTRY).count();
  await input.press("Control+c");
  await page.waitForTimeout(200);
  assert.equal(await page.locator(ENTRY).count(), count);
  // At the empty prompt it is the walkthrough's Ctrl-C: the loop dies,
  // and --rm deletes its pod.
  await input.fill("");
  await input.press("Control+c");
  const stopped = await entryAfter(count);
  assert.equal((await stopped.locator(".command").innerText()).replace(/\u00a0/g, " "), "$ kill -INT %1");
  assert.equal((await stdout(stopped)).trim(), 'pod "load-generator" deleted');
  assert.equal(await input.getAttribute("placeholder"), "kubectl get pods");
  await shot("10-load-generator-stopped");
  assert.deepEqual(problems, []);
});
