//! Running the compound commands [`sh`]'s `compound` module parses: a
//! subshell on a copy of the shell's state, `case` through the shells'
//! pattern matching, and functions — their definitions (kept in a
//! session between lines), calls with positional parameters, `return`,
//! `local` and `shift`, in dash's, busybox ash's or bash's words. Calls
//! nest at most [`MAX_DEPTH`] deep and at most [`MAX_CALLS`] run in one
//! script, so a recursive function can neither overflow the stack nor
//! run for ever.

use super::{sh, Session, Shell};
use crate::shell::pattern;

/// Deepest nesting of calls. dash stops at 1000 and ash and bash only
/// when the stack runs out; the playground's stack (the page's too) is
/// smaller (a level takes some 15 kB of it in a debug build).
const MAX_DEPTH: usize = 32;
/// Most calls one script makes: `f() { f; f; }` doubles each level.
const MAX_CALLS: usize = 10_000;

/// A function the script (or the session) defined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Function {
    name: String,
    body: sh::Compound,
    /// What the defining script's lines add to: dash's messages from the
    /// body name the lines it was written on.
    base: usize,
}

/// The shell's functions and the calls running.
#[derive(Debug, Default)]
pub(super) struct Calls {
    pub functions: Vec<Function>,
    /// `$1`…: the running call's arguments (none outside a function).
    pub args: Vec<String>,
    /// A `return` is unwinding to its call.
    pub returning: bool,
    /// Per running call, what `local` saved: each name with its value
    /// before (None: it was unset).
    frames: Vec<Vec<(String, Option<String>)>>,
    /// Calls made so far.
    made: usize,
    /// The running call's [`Function::base`].
    base: Option<usize>,
}

impl Function {
    pub(crate) fn name(&self) -> &str {
        &self.name
    }
}

impl Calls {
    pub fn new(functions: Vec<Function>) -> Calls {
        Calls { functions, ..Calls::default() }
    }

    pub fn find(&self, name: &str) -> Option<Function> {
        self.functions.iter().rev().find(|f| f.name == name).cloned()
    }

    /// What the lines of the commands running add to, inside a call.
    pub fn base(&self) -> Option<usize> {
        self.base
    }
}

