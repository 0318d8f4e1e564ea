//! `kubeplay import` and `kubeplay whatif`: recreate a real cluster from
//! `kubectl get … -A -o yaml` output, then optionally run a script on it or
//! compare two changes to it side by side.

use crate::{fail, parse_seed, read_source, run_commands, script};
use kubeplay_playground::Playground;
use std::process::ExitCode;

/// Flags both commands share, and the files left over.
struct Args {
    seed: u64,
    import: Option<String>,
    setup: Option<String>,
    seconds: i64,
    files: Vec<String>,
}

fn parse(args: &[String], import_flag: bool) -> Result<Args, String> {
    let mut a = Args { seed: 1, import: None, setup: None, seconds: 300, files: Vec::new() };
    let mut i = 0;
    while i < args.len() {
        let value = |i: usize| args.get(i + 1).ok_or_else(|| format!("error: flag needs an argument: {}", args[i]));
        match args[i].as_str() {
            "--seed" => {
                a.seed = parse_seed(args.get(i + 1))?;
                i += 1;
            }
            "--import" if import_flag => {
                a.import = Some(value(i)?.clone());
                i += 1;
            }
            "--setup" if import_flag => {
                a.setup = Some(value(i)?.clone());
                i += 1;
            }
            "--for" if import_flag => {
                let v = value(i)?;
                a.seconds = v
                    .trim_end_matches('s')
                    .parse()
                    .ok()
                    .filter(|s| (1..=3600).contains(s))
                    .ok_or_else(|| format!("error: invalid argument {v:?} for \"--for\" flag: expected seconds between 1 and 3600"))?;
                i += 1;
            }
            s if s.starts_with("--") => return Err(format!("error: unknown flag: {s}")),
            s => a.files.push(s.to_string()),
        }
        i += 1;
    }
    Ok(a)
}

/// Runs a script file on `pg`, printing its transcript; false if a command failed.
fn run_script(pg: &mut Playground, file: &str) -> Result<bool, String> {
    let src = read_source(file)?;
    let cmds = script::parse_script(&src).map_err(|e| format!("error: {file}:{}: {}", e.line, e.message))?;
    let (text, failed) = run_commands(pg, &cmds);
    print!("{text}");
    Ok(!failed)
}

fn import_into(pg: &mut Playground, file: &str) -> Result<(), String> {
    let yaml = read_source(file)?;
    let report = pg.import(&yaml).map_err(|e| e.to_string())?;
    print!("{}", report.render());
    pg.settle();
    Ok(())
}

/// `kubeplay import [--seed N] DUMP [SCRIPT]`.
pub fn import_cmd(args: &[String]) -> ExitCode {
    let a = match parse(args, false) {
        Ok(a) => a,
        Err(e) => return fail(&e),
    };
    let (dump, script) = match a.files.as_slice() {
        [d] => (d, None),
        [d, s] => (d, Some(s)),
        _ => return fail("error: usage: kubeplay import [--seed N] DUMP.yaml|- [SCRIPT]"),
    };
    let mut pg = Playground::new(a.seed);
    if let Err(e) = import_into(&mut pg, dump) {
        return fail(&e);
    }
    match script.map(|s| run_script(&mut pg, s)) {
        None | Some(Ok(true)) => ExitCode::SUCCESS,
        Some(Ok(false)) => ExitCode::from(1),
        Some(Err(e)) => fail(&e),
    }
}

/// `kubeplay whatif [--seed N] [--import DUMP] [--setup SCRIPT] [--for SECONDS] A B`.
pub fn whatif_cmd(args: &[String]) -> ExitCode {
    let a = match parse(args, true) {
        Ok(a) => a,
        Err(e) => return fail(&e),
    };
    let [fa, fb] = a.files.as_slice() else {
        return fail("error: usage: kubeplay whatif [--seed N] [--import DUMP] [--setup SCRIPT] [--for SECONDS] A-SCRIPT B-SCRIPT");
    };
    let mut pg = Playground::new(a.seed);
    if let Some(d) = &a.import {
        if let Err(e) = import_into(&mut pg, d) {
            return fail(&e);
        }
    }
    if let Some(s) = &a.setup {
        match run_script(&mut pg, s) {
            Ok(true) => {}
            Ok(false) => return fail("error: a command of the setup script failed"),
            Err(e) => return fail(&e),
        }
        pg.settle();
    }
    let (sa, sb) = match (read_source(fa), read_source(fb)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => return fail(&e),
    };
    match pg.what_if(&sa, &sb, a.seconds * 1000) {
        Ok(r) => {
            println!("# A: {fa}\n{}", r.a.transcript.trim_end());
            println!("# B: {fb}\n{}", r.b.transcript.trim_end());
            print!("{}", r.render());
            if r.a.failed || r.b.failed { ExitCode::from(1) } else { ExitCode::SUCCESS }
        }
        Err(e) => fail(&e.to_string()),
    }
}
