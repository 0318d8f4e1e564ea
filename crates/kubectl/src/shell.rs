//! Splits a terminal line into words the way a POSIX shell does, so quoted
//! selectors (`-l 'app in (a,b)'`) and JSON patches (`-p '{"spec":…}'`)
//! reach kubectl intact. Only quoting, escaping and comments are supported:
//! `|`, `>`, `$VAR`, globs and the rest stay literal text.

use thiserror::Error;

/// One word of a command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    /// Byte offset where the word starts in the line.
    pub start: usize,
    /// Whether any part of the word was quoted or escaped (so `'|'` is not a pipe).
    pub quoted: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShellError {
    /// Column is 1-based and counts characters, for pointing at the quote.
    #[error("unexpected end of line while looking for the matching {quote} (opened at column {column})")]
    UnterminatedQuote { quote: char, column: usize },
}

/// Splits `line` into words.
pub fn split_words(line: &str) -> Result<Vec<Word>, ShellError> {
    let mut words = Vec::new();
    let mut chars = line.char_indices().peekable();
    let column_of = |byte: usize| line[..byte].chars().count() + 1;
    loop {
        // Skip blanks between words.
        while let Some(&(_, c)) = chars.peek() {
            if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
                chars.next();
            } else {
                break;
            }
        }
        let Some(&(start, first)) = chars.peek() else { break };
        if first == '#' {
            // A comment runs to the end of the line.
            break;
        }
        let mut text = String::new();
        let mut quoted = false;
        while let Some(&(pos, c)) = chars.peek() {
            match c {
                ' ' | '\t' | '\n' | '\r' => break,
                '\'' => {
                    quoted = true;
                    chars.next();
                    loop {
                        match chars.next() {
                            Some((_, '\'')) => break,
                            Some((_, ch)) => text.push(ch),
                            None => return Err(ShellError::UnterminatedQuote { quote: '\'', column: column_of(pos) }),
                        }
                    }
                }
                '"' => {
                    quoted = true;
                    chars.next();
                    loop {
                        match chars.next() {
                            Some((_, '"')) => break,
                            Some((_, '\\')) => match chars.peek() {
                                // Inside double quotes a backslash only escapes these.
                                Some(&(_, e @ ('$' | '`' | '"' | '\\'))) => {
                                    text.push(e);
                                    chars.next();
                                }
                                Some(&(_, '\n')) => {
                                    chars.next();
                                }
                                _ => text.push('\\'),
                            },
                            Some((_, ch)) => text.push(ch),
                            None => return Err(ShellError::UnterminatedQuote { quote: '"', column: column_of(pos) }),
                        }
                    }
                }
                '\\' => {
                    quoted = true;
                    chars.next();
                    match chars.next() {
                        Some((_, '\n')) => {}
                        Some((_, e)) => text.push(e),
                        // A trailing backslash stays literal, as `sh -c 'echo a\'` prints it.
                        None => text.push('\\'),
                    }
                }
                _ => {
                    text.push(c);
                    chars.next();
                }
            }
        }
        words.push(Word { text, start, quoted });
    }
    Ok(words)
}

/// Splits `line` into plain strings.
pub fn split(line: &str) -> Result<Vec<String>, ShellError> {
    Ok(split_words(line)?.into_iter().map(|w| w.text).collect())
}

/// A playground-only hint when the line tries to use a shell pipe, which
/// the terminal does not have.
pub fn pipe_hint(words: &[Word]) -> Option<String> {
    words
        .iter()
        .any(|w| !w.quoted && w.text == "|")
        .then(|| "(playground) pipes are not supported here: the terminal runs one kubectl or sim command per line, without a shell.".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(line: &str) -> Vec<String> {
        split(line).unwrap()
    }

    // Expected words are what `sh -c 'for w in LINE; do …'` (dash) produces.
    #[test]
    fn splits_like_posix_sh() {
        assert_eq!(s("kubectl get pods"), ["kubectl", "get", "pods"]);
        assert_eq!(s("  a\t b  "), ["a", "b"]);
        assert_eq!(s("get pods -l 'app in (a,b)'"), ["get", "pods", "-l", "app in (a,b)"]);
        assert_eq!(s(r#"-p '{"spec":{"replicas":3}}'"#), ["-p", r#"{"spec":{"replicas":3}}"#]);
        assert_eq!(s(r#"-p "{\"a\":1}""#), ["-p", r#"{"a":1}"#]);
        assert_eq!(s(r#"a"b"'c'd"#), ["abcd"]);
        assert_eq!(s(r"a\ b"), ["a b"]);
        assert_eq!(s(r#""a\nb""#), [r"a\nb"]);
        assert_eq!(s(r#""a\$b\\c\"d""#), [r#"a$b\c"d"#]);
        assert_eq!(s(r"'a\b'"), [r"a\b"]);
        assert_eq!(s("'' x"), ["", "x"]);
        assert_eq!(s("a $HOME | b > c"), ["a", "$HOME", "|", "b", ">", "c"]);
        assert_eq!(s("get pods # all of them"), ["get", "pods"]);
        assert_eq!(s("a#b"), ["a#b"]);
        assert_eq!(s(r"a\"), [r"a\"]);
        assert_eq!(s("a\\\nb"), ["ab"]);
        assert!(s("").is_empty());
    }

    #[test]
    fn unterminated_quotes_are_located() {
        assert_eq!(split("get -l 'app=x"), Err(ShellError::UnterminatedQuote { quote: '\'', column: 8 }));
        assert_eq!(split(r#"x "abc"#).unwrap_err().to_string(), "unexpected end of line while looking for the matching \" (opened at column 3)");
    }

    #[test]
    fn pipe_hint_only_for_bare_pipes() {
        assert!(pipe_hint(&split_words("kubectl get pods | grep x").unwrap()).is_some());
        assert!(pipe_hint(&split_words("kubectl get pods '|'").unwrap()).is_none());
        assert!(pipe_hint(&split_words("kubectl get pods a|b").unwrap()).is_none());
    }
}
