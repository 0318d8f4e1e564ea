//! `kubeplay`: runs kubectl-style scripts against a fresh simulated
//! cluster (`run`), and checks transcripts of such sessions (`test`).
//! The same `kubeplay_playground::Playground` serves the browser terminal,
//! so what passes here is what a user sees in the page.

mod cluster;
mod script;

use kubeplay_bench as bench;
use kubeplay_playground::{transcript, CommandOutput, Playground};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// mimalloc, counted for `bench`'s live-heap column (kubeplay_bench's
/// `heap` module says why not glibc's).
#[global_allocator]
static ALLOC: bench::Counting<mimalloc::MiMalloc> = bench::Counting(mimalloc::MiMalloc);

/// mimalloc's `mi_option_purge_delay` and `mi_option_generic_collect`:
/// their places in `mi_option_e` (v2's mimalloc.h), for which the -sys
/// crate names no constants.
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;
const MI_OPTION_GENERIC_COLLECT: std::ffi::c_int = 36;

/// Freed memory stays with the process: by default mimalloc gives it back
/// to the system 10 ms after it falls free, and the next growth faults it
/// in again, zeroed, as huge pages; in the hour-long benchmark that made
/// it 44.0 s against 35.8 s (README "Session 32"). A `kubeplay` run is
/// short-lived, and its peak is about the same either way.
///
/// And the heap is swept less often: every 10,000 allocations that miss
/// its fast path, mimalloc visits every page of the heap to free the empty
/// ones, which at the hour's 1.7 GB is tens of thousands of pages: 4.7% of
/// the hour's time (README "Session 37"). Once a million (the most it
/// takes), the hour ran 40.1 and 44.6 s against 51.3 and 48.7 s.
///
/// Either is left as set in the environment (`MIMALLOC_PURGE_DELAY`,
/// `MIMALLOC_GENERIC_COLLECT`), to compare.
fn tune_allocator() {
    for (option, var, value) in [(MI_OPTION_PURGE_DELAY, "MIMALLOC_PURGE_DELAY", -1), (MI_OPTION_GENERIC_COLLECT, "MIMALLOC_GENERIC_COLLECT", 1_000_000)] {
        if std::env::var_os(var).is_none() {
            // SAFETY: sets one of mimalloc's integer options; -1 is the
            // documented value for "never purge", and mimalloc clamps the
            // collect interval to 1..=1,000,000.
            unsafe { libmimalloc_sys::mi_option_set(option, value) }
        }
    }
}

/// `kubeplay test … | head` closes the pipe early: end as `cat` and `grep`
/// do (killed by SIGPIPE, without a word) rather than as Rust's runtime
/// leaves it, where SIGPIPE is ignored and the next `println!` panics.
fn die_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: restores the default disposition of one signal before any
        // thread starts; no handler code of ours is involved.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

const USAGE: &str = "\
kubeplay — a simulated Kubernetes cluster on the command line

Usage:
  kubeplay run [--seed N] FILE|-         run a script against a fresh default cluster
  kubeplay export [--seed N] FILE|-      run a script, then print the objects you created as
                                         apply-ready YAML (for kubectl apply -f on a real cluster)
  kubeplay import [--seed N] DUMP [SCRIPT]
                                         recreate a real cluster from kubectl get … -A -o yaml
                                         output (report what was imported and skipped), then
                                         run SCRIPT on it
  kubeplay whatif [--seed N] [--import DUMP] [--setup SCRIPT] [--for SECONDS] A B
                                         run scripts A and B on two copies of the same cluster
                                         for SECONDS of virtual time (300) and compare them
  kubeplay lesson [ID]                   list the lessons, or print lesson ID and run it,
                                         checking each step
  kubeplay test [--bless] PATH...        check transcripts (*.t files, or directories of them)
  kubeplay bench [--quick | --pods N --nodes M] [--only WORKLOAD] [--seconds S] [--rate R] [--reference | --check-reference] [--scheduler-only]
                                         run the native benchmarks and print a table
  kubeplay selfcheck                     print the determinism self-check's fingerprints
  kubeplay help                          show this help

A script has one command line per line (kubectl …, sim …, text tools such as grep
after |, $VAR, $(…), $((…)), NAME=value, lists with ; && ||, one-line for/if/while loops,
sleep N, which advances virtual time as sim advance does), run as the web terminal runs it;
blank lines and # comments are skipped; <<WORD anywhere in a line (cat <<EOF | kubectl apply -f -, <<'EOF', <<-EOF)
reads the following lines up to WORD as that command's here-document; > FILE and >> FILE
write files that kubectl apply -f FILE and the text tools read.
";

