//! The terminal's small shell: a line that is more than one plain
//! `kubectl …` or `sim …` command (a pipeline, `$NAME`, `$(…)`,
//! `NAME=value`, `export`, or a text tool) runs here. Each stage's words
//! are expanded, then the stage runs: kubectl and sim through the
//! playground's own line path (so a write inside `$(…)` is a step, as in
//! bash), the text tools of [`tools`] over the previous stage's stdout.
//! Only stdout flows down the pipe; every stage's stderr is shown, before
//! the last stage's output. The exit status is the last stage's, as bash's
//! without `pipefail`; `$?` reads it. Lists, loops and `if` run in
//! [`list`]; `sleep` advances the cluster's virtual clock as `sim advance`
//! does. A here-document (`cat <<EOF | kubectl apply -f -`,
//! its body after the line) is its stage's stdin, expanded unless its
//! delimiter is quoted; `> FILE` writes the last stage's stdout to the
//! playground's files. `xargs` builds and runs commands from its input
//! ([`xargs`]); `cmd &`, `jobs` and `kill` keep bash's job table
//! ([`jobs`]), where port-forwards and proxies run. `NAME=value cmd` gives
//! the command those variables as its environment only (the shell's own
//! stay as they were): `KUBE_EDITOR=… kubectl edit …` reads it there.

pub(crate) mod alias;
mod args;
mod awk;
mod env;
mod extra;
pub(crate) mod files;
mod grep;
mod jobs;
mod list;
mod minikube;
mod moves;
mod pattern;
mod remove;
mod sed;
pub mod tools;

pub(crate) use jobs::JobState;
pub(crate) use list::State;

#[cfg(test)]
mod list_tests;
#[cfg(test)]
mod tests;
mod xargs;

use crate::{CommandOutput, Playground, Ran};
use kubeplay_kubectl::cli::SimCommand;
use kubeplay_kubectl::exec::sim::{self, SimJob};
use kubeplay_kubectl::exec::{Mark, Output};
use kubeplay_kubectl::shell::{arith, expand, expand_parts, parse_heredoc_body, quote, read_heredocs, HereDoc, ParamKind, ParamOp, Part, Pipeline, ShellWord};
use std::collections::BTreeMap;

/// What one stage printed.
struct Stage {
    stdout: String,
    stderr: String,
    /// The exit status: 0 for success.
    status: i32,
    /// kubectl's own marks (see [`CommandOutput::stderr_at`]); None for a
    /// tool, whose complaints come before its output.
    marks: Option<Vec<Mark>>,
}

impl From<CommandOutput> for Stage {
    fn from(o: CommandOutput) -> Stage {
        let status = o.status();
        Stage {
            stdout: o.stdout,
            stderr: o.stderr,
            status,
            marks: Some(o.stderr_at),
        }
    }
}

/// Whether a line runs as it did before the shell existed: one plain
/// kubectl or sim command (or nothing), which keeps its exact path,
/// sliced `sim` commands included.
pub(crate) fn is_plain_command(p: &Pipeline) -> bool {
    p.is_plain()
        && p.stages
            .first()
            .and_then(|s| s.first())
            .and_then(ShellWord::literal)
            .is_none_or(|w| matches!(w.as_str(), "kubectl" | "k" | "sim"))
}

/// Whether `text` is one command as [`Playground::run`] takes it: lines
/// that bash reads as one complete command (a line, or lines continued
/// as the shell's `lines` module says, here-documents' bodies included),
/// a final newline aside.
pub(crate) fn one_command(text: &str) -> bool {
    let text = text.strip_suffix('\n').unwrap_or(text);
    if !text.contains('\n') {
        return true;
    }
    let lines: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let (taken, read) = kubeplay_kubectl::shell::read_command(&lines);
    taken == lines.len() && read.incomplete().is_none()
}

/// The line a kubectl or sim stage runs as: its words quoted back.
fn requote(argv: &[String]) -> String {
    argv.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" ")
}

fn not_found(word: &str) -> String {
    let mut text = kubeplay_kubectl::ParseError::NotAProgram {
        word: word.to_string(),
    }
    .to_string();
    text.push('\n');
    text
}

