//! Runs a line that is more than one pipeline: `;`, `&&`, `||`, `!`,
//! `for`, `if`, `while`/`until`, `case`, `{ …; }`, `( … )` (its variables
//! restored after it), and compound commands in a pipe (`… |
//! while read l; do …; done`, with `read`). Each pipeline runs as a line
//! of its own would (see the shell module), its output appended in order;
//! `$?` is the last status. Loops are capped per line, so nothing a user
//! types can keep the page busy for ever.

use super::{Ctx, Pipeline};
use crate::{CommandOutput, Playground, Ran};
use kubeplay_kubectl::shell::{heredocs, AndOr, Command, Item, List, ShellWord};
use std::collections::BTreeMap;

#[path = "functions.rs"]
pub(crate) mod functions;

/// Most loop iterations one line may run (all its loops together).
pub const MAX_ITERATIONS: usize = 1000;

/// Most bytes one line's output may add up to.
const MAX_OUTPUT: usize = 4 * super::MAX_EXPANSION;

/// The shell's state between lines and within one.
#[derive(Clone, Debug, Default)]
pub(crate) struct State {
    /// `$?`: the last command's exit status.
    pub status: i32,
    /// Set when an expansion error ended the command: bash abandons the
    /// rest of the line there.
    pub abort: bool,
    /// How deep lists run inside `$(…)` of other lists.
    depth: usize,
    /// Loop iterations run by the line so far.
    iterations: usize,
    /// The long command running is a `sleep`, which prints nothing.
    pub quiet_job: bool,
    /// The background jobs (`cmd &`, forwards, proxies).
    pub jobs: super::jobs::Jobs,
    /// Job notices for the line a long command runs for, shown before
    /// its output when it finishes.
    pub notices: String,
    /// How many enclosing commands take the output (`$(…)`, a pipe into
    /// a compound command or after xargs): stdout is no terminal then.
    pub captured: usize,
    /// The variables `export` marked: what `env` and `printenv` show.
    pub exported: std::collections::BTreeSet<String>,
    /// Functions and the call running.
    pub calls: functions::Calls,
    /// bash's aliases (`shell/alias.rs`).
    pub aliases: super::alias::Aliases,
    /// The line run next was typed: its aliases expand.
    pub typed: bool,
}

impl State {
    /// The output of a long command that has finished, and its status.
    pub fn job_done(&mut self, out: CommandOutput) -> CommandOutput {
        self.status = out.status();
        let notices = std::mem::take(&mut self.notices);
        if std::mem::take(&mut self.quiet_job) && !out.failed {
            return super::with_notices(notices, CommandOutput::default());
        }
        super::with_notices(notices, out)
    }
}

/// A line's list stopped early; its error is already in the output.
struct Stop;

/// What running the list needs: its here-documents' bodies, its stdin,
/// and the output so far.
struct Env {
    bodies: Vec<String>,
    input: Input,
    out: CommandOutput,
}

/// A list's standard input: the caller's (read whole by the first command
/// that runs, as `kubectl apply -f -` reads it), or a pipe's into a
/// compound command, which `read` takes a line at a time and the commands
/// inside see what is left of.
#[derive(Default)]
struct Input {
    text: Option<String>,
    at: usize,
    piped: bool,
}

impl Input {
    /// What a pipeline gets as its stdin.
    fn for_pipeline(&mut self) -> Option<String> {
        let rest = self.text.as_deref()?.get(self.at..)?.to_string();
        if !self.piped {
            self.text = None;
        }
        Some(rest)
    }

    /// `read`'s line, without its newline, and whether a newline ended
    /// it (a last line without one is read, but read fails, as bash's does).
    fn line(&mut self) -> (String, bool) {
        let rest = self
            .text
            .as_deref()
            .and_then(|t| t.get(self.at..))
            .unwrap_or_default();
        let line = rest.split('\n').next().unwrap_or_default().to_string();
        let ended = rest.len() > line.len();
        self.at += line.len() + usize::from(ended);
        (line, ended)
    }
}

impl Env {
    /// Appends `o`, keeping its streams in the order they were written.
    fn push(&mut self, o: &CommandOutput) {
        for (to_err, text) in o.pieces() {
            if to_err {
                self.out
                    .stderr_at
                    .push((self.out.stdout.len(), self.out.stderr.len()));
                self.out.stderr.push_str(text);
            } else {
                self.out.stdout.push_str(text);
            }
        }
    }

