//! Embeds every transcript (tests/transcripts/**/*.t) for the wasm test
//! web/tests/transcripts.rs: the browser has no file system, so the list
//! is written into OUT_DIR as `include_str!`s at compile time.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(read) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = read.filter_map(|e| e.ok().map(|e| e.path())).collect();
    // The same order as `kubeplay test`, so failures read the same.
    entries.sort();
    for e in entries {
        if e.is_dir() {
            collect(&e, out);
        } else if e.extension().is_some_and(|x| x == "t") {
            out.push(e);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("..");
    let dir = root.join("tests").join("transcripts");
    // A directory here makes cargo rerun on any change beneath it.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files = Vec::new();
    collect(&dir, &mut files);
    let mut src = String::from("&[\n");
    for f in &files {
        let name = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        let _ = writeln!(src, "    ({name:?}, include_str!({:?})),", f.display().to_string());
    }
    src.push_str("]\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("transcripts.rs");
    std::fs::write(&out, src).expect("OUT_DIR is writable");
}
