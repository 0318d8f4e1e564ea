//! `kubectl set image|resources|env|serviceaccount`: edits of the pod
//! template of any workload (or of a pod), printed only when something
//! changed, as kubectl's patch calculation skips empty patches (set
//! serviceaccount sends and prints them all the same).

use super::write::{find, report, Printer};
use super::{Io, Output};
use crate::cli::{DryRun, Invocation, SetEnv, SetImage, SetResources, SetServiceAccount, Targets, WriteOptions};
use crate::exec::apply::CHANGE_CAUSE;
use kubeplay_engine::client::{self, ClientError};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, EnvVar, EnvVarSource, KeySelector, PodSpec};
use kubeplay_model::{Kind, Object, Quantity};
use std::sync::Arc;

/// The pod spec inside a pod or a workload's template.
pub fn pod_spec_mut(obj: &mut Object) -> Option<&mut PodSpec> {
    match obj {
        Object::Pod(p) => Some(p.spec_mut()),
        Object::Deployment(d) => Some(&mut d.spec.template.spec),
        Object::ReplicaSet(r) => Some(&mut r.spec.template.spec),
        Object::ReplicationController(r) => r.spec.template.as_mut().map(|t| &mut t.spec),
        Object::StatefulSet(s) => Some(&mut s.spec.template.spec),
        Object::DaemonSet(d) => Some(&mut d.spec.template.spec),
        Object::Job(j) => Some(&mut j.spec.template.spec),
        Object::CronJob(c) => Some(&mut c.spec.job_template.spec.template.spec),
        _ => None,
    }
}

/// The read-only counterpart of [`pod_spec_mut`].
pub fn pod_spec(obj: &Object) -> Option<&PodSpec> {
    match obj {
        Object::Pod(p) => Some(&p.spec),
        Object::Deployment(d) => Some(&d.spec.template.spec),
        Object::ReplicaSet(r) => Some(&r.spec.template.spec),
        Object::ReplicationController(r) => r.spec.template.as_ref().map(|t| &t.spec),
        Object::StatefulSet(s) => Some(&s.spec.template.spec),
        Object::DaemonSet(d) => Some(&d.spec.template.spec),
        Object::Job(j) => Some(&j.spec.template.spec),
        Object::CronJob(c) => Some(&c.spec.job_template.spec.template.spec),
        _ => None,
    }
}

fn no_template(obj: &Object) -> String {
    format!(
        "error: {} the object is not a pod or does not have a pod template: *{}.{}",
        crate::print::structured::object_name(obj),
        obj.kind().info().version,
        obj.kind().info().kind
    )
}

/// `filepath.Match` for container selectors: `*` and `?` wildcards.
pub fn glob(pattern: &str, name: &str) -> bool {
    fn rec(p: &[char], n: &[char]) -> bool {
        match p.split_first() {
            None => n.is_empty(),
            Some(('*', rest)) => (0..=n.len()).any(|i| rec(rest, &n[i..])),
            Some(('?', rest)) => !n.is_empty() && rec(rest, &n[1..]),
            Some((c, rest)) => n.first() == Some(c) && rec(rest, &n[1..]),
        }
    }
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    rec(&p, &n)
}

/// What one `set` subcommand does to a pod spec; `Err` is kubectl's message.
type SpecEdit<'a> = dyn Fn(&Object, &mut PodSpec, &mut Output) -> Result<(), String> + 'a;

/// How one `set` subcommand reports itself.
struct Verb {
    /// What the printer says of a changed object (`image updated`).
    operation: &'static str,
    /// The command, for the trace (`set image`).
    what: &'static str,
    /// kubectl's words before the server's error (`image update to pod
    /// template: `).
    failure: &'static str,
    /// Whether an object the edit leaves as it was is skipped (set image,
    /// resources and env send no empty patch) or sent all the same (set
    /// serviceaccount patches and prints it).
    skip_unchanged: bool,
}

/// The shared loop: edit each object's pod spec, record the change cause,
/// skip objects that did not change (as the verb says), print the rest.
#[allow(clippy::too_many_arguments)]
fn edit_all(
    targets: &Targets,
    local: bool,
    write: &WriteOptions,
    verb: &Verb,
    inv: &Invocation,
    engine: &mut Engine,
    io: Io,
    out: &mut Output,
    edit: &SpecEdit,
) {
    let fetched = if local {
        local_objects(targets, inv, io)
    } else {
        let f = find(engine, inv, io, targets, false);
        (f.objects, f.errors)
    };
    let (objects, mut errors) = fetched;
    let mut printer = Printer::new(write);
    for obj in objects {
        let mut copy: Object = (*obj).clone();
        let Some(spec) = pod_spec_mut(&mut copy) else {
            errors.push(no_template(&obj));
            continue;
        };
        if let Err(e) = edit(&obj, spec, out) {
            errors.push(format!("error: {e}"));
            continue;
        }
        if let Some(cause) = &inv.change_cause {
            copy.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
        }
        if verb.skip_unchanged && copy == *obj {
            continue;
        }
        let (operation, what) = (verb.operation, verb.what);
        // kubectl set decodes objects into its typed structs: they print in
        // field order.
        if local || write.dry_run == DryRun::Client {
            printer.typed_object(out, &copy, operation);
            continue;
        }
        let key = obj.key();
        let result = if write.dry_run == DryRun::Server {
            client::dry_run(engine, |s, c| s.update(copy, c)).map_err(ClientError::Api)
        } else {
            let replacement = copy;
            client::update_with(engine, &key, &format!("kubectl {what} {key}"), |o| {
                let rv = o.meta().resource_version.clone();
                *o = replacement;
                o.meta_mut().resource_version = rv;
                Ok(())
            })
            .map(|(_, o)| o)
        };
        match result {
            Ok(updated) => printer.typed_object(out, &updated, operation),
            Err(e) => {
                let why = match &e {
                    ClientError::Api(a) => a.server_message(),
                    ClientError::Client(m) => m.clone(),
                };
                errors.push(format!("error: failed to patch {}{why}", verb.failure));
            }
        }
    }
    report(out, errors);
}

