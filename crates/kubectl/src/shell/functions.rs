//! bash's forms the terminal's shell reads beyond POSIX's compound
//! commands: function definitions (`NAME() COMPOUND`, `function NAME
//! [()] COMPOUND`), the arithmetic command `(( EXPR ))` and the
//! arithmetic `for (( INIT; TEST; STEP ))`.

use super::list::Command;
use super::{is_name, Scanner, ShellError};

impl Scanner<'_> {
    /// `NAME ( )` at the cursor, where a command starts: the name and
    /// where the definition's body may start.
    pub(super) fn definition(&self) -> Option<(String, usize)> {
        let mut i = self.i;
        let mut name = String::new();
        while let Some(&(_, c)) = self.chars.get(i).filter(|(_, c)| c.is_ascii_alphanumeric() || *c == '_') {
            name.push(c);
            i += 1;
        }
        if !is_name(&name) {
            return None;
        }
        let blanks = |mut i: usize| {
            while matches!(self.chars.get(i), Some((_, ' ' | '\t'))) {
                i += 1;
            }
            i
        };
        i = blanks(i);
        if self.chars.get(i).map(|&(_, c)| c) != Some('(') {
            return None;
        }
        i = blanks(i + 1);
        (self.chars.get(i).map(|&(_, c)| c) == Some(')')).then_some((name, i + 1))
    }

    /// A function's definition at the cursor (`function` first when
    /// `keyword`).
    pub(super) fn function(&mut self, depth: usize, keyword: bool) -> Result<Command, ShellError> {
        let name = if keyword {
            self.i += "function".len();
            self.blanks_only();
            if self.peek().is_none() || self.operator().is_some() {
                let token = self.operator().unwrap_or("newline");
                return Err(ShellError::UnexpectedToken { token: token.to_string() });
            }
            let mut name = String::new();
            while let Some(c) = self.peek().filter(|c| c.is_ascii_alphanumeric() || *c == '_') {
                name.push(c);
                self.i += 1;
            }
            // bash takes other names after `function` too.
            if !is_name(&name) || !matches!(self.peek(), None | Some(' ' | '\t' | '\r' | '\n' | '(')) {
                return Err(self.unsupported("a function whose name is not a shell variable's"));
            }
            self.blanks_only();
            if self.peek() == Some('(') {
                self.i += 1;
                self.blanks_only();
                if self.peek() != Some(')') {
                    return Err(self.unsupported("function NAME ( with no ) after it"));
                }
                self.i += 1;
            }
            name
        } else {
            let (name, after) = self.definition().ok_or(ShellError::UnexpectedEnd)?;
            self.i = after;
            name
        };
        // The body may start on the next line.
        while matches!(self.peek(), Some(' ' | '\t' | '\r' | '\n')) {
            self.i += 1;
        }
        let compound = self.peek() == Some('(') || matches!(self.keyword(), Some("for" | "if" | "while" | "until" | "{" | "case"));
        if !compound {
            return Err(match self.peek() {
                None => ShellError::UnexpectedEnd,
                Some(_) => match self.operator() {
                    Some(op) => ShellError::UnexpectedToken { token: op.to_string() },
                    None => ShellError::UnexpectedToken { token: self.word(depth)?.literal().unwrap_or_default() },
                },
            });
        }
        let body = self.compound_segment(depth)?;
        Ok(Command::Function { name, body: Box::new(body) })
    }

    /// `(( EXPR ))` at the cursor: EXPR as written.
    pub(super) fn arith_command(&mut self) -> Result<String, ShellError> {
        let column = self.column();
        self.i += 2;
        let from = self.pos();
        let mut open = 0usize;
        loop {
            match self.peek() {
                None => return Err(ShellError::Unclosed { column }),
                Some('(') => open += 1,
                Some(')') if open > 0 => open -= 1,
                Some(')') if self.peek_at(1) == Some(')') => {
                    let expr = self.line[from..self.pos()].to_string();
                    self.i += 2;
                    return Ok(expr);
                }
                Some(')') => return Err(self.unsupported("(( … ) closed by a single )")),
                Some(_) => {}
            }
            self.i += 1;
        }
    }

    /// The rest of `for (( INIT; TEST; STEP )); do LIST; done`, the
    /// cursor at its `((`.
    pub(super) fn arith_for(&mut self, depth: usize) -> Result<Command, ShellError> {
        let expr = self.arith_command()?;
        let parts: Vec<&str> = expr.split(';').collect();
        let [init, test, step] = parts.as_slice() else {
            return Err(self.unsupported("for (( … )) without three expressions"));
        };
        let (init, test, step) = (init.to_string(), test.to_string(), step.to_string());
        self.blanks_only();
        if matches!(self.peek(), Some(';' | '\n')) {
            self.i += 1;
        }
        while matches!(self.peek(), Some(' ' | '\t' | '\r' | '\n')) {
            self.i += 1;
        }
        if self.keyword() != Some("do") {
            return Err(match self.peek() {
                None => ShellError::UnexpectedEnd,
                Some(_) => match self.operator() {
                    Some(op) => ShellError::UnexpectedToken { token: op.to_string() },
                    None => ShellError::UnexpectedToken { token: self.word(depth)?.literal().unwrap_or_default() },
                },
            });
        }
        self.i += 2;
        let body = self.do_body(depth)?;
        Ok(Command::ArithFor { init, test, step, body })
    }

    fn blanks_only(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\r')) {
            self.i += 1;
        }
    }
}
