// Every shipped lesson, completed end to end through the lesson panel in
// headless Chromium against the release build: open `?lesson=ID`, and for
// each step load its manifest, press "Run all", and wait until every check
// of the step is marked done; then Next, until the lesson says it is
// complete. Also the lesson picker, the Markdown rendering, and
// reset-to-step (a fresh cluster with the earlier steps replayed).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./static-server.mjs";
import { ROOT, DIST, OUTPUT, launch, collectProblems } from "./chromium.mjs";

const LESSONS = join(ROOT, "static", "lessons");

/** The lessons on disk: id, and for each step whether it has checks and files, and how many of its commands must fail. */
async function shippedLessons() {
  const out = [];
  for (const name of (await readdir(LESSONS)).filter((n) => n.endsWith(".yaml")).sort()) {
    const text = await readFile(join(LESSONS, name), "utf8");
    const id = text.match(/^id:\s*(\S+)/m)?.[1];
    const steps = text.split(/\n  - title: /).slice(1).map((s) => ({
      checks: /\n    checks:/.test(s),
      files: /\n    files:/.test(s),
      fails: (s.match(/\n    fails:\n((?: {6}- .*\n)+)/)?.[1].match(/^ {6}- /gm) ?? []).length,
    }));
    out.push({ id, steps });
  }
  return out;
}
const lessons = await shippedLessons();