/// `--local`: the objects as the files give them, without the cluster
/// (and without a namespace the file does not give: kubectl prints none).
fn local_objects(targets: &Targets, _inv: &Invocation, io: Io) -> (Vec<Arc<Object>>, Vec<String>) {
    match targets {
        Targets::Files { paths, .. } => {
            let (objs, errs) = super::read_manifests(paths, io);
            (objs.into_iter().map(|m| Arc::new(m.decoded.object)).collect(), errs)
        }
        // The local builder sees no files: its missing-resource error.
        _ => (Vec::new(), vec![crate::error::ParseError::NoResources.to_string()]),
    }
}

fn containers_mut(spec: &mut PodSpec) -> impl Iterator<Item = &mut Container> {
    spec.containers.iter_mut().chain(spec.init_containers.iter_mut())
}

pub fn image(s: &SetImage, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let edit = |_: &Object, spec: &mut PodSpec, _: &mut Output| -> Result<(), String> {
        for (name, image) in &s.images {
            let mut found = false;
            for c in containers_mut(spec) {
                if c.name == *name || name == "*" {
                    found = true;
                    c.image = Some(image.as_str().into());
                }
            }
            if !found {
                return Err(format!("unable to find container named {}", crate::gofmt::quote(name)));
            }
        }
        Ok(())
    };
    let verb = Verb { operation: "image updated", what: "set image", failure: "image update to pod template: ", skip_unchanged: true };
    edit_all(&s.targets, s.local, &s.write, &verb, inv, engine, io, out, &edit);
}

pub fn resources(s: &SetResources, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let parse =
        |pairs: &[(String, String)]| -> Vec<(String, Quantity)> { pairs.iter().filter_map(|(k, v)| Quantity::parse(v).ok().map(|q| (k.clone(), q))).collect() };
    let (limits, requests) = (parse(&s.limits), parse(&s.requests));
    let edit = |_: &Object, spec: &mut PodSpec, _: &mut Output| -> Result<(), String> {
        let mut found = false;
        for c in containers_mut(spec).filter(|c| glob(&s.containers, &c.name)) {
            found = true;
            for (k, q) in &limits {
                c.resources.limits.insert(k.clone(), q.clone());
            }
            for (k, q) in &requests {
                c.resources.requests.insert(k.clone(), q.clone());
            }
        }
        if !found {
            return Err(format!("unable to find container named {}", s.containers));
        }
        Ok(())
    };
    // kubectl writes this one without a colon.
    let verb = Verb { operation: "resource requirements updated", what: "set resources", failure: "resources update to pod template ", skip_unchanged: true };
    edit_all(&s.targets, s.local, &s.write, &verb, inv, engine, io, out, &edit);
}

/// `keyToEnvName`: upper case, anything outside `[A-Za-z0-9_]` as `_`.
fn key_to_env_name(key: &str) -> String {
    key.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c.to_ascii_uppercase() } else { '_' }).collect()
}

/// The variables `--from=configmap/NAME|secret/NAME` adds, by key.
fn from_source(s: &SetEnv, inv: &Invocation, engine: &Engine) -> Result<Vec<EnvVar>, String> {
    let Some(from) = &s.from else {
        return Ok(Vec::new());
    };
    let (kind, name) = match from.split_once('/') {
        Some((t, n)) => (Kind::from_resource_name(t), n.to_string()),
        None => (None, from.clone()),
    };
    let ns = super::write::namespace(inv);
    let (keys, is_secret): (Vec<String>, bool) = match kind {
        Some(Kind::ConfigMap) => match engine.store().get_by(Kind::ConfigMap, ns, &name).map(|o| o.as_ref()) {
            Some(Object::ConfigMap(cm)) => (cm.data.keys().cloned().collect(), false),
            _ => return Err(kubeplay_apiserver::ApiError::not_found(Kind::ConfigMap, &name).kubectl_message()),
        },
        Some(Kind::Secret) => match engine.store().get_by(Kind::Secret, ns, &name).map(|o| o.as_ref()) {
            Some(Object::Secret(sec)) => (sec.data.keys().cloned().collect(), true),
            _ => return Err(kubeplay_apiserver::ApiError::not_found(Kind::Secret, &name).kubectl_message()),
        },
        _ => return Err("error: unsupported resource specified in --from".into()),
    };
    let prefix = s.prefix.clone().unwrap_or_default();
    Ok(keys
        .into_iter()
        .filter(|k| s.keys.is_empty() || s.keys.contains(k))
        .map(|k| {
            let sel = KeySelector { name: Some(name.clone()), key: k.clone(), optional: None };
            let source = if is_secret {
                EnvVarSource { secret_key_ref: Some(sel), ..Default::default() }
            } else {
                EnvVarSource { config_map_key_ref: Some(sel), ..Default::default() }
            };
            EnvVar { name: format!("{prefix}{}", key_to_env_name(&k)), value: None, value_from: Some(Box::new(source)) }
        })
        .collect())
}

