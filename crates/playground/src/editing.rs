//! What the manifest editor needs from the cluster: the decoder's errors
//! and warnings located at line and column (drawn as inline markers while
//! the user types, before anything is applied), and `kubectl edit`, which
//! in the browser opens the object in the editor instead of `$EDITOR`.

use kubeplay_engine::Engine;
use kubeplay_kubectl::cli::{parse_line, Command, Line};
use kubeplay_kubectl::exec::{fetch, Cx, Io, Scope};
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
    /// `kubectl edit`: put `text` in the editor (applying it saves the
    /// edit); `output` is the note the terminal shows.
    OpenInEditor { text: String, output: CommandOutput },
    /// A long `sim advance|settle|step` started: `Playground::work` runs it
    /// and hands over its output at the end.
    Running,
}

/// The note shown at the top of the edited text; kept in YAML comments so
/// applying the text unchanged is harmless.
const EDIT_HEADER: &str = "# Opened by kubectl edit. Change what you need and press Apply\n# (Ctrl+Enter): the playground sends it with kubectl apply -f -.\n";

/// `kubectl edit TARGETS` against `engine`: None when the line is not an
/// edit (or does not parse: the normal path prints that error). The
/// objects are shown as a user would write them (no status or server-set
/// metadata), one YAML document each.
pub fn edit(engine: &Engine, line: &str, context_namespace: Option<&str>) -> Option<RunOutcome> {
    let Ok(Line::Kubectl(inv)) = parse_line(line) else {
        return None;
    };
    let Command::Edit(e) = &inv.command else {
        return None;
    };
    let cx = Cx {
        store: engine.store(),
        now: engine.now(),
        namespace: inv.namespace.as_deref().or(context_namespace).unwrap_or("default"),
        explicit_namespace: inv.namespace.is_some(),
        io: Io::default(),
    };
    let found = fetch(
        &e.targets,
        Scope {
            all_namespaces: false,
        },
        &cx,
    );
    let mut output = kubeplay_kubectl::exec::Output::default();
    for err in &found.errors {
        output.error(err);
    }
    if found.objects.is_empty() {
        if !output.failed {
            // kubectl edit on an empty list says so and fails.
            output.error("error: edit cancelled, no objects found");
        }
        return Some(RunOutcome::Printed(output.into()));
    }
    let docs: Vec<String> = found
        .objects
        .iter()
        .map(|o| kubeplay_codec::to_yaml(&crate::export::clean(o)))
        .collect();
    let names: Vec<String> = found
        .objects
        .iter()
        .map(|o| format!("{}/{}", o.kind().info().plural, o.name()))
        .collect();
    output.stdout = format!(
        "(playground) opened {} in the editor: change it and press Apply\n",
        names.join(", ")
    );
    Some(RunOutcome::OpenInEditor {
        text: format!("{EDIT_HEADER}{}", docs.join("---\n")),
        output: output.into(),
    })
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
    fn edit_opens_the_object_as_apply_ready_yaml() {
        let mut pg = Playground::new(1);
        pg.apply(DEFAULT_EXAMPLE);
        let RunOutcome::OpenInEditor { text, output } =
            pg.run_outcome("kubectl edit deployment/nginx-deployment")
        else {
            panic!("not opened")
        };
        assert!(!output.failed);
        assert!(text.contains("kind: Deployment\n"), "{text}");
        assert!(text.contains("  name: nginx-deployment\n"), "{text}");
        assert!(!text.contains("status:"), "{text}");
        assert!(!text.contains("resourceVersion"), "{text}");
        // Applying it unchanged succeeds: nothing server-owned was kept.
        let out = pg.apply(&text);
        assert!(!out.failed, "{out:?}");
        assert_eq!(out.stdout, "deployment.apps/nginx-deployment configured\n");
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
