//! The scripts `kubectl exec POD -- sh -c '…'` can answer: simple
//! commands joined by `;`, newlines, `&&` and `||`, with redirections
//! (`>`, `>>`, `2>`, `2>&1`, `<`) and the expansions the docs' one-liners
//! use (`$VAR`, `${VAR}`, `$?`, `$(command)`, `` `command` ``), quoting
//! kept apart from expansion so `'$(hostname)'` stays literal. Words are
//! parsed once and expanded as each command runs, so a substitution sees
//! the files the commands before it wrote. Loops, `if`, pipes and
//! background jobs are refused by the caller with a playground note.

/// One piece of a word, as quoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Text, quoted or not (globbing is not simulated).
    Lit(String),
    /// `$NAME`, `${NAME}`, `$?`; `quoted` inside double quotes.
    Var { name: String, quoted: bool },
    /// `$(…)` or `` `…` ``.
    Subst { script: String, quoted: bool },
}

pub type Word = Vec<Part>;

/// Where a redirection sends a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `> FILE`
    Write(Word),
    /// `>> FILE`
    Append(Word),
    /// `< FILE`
    Read(Word),
    /// `2>&1`: a copy of another descriptor.
    Dup(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redirect {
    pub fd: u32,
    pub target: Target,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Command {
    pub words: Vec<Word>,
    pub redirects: Vec<Redirect>,
}

/// Why a script cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The shell itself would reject it (an open quote, `&&` with nothing
    /// after it): the shell's exit code 2.
    Syntax,
    /// A construct the playground does not run (a loop, a pipe, `&`).
    Unsupported,
}

const KEYWORDS: &[&str] = &["if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "{", "}", "(", ")", "function"];

/// The script's commands, each with the operator after it (`;`, `&&`,
/// `||`).
pub fn parse(script: &str) -> Result<Vec<(Command, &'static str)>, Refusal> {
    let chars: Vec<char> = script.chars().collect();
    let mut p = Parser { chars, i: 0 };
    let mut list = Vec::new();
    let mut cmd = Command::default();
    loop {
        p.blanks();
        let Some(c) = p.peek() else { break };
        match c {
            // A `#` starting a word starts a comment, after words too.
            '#' => p.comment(),
            '\n' | ';' | '&' | '|' => {
                p.i += 1;
                let op = match (c, p.peek()) {
                    ('&', Some('&')) => "&&",
                    ('|', Some('|')) => "||",
                    ('&', _) | ('|', _) => return Err(Refusal::Unsupported),
                    (';', Some(';')) => return Err(Refusal::Syntax),
                    _ => ";",
                };
                if op.len() == 2 {
                    p.i += 1;
                }
                if cmd.words.is_empty() && cmd.redirects.is_empty() {
                    // `; ;` and a leading `&&` are syntax errors; blank lines are not.
                    if c == '\n' {
                        continue;
                    }
                    return Err(Refusal::Syntax);
                }
                list.push((std::mem::take(&mut cmd), op));
                if op.len() == 2 {
                    // A command must follow `&&` and `||`, perhaps on the next line.
                    p.blanks_and_newlines();
                    if p.peek().is_none() {
                        return Err(Refusal::Syntax);
                    }
                }
            }
            '(' | ')' => return Err(Refusal::Unsupported),
            _ => {
                if let Some(r) = p.redirect()? {
                    cmd.redirects.push(r);
                    continue;
                }
                let word = p.word()?;
                if cmd.words.is_empty() {
                    if let [Part::Lit(w)] = word.as_slice() {
                        if KEYWORDS.contains(&w.as_str()) || w.contains('=') && !w.starts_with('=') {
                            return Err(Refusal::Unsupported);
                        }
                    }
                }
                cmd.words.push(word);
            }
        }
    }
    if !cmd.words.is_empty() || !cmd.redirects.is_empty() {
        list.push((cmd, ";"));
    }
    if list.iter().any(|(c, _)| c.words.is_empty()) {
        return Err(Refusal::Unsupported);
    }
    Ok(list)
}

struct Parser {
    chars: Vec<char>,
    i: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\r')) || self.peek() == Some('\\') && self.chars.get(self.i + 1) == Some(&'\n') {
            self.i += if self.peek() == Some('\\') { 2 } else { 1 };
        }
    }

    fn blanks_and_newlines(&mut self) {
        loop {
            self.blanks();
            if self.peek() != Some('\n') {
                break;
            }
            self.i += 1;
        }
    }

    fn comment(&mut self) {
        while !matches!(self.peek(), None | Some('\n')) {
            self.i += 1;
        }
    }

    /// A redirection operator here (`>`, `2>>`, `2>&1`, `<`) and its target.
    fn redirect(&mut self) -> Result<Option<Redirect>, Refusal> {
        let start = self.i;
        let mut fd = None;
        while let Some(d) = self.peek().filter(char::is_ascii_digit) {
            fd = Some(fd.unwrap_or(0) * 10 + d.to_digit(10).unwrap_or(0));
            self.i += 1;
        }
        let Some(op @ ('>' | '<')) = self.peek() else {
            self.i = start;
            return Ok(None);
        };
        self.i += 1;
        let append = op == '>' && self.peek() == Some('>');
        if append {
            self.i += 1;
        }
        if self.peek() == Some('<') || self.peek() == Some('>') && op == '<' {
            return Err(Refusal::Unsupported); // here-documents, `<>`
        }
        let fd = fd.unwrap_or(if op == '<' { 0 } else { 1 });
        if self.peek() == Some('&') {
            self.i += 1;
            let start = self.i;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.i += 1;
            }
            let n: String = self.chars[start..self.i].iter().collect();
            return n.parse().map(|to| Some(Redirect { fd, target: Target::Dup(to) })).map_err(|_| Refusal::Unsupported);
        }
        self.blanks();
        if matches!(self.peek(), None | Some('\n' | ';' | '&' | '|' | '<' | '>')) {
            return Err(Refusal::Syntax);
        }
        let word = self.word()?;
        let target = match (op, append) {
            ('<', _) => Target::Read(word),
            (_, true) => Target::Append(word),
            _ => Target::Write(word),
        };
        Ok(Some(Redirect { fd, target }))
    }

    /// One word, up to an unquoted blank or operator.
    fn word(&mut self) -> Result<Word, Refusal> {
        let mut parts = Vec::new();
        let mut lit = String::new();
        let flush = |parts: &mut Word, lit: &mut String| {
            if !lit.is_empty() {
                parts.push(Part::Lit(std::mem::take(lit)));
            }
        };
        let mut quoted_empty = false;
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')' => break,
                '\'' => {
                    let end = self.chars[self.i + 1..].iter().position(|&x| x == '\'').ok_or(Refusal::Syntax)? + self.i + 1;
                    lit.extend(&self.chars[self.i + 1..end]);
                    quoted_empty = true;
                    self.i = end + 1;
                }
                '"' => {
                    self.i += 1;
                    quoted_empty = true;
                    loop {
                        match self.peek().ok_or(Refusal::Syntax)? {
                            '"' => break,
                            '\\' if matches!(self.chars.get(self.i + 1), Some('$' | '`' | '"' | '\\' | '\n')) => {
                                if self.chars[self.i + 1] != '\n' {
                                    lit.push(self.chars[self.i + 1]);
                                }
                                self.i += 2;
                            }
                            '$' | '`' => {
                                if let Some(part) = self.dollar(true)? {
                                    flush(&mut parts, &mut lit);
                                    parts.push(part);
                                } else {
                                    lit.push('$');
                                    self.i += 1;
                                }
                            }
                            ch => {
                                lit.push(ch);
                                self.i += 1;
                            }
                        }
                    }
                    self.i += 1;
                }
                '\\' => {
                    match self.chars.get(self.i + 1) {
                        Some('\n') | None => {}
                        Some(&n) => lit.push(n),
                    }
                    self.i += 2;
                }
                '$' | '`' => match self.dollar(false)? {
                    Some(part) => {
                        flush(&mut parts, &mut lit);
                        parts.push(part);
                    }
                    None => {
                        lit.push('$');
                        self.i += 1;
                    }
                },
                _ => {
                    lit.push(c);
                    self.i += 1;
                }
            }
        }
        flush(&mut parts, &mut lit);
        if parts.is_empty() && quoted_empty {
            parts.push(Part::Lit(String::new()));
        }
        Ok(parts)
    }

    /// An expansion starting at `$` or `` ` ``; None for a lone `$`.
    fn dollar(&mut self, quoted: bool) -> Result<Option<Part>, Refusal> {
        if self.peek() == Some('`') {
            let end = self.chars[self.i + 1..].iter().position(|&x| x == '`').ok_or(Refusal::Syntax)? + self.i + 1;
            let script = self.chars[self.i + 1..end].iter().collect();
            self.i = end + 1;
            return Ok(Some(Part::Subst { script, quoted }));
        }
        match self.chars.get(self.i + 1).copied() {
            Some('(') => {
                if self.chars.get(self.i + 2) == Some(&'(') {
                    return Err(Refusal::Unsupported); // arithmetic
                }
                let mut depth = 0;
                let mut j = self.i + 1;
                loop {
                    match self.chars.get(j).ok_or(Refusal::Syntax)? {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                let script = self.chars[self.i + 2..j].iter().collect();
                self.i = j + 1;
                Ok(Some(Part::Subst { script, quoted }))
            }
            Some('{') => {
                let end = self.chars[self.i + 2..].iter().position(|&x| x == '}').ok_or(Refusal::Syntax)? + self.i + 2;
                let name: String = self.chars[self.i + 2..end].iter().collect();
                if !is_name(&name) && !matches!(name.as_str(), "?" | "0" | "$") {
                    return Err(Refusal::Unsupported); // ${X:-y} and friends
                }
                self.i = end + 1;
                Ok(Some(Part::Var { name, quoted }))
            }
            Some(c @ ('?' | '0' | '$' | '#')) => {
                self.i += 2;
                Ok(Some(Part::Var { name: c.to_string(), quoted }))
            }
            Some(c) if c == '_' || c.is_ascii_alphabetic() => {
                let start = self.i + 1;
                let mut j = start;
                while self.chars.get(j).is_some_and(|c| *c == '_' || c.is_ascii_alphanumeric()) {
                    j += 1;
                }
                let name = self.chars[start..j].iter().collect();
                self.i = j;
                Ok(Some(Part::Var { name, quoted }))
            }
            _ => Ok(None),
        }
    }
}

fn is_name(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c == '_' || c.is_ascii_alphabetic()) && s.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
}

