//! Scripts and transcripts, and checking a transcript against a fresh
//! [`Playground`]: one checker for `kubeplay test` (native) and the web
//! crate's wasm test, so both compare exactly the same way.
//!
//! A script has one command per line; blank lines and `#` comments are
//! skipped; a line that opens here-documents (`<<WORD` anywhere in it, as
//! bash finds them: `cat <<EOF | kubectl apply -f -`) takes the following
//! lines up to a line equal to `WORD` as their bodies.
//!
//! A transcript is what `kubeplay run` prints: each command as `$ command`
//! (with its here-documents, if any), then its output. Comment lines (`#`)
//! directly before a command are kept as the reader's notes.

mod diff;

use crate::{heredocs, read_heredocs, Playground};

pub use diff::unified;

/// One command of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// 1-based line number in the file, for error messages.
    pub line: usize,
    /// The command line, then its here-documents' lines (closing lines
    /// included), as `Playground::run` takes them.
    pub text: String,
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

/// The command whose first line is `first`, the 1-based line `line`; its
/// here-documents' lines start at `lines[next]`. Returns the command and
/// the index after them.
fn command(lines: &[&str], line: usize, first: &str, next: usize) -> Result<(Command, usize), ParseError> {
    let docs = heredocs(first);
    if docs.is_empty() {
        return Ok((Command { line, text: first.to_string() }, next));
    }
    let rest = &lines[next.min(lines.len())..];
    let read = read_heredocs(&docs, rest);
    if let Some(word) = read.unclosed {
        return Err(ParseError { line, message: format!("here-document opened with <<{word} is never closed (by a line {word})") });
    }
    let mut text = first.to_string();
    for l in &rest[..read.lines] {
        text.push('\n');
        text.push_str(l);
    }
    Ok((Command { line, text }, next + read.lines))
}

pub fn parse_script(src: &str) -> Result<Vec<Command>, ParseError> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim();
        i += 1;
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let (cmd, next) = command(&lines, i, t, i)?;
        i = next;
        out.push(cmd);
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
        let (command, next) = command(&lines, i, cmd.trim(), i)?;
        i = next;
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

/// How a command is echoed: `$ line`, then its here-documents' lines.
pub fn render_command(c: &Command) -> String {
    format!("$ {}\n", c.text)
}

/// `# seed: N` in a transcript's comments picks the seed (default 1).
pub fn seed(src: &str) -> u64 {
    src.lines()
        .take_while(|l| !l.starts_with("$ "))
        .find_map(|l| l.strip_prefix("# seed:").and_then(|v| v.trim().parse().ok()))
        .unwrap_or(1)
}

/// One command whose output differs from the transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub command: Command,
    pub expected: String,
    pub actual: String,
}

impl Mismatch {
    /// `FILE:LINE: $ command`, then a unified diff (expected vs actual).
    pub fn report(&self, name: &str) -> String {
        format!("{name}:{}: $ {}\n{}", self.command.line, self.command.text, unified(&self.expected, &self.actual, 3))
    }
}

/// What running a transcript gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub mismatches: Vec<Mismatch>,
    /// The transcript rewritten with the actual outputs (for `--bless`).
    pub blessed: String,
}

