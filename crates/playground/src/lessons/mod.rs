//! Guided lessons: ordered steps of text, files, commands and declarative
//! checks over the cluster, written as YAML under `static/lessons/` and
//! compiled in, so lesson authors write no Rust and the browser fetches
//! nothing. Decoded with the codec's YAML reader (located errors, Go's JSON
//! rules) into the types below.

mod check;

pub use check::{check_step, evaluate, CheckResult};

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Every shipped lesson, in teaching order: (id, YAML source).
const SOURCES: &[(&str, &str)] = &[
    ("control-loop", include_str!("../../../../static/lessons/control-loop.yaml")),
    ("kubernetes-basics", include_str!("../../../../static/lessons/kubernetes-basics.yaml")),
    ("deployments", include_str!("../../../../static/lessons/deployments.yaml")),
    ("scaling", include_str!("../../../../static/lessons/scaling.yaml")),
    ("rolling-update", include_str!("../../../../static/lessons/rolling-update.yaml")),
    ("failed-rollout", include_str!("../../../../static/lessons/failed-rollout.yaml")),
    ("pause-resume", include_str!("../../../../static/lessons/pause-resume.yaml")),
    ("pod-lifecycle", include_str!("../../../../static/lessons/pod-lifecycle.yaml")),
    ("probes", include_str!("../../../../static/lessons/probes.yaml")),
    ("daemonsets", include_str!("../../../../static/lessons/daemonsets.yaml")),
    ("statefulsets", include_str!("../../../../static/lessons/statefulsets.yaml")),
    ("files-and-volumes", include_str!("../../../../static/lessons/files-and-volumes.yaml")),
    ("jobs-cronjobs", include_str!("../../../../static/lessons/jobs-cronjobs.yaml")),
    ("services", include_str!("../../../../static/lessons/services.yaml")),
    ("reaching-services", include_str!("../../../../static/lessons/reaching-services.yaml")),
    ("ingress", include_str!("../../../../static/lessons/ingress.yaml")),
    ("network-policies", include_str!("../../../../static/lessons/network-policies.yaml")),
    ("scheduling", include_str!("../../../../static/lessons/scheduling.yaml")),
    ("resource-quotas-limits", include_str!("../../../../static/lessons/resource-quotas-limits.yaml")),
    ("autoscaling", include_str!("../../../../static/lessons/autoscaling.yaml")),
    ("node-failure", include_str!("../../../../static/lessons/node-failure.yaml")),
    ("debugging", include_str!("../../../../static/lessons/debugging.yaml")),
    ("rbac", include_str!("../../../../static/lessons/rbac.yaml")),
    ("users-and-certificates", include_str!("../../../../static/lessons/users-and-certificates.yaml")),
    ("admission-policies", include_str!("../../../../static/lessons/admission-policies.yaml")),
    ("custom-resources", include_str!("../../../../static/lessons/custom-resources.yaml")),
    ("kustomize", include_str!("../../../../static/lessons/kustomize.yaml")),
];

/// A lesson: a titled, ordered list of steps.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Kebab-case, used in URLs (`?lesson=rolling-update`).
    pub id: String,
    pub title: String,
    /// One sentence for the lesson list.
    pub summary: String,
    pub steps: Vec<Step>,
}

/// One step: read the text, load the files, run the commands, and the
/// checks turn done.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub title: String,
    /// Markdown.
    pub text: String,
    /// Manifests the step puts in the playground's files, by file name, so
    /// commands can say `kubectl apply -f nginx.yaml` as on a real machine.
    #[serde(default)]
    pub files: BTreeMap<String, String>,
    /// Terminal lines the reader runs, in order (the UI's "run this").
    #[serde(default)]
    pub commands: Vec<String>,
    /// Lines of `commands` that must fail: the step shows a refusal, a
    /// `no` from `kubectl auth can-i` or a timeout on purpose, so the
    /// runners check that it happens rather than treat it as a mistake.
    #[serde(default)]
    pub fails: Vec<String>,
    /// Shown when the reader is stuck.
    #[serde(default)]
    pub hint: Option<String>,
    /// All must pass for the step to be done; none means reading is enough.
    #[serde(default)]
    pub checks: Vec<Check>,
}

impl Step {
    /// Whether running `line` must fail (it is one of `fails`).
    pub fn must_fail(&self, line: &str) -> bool {
        self.fails.iter().any(|f| f == line)
    }
}