fn main() -> ExitCode {
    tune_allocator();
    die_quietly_on_a_closed_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") => run_cmd(&args[1..], false),
        Some("export") => run_cmd(&args[1..], true),
        Some("import") => cluster::import_cmd(&args[1..]),
        Some("whatif") => cluster::whatif_cmd(&args[1..]),
        Some("lesson") => lesson_cmd(&args[1..]),
        Some("test") => test_cmd(&args[1..]),
        Some("bench") => bench_cmd(&args[1..]),
        Some("selfcheck") => {
            // The determinism self-check's two fingerprints for seed 1
            // (`TRACE-FULL`: the trace hash, then the hash of every step's
            // whole record and every object); the wasm test must reproduce
            // both exactly.
            println!("{}", kubeplay_engine::selfcheck::scenario_fingerprint(1));
            ExitCode::SUCCESS
        }
        Some("help" | "-h" | "--help") | None => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("error: unknown command {other:?} for \"kubeplay\"\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn read_source(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("error: reading standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("error: {path}: {e}"))
    }
}

fn parse_seed(v: Option<&String>) -> Result<u64, String> {
    let v = v.ok_or("error: flag needs an argument: --seed")?;
    v.parse().map_err(|_| {
        format!("error: invalid argument {v:?} for \"--seed\" flag: expected a whole number")
    })
}

/// What the terminal shows for one command: the streams as written.
fn shown(out: &CommandOutput) -> String {
    let mut s = out.shown();
    if !s.is_empty() && !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

fn run_commands(pg: &mut Playground, cmds: &[script::Command]) -> (String, bool) {
    let mut text = String::new();
    let mut failed = false;
    for (i, c) in cmds.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        text.push_str(&script::render_command(c));
        let out = pg.run(&c.text, None);
        failed |= out.failed;
        let s = shown(&out);
        text.push_str(&s);
        if !s.is_empty() && !s.ends_with('\n') {
            text.push('\n');
        }
    }
    (text, failed)
}

