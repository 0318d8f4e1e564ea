//! Differential test of `kubectl exec POD -- sh -c SCRIPT` against the
//! real shells and file programs: random small scripts over a few paths
//! under /tmp/t run in the playground (an nginx pod: dash and GNU
//! coreutils; a busybox pod: ash and busybox's applets) and for real
//! (`sh -c` where /bin/sh is dash, with GNU coreutils; `busybox sh -c`
//! with only busybox's applets on PATH), each real run in a fresh
//! temporary directory whose path is put back to /tmp/t in the output.
//! Standard output, standard error and the exit status must agree.
//!
//! It needs dash, coreutils and busybox on the machine, so it does not run
//! in the normal test command:
//!
//! ```text
//! apt-get install -y busybox
//! cargo test -p kubeplay-fuzzcheck --test exec_differential -- --ignored --nocapture
//! ```
//!
//! `DIFF_CASES` sets how many scripts (default 1500) and `DIFF_SEED` the
//! generator's seed; each disagreement is printed with both sides, and a
//! summary counts them by likely cause. `ls -l` is left out (owner, size
//! and time columns differ by machine). The host's busybox (Debian's 1.35)
//! is older than the images' 1.36/1.37, whose messages were not checked
//! one by one (busybox head's "Input/output error" for a directory is
//! 1.35's).
//!
//! Scripts also pipe into grep, sort, uniq, cut, tr, wc, head, tail and cat.
//! At seeds 7, 52 and 99 the two sides agree on every script.

use kubeplay_playground::Playground;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A small deterministic generator (xorshift64*): the cases must be the
/// same on every run so a disagreement can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Files, directories, a missing directory and the root of the tree.
const PATHS: &[&str] = &["/tmp/t/a", "/tmp/t/b", "/tmp/t/d", "/tmp/t/d/c", "/tmp/t/d/e/f", "/tmp/t/nope/x", "/tmp/t", "/tmp/t/d/"];

/// Words for echo and printf, quoted in the ways scripts quote.
const TEXTS: &[&str] = &[
    "hi", "a b", "'a  b'", "\"x  y\"", "''", "\"\"", "'$HOME'", "\"$?\"", "one\\ two", "'-n'", "-n x", "3", "'l1\nl2'", "a\\\"b", "\"a'b\"",
    "'a\"b'", "\"\\$x\"", "\"a\\\\b\"", "$UNSET", "\"${UNSET}y\"", "$(echo a  b)", "\"$(echo a  b)\"", "`echo q`", "a#b", "\\#", "x #c",
    "'a'\"b\"c", "\"$(cat /tmp/t/a)\"", "$(cat /tmp/t/a)",
];

const FORMATS: &[&str] = &["'%s\\n'", "'%s-%s\\n'", "'%d\\n'", "'a\\tb\\n'", "'x'", "'%s'", "'%%\\n'", "'\\\\n\\n'", "'%s %d\\n'"];

fn command(r: &mut Rng) -> String {
    let p = r.pick(PATHS);
    let q = r.pick(PATHS);
    let mut c = match r.below(24) {
        17 => format!("wc -l {p} {q}"),
        18 => format!("{} -n {} {p} {q}", r.pick(&["head", "tail"]), r.pick(&["1", "3", "0"])),
        19 => format!("mkdir {}{p} {q}", r.pick(&["", "-p "])),
        20 => format!("rm -r {p} {q}"),
        21 => format!("test ! {} {p}", r.pick(&["-f", "-d", "-e"])),
        22 => format!("[ \"$(cat {p})\" {} {} ]", r.pick(&["=", "!="]), r.pick(TEXTS)),
        23 => format!("test {} \"$(cat {p})\"", r.pick(&["-n", "-z"])),
        0 => format!("mkdir -p {p}"),
        1 => format!("mkdir {p}"),
        2 => format!("touch {p}"),
        3 => format!("echo {} > {p}", r.pick(TEXTS)),
        4 => format!("echo {} {} >> {p}", r.pick(TEXTS), r.pick(TEXTS)),
        5 => format!("printf {} {} {} > {p}", r.pick(FORMATS), r.pick(TEXTS), r.pick(TEXTS)),
        6 => if r.chance(50) { format!("cat {p}") } else { format!("cat {p} {q}") },
        7 => format!("ls {}{p}", r.pick(&["", "-a ", "-A ", "-1 ", "-1a ", "-A1 ", "-R ", "-aR "])),
        8 => format!("{} -n {} {p}", r.pick(&["head", "tail"]), r.pick(&["1", "2", "0", "x"])),
        9 => if r.chance(50) { format!("wc -l {p}") } else { format!("wc -l < {p}") },
        10 => format!("rm {}{p}", r.pick(&["", "-rf ", "-r ", "-f "])),
        11 => format!("{} {p}", r.pick(&["test -f", "test -d", "test -e", "test -s", "[ -f", "[ -d"])),
        12 => "echo $?".into(),
        13 => format!("cat < {p}"),
        14 => format!("echo \"$(cat {p})\""),
        15 => format!("ls {p} {q}"),
        _ => format!("echo {}", r.pick(TEXTS)),
    };
    if c.starts_with("[ -") {
        c.push_str(" ]");
    }
    match r.below(12) {
        0 => c.push_str(" 2>&1"),
        1 => c.push_str(" 2>/dev/null"),
        2 => c.push_str(&format!(" 2> {}", r.pick(&["/tmp/t/err", "/tmp/t/nope/err"]))),
        _ => {}
    }
    c
}

