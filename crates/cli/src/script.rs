//! Scripts and transcripts.
//!
//! A script has one command per line; blank lines and `#` comments are
//! skipped; a line ending in `<<WORD` takes the following lines up to a line
//! equal to `WORD` as the command's standard input.
//!
//! A transcript is what `kubeplay run` prints: each command as `$ command`
//! (with its here-document, if any), then its output. Comment lines (`#`)
//! directly before a command are kept as the reader's notes.

/// One command of a script, with its standard input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// 1-based line number in the file, for error messages.
    pub line: usize,
    pub text: String,
    /// The here-document marker and body, if the line ended in `<<WORD`.
    pub heredoc: Option<(String, String)>,
}

/// A command in a transcript with its expected output and the comment
/// lines written above it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub comments: Vec<String>,
    pub command: Command,
    pub expected: String,
}

#[derive(Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

/// The marker word of a trailing `<<WORD` (also `<<'WORD'`, `<<"WORD"`, `<<-WORD`).
fn heredoc_marker(line: &str) -> Option<(String, String)> {
    let idx = line.rfind("<<")?;
    let word = line[idx + 2..].trim().trim_start_matches('-');
    let word = word.trim_matches(|c| c == '\'' || c == '"');
    if word.is_empty() || word.contains(char::is_whitespace) {
        return None;
    }
    Some((line[..idx].trim_end().to_string(), word.to_string()))
}

/// Reads a here-document body starting at `lines[start]`; returns the body
/// and the index after the closing marker.
fn read_heredoc(lines: &[&str], start: usize, word: &str, opened_at: usize) -> Result<(String, usize), ParseError> {
    let mut i = start;
    let mut body = String::new();
    while i < lines.len() {
        if lines[i].trim_end() == word {
            return Ok((body, i + 1));
        }
        body.push_str(lines[i]);
        body.push('\n');
        i += 1;
    }
    Err(ParseError { line: opened_at, message: format!("here-document opened with <<{word} is never closed") })
}

pub fn parse_script(src: &str) -> Result<Vec<Command>, ParseError> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let raw = lines[i];
        let t = raw.trim();
        i += 1;
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let line = i;
        match heredoc_marker(t) {
            Some((cmd, word)) => {
                let (body, next) = read_heredoc(&lines, i, &word, line)?;
                i = next;
                out.push(Command { line, text: cmd, heredoc: Some((word, body)) });
            }
            None => out.push(Command { line, text: t.to_string(), heredoc: None }),
        }
    }
    Ok(out)
}

pub fn parse_transcript(src: &str) -> Result<Vec<Block>, ParseError> {
    let lines: Vec<&str> = src.lines().collect();
    let mut blocks: Vec<Block> = Vec::new();
    let mut pending: Vec<String> = Vec::new(); // lines since the last command
    let mut i = 0;
    let flush = |blocks: &mut Vec<Block>, pending: &mut Vec<String>| -> Vec<String> {
        // Trailing `#` lines (after any blank lines) belong to the next command.
        let mut split = pending.len();
        while split > 0 && pending[split - 1].starts_with('#') {
            split -= 1;
        }
        let comments = pending.split_off(split);
        if let Some(b) = blocks.last_mut() {
            b.expected = normalize(&pending.join("\n"));
        }
        pending.clear();
        comments
    };
    while i < lines.len() {
        let raw = lines[i];
        i += 1;
        let Some(cmd) = raw.strip_prefix("$ ") else {
            if blocks.is_empty() && raw.trim().is_empty() {
                continue;
            }
            pending.push(raw.to_string());
            continue;
        };
        let comments: Vec<String> = flush(&mut blocks, &mut pending).into_iter().filter(|c| blocks.is_empty() || !c.is_empty()).collect();
        let line = i;
        let command = match heredoc_marker(cmd) {
            Some((text, word)) => {
                let (body, next) = read_heredoc(&lines, i, &word, line)?;
                i = next;
                Command { line, text, heredoc: Some((word, body)) }
            }
            None => Command { line, text: cmd.trim().to_string(), heredoc: None },
        };
        blocks.push(Block { comments, command, expected: String::new() });
    }
    flush(&mut blocks, &mut pending);
    if blocks.is_empty() && src.lines().any(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        return Err(ParseError { line: 1, message: "no `$ command` lines found".into() });
    }
    Ok(blocks)
}

/// Output as compared: trailing spaces on lines and trailing blank lines
/// don't count.
pub fn normalize(s: &str) -> String {
    let lines: Vec<&str> = s.lines().map(str::trim_end).collect();
    let mut end = lines.len();
    while end > 0 && lines[end - 1].is_empty() {
        end -= 1;
    }
    lines[..end].join("\n")
}

/// How a command is echoed: `$ line`, then its here-document.
pub fn render_command(c: &Command) -> String {
    match &c.heredoc {
        Some((word, body)) => format!("$ {} <<{word}\n{body}{word}\n", c.text),
        None => format!("$ {}\n", c.text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_heredocs_and_comments() {
        let src = "# setup\nkubectl get pods\n\nkubectl apply -f - <<EOF\na: 1\n  b: 2\nEOF\nsim settle\n";
        let cmds = parse_script(src).unwrap();
        assert_eq!(cmds.len(), 3);
        assert_eq!(cmds[0].text, "kubectl get pods");
        assert_eq!(cmds[1].text, "kubectl apply -f -");
        assert_eq!(cmds[1].heredoc, Some(("EOF".into(), "a: 1\n  b: 2\n".into())));
        assert_eq!(cmds[2].line, 8);
    }

    #[test]
    fn unclosed_heredoc_is_an_error_with_its_line() {
        let err = parse_script("kubectl get po\nkubectl apply -f - <<EOF\nx: 1\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("<<EOF"));
    }

    #[test]
    fn transcript_blocks_outputs_and_comments() {
        let src = "# Story\n$ kubectl get pods\nNo resources found in default namespace.\n\n# Now apply\n$ kubectl apply -f - <<EOF\nkind: X\nEOF\nx created\n\n";
        let blocks = parse_transcript(src).unwrap();
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].comments, vec!["# Story".to_string()]);
        assert_eq!(blocks[0].expected, "No resources found in default namespace.");
        assert_eq!(blocks[1].comments, vec!["# Now apply".to_string()]);
        assert_eq!(blocks[1].command.heredoc.as_ref().unwrap().1, "kind: X\n");
        assert_eq!(blocks[1].expected, "x created");
    }

    #[test]
    fn output_may_contain_blank_lines_inside() {
        let blocks = parse_transcript("$ a\nline1\n\nline3\n$ b\n").unwrap();
        assert_eq!(blocks[0].expected, "line1\n\nline3");
        assert_eq!(blocks[1].expected, "");
    }
}