/// Most bytes the expansions of one line may add up to: `$X $X $X …`
/// over a large variable must not exhaust the page's memory.
const MAX_EXPANSION: usize = 4 << 20;

/// Most bytes a line's here-documents may hold (a large bundle of manifests fits).
const MAX_HEREDOC: usize = 4 * MAX_EXPANSION;

/// Most bytes all shell variables may hold together.
pub(crate) const MAX_VARIABLES: usize = 4 * MAX_EXPANSION;

/// What expanding words left behind: the stderr of the commands inside
/// `$(…)`, the last one's exit status, and the bytes expanded so far.
#[derive(Default)]
struct Ctx {
    stderr: String,
    substitution_status: i32,
    expanded: usize,
}

/// An expansion that ends the line, as bash abandons a line there.
enum Abort {
    /// Past [`MAX_EXPANSION`].
    TooLong,
    /// bash's own words (an arithmetic error, `${…}` it cannot read).
    Bash(String),
}

/// Quoted blanks inside an unquoted `${NAME:-word}`, as private-use
/// characters while the word splits.
const PROTECTED: [(char, char); 3] = [(' ', '\u{F8F0}'), ('\t', '\u{F8F1}'), ('\n', '\u{F8F2}')];

fn protect(text: &str) -> String {
    text.chars()
        .map(|c| PROTECTED.iter().find(|(b, _)| *b == c).map_or(c, |(_, m)| *m))
        .collect()
}

fn unprotect(text: String) -> String {
    if !text.contains(|c| PROTECTED.iter().any(|(_, m)| *m == c)) {
        return text;
    }
    text.chars()
        .map(|c| PROTECTED.iter().find(|(_, m)| *m == c).map_or(c, |(b, _)| *b))
        .collect()
}

fn quiet(failed: bool) -> Stage {
    Stage {
        stdout: String::new(),
        stderr: String::new(),
        status: i32::from(failed),
        marks: None,
    }
}

impl Playground {
    /// Runs a parsed line that is not one plain command.
    pub(crate) fn run_shell(&mut self, p: &Pipeline, stdin: Option<&str>, sliced: bool) -> Ran {
        self.run_stages(p, stdin, &[], Ctx::default(), sliced)
    }

    /// Runs a line that opens here-documents; `rest` holds their bodies.
    pub(crate) fn run_heredocs(&mut self, p: &Pipeline, rest: &str, stdin: Option<&str>, sliced: bool) -> Ran {
        let (bodies, warning) = match self.heredoc_bodies(p.heredocs.iter().map(|(_, d)| d), rest) {
            Ok(read) => read,
            Err(out) => return Ran::Printed(out),
        };
        let ctx = Ctx { stderr: warning, ..Ctx::default() };
        self.run_stages(p, stdin, &bodies, ctx, sliced)
    }

