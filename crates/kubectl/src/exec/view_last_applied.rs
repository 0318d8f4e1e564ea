//! `kubectl apply view-last-applied`: the configuration `kubectl apply`
//! recorded on each selected object, as YAML or as indented JSON. Like
//! kubectl, it collects every configuration first and stops at the first
//! problem, so an error prints nothing else; only then does it print, one
//! after another with nothing between them.

use super::fetch::{visit, Scope, Visit};
use super::{Cx, Output};
use crate::cli::{LastAppliedFormat, ViewLastApplied};
use crate::gofmt::quote;
use crate::print::json_indent;
use crate::print::structured::object_name;
use kubeplay_apiserver::LAST_APPLIED;
use std::ops::ControlFlow;
use thiserror::Error;

/// What stops the command, in kubectl's words.
#[derive(Debug, Error)]
enum ViewError {
    /// kubectl wraps this with `AddSourceToErr` and a nil cause, so only an
    /// object named in a file fails (and says `<nil>`); one named on the
    /// command line is skipped without a word.
    #[error("error: error when no last-applied-configuration annotation found on resource: {name}\n {}: <nil>", quote(file))]
    NoConfiguration { name: String, file: String },
    #[error("error: Unexpected -o output mode: {0}, the flag 'output' must be one of yaml|json\nSee 'kubectl apply view-last-applied -h' for help and examples")]
    OutputMode(String),
    #[error("error: {0}")]
    Json(#[from] json_indent::SyntaxError),
    #[error("error: {0}")]
    Yaml(Box<kubeplay_codec::DecodeError>),
}

pub fn run(v: &ViewLastApplied, cx: &Cx, out: &mut Output) {
    let mut configs: Vec<String> = Vec::new();
    let mut skipped: Vec<String> = Vec::new();
    let mut failure: Option<String> = None;
    visit(&v.targets, Scope { all_namespaces: false }, cx, |step| match step {
        Visit::Error { message, .. } => {
            failure = Some(message);
            ControlFlow::Break(())
        }
        Visit::Found { object, source } => match object.meta().annotations.get(LAST_APPLIED) {
            Some(config) => {
                configs.push(config.clone());
                ControlFlow::Continue(())
            }
            None if source.is_empty() => {
                skipped.push(object_name(&object));
                ControlFlow::Continue(())
            }
            None => {
                failure = Some(ViewError::NoConfiguration { name: object.name().to_string(), file: source.to_string() }.to_string());
                ControlFlow::Break(())
            }
        },
    });
    if let Some(e) = failure {
        out.error(&e);
        return;
    }
    for config in &configs {
        match render(config, &v.output) {
            Ok(text) => out.stdout.push_str(&text),
            Err(e) => {
                out.error(&e.to_string());
                return;
            }
        }
    }
    for name in skipped {
        out.note(&format!("(playground) {name} has no {LAST_APPLIED} annotation (it was not made by kubectl apply or with --save-config): kubectl prints nothing for it"));
    }
}

/// One configuration as `-o` asks: Go's `json.Indent`, or sigs.k8s.io/yaml's
/// `JSONToYAML` (go-yaml reads the text, then prints it as `get -o yaml` does).
fn render(config: &str, format: &LastAppliedFormat) -> Result<String, ViewError> {
    match format {
        LastAppliedFormat::Json => Ok(json_indent::indent(config, "  ")?),
        LastAppliedFormat::Yaml => {
            let value = kubeplay_codec::parse_value(config).map_err(|e| ViewError::Yaml(Box::new(e)))?;
            Ok(kubeplay_codec::to_yaml(&value))
        }
        LastAppliedFormat::Unexpected(o) => Err(ViewError::OutputMode(o.clone())),
    }
}
