//! `test` and `[` in a container's shell: file, string and number
//! checks joined by `!`, `-a` and `-o` (POSIX's grammar, as dash and
//! busybox parse it), and their errors in each shell's words: dash names
//! the word before the one it did not expect (`sh: 1: [: b: unexpected
//! operator`), busybox the word itself (`sh: c: unknown operand`). Exit
//! status 0 true, 1 false, 2 error.

use super::super::fs::{Fs, Node};
use super::super::Output;
use kubeplay_engine::Engine;

/// Why an expression could not be evaluated.
#[derive(Debug, PartialEq, Eq)]
enum CondError {
    /// Words left after a whole expression: (the word before, the first left).
    Unexpected(String, String),
    /// A binary operator without its right operand.
    ArgExpected(String),
    /// An operand of -eq and friends that is not an integer.
    BadNumber(String),
}

const UNARY: &[&str] = &["-n", "-z", "-e", "-f", "-d", "-s", "-L", "-h", "-r", "-w", "-x"];
const NUMERIC: &[&str] = &["-eq", "-ne", "-lt", "-le", "-gt", "-ge"];

/// Runs `test` (or `[` without its `]`), named `name`; `dash` for dash's
/// wording and operators, busybox's otherwise.
pub fn run(fs: &Fs, engine: &Engine, args: &[String], name: &str, dash: bool, line: usize, out: &mut Output) -> i32 {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut p = Cond { fs, engine, words: &words, at: 0, dash };
    let result = if words.is_empty() { Ok(false) } else { p.or() };
    let result = result.and_then(|truth| match words.get(p.at) {
        None => Ok(truth),
        Some(left) => Err(CondError::Unexpected(words[p.at - 1].to_string(), left.to_string())),
    });
    match result {
        Ok(truth) => i32::from(!truth),
        Err(e) => {
            let why = match (e, dash) {
                (CondError::Unexpected(before, _), true) => format!("{before}: unexpected operator"),
                (CondError::Unexpected(_, left), false) => format!("{left}: unknown operand"),
                (CondError::ArgExpected(op), _) => format!("{op}: argument expected"),
                (CondError::BadNumber(x), true) => format!("Illegal number: {x}"),
                (CondError::BadNumber(x), false) => format!("{x}: bad number"),
            };
            out.note(&if dash { format!("sh: {line}: {name}: {why}") } else { format!("sh: {why}") });
            2
        }
    }
}

/// `[` without its closing `]`.
pub fn missing_bracket(dash: bool, line: usize, out: &mut Output) -> i32 {
    out.note(&if dash { format!("sh: {line}: [: missing ]") } else { "sh: missing ]".to_string() });
    2
}

struct Cond<'a> {
    fs: &'a Fs,
    engine: &'a Engine,
    words: &'a [&'a str],
    at: usize,
    dash: bool,
}

impl<'a> Cond<'a> {
    fn peek(&self, ahead: usize) -> Option<&'a str> {
        self.words.get(self.at + ahead).copied()
    }

    fn or(&mut self) -> Result<bool, CondError> {
        let mut v = self.and()?;
        while self.peek(0) == Some("-o") && self.peek(1).is_some() {
            self.at += 1;
            v |= self.and()?;
        }
        Ok(v)
    }

    fn and(&mut self) -> Result<bool, CondError> {
        let mut v = self.not()?;
        while self.peek(0) == Some("-a") && self.peek(1).is_some() {
            self.at += 1;
            v &= self.not()?;
        }
        Ok(v)
    }

    fn not(&mut self) -> Result<bool, CondError> {
        // `!` alone (or last) is a nonempty string.
        if self.peek(0) == Some("!") && self.peek(1).is_some() {
            self.at += 1;
            return Ok(!self.not()?);
        }
        self.primary()
    }

    fn is_binary(&self, op: &str) -> bool {
        matches!(op, "=" | "!=") || NUMERIC.contains(&op) || op == "==" && !self.dash
    }

    fn primary(&mut self) -> Result<bool, CondError> {
        let Some(first) = self.peek(0) else { return Ok(false) };
        if let Some(op) = self.peek(1).filter(|op| self.is_binary(op)) {
            let Some(right) = self.peek(2) else {
                return Err(CondError::ArgExpected(op.to_string()));
            };
            self.at += 3;
            return match op {
                "=" | "==" => Ok(first == right),
                "!=" => Ok(first != right),
                _ => {
                    let number = |s: &str| s.trim_start_matches([' ', '\t']).parse::<i64>().map_err(|_| CondError::BadNumber(s.to_string()));
                    let (x, y) = (number(first)?, number(right)?);
                    Ok(match op {
                        "-eq" => x == y,
                        "-ne" => x != y,
                        "-lt" => x < y,
                        "-le" => x <= y,
                        "-gt" => x > y,
                        _ => x >= y,
                    })
                }
            };
        }
        if UNARY.contains(&first) {
            if let Some(operand) = self.peek(1) {
                self.at += 2;
                return Ok(self.unary(first, operand));
            }
        }
        self.at += 1;
        Ok(!first.is_empty())
    }

    fn unary(&self, op: &str, p: &str) -> bool {
        let (fs, engine) = (self.fs, self.engine);
        let abs = fs.abs(p);
        let stat = fs.stat(engine, &abs);
        if p.ends_with('/') && matches!(stat, Ok(Node::File { .. })) && !matches!(op, "-n" | "-z") {
            // A file's name with a slash after it names nothing.
            return false;
        }
        match op {
            "-n" => !p.is_empty(),
            "-z" => p.is_empty(),
            "-e" => stat.is_ok(),
            "-f" => fs.read(engine, &abs).is_ok(),
            "-d" => matches!(stat, Ok(Node::Dir { .. })) || matches!(stat, Ok(Node::Link { .. })) && fs.list(engine, &abs).is_ok(),
            // A directory's size is its blocks', never 0.
            "-s" => matches!(stat, Ok(Node::Dir { .. })) || fs.read(engine, &abs).is_ok_and(|t| !t.is_empty()),
            "-L" | "-h" => matches!(stat, Ok(Node::Link { .. })),
            _ => stat.is_ok(),
        }
    }
}
