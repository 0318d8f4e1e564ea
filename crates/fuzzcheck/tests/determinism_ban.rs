//! Proves the determinism ban holds without running clippy on every test
//! run: the root clippy.toml bans wall-clock time, OS randomness and hash
//! collections (so `scripts/lint.sh` denies them), and the engine-side
//! sources name none of them, nor opt out of the ban. Comments and string
//! literals are skipped, so prose about "instants" is fine.

use std::path::{Path, PathBuf};

/// The crates whose code runs inside a simulation (natively and in wasm).
const ENGINE_SIDE: &[&str] = &["cel", "model", "codec", "apiserver", "engine", "kubectl", "playground"];

/// Identifiers that only appear in code that uses a banned item.
const BANNED_IDENTIFIERS: &[&str] =
    &["HashMap", "HashSet", "RandomState", "Instant", "SystemTime", "UNIX_EPOCH", "thread_rng", "OsRng", "ThreadRng", "getrandom", "sleep"];

/// Paths clippy.toml must ban.
const BANNED_METHODS: &[&str] = &["std::time::Instant::now", "std::time::SystemTime::now", "rand::thread_rng", "getrandom::getrandom", "f64::ln", "f64::log10", "f64::exp", "f64::powf", "f32::ln"];

/// Float methods computed by the platform's libm, whose last bit differs
/// between native and wasm builds (clippy.toml bans them).
const LIBM_METHODS: &[&str] = &["ln", "log", "log2", "log10", "ln_1p", "exp", "exp2", "exp_m1", "powf", "powi", "sin", "cos", "tan", "sin_cos", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "cbrt", "hypot"];
const BANNED_TYPES: &[&str] = &["std::collections::HashMap", "std::collections::HashSet", "std::hash::RandomState", "rand::rngs::OsRng"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a Rust file with comments and string/char literals blanked
/// out (lines kept, for reporting).
fn code_only(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if b[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !b.get(i.wrapping_sub(1)).is_some_and(|p| p.is_alphanumeric() || *p == '_') {
            // Raw string r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                match b.get(j) {
                    None => break,
                    Some('"') if (1..=hashes).all(|k| b.get(j + k) == Some(&'#')) => {
                        j += 1 + hashes;
                        break;
                    }
                    Some('\n') => out.push('\n'),
                    _ => {}
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    i += 1;
                }
                if b.get(i) == Some(&'\n') {
                    out.push('\n');
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && (b.get(i + 2) == Some(&'\'') || (next == Some('\\'))) {
            // A char literal ('x' or '\n'); a lifetime ('a) is code.
            i += 1;
            while i < b.len() && b[i] != '\'' {
                if b[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn identifiers(code: &str) -> impl Iterator<Item = &str> {
    code.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty())
}

#[test]
fn clippy_config_bans_clocks_os_randomness_and_hash_collections() {
    let config = std::fs::read_to_string(root().join("clippy.toml")).expect("clippy.toml at the workspace root");
    let section = |name: &str| -> String {
        let start = config.find(&format!("{name} = [")).unwrap_or_else(|| panic!("clippy.toml has no {name}"));
        let rest = &config[start..];
        rest[..rest.find("\n]").unwrap_or(rest.len())].to_string()
    };
    let methods = section("disallowed-methods");
    let types = section("disallowed-types");
    for path in BANNED_METHODS {
        assert!(methods.contains(&format!("path = \"{path}\"")), "clippy.toml does not ban the method {path}");
    }
    for path in BANNED_TYPES {
        assert!(types.contains(&format!("path = \"{path}\"")), "clippy.toml does not ban the type {path}");
    }
}

#[test]
fn engine_side_sources_use_no_banned_item_and_never_opt_out() {
    let mut files = Vec::new();
    for krate in ENGINE_SIDE {
        rust_files(&root().join("crates").join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 50, "found only {} source files: wrong root?", files.len());
    let mut found = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap_or_default();
        let code = code_only(&src);
        for (n, line) in code.lines().enumerate() {
            for id in identifiers(line) {
                if BANNED_IDENTIFIERS.contains(&id) {
                    found.push(format!("{}:{}: {id}", f.display(), n + 1));
                }
            }
            if line.contains("disallowed_methods") || line.contains("disallowed_types") {
                found.push(format!("{}:{}: opts out of the determinism ban", f.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "banned in engine-side code (see clippy.toml):\n{}", found.join("\n"));
}

#[test]
fn engine_side_sources_call_no_libm_float_function() {
    let mut files = Vec::new();
    for krate in ENGINE_SIDE {
        rust_files(&root().join("crates").join(krate).join("src"), &mut files);
    }
    let mut found = Vec::new();
    for f in &files {
        let code = code_only(&std::fs::read_to_string(f).unwrap_or_default());
        for (n, line) in code.lines().enumerate() {
            for m in LIBM_METHODS {
                if line.contains(&format!(".{m}(")) {
                    found.push(format!("{}:{}: .{m}(", f.display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "libm float functions differ natively and in wasm (use kubeplay_engine::gomath):\n{}", found.join("\n"));
}

#[test]
fn the_scanner_sees_code_and_skips_prose() {
    let src = "// Instant replay\nlet s = \"HashMap\"; let r = r#\"SystemTime\"#; let c = '\"';\nlet m: HashMap<u8, u8>; /* sleep */ fn f<'a>() {}";
    let code = code_only(src);
    let ids: Vec<&str> = identifiers(&code).filter(|id| BANNED_IDENTIFIERS.contains(id)).collect();
    assert_eq!(ids, ["HashMap"]);
    assert_eq!(code.lines().count(), 3, "lines are kept for reporting");
}
