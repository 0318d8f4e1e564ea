//! Evaluating a lesson's checks against the cluster, each with a plain
//! sentence saying what was expected and what is there now, so the lesson
//! panel can tell the reader why a step is not done yet.

use super::{Check, Lesson};
use crate::Playground;
use kubeplay_kubectl::print::jsonpath::{relaxed_expression, JsonPath};
use kubeplay_model::{Kind, Object, Selector};
use serde::Serialize;
use serde_json::Value;

/// The outcome of one check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckResult {
    pub passed: bool,
    /// What the check asks, in words: `deployment nginx-deployment has status.availableReplicas equal to 4`.
    pub sentence: String,
    /// What is there now: `it is 3`, `2 match`.
    pub observed: String,
}

/// The results of every check of step `step` (0-based) of `lesson`; empty
/// when the step has no checks or does not exist.
pub fn check_step(pg: &Playground, lesson: &Lesson, step: usize) -> Vec<CheckResult> {
    lesson.steps.get(step).map(|s| s.checks.iter().map(|c| evaluate(pg, c)).collect()).unwrap_or_default()
}

/// Rejects checks that can never be evaluated: an unknown kind, a bad
/// selector or path, no comparison or several.
pub(super) fn validate(c: &Check) -> Result<(), String> {
    // A qualified name (`crontabs.stable.example.com`) may be a kind a
    // lesson's CRD defines: it resolves once the CRD is established.
    if Kind::from_resource_name(&c.kind).is_none() && !c.kind.contains('.') {
        return Err(format!("unknown kind {:?}", c.kind));
    }
    if let Some(s) = &c.selector {
        Selector::parse(s).map_err(|e| format!("selector {s:?}: {e}"))?;
    }
    for path in c.where_.keys().chain(c.field.iter()) {
        path_of(path)?;
    }
    let comparisons = [c.equals.is_some(), c.at_least.is_some(), c.at_most.is_some(), c.exists.is_some(), c.count.is_some()];
    match comparisons.iter().filter(|b| **b).count() {
        0 => Err("say what to compare: equals, atLeast, atMost, exists or count".into()),
        1 if c.count.is_some() && c.field.is_some() => Err("count counts objects; it cannot go with field".into()),
        1 => Ok(()),
        _ => Err("use one comparison per check".into()),
    }
}

fn path_of(path: &str) -> Result<JsonPath, String> {
    let expr = relaxed_expression(path).map_err(|e| format!("field {path:?}: {e}"))?;
    JsonPath::parse(&expr).map_err(|e| format!("field {path:?}: {e}"))
}

/// A field's value: null when missing, the value when there is one, an
/// array when the path selects several.
fn field(obj: &Value, path: &str) -> Value {
    let found = path_of(path).and_then(|p| p.find(obj)).unwrap_or_default();
    match found.len() {
        0 => Value::Null,
        1 => found.into_iter().next().unwrap_or(Value::Null),
        _ => Value::Array(found),
    }
}

fn text(v: &Value) -> String {
    match v {
        Value::Null => "not set".into(),
        Value::String(s) => s.clone(),
        Value::Array(vs) if !vs.is_empty() => vs.iter().map(text).collect::<Vec<_>>().join(", "),
        other => kubeplay_kubectl::print::jsonpath::value_text(other),
    }
}

fn number(v: &Value) -> f64 {
    match v {
        Value::Number(n) => n.as_f64().unwrap_or(0.0),
        Value::String(s) => s.parse().unwrap_or(f64::NAN),
        _ => 0.0,
    }
}

/// Equality as a lesson author means it: `4` equals `"4"`, and a missing
/// field equals the zero value Kubernetes would have omitted.
fn same(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Null, Value::Number(n)) => n.as_f64() == Some(0.0),
        (Value::Null, Value::Bool(b)) => !b,
        (Value::Null, Value::String(s)) => s.is_empty(),
        (Value::Null, Value::Null) => true,
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (a, b) => text(a) == text(b),
    }
}

fn num_text(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { n.to_string() }
}

/// The objects in words, `head` first: `deployment nginx-deployment`,
/// `every pod with labels app=nginx in namespace web`.
fn subject(c: &Check, head: &str) -> String {
    let mut s = match &c.name {
        Some(n) => format!("{head} {n}"),
        None => head.to_string(),
    };
    if let Some(sel) = &c.selector {
        s.push_str(&format!(" with labels {sel}"));
    }
    for (i, (k, v)) in c.where_.iter().enumerate() {
        s.push_str(if i == 0 { " whose " } else { " and " });
        s.push_str(&format!("{k} is {}", text(v)));
    }
    if let Some(ns) = &c.namespace {
        if ns != "default" {
            s.push_str(&format!(" in namespace {ns}"));
        }
    }
    s
}