/// The programs a pipe feeds, with the options the playground answers.
const FILTERS: &[&str] = &[
    "grep a", "grep -v a", "grep -c a", "grep -n x", "grep -i A", "grep -E 'a|x'", "grep -F .", "grep -q l", "sort", "sort -r", "sort -u",
    "sort -n", "uniq -c", "uniq", "uniq -d", "cut -c1-2", "cut -d' ' -f1", "cut -d: -f2", "wc -l", "head -n 1", "tail -n 1", "cat", "tr a-e A-E",
    "tr -d o", "tr -s ' /'", "tr '[:upper:]' '[:lower:]'",
];

fn script(r: &mut Rng) -> String {
    let n = 1 + r.below(5);
    let mut s = String::new();
    for i in 0..n {
        if i > 0 {
            s.push_str(r.pick(&["; ", " && ", " || ", "\n"]));
        }
        s.push_str(&command(r));
        // A pipeline's later stages (drawn from their own generator, so a
        // seed's other scripts stay as they were).
        let mut pipes = Rng(r.0 ^ 0x9e37_79b9_7f4a_7c15);
        for _ in 0..pipes.below(3) {
            if pipes.chance(35) {
                s.push_str(" | ");
                s.push_str(pipes.pick(FILTERS));
            }
        }
    }
    if r.chance(30) {
        s.push_str("; echo $?");
    }
    s
}

/// What one side printed, and its exit status.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    stdout: String,
    stderr: String,
    status: i32,
}

fn single_quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The script in pod `pod` of the playground, /tmp/t made fresh first;
/// None when the playground says it cannot answer.
fn in_playground(pg: &mut Playground, pod: &str, script: &str) -> Option<Run> {
    let reset = pg.run(&format!("kubectl exec {pod} -- sh -c 'rm -rf /tmp/t; mkdir /tmp/t'"), None);
    assert!(!reset.failed, "{reset:?}");
    let out = pg.run(&format!("kubectl exec {pod} -- sh -c {}", single_quoted(script)), None);
    if out.stderr.contains("(playground)") {
        if std::env::var_os("DIFF_SHOW_SKIPPED").is_some() {
            println!("skipped {pod}: {script:?}: {}", out.stderr.trim_end());
        }
        return None;
    }
    // kubectl's own line after the container's stderr carries the status.
    let (stderr, status) = match out.stderr.strip_suffix('\n').and_then(|s| s.rsplit_once("command terminated with exit code ")) {
        Some((before, code)) if before.is_empty() || before.ends_with('\n') => (before.to_string(), code.parse().unwrap_or(-1)),
        _ => (out.stderr.clone(), out.status()),
    };
    Some(Run { stdout: out.stdout, stderr, status })
}

/// The script for real in a fresh directory: `shell` is `dash` (GNU tools
/// on PATH) or `busybox` (its applets only).
fn for_real(shell: &str, script: &str, scratch: &Path, applets: &Path) -> Run {
    let _ = std::fs::remove_dir_all(scratch);
    std::fs::create_dir_all(scratch.join("t")).expect("scratch dir");
    let root = scratch.to_str().expect("utf-8 temp dir").to_string();
    let script = script.replace("/tmp/t", &format!("{root}/t"));
    let (program, path) = match shell {
        "dash" => ("/bin/sh".to_string(), "/usr/bin:/bin".to_string()),
        _ => ("/usr/bin/busybox".to_string(), applets.to_str().expect("utf-8").to_string()),
    };
    let out = Command::new(program)
        .arg0("sh")
        .args(["-c", &script])
        .env_clear()
        .env("PATH", path)
        .current_dir(scratch)
        .stdin(Stdio::null())
        .output()
        .expect("run the real shell");
    let back = |b: Vec<u8>| String::from_utf8_lossy(&b).replace(&format!("{root}/t"), "/tmp/t");
    Run { stdout: back(out.stdout), stderr: back(out.stderr), status: out.status.code().unwrap_or(-1) }
}