/// A declarative check over cluster state: which objects (kind, namespace,
/// name or label selector, field filters), then what must hold of them.
///
/// With `field`, every matching object's field is compared (and at least
/// one object must match). Without `field`, the comparison applies to the
/// number of matching objects (`count` is exactly that number).
/// Kubernetes omits zero counts and false flags from status, so a missing
/// field equals `0`, `false` and `""`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Check {
    /// A kind as kubectl accepts it: `Deployment`, `deploy`, `pods`.
    pub kind: String,
    /// Defaults to `default` for namespaced kinds.
    #[serde(default)]
    pub namespace: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    /// A label selector in kubectl's syntax: `app=nginx,tier!=db`.
    #[serde(default)]
    pub selector: Option<String>,
    /// Field filters: only objects whose field (a kubectl JSONPath such as
    /// `spec.template.spec.containers[0].image`) equals the value match.
    #[serde(default, rename = "where")]
    pub where_: BTreeMap<String, serde_json::Value>,
    /// The field compared, as a kubectl JSONPath (`status.readyReplicas`).
    #[serde(default)]
    pub field: Option<String>,
    #[serde(default)]
    pub equals: Option<serde_json::Value>,
    #[serde(default)]
    pub at_least: Option<f64>,
    #[serde(default)]
    pub at_most: Option<f64>,
    /// With a field: whether it is present (and not null). Without: whether
    /// any object matches.
    #[serde(default)]
    pub exists: Option<bool>,
    /// How many objects match (no field).
    #[serde(default)]
    pub count: Option<u64>,
    /// The sentence shown for this check, in place of the generated one.
    #[serde(default)]
    pub says: Option<String>,
}

/// A lesson that does not decode, with where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonError {
    #[error("no lesson {0:?}")]
    NotFound(String),
    #[error("lesson {id}: {message}")]
    Invalid { id: String, message: String },
}

/// Ids and titles of every shipped lesson, in teaching order. The page's
/// lesson picker asks at start, so each title is read from the file's
/// top-level `title:` line alone (parsing every lesson whole took tens of
/// milliseconds of the page's start in wasm); a file whose title line does
/// not read on its own is parsed whole.
pub fn list() -> Vec<(String, String)> {
    SOURCES.iter().filter_map(|(id, src)| title_line(src).or_else(|| load(id).ok().map(|l| l.title)).map(|t| (id.to_string(), t))).collect()
}

/// The value of a lesson file's top-level `title:` line, read as YAML.
fn title_line(src: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Title {
        title: String,
    }
    let line = src.lines().find(|l| l.starts_with("title:"))?;
    // A value on the lines below (a block or a folded scalar) is not on this line.
    let value = line["title:".len()..].trim();
    if value.is_empty() || value.starts_with(['|', '>']) {
        return None;
    }
    let doc = kubeplay_codec::read_documents(line, &kubeplay_codec::Limits::default()).into_iter().next()?.ok()?;
    let (t, warnings): (Title, _) = kubeplay_codec::decode_node(&doc.root).ok()?;
    warnings.is_empty().then_some(t.title)
}

/// Every shipped lesson id, in teaching order.
pub fn ids() -> Vec<&'static str> {
    SOURCES.iter().map(|(id, _)| *id).collect()
}

/// Loads a shipped lesson by id.
pub fn load(id: &str) -> Result<Lesson, LessonError> {
    let src = SOURCES.iter().find(|(i, _)| *i == id).map(|(_, s)| *s).ok_or_else(|| LessonError::NotFound(id.to_string()))?;
    let lesson = parse(src).map_err(|message| LessonError::Invalid { id: id.to_string(), message })?;
    if lesson.id != id {
        return Err(LessonError::Invalid { id: id.to_string(), message: format!("the file says id {:?}", lesson.id) });
    }
    Ok(lesson)
}