let tmp, server, context;
before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html is missing: run `make build` first");
  tmp = await mkdtemp(join(tmpdir(), "kubeplay-lessons-"));
  await mkdir(OUTPUT, { recursive: true });
  server = await serve(DIST);
  context = await launch(join(tmp, "profile"));
});
after(async () => {
  await context?.close();
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** A fresh page (empty localStorage) with error collection. */
async function freshPage(path) {
  const page = await context.newPage();
  const problems = [];
  collectProblems(page, problems);
  await page.goto(`${server.url}/`, { waitUntil: "load" });
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}${path}`, { waitUntil: "load" });
  return { page, problems };
}

test("there are 27 lessons, each with steps", () => {
  assert.equal(lessons.length, 27);
  for (const l of lessons) assert.ok(l.id && l.steps.length > 0, JSON.stringify(l));
});

describe("every lesson completes through the panel", () => {
  for (const lesson of lessons) {
    test(lesson.id, { timeout: 240_000 }, async () => {
      const { page, problems } = await freshPage(`/?lesson=${lesson.id}`);
      try {
        const panel = page.getByTestId("lesson-panel");
        await panel.waitFor({ state: "visible", timeout: 30_000 });
        assert.equal(await panel.getAttribute("data-lesson"), lesson.id);
        assert.equal(await page.locator(".lesson-dot").count(), lesson.steps.length, `${lesson.id}: the panel shows every step of the file`);
        let mustFail = 0;
        for (let i = 0; i < lesson.steps.length; i++) {
          const step = page.getByTestId("lesson-step");
          await page.locator(`[data-testid="lesson-step"][data-step="${i}"]`).waitFor({ timeout: 10_000 });
          const checks = page.getByTestId("lesson-check");
          if (lesson.steps[i].checks) {
            // Not done before anything ran (the checks are not vacuous) —
            // at least for the first step, on a fresh cluster.
            if (i === 0) assert.ok((await checks.count()) > 0 && (await page.locator('[data-testid="lesson-check"][data-done="false"]').count()) > 0, `${lesson.id}: step 1 done before it ran`);
          }
          if (lesson.steps[i].files) await page.getByTestId("lesson-load").click();
          const runAll = page.getByTestId("lesson-run-all");
          if (await runAll.count()) await runAll.click();
          if (lesson.steps[i].checks) {
            const n = await checks.count();
            assert.ok(n > 0, `${lesson.id} step ${i + 1}: no checks shown`);
            try {
              await page.waitForFunction(
                () => [...document.querySelectorAll('[data-testid="lesson-check"]')].every((c) => c.dataset.done === "true"),
                null,
                { timeout: 60_000 },
              );
            } catch (e) {
              const open = await page.locator('[data-testid="lesson-check"][data-done="false"]').allInnerTexts();
              const terminal = await page.getByTestId("terminal-output").innerText();
              assert.fail(`${lesson.id} step ${i + 1}: checks not done: ${open.join(" | ")}\n--- terminal ---\n${terminal.slice(-3000)}`);
            }
            assert.equal(await step.getAttribute("data-done"), "true", `${lesson.id} step ${i + 1} not marked done`);
          }
          // No command failed but those the lesson shows failing (its steps'
          // `fails:`): the terminal shows no other error output.
          mustFail += lesson.steps[i].fails;
          const errors = await page.locator('[data-testid="terminal-output"] .stderr').allInnerTexts();
          const real = errors.filter((t) => /^error|Error from server/m.test(t));
          assert.ok(real.length <= mustFail, `${lesson.id} step ${i + 1}: a command failed: ${JSON.stringify(real)}`);
          if (i === 0 && ["rolling-update", "node-failure"].includes(lesson.id)) {
            await page.waitForTimeout(300);
            await page.screenshot({ path: join(OUTPUT, `lesson-${lesson.id}.png`) });
          }
          if (i + 1 < lesson.steps.length) await page.getByTestId("lesson-next").click();
          else if (!lesson.steps[i].checks) await page.getByTestId("lesson-finish").click();
        }
        await page.getByTestId("lesson-finished").waitFor({ timeout: 10_000 });
        const dots = await page.locator(".lesson-dot.done").count();
        assert.equal(dots, lesson.steps.length, `${lesson.id}: every step shows done`);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }
});

test("the picker starts a lesson, Markdown renders as elements, and progress survives a reload", async () => {
  const { page, problems } = await freshPage("/");
  try {
    await page.getByTestId("lesson-picker").waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId("lesson-panel").count(), 0);
    await page.getByTestId("lesson-picker").selectOption("daemonsets");
    await page.getByTestId("lesson-panel").waitFor();
    assert.match(page.url(), /\?lesson=daemonsets$/);
    // "A **DaemonSet** makes one…": bold is a <strong>, code spans <code>.
    assert.equal(await page.locator(".lesson-text strong", { hasText: "DaemonSet" }).count(), 1);
    await page.getByTestId("lesson-load").click();
    assert.match(await page.getByTestId("editor").inputValue(), /kind: DaemonSet/);
    await page.getByTestId("lesson-run-all").click();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="lesson-check"]')].every((c) => c.dataset.done === "true"));
    await page.getByTestId("lesson-next").click();
    await page.locator('[data-testid="lesson-step"][data-step="1"]').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUTPUT, "lesson-panel.png") });
    await page.reload({ waitUntil: "load" });
    await page.locator('[data-testid="lesson-step"][data-step="1"]').waitFor({ timeout: 30_000 });
    assert.match(await page.locator(".lesson-dot").first().getAttribute("class"), /\bdone\b/, "step 1 is still done after the reload");
    // The cluster came back too: the DaemonSet's pods are in the graph.
    await page.locator('[data-testid="graph"] [data-kind="DaemonSet"][data-name="node-agent"]').waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

/** Every object the graph draws, as sorted `Kind/name` strings. */
const graphObjects = (page) =>
  page.evaluate(() => [...new Set([...document.querySelectorAll('[data-testid="graph"] [data-kind][data-name]')].map((e) => `${e.dataset.kind}/${e.dataset.name}`))].sort());
const allChecksDone = (page) =>
  page.waitForFunction(() => {
    const checks = [...document.querySelectorAll('[data-testid="lesson-check"]')];
    return checks.length > 0 && checks.every((c) => c.dataset.done === "true");
  }, null, { timeout: 60_000 });
const dotsDone = (page) => page.evaluate(() => [...document.querySelectorAll(".lesson-dot")].map((d) => d.classList.contains("done")));

test("reset to a step replays the steps before it: the same cluster as doing them by hand", { timeout: 180_000 }, async () => {
  // What the cluster holds after steps 1 and 2 done by hand.
  const byHand = [];
  const { page, problems } = await freshPage("/?lesson=rolling-update");
  try {
    await page.getByTestId("lesson-panel").waitFor({ timeout: 30_000 });
    for (let i = 0; i < 2; i++) {
      await page.locator(`[data-testid="lesson-step"][data-step="${i}"]`).waitFor();
      if (await page.getByTestId("lesson-load").count()) await page.getByTestId("lesson-load").click();
      await page.getByTestId("lesson-run-all").click();
      await allChecksDone(page);
      byHand.push(await graphObjects(page));
      await page.getByTestId("lesson-next").click();
    }
    assert.ok(byHand[0].some((o) => o.startsWith("Pod/nginx-deployment-")), JSON.stringify(byHand[0]));
    assert.notDeepEqual(byHand[0], byHand[1], "step 2 changed the cluster");

    // Something off the lesson's path, then reset step 3: it is gone, and
    // the cluster is exactly the one steps 1 and 2 made (same pod names).
    await page.locator('[data-testid="lesson-step"][data-step="2"]').waitFor();
    await page.getByTestId("terminal-input").fill("kubectl create deployment detour --image=nginx");
    await page.getByTestId("terminal-input").press("Enter");
    await page.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="detour"]').waitFor();
    await page.getByTestId("lesson-reset-step").click();
    await page.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="detour"]').waitFor({ state: "detached" });
    assert.deepEqual(await graphObjects(page), byHand[1]);
    assert.equal(await page.getByTestId("lesson-step").getAttribute("data-step"), "2");
    assert.deepEqual((await dotsDone(page)).slice(0, 2), [true, true], "the replayed steps count as done");

    // Back to step 2 and reset it: only step 1 is replayed, so step 2's
    // checks are open again; running it closes them and gives the same cluster.
    await page.locator(".lesson-dot").nth(1).click();
    await page.locator('[data-testid="lesson-step"][data-step="1"]').waitFor();
    await page.getByTestId("lesson-reset-step").click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="lesson-check"][data-done="false"]').length > 0);
    assert.deepEqual(await graphObjects(page), byHand[0]);
    assert.deepEqual(await dotsDone(page), [true, false, false]);
    assert.equal(await page.getByTestId("lesson-step").getAttribute("data-done"), "false");
    await page.getByTestId("lesson-run-all").click();
    await allChecksDone(page);
    assert.deepEqual(await graphObjects(page), byHand[1]);
    // The terminal shows what the reset replayed, then step 2's commands.
    const commands = (await page.locator('[data-testid="terminal-output"] .command').allInnerTexts()).map((l) => l.replace(/^\$ /, ""));
    assert.deepEqual(commands.slice(0, 2), ["kubectl apply -f nginx-deployment.yaml", "kubectl rollout status deployment/nginx-deployment"]);
    await page.screenshot({ path: join(OUTPUT, "lesson-reset.png") });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
  // From a fresh browser state, straight to step 3 and reset: the same cluster again.
  const fresh = await freshPage("/?lesson=rolling-update");
  try {
    await fresh.page.getByTestId("lesson-panel").waitFor({ timeout: 30_000 });
    await fresh.page.locator(".lesson-dot").nth(2).click();
    await fresh.page.locator('[data-testid="lesson-step"][data-step="2"]').waitFor();
    assert.equal(await fresh.page.locator('[data-testid="graph"] [data-kind="Deployment"]').count(), 0, "nothing ran yet");
    await fresh.page.getByTestId("lesson-reset-step").click();
    await fresh.page.locator('[data-testid="graph"] [data-kind="Deployment"][data-name="nginx-deployment"]').waitFor();
    assert.deepEqual(await graphObjects(fresh.page), byHand[1]);
    assert.deepEqual((await dotsDone(fresh.page)).slice(0, 2), [true, true]);
    assert.deepEqual(fresh.problems, []);
  } finally {
    await fresh.page.close();
  }
});
