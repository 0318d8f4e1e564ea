//! bash's functions and arithmetic commands in the terminal's shell: a
//! definition (kept between lines, as the session's variables are), a
//! call with its arguments as `$1`…, `$#`, `$@` and `$*`, `return`,
//! `local` (restored when the call returns) and `shift`; `(( EXPR ))`
//! (status 1 when EXPR is 0) and `for (( INIT; TEST; STEP ))`, whose
//! statements may assign (`i = 0`, `i += 2`, `i++`; see [`statement`]).
//! Calls nest at most [`MAX_DEPTH`] deep and count against the line's
//! loop budget, so no line can recurse or loop for ever.

use super::{Env, Stop};
use crate::Playground;
use kubeplay_kubectl::shell::{arith, Command, List, Pipeline};
use std::collections::BTreeMap;

/// Deepest nesting of calls: bash has no limit of its own (it stops
/// when its stack runs out); the page's stack is small.
const MAX_DEPTH: usize = 32;

/// The shell's functions and the call running.
#[derive(Clone, Debug, Default)]
pub(crate) struct Calls {
    functions: BTreeMap<String, Command>,
    /// The running call's arguments (none at the prompt).
    pub args: Vec<String>,
    /// A `return` is unwinding to its call.
    pub returning: bool,
    /// Per running call, what `local` saved: each name with its value
    /// before (None: unset).
    frames: Vec<Vec<(String, Option<String>)>>,
}

impl Calls {
    /// Whether `word`, starting a command, is run here rather than as a
    /// program: a function's name or one of the builtins that act on a call.
    pub(crate) fn runs(&self, word: &str) -> bool {
        matches!(word, "return" | "local" | "shift") || self.functions.contains_key(word)
    }

    pub(crate) fn is_function(&self, word: &str) -> bool {
        self.functions.contains_key(word)
    }

    /// The value of `$1`…, `$#`, `$*` and `$@` (each argument after a
    /// NUL, which the expansion of a quoted `"$@"` splits at); None for
    /// other names.
    pub(crate) fn special(&self, name: &str) -> Option<String> {
        Some(match name {
            "#" => self.args.len().to_string(),
            "*" => self.args.join(" "),
            "@" => self.args.iter().map(|a| format!("\0{a}")).collect(),
            n if n.bytes().all(|b| b.is_ascii_digit()) => n.parse::<usize>().ok().and_then(|i| self.args.get(i.checked_sub(1)?)).cloned().unwrap_or_default(),
            _ => return None,
        })
    }
}

impl Playground {
    /// Whether the line's one pipeline is a call (see [`Calls::runs`]),
    /// which runs as a list does.
    pub(crate) fn is_call(&self, p: &Pipeline) -> bool {
        match p.stages.as_slice() {
            [words] => words.first().and_then(|w| w.literal()).is_some_and(|w| self.shell.calls.runs(&w)),
            _ => false,
        }
    }

    /// A definition: the function replaces any of that name.
    pub(super) fn define(&mut self, name: &str, body: &Command) -> i32 {
        self.shell.calls.functions.insert(name.to_string(), body.clone());
        0
    }

    /// A pipeline that is a call or a call's builtin; None for any other.
    pub(super) fn call(&mut self, p: &Pipeline, env: &mut Env) -> Result<Option<i32>, Stop> {
        if !self.is_call(p) || p.output.is_some() || !p.heredocs.is_empty() {
            return Ok(None);
        }
        let [words] = p.stages.as_slice() else { return Ok(None) };
        let mut ctx = super::super::Ctx::default();
        let argv = match self.expand_words(words, &mut ctx) {
            Ok(argv) => argv,
            Err(e) => {
                let out = self.aborted(e, &mut ctx);
                env.push(&out);
                return Err(Stop);
            }
        };
        env.push_error(ctx.stderr.trim_end_matches('\n'));
        let status = match argv.first().map(String::as_str) {
            Some("return") => self.return_builtin(&argv, env),
            Some("local") => self.local(&argv, env),
            Some("shift") => self.shift(&argv, env),
            Some(name) => {
                let Some(body) = self.shell.calls.functions.get(name).cloned() else { return Ok(None) };
                self.run_function(&body, argv[1..].to_vec(), env)?
            }
            None => return Ok(None),
        };
        self.shell.status = status;
        Ok(Some(status))
    }