/// Expands a word into fields: unquoted expansions split on blanks and
/// newlines (and vanish when empty), quoted ones stay whole. `value`
/// answers variables and `subst` runs substitutions (their output with
/// trailing newlines cut, as the shell does).
pub fn expand(word: &Word, value: &mut dyn FnMut(&str) -> String, subst: &mut dyn FnMut(&str) -> String) -> Vec<String> {
    let mut fields: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut has = false;
    for part in word {
        let (text, quoted) = match part {
            Part::Lit(s) => (s.clone(), true),
            Part::Var { name, quoted } => (value(name), *quoted),
            Part::Subst { script, quoted } => (subst(script).trim_end_matches('\n').to_string(), *quoted),
        };
        if quoted {
            cur.push_str(&text);
            has = true;
            continue;
        }
        let mut pieces = text.split([' ', '\t', '\n']).peekable();
        let starts_blank = text.starts_with([' ', '\t', '\n']);
        if starts_blank && has {
            fields.push(std::mem::take(&mut cur));
            has = false;
        }
        while let Some(p) = pieces.next() {
            if !p.is_empty() {
                cur.push_str(p);
                has = true;
            }
            if pieces.peek().is_some() && has {
                fields.push(std::mem::take(&mut cur));
                has = false;
            }
        }
    }
    if has || matches!(word.as_slice(), [Part::Lit(s)] if s.is_empty()) {
        fields.push(cur);
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Word {
        vec![Part::Lit(s.into())]
    }

    fn words(script: &str) -> Vec<Vec<String>> {
        let mut value = |n: &str| if n == "HOSTNAME" { "web-0".to_string() } else { String::new() };
        let mut subst = |s: &str| format!("<{s}>\n");
        parse(script).unwrap().iter().map(|(c, _)| c.words.iter().flat_map(|w| expand(w, &mut value, &mut subst)).collect()).collect()
    }

    #[test]
    fn commands_and_operators() {
        let l = parse("nslookup web && wget -q -O- 'http://web:80/' || echo failed").unwrap();
        assert_eq!(l.iter().map(|(_, op)| *op).collect::<Vec<_>>(), ["&&", "||", ";"]);
        assert_eq!(l[1].0.words[3], lit("http://web:80/"));
        assert_eq!(words(r#"curl -w "%{http_code}\n" -H "a\"b" web"#), [["curl", "-w", "%{http_code}\\n", "-H", "a\"b", "web"]]);
        assert_eq!(words("env; hostname\n\nls").len(), 3);
        assert_eq!(parse("wget -qO- http://web | head -1"), Err(Refusal::Unsupported));
        assert_eq!(parse("until nslookup web; do sleep 1; done"), Err(Refusal::Unsupported));
        assert_eq!(parse("sleep 1 &"), Err(Refusal::Unsupported));
        assert_eq!(parse("X=1 env"), Err(Refusal::Unsupported));
        assert_eq!(parse("echo 'open"), Err(Refusal::Syntax));
        assert_eq!(parse("echo a &&"), Err(Refusal::Syntax));
        assert_eq!(parse("; echo a"), Err(Refusal::Syntax));
        // dash -c 'echo x #c && echo y; echo a#b \#' prints "x" only.
        assert_eq!(words("echo x #c && echo y; echo z\necho a#b \\# #d"), [vec!["echo", "x"], vec!["echo", "a#b", "#"]]);
    }

    #[test]
    fn redirections() {
        let l = parse(r#"echo "$(hostname)" > /usr/share/nginx/html/index.html"#).unwrap();
        assert_eq!(l[0].0.words.len(), 2);
        assert_eq!(l[0].0.redirects, [Redirect { fd: 1, target: Target::Write(lit("/usr/share/nginx/html/index.html")) }]);
        let l = parse("echo hi>>/f 2>/dev/null; cat</f 2>&1").unwrap();
        assert_eq!(l[0].0.redirects, [Redirect { fd: 1, target: Target::Append(lit("/f")) }, Redirect { fd: 2, target: Target::Write(lit("/dev/null")) }]);
        assert_eq!(l[1].0.redirects, [Redirect { fd: 0, target: Target::Read(lit("/f")) }, Redirect { fd: 2, target: Target::Dup(1) }]);
        assert_eq!(parse("echo >"), Err(Refusal::Syntax));
        assert_eq!(parse("cat <<EOF"), Err(Refusal::Unsupported));
    }

    #[test]
    fn expansions_keep_quoting() {
        assert_eq!(words(r#"echo "$(hostname)" '$(hostname)' $HOSTNAME "${HOSTNAME}x" `date`"#), [["echo", "<hostname>", "$(hostname)", "web-0", "web-0x", "<date>"]]);
        assert_eq!(words("echo $UNSET x \"\" \"$UNSET\""), [["echo", "x", "", ""]]);
        assert_eq!(words("echo $ a$"), [["echo", "$", "a$"]]);
        assert_eq!(words("echo $(echo a  b)"), [["echo", "<echo", "a", "b>"]]);
    }
}
