//! Turning a terminal line into a command, in two stages as ripgrep does:
//! a low-level parser that knows only flag names and types (pflag's rules,
//! [`flags`]), then a resolver that gives the flags and positionals their
//! meaning as each kubectl command does ([`resolve`]). `sim …` lines have a
//! small grammar of their own ([`sim`]).

pub mod command;
pub mod flags;
mod gotime;
pub mod output_files;
mod resolve;
mod resolve_attach;
#[cfg(test)]
pub(crate) use resolve::wait_jsonpath;
mod resolve_create;
mod resolve_debug;
mod resolve_nodes;
mod resolve_portforward;
pub mod resources;
pub mod sim;
pub mod spec;
mod values;

pub use command::*;
pub use resolve::{parse_kubectl, KUSTOMIZE, RECURSIVE};
pub use sim::{parse_sim, SimCommand};
pub use resolve_create::{add_data_pair, add_literals};
pub use values::{data_key_error, env_name_errors};

use crate::error::ParseError;
use crate::shell;

/// What a terminal line asks for.
#[allow(clippy::large_enum_variant)] // one per line; boxing buys nothing
#[derive(Clone, Debug, PartialEq)]
pub enum Line {
    /// Blank or comment-only.
    Empty,
    Kubectl(Invocation),
    Sim(SimCommand),
}

/// Parses one terminal line: `kubectl …` (or `k …`), `sim …`, or nothing.
pub fn parse_line(line: &str) -> Result<Line, ParseError> {
    parse_line_with_files(line, None)
}

/// [`parse_line`] where `-o …-file=FILE` reads the terminal's files
/// ([`output_files`]).
pub fn parse_line_with_files(line: &str, read: Option<output_files::Read>) -> Result<Line, ParseError> {
    let words = shell::split_words(line)?;
    if let Some(hint) = shell::pipe_hint(&words) {
        return Err(ParseError::Invalid(hint));
    }
    let mut words = words.into_iter().map(|w| w.text);
    let Some(program) = words.next() else { return Ok(Line::Empty) };
    let mut rest: Vec<String> = words.collect();
    match program.as_str() {
        "kubectl" | "k" => {
            output_files::inline(&mut rest, read)?;
            parse_kubectl(&rest).map(Line::Kubectl)
        }
        "sim" => parse_sim(&rest).map(Line::Sim),
        _ => Err(ParseError::NotAProgram { word: program }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbosity_from_six_notes_the_missing_request_log() {
        let warnings = |line: &str| match parse_line(line) {
            Ok(Line::Kubectl(inv)) => inv.warnings,
            other => panic!("{line}: {other:?}"),
        };
        assert!(warnings("kubectl get pods -v=5").is_empty());
        assert_eq!(
            warnings("kubectl --v=8 get pods"),
            ["(playground) -v=8: kubectl would log here each HTTP request it sends; the simulated cluster is reached without HTTP, so there are none to show"]
        );
    }

    #[test]
    fn dispatches_by_program() {
        assert_eq!(parse_line("  # just a comment"), Ok(Line::Empty));
        assert!(matches!(parse_line("kubectl version --client"), Ok(Line::Kubectl(_))));
        assert!(matches!(parse_line("k get pods"), Ok(Line::Kubectl(_))));
        assert!(matches!(parse_line("sim time"), Ok(Line::Sim(SimCommand::Time))));
        assert_eq!(
            parse_line("kubectl get pods | grep web").unwrap_err().to_string(),
            "error: (playground) a pipe needs the terminal's shell: kubectl's parser runs one command"
        );
        assert_eq!(
            parse_line("ls -l").unwrap_err().to_string(),
            "ls: command not found\n(playground) lines start with \"kubectl\" (or \"k\") or \"sim\"; try \"sim help\""
        );
        assert_eq!(
            parse_line("jq -c 'paths'").unwrap_err().to_string(),
            "jq: command not found\n(playground) jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out"
        );
        assert_eq!(
            parse_line("complete -F __start_kubectl k").unwrap_err().to_string(),
            "complete: command not found\n(playground) the terminal completes kubectl's commands, flags and names with Tab, for \"k\" too"
        );
        assert!(matches!(parse_line("kubectl get -l 'a=b"), Err(ParseError::Shell(_))));
    }
}
