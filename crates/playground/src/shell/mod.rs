//! The terminal's small shell: a line that is more than one plain
//! `kubectl …` or `sim …` command (a pipeline, `$NAME`, `$(…)`,
//! `NAME=value`, `export`, or a text tool) runs here. Each stage's words
//! are expanded, then the stage runs: kubectl and sim through the
//! playground's own line path (so a write inside `$(…)` is a step, as in
//! bash), the text tools of [`tools`] over the previous stage's stdout.
//! Only stdout flows down the pipe; every stage's stderr is shown, before
//! the last stage's output. The exit status is the last stage's, as bash's
//! without `pipefail`. A here-document (`cat <<EOF | kubectl apply -f -`,
//! its body after the line) is its stage's stdin, expanded unless its
//! delimiter is quoted; `> FILE` writes the last stage's stdout to the
//! playground's files.

mod args;
mod awk;
mod grep;
pub mod tools;

#[cfg(test)]
mod tests;

use crate::{CommandOutput, Playground, Ran, RunOutcome};
use kubeplay_kubectl::exec::Mark;
use kubeplay_kubectl::shell::{expand, expand_parts, parse_heredoc_body, quote, read_heredocs, HereDoc, Part, Pipeline, ShellWord};

/// What one stage printed.
struct Stage {
    stdout: String,
    stderr: String,
    failed: bool,
    /// kubectl's own marks (see [`CommandOutput::stderr_at`]); None for a
    /// tool, whose complaints come before its output.
    marks: Option<Vec<Mark>>,
}

