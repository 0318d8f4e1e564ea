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
use kubeplay_model::{Object, ObjectKey, Uid};
use serde_json::Value;

/// Whether an object meets a `condition=Type[=status]` wait: the first
/// condition of that type decides, and is ignored while its (or the
/// status's) observedGeneration lags the object's generation.
pub fn condition_met(obj: &Object, type_: &str, status: &str) -> bool {
    condition_met_value(&obj.to_json(), type_, status)
}

fn condition_met_value(v: &Value, type_: &str, status: &str) -> bool {
    let Some(conds) = v.pointer("/status/conditions").and_then(Value::as_array) else { return false };
    let generation = v.pointer("/metadata/generation").and_then(Value::as_i64);
    for c in conds {
        let Some(t) = c.get("type").and_then(Value::as_str) else { continue };
        if !t.eq_ignore_ascii_case(type_) {
            continue;
        }
        let Some(s) = c.get("status").and_then(Value::as_str) else { continue };
        if let Some(generation) = generation {
            let observed = c.get("observedGeneration").or_else(|| v.pointer("/status/observedGeneration")).and_then(Value::as_i64);
            if observed.is_some_and(|o| o < generation) {
                return false;
            }
        }
        return s.eq_ignore_ascii_case(status);
    }
    false
}

/// Whether the JSONPath finds the field (and, if given, the value), as
/// wait.go's JSONPathWait.checkCondition decides it; its errors stop the wait.
fn jsonpath_met(v: &Value, path: &JsonPath, value: Option<&str>) -> Result<bool, String> {
    let found = path.find(v)?;
    let Some(first) = found.first() else { return Ok(false) };
    if found.len() > 1 {
        return Err("given jsonpath expression matches more than one value".into());
    }
    let Some(want) = value else { return Ok(true) };
    if first.is_array() || first.is_object() {
        return Err("jsonpath leads to a nested object or list which is not supported".into());
    }
    Ok(value_text(first).trim() == want.trim())
}

/// What one object's check saw. A delete waits for the object found (a
/// new one of the same name does not count); the others watch the name, so
/// an object deleted meanwhile is waited for again.
fn check_one(e: &Engine, key: &ObjectKey, uid: &Uid, for_: &WaitFor, path: Option<&JsonPath>) -> Poll {
    let live = e.store().get(key);
    let met = match (for_, live) {
        (WaitFor::Delete, live) => Ok(live.is_none_or(|o| &o.meta().uid != uid)),
        (_, None) => Ok(false),
        (WaitFor::Create, Some(_)) => Ok(true),
        (WaitFor::Condition { type_, status }, Some(o)) => Ok(condition_met(o, type_, status)),
        (WaitFor::JsonPath { value, .. }, Some(o)) => match path {
            Some(p) => jsonpath_met(&object_value(o, false), p, value.as_deref()),
            None => Ok(false),
        },
    };
    match met {
        Ok(true) => Poll::Done,
        Ok(false) => Poll::Pending,
        Err(e) => Poll::Fail(format!("error: {e}")),
    }
}

/// `--for=create`: wait.go polls the finder until it finds every target.
fn wait_for_create(w: &Wait, inv: &Invocation, engine: &mut Engine, io: Io, total: i64) -> Waited {
    let missing = |e: &Engine| -> Poll {
        let fetched = find(e, inv, io, &w.targets, w.all_namespaces);
        if fetched.errors.is_empty() {
            Poll::Done
        } else if fetched.errors.iter().all(|e| fetched.not_found.contains(e)) {
            Poll::Pending
        } else {
            Poll::Fail(fetched.errors.join("\n"))
        }
    };
    // A zero timeout checks once.
    if total == 0 {
        once(missing(engine))
    } else {
        wait_until(engine, total, missing)
    }
}

fn once(p: Poll) -> Waited {
    match p {
        Poll::Done => Waited::Done,
        Poll::Fail(e) => Waited::Failed(e),
        Poll::Pending => Waited::TimedOut { forever: false },
    }
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
    // One deadline for all objects, as kubectl's single context has.
    let start = engine.now();
    let total = if w.timeout_ms < 0 { FOREVER_MS } else { w.timeout_ms };
    if w.for_ == WaitFor::Create {
        match wait_for_create(w, inv, engine, io, total) {
            Waited::Done => {}
            Waited::Failed(e) => {
                out.error(&e);
                return;
            }
            // The poll's timeout names no object.
            Waited::TimedOut { .. } => {
                out.error("error: timed out waiting for the condition");
                if w.timeout_ms < 0 {
                    out.note(&gave_up_note());
                }
                return;
            }
        }
    }
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
    for obj in &fetched.objects {
        let key = obj.key();
        let uid = obj.meta().uid.clone();
        let object = format!("{}/{}", key.kind.info().plural, key.name);
        let left = total - (engine.now().millis() - start.millis());
        // Each object's wait starts with a GET (or a list of its name).
        if !deleting && engine.store().get(&key).is_none() {
            out.error(&kubeplay_apiserver::ApiError::not_found(key.kind, &key.name).kubectl_message());
            return;
        }
        let check = |e: &Engine| check_one(e, &key, &uid, &w.for_, path.as_ref());
        let waited = if total == 0 {
            // A zero timeout checks once, and says so when unmet.
            match once(check(engine)) {
                Waited::TimedOut { .. } => Waited::Failed(format!("error: condition not met for {object}")),
                other => other,
            }
        } else if left <= 0 {
            once(check(engine))
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
                out.error(&format!("error: timed out waiting for the condition on {object}"));
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

#[cfg(test)]
#[path = "wait_upstream_tests.rs"]
mod upstream_tests;
