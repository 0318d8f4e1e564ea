// The browser benchmarks at --quick sizes (tests/bench/browser.mjs): keeps
// them running against the current UI and checks the work was done (the
// Deployment's pods Ready in the DOM, play advancing, every action showing
// its result). Speed is not judged here: `make bench-browser` measures it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const BENCH = join(dirname(fileURLToPath(import.meta.url)), "..", "bench", "browser.mjs");

test("the browser benchmarks run at --quick sizes and do their work", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [BENCH, "--quick"], { timeout: 110_000 }).catch((err) => {
    assert.fail(`browser.mjs --quick failed:\n${err.stderr ?? ""}${err.stdout ?? ""}`);
  });
  for (const workload of ["nav → interactive", "action: apply", "action: scale", "action: step", "settle: deployment 0→N", "animate: rolling update 4×", "time travel: jump", "decode+apply: bundle"]) {
    assert.match(stdout, new RegExp(`^\\| ${workload.replace(/[|+→×]/g, "\\$&")} `, "m"), `no row for ${workload}:\n${stdout}`);
  }
});