impl From<CommandOutput> for Stage {
    fn from(o: CommandOutput) -> Stage {
        Stage {
            stdout: o.stdout,
            stderr: o.stderr,
            failed: o.failed,
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

/// Whether `text` is one command as [`Playground::run`] takes it: one
/// line, or a line that opens here-documents followed by exactly their
/// closed bodies (a final newline aside).
pub(crate) fn one_command(text: &str) -> bool {
    let Some((first, rest)) = text.split_once('\n') else { return true };
    let docs = kubeplay_kubectl::shell::heredocs(first);
    let rest = rest.strip_suffix('\n').unwrap_or(rest);
    let lines: Vec<&str> = rest.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let read = read_heredocs(&docs, &lines);
    !docs.is_empty() && read.unclosed.is_none() && read.lines == lines.len()
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
const MAX_VARIABLES: usize = 4 * MAX_EXPANSION;

/// What expanding words left behind: the stderr of the commands inside
/// `$(…)`, whether the last of them failed, and the bytes expanded so far.
#[derive(Default)]
struct Ctx {
    stderr: String,
    substitution_failed: bool,
    expanded: usize,
}

/// An expansion past [`MAX_EXPANSION`].
struct TooLong;

fn too_long() -> CommandOutput {
    crate::error(format!(
        "error: (playground) the line's expansions add up to more than {MAX_EXPANSION} bytes"
    ))
}

fn quiet(failed: bool) -> Stage {
    Stage {
        stdout: String::new(),
        stderr: String::new(),
        failed,
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
        if rest.len() > MAX_HEREDOC {
            return Ran::Printed(crate::error(format!("error: (playground) the here-documents are longer than {MAX_HEREDOC} bytes")));
        }
        let lines: Vec<&str> = rest.lines().collect();
        let read = read_heredocs(p.heredocs.iter().map(|(_, d)| d), &lines);
        if lines[read.lines..].iter().any(|l| !l.trim().is_empty()) {
            return Ran::Printed(crate::error("error: (playground) lines after the here-document's closing line: the terminal runs one command (with its here-documents) at a time".to_string()));
        }
        let mut ctx = Ctx::default();
        if let Some(d) = &read.unclosed {
            ctx.stderr = format!("bash: warning: here-document at line 1 delimited by end-of-file (wanted `{d}')\n");
        }
        self.run_stages(p, stdin, &read.bodies, ctx, sliced)
    }

    /// The pipeline's stages, in order; `bodies` are the raw bodies of
    /// `p.heredocs`.
    fn run_stages(&mut self, p: &Pipeline, stdin: Option<&str>, bodies: &[String], mut ctx: Ctx, sliced: bool) -> Ran {
        let Some(first) = p.stages.first() else {
            return Ran::Printed(CommandOutput::default());
        };
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
            }
            if words.first().is_some_and(|w| w.assignment().is_some()) {
                let text = "error: (playground) NAME=value before a command is not supported here: assign on a line of its own\n";
                last = Stage {
                    stderr: text.into(),
                    ..quiet(true)
                };
                continue;
            }
            let Ok(argv) = self.expand_words(words, &mut ctx) else {
                return Ran::Printed(too_long());
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
            last = match argv.first().map(String::as_str) {
                // An empty command (`$UNSET`) runs nothing and succeeds.
                None => quiet(false),
                Some("kubectl" | "k" | "sim") => match self.run_line(&requote(&argv), input.as_deref(), sliced && alone) {
                    Ran::Started => return Ran::Started,
                    Ran::Printed(out) => out.into(),
                },
                Some("xargs") => Stage {
                    stderr: "xargs: (playground) xargs is not supported here: use $(…), as in kubectl delete $(kubectl get pods -o name)\n".into(),
                    ..quiet(true)
                },
                Some(name) => {
                    let files = &self.files;
                    let read = |n: &str| files.get(n.strip_prefix("./").unwrap_or(n)).cloned();
                    let io = tools::Input { stdin: input.as_deref().unwrap_or_default(), read: &read };
                    match tools::run(&argv, &io) {
                        Some(o) => Stage { stdout: o.stdout, stderr: o.stderr, failed: o.status != 0, marks: None },
                        None => Stage { stderr: not_found(name), ..quiet(true) },
                    }
                }
            };
            if i + 1 < p.stages.len() {
                last.marks = None;
            }
        }
        if let Some((word, append)) = &p.output {
            if let Err(out) = self.write_file(word, *append, &mut last.stdout, &mut ctx) {
                return Ran::Printed(out);
            }
        }
        Ran::Printed(finish(ctx.stderr, last))
    }

    /// `> FILE` / `>> FILE`: the output goes to the playground's files
    /// (where `kubectl apply -f FILE` and `cat FILE` read), not the screen.
    fn write_file(&mut self, word: &ShellWord, append: bool, stdout: &mut String, ctx: &mut Ctx) -> Result<(), CommandOutput> {
        let names = self.expand_words(std::slice::from_ref(word), ctx).map_err(|_| too_long())?;
        let [name] = names.as_slice() else {
            // bash names the word as written.
            let text: String = word
                .parts
                .iter()
                .map(|p| match p {
                    Part::Text { text, .. } => text.clone(),
                    Part::Var { name, .. } => format!("${name}"),
                    Part::Command { line, .. } => format!("$({line})"),
                })
                .collect();
            return Err(finish(std::mem::take(&mut ctx.stderr), Stage { stderr: format!("bash: {text}: ambiguous redirect\n"), ..quiet(true) }));
        };
        let name = name.strip_prefix("./").unwrap_or(name).to_string();
        let text = std::mem::take(stdout);
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

    /// `kubectl edit` with shell words (`kubectl edit deploy $NAME`): its
    /// words expanded first, as bash expands them before kubectl starts,
    /// then opened in the editor; None for a line that is not such an edit
    /// (a plain one included: `editing::edit` reads it as it is).
    pub(crate) fn edit_expanded(&mut self, line: &str) -> Option<RunOutcome> {
        if line.contains('\n') {
            // A here-document's body is no edit's words.
            return None;
        }
        let p = kubeplay_kubectl::shell::parse_pipeline(line).ok()?;
        let [words] = p.stages.as_slice() else { return None };
        let head = words.first()?.literal()?;
        if p.is_plain() || !p.heredocs.is_empty() || !matches!(head.as_str(), "kubectl" | "k") || !words.iter().any(|w| w.literal().as_deref() == Some("edit")) {
            return None;
        }
        let mut ctx = Ctx::default();
        let Ok(argv) = self.expand_words(words, &mut ctx) else {
            return Some(RunOutcome::Printed(too_long()));
        };
        let expanded = requote(&argv);
        let pre = std::mem::take(&mut ctx.stderr);
        let with_pre = |out: CommandOutput| finish(pre.clone(), out.into());
        Some(match crate::editing::edit(&self.engine, &expanded, self.kubeconfig.namespace()) {
            Some(RunOutcome::OpenInEditor { text, output }) => RunOutcome::OpenInEditor { text, output: with_pre(output) },
            Some(RunOutcome::Printed(out)) => RunOutcome::Printed(with_pre(out)),
            Some(RunOutcome::Running) | None => match self.run_line(&expanded, None, true) {
                Ran::Printed(out) => RunOutcome::Printed(with_pre(out)),
                Ran::Started => RunOutcome::Running,
            },
        })
    }

    /// `NAME=value …`, `export …` and `unset …` on a line of their own;
    /// None for anything else.
    fn builtin(&mut self, words: &[ShellWord], ctx: &mut Ctx) -> Option<CommandOutput> {
        let head = words.first()?;
        let (words, export) = match head.literal().as_deref() {
            Some("export") => (&words[1..], true),
            Some("unset") => {
                let Ok(names) = self.expand_words(&words[1..], ctx) else {
                    return Some(too_long());
                };
                for n in names {
                    self.vars.remove(&n);
                }
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
                    let Ok(value) = self.expand_value(&parts, ctx) else {
                        return Some(too_long());
                    };
                    let others: usize = self
                        .vars
                        .iter()
                        .filter(|(k, _)| **k != name)
                        .map(|(k, v)| k.len() + v.len())
                        .sum();
                    if others + name.len() + value.len() > MAX_VARIABLES {
                        return Some(crate::error(format!("error: (playground) the shell's variables may hold at most {MAX_VARIABLES} bytes in all; unset some")));
                    }
                    self.vars.insert(name, value);
                }
                // `export NAME` marks a variable for child processes; there are none.
                None if export => {
                    let Ok(names) = self.expand_words(std::slice::from_ref(w), ctx) else {
                        return Some(too_long());
                    };
                    if let Some(bad) = names.iter().find(|n| !kubeplay_kubectl::shell::is_name(n)) {
                        ctx.stderr
                            .push_str(&format!("bash: export: `{bad}': not a valid identifier\n"));
                        return Some(finish(std::mem::take(&mut ctx.stderr), quiet(true)));
                    }
                }
                None => return None,
            }
        }
        // An assignment's status is its last command substitution's.
        Some(finish(
            std::mem::take(&mut ctx.stderr),
            quiet(ctx.substitution_failed),
        ))
    }

    /// A here-document's text: its body, expanded unless the delimiter
    /// was quoted.
    fn heredoc_text(&mut self, doc: &HereDoc, body: &str, ctx: &mut Ctx) -> Result<String, CommandOutput> {
        if doc.quoted {
            return Ok(body.to_string());
        }
        let parts = parse_heredoc_body(body).map_err(|e| crate::error(format!("error: {e}")))?;
        self.expand_value(&parts, ctx).map_err(|_| too_long())
    }

    fn expand_words(&mut self, words: &[ShellWord], ctx: &mut Ctx) -> Result<Vec<String>, TooLong> {
        let mut value = |part: &Part| self.part_value(part, ctx);
        expand(words, &mut value)
    }

    fn expand_value(&mut self, parts: &[Part], ctx: &mut Ctx) -> Result<String, TooLong> {
        let mut value = |part: &Part| self.part_value(part, ctx);
        Ok(expand_parts(parts, false, &mut value)?.concat())
    }

    fn part_value(&mut self, part: &Part, ctx: &mut Ctx) -> Result<String, TooLong> {
        let value = self.part_text(part, ctx);
        ctx.expanded += value.len();
        if ctx.expanded > MAX_EXPANSION {
            return Err(TooLong);
        }
        Ok(value)
    }

    fn part_text(&mut self, part: &Part, ctx: &mut Ctx) -> String {
        match part {
            Part::Text { text, .. } => text.clone(),
            Part::Var { name, .. } => self.vars.get(name).cloned().unwrap_or_default(),
            Part::Command { line, .. } => {
                let out = match self.run_line(line, None, false) {
                    Ran::Printed(out) => out,
                    // Not reached: nothing is sliced here.
                    Ran::Started => self.work(usize::MAX).unwrap_or_default(),
                };
                ctx.stderr.push_str(&out.stderr);
                ctx.substitution_failed = out.failed;
                out.stdout.trim_end_matches('\n').to_string()
            }
        }
    }
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
    CommandOutput {
        stdout: last.stdout,
        stderr,
        failed: last.failed,
        stderr_at: marks,
    }
}
