//! `kubectl set image|resources|env|serviceaccount`: edits of the pod
//! template of any workload (or of a pod), printed only when something
//! changed, as kubectl's patch calculation skips empty patches (set
//! serviceaccount sends and prints them all the same).

use super::write::{find, report, report_failures, Failure, Printer};
use super::{Io, Output};
use crate::cli::{DryRun, Invocation, SetEnv, SetImage, SetResources, SetSelector, SetServiceAccount, Targets, WriteOptions};
use crate::exec::apply::CHANGE_CAUSE;
use kubeplay_engine::client::{self, ClientError};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, EnvVar, EnvVarSource, KeySelector, PodSpec};
use kubeplay_model::{Kind, Object, Quantity};
use std::collections::BTreeMap;
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

/// set's `selectString`: a container selector where `*` is a non-greedy
/// wildcard (no other pattern characters). Its quirks are kept: it
/// compares an index taken from the last match with absolute positions,
/// so `x*` selects `nginx`.
pub fn glob(spec: &str, name: &str) -> bool {
    fn index(hay: &[u8], needle: &[u8]) -> Option<usize> {
        (0..=hay.len().checked_sub(needle.len())?).find(|&i| &hay[i..i + needle.len()] == needle)
    }
    if spec == "*" {
        return true;
    }
    if !spec.contains('*') {
        return name == spec;
    }
    let s = name.as_bytes();
    let parts: Vec<&str> = spec.split('*').collect();
    let mut pos: usize = 0;
    for (i, part) in parts.iter().enumerate() {
        if part.is_empty() {
            continue;
        }
        // Go's strings.Index: -1 when absent, relative to `pos`.
        let next: i64 = s.get(pos..).and_then(|rest| index(rest, part.as_bytes())).map_or(-1, |n| n as i64);
        if next < pos as i64 || (i == 0 && pos != 0) || (i == parts.len() - 1 && s.len() as i64 != part.len() as i64 + next) {
            return false;
        }
        pos = next as usize;
    }
    true
}

