//! Scripts and transcripts, and checking a transcript against a fresh
//! [`Playground`]: one checker for `kubeplay test` (native) and the web
//! crate's wasm test, so both compare exactly the same way.
//!
//! A script has one command per line; blank lines and `#` comments are
//! skipped; a line that opens here-documents (`<<WORD` anywhere in it, as
//! bash finds them: `cat <<EOF | kubectl apply -f -`) takes the following
//! lines up to a line equal to `WORD` as their bodies; a command that bash
//! would read on from the next line (a trailing `\`, `|`, `&&` or `||`, an
//! open quote, `for … done` and the other compound commands) takes the
//! lines it needs.
//!
//! A transcript is what `kubeplay run` prints: each command as `$ command`
//! (with its here-documents, if any), then its output. A command over
//! several lines is written as bash echoes it: its first line after `$ `,
//! each further line after bash's `> ` prompt (`>` alone for an empty
//! line), here-documents' lines as written:
//!
//! ```text
//! $ for i in 0 1; do
//! >   echo $i
//! > done
//! 0
//! 1
//! ```
//!
//! Comment lines (`#`) directly before a command are kept as the
//! reader's notes.

mod diff;

use crate::Playground;
use kubeplay_kubectl::shell::{CommandReader, Incomplete};

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

/// The command whose first line is `first`, the 1-based line `line`; the
/// lines it goes on over (as bash reads on: see the shell's `lines`
/// module) start at `lines[next]`. Here-documents' lines are taken as
/// written; other continuation lines as written in a script, after the
/// `> ` prompt in a transcript (`prompted`), where a line without it ends
/// the command (left incomplete: running it says so in bash's words).
/// Returns the command and the index after it.
fn command(lines: &[&str], line: usize, first: &str, next: usize, prompted: bool) -> Result<(Command, usize), ParseError> {
    let mut reader = CommandReader::new();
    reader.push(first);
    let mut text = first.to_string();
    let mut i = next;
    while let Some(why) = reader.incomplete() {
        let Some(raw) = lines.get(i) else {
            return match why {
                Incomplete::HereDoc(word) => Err(ParseError { line, message: format!("here-document opened with <<{word} is never closed (by a line {word})") }),
                _ => Ok((Command { line, text }, i)),
            };
        };
        let l = match (reader.in_body(), prompted) {
            (false, true) => match raw.strip_prefix("> ").or((*raw == ">").then_some("")) {
                Some(l) => l,
                None => break,
            },
            _ => raw,
        };
        reader.push(l);
        text.push('\n');
        text.push_str(l);
        i += 1;
    }
    Ok((Command { line, text }, i))
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
        let (cmd, next) = command(&lines, i, t, i, false)?;
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
        let (command, next) = command(&lines, i, cmd.trim(), i, true)?;
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

/// How a command is echoed: `$ line`, then its here-documents' lines as
/// written and its other lines after bash's `> ` prompt.
pub fn render_command(c: &Command) -> String {
    let mut reader = CommandReader::new();
    let mut out = String::new();
    for (i, l) in c.text.split('\n').enumerate() {
        out.push_str(match i {
            0 => "$ ",
            _ if reader.in_body() => "",
            _ if l.is_empty() => ">",
            _ => "> ",
        });
        out.push_str(l);
        out.push('\n');
        reader.push(l);
    }
    out
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
        format!("{name}:{}: {}{}", self.command.line, render_command(&self.command), unified(&self.expected, &self.actual, 3))
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
    fn commands_over_several_lines_are_read_as_bash_reads_them() {
        let src = "kubectl create deployment web \\\n  --image=nginx\nfor i in 0 1; do\n  # inside\n\n  echo $i\ndone\necho 'a\nb'\nkubectl get pods |\n  wc -l\nfor i in 1; do\ncat <<EOF\ndone\nEOF\ndone\nkubectl get pods\n";
        let cmds = parse_script(src).unwrap();
        let texts: Vec<&str> = cmds.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "kubectl create deployment web \\\n  --image=nginx",
                "for i in 0 1; do\n  # inside\n\n  echo $i\ndone",
                "echo 'a\nb'",
                "kubectl get pods |\n  wc -l",
                "for i in 1; do\ncat <<EOF\ndone\nEOF\ndone",
                "kubectl get pods"
            ]
        );
        assert_eq!(cmds.iter().map(|c| c.line).collect::<Vec<_>>(), [1, 3, 8, 10, 12, 17]);
        // An open command at the end of the script runs as it is (bash's
        // error then), an open here-document is the script's error.
        assert_eq!(parse_script("for i in 1; do\necho\n").unwrap()[0].text, "for i in 1; do\necho");
        assert!(parse_script("for i in 1; do\ncat <<EOF\n").is_err());
    }

    #[test]
    fn transcripts_write_further_lines_after_the_prompt() {
        let cmd = Command { line: 1, text: "for i in 1; do\n  cat <<EOF\n> body\nEOF\n\ndone".into() };
        let shown = render_command(&cmd);
        assert_eq!(shown, "$ for i in 1; do\n>   cat <<EOF\n> body\nEOF\n>\n> done\n");
        let blocks = parse_transcript(&format!("{shown}out\n$ echo a \\\n> b\na b\n$ echo 'x\nnot a prompt line\n")).unwrap();
        assert_eq!(blocks.len(), 3);
        assert_eq!(blocks[0].command, cmd);
        assert_eq!(blocks[0].expected, "out");
        assert_eq!(blocks[1].command.text, "echo a \\\nb");
        assert_eq!(blocks[1].expected, "a b");
        // Without the prompt the command ends, left open: its output follows.
        assert_eq!(blocks[2].command.text, "echo 'x");
        assert_eq!(blocks[2].expected, "not a prompt line");
        let c = check("$ for i in 1 2; do\n>   echo $i\n> done\nwrong\n").unwrap();
        assert_eq!(c.blessed, "$ for i in 1 2; do\n>   echo $i\n> done\n1\n2\n");
        assert!(c.mismatches[0].report("a.t").starts_with("a.t:1: $ for i in 1 2; do\n>   echo $i\n> done\n--- expected"));
        assert_eq!(check(&c.blessed).unwrap().mismatches, vec![]);
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
