//! Everything that can go wrong turning a command line into a command,
//! rendered once, in kubectl's exact words (what its `CheckErr` and cobra's
//! flag error function print).

use crate::gofmt::{quote, quote_rune};
use crate::shell::ShellError;
use thiserror::Error;

/// A command line that could not be turned into a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("error: {0}")]
    Shell(#[from] ShellError),

    /// The first word is neither `kubectl` nor `sim`.
    #[error("{word}: command not found\n(playground) {}", not_a_program_hint(word))]
    NotAProgram { word: String },

    /// An unknown top-level kubectl command, with cobra's suggestions.
    #[error("error: unknown command {} for \"kubectl\"{}", quote(name), suggestion_text(suggestions))]
    UnknownCommand { name: String, suggestions: Vec<String> },

    /// A flag before the first word when cobra finds no command: kubectl's
    /// plugin lookup refuses it before cobra runs, and prints it itself
    /// (`Error:`, not `CheckErr`'s `error:`).
    #[error("Error: flags cannot be placed before plugin name: {0}")]
    FlagBeforePluginName(String),

    /// An unknown subcommand of a command group (`kubectl rollout foo`).
    #[error("error: unknown command {}\nSee '{path} -h' for help and examples", quote(args))]
    UnknownSubcommand { path: String, args: String },

    /// A flag problem, worded by kubectl's flag error function. cobra's own
    /// printing (`Error:`) is silenced (component-base's `cli.Run` sets
    /// `SilenceErrors`), so `CheckErr` prints it as `error:` like any other
    /// (kubectl v1.29 to v1.33 alike, on a terminal or not).
    #[error("error: {kind}\nSee '{path} --help' for usage.")]
    Flag { path: String, kind: FlagError },

    /// cobra's `MarkFlagRequired` check.
    #[error("error: required flag(s) {} not set", names.iter().map(|n| quote(n)).collect::<Vec<_>>().join(", "))]
    RequiredFlags { names: Vec<String> },

    /// `cmdutil.UsageErrorf`: a message plus the help pointer.
    #[error("error: {message}\nSee '{path} -h' for help and examples")]
    Usage { path: String, message: String },

    /// A plain `error: …` line.
    #[error("error: {0}")]
    Invalid(String),

    /// `kubectl get` with nothing to get.
    #[error("You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples")]
    GetNeedsResource,

    /// The resource builder's `missingResourceError`.
    #[error("error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'")]
    NoResources,

    /// A resource type the simulated API server does not serve.
    #[error("error: the server doesn't have a resource type {}", quote(.0))]
    UnknownResourceType(String),

    /// A resource type every real cluster serves but the simulated one
    /// does not: kubectl's error for an unknown type, and a note.
    #[error("error: the server doesn't have a resource type {}\n(playground) {}", quote(typed), kind.hint())]
    UnservedResourceType { typed: String, kind: &'static kubeplay_model::unserved::Unserved },

    /// A real kubectl command the simulator does not implement.
    #[error("error: (playground) \"{path}\" is not supported by the simulated cluster")]
    Unsupported { path: String },

    /// A `sim` command problem.
    #[error("error: {message}\nSee 'sim help' for the simulator commands.")]
    Sim { message: String },
}

/// The note after "command not found": what to do instead.
fn not_a_program_hint(word: &str) -> &'static str {
    match word {
        // kubernetes.io's kubectl cheat sheet pipes JSON through it.
        "jq" => "jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out",
        "tar" => "the terminal has no tar: kubectl cp copies files and directories to and from containers",
        "complete" => "the terminal completes kubectl's commands, flags and names with Tab, for \"k\" too",
        _ => "lines start with \"kubectl\" (or \"k\") or \"sim\"; try \"sim help\"",
    }
}

fn suggestion_text(suggestions: &[String]) -> String {
    if suggestions.is_empty() {
        return String::new();
    }
    let mut s = String::from("\n\nDid you mean this?");
    for x in suggestions {
        s.push_str("\n\t");
        s.push_str(x);
    }
    s
}

/// pflag's parse errors, worded as pflag words them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FlagError {
    #[error("unknown flag: {0}")]
    UnknownFlag(String),
    #[error("unknown shorthand flag: {} in -{shorthands}", quote_rune(*c))]
    UnknownShorthand { c: char, shorthands: String },
    /// `display` is `--namespace` or `'n' in -n`, as pflag words each form.
    #[error("flag needs an argument: {0}")]
    NeedsArgument(String),
    #[error("invalid argument {} for {} flag: {reason}", quote(value), quote(flag))]
    InvalidArgument { value: String, flag: String, reason: String },
    #[error("bad flag syntax: {0}")]
    BadSyntax(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_kubectl_wording() {
        let e = ParseError::Flag { path: "kubectl get".into(), kind: FlagError::UnknownFlag("--foo".into()) };
        assert_eq!(e.to_string(), "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.");
        let e = ParseError::Flag { path: "kubectl get".into(), kind: FlagError::UnknownShorthand { c: 'z', shorthands: "z".into() } };
        assert_eq!(e.to_string(), "error: unknown shorthand flag: 'z' in -z\nSee 'kubectl get --help' for usage.");
        let e = ParseError::UnknownCommand { name: "foo".into(), suggestions: vec!["top".into()] };
        assert_eq!(e.to_string(), "error: unknown command \"foo\" for \"kubectl\"\n\nDid you mean this?\n\ttop");
        let e = ParseError::RequiredFlags { names: vec!["image".into()] };
        assert_eq!(e.to_string(), "error: required flag(s) \"image\" not set");
        assert_eq!(
            ParseError::UnknownResourceType("foo".into()).to_string(),
            "error: the server doesn't have a resource type \"foo\""
        );
        let kind = kubeplay_model::unserved::Unserved::by_resource_name("csidrivers").unwrap();
        assert_eq!(
            ParseError::UnservedResourceType { typed: "csidrivers".into(), kind }.to_string(),
            "error: the server doesn't have a resource type \"csidrivers\"\n(playground) a real cluster serves CSIDriver as storage.k8s.io/v1; the simulated cluster does not model it"
        );
    }

    // helpers_test.go's TestCheckNoResourceMatchError, its first case: the
    // builder reports an unknown type by its resource alone, so the
    // versioned and grouped forms of the other cases never reach CheckErr.
    #[test]
    fn check_no_resource_match_error() {
        assert_eq!(ParseError::UnknownResourceType("foo".into()).to_string(), "error: the server doesn't have a resource type \"foo\"");
    }
}