    fn run_function(&mut self, body: &Command, args: Vec<String>, env: &mut Env) -> Result<i32, Stop> {
        if self.shell.calls.frames.len() >= MAX_DEPTH {
            env.push_error(&format!("error: (playground) functions nest at most {MAX_DEPTH} calls deep here (bash goes on until its stack runs out)"));
            self.shell.status = 1;
            return Err(Stop);
        }
        // Each call counts as a loop's turn against the line's budget.
        self.tick(env)?;
        let outer = std::mem::replace(&mut self.shell.calls.args, args);
        self.shell.calls.frames.push(Vec::new());
        let status = self.exec_command(body, env);
        self.shell.calls.returning = false;
        for (name, before) in self.shell.calls.frames.pop().unwrap_or_default().into_iter().rev() {
            match before {
                Some(v) => self.vars.insert(name, v),
                None => self.vars.remove(&name),
            };
        }
        self.shell.calls.args = outer;
        status
    }

    /// `return [N]`: ends the running call with N (`$?` without one).
    fn return_builtin(&mut self, argv: &[String], env: &mut Env) -> i32 {
        if self.shell.calls.frames.is_empty() {
            env.push_error("bash: return: can only `return' from a function or sourced script");
            return 2;
        }
        let code = match argv.get(1) {
            None => self.shell.status,
            Some(n) => match n.parse::<i64>() {
                Ok(n) => (n & 0xff) as i32,
                Err(_) => {
                    env.push_error(&format!("bash: return: {n}: numeric argument required"));
                    2
                }
            },
        };
        self.shell.calls.returning = true;
        code
    }

    /// `local NAME[=VALUE]…`: the call's own variables (a name alone is
    /// set empty).
    fn local(&mut self, argv: &[String], env: &mut Env) -> i32 {
        if self.shell.calls.frames.is_empty() {
            env.push_error("bash: local: can only be used in a function");
            return 1;
        }
        let mut status = 0;
        for arg in &argv[1..] {
            let (name, value) = arg.split_once('=').unwrap_or((arg.as_str(), ""));
            if !kubeplay_kubectl::shell::is_name(name) {
                env.push_error(&format!("bash: local: `{arg}': not a valid identifier"));
                status = 1;
                continue;
            }
            let before = self.vars.get(name).cloned();
            if let Some(frame) = self.shell.calls.frames.last_mut() {
                if !frame.iter().any(|(k, _)| k == name) {
                    frame.push((name.to_string(), before));
                }
            }
            self.vars.insert(name.to_string(), value.to_string());
        }
        status
    }

    /// `shift [N]`: drops the first N (1) arguments; status 1, silently,
    /// when there are fewer.
    fn shift(&mut self, argv: &[String], env: &mut Env) -> i32 {
        let n = match argv.get(1).map(|a| a.parse::<usize>()) {
            None => 1,
            Some(Ok(n)) => n,
            Some(Err(_)) => {
                env.push_error(&format!("bash: shift: {}: numeric argument required", argv[1]));
                return 1;
            }
        };
        if n > self.shell.calls.args.len() {
            return 1;
        }
        self.shell.calls.args.drain(..n);
        0
    }

    /// `(( EXPR ))`: 0 when EXPR's value is not zero, 1 when it is or
    /// EXPR is wrong (bash says why, naming `((`).
    pub(super) fn exec_arith(&mut self, expr: &str, env: &mut Env) -> i32 {
        match self.arith_statements(expr) {
            Ok(v) => i32::from(v == 0),
            Err(message) => {
                env.push_error(&format!("bash: ((: {message}"));
                1
            }
        }
    }

    /// `for (( INIT; TEST; STEP )); do BODY; done`: an empty TEST is true.
    pub(super) fn exec_arith_for(&mut self, init: &str, test: &str, step: &str, body: &List, env: &mut Env) -> Result<i32, Stop> {
        let fail = |me: &mut Playground, env: &mut Env, message: String| {
            env.push_error(&format!("bash: ((: {message}"));
            me.shell.status = 1;
            Err(Stop)
        };
        if let Err(m) = self.arith_statements(init) {
            return fail(self, env, m);
        }
        let mut status = 0;
        loop {
            self.tick(env)?;
            match self.arith_statements(test) {
                Ok(0) if !test.trim().is_empty() => break,
                Ok(_) => {}
                Err(m) => return fail(self, env, m),
            }
            status = self.exec_list(body, env)?;
            if self.shell.calls.returning {
                break;
            }
            if let Err(m) = self.arith_statements(step) {
                return fail(self, env, m);
            }
        }
        Ok(status)
    }