/// What one `set` subcommand does to a pod spec; `Err` is kubectl's message
/// and leaves the object alone. Errors pushed onto the vector (complete
/// lines) are reported at the end without stopping the edit, as set
/// image's missing containers are.
type SpecEdit<'a> = dyn Fn(&Object, &mut PodSpec, &mut Output, &mut Vec<String>) -> Result<(), String> + 'a;

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
    let (objects, fetch_errors) = fetched;
    let mut errors = Vec::new();
    let mut printer = Printer::new(write);
    for obj in objects {
        let mut copy: Object = (*obj).clone();
        let Some(spec) = pod_spec_mut(&mut copy) else {
            // Go's message for this one ends in a newline, which shows as a
            // blank line when several errors are printed together.
            errors.push(format!("{}\n", no_template(&obj)));
            continue;
        };
        if let Err(e) = edit(&obj, spec, out, &mut errors) {
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
            client::dry_run(engine, "patch", &key, "", |s, c| s.update(copy, c)).map_err(ClientError::Api)
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
        // PodSecurity's warnings about a new image or template, a dry
        // run's too.
        super::server_warnings(engine, out);
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
    errors.extend(fetch_errors);
    let together = errors.len() > 1;
    for e in errors {
        match e.strip_suffix('\n') {
            Some(line) if !together => out.error(line),
            _ if together && e.ends_with('\n') => out.error(&format!("{e}\n")),
            _ => out.error(&e),
        }
    }
}

/// `--local`: the objects as the files give them, without the cluster
/// (and without a namespace the file does not give: kubectl prints none).
pub(super) fn local_objects(targets: &Targets, _inv: &Invocation, io: Io) -> (Vec<Arc<Object>>, Vec<String>) {
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
    let edit = |_: &Object, spec: &mut PodSpec, _: &mut Output, errors: &mut Vec<String>| -> Result<(), String> {
        // A name no container has is reported, and the other names still
        // update the object.
        for (name, image) in &s.images {
            let mut found = false;
            for c in containers_mut(spec) {
                if c.name == *name || name == "*" {
                    found = true;
                    c.image = Some(image.as_str().into());
                }
            }
            if !found {
                errors.push(format!("error: unable to find container named {}", crate::gofmt::quote(name)));
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
    let edit = |_: &Object, spec: &mut PodSpec, _: &mut Output, _: &mut Vec<String>| -> Result<(), String> {
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
    if s.local {
        // Locally, kubectl's builder for --from reads the -f files instead
        // of the named object, and finds no ConfigMap or Secret there.
        return Err("error: unsupported resource specified in --from".into());
    }
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

/// `envutil.GetEnvVarRefString`: where a variable's value comes from.
fn env_ref_string(src: &EnvVarSource) -> String {
    let field = |v: &Option<serde_json::Value>, key: &str| v.as_ref().and_then(|v| v.get(key)).and_then(serde_json::Value::as_str).unwrap_or("").to_string();
    if let Some(r) = &src.config_map_key_ref {
        format!("configmap {}, key {}", r.name.clone().unwrap_or_default(), r.key)
    } else if let Some(r) = &src.secret_key_ref {
        format!("secret {}, key {}", r.name.clone().unwrap_or_default(), r.key)
    } else if src.field_ref.is_some() {
        format!("field path {}", field(&src.field_ref, "fieldPath"))
    } else if src.resource_field_ref.is_some() {
        let container = field(&src.resource_field_ref, "containerName");
        let prefix = if container.is_empty() { String::new() } else { format!("{container}/") };
        format!("resource field {prefix}{}", field(&src.resource_field_ref, "resource"))
    } else {
        "invalid valueFrom".to_string()
    }
}

/// `envutil.GetEnvVarRefValue`: a reference's value, read from the
/// cluster (ConfigMaps, Secrets) or from the object and container.
fn env_ref_value(engine: &Engine, ns: &str, src: &EnvVarSource, obj: &Object, c: &Container) -> Result<String, String> {
    let str_field = |v: &Option<serde_json::Value>, key: &str| v.as_ref().and_then(|v| v.get(key)).and_then(serde_json::Value::as_str).unwrap_or("").to_string();
    if let Some(r) = &src.secret_key_ref {
        let name = r.name.clone().unwrap_or_default();
        return match engine.store().get_by(Kind::Secret, ns, &name).map(|o| o.as_ref()) {
            Some(Object::Secret(sec)) => match sec.data.get(&r.key) {
                // Stored base64-encoded, as the API serves it.
                Some(v) => Ok(String::from_utf8_lossy(&kubeplay_model::base64::decode(v).unwrap_or_default()).into_owned()),
                None => Err(format!("key {} not found in secret {name}", r.key)),
            },
            _ => Err(kubeplay_apiserver::ApiError::not_found(Kind::Secret, &name).to_string()),
        };
    }
    if let Some(r) = &src.config_map_key_ref {
        let name = r.name.clone().unwrap_or_default();
        return match engine.store().get_by(Kind::ConfigMap, ns, &name).map(|o| o.as_ref()) {
            Some(Object::ConfigMap(cm)) => cm.data.get(&r.key).cloned().ok_or_else(|| format!("key {} not found in config map {name}", r.key)),
            _ => Err(kubeplay_apiserver::ApiError::not_found(Kind::ConfigMap, &name).to_string()),
        };
    }
    if src.field_ref.is_some() {
        let path = str_field(&src.field_ref, "fieldPath");
        let meta = obj.meta();
        let subscript = |prefix: &str| path.strip_prefix(prefix).and_then(|r| r.strip_prefix("['")).and_then(|r| r.strip_suffix("']")).map(str::to_string);
        return match path.as_str() {
            "metadata.name" => Ok(meta.name.to_string()),
            "metadata.namespace" => Ok(meta.namespace.to_string()),
            "metadata.uid" => Ok(meta.uid.to_string()),
            _ => match (subscript("metadata.labels"), subscript("metadata.annotations")) {
                (Some(k), _) => Ok(meta.labels.get(&k).cloned().unwrap_or_default()),
                (_, Some(k)) => Ok(meta.annotations.get(&k).cloned().unwrap_or_default()),
                _ => Err(format!("unsupported fieldPath: {path}")),
            },
        };
    }
    if src.resource_field_ref.is_some() {
        let resource = str_field(&src.resource_field_ref, "resource");
        let divisor = src.resource_field_ref.as_ref().and_then(|v| v.get("divisor")).and_then(|d| match d {
            serde_json::Value::String(s) => Quantity::parse(s).ok(),
            serde_json::Value::Number(n) => n.as_i64().map(Quantity::from_value),
            _ => None,
        });
        // The API server writes a zero divisor for an unset one; both mean 1.
        let divisor = divisor.filter(|d| !d.is_zero());
        let (map, name) = match resource.split_once('.') {
            Some(("limits", n)) => (&c.resources.limits, n),
            Some(("requests", n)) => (&c.resources.requests, n),
            _ => return Err(format!("unsupported container resource : {resource}")),
        };
        let q = map.get(name).cloned().unwrap_or_default();
        let ceil_div = |a: i64, b: i64| if b == 0 { 0 } else { (a as f64 / b as f64).ceil() as i64 };
        return match name {
            "cpu" => Ok(ceil_div(q.milli_value(), divisor.map_or(1000, |d| d.milli_value())).to_string()),
            "memory" | "ephemeral-storage" => Ok(ceil_div(q.value(), divisor.map_or(1, |d| d.value())).to_string()),
            _ => Err(format!("unsupported container resource : {resource}")),
        };
    }
    Err("invalid valueFrom".into())
}

/// `--list`: the variables after the command's own changes (nothing is
/// sent), a container at a time; with --resolve, references are read and
/// those that fail are reported after the container's list.
fn list_env(s: &SetEnv, inv: &Invocation, engine: &Engine, io: Io, out: &mut Output, edit: &SpecEdit) {
    let (objects, errors) = if s.local {
        local_objects(&s.targets, inv, io)
    } else {
        let f = find(engine, inv, io, &s.targets, false);
        (f.objects, f.errors)
    };
    let ns = super::write::namespace(inv);
    for obj in objects {
        let mut copy: Object = (*obj).clone();
        // Listing drops the patch errors: an object without a pod
        // template lists nothing.
        let Some(spec) = pod_spec_mut(&mut copy) else { continue };
        // A refused change (--overwrite=false) lists nothing and is not
        // reported: kubectl drops the patch error when listing.
        if edit(&obj, spec, out, &mut Vec::new()).is_err() {
            continue;
        }
        let spec: &PodSpec = spec;
        for c in spec.containers.iter().chain(spec.init_containers.iter()).filter(|c| glob(&s.containers, &c.name)) {
            out.out(&format!("# {} {}, container {}", obj.kind().info().kind, obj.name(), c.name));
            let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
            for e in &c.env {
                let Some(src) = &e.value_from else {
                    out.out(&format!("{}={}", e.name, e.value.clone().unwrap_or_default()));
                    continue;
                };
                match s.resolve.then(|| env_ref_value(engine, ns, src, &obj, c)) {
                    Some(Ok(v)) => out.out(&format!("{}={v}", e.name)),
                    failed => {
                        out.out(&format!("# {} from {}", e.name, env_ref_string(src)));
                        if let Some(Err(why)) = failed {
                            failures.entry(why).or_default().push(e.name.clone());
                        }
                    }
                }
            }
            let mut lines: Vec<String> = failures
                .into_iter()
                .map(|(why, mut vars)| {
                    vars.sort();
                    format!("error retrieving reference for {}: {why}", vars.join(", "))
                })
                .collect();
            lines.sort();
            for l in lines {
                out.note(&l);
            }
        }
    }
    report(out, errors);
}

/// env_parse.go's `readEnv`: each line's `KEY=VALUE` (split at the first
/// `=`), anything from a `#` on dropped first, lines without `=` skipped.
/// The names are not checked here, as kubectl does not check them: the API
/// server does.
pub fn read_env(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .map(|line| line.split_once('#').map_or(line, |(before, _)| before))
        .filter_map(|line| line.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

pub fn env(s: &SetEnv, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let from = match from_source(s, inv, engine) {
        Ok(f) => f,
        Err(e) => {
            out.error(&e);
            return;
        }
    };
    let mut set = s.set.clone();
    if let Some(at) = s.stdin_at {
        if io.stdin.is_none() {
            out.note("(playground) nothing is piped in, so -e - reads no variables: pipe them in (env | grep RAILS_ | kubectl set env -e - deployment/registry)");
        }
        let read = read_env(io.stdin.unwrap_or_default());
        set.splice(at.min(set.len())..at.min(set.len()), read);
    }
    let set = &set;
    let edit = |obj: &Object, spec: &mut PodSpec, out: &mut Output, _: &mut Vec<String>| -> Result<(), String> {
        let mut matched = false;
        for c in spec.containers.iter_mut().chain(spec.init_containers.iter_mut()).filter(|c| glob(&s.containers, &c.name)) {
            matched = true;
            let wanted: Vec<EnvVar> =
                set.iter().map(|(k, v)| EnvVar { name: k.clone(), value: Some(v.clone()), value_from: None }).chain(from.iter().cloned()).collect();
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
    if s.list {
        list_env(s, inv, engine, io, out, &edit);
        return;
    }
    let verb = Verb { operation: "env updated", what: "set env", failure: "env update to pod template: ", skip_unchanged: true };
    edit_all(&s.targets, s.local, &s.write, &verb, inv, engine, io, out, &edit);
}

#[cfg(test)]
mod tests {
    use super::*;

    // env_parse_test.go's ExampleParseEnv_good reads FROM=READER; readEnv's
    // comment and line rules besides.
    #[test]
    fn read_env_lines() {
        let pairs = |p: &[(&str, &str)]| p.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>();
        let cases: &[(&str, &[(&str, &str)])] = &[
            ("FROM=READER", &[("FROM", "READER")]),
            ("A=1\nB=2\n", &[("A", "1"), ("B", "2")]),
            ("# all comment\nA=1 # trailing\nnot one\n\n", &[("A", "1 ")]),
            ("URL=http://x#frag", &[("URL", "http://x")]),
            ("A=b=c\r\n=empty\n#B=2", &[("A", "b=c"), ("", "empty")]),
            ("", &[]),
        ];
        for (text, want) in cases {
            assert_eq!(read_env(text), pairs(want), "{text:?}");
        }
    }

    // Checked against kubectl v1.32 (`set env -f - --local --list -c …`).
    #[test]
    fn globs_and_env_names() {
        assert!(glob("*", "nginx"));
        assert!(glob("ng*", "nginx"));
        assert!(!glob("ngin?", "nginx"));
        assert!(!glob("redis", "nginx"));
        assert!(glob("x*", "nginx") && glob("x*", "nginx-two"));
        assert!(glob("*two", "nginx-two") && !glob("*two", "nginx"));
        assert!(glob("nginx*two", "nginx-two") && !glob("n*o", "init"));
        assert_eq!(key_to_env_name("log.level-x"), "LOG_LEVEL_X");
    }
}

/// `set serviceaccount`: the pod template's (or pod's) service account.
pub fn service_account(s: &SetServiceAccount, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let edit = |_: &Object, spec: &mut PodSpec, _: &mut Output, _: &mut Vec<String>| -> Result<(), String> {
        spec.service_account_name = Some(s.name.as_str().into());
        Ok(())
    };
    let verb = Verb { operation: "serviceaccount updated", what: "set serviceaccount", failure: "ServiceAccountName ", skip_unchanged: false };
    edit_all(&s.targets, s.local, &s.write, &verb, inv, engine, io, out, &edit);
}

/// `set selector`'s edit: a Service's selector becomes the given labels;
/// set-based expressions and other kinds are refused (kubectl's words).
fn replace_selector(obj: &mut Object, sel: &kubeplay_model::LabelSelector) -> Result<(), String> {
    let Object::Service(svc) = obj else { return Err("setting a selector is only supported for Services".into()) };
    if !sel.match_expressions.is_empty() {
        return Err(format!("match expression {} not supported on this object", go_requirements(&sel.match_expressions)));
    }
    svc.spec.selector = sel.match_labels.clone();
    Ok(())
}

/// `%v` of a `[]metav1.LabelSelectorRequirement`: `[{key In [a b]}]`.
fn go_requirements(reqs: &[kubeplay_model::LabelSelectorRequirement]) -> String {
    let items: Vec<String> = reqs.iter().map(|r| format!("{{{} {} [{}]}}", r.key, r.operator, r.values.join(" "))).collect();
    format!("[{}]", items.join(" "))
}

/// A Service as kubectl prints its typed struct: Go writes the fields the
/// model leaves out when empty (a port's `targetPort` IntOrString, the
/// status's `loadBalancer` struct).
fn print_service(printer: &mut Printer, out: &mut Output, obj: &Object, operation: &str) {
    let mut v = crate::print::structured::typed_value(obj, false);
    for port in v.pointer_mut("/spec/ports").and_then(serde_json::Value::as_array_mut).into_iter().flatten() {
        if let Some(p) = port.as_object_mut() {
            p.entry("targetPort").or_insert(serde_json::json!(0));
        }
    }
    if let Some(status) = v.get_mut("status").and_then(serde_json::Value::as_object_mut) {
        status.entry("loadBalancer").or_insert(serde_json::json!({}));
    }
    printer.typed(out, obj.kind(), obj.name(), &v, operation);
}

/// `set selector`: every object is patched (and printed) even when its
/// selector was already the one given.
pub fn selector(s: &SetSelector, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let (objects, fetch_errors) = if s.local {
        local_objects(&s.targets, inv, io)
    } else {
        let f = find(engine, inv, io, &s.targets, false);
        (f.objects, f.errors)
    };
    let mut printer = Printer::new(&s.write);
    // Collected as kubectl's ContinueOnError visitor collects them.
    let mut errors: Vec<Failure> = Vec::new();
    for obj in objects {
        let mut copy: Object = (*obj).clone();
        if let Some(rv) = &s.resource_version {
            copy.meta_mut().resource_version = rv.as_str().into();
        }
        if let Err(e) = replace_selector(&mut copy, &s.selector) {
            errors.push(Failure::Client(e));
            continue;
        }
        if let Some(cause) = &inv.change_cause {
            copy.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
        }
        if s.local || s.write.dry_run == DryRun::Client {
            print_service(&mut printer, out, &copy, "selector updated");
            continue;
        }
        let key = obj.key();
        let result = if s.write.dry_run == DryRun::Server {
            client::dry_run(engine, "patch", &key, "", |st, c| st.update(copy, c)).map_err(ClientError::Api)
        } else {
            let (sel, rv) = (&s.selector, &s.resource_version);
            client::update_with(engine, &key, &format!("kubectl set selector {key}"), |o| {
                if let Some(rv) = rv {
                    o.meta_mut().resource_version = rv.as_str().into();
                }
                replace_selector(o, sel).map_err(ClientError::Client)?;
                if let Some(cause) = &inv.change_cause {
                    o.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
                }
                Ok(())
            })
            .map(|(_, o)| o)
        };
        match result {
            Ok(updated) => print_service(&mut printer, out, &updated, "selector updated"),
            Err(ClientError::Api(e)) => errors.push(Failure::Server(e)),
            Err(ClientError::Client(m)) => errors.push(Failure::Client(m)),
        }
    }
    report_failures(out, errors);
    report(out, fetch_errors);
}

#[cfg(test)]
#[path = "set_upstream_tests.rs"]
mod upstream_tests;