impl Session<'_> {
    /// `( LIST )`: what it sets, where it `cd`s and its `exit` (or a
    /// failed expansion that ends it) stay in the copy.
    pub(super) fn subshell(&mut self, body: &sh::List) -> Option<i32> {
        let saved = (self.cwd.clone(), self.env.clone(), self.locals.clone(), self.calls.functions.clone(), self.calls.args.clone(), self.calls.frames.clone());
        let status = self.list(body);
        (self.cwd, self.env, self.locals, self.calls.functions, self.calls.args, self.calls.frames) = saved;
        self.calls.returning = false;
        // A log's end reached inside ends the whole run.
        if !(self.exited && self.stopped) {
            (self.exited, self.stopped) = (false, false);
        }
        status
    }

    /// `case`: the first arm one of whose patterns matches runs; status 0
    /// when none does or the arm is empty.
    pub(super) fn case_command(&mut self, word: &sh::Word, arms: &[(Vec<sh::Word>, sh::List)]) -> Option<i32> {
        // The word is not split into fields.
        let subject = self.expand(word).join(" ");
        if let Err(status) = self.arith_abort() {
            return status;
        }
        for (patterns, body) in arms {
            for p in patterns {
                let p = self.pattern(p);
                if let Err(status) = self.arith_abort() {
                    return status;
                }
                if pattern::has_class(&p) {
                    self.out.error(&format!("error: (playground) character classes such as [[:digit:]] in case patterns are not simulated (in {})", crate::gofmt::quote(&p)));
                    return None;
                }
                if pattern::matches(&p, &subject) {
                    return if body.is_empty() { Some(0) } else { self.list(body) };
                }
            }
        }
        Some(0)
    }

    /// A `case` pattern as the matcher reads it: what quotes or a `\`
    /// protect (escaped by the parser, or here for a quoted expansion)
    /// matches only itself.
    fn pattern(&mut self, word: &sh::Word) -> String {
        let mut text = String::new();
        for part in word {
            let quoted = match part {
                sh::Part::Lit(t) => {
                    text.push_str(t);
                    continue;
                }
                sh::Part::Var { quoted, .. } | sh::Part::Subst { quoted, .. } | sh::Part::Arith { quoted, .. } => *quoted,
            };
            let value = self.expand(&vec![part.clone()]).join(" ");
            text.push_str(&if quoted { pattern::literal(&value) } else { value });
        }
        text
    }

    /// A definition: the function replaces any of that name.
    pub(super) fn define(&mut self, name: &str, body: &sh::Compound, bash: bool) -> Option<i32> {
        // busybox ash takes bash's form too; dash reads `function` as a command.
        if bash && matches!(self.shell, Some((Shell::Dash, _))) {
            self.out.error("error: (playground) `function NAME { …; }` is bash's form, which dash does not have: write NAME() { …; }");
            return None;
        }
        let base = self.line_base();
        self.calls.functions.retain(|f| f.name != name);
        self.calls.functions.push(Function { name: name.to_string(), body: body.clone(), base });
        Some(0)
    }

    /// Calls a function with `argv[1..]` as its `$1`…: it runs in this
    /// shell, its `local`s restored and its arguments given back after.
    pub(super) fn call(&mut self, function: Function, argv: &[String]) -> Option<i32> {
        let (sh, _) = self.shell.clone()?;
        if self.calls.frames.len() >= MAX_DEPTH || self.calls.made >= MAX_CALLS {
            let why = if self.calls.made >= MAX_CALLS { format!("made {MAX_CALLS} calls") } else { format!("nested calls {MAX_DEPTH} deep") };
            let real = match sh {
                Shell::Dash => "dash stops at 1000: Maximum function recursion depth (1000) reached",
                _ => "this shell goes on until its stack runs out",
            };
            self.out.error(&format!("error: (playground) the script {why} and stops here ({real})"));
            return None;
        }
        self.calls.made += 1;
        let args = std::mem::replace(&mut self.calls.args, argv[1..].to_vec());
        let base = self.calls.base.replace(function.base);
        self.calls.frames.push(Vec::new());
        let status = self.compound(&function.body);
        self.calls.returning = false;
        for (name, before) in self.calls.frames.pop().unwrap_or_default().into_iter().rev() {
            match before {
                Some(v) => self.set_var(&name, v),
                None => self.locals.retain(|(k, _)| *k != name),
            }
        }
        self.calls.base = base;
        self.calls.args = args;
        status
    }

    /// `return [N]`: ends the running call; outside one, dash and ash end
    /// the script (a session's shell too), bash complains.
    pub(super) fn return_builtin(&mut self, cmd: &sh::Command) -> Option<i32> {
        let (sh, _) = self.shell.clone()?;
        self.line = cmd.line.max(1) + self.line_base();
        let arg = cmd.words.get(1).map(|w| self.expand(w)).and_then(|f| f.into_iter().next());
        if let Err(status) = self.arith_abort() {
            return status;
        }
        let code = match arg {
            None => self.status,
            Some(a) => match a.parse::<i64>() {
                Ok(n) => (n & 0xff) as i32,
                Err(_) => {
                    self.out.error(&format!("error: (playground) return with a non-numeric argument ({}) is not simulated", crate::gofmt::quote(&a)));
                    return None;
                }
            },
        };
        if !self.calls.frames.is_empty() {
            self.calls.returning = true;
            return Some(code);
        }
        if sh == Shell::Bash {
            self.out.note(&format!("{}return: can only `return' from a function or sourced script", self.bash_prefix()));
            return Some(2);
        }
        self.exited = true;
        Some(code)
    }

    /// `local NAME[=VALUE]…` inside a function. A name alone keeps its
    /// value in dash and is unset in ash and bash.
    pub(super) fn local(&mut self, argv: &[String]) -> Option<i32> {
        let (sh, argv0) = self.shell.clone()?;
        if self.calls.frames.is_empty() {
            return self.special_error(match sh {
                Shell::Dash => format!("{argv0}: {}: local: not in a function", self.line),
                Shell::Ash if self.session_line.is_some() => format!("{argv0}: local: not in a function"),
                Shell::Ash => format!("{argv0}: local: line 0: not in a function"),
                Shell::Bash => {
                    self.out.note(&format!("{}local: can only be used in a function", self.bash_prefix()));
                    return Some(1);
                }
            });
        }
        for arg in &argv[1..] {
            let (name, value) = match arg.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (arg.as_str(), None),
            };
            if !super::sh::is_name(name) {
                self.out.error(&format!("error: (playground) local {} is not simulated", crate::gofmt::quote(arg)));
                return None;
            }
            let before = self.env.iter().chain(&self.locals).find(|(k, _)| k == name).map(|(_, v)| v.clone());
            let frame = self.calls.frames.last_mut()?;
            if !frame.iter().any(|(k, _)| k == name) {
                frame.push((name.to_string(), before));
            }
            match value {
                Some(v) => self.set_var(name, v),
                None if sh == Shell::Dash => {}
                None => self.set_var(name, String::new()),
            }
        }
        Some(0)
    }

    /// `shift [N]`: drops the first N (1) arguments.
    pub(super) fn shift(&mut self, argv: &[String]) -> Option<i32> {
        let (sh, argv0) = self.shell.clone()?;
        let n = match argv.get(1) {
            None => 1,
            Some(a) => match a.parse::<usize>() {
                Ok(n) => n,
                Err(_) => {
                    self.out.error(&format!("error: (playground) shift {} is not simulated", crate::gofmt::quote(a)));
                    return None;
                }
            },
        };
        if n > self.calls.args.len() {
            return match sh {
                Shell::Dash => self.special_error(format!("{argv0}: {}: shift: can't shift that many", self.line)),
                _ => Some(1),
            };
        }
        self.calls.args.drain(..n);
        Some(0)
    }

    /// A special builtin's error: the shell prints it and ends the script
    /// (an interactive one the line), status 2.
    fn special_error(&mut self, message: String) -> Option<i32> {
        self.out.note(&message);
        self.stopped = true;
        Some(2)
    }
}

#[cfg(test)]
#[path = "pod_exec_compound_tests.rs"]
mod tests;