    /// Evaluates EXPR's comma-separated statements, assigning as they
    /// say; the last one's value.
    fn arith_statements(&mut self, expr: &str) -> Result<i64, String> {
        let text = match kubeplay_kubectl::shell::parse_heredoc_body(expr) {
            Ok(parts) => {
                let mut ctx = super::super::Ctx::default();
                match self.expand_value(&parts, &mut ctx) {
                    Ok(t) => t,
                    Err(_) => return Err(format!("{expr}: (playground) this expansion is not supported in (( … ))")),
                }
            }
            Err(e) => return Err(e.to_string()),
        };
        let mut value = 0;
        for piece in split_commas(&text) {
            let vars = &self.vars;
            let mut lookup = |n: &str| vars.get(n).cloned();
            let (v, assign) = statement(piece, &mut lookup).map_err(|e| e.to_string())?;
            if let Some((name, to)) = assign {
                self.vars.insert(name, to.to_string());
            }
            value = v;
        }
        Ok(value)
    }
}

/// The expression's statements, split at the commas outside parentheses.
fn split_commas(text: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let (mut depth, mut from) = (0usize, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                pieces.push(&text[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    pieces.push(&text[from..]);
    pieces
}

/// One statement of an arithmetic command: `NAME++`, `NAME--`, `++NAME`,
/// `--NAME`, `NAME = EXPR` and `NAME OP= EXPR` assign (the value and the
/// assignment); anything else is an expression, as `$((…))` evaluates
/// it (which refuses assignments inside).
pub(crate) fn statement(text: &str, lookup: &mut dyn FnMut(&str) -> Option<String>) -> Result<(i64, Option<(String, i64)>), arith::ArithError> {
    let t = text.trim();
    let current = |name: &str, lookup: &mut dyn FnMut(&str) -> Option<String>| arith::eval(name, lookup);
    let name_of = |s: &str| Some(s.trim().to_string()).filter(|n| kubeplay_kubectl::shell::is_name(n));
    for (op, delta, post) in [("++", 1i64, true), ("--", -1, true), ("++", 1, false), ("--", -1, false)] {
        let name = if post { t.strip_suffix(op) } else { t.strip_prefix(op) };
        if let Some(name) = name.and_then(name_of) {
            let old = current(&name, lookup)?;
            let new = old.wrapping_add(delta);
            return Ok((if post { old } else { new }, Some((name, new))));
        }
    }
    // `NAME OP= EXPR`, not `==`, `<=`, `>=` or `!=`.
    if let Some(eq) = t.find('=').filter(|&i| !t[i + 1..].starts_with('=')) {
        let (left, right) = (&t[..eq], &t[eq + 1..]);
        let (name, op) = match left.trim_end().char_indices().last() {
            Some((i, c)) if "+-*/%".contains(c) => (&left[..i], Some(c)),
            Some((_, '<' | '>' | '!')) => return arith::eval(t, lookup).map(|v| (v, None)),
            _ => (left, None),
        };
        if let Some(name) = name_of(name) {
            let value = match op {
                None => arith::eval(right, lookup)?,
                Some(op) => arith::eval(&format!("{name} {op} ({right})"), lookup)?,
            };
            return Ok((value, Some((name, value))));
        }
    }
    arith::eval(t, lookup).map(|v| (v, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each row as bash 5.2 prints `(( EXPR )); echo $? $i $x` after
    /// `i=5; x=2` (an error: bash's message instead of a status).
    #[test]
    fn statements_assign_as_bash_does() {
        let cases: &[(&str, i64, i64, i64)] = &[
            ("i++", 5, 6, 2),
            ("++i", 6, 6, 2),
            ("i--", 5, 4, 2),
            ("--i", 4, 4, 2),
            ("x = i * 3", 15, 5, 15),
            ("x += 4", 6, 5, 6),
            ("x *= i + 1", 12, 5, 12),
            ("x -= 2", 0, 5, 0),
            ("i == 5", 1, 5, 2),
            ("i <= 4", 0, 5, 2),
            ("i != x", 1, 5, 2),
            ("x >= 2", 1, 5, 2),
        ];
        for (expr, value, i, x) in cases {
            let mut vars: BTreeMap<String, String> = [("i", "5"), ("x", "2")].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            let mut lookup = |n: &str| vars.get(n).cloned();
            let (v, assign) = statement(expr, &mut lookup).unwrap_or_else(|e| panic!("{expr}: {e}"));
            if let Some((name, to)) = assign {
                vars.insert(name, to.to_string());
            }
            assert_eq!((v, vars["i"].as_str(), vars["x"].as_str()), (*value, i.to_string().as_str(), x.to_string().as_str()), "{expr}");
        }
        let mut lookup = |_: &str| None;
        assert!(statement("1/0", &mut lookup).is_err());
        assert_eq!(split_commas("i=0, j=f(1,2)"), ["i=0", " j=f(1,2)"]);
    }
}
