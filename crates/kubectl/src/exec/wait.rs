//! `kubectl wait --for=delete|create|condition=…|jsonpath=…`: advances
//! virtual time until each object meets the condition or the shared
//! deadline passes.

use super::waiting::{gave_up_note, wait_until, Poll, Waited, FOREVER_MS};
use super::write::{find, report};
use super::{Io, Output};
use crate::cli::{Invocation, Wait, WaitFor};
use crate::print::jsonpath::{value_text, JsonPath};
use crate::print::structured::object_value;
use kubeplay_engine::Engine;
use kubeplay_model::Object;

/// Whether an object meets a `condition=Type[=status]` wait.
pub fn condition_met(obj: &Object, type_: &str, status: &str) -> bool {
    let v = obj.to_json();
    let Some(conds) = v.get("status").and_then(|s| s.get("conditions")).and_then(|c| c.as_array()) else { return false };
    let generation = obj.meta().generation;
    conds.iter().any(|c| {
        let t = c.get("type").and_then(|t| t.as_str()).unwrap_or_default();
        let s = c.get("status").and_then(|t| t.as_str()).unwrap_or_default();
        let fresh = c.get("observedGeneration").and_then(|g| g.as_i64()).is_none_or(|g| g >= generation);
        t.eq_ignore_ascii_case(type_) && s.eq_ignore_ascii_case(status) && fresh
    })
}

/// Whether the JSONPath finds the field (and, if given, the value).
fn jsonpath_met(obj: &Object, path: &JsonPath, value: Option<&str>) -> Result<bool, String> {
    let found = path.find(&object_value(obj, false))?;
    Ok(match value {
        None => !found.is_empty(),
        Some(want) => found.len() == 1 && found.iter().all(|v| value_text(v) == want),
    })
}

pub fn run(w: &Wait, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let path = match &w.for_ {
        WaitFor::JsonPath { path, .. } => match JsonPath::parse(path) {
            Ok(p) => Some(p),
            Err(e) => {
                out.error(&format!("error: {e}"));
                return;
            }
        },
        _ => None,
    };
    let fetched = find(engine, inv, io, &w.targets, w.all_namespaces);
    let deleting = w.for_ == WaitFor::Delete;
    let errors: Vec<String> = if deleting { fetched.errors.into_iter().filter(|e| !fetched.not_found.contains(e)).collect() } else { fetched.errors };
    if !errors.is_empty() {
        report(out, errors);
        return;
    }
    if fetched.objects.is_empty() && !deleting {
        out.error("error: no matching resources found");
        return;
    }
    // One deadline for all objects, as kubectl's single context has.
    let start = engine.now();
    let total = if w.timeout_ms < 0 { FOREVER_MS } else { w.timeout_ms };
    for obj in &fetched.objects {
        let key = obj.key();
        let uid = obj.meta().uid.clone();
        let left = total - (engine.now().millis() - start.millis());
        let check = |e: &Engine| -> Poll {
            let live = e.store().get(&key).filter(|o| o.meta().uid == uid);
            let met = match (&w.for_, live) {
                (WaitFor::Delete, live) => Ok(live.is_none()),
                (_, None) => return Poll::Fail(kubeplay_apiserver::ApiError::not_found(key.kind, &key.name).kubectl_message()),
                (WaitFor::Create, Some(_)) => Ok(true),
                (WaitFor::Condition { type_, status }, Some(o)) => Ok(condition_met(o, type_, status)),
                (WaitFor::JsonPath { value, .. }, Some(o)) => match &path {
                    Some(p) => jsonpath_met(o, p, value.as_deref()),
                    None => Ok(false),
                },
            };
            match met {
                Ok(true) => Poll::Done,
                Ok(false) => Poll::Pending,
                Err(e) => Poll::Fail(format!("error: {e}")),
            }
        };
        let waited = if left <= 0 {
            match check(engine) {
                Poll::Done => Waited::Done,
                Poll::Fail(e) => Waited::Failed(e),
                Poll::Pending => Waited::TimedOut { forever: false },
            }
        } else {
            wait_until(engine, left, check)
        };
        match waited {
            Waited::Done => out.out(&format!("{} condition met", crate::print::structured::object_name(obj))),
            Waited::Failed(e) => {
                out.error(&e);
                return;
            }
            Waited::TimedOut { .. } => {
                out.error(&format!("error: timed out waiting for the condition on {}/{}", key.kind.info().plural, key.name));
                if w.timeout_ms < 0 {
                    out.note(&gave_up_note());
                }
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Condition;

    #[test]
    fn conditions_match_case_insensitively_and_need_fresh_generations() {
        let mut d = kubeplay_model::api::Deployment::default();
        d.metadata.generation = 2;
        d.status.conditions.push(Condition { type_: "Available".into(), status: "True".into(), ..Default::default() });
        let o = Object::from(d.clone());
        assert!(condition_met(&o, "available", "true"));
        assert!(!condition_met(&o, "Available", "False"));
        assert!(!condition_met(&o, "Progressing", "True"));
        d.status.conditions[0].observed_generation = Some(Box::new(1));
        assert!(!condition_met(&Object::from(d), "Available", "True"));
    }
}
