// Reads a profile and says where its samples fall, for the performance
// work of issue 13 (README "Session 25" and "Session 26" say how to take
// one). Two inputs:
//   - a V8 `.cpuprofile` (Node's `--cpu-prof`, of a wasm benchmark: the
//     bench profile keeps function names);
//   - the text of `perf script` over a `perf record --call-graph dwarf`
//     of a native benchmark.
//
//   node scripts/profile.mjs self <profile> [rows]
//     functions by the samples spent in them (self time);
//   node scripts/profile.mjs under <profile> <regex> [depth]
//     the share of samples inside the outermost frame matching <regex>,
//     split by the <depth> frames it called next ("(self)": in it);
//   node scripts/profile.mjs callers <profile> <regex> [depth]
//     the share of samples inside the innermost frame matching <regex>,
//     split by the <depth> frames that called it.
//
// Names are shortened (Rust hashes and crate disambiguators dropped) so a
// function inlined in one build and not in another still groups.

import { readFileSync } from "node:fs";

const [mode, file, arg, arg2] = process.argv.slice(2);
if (!["self", "under", "callers"].includes(mode) || !file || (mode !== "self" && !arg)) {
  console.error("usage: node scripts/profile.mjs self <profile> [rows] | under|callers <profile> <regex> [depth]");
  process.exit(2);
}

const short = (name) =>
  (name || "(anonymous)")
    .replace(/::h[0-9a-f]{16}/g, "")
    .replace(/17h[0-9a-f]{16}E$/, "")
    .replace(/\[[0-9a-f]{16}\]/g, "")
    .replace(/\+0x[0-9a-f]+$/, "");

/** Every sample as its stack, leaf first, with how many samples it stands for. */
function samples(path) {
  const text = readFileSync(path, "utf8");
  if (text.trimStart().startsWith("{")) {
    const profile = JSON.parse(text);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
    const out = [];
    for (const n of profile.nodes) {
      if (!n.hitCount) continue;
      const stack = [];
      for (let id = n.id; id !== undefined; id = parent.get(id)) stack.push(short(byId.get(id).callFrame.functionName));
      out.push({ stack, weight: n.hitCount });
    }
    return out;
  }
  // `perf script`: a header line per sample, then one indented line per
  // frame ("<address> <symbol> (<object>)"), then a blank line.
  const out = [];
  let stack = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) {
      if (stack.length) out.push({ stack, weight: 1 });
      stack = [];
    } else if (/^\s/.test(line)) {
      const frame = line.trim().replace(/^[0-9a-f]+\s+/, "").replace(/ \([^()]*\)$/, "");
      stack.push(short(frame));
    }
  }
  if (stack.length) out.push({ stack, weight: 1 });
  return out;
}

const all = samples(file);
const total = all.reduce((s, x) => s + x.weight, 0);
const counts = new Map();
const add = (key, w) => counts.set(key, (counts.get(key) || 0) + w);
const pct = (w) => ((100 * w) / total).toFixed(1).padStart(5) + "%";

if (mode === "self") {
  for (const { stack, weight } of all) add(stack[0], weight);
} else {
  const re = new RegExp(arg);
  const depth = Number(arg2 || 1);
  let inside = 0;
  for (const { stack, weight } of all) {
    // Stacks are leaf first: `under` takes the outermost match and the
    // frames below it, `callers` the innermost and the frames above.
    const at = mode === "under" ? stack.findLastIndex((f) => re.test(f)) : stack.findIndex((f) => re.test(f));
    if (at < 0) continue;
    inside += weight;
    const next = mode === "under" ? stack.slice(Math.max(0, at - depth), at).reverse() : stack.slice(at + 1, at + 1 + depth);
    add(next.length ? next.join(mode === "under" ? " > " : " < ") : "(self)", weight);
  }
  console.log(`${pct(inside)} of ${total} samples inside /${arg}/`);
}
const rows = mode === "self" ? Number(arg || 30) : 25;
for (const [key, w] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(w)} ${key.slice(0, 200)}`);