    /// Appends a line (or lines) of stderr; nothing for empty text.
    fn push_error(&mut self, text: &str) {
        if !text.is_empty() {
            self.push(&crate::error(text.to_string()));
        }
    }
}

impl Playground {
    /// Runs `list`, parsed from `line`; `rest` holds its here-documents' bodies.
    pub(crate) fn run_list(
        &mut self,
        list: &List,
        line: &str,
        rest: Option<&str>,
        stdin: Option<&str>,
    ) -> Ran {
        let docs = heredocs(line);
        let input = Input {
            text: stdin.map(str::to_string),
            ..Input::default()
        };
        let mut env = Env {
            bodies: Vec::new(),
            input,
            out: CommandOutput::default(),
        };
        if !docs.is_empty() {
            match self.heredoc_bodies(&docs, rest.unwrap_or_default()) {
                Ok((bodies, warning)) => {
                    env.bodies = bodies;
                    if !warning.is_empty() {
                        env.push_error(warning.trim_end_matches('\n'));
                    }
                }
                Err(out) => return Ran::Printed(out),
            }
        }
        if self.shell.depth == 0 {
            self.shell.iterations = 0;
        }
        self.shell.depth += 1;
        let _ = self.exec_list(list, &mut env);
        self.shell.depth -= 1;
        self.shell.abort = false;
        env.out.set_status(self.shell.status);
        Ran::Printed(env.out)
    }

    fn exec_list(&mut self, list: &List, env: &mut Env) -> Result<i32, Stop> {
        let mut status = self.shell.status;
        for item in &list.items {
            status = self.exec_and_or(item, env)?;
            if self.shell.calls.returning {
                break;
            }
        }
        Ok(status)
    }

    fn exec_and_or(&mut self, ao: &AndOr, env: &mut Env) -> Result<i32, Stop> {
        match &ao.background {
            Some(text) => self.exec_background(ao, text, env),
            None => self.exec_foreground(ao, env),
        }
    }

    /// `LIST &`: bash's `[N] PID`, then the list, run to its end here
    /// unless what it starts keeps running (a forward, a proxy), in a
    /// subshell of its own; its status is not `$?`, which is 0.
    fn exec_background(&mut self, ao: &AndOr, text: &str, env: &mut Env) -> Result<i32, Stop> {
        let (number, pid) = self.shell.jobs.start(text, true);
        env.push_error(&format!("[{number}] {pid}"));
        let outer = self.shell.jobs.background_pid.replace(pid);
        let vars = self.vars.clone();
        let ran = self.exec_foreground(ao, env);
        self.vars = vars;
        self.shell.jobs.background_pid = outer;
        let status = ran.unwrap_or(self.shell.status);
        if !self.forwards.running(pid) && !self.is_loop(pid) {
            // Ended before the next prompt, where bash says so.
            if let Some(notice) = self.shell.jobs.end(pid, super::jobs::JobState::Exited(status)) {
                env.push_error(&notice);
            }
        }
        self.shell.status = 0;
        Ok(0)
    }

    fn exec_foreground(&mut self, ao: &AndOr, env: &mut Env) -> Result<i32, Stop> {
        let mut status = self.exec_item(&ao.first, env)?;
        for (and, item) in &ao.rest {
            if self.shell.calls.returning {
                break;
            }
            if *and == (status == 0) {
                status = self.exec_item(item, env)?;
            }
        }
        Ok(status)
    }

    fn exec_item(&mut self, item: &Item, env: &mut Env) -> Result<i32, Stop> {
        let status = self.exec_command(&item.command, env)?;
        let status = if item.negated {
            i32::from(status == 0)
        } else {
            status
        };
        self.shell.status = status;
        Ok(status)
    }