    /// The bodies of `docs`, read from `rest`, and bash's warning when one
    /// is left open.
    fn heredoc_bodies<'a>(&mut self, docs: impl IntoIterator<Item = &'a HereDoc>, rest: &str) -> Result<(Vec<String>, String), CommandOutput> {
        if rest.len() > MAX_HEREDOC {
            self.shell.status = 1;
            return Err(crate::error(format!("error: (playground) the here-documents are longer than {MAX_HEREDOC} bytes")));
        }
        let lines: Vec<&str> = rest.lines().collect();
        let read = read_heredocs(docs, &lines);
        if lines[read.lines..].iter().any(|l| !l.trim().is_empty()) {
            self.shell.status = 1;
            return Err(crate::error("error: (playground) lines after the here-document's closing line: the terminal runs one command (with its here-documents) at a time".to_string()));
        }
        let warning = match &read.unclosed {
            Some(d) => format!("bash: warning: here-document at line 1 delimited by end-of-file (wanted `{d}')\n"),
            None => String::new(),
        };
        Ok((read.bodies, warning))
    }

    /// The pipeline's stages, in order; `bodies` are the raw bodies of
    /// `p.heredocs`.
    fn run_stages(&mut self, p: &Pipeline, stdin: Option<&str>, bodies: &[String], ctx: Ctx, sliced: bool) -> Ran {
        // Each stage of a pipe is a subshell of its own: `${X:=v}` in one
        // is seen neither by the next stage nor after the pipe.
        let vars = (p.stages.len() > 1).then(|| self.vars.clone());
        let ran = self.run_stages_in(p, stdin, bodies, ctx, sliced, vars.as_ref());
        if let Some(vars) = vars {
            self.vars = vars;
        }
        ran
    }

    fn run_stages_in(
        &mut self,
        p: &Pipeline,
        stdin: Option<&str>,
        bodies: &[String],
        mut ctx: Ctx,
        sliced: bool,
        vars: Option<&BTreeMap<String, String>>,
    ) -> Ran {
        let Some(first) = p.stages.first() else {
            return Ran::Printed(CommandOutput::default());
        };
        self.shell.abort = false;
        if p.stages.len() == 1 && p.heredocs.is_empty() && p.output.is_none() {
            if let Some(out) = self.builtin(first, &mut ctx) {
                return Ran::Printed(out);
            }
        }
        let mut input: Option<String> = stdin.map(str::to_string);
        let mut last = quiet(false);
        for (i, words) in p.stages.iter().enumerate() {
            if i > 0 {
                ctx.stderr.push_str(&last.stderr);
                input = Some(std::mem::take(&mut last.stdout));
                if let Some(vars) = vars {
                    self.vars.clone_from(vars);
                }
            }
            // `NAME=value cmd`: the variables are the command's environment
            // only (kubectl edit reads KUBE_EDITOR there), never the shell's.
            let prefix = words.iter().take_while(|w| w.assignment().is_some()).count();
            let mut env = BTreeMap::new();
            if prefix > 0 && prefix == words.len() {
                let text = "error: (playground) NAME=value with a pipe or a redirection is not supported here: assign on a line of its own\n";
                last = Stage {
                    stderr: text.into(),
                    ..quiet(true)
                };
                continue;
            }
            // A call runs only as a list's own command (`shell/functions.rs`).
            if words.get(prefix).and_then(|w| w.literal()).is_some_and(|w| self.shell.calls.is_function(&w)) {
                let text = "error: (playground) a function in a pipe or with a redirection is not supported here: call it as a command of its own\n";
                last = Stage {
                    stderr: text.into(),
                    ..quiet(true)
                };
                continue;
            }
            for w in &words[..prefix] {
                let Some((name, parts)) = w.assignment() else { continue };
                match self.expand_value(&parts, &mut ctx) {
                    Ok(value) => {
                        env.insert(name, value);
                    }
                    Err(e) => return Ran::Printed(self.aborted(e, &mut ctx)),
                }
            }
            let words = &words[prefix..];
            let argv = match self.expand_words(words, &mut ctx) {
                Ok(argv) => argv,
                // In a pipe, bash's error ends only that stage's subshell.
                Err(Abort::Bash(text)) if vars.is_some() => {
                    last = Stage { stderr: text, ..quiet(true) };
                    continue;
                }
                Err(e) => return Ran::Printed(self.aborted(e, &mut ctx)),
            };
            // The stage's last here-document is its stdin, in place of the pipe.
            let mut docs = p.heredocs.iter().zip(bodies).filter(|((stage, _), _)| *stage == i).peekable();
            while let Some(((_, doc), body)) = docs.next() {
                let text = match self.heredoc_text(doc, body, &mut ctx) {
                    Ok(text) => text,
                    Err(out) => return Ran::Printed(out),
                };
                if docs.peek().is_none() {
                    input = Some(text);
                }
            }
            let alone = p.stages.len() == 1 && p.output.is_none();
            let outer_env = std::mem::replace(&mut self.edit.env, env);
            let ran = self.run_stage(&argv, input.as_deref(), i, p, sliced && alone);
            self.edit.env = outer_env;
            last = match ran {
                Some(stage) => stage,
                None => return Ran::Started,
            };
            for &(_, to_stdout) in p.stderr.iter().filter(|(stage, _)| *stage == i) {
                redirect_stderr(&mut last, to_stdout);
            }
            if p.stdout_to_stderr.contains(&i) {
                // `1>&2`: what it printed is the stage's stderr now.
                let out = std::mem::take(&mut last.stdout);
                last.stderr.push_str(&out);
            }
            if i + 1 < p.stages.len() {
                last.marks = None;
            }
        }
        if let Some((word, append)) = &p.output {
            if let Err(out) = self.write_file(word, *append, &mut last.stdout, &mut ctx) {
                self.shell.status = 1;
                return Ran::Printed(out);
            }
        }
        self.shell.status = last.status;
        Ran::Printed(finish(ctx.stderr, last))
    }

    /// One stage of a pipeline: `argv` run with `input` as its stdin;
    /// None when it started a long command the page runs a slice at a time.
    fn run_stage(&mut self, argv: &[String], input: Option<&str>, i: usize, p: &Pipeline, sliced: bool) -> Option<Stage> {
        Some(match argv.first().map(String::as_str) {
            // An empty command (`$UNSET`) runs nothing and succeeds.
            None => quiet(false),
            Some("kubectl" | "k" | "sim") => match self.run_line(&requote(argv), input, sliced) {
                Ran::Started => return None,
                Ran::Printed(out) => out.into(),
            },
            Some("sleep") => self.nap(&argv[1..], sliced)?,
            Some("watch") => self.watch(&argv[1..], input),
            // This machine's own curl and wget (port-forwards, NodePorts).
            Some("curl" | "wget") => {
                // Its stdout is the terminal when nothing after it takes it.
                let tty = i + 1 == p.stages.len() && p.output.is_none() && self.shell.captured == 0;
                CommandOutput::from(kubeplay_kubectl::exec::host_net::run_on(argv, &mut self.engine, &mut self.forwards, tty)).into()
            }
            // The tutorials' minikube lines, answered from this cluster.
            Some("minikube") => CommandOutput::from(minikube::run(argv, &self.engine)).into(),
            Some("xargs") => {
                let piped = usize::from(i + 1 < p.stages.len() || p.output.is_some());
                self.shell.captured += piped;
                let stage = self.xargs(&argv[1..], input.unwrap_or_default());
                self.shell.captured -= piped;
                stage
            }
            Some("jobs") => {
                let (stdout, stderr, status) = self.shell.jobs.jobs(&argv[1..]);
                Stage { stdout, stderr, status, marks: None }
            }
            Some("kill") => self.kill(&argv[1..]),
            Some(name @ ("alias" | "unalias")) => {
                let run = if name == "alias" { alias::alias } else { alias::unalias };
                let o = run(&argv[1..], &mut self.shell.aliases);
                Stage { stdout: o.stdout, stderr: o.stderr, status: o.status, marks: None }
            }
            // The terminal completes with Tab, whatever bash was told.
            Some("complete") => quiet(false),
            // The files here make one tree read from its root: a page's
            // `mkdir d; cd d` then names its files d/FILE.
            Some("cd") => Stage {
                stderr: "cd: (playground) the terminal stays in its one directory: name the files with their directory instead (DIR/FILE)\n".into(),
                ..quiet(true)
            },
            Some(name @ ("fg" | "bg" | "wait" | "disown")) => match (name, self.shell.jobs.running().is_empty()) {
                // Nothing to wait for: at once.
                ("wait", true) => quiet(false),
                (_, true) => {
                    let spec = argv.get(1).map_or("current", String::as_str);
                    Stage { stderr: format!("bash: {name}: {spec}: no such job\n"), ..quiet(true) }
                }
                ("wait", false) => Stage {
                    stderr: "bash: wait: (playground) a proxy never ends by itself, and a port-forward only with its pod: wait would not return; kill %N ends them\n".into(),
                    ..quiet(true)
                },
                _ => Stage {
                    stderr: format!("bash: {name}: (playground) jobs stay in the background here: the terminal cannot type into a job or stop it with Ctrl-C; kill %N ends it\n"),
                    ..quiet(true)
                },
            },
            Some("env") => match env::env(&argv[1..], &self.environment()) {
                env::Env::Done(o) => Stage { stdout: o.stdout, stderr: o.stderr, status: o.status, marks: None },
                env::Env::Run { assigned, argv } => {
                    let outer = self.edit.env.clone();
                    self.edit.env.extend(assigned);
                    let ran = self.run_stage(argv, input, i, p, sliced);
                    self.edit.env = outer;
                    ran?
                }
            },
            Some("printenv") => {
                let o = env::printenv(&argv[1..], &self.environment());
                Stage { stdout: o.stdout, stderr: o.stderr, status: o.status, marks: None }
            }
            Some("mkdir") => {
                let o = files::mkdir(&argv[1..], &mut self.files);
                Stage { stdout: o.stdout, stderr: o.stderr, status: o.status, marks: None }
            }
            Some("touch") => {
                let o = files::touch(&argv[1..], &mut self.files);
                Stage { stdout: o.stdout, stderr: o.stderr, status: o.status, marks: None }
            }
            Some(tool @ ("mv" | "cp")) => {
                let edit = if tool == "mv" { moves::mv } else { moves::cp };
                let o = edit(&argv[1..], &mut self.files, MAX_VARIABLES);
                Stage { stdout: o.stdout, stderr: o.stderr, status: o.status, marks: None }
            }
            Some("rm") => {
                let o = remove::rm(&argv[1..], &mut self.files);
                Stage { stdout: o.stdout, stderr: o.stderr, status: o.status, marks: None }
            }
            Some("sed") if sed::in_place(&argv[1..]) => {
                let o = sed::sed_in_place(&argv[1..], &mut self.files, MAX_VARIABLES);
                Stage { stdout: o.stdout, stderr: o.stderr, status: o.status, marks: None }
            }
            Some(name) => {
                let files = &self.files;
                let read = |n: &str| files::read(files, n);
                let io = tools::Input { stdin: input.unwrap_or_default(), read: &read };
                match tools::run(argv, &io) {
                    Some(o) => Stage { stdout: o.stdout, stderr: o.stderr, status: o.status, marks: None },
                    None => Stage { stderr: not_found(name), status: 127, ..quiet(true) },
                }
            }
        })
    }

    /// The output of an expansion that ended the line; bash's status 1.
    fn aborted(&mut self, e: Abort, ctx: &mut Ctx) -> CommandOutput {
        self.shell.abort = true;
        self.shell.status = 1;
        let text = match e {
            Abort::TooLong => format!("error: (playground) the line's expansions add up to more than {MAX_EXPANSION} bytes\n"),
            Abort::Bash(text) => text,
        };
        finish(std::mem::take(&mut ctx.stderr), Stage { stderr: text, ..quiet(true) })
    }

    /// `sleep N`: the cluster's virtual clock moves on by N, exactly as
    /// `sim advance N` moves it; nothing is printed, as sleep prints nothing.
    /// `sliced`, it is started as `sim advance` is (None), for the page to
    /// run a slice at a time.
    fn nap(&mut self, args: &[String], sliced: bool) -> Option<Stage> {
        let millis = match extra::sleep_millis(args) {
            Ok(m) => m,
            Err(o) => return Some(Stage { stderr: o.stderr, status: o.status, ..quiet(true) }),
        };
        let cmd = SimCommand::Advance { millis };
        if sliced {
            if let Some(job) = SimJob::start(&cmd, &self.engine) {
                self.job = Some(job);
                self.shell.quiet_job = true;
                return None;
            }
        }
        let mut out = Output::default();
        sim::run(&cmd, &mut self.engine, &mut out);
        let out: CommandOutput = out.into();
        Some(if out.failed { out.into() } else { quiet(false) })
    }

    /// `kill`: stops the forwards and proxies of the jobs or processes
    /// named, with bash's notice for each job ended.
    fn kill(&mut self, args: &[String]) -> Stage {
        let (stopped, mut stderr) = match self.shell.jobs.kill(args) {
            Ok(x) => x,
            Err((stderr, status)) => return Stage { stderr, status, ..quiet(true) },
        };
        let status = i32::from(!stderr.is_empty());
        // bash reports ended jobs in their order, not the arguments'.
        let mut stopped = stopped;
        kubeplay_model::sort::sort_by(&mut stopped, |a, b| a.0.cmp(&b.0));
        let mut stdout = String::new();
        for (pid, word) in stopped {
            self.forwards.stop(pid);
            if let Some((printed, state)) = self.stop_loop(pid, word) {
                stdout.push_str(&printed.stdout);
                stderr.push_str(&printed.stderr);
                if let Some(n) = self.shell.jobs.end(pid, state) {
                    stderr.push_str(&n);
                    stderr.push('\n');
                }
                continue;
            }
            if let Some(n) = self.shell.jobs.end(pid, JobState::Signalled(word)) {
                stderr.push_str(&n);
                stderr.push('\n');
            }
        }
        // kubectl's last words come before bash's notices.
        let marks = (!stdout.is_empty()).then(|| vec![(stdout.len(), 0)]);
        Stage { stdout, stderr, status, marks }
    }

    /// `watch CMD`: the command once, and a note that a real terminal
    /// would repeat it.
    fn watch(&mut self, args: &[String], stdin: Option<&str>) -> Stage {
        let (line, interval) = match extra::watch_command(args) {
            Ok(c) => c,
            Err(o) => return Stage { stderr: o.stderr, status: o.status, ..quiet(true) },
        };
        let out = match self.run_line(&line, stdin, false) {
            Ran::Printed(out) => out,
            Ran::Started => self.work(usize::MAX).unwrap_or_default(),
        };
        let mut stage: Stage = out.into();
        let note = format!("(playground) watch ran this once: a real terminal reruns it every {interval}s until Ctrl-C (here, run it again after sleep or sim advance, or use kubectl get -w)\n");
        stage.marks.get_or_insert_with(Vec::new).push((stage.stdout.len(), stage.stderr.len()));
        stage.stderr.push_str(&note);
        stage
    }

    /// `> FILE` / `>> FILE`: the output goes to the playground's files
    /// (where `kubectl apply -f FILE` and `cat FILE` read), not the screen.
    fn write_file(&mut self, word: &ShellWord, append: bool, stdout: &mut String, ctx: &mut Ctx) -> Result<(), CommandOutput> {
        let names = match self.expand_words(std::slice::from_ref(word), ctx) {
            Ok(names) => names,
            Err(e) => return Err(self.aborted(e, ctx)),
        };
        let [name] = names.as_slice() else {
            // bash names the word as written.
            let text: String = word.parts.iter().map(Part::source).collect();
            return Err(finish(std::mem::take(&mut ctx.stderr), Stage { stderr: format!("bash: {text}: ambiguous redirect\n"), ..quiet(true) }));
        };
        // Kept under the path reads look it up by (`/tmp/x` is `tmp/x`).
        let name = if name == "/dev/null" { name.clone() } else { files::normalize(name) };
        let text = std::mem::take(stdout);
        // Tutorials send output they do not want here; it is no file.
        if name == "/dev/null" {
            return Ok(());
        }
        let others: usize = self.files.iter().filter(|(k, _)| **k != name).map(|(k, v)| k.len() + v.len()).sum();
        let old = if append { self.files.get(&name).map_or(0, String::len) } else { 0 };
        if others + old + text.len() > MAX_VARIABLES {
            return Err(crate::error(format!("error: (playground) the playground's files may hold at most {MAX_VARIABLES} bytes in all")));
        }
        let file = self.files.entry(name).or_default();
        if !append {
            file.clear();
        }
        file.push_str(&text);
        Ok(())
    }

    /// `NAME=value …`, `export …` and `unset …` on a line of their own;
    /// None for anything else.
    fn builtin(&mut self, words: &[ShellWord], ctx: &mut Ctx) -> Option<CommandOutput> {
        let head = words.first()?;
        let (words, export) = match head.literal().as_deref() {
            Some("export") => (&words[1..], true),
            Some("unset") => {
                let names = match self.expand_words(&words[1..], ctx) {
                    Ok(names) => names,
                    Err(e) => return Some(self.aborted(e, ctx)),
                };
                for n in names {
                    self.vars.remove(&n);
                    self.shell.exported.remove(&n);
                }
                self.shell.status = 0;
                return Some(finish(std::mem::take(&mut ctx.stderr), quiet(false)));
            }
            _ if head.assignment().is_some() && words.iter().all(|w| w.assignment().is_some()) => {
                (words, false)
            }
            _ => return None,
        };
        for w in words {
            match w.assignment() {
                Some((name, parts)) => {
                    let value = match self.expand_value(&parts, ctx) {
                        Ok(value) => value,
                        Err(e) => return Some(self.aborted(e, ctx)),
                    };
                    let others: usize = self
                        .vars
                        .iter()
                        .filter(|(k, _)| **k != name)
                        .map(|(k, v)| k.len() + v.len())
                        .sum();
                    if others + name.len() + value.len() > MAX_VARIABLES {
                        self.shell.status = 1;
                        return Some(crate::error(format!("error: (playground) the shell's variables may hold at most {MAX_VARIABLES} bytes in all; unset some")));
                    }
                    if export {
                        self.shell.exported.insert(name.clone());
                    }
                    self.vars.insert(name, value);
                }
                // `export NAME` marks a variable for child processes (`env`).
                None if export => {
                    let names = match self.expand_words(std::slice::from_ref(w), ctx) {
                        Ok(names) => names,
                        Err(e) => return Some(self.aborted(e, ctx)),
                    };
                    if let Some(bad) = names.iter().find(|n| !kubeplay_kubectl::shell::is_name(n)) {
                        ctx.stderr
                            .push_str(&format!("bash: export: `{bad}': not a valid identifier\n"));
                        self.shell.status = 1;
                        return Some(finish(std::mem::take(&mut ctx.stderr), quiet(true)));
                    }
                    self.shell.exported.extend(names);
                }
                None => return None,
            }
        }
        // An assignment's status is its last command substitution's.
        self.shell.status = ctx.substitution_status;
        Some(finish(
            std::mem::take(&mut ctx.stderr),
            Stage { status: ctx.substitution_status, ..quiet(false) },
        ))
    }

    /// A here-document's text: its body, expanded unless the delimiter
    /// was quoted.
    fn heredoc_text(&mut self, doc: &HereDoc, body: &str, ctx: &mut Ctx) -> Result<String, CommandOutput> {
        if doc.quoted {
            return Ok(body.to_string());
        }
        let parts = parse_heredoc_body(body).map_err(|e| crate::error(format!("error: {e}")))?;
        match self.expand_value(&parts, ctx) {
            Ok(text) => Ok(text),
            Err(e) => Err(self.aborted(e, ctx)),
        }
    }

    fn expand_words(&mut self, words: &[ShellWord], ctx: &mut Ctx) -> Result<Vec<String>, Abort> {
        let mut value = |part: &Part| self.part_value(part, ctx);
        Ok(expand(words, &mut value)?.into_iter().map(unprotect).collect())
    }

    fn expand_value(&mut self, parts: &[Part], ctx: &mut Ctx) -> Result<String, Abort> {
        let mut value = |part: &Part| self.part_value(part, ctx);
        Ok(unprotect(expand_parts(parts, false, &mut value)?.concat()))
    }

    fn part_value(&mut self, part: &Part, ctx: &mut Ctx) -> Result<String, Abort> {
        let value = self.part_text(part, ctx)?;
        ctx.expanded += value.len();
        if ctx.expanded > MAX_EXPANSION {
            return Err(Abort::TooLong);
        }
        Ok(value)
    }

    /// What a command started here gets as its environment (see [`env`]).
    pub(crate) fn environment(&self) -> BTreeMap<String, String> {
        let exported = self.shell.exported.iter().filter_map(|n| Some((n.clone(), self.vars.get(n)?.clone())));
        exported.chain(self.edit.env.clone()).collect()
    }

    fn var(&self, name: &str) -> Option<String> {
        if name == "?" {
            return Some(self.shell.status.to_string());
        }
        if let Some(v) = self.shell.calls.special(name) {
            return Some(v);
        }
        self.vars.get(name).cloned()
    }

    fn part_text(&mut self, part: &Part, ctx: &mut Ctx) -> Result<String, Abort> {
        Ok(match part {
            Part::Text { text, .. } => text.clone(),
            Part::Var { name, .. } => self.var(name).unwrap_or_default(),
            Part::Length { name, .. } => self.var(name).unwrap_or_default().chars().count().to_string(),
            Part::Param { name, op: ParamOp { kind: ParamKind::Trim(how), .. }, word, .. } => {
                // The word is a pattern: what was quoted in it matches only itself.
                let mut pat = String::new();
                for p in word {
                    let t = self.expand_value(std::slice::from_ref(p), ctx)?;
                    pat.push_str(&if p.quoted() { pattern::literal(&t) } else { t });
                }
                pattern::trim(&self.var(name).unwrap_or_default(), &pat, *how)
            }
            Part::Param { name, op, word, quoted } => {
                let value = self.var(name).filter(|v| !(op.colon && v.is_empty()));
                match (op.kind, value) {
                    // A trim is the arm above.
                    (ParamKind::Alternative | ParamKind::Trim(_), None) => String::new(),
                    (ParamKind::Alternative, Some(_)) | (ParamKind::Default | ParamKind::Assign, None) => {
                        // `${U:-"a b"}` unquoted splits only the word's
                        // unquoted text: the blanks quoted there are
                        // marked so the split passes them by. (`:=` gives
                        // the variable's new value, split as any.)
                        let keep = !*quoted && op.kind != ParamKind::Assign;
                        let (mut text, mut marked) = (String::new(), String::new());
                        for p in word {
                            let t = self.expand_value(std::slice::from_ref(p), ctx)?;
                            marked.push_str(&if keep && p.quoted() { protect(&t) } else { t.clone() });
                            text.push_str(&t);
                        }
                        if op.kind == ParamKind::Assign && kubeplay_kubectl::shell::is_name(name) {
                            self.vars.insert(name.clone(), text);
                        }
                        marked
                    }
                    (_, Some(v)) => v,
                }
            }
            Part::Arith { expr, .. } => {
                let parts = parse_heredoc_body(expr).map_err(|e| Abort::Bash(format!("error: {e}\n")))?;
                let text = self.expand_value(&parts, ctx)?;
                let mut lookup = |n: &str| self.var(n);
                match arith::eval(&text, &mut lookup) {
                    Ok(v) => v.to_string(),
                    Err(e) => return Err(Abort::Bash(format!("bash: {e}\n"))),
                }
            }
            Part::Command { line, .. } => {
                let abort = self.shell.abort;
                self.shell.captured += 1;
                let out = match self.run_line(line, None, false) {
                    Ran::Printed(out) => out,
                    // Not reached: nothing is sliced here.
                    Ran::Started => self.work(usize::MAX).unwrap_or_default(),
                };
                self.shell.captured -= 1;
                // What ends a `$(…)`'s line ends only that subshell.
                self.shell.abort = abort;
                ctx.stderr.push_str(&out.stderr);
                ctx.substitution_status = self.shell.status;
                out.stdout.trim_end_matches('\n').to_string()
            }
        })
    }
}

