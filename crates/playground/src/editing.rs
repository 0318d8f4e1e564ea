//! What the manifest editor needs from the cluster: the decoder's errors
//! and warnings located at line and column (drawn as inline markers while
//! the user types, before anything is applied), and what a line asks of
//! the front end (`kubectl edit` opens its buffer in the editor: see the
//! kubectl_edit module).

use serde::Serialize;

use crate::CommandOutput;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Severity {
    Error,
    Warning,
}

/// One marker in the editor: 1-based line and column (in characters).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub line: usize,
    pub column: usize,
    pub severity: Severity,
    /// In kubectl's words, without the `error: ` / `Warning: ` prefix,
    /// followed by the playground's hint when there is one.
    pub message: String,
}

/// Every decode error and warning of `text`, in input order. Errors of the
/// input as a whole (too large) sit on line 1.
pub fn diagnostics(text: &str) -> Vec<Diagnostic> {
    let outcome = kubeplay_codec::decode_manifests(text);
    let mut out = Vec::new();
    for item in &outcome.items {
        match item {
            Err(e) => {
                let mut message = match (&e.path, e.document) {
                    (p, _) if !p.is_empty() => format!("{p}: {}", e.kind),
                    _ => e.kind.to_string(),
                };
                if let Some(h) = e.hint() {
                    message = format!("{message} ({h})");
                }
                out.push(Diagnostic {
                    line: e.line.unwrap_or(1),
                    column: e.column.unwrap_or(1),
                    severity: Severity::Error,
                    message,
                });
            }
            Ok(obj) => {
                for w in &obj.warnings {
                    let (line, column) = match w {
                        kubeplay_codec::Warning::UnknownField { line, column, .. }
                        | kubeplay_codec::Warning::DuplicateKey { line, column, .. } => (*line, *column),
                        // A deprecated apiVersion: the object's own first line.
                        kubeplay_codec::Warning::Deprecated { .. } => (obj.line, 1),
                    };
                    let message = match w.hint() {
                        Some(h) => format!("{w} ({h})"),
                        None => w.to_string(),
                    };
                    out.push(Diagnostic {
                        line,
                        column,
                        severity: Severity::Warning,
                        message,
                    });
                }
            }
        }
    }
    out
}

/// What a terminal line did, for a front end that has a manifest editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// Printed like any command.
    Printed(CommandOutput),
    /// `kubectl edit` with no editor variable: put `text` (kubectl's
    /// buffer, header comment included) in the editor, titled `title`
    /// (`deployment.apps/web`); `Playground::finish_edit` takes what it
    /// saves. `output` is what kubectl printed so far.
    OpenInEditor { text: String, title: String, output: CommandOutput },
    /// A long `sim advance|settle|step` started: `Playground::work` runs it
    /// and hands over its output at the end.
    Running,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Playground, DEFAULT_EXAMPLE};

    #[test]
    fn a_syntax_error_is_located() {
        // go-yaml: a tab cannot start indentation; the reader reports where.
        let d = diagnostics("apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  labels: {a: b\n");
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].severity, Severity::Error);
        assert!(d[0].line >= 5, "{d:?}");
    }

    #[test]
    fn a_type_error_names_line_column_and_path() {
        let text = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: three\n";
        let d = diagnostics(text);
        assert_eq!(
            d,
            vec![Diagnostic {
                line: 6,
                column: 13,
                severity: Severity::Error,
                message: "spec.replicas: expected integer, got string \"three\"".into()
            }]
        );
    }

    #[test]
    fn an_unknown_field_is_a_warning_with_a_suggestion() {
        let text =
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replica: 3\n";
        let d = diagnostics(text);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(
            (d[0].line, d[0].column, d[0].severity),
            (6, 3, Severity::Warning)
        );
        assert_eq!(
            d[0].message,
            "unknown field \"spec.replica\" (did you mean \"replicas\"?)"
        );
    }

    #[test]
    fn lines_count_across_documents() {
        let text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata: 7\n";
        let d = diagnostics(text);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].line, 10);
    }

    #[test]
    fn the_default_example_is_clean() {
        assert_eq!(diagnostics(DEFAULT_EXAMPLE), vec![]);
    }

    #[test]
    fn edit_opens_kubectls_buffer_and_save_patches() {
        let mut pg = Playground::new(1);
        pg.apply(DEFAULT_EXAMPLE);
        let RunOutcome::OpenInEditor { text, title, output } = pg.run_outcome("kubectl edit deployment/nginx-deployment") else {
            panic!("not opened")
        };
        assert!(!output.failed);
        assert_eq!(title, "deployment.apps/nginx-deployment");
        assert!(text.starts_with("# Please edit the object below."), "{text}");
        assert!(text.contains("kind: Deployment\n"), "{text}");
        assert!(text.contains("  resourceVersion: "), "{text}");
        assert_eq!(pg.pending_edit().map(|p| p.0), Some(title));
        let edited = text.replace("replicas: 3", "replicas: 4");
        match pg.finish_edit(Some(&edited)) {
            RunOutcome::Printed(out) => assert_eq!((out.stdout.as_str(), out.failed), ("deployment.apps/nginx-deployment edited\n", false), "{out:?}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(pg.pending_edit(), None);
        assert!(pg.run("kubectl get deploy nginx-deployment -o jsonpath={.spec.replicas}", None).stdout.starts_with('4'));
        // Closing without saving: kubectl's cancel.
        assert!(matches!(pg.run_outcome("kubectl edit deployment/nginx-deployment"), RunOutcome::OpenInEditor { .. }));
        match pg.finish_edit(None) {
            RunOutcome::Printed(out) => assert_eq!((out.stderr.as_str(), out.failed), ("Edit cancelled, no changes made.\n", false)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_invalid_save_reopens_with_the_servers_errors() {
        let mut pg = Playground::new(1);
        pg.apply(DEFAULT_EXAMPLE);
        let RunOutcome::OpenInEditor { text, .. } = pg.run_outcome("kubectl edit deployment/nginx-deployment") else { panic!() };
        let bad = text.replace("replicas: 3", "replicas: -1");
        let RunOutcome::OpenInEditor { text: again, output, .. } = pg.finish_edit(Some(&bad)) else { panic!("not reopened") };
        assert_eq!(output.stderr, "error: deployments.apps \"nginx-deployment\" is invalid\n");
        assert!(again.contains("# deployments.apps \"nginx-deployment\" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n"), "{again}");
        match pg.finish_edit(Some(&again)) {
            RunOutcome::Printed(out) => {
                assert!(out.failed);
                assert!(out.stderr.ends_with("\nerror: Edit cancelled, no valid changes were saved.\n"), "{out:?}");
                assert!(out.stderr.starts_with("A copy of your changes has been stored to \"/tmp/kubectl-edit-"), "{out:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn edit_of_a_missing_object_prints_kubectls_not_found() {
        let mut pg = Playground::new(1);
        match pg.run_outcome("kubectl edit deploy/nope") {
            RunOutcome::Printed(out) => {
                assert!(out.failed);
                assert_eq!(
                    out.stderr,
                    "Error from server (NotFound): deployments.apps \"nope\" not found\n"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn other_lines_are_not_edits() {
        let mut pg = Playground::new(1);
        let expected = pg.clone().run("kubectl get pods", None);
        assert_eq!(
            pg.run_outcome("kubectl get pods"),
            RunOutcome::Printed(expected)
        );
        assert!(matches!(pg.run_outcome("kubectl edit"), RunOutcome::Printed(o) if o.failed));
    }
}
