// Trunk post_build hook (see Trunk.toml), run on the staged build:
// 1. Content-Security-Policy: index.html's policy allows scripts from the
//    site only, but Trunk writes its wasm loader as an inline <script>. Its
//    exact text is hashed (sha256) into script-src, so that script runs and
//    no other inline script can.
// 2. embed.html: the same page with data-kubeplay-mode="embed" on <html>,
//    so it loads the same wasm (same hashed file names) in embed mode.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("post-build.mjs: TRUNK_STAGING_DIR is not set (run by trunk as a post_build hook)");
  process.exit(2);
}
const file = join(dir, "index.html");
let html = readFileSync(file, "utf8");

const hashes = [];
for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
  hashes.push(`'sha256-${createHash("sha256").update(m[1], "utf8").digest("base64")}'`);
}
const csp = /(<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' 'wasm-unsafe-eval')/;
if (!csp.test(html)) {
  console.error("post-build.mjs: index.html has no Content-Security-Policy with script-src 'self' 'wasm-unsafe-eval'");
  process.exit(1);
}
html = html.replace(csp, `$1${hashes.map((h) => " " + h).join("")}`);
writeFileSync(file, html);

const embed = html
  .replace(/<html lang="en">/, '<html lang="en" data-kubeplay-mode="embed">')
  .replace(/<title>[^<]*<\/title>/, "<title>Kubeplay (embedded)</title>");
if (!embed.includes('data-kubeplay-mode="embed"')) {
  console.error("post-build.mjs: could not mark embed.html (no <html lang=\"en\">)");
  process.exit(1);
}
writeFileSync(join(dir, "embed.html"), embed);
console.log(`post-build.mjs: ${hashes.length} inline script(s) hashed into the CSP; embed.html written`);