/// `there is exactly 1 pod …`, `there are at least 3 pods …`.
fn how_many(c: &Check, kind: Kind, bound: &str, n: f64) -> String {
    let singular = kind.name().to_ascii_lowercase();
    let (verb, noun) = if n == 1.0 { ("is", singular.as_str()) } else { ("are", kind.info().plural) };
    format!("there {verb} {bound} {} {}", num_text(n), subject(c, noun))
}

fn comparison(c: &Check) -> String {
    if let Some(v) = &c.equals {
        format!("equal to {}", text(v))
    } else if let Some(n) = c.at_least {
        format!("at least {}", num_text(n))
    } else if let Some(n) = c.at_most {
        format!("at most {}", num_text(n))
    } else {
        String::new()
    }
}

/// Evaluates one check now.
pub fn evaluate(pg: &Playground, c: &Check) -> CheckResult {
    let served = pg.engine().served_custom_kinds();
    let Some(kind) = kubeplay_model::custom_kind::with_served(served, || Kind::from_resource_name(&c.kind)) else {
        return CheckResult { passed: false, sentence: format!("unknown kind {:?}", c.kind), observed: String::new() };
    };
    let store = pg.engine().store();
    let ns = if kind.namespaced() { Some(c.namespace.as_deref().unwrap_or("default")) } else { None };
    let selector = match c.selector.as_deref().map(Selector::parse) {
        None => Selector::everything(),
        Some(Ok(s)) => s,
        Some(Err(_)) => Selector::nothing(),
    };
    let matching: Vec<Value> = store
        .list(kind, ns)
        .filter(|o| c.name.as_deref().is_none_or(|n| o.name() == n))
        .filter(|o| selector.matches(&o.meta().labels))
        .map(|o| Object::to_json(o))
        .filter(|j| c.where_.iter().all(|(path, want)| same(&field(j, path), want)))
        .collect();
    let singular = kind.name().to_ascii_lowercase();
    let one = subject(c, &if c.name.is_some() { singular.clone() } else { format!("a {singular}") });
    let (passed, mut sentence, observed) = match &c.field {
        None => {
            let n = matching.len() as f64;
            let observed = match matching.len() {
                0 => "none match".to_string(),
                1 => "1 matches".to_string(),
                k => format!("{k} match"),
            };
            if let Some(want) = c.count {
                (n == want as f64, how_many(c, kind, "exactly", want as f64), observed)
            } else if let Some(e) = c.exists {
                let sentence = if e || c.name.is_some() {
                    format!("{one} {}", if e { "exists" } else { "does not exist" })
                } else {
                    format!("{} exists", subject(c, &format!("no {singular}")))
                };
                (e == (n > 0.0), sentence, observed)
            } else if let Some(want) = c.at_least {
                (n >= want, how_many(c, kind, "at least", want), observed)
            } else if let Some(want) = c.at_most {
                (n <= want, how_many(c, kind, "at most", want), observed)
            } else {
                let want = c.equals.as_ref().map(number).unwrap_or(f64::NAN);
                (n == want, how_many(c, kind, "exactly", want), observed)
            }
        }
        Some(path) => {
            let values: Vec<Value> = matching.iter().map(|j| field(j, path)).collect();
            let ok = |v: &Value| {
                if let Some(want) = &c.equals {
                    same(v, want)
                } else if let Some(want) = c.at_least {
                    number(v) >= want
                } else if let Some(want) = c.at_most {
                    number(v) <= want
                } else {
                    c.exists.is_some_and(|e| e != v.is_null())
                }
            };
            let what = subject(c, &if c.name.is_some() { singular.clone() } else { format!("every {singular}") });
            let sentence = match c.exists {
                Some(true) => format!("{what} has {path} set"),
                Some(false) => format!("{what} has no {path}"),
                None => format!("{what} has {path} {}", comparison(c)),
            };
            let observed = match values.as_slice() {
                [] => "no such object".to_string(),
                [v] => format!("it is {}", text(v)),
                vs => format!("they are {}", vs.iter().map(text).collect::<Vec<_>>().join(", ")),
            };
            (!values.is_empty() && values.iter().all(ok), sentence, observed)
        }
    };
    if let Some(says) = &c.says {
        sentence = says.clone();
    }
    CheckResult { passed, sentence, observed }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(yaml: &str) -> Check {
        let doc = kubeplay_codec::read_documents(yaml, &kubeplay_codec::Limits::default()).into_iter().next().unwrap().unwrap();
        let (c, _) = kubeplay_codec::decode_node::<Check>(&doc.root).unwrap();
        validate(&c).unwrap();
        c
    }

    const NGINX: &str = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\n  labels: {app: nginx}\nspec:\n  replicas: 3\n  selector:\n    matchLabels: {app: nginx}\n  template:\n    metadata:\n      labels: {app: nginx}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.14.2\n";

    #[test]
    fn checks_over_a_settled_deployment() {
        let mut pg = Playground::new(1);
        let before = evaluate(&pg, &check("kind: Deployment\nname: nginx-deployment\nfield: status.availableReplicas\nequals: 3\n"));
        assert!(!before.passed);
        assert_eq!(before.sentence, "deployment nginx-deployment has status.availableReplicas equal to 3");
        assert_eq!(before.observed, "no such object");
        assert!(!pg.apply(NGINX).failed);
        assert!(pg.settle());
        let table = [
            ("kind: Deployment\nname: nginx-deployment\nfield: status.availableReplicas\nequals: 3\n", true),
            ("kind: deploy\nname: nginx-deployment\nfield: .status.availableReplicas\nequals: \"3\"\n", true),
            ("kind: Deployment\nname: nginx-deployment\nfield: status.availableReplicas\natLeast: 4\n", false),
            ("kind: pods\nselector: app=nginx\ncount: 3\n", true),
            ("kind: Pod\nselector: app=nginx\nfield: status.phase\nequals: Running\n", true),
            ("kind: Pod\nselector: app=other\nexists: false\n", true),
            ("kind: ReplicaSet\nwhere:\n  spec.template.spec.containers[0].image: nginx:1.14.2\nfield: status.readyReplicas\nequals: 3\n", true),
            // Missing fields equal the zero Kubernetes omits.
            ("kind: Deployment\nname: nginx-deployment\nfield: status.unavailableReplicas\nequals: 0\n", true),
            ("kind: Deployment\nname: nginx-deployment\nfield: spec.paused\nexists: true\n", false),
            ("kind: Node\ncount: 4\n", true),
            ("kind: Pod\nnamespace: kube-system\nselector: k8s-app=kube-dns\natLeast: 1\n", true),
        ];
        for (yaml, want) in table {
            let r = evaluate(&pg, &check(yaml));
            assert_eq!(r.passed, want, "{yaml}: {r:?}");
        }
        let r = evaluate(&pg, &check("kind: Deployment\nname: nginx-deployment\nfield: status.availableReplicas\natLeast: 4\n"));
        assert_eq!(r.observed, "it is 3");
        let r = evaluate(&pg, &check("kind: Pod\nselector: app=nginx\ncount: 2\n"));
        assert_eq!((r.sentence.as_str(), r.observed.as_str()), ("there are exactly 2 pods with labels app=nginx", "3 match"));
        let r = evaluate(&pg, &check("kind: rs\nselector: app=nginx\ncount: 1\n"));
        assert_eq!(r.sentence, "there is exactly 1 replicaset with labels app=nginx");
        let r = evaluate(&pg, &check("kind: Pod\nselector: app=nginx\nwhere:\n  spec.nodeName: nowhere\nexists: false\n"));
        assert_eq!(r.sentence, "no pod with labels app=nginx whose spec.nodeName is nowhere exists");
        let r = evaluate(&pg, &check("kind: Pod\nnamespace: kube-system\nselector: k8s-app=kube-dns\nfield: status.phase\nequals: Running\n"));
        assert_eq!(r.sentence, "every pod with labels k8s-app=kube-dns in namespace kube-system has status.phase equal to Running");
    }

    #[test]
    fn invalid_checks_are_rejected() {
        let bad = [
            Check { kind: "Pod".into(), ..Default::default() },
            Check { kind: "Pod".into(), count: Some(1), field: Some("status.phase".into()), ..Default::default() },
            Check { kind: "Pod".into(), count: Some(1), exists: Some(true), ..Default::default() },
            Check { kind: "Pod".into(), selector: Some("a in (".into()), count: Some(1), ..Default::default() },
            Check { kind: "Pod".into(), field: Some("{.a".into()), exists: Some(true), ..Default::default() },
        ];
        for c in bad {
            assert!(validate(&c).is_err(), "{c:?}");
        }
    }
}