    fn exec_command(&mut self, command: &Command, env: &mut Env) -> Result<i32, Stop> {
        Ok(match command {
            Command::Pipeline(p) => self.exec_pipeline(p, env)?,
            Command::Piped(segments) => {
                let Some((last, first)) = segments.split_last() else {
                    return Ok(0);
                };
                // bash runs each command of a pipe in a subshell: what a
                // `while read` or `for` there sets is gone after it.
                let saved = self.vars.clone();
                let status = self.exec_piped(first, last, env, &saved);
                self.vars = saved;
                status?
            }
            Command::For { name, words, body } => {
                let mut ctx = Ctx::default();
                let values = self.expand_words(words, &mut ctx);
                let values = match values {
                    Ok(values) => values,
                    Err(e) => {
                        let out = self.aborted(e, &mut ctx);
                        env.push(&out);
                        return Err(Stop);
                    }
                };
                env.push_error(ctx.stderr.trim_end_matches('\n'));
                let mut status = 0;
                for value in values {
                    self.tick(env)?;
                    self.vars.insert(name.clone(), value);
                    status = self.exec_list(body, env)?;
                    if self.shell.calls.returning {
                        break;
                    }
                }
                status
            }
            Command::If {
                branches,
                otherwise,
            } => 'found: {
                for (condition, then) in branches {
                    if self.exec_list(condition, env)? == 0 {
                        break 'found self.exec_list(then, env)?;
                    }
                }
                match otherwise {
                    Some(list) => self.exec_list(list, env)?,
                    None => 0,
                }
            }
            Command::Group(list) => self.exec_list(list, env)?,
            Command::Case { subject, arms } => self.exec_case(subject, arms, env)?,
            // What the subshell sets or exports is gone after it.
            Command::Subshell(list) => {
                let (vars, exported, calls) = (self.vars.clone(), self.shell.exported.clone(), self.shell.calls.clone());
                let status = self.exec_list(list, env);
                (self.vars, self.shell.exported, self.shell.calls) = (vars, exported, calls);
                status?
            }
            Command::Function { name, body } => self.define(name, body),
            Command::Arith(expr) => self.exec_arith(expr, env),
            Command::ArithFor { init, test, step, body } => self.exec_arith_for(init, test, step, body, env)?,
            Command::While {
                until,
                condition,
                body,
            } => {
                let mut status = 0;
                loop {
                    self.tick(env)?;
                    if (self.exec_list(condition, env)? == 0) == *until {
                        break;
                    }
                    status = self.exec_list(body, env)?;
                    if self.shell.calls.returning {
                        break;
                    }
                }
                status
            }
        })
    }

    /// `case`: the subject expanded as one word, unsplit; each pattern's
    /// quoted parts match themselves, its unquoted ones (variables too)
    /// are patterns. No arm matching: status 0.
    fn exec_case(&mut self, subject: &ShellWord, arms: &[(Vec<ShellWord>, List)], env: &mut Env) -> Result<i32, Stop> {
        let mut ctx = Ctx::default();
        let text = match self.expand_value(&subject.parts, &mut ctx) {
            Ok(t) => t,
            Err(e) => {
                let out = self.aborted(e, &mut ctx);
                env.push(&out);
                return Err(Stop);
            }
        };
        for (patterns, body) in arms {
            for p in patterns {
                let mut pattern = String::new();
                for part in &p.parts {
                    match self.expand_value(std::slice::from_ref(part), &mut ctx) {
                        Ok(v) if part.quoted() => pattern.push_str(&super::pattern::literal(&v)),
                        Ok(v) => pattern.push_str(&v),
                        Err(e) => {
                            let out = self.aborted(e, &mut ctx);
                            env.push(&out);
                            return Err(Stop);
                        }
                    }
                }
                if super::pattern::has_class(&pattern) {
                    env.push_error("error: (playground) character classes ([[:digit:]] and the like) in a case pattern are not supported");
                    self.shell.status = 1;
                    return Err(Stop);
                }
                if super::pattern::matches(&pattern, &text) {
                    env.push_error(ctx.stderr.trim_end_matches('\n'));
                    return self.exec_list(body, env);
                }
            }
        }
        env.push_error(ctx.stderr.trim_end_matches('\n'));
        Ok(0)
    }

    /// Compound commands in a pipe, each one's stdout the next one's stdin.
    fn exec_piped(
        &mut self,
        first: &[Command],
        last: &Command,
        env: &mut Env,
        vars: &BTreeMap<String, String>,
    ) -> Result<i32, Stop> {
        let outer = std::mem::take(&mut env.input);
        // Inside a `while read` body the loop's own pipe is still there for
        // its next `read`: the inner pipe reads a copy.
        let resume = outer.piped.then(|| Input {
            text: outer.text.clone(),
            at: outer.at,
            piped: true,
        });
        let mut input = outer;
        for segment in first {
            let mut sub = Env {
                bodies: env.bodies.clone(),
                input,
                out: CommandOutput::default(),
            };
            self.shell.captured += 1;
            let done = self.exec_command(segment, &mut sub);
            self.shell.captured -= 1;
            self.vars.clone_from(vars);
            // Only stdout flows on; stderr is shown as it comes.
            let stdout = std::mem::take(&mut sub.out.stdout);
            env.push(&sub.out);
            done?;
            input = Input {
                text: Some(stdout),
                at: 0,
                piped: true,
            };
        }
        env.input = input;
        let status = self.exec_command(last, env);
        env.input = resume.unwrap_or_default();
        status
    }

    fn exec_pipeline(&mut self, p: &Pipeline, env: &mut Env) -> Result<i32, Stop> {
        if let Some(status) = self.call(p, env)? {
            return Ok(status);
        }
        if let Some(status) = self.read(p, env)? {
            return Ok(status);
        }
        let bodies = env.bodies.get(p.first_heredoc..).unwrap_or_default();
        let bodies = &bodies[..p.heredocs.len().min(bodies.len())];
        let stdin = env.input.for_pipeline();
        let out = match self.run_stages(p, stdin.as_deref(), bodies, Ctx::default(), false) {
            Ran::Printed(out) => out,
            // Not reached: nothing is sliced here.
            Ran::Started => self.work(usize::MAX).unwrap_or_default(),
        };
        env.push(&out);
        if std::mem::take(&mut self.shell.abort) {
            return Err(Stop);
        }
        if env.out.stdout.len() + env.out.stderr.len() > MAX_OUTPUT {
            env.push_error(&format!(
                "error: (playground) the line stopped after printing more than {MAX_OUTPUT} bytes"
            ));
            self.shell.status = 1;
            return Err(Stop);
        }
        Ok(self.shell.status)
    }

    /// `read [-r] [NAME…]` on a pipeline of its own: the next line of the
    /// list's stdin, split on blanks into the names (the last takes the
    /// rest; `REPLY` without names); status 1 at the end of the input.
    /// None for any other pipeline.
    fn read(&mut self, p: &Pipeline, env: &mut Env) -> Result<Option<i32>, Stop> {
        let [words] = p.stages.as_slice() else {
            return Ok(None);
        };
        if words.first().and_then(|w| w.literal()).as_deref() != Some("read")
            || !p.heredocs.is_empty()
            || p.output.is_some()
        {
            return Ok(None);
        }
        let mut ctx = Ctx::default();
        let names = match self.expand_words(&words[1..], &mut ctx) {
            Ok(names) => names,
            Err(e) => {
                let out = self.aborted(e, &mut ctx);
                env.push(&out);
                return Err(Stop);
            }
        };
        env.push_error(ctx.stderr.trim_end_matches('\n'));
        let names: Vec<&String> = names.iter().filter(|n| n.as_str() != "-r").collect();
        if let Some(bad) = names.iter().find(|n| !kubeplay_kubectl::shell::is_name(n)) {
            env.push_error(&format!("bash: read: `{bad}': not a valid identifier"));
            self.shell.status = 1;
            return Ok(Some(1));
        }
        let (line, ended) = env.input.line();
        let status = i32::from(!ended);
        if names.is_empty() {
            // REPLY keeps the line as it was.
            self.vars.insert("REPLY".into(), line);
            self.shell.status = status;
            return Ok(Some(status));
        }
        let mut rest = line.trim_matches(|c| c == ' ' || c == '\t');
        for (i, name) in names.iter().enumerate() {
            let value = if i + 1 == names.len() {
                std::mem::take(&mut rest)
            } else {
                let end = rest.find([' ', '\t']).unwrap_or(rest.len());
                let (word, tail) = rest.split_at(end);
                rest = tail.trim_start_matches([' ', '\t']);
                word
            };
            self.vars.insert((*name).clone(), value.to_string());
        }
        self.shell.status = status;
        Ok(Some(status))
    }

    /// Counts a loop iteration against the line's budget.
    fn tick(&mut self, env: &mut Env) -> Result<(), Stop> {
        self.shell.iterations += 1;
        if self.shell.iterations > MAX_ITERATIONS {
            env.push_error(&format!("error: (playground) the line's loops stopped after {MAX_ITERATIONS} iterations, the most one line may run"));
            self.shell.status = 1;
            return Err(Stop);
        }
        Ok(())
    }
}