/// A directory of links to busybox, one per applet the scripts use, so
/// `busybox sh` finds busybox's programs rather than coreutils'.
fn applet_dir(base: &Path) -> PathBuf {
    let dir = base.join("applets");
    std::fs::create_dir_all(&dir).expect("applet dir");
    for a in ["cat", "ls", "echo", "printf", "head", "tail", "wc", "mkdir", "touch", "rm", "test", "[", "sh", "grep", "sort", "uniq", "cut", "tr"] {
        let _ = std::os::unix::fs::symlink("/usr/bin/busybox", dir.join(a));
    }
    dir
}

/// A rough first cause of a disagreement, for the summary: the first
/// that fits, in this order (a script may show several).
fn kind(script: &str, real: &Run, ours: &Run) -> &'static str {
    let numbered = |t: &str| t.lines().any(|l| l.starts_with("sh: ") && l[4..].starts_with(|c: char| c.is_ascii_digit() && c != '1'));
    if numbered(&real.stderr) && !numbered(&ours.stderr) {
        "dash's line number in a message (the shell's: always 1 here)"
    } else if script.contains("2>&1") && real.stdout.len() + real.stderr.len() == ours.stdout.len() + ours.stderr.len() {
        "2>&1: standard error not sent where standard output goes"
    } else if real.stderr.contains("cannot create") || real.stderr.contains("can't create") || real.stderr.contains("cannot open") || real.stderr.contains("can't open /") {
        "a redirection's file could not be opened (status, order or message)"
    } else if script.contains("< /tmp/t") && (real.stderr.contains("standard input") || real.stderr.contains("-: Is a directory") || real.stderr.contains("read error")) {
        "< DIRECTORY: the shell opens it, the program fails to read"
    } else if script.contains("/ 2>") || script.contains("/\n") || script.ends_with('/') || script.contains("/;") || script.contains("/ ") {
        "a path ending in / (redirection or program)"
    } else {
        "other"
    }
}

#[test]
#[ignore = "needs dash, GNU coreutils and busybox; see the module comment"]
fn scripts_agree_with_the_real_shells() {
    assert!(Path::new("/usr/bin/busybox").exists() && Path::new("/bin/sh").exists(), "install busybox (apt-get install -y busybox)");
    let cases: usize = std::env::var("DIFF_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1500);
    let seed: u64 = std::env::var("DIFF_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(52);
    // Digits only: what grep looks for and tr changes in a pipe must not
    // touch the directory's own name (put back to /tmp/t afterwards).
    let base = std::env::temp_dir().join(format!("{}", std::process::id()));
    let applets = applet_dir(&base);
    let scratch = base.join("s");
    let mut pg = Playground::new(1);
    for line in ["kubectl run b --image=busybox -- sleep 3600", "kubectl run n --image=nginx", "sim settle"] {
        pg.run(line, None);
    }
    let mut r = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let (mut compared, mut skipped, mut differ) = (0, 0, 0);
    let mut kinds = std::collections::BTreeMap::new();
    for _ in 0..cases {
        let s = script(&mut r);
        for (pod, shell) in [("n", "dash"), ("b", "busybox")] {
            let Some(ours) = in_playground(&mut pg, pod, &s) else {
                skipped += 1;
                continue;
            };
            let real = for_real(shell, &s, &scratch, &applets);
            compared += 1;
            if ours != real {
                differ += 1;
                *kinds.entry(kind(&s, &real, &ours)).or_insert(0) += 1;
                println!("=== {shell}: {s:?}\n--- real:       {real:?}\n--- playground: {ours:?}\n");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&base);
    println!("{compared} runs compared ({cases} scripts, 2 shells), {skipped} skipped (playground notes), {differ} disagreements");
    for (k, n) in &kinds {
        println!("{n:>6}  {k}");
    }
    assert_eq!(differ, 0, "disagreements above");
}