/// Parses a lesson from YAML; unknown fields are errors (they are typos in
/// a lesson), and each check must say what it compares.
pub fn parse(src: &str) -> Result<Lesson, String> {
    let mut docs = kubeplay_codec::read_documents(src, &kubeplay_codec::Limits::default()).into_iter();
    let doc = match docs.next() {
        Some(Ok(d)) => d,
        Some(Err(e)) => return Err(e.to_string()),
        None => return Err("the file is empty".into()),
    };
    if docs.next().is_some() {
        return Err("a lesson is a single YAML document".into());
    }
    let (lesson, warnings): (Lesson, _) = kubeplay_codec::decode_node(&doc.root).map_err(|e| e.to_string())?;
    if let Some(w) = warnings.first() {
        return Err(w.to_string());
    }
    for (i, step) in lesson.steps.iter().enumerate() {
        if let Some(c) = step.commands.iter().find(|c| !crate::shell::one_command(c)) {
            return Err(format!("step {} ({:?}): the command {c:?} spans several lines, but only a line's here-documents may follow it (each closed by its delimiter line)", i + 1, step.title));
        }
        if let Some(f) = step.fails.iter().find(|f| !step.commands.contains(f)) {
            return Err(format!("step {} ({:?}): fails lists {f:?}, which is not one of its commands", i + 1, step.title));
        }
        for (j, c) in step.checks.iter().enumerate() {
            check::validate(c).map_err(|m| format!("step {} ({:?}), check {}: {m}", i + 1, step.title, j + 1))?;
        }
    }
    if lesson.steps.is_empty() {
        return Err("a lesson needs at least one step".into());
    }
    Ok(lesson)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_lesson_decodes_with_its_id() {
        for id in ids() {
            let l = load(id).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(l.id, id);
            assert!(!l.steps.is_empty());
        }
        assert_eq!(list().len(), 27);
    }

    #[test]
    fn the_list_has_the_titles_the_whole_files_give() {
        let whole: Vec<(String, String)> = ids().into_iter().map(|id| load(id).map(|l| (l.id, l.title)).unwrap_or_else(|e| panic!("{e}"))).collect();
        assert_eq!(list(), whole);
        // Quoted titles read as YAML reads them.
        assert_eq!(title_line("id: x\ntitle: \"Scheduling: taints\"\n").as_deref(), Some("Scheduling: taints"));
        assert_eq!(title_line("id: x\ntitle:\n  nested: no\n"), None);
        assert_eq!(title_line("id: x\ntitle: >\n  folded\n"), None);
    }

    #[test]
    fn unknown_fields_and_bad_checks_are_located_errors() {
        let typo = "id: x\ntitle: X\nsummary: s\nsteps:\n- title: a\n  text: t\n  comands: []\n";
        let err = parse(typo).unwrap_err();
        assert!(err.contains("comands"), "{err}");
        let no_comparison = "id: x\ntitle: X\nsummary: s\nsteps:\n- title: a\n  text: t\n  checks:\n  - kind: Pod\n";
        let err = parse(no_comparison).unwrap_err();
        assert!(err.contains("step 1") && err.contains("check 1"), "{err}");
        let bad_kind = "id: x\ntitle: X\nsummary: s\nsteps:\n- title: a\n  text: t\n  checks:\n  - kind: Gizmo\n    count: 1\n";
        assert!(parse(bad_kind).unwrap_err().contains("Gizmo"));
        assert_eq!(load("nope"), Err(LessonError::NotFound("nope".into())));
        let stray_failure = "id: x\ntitle: X\nsummary: s\nsteps:\n- title: a\n  text: t\n  commands: [kubectl get pods]\n  fails: [kubectl get pod]\n";
        let err = parse(stray_failure).unwrap_err();
        assert!(err.contains("step 1") && err.contains("kubectl get pod\""), "{err}");
        let failure = "id: x\ntitle: X\nsummary: s\nsteps:\n- title: a\n  text: t\n  commands: [kubectl get pods, kubectl get nope]\n  fails: [kubectl get nope]\n";
        let step = &parse(failure).unwrap_or_else(|e| panic!("{e}")).steps[0];
        assert!(step.must_fail("kubectl get nope") && !step.must_fail("kubectl get pods"));
    }

    // A command with a here-document, as a lesson writes it in a block
    // scalar, is one command; lines that are not its bodies are refused.
    #[test]
    fn commands_may_carry_their_heredocs() {
        let src = "id: x\ntitle: X\nsummary: s\nsteps:\n- title: a\n  text: t\n  commands:\n  - |\n    cat <<EOF | kubectl apply -f -\n    apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: $NAME\n    EOF\n  - NAME=late\n";
        let lesson = parse(src).unwrap_or_else(|e| panic!("{e}"));
        let command = &lesson.steps[0].commands[0];
        assert_eq!(command, "cat <<EOF | kubectl apply -f -\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: $NAME\nEOF\n");
        // The runner's path: the body expands when the command runs.
        let mut pg = crate::Playground::new(1);
        assert!(!pg.run("NAME=settings", None).failed);
        let out = pg.run(command, None);
        assert_eq!(out.stdout, "configmap/settings created\n", "{}", out.stderr);
        let open = src.replace("    EOF\n", "");
        assert!(parse(&open).unwrap_err().contains("spans several lines"));
        let two = "id: x\ntitle: X\nsummary: s\nsteps:\n- title: a\n  text: t\n  commands:\n  - |\n    kubectl get pods\n    kubectl get svc\n";
        assert!(parse(two).unwrap_err().contains("step 1"));
    }
}
