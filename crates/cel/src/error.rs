//! The two kinds of failure a rule can meet: a compile error (parse or
//! check, reported with its position as cel-go's `Issues` prints them)
//! and an evaluation error (cel-go's runtime error texts).

use std::fmt;

/// One compile issue: a byte offset into the source and a message.
#[derive(Debug, Clone, PartialEq)]
pub struct Issue {
    pub offset: usize,
    pub message: String,
}

/// The issues of a failed compile.
#[derive(Debug, Clone, PartialEq)]
pub struct CompileError {
    pub source: String,
    pub issues: Vec<Issue>,
}

impl CompileError {
    pub(crate) fn new(source: &str, offset: usize, message: impl Into<String>) -> CompileError {
        CompileError {
            source: source.to_string(),
            issues: vec![Issue {
                offset,
                message: message.into(),
            }],
        }
    }
}

/// cel-go's `Issues.String()`: each issue as `ERROR: <input>:line:col: msg`
/// followed by the source line and a caret under the column.
impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, issue) in self.issues.iter().enumerate() {
            if n > 0 {
                writeln!(f)?;
            }
            let offset = issue.offset.min(self.source.len());
            let before = &self.source[..offset];
            let line_no = before.matches('\n').count() + 1;
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let col = self.source[line_start..offset].chars().count();
            write!(f, "ERROR: <input>:{line_no}:{}: {}", col + 1, issue.message)?;
            let line = self.source[line_start..]
                .split('\n')
                .next()
                .unwrap_or_default();
            // cel-go leaves the snippet out when the line is blank.
            if !line.trim().is_empty() {
                let marker: String = self.source[line_start..offset]
                    .chars()
                    .map(|c| if c == '\t' { '\t' } else { '.' })
                    .collect();
                write!(f, "\n | {line}\n | {marker}^")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for CompileError {}

/// A runtime error, in cel-go's words (`no such key: x`, `division by zero`).
#[derive(Debug, Clone, PartialEq)]
pub struct EvalError(pub String);

impl EvalError {
    pub(crate) fn new(msg: impl Into<String>) -> EvalError {
        EvalError(msg.into())
    }
    pub(crate) fn no_overload() -> EvalError {
        EvalError("no such overload".into())
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EvalError {}