fn list_env(s: &SetEnv, inv: &Invocation, engine: &Engine, io: Io, out: &mut Output) {
    let (objects, errors) = if s.local {
        local_objects(&s.targets, inv, io)
    } else {
        let f = find(engine, inv, io, &s.targets, false);
        (f.objects, f.errors)
    };
    for obj in objects {
        let Some(spec) = pod_spec(&obj) else {
            out.error(&no_template(&obj));
            continue;
        };
        for c in spec.containers.iter().filter(|c| glob(&s.containers, &c.name)) {
            out.out(&format!("# {} {}, container {}", obj.kind().info().kind, obj.name(), c.name));
            for e in &c.env {
                match (&e.value, &e.value_from) {
                    (_, Some(src)) => {
                        let what = match (&src.config_map_key_ref, &src.secret_key_ref) {
                            (Some(r), _) => format!("configmap {}, key {}", r.name.clone().unwrap_or_default(), r.key),
                            (_, Some(r)) => format!("secret {}, key {}", r.name.clone().unwrap_or_default(), r.key),
                            _ => "field path".to_string(),
                        };
                        out.out(&format!("# {} from {what}", e.name));
                    }
                    (v, None) => out.out(&format!("{}={}", e.name, v.clone().unwrap_or_default())),
                }
            }
        }
    }
    report(out, errors);
}

pub fn env(s: &SetEnv, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    if s.list {
        list_env(s, inv, engine, io, out);
        return;
    }
    let from = match from_source(s, inv, engine) {
        Ok(f) => f,
        Err(e) => {
            out.error(&e);
            return;
        }
    };
    let edit = |obj: &Object, spec: &mut PodSpec, out: &mut Output| -> Result<(), String> {
        let mut matched = false;
        for c in spec.containers.iter_mut().chain(spec.init_containers.iter_mut()).filter(|c| glob(&s.containers, &c.name)) {
            matched = true;
            let wanted: Vec<EnvVar> =
                s.set.iter().map(|(k, v)| EnvVar { name: k.clone(), value: Some(v.clone()), value_from: None }).chain(from.iter().cloned()).collect();
            for var in wanted {
                match c.env.iter_mut().find(|e| e.name == var.name) {
                    Some(existing) if *existing == var => {}
                    Some(existing) => {
                        if !s.overwrite {
                            return Err(format!(
                                "{}\n '{}' already has a value ({}), and --overwrite is false",
                                crate::print::structured::object_name(obj),
                                var.name,
                                existing.value.clone().unwrap_or_default()
                            ));
                        }
                        *existing = var;
                    }
                    None => c.env.push(var),
                }
            }
            c.env.retain(|e| !s.remove.contains(&e.name));
        }
        if !matched {
            out.note(&format!(
                "Warning: {}/{} does not have any containers matching {}",
                obj.kind().info().kind,
                obj.name(),
                crate::gofmt::quote(&s.containers)
            ));
        }
        Ok(())
    };
    let verb = Verb { operation: "env updated", what: "set env", failure: "env update to pod template: ", skip_unchanged: true };
    edit_all(&s.targets, s.local, &s.write, &verb, inv, engine, io, out, &edit);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_and_env_names() {
        assert!(glob("*", "nginx"));
        assert!(glob("ng*", "nginx"));
        assert!(glob("ngin?", "nginx"));
        assert!(!glob("redis", "nginx"));
        assert_eq!(key_to_env_name("log.level-x"), "LOG_LEVEL_X");
    }
}

/// `set serviceaccount`: the pod template's (or pod's) service account.
pub fn service_account(s: &SetServiceAccount, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let edit = |_: &Object, spec: &mut PodSpec, _: &mut Output| -> Result<(), String> {
        spec.service_account_name = Some(s.name.as_str().into());
        Ok(())
    };
    let verb = Verb { operation: "serviceaccount updated", what: "set serviceaccount", failure: "ServiceAccountName ", skip_unchanged: false };
    edit_all(&s.targets, s.local, &s.write, &verb, inv, engine, io, out, &edit);
}