/// `out` after bash's job notices, which come first.
pub(crate) fn with_notices(notices: String, out: CommandOutput) -> CommandOutput {
    if notices.is_empty() {
        return out;
    }
    finish(notices, out.into())
}

/// `2>/dev/null` drops a stage's stderr; `2>&1` writes it into its stdout
/// where it was written (so it flows down the pipe).
fn redirect_stderr(stage: &mut Stage, to_stdout: bool) {
    let stderr = std::mem::take(&mut stage.stderr);
    let tool = stage.marks.is_none();
    // A tool's complaints come before its output (see `Stage::marks`).
    let marks = stage.marks.take().unwrap_or_else(|| vec![(0, 0)]);
    if to_stdout {
        stage.stdout = kubeplay_kubectl::exec::interleave(&stage.stdout, &stderr, &marks).into_iter().map(|(_, t)| t).collect();
    }
    stage.marks = if tool { None } else { Some(Vec::new()) };
}

/// The line's output: what earlier stages and substitutions wrote to
/// stderr first, then the last stage's streams in their own order.
fn finish(pre: String, last: Stage) -> CommandOutput {
    let mut marks: Vec<Mark> = Vec::new();
    if !pre.is_empty() {
        marks.push((0, 0));
    }
    let base = pre.len();
    match last.marks {
        Some(m) if !m.is_empty() => marks.extend(m.into_iter().map(|(o, e)| (o, e + base))),
        Some(_) if !last.stderr.is_empty() => marks.push((last.stdout.len(), base)),
        None if !last.stderr.is_empty() => marks.push((0, base)),
        _ => {}
    }
    let mut stderr = pre;
    stderr.push_str(&last.stderr);
    let mut out = CommandOutput { stdout: last.stdout, stderr, stderr_at: marks, ..CommandOutput::default() };
    out.set_status(last.status);
    out
}