/// `run`, or with `export`, the same run printing the user's objects
/// instead of the transcript (failed commands still go to stderr).
fn run_cmd(args: &[String], export: bool) -> ExitCode {
    let mut seed = 1;
    let mut file = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--seed" => match parse_seed(args.get(i + 1)) {
                Ok(s) => {
                    seed = s;
                    i += 1;
                }
                Err(e) => return fail(&e),
            },
            s if s.starts_with("--seed=") => match parse_seed(Some(&s[7..].to_string())) {
                Ok(v) => seed = v,
                Err(e) => return fail(&e),
            },
            s if s.starts_with("--") => return fail(&format!("error: unknown flag: {s}")),
            s => {
                if file.is_some() {
                    return fail("error: run takes one script (FILE or -)");
                }
                file = Some(s.to_string());
            }
        }
        i += 1;
    }
    let Some(file) = file else {
        return fail("error: run needs a script: kubeplay run FILE|-");
    };
    let src = match read_source(&file) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let cmds = match script::parse_script(&src) {
        Ok(c) => c,
        Err(e) => return fail(&format!("error: {file}:{}: {}", e.line, e.message)),
    };
    let mut pg = Playground::new(seed);
    let (text, failed) = run_commands(&mut pg, &cmds);
    if export {
        if failed {
            eprint!("{text}");
            eprintln!("error: a command of the script failed; not exporting");
            return ExitCode::from(1);
        }
        print!("{}", pg.export());
        return ExitCode::SUCCESS;
    }
    print!("{text}");
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Lists the lessons, or prints one and runs it step by step with its
/// check results; fails if a command fails (other than those the step
/// says must fail, or one of those succeeds) or a check does not pass.
fn lesson_cmd(args: &[String]) -> ExitCode {
    use kubeplay_playground::lessons;
    let Some(id) = args.first() else {
        for (id, title) in lessons::list() {
            println!("{id:<16} {title}");
        }
        return ExitCode::SUCCESS;
    };
    if args.len() > 1 {
        return fail("error: usage: kubeplay lesson [ID]");
    }
    let lesson = match lessons::load(id) {
        Ok(l) => l,
        Err(e) => return fail(&format!("error: {e} (kubeplay lesson lists them)")),
    };
    let mut pg = Playground::new(1);
    let mut ok = true;
    println!(
        "# {}

{}",
        lesson.title, lesson.summary
    );
    for (i, step) in lesson.steps.iter().enumerate() {
        println!("\n## {}. {}\n\n{}", i + 1, step.title, step.text.trim_end());
        for (name, text) in &step.files {
            println!("\n{name}:\n{}", text.trim_end());
            pg.set_file(name, text);
        }
        for line in &step.commands {
            let out = pg.run(line, None);
            ok &= out.failed == step.must_fail(line);
            print!("\n$ {line}\n{}", shown(&out));
        }
        for r in lessons::check_step(&pg, &lesson, i) {
            ok &= r.passed;
            println!(
                "{} {} ({})",
                if r.passed { "[done]" } else { "[not done]" },
                r.sentence,
                r.observed
            );
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("{msg}");
    ExitCode::from(2)
}

fn collect_transcripts(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x == "t") {
                collect_transcripts(&e, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

fn test_cmd(args: &[String]) -> ExitCode {
    let bless = args.iter().any(|a| a == "--bless");
    let mut files = Vec::new();
    for a in args.iter().filter(|a| *a != "--bless") {
        if a.starts_with("--") {
            return fail(&format!("error: unknown flag: {a}"));
        }
        if let Err(e) = collect_transcripts(Path::new(a), &mut files) {
            return fail(&format!("error: {a}: {e}"));
        }
    }
    if files.is_empty() {
        return fail("error: test needs transcript files or directories");
    }
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        let name = f.display().to_string();
        let src = match std::fs::read_to_string(f) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("FAIL {name}: {e}");
                failed += 1;
                continue;
            }
        };
        let checked = match transcript::check(&src) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("FAIL {name}:{}: {}", e.line, e.message);
                failed += 1;
                continue;
            }
        };
        let (mismatches, blessed) = (checked.mismatches, checked.blessed);
        if mismatches.is_empty() {
            passed += 1;
            println!("ok   {name}");
        } else if bless {
            if let Err(e) = std::fs::write(f, blessed) {
                eprintln!("FAIL {name}: cannot write: {e}");
                failed += 1;
            } else {
                passed += 1;
                println!("BLESSED {name} ({} commands changed)", mismatches.len());
            }
        } else {
            failed += 1;
            println!("FAIL {name}");
            for m in mismatches {
                println!("{}", m.report(&name));
            }
        }
    }
    println!("transcripts: {passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn bench_cmd(args: &[String]) -> ExitCode {
    let usage = "error: usage: kubeplay bench [--quick | --pods N --nodes M] [--only controllers|travel|schedule|constraints|decode|simtime] [--seconds S] [--rate R] [--reference | --check-reference] [--scheduler-only]";
    let mut sizes = bench::FULL;
    let mut only = None;
    let mut i = 0;
    while i < args.len() {
        let num = |v: Option<&String>| v.and_then(|v| v.parse::<usize>().ok()).filter(|v| *v > 0);
        match args[i].as_str() {
            "--quick" => sizes = bench::QUICK,
            "--check-reference" => sizes.check_reference = true,
            "--reference" => bench::set_reference(true),
            "--scheduler-only" => bench::set_end_to_end(false),
            "--only" => match args
                .get(i + 1)
                .filter(|w| bench::WORKLOADS.contains(&w.as_str()))
            {
                Some(w) => {
                    only = Some(w.as_str());
                    i += 1;
                }
                None => return fail(usage),
            },
            "--pods" => match num(args.get(i + 1)) {
                Some(n) => {
                    sizes.pods = n.min(1_000_000) as i32;
                    sizes.schedule = [(sizes.pods as usize, sizes.nodes); 2];
                    sizes.constrained = (sizes.pods as usize, sizes.nodes);
                    sizes.simtime.pods = sizes.pods;
                    i += 1;
                }
                None => return fail(usage),
            },
            "--nodes" => match num(args.get(i + 1)) {
                Some(n) => {
                    sizes.nodes = n.min(100_000);
                    sizes.schedule = [(sizes.pods as usize, sizes.nodes); 2];
                    sizes.constrained = (sizes.pods as usize, sizes.nodes);
                    sizes.simtime.nodes = sizes.nodes;
                    i += 1;
                }
                None => return fail(usage),
            },
            // The simulated-time workload's virtual seconds and changes per second.
            "--seconds" | "--rate" => match num(args.get(i + 1)) {
                Some(n) if args[i] == "--seconds" => {
                    sizes.simtime.seconds = n.min(86_400);
                    i += 1;
                }
                Some(n) => {
                    sizes.simtime.rate = n.min(10_000);
                    i += 1;
                }
                None => return fail(usage),
            },
            _ => return fail(usage),
        }
        i += 1;
    }
    match bench::run(&sizes, only) {
        Ok(table) => {
            print!("{table}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bench failed: {e}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    /// Option 15 is the purge delay: its documented default is 10 (ms),
    /// and `tune_allocator` turns it to "never"; option 36 is the
    /// collect interval, 10,000 by default, turned to a million.
    #[test]
    fn freed_memory_is_kept_by_the_allocator() {
        // SAFETY: reads and sets mimalloc's integer options.
        let get = |o| unsafe { libmimalloc_sys::mi_option_get(o) };
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            assert_eq!(get(super::MI_OPTION_PURGE_DELAY), 10, "option {} is not mimalloc's purge delay", super::MI_OPTION_PURGE_DELAY);
        }
        if std::env::var_os("MIMALLOC_GENERIC_COLLECT").is_none() {
            assert_eq!(get(super::MI_OPTION_GENERIC_COLLECT), 10_000, "option {} is not mimalloc's collect interval", super::MI_OPTION_GENERIC_COLLECT);
        }
        super::tune_allocator();
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            assert_eq!(get(super::MI_OPTION_PURGE_DELAY), -1);
        }
        if std::env::var_os("MIMALLOC_GENERIC_COLLECT").is_none() {
            assert_eq!(get(super::MI_OPTION_GENERIC_COLLECT), 1_000_000);
        }
    }
}