/// Runs every command of transcript `src` through a fresh playground
/// seeded by [`seed`] and compares each normalised output.
pub fn check(src: &str) -> Result<Checked, ParseError> {
    let blocks = parse_transcript(src)?;
    let mut pg = Playground::new(seed(src));
    let mut mismatches = Vec::new();
    let mut blessed = String::new();
    // Everything before the first command is kept as written: the first
    // block's comments are among those lines (the parser drops the blank
    // lines between them, which a rewrite must not).
    for l in src.lines().take_while(|l| !l.starts_with("$ ")) {
        blessed.push_str(l);
        blessed.push('\n');
    }
    for (i, b) in blocks.iter().enumerate() {
        let actual = normalize(&pg.run(&b.command.text, None).shown());
        if i > 0 {
            blessed.push('\n');
            for c in &b.comments {
                blessed.push_str(c);
                blessed.push('\n');
            }
        }
        blessed.push_str(&render_command(&b.command));
        if !actual.is_empty() {
            blessed.push_str(&actual);
            blessed.push('\n');
        }
        if actual != b.expected {
            mismatches.push(Mismatch { command: b.command.clone(), expected: b.expected.clone(), actual });
        }
    }
    Ok(Checked { mismatches, blessed })
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
        assert_eq!(cmds[1].text, "kubectl apply -f - <<EOF\na: 1\n  b: 2\nEOF");
        assert_eq!(cmds[2].line, 8);
    }

    #[test]
    fn heredocs_anywhere_in_a_line_take_their_bodies() {
        let src = "cat <<EOF | kubectl apply -f -\nkind: A\nEOF\nkubectl create -f- <<'END'\n# not a comment\nkubectl get pods\nEND\ncat <<-X\n\tx\n\tX\necho '<<NOT'\n";
        let cmds = parse_script(src).unwrap();
        let texts: Vec<&str> = cmds.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["cat <<EOF | kubectl apply -f -\nkind: A\nEOF", "kubectl create -f- <<'END'\n# not a comment\nkubectl get pods\nEND", "cat <<-X\n\tx\n\tX", "echo '<<NOT'"]);
        assert_eq!(cmds.iter().map(|c| c.line).collect::<Vec<_>>(), [1, 4, 8, 11]);
        let blocks = parse_transcript("$ cat <<EOF | wc -l\n$ not a command\nEOF\n1\n").unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].expected, "1");
        assert_eq!(render_command(&blocks[0].command), "$ cat <<EOF | wc -l\n$ not a command\nEOF\n");
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
        assert_eq!(blocks[1].command.text, "kubectl apply -f - <<EOF\nkind: X\nEOF");
        assert_eq!(blocks[1].expected, "x created");
    }

    #[test]
    fn output_may_contain_blank_lines_inside() {
        let blocks = parse_transcript("$ a\nline1\n\nline3\n$ b\n").unwrap();
        assert_eq!(blocks[0].expected, "line1\n\nline3");
        assert_eq!(blocks[1].expected, "");
    }

    #[test]
    fn check_reports_each_differing_command_and_blesses_the_actual_output() {
        let src = "# seed: 7\n# first\n$ kubectl get pods\nwrong\n\n$ kubectl get ns default -o name\nnamespace/default\n";
        assert_eq!(seed(src), 7);
        assert_eq!(seed("$ x\n# seed: 3\n"), 1);
        let c = check(src).unwrap();
        assert_eq!(c.mismatches.len(), 1);
        let m = &c.mismatches[0];
        assert_eq!(m.command.line, 3);
        assert_eq!(m.actual, "No resources found in default namespace.");
        assert!(m.report("a.t").starts_with("a.t:3: $ kubectl get pods\n--- expected\n+++ actual\n"), "{}", m.report("a.t"));
        assert_eq!(c.blessed, "# seed: 7\n# first\n$ kubectl get pods\nNo resources found in default namespace.\n\n$ kubectl get ns default -o name\nnamespace/default\n");
        assert_eq!(check(&c.blessed).unwrap().mismatches, vec![]);
        assert_eq!(check("just text\n").unwrap_err().line, 1);
    }

    #[test]
    fn blessing_keeps_the_header_as_written() {
        // Header comments, a blank line, then the first command's own
        // comment: once each, with the blank line still between them.
        let src = "# about\n# more\n\n# first\n$ kubectl get ns default -o name\nwrong\n";
        let c = check(src).unwrap();
        assert_eq!(c.blessed, "# about\n# more\n\n# first\n$ kubectl get ns default -o name\nnamespace/default\n");
    }
}
