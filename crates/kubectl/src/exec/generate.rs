//! The objects kubectl's generators build on the client (`create
//! deployment|service|job|cronjob|namespace|configmap|secret|pdb|
//! priorityclass|quota`, `run`,
//! `expose`), as JSON in the field order of kubectl's typed structs, so
//! `--dry-run=client -o json|yaml` prints exactly what kubectl prints
//! (`creationTimestamp: null`, `resources: {}`, `status: {}` included).

use crate::cli::{DataSources, Run, ServiceType, TcpPort};
use serde_json::{json, Map, Value};

pub mod ingress;
pub mod rbac;
pub(crate) mod namehash;

#[cfg(test)]
mod expose_upstream_tests;

/// `metadata` as a fresh typed object serializes it.
pub fn metadata(name: &str, namespace: Option<&str>, labels: &[(String, String)]) -> Value {
    let mut m = Map::new();
    m.insert("name".into(), json!(name));
    if let Some(ns) = namespace {
        m.insert("namespace".into(), json!(ns));
    }
    m.insert("creationTimestamp".into(), Value::Null);
    if !labels.is_empty() {
        m.insert("labels".into(), labels_value(labels));
    }
    Value::Object(m)
}

/// A Go `map[string]string` (labels, selectors, data): `encoding/json`
/// writes its keys sorted, whatever order the flags gave them in.
fn labels_value(labels: &[(String, String)]) -> Value {
    let mut m = Map::new();
    for (k, v) in labels {
        m.insert(k.clone(), json!(v));
    }
    m.sort_keys();
    Value::Object(m)
}

fn object(kind: &str, api_version: &str, meta: Value) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("kind".into(), json!(kind));
    m.insert("apiVersion".into(), json!(api_version));
    m.insert("metadata".into(), meta);
    m
}

/// The container name `create deployment` derives from an image reference
/// (`sanitizeAndUniquify`).
pub fn container_name(image: &str) -> String {
    let base = image.rsplit('/').next().unwrap_or(image);
    let base = base.split(':').next().unwrap_or(base);
    let base = base.split('@').next().unwrap_or(base);
    if !base.contains(['_', '.']) {
        return base.to_string();
    }
    // kubectl adds a random five-letter suffix to a name it had to
    // sanitize; the playground draws it from the image reference so a run
    // stays a function of its inputs.
    let mut rng = kubeplay_model::rng::Rng::new(kubeplay_model::fnv::fnv1a(image.as_bytes()));
    format!("{}-{}", base.replace(['_', '.'], "-"), kubeplay_model::names::generate_name_suffix(&mut || rng.next_u64()))
}

/// One container: name, image, command/args, ports, env, `resources: {}`.
fn container(name: &str, image: &str, command: &[String], args: &[String], port: Option<i32>, env: &[(String, String)]) -> Value {
    let mut c = Map::new();
    c.insert("name".into(), json!(name));
    c.insert("image".into(), json!(image));
    if !command.is_empty() {
        c.insert("command".into(), json!(command));
    }
    if !args.is_empty() {
        c.insert("args".into(), json!(args));
    }
    if let Some(p) = port {
        c.insert("ports".into(), json!([{"containerPort": p}]));
    }
    if !env.is_empty() {
        c.insert("env".into(), Value::Array(env.iter().map(|(k, v)| json!({"name": k, "value": v})).collect()));
    }
    c.insert("resources".into(), json!({}));
    Value::Object(c)
}

pub fn deployment(name: &str, ns: Option<&str>, images: &[String], port: Option<i32>, replicas: i32, command: &[String]) -> Value {
    let labels = vec![("app".to_string(), name.to_string())];
    let containers: Vec<Value> =
        images.iter().enumerate().map(|(i, img)| container(&container_name(img), img, command, &[], if i == 0 { port } else { None }, &[])).collect();
    let mut o = object("Deployment", "apps/v1", metadata(name, ns, &labels));
    o.insert(
        "spec".into(),
        json!({
            "replicas": replicas,
            "selector": {"matchLabels": labels_value(&labels)},
            "template": {
                "metadata": {"creationTimestamp": null, "labels": labels_value(&labels)},
                "spec": {"containers": containers}
            },
            "strategy": {}
        }),
    );
    o.insert("status".into(), json!({}));
    Value::Object(o)
}

/// The `targetPort` JSON: a number when the text is one.
fn int_or_string(s: &str) -> Value {
    s.parse::<i64>().map(|n| json!(n)).unwrap_or_else(|_| json!(s))
}

#[allow(clippy::too_many_arguments)]
pub fn service(
    name: &str,
    ns: Option<&str>,
    type_: ServiceType,
    ports: &[TcpPort],
    cluster_ip: Option<&str>,
    node_port: i64,
    external_name: Option<&str>,
) -> Value {
    let labels = vec![("app".to_string(), name.to_string())];
    let mut spec = Map::new();
    if !ports.is_empty() {
        let ps: Vec<Value> = ports
            .iter()
            .map(|p| {
                let mut m = Map::new();
                m.insert("name".into(), json!(p.name));
                m.insert("protocol".into(), json!("TCP"));
                m.insert("port".into(), json!(p.port));
                m.insert("targetPort".into(), int_or_string(&p.target));
                if type_ == ServiceType::NodePort && node_port > 0 {
                    m.insert("nodePort".into(), json!(node_port));
                }
                Value::Object(m)
            })
            .collect();
        spec.insert("ports".into(), Value::Array(ps));
    }
    spec.insert("selector".into(), labels_value(&labels));
    if let Some(ip) = cluster_ip {
        spec.insert("clusterIP".into(), json!(ip));
    }
    let t = match type_ {
        ServiceType::ClusterIp => "ClusterIP",
        ServiceType::NodePort => "NodePort",
        ServiceType::LoadBalancer => "LoadBalancer",
        ServiceType::ExternalName => "ExternalName",
    };
    spec.insert("type".into(), json!(t));
    if let Some(en) = external_name {
        spec.insert("externalName".into(), json!(en));
    }
    let mut o = object("Service", "v1", metadata(name, ns, &labels));
    o.insert("spec".into(), Value::Object(spec));
    o.insert("status".into(), json!({"loadBalancer": {}}));
    Value::Object(o)
}

fn pod_template(container: Value, restart: &str) -> Value {
    json!({"metadata": {"creationTimestamp": null}, "spec": {"containers": [container], "restartPolicy": restart}})
}

pub fn job(name: &str, ns: Option<&str>, image: &str, command: &[String]) -> Value {
    let mut o = object("Job", "batch/v1", metadata(name, ns, &[]));
    o.insert("spec".into(), json!({"template": pod_template(container(name, image, command, &[], None, &[]), "Never")}));
    o.insert("status".into(), json!({}));
    Value::Object(o)
}

pub fn cron_job(name: &str, ns: Option<&str>, image: &str, schedule: &str, restart: &str, command: &[String]) -> Value {
    let mut o = object("CronJob", "batch/v1", metadata(name, ns, &[]));
    // The job template names itself but, unlike the CronJob, no namespace.
    let mut job_meta = Map::new();
    job_meta.insert("name".into(), json!(name));
    job_meta.insert("creationTimestamp".into(), Value::Null);
    o.insert(
        "spec".into(),
        json!({
            "schedule": schedule,
            "jobTemplate": {"metadata": job_meta, "spec": {"template": pod_template(container(name, image, command, &[], None, &[]), restart)}}
        }),
    );
    o.insert("status".into(), json!({}));
    Value::Object(o)
}

/// `create job --from=cronjob/NAME` (`createJobFromCronJob`): the cron
/// job's template, marked as started by hand (the template's own
/// annotations win over that mark) and controlled by the cron job; kubectl
/// sets no blockOwnerDeletion, which would need the cronjobs/finalizers
/// permission. The namespace is written only when given with `-n`.
pub fn job_from_cron_job(name: &str, ns: Option<&str>, cj: &kubeplay_model::api::CronJob) -> Value {
    let t = &cj.spec.job_template;
    let mut meta = Map::new();
    meta.insert("name".into(), json!(name));
    if let Some(n) = ns {
        meta.insert("namespace".into(), json!(n));
    }
    meta.insert("creationTimestamp".into(), Value::Null);
    if !t.metadata.labels.is_empty() {
        meta.insert("labels".into(), json!(t.metadata.labels));
    }
    let mut anns = Map::new();
    anns.insert("cronjob.kubernetes.io/instantiate".into(), json!("manual"));
    for (k, v) in &t.metadata.annotations {
        anns.insert(k.clone(), json!(v));
    }
    meta.insert("annotations".into(), Value::Object(anns));
    meta.insert(
        "ownerReferences".into(),
        json!([{"apiVersion": "batch/v1", "kind": "CronJob", "name": cj.metadata.name, "uid": cj.metadata.uid, "controller": true}]),
    );
    let mut o = object("Job", "batch/v1", Value::Object(meta));
    o.insert("spec".into(), serde_json::to_value(&t.spec).unwrap_or(json!({})));
    o.insert("status".into(), json!({}));
    Value::Object(o)
}

/// `kubectl create serviceaccount`: name (and namespace when given) only.
pub fn service_account(name: &str, ns: Option<&str>) -> Value {
    Value::Object(object("ServiceAccount", "v1", metadata(name, ns, &[])))
}

pub fn namespace(name: &str) -> Value {
    let mut o = object("Namespace", "v1", metadata(name, None, &[]));
    o.insert("spec".into(), json!({}));
    o.insert("status".into(), json!({}));
    Value::Object(o)
}

/// A count or a percentage as `intstr.Parse` reads it: a number when the
/// text is one (`01` is 1), else the text.
fn int_or_percent(s: &str) -> Value {
    s.parse::<i32>().map(|n| json!(n)).unwrap_or_else(|_| json!(s))
}

/// `create poddisruptionbudget`, in `policy/v1`'s field order (the
/// selector comes between the two bounds) with its zero status.
pub fn pod_disruption_budget(name: &str, ns: Option<&str>, selector: &kubeplay_model::LabelSelector, min_available: Option<&str>, max_unavailable: Option<&str>) -> Value {
    let mut spec = Map::new();
    if let Some(min) = min_available {
        spec.insert("minAvailable".into(), int_or_percent(min));
    }
    spec.insert("selector".into(), serde_json::to_value(selector).unwrap_or_default());
    if let Some(max) = max_unavailable {
        spec.insert("maxUnavailable".into(), int_or_percent(max));
    }
    let mut o = object("PodDisruptionBudget", "policy/v1", metadata(name, ns, &[]));
    o.insert("spec".into(), Value::Object(spec));
    o.insert("status".into(), json!({"disruptionsAllowed": 0, "currentHealthy": 0, "desiredHealthy": 0, "expectedPods": 0}));
    Value::Object(o)
}

/// `create priorityclass`: cluster-scoped; `globalDefault` and
/// `description` only when set, `value` always.
pub fn priority_class(name: &str, value: i32, global_default: bool, description: &str, preemption_policy: &str) -> Value {
    let mut o = object("PriorityClass", "scheduling.k8s.io/v1", metadata(name, None, &[]));
    o.insert("value".into(), json!(value));
    if global_default {
        o.insert("globalDefault".into(), json!(true));
    }
    if !description.is_empty() {
        o.insert("description".into(), json!(description));
    }
    o.insert("preemptionPolicy".into(), json!(preemption_policy));
    Value::Object(o)
}

/// `create quota`: the limits by resource name (a later one for a name
/// wins, as in a Go map), quantities in canonical form.
pub fn quota(name: &str, ns: Option<&str>, hard: &[(String, kubeplay_model::Quantity)], scopes: &[String]) -> Value {
    let mut spec = Map::new();
    if !hard.is_empty() {
        let by_name: std::collections::BTreeMap<&str, String> = hard.iter().map(|(k, q)| (k.as_str(), q.to_string())).collect();
        spec.insert("hard".into(), json!(by_name));
    }
    if !scopes.is_empty() {
        spec.insert("scopes".into(), json!(scopes));
    }
    let mut o = object("ResourceQuota", "v1", metadata(name, ns, &[]));
    o.insert("spec".into(), Value::Object(spec));
    o.insert("status".into(), json!({}));
    Value::Object(o)
}

/// `create secret docker-registry`: one `.dockerconfigjson` key holding
/// `{"auths":{server:{username,password,email,auth}}}` as Go marshals it
/// (struct field order, an empty email left out, `<>&` escaped), `auth`
/// being `user:password` in base64.
pub fn docker_registry_secret(name: &str, ns: Option<&str>, server: &str, username: &str, password: &str, email: &str, append_hash: bool) -> Value {
    use crate::print::gojson::quote;
    let auth = base64(format!("{username}:{password}").as_bytes());
    let email = if email.is_empty() { String::new() } else { format!(",\"email\":{}", quote(email)) };
    let config = format!(
        "{{\"auths\":{{{}:{{\"username\":{},\"password\":{}{email},\"auth\":{}}}}}}}",
        quote(server),
        quote(username),
        quote(password),
        quote(&auth)
    );
    let data = [(".dockerconfigjson".to_string(), config)];
    let name = if append_hash { hashed_name(name, Some(DOCKER_CONFIG_JSON), &data) } else { name.to_string() };
    let mut o = object("Secret", "v1", metadata(&name, ns, &[]));
    o.insert("data".into(), json!({".dockerconfigjson": base64(data[0].1.as_bytes())}));
    o.insert("type".into(), json!(DOCKER_CONFIG_JSON));
    Value::Object(o)
}

const DOCKER_CONFIG_JSON: &str = "kubernetes.io/dockerconfigjson";

/// Standard base64 with padding (secret data as the API stores it).
pub fn base64(bytes: &[u8]) -> String {
    kubeplay_model::base64::encode(bytes)
}

/// Reads the `--from-*` sources into key/value pairs as kubectl does: a
/// ConfigMap takes files, then literals, then env files; a Secret takes
/// literals first. Each key is checked, and duplicates refused, in the
/// wording of the kind's own helper.
pub fn data_pairs(kind: &str, name: &str, d: &DataSources, read: Option<super::ReadFile>) -> Result<Vec<(String, String)>, String> {
    let secret = kind == "Secret";
    let add = |k: &str, v: String, out: &mut Vec<(String, String)>| crate::cli::add_data_pair(kind, name, k, v, out);
    let load = |path: &str| -> Result<String, String> {
        read.and_then(|r| r(path))
            .ok_or_else(|| format!("error reading {path}: no such file or directory\n{}", super::manifests::missing_file_hint(path, Some("use --from-literal=KEY=VALUE instead"))))
    };
    let literals = |out: &mut Vec<(String, String)>| crate::cli::add_literals(kind, name, &d.literals, out);
    let files = |out: &mut Vec<(String, String)>| -> Result<(), String> {
        for spec in &d.files {
            let (key, path) = file_source(spec)?;
            // A directory gives one key per regular file in it, named by
            // the file (its subdirectories are skipped, as kubectl does).
            if let Some(entries) = directory(read, &path) {
                if spec.contains('=') {
                    return Err("cannot give a key name for a directory path".into());
                }
                for entry in entries.iter().filter(|e| !e.ends_with('/')) {
                    let text = load(&format!("{}/{entry}", path.trim_end_matches('/')))?;
                    add(entry, text, out)?;
                }
                continue;
            }
            let text = load(&path)?;
            add(&key, text, out)?;
        }
        Ok(())
    };
    let mut out = Vec::new();
    if secret {
        literals(&mut out)?;
        files(&mut out)?;
    } else {
        files(&mut out)?;
        literals(&mut out)?;
    }
    for path in &d.env_files {
        if directory(read, path).is_some() {
            return Err("env config file cannot be a directory".into());
        }
        let text = load(path)?;
        for (i, line) in text.lines().enumerate() {
            let line = if i == 0 { line.strip_prefix('\u{feff}').unwrap_or(line) } else { line };
            let line = line.trim_start();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            // A key without `=` reads the variable from kubectl's own
            // environment, which the playground does not have: empty.
            let (k, v) = line.split_once('=').unwrap_or((line, ""));
            let errs = crate::cli::env_name_errors(k);
            if !errs.is_empty() {
                return Err(format!("{} is not a valid key name: {}", crate::gofmt::quote(k), errs.join(";")));
            }
            add(k, v.to_string(), &mut out)?;
        }
    }
    Ok(out)
}

/// The entries of directory `path` when it is one (the read callback
/// lists a directory for a name ending in `/`; subdirectories end in `/`).
fn directory(read: Option<super::ReadFile>, path: &str) -> Option<Vec<String>> {
    let read = read?;
    let dir = if path.ends_with('/') { path.to_string() } else { format!("{path}/") };
    let listing = read(&dir)?;
    Some(listing.lines().filter(|l| !l.is_empty()).map(str::to_string).collect())
}

/// `ParseFileSource`: `path` (the key is its base name) or `key=path`.
fn file_source(spec: &str) -> Result<(String, String), String> {
    match spec.matches('=').count() {
        0 => {
            let trimmed = spec.trim_end_matches('/');
            let base = match trimmed.rsplit('/').next() {
                _ if spec.is_empty() => ".",
                _ if trimmed.is_empty() => "/",
                Some(b) => b,
                None => trimmed,
            };
            Ok((base.to_string(), spec.to_string()))
        }
        1 if spec.starts_with('=') => Err(format!("key name for file path {} missing", &spec[1..])),
        1 if spec.ends_with('=') => Err(format!("file path for key name {} missing", &spec[..spec.len() - 1])),
        1 => {
            let (k, p) = spec.split_once('=').unwrap_or((spec, ""));
            Ok((k.to_string(), p.to_string()))
        }
        _ => Err("key names or file paths cannot contain '='".into()),
    }
}

/// `--append-hash`: the name with the content's hash appended.
pub fn hashed_name(name: &str, secret_type: Option<&str>, data: &[(String, String)]) -> String {
    let suffix = match secret_type {
        Some(t) => namehash::secret(name, t, &data.iter().map(|(k, v)| (k.clone(), base64(v.as_bytes()))).collect::<Vec<_>>()),
        None => namehash::config_map(name, data),
    };
    format!("{name}-{suffix}")
}

pub fn config_map(name: &str, ns: Option<&str>, data: &[(String, String)]) -> Value {
    let mut o = object("ConfigMap", "v1", metadata(name, ns, &[]));
    if !data.is_empty() {
        o.insert("data".into(), labels_value(data));
    }
    Value::Object(o)
}

pub fn secret(name: &str, ns: Option<&str>, type_: Option<&str>, data: &[(String, String)]) -> Value {
    let mut o = object("Secret", "v1", metadata(name, ns, &[]));
    if !data.is_empty() {
        let enc: Vec<(String, String)> = data.iter().map(|(k, v)| (k.clone(), base64(v.as_bytes()))).collect();
        o.insert("data".into(), labels_value(&enc));
    }
    if let Some(t) = type_ {
        o.insert("type".into(), json!(t));
    }
    Value::Object(o)
}

/// What `kubectl expose` builds a Service from, once the exposed object
/// has filled in what the flags left empty (texts as the flags take them;
/// empty means unset).
#[derive(Default)]
pub struct ExposeParams<'a> {
    pub name: &'a str,
    /// The exposed object's name, cut to 63 characters.
    pub default_name: &'a str,
    pub namespace: Option<&'a str>,
    pub selector: &'a str,
    pub labels: &'a str,
    /// Comma-separated port numbers.
    pub ports: &'a str,
    pub protocol: &'a str,
    /// The exposed object's protocols by port, in the object's order.
    pub protocols: &'a [(String, Vec<String>)],
    pub target_port: &'a str,
    pub cluster_ip: &'a str,
    pub external_ip: &'a str,
    pub type_: &'a str,
    pub load_balancer_ip: &'a str,
    pub session_affinity: &'a str,
}

/// `strconv.Atoi`: an optional sign, then decimal digits within 64 bits.
fn atoi(s: &str) -> Result<i64, String> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing {}: invalid syntax", crate::gofmt::quote(s)));
    }
    s.parse::<i64>().map_err(|_| format!("strconv.Atoi: parsing {}: value out of range", crate::gofmt::quote(s)))
}

/// expose's `parseLabels`: `k=v` pairs split at commas, each exactly one `=`.
pub fn parse_expose_labels(spec: &str) -> Result<Vec<(String, String)>, String> {
    if spec.is_empty() {
        return Err("no label spec passed".into());
    }
    spec.split(',')
        .map(|item| {
            let parts: Vec<&str> = item.split('=').collect();
            match parts.as_slice() {
                [k, v] if !k.is_empty() => Ok((k.to_string(), v.to_string())),
                [_, _] => Err("unexpected empty label key".to_string()),
                _ => Err(format!("unexpected label spec: {item}")),
            }
        })
        .collect()
}

/// expose's `createService`: one port per number (named `port-N` when
/// there are several; a port the object serves over several protocols
/// gets one entry per protocol), `--protocol` over the object's
/// protocols over TCP, the target port shared or else the port itself.
pub fn exposed_service(p: &ExposeParams) -> Result<Value, String> {
    if p.selector.is_empty() {
        return Err("selector must be specified".into());
    }
    let selector = parse_expose_labels(p.selector)?;
    let labels = if p.labels.is_empty() { Vec::new() } else { parse_expose_labels(p.labels)? };
    let name = if p.name.is_empty() { p.default_name } else { p.name };
    if name.is_empty() {
        return Err("name must be specified".into());
    }
    let mut ports: Vec<(String, String, i64)> = Vec::new();
    if !p.ports.is_empty() {
        let specs: Vec<&str> = p.ports.split(',').collect();
        for (i, spec) in specs.iter().enumerate() {
            let port = atoi(spec)?;
            let name = if specs.len() > 1 { format!("port-{}", i + 1) } else { String::new() };
            let mut protocol = p.protocol.to_string();
            if protocol.is_empty() {
                protocol = "TCP".into();
                match p.protocols.iter().find(|(k, _)| k == spec) {
                    Some((_, found)) if found.len() == 1 => protocol = found[0].clone(),
                    Some((_, found)) => {
                        for proto in found {
                            ports.push((format!("port-{}-{}", i + 1, proto.to_lowercase()), proto.clone(), port));
                        }
                        continue;
                    }
                    None => {}
                }
            }
            ports.push((name, protocol, port));
        }
    }
    let ports: Vec<Value> = ports
        .into_iter()
        .map(|(name, protocol, port)| {
            let mut m = Map::new();
            if !name.is_empty() {
                m.insert("name".into(), json!(name));
            }
            m.insert("protocol".into(), json!(protocol));
            m.insert("port".into(), json!(port as i32));
            m.insert("targetPort".into(), if p.target_port.is_empty() { json!(port as i32) } else { int_or_percent(p.target_port) });
            Value::Object(m)
        })
        .collect();
    let mut spec = Map::new();
    if !ports.is_empty() {
        spec.insert("ports".into(), Value::Array(ports));
    }
    spec.insert("selector".into(), labels_value(&selector));
    if !p.cluster_ip.is_empty() {
        spec.insert("clusterIP".into(), json!(p.cluster_ip));
    }
    if !p.type_.is_empty() {
        spec.insert("type".into(), json!(p.type_));
    }
    if !p.external_ip.is_empty() {
        spec.insert("externalIPs".into(), json!([p.external_ip]));
    }
    match p.session_affinity {
        "" => {}
        a @ ("None" | "ClientIP") => {
            spec.insert("sessionAffinity".into(), json!(a));
        }
        other => return Err(format!("unknown session affinity: {other}")),
    }
    if p.type_ == "LoadBalancer" && !p.load_balancer_ip.is_empty() {
        spec.insert("loadBalancerIP".into(), json!(p.load_balancer_ip));
    }
    let mut o = object("Service", "v1", metadata(name, p.namespace, &labels));
    o.insert("spec".into(), Value::Object(spec));
    o.insert("status".into(), json!({"loadBalancer": {}}));
    Ok(Value::Object(o))
}

/// `kubectl run`: a bare pod labelled `run=NAME` (or `--labels`).
pub fn run_pod(r: &Run, ns: Option<&str>) -> Value {
    let labels = if r.labels.is_empty() { vec![("run".to_string(), r.name.clone())] } else { r.labels.clone() };
    let mut meta = metadata(&r.name, ns, &labels);
    if !r.annotations.is_empty() {
        if let Some(m) = meta.as_object_mut() {
            m.insert("annotations".into(), labels_value(&r.annotations));
        }
    }
    let (command, args): (&[String], &[String]) = if r.command { (&r.args, &[]) } else { (&[], &r.args) };
    let mut c = container(&r.name, &r.image, command, args, r.port, &r.env);
    if let (Some(p), Some(m)) = (&r.image_pull_policy, c.as_object_mut()) {
        m.insert("imagePullPolicy".into(), json!(p));
    }
    // Only when set: the generator leaves securityContext nil otherwise.
    if let (true, Some(m)) = (r.privileged, c.as_object_mut()) {
        m.insert("securityContext".into(), json!({"privileged": true}));
    }
    // The generator's Stdin, StdinOnce and TTY, each left out when false.
    if let Some(m) = c.as_object_mut() {
        for (key, on) in [("stdin", r.stdin), ("stdinOnce", r.stdin && !r.leave_stdin_open), ("tty", r.tty)] {
            if on {
                m.insert(key.into(), json!(true));
            }
        }
    }
    let mut o = object("Pod", "v1", meta);
    o.insert("spec".into(), json!({"containers": [c], "restartPolicy": r.restart, "dnsPolicy": "ClusterFirst"}));
    o.insert("status".into(), json!({}));
    Value::Object(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    // `kubectl create deployment x --image=nginx --dry-run=client -o json` (v1.32).
    #[test]
    fn deployment_matches_kubectl() {
        let v = deployment("x", None, &["nginx".into()], None, 1, &[]);
        assert_eq!(
            crate::print::structured::json(&v),
            r#"{
    "kind": "Deployment",
    "apiVersion": "apps/v1",
    "metadata": {
        "name": "x",
        "creationTimestamp": null,
        "labels": {
            "app": "x"
        }
    },
    "spec": {
        "replicas": 1,
        "selector": {
            "matchLabels": {
                "app": "x"
            }
        },
        "template": {
            "metadata": {
                "creationTimestamp": null,
                "labels": {
                    "app": "x"
                }
            },
            "spec": {
                "containers": [
                    {
                        "name": "nginx",
                        "image": "nginx",
                        "resources": {}
                    }
                ]
            }
        },
        "strategy": {}
    },
    "status": {}
}
"#
        );
    }

    // `kubectl create service nodeport x --tcp=80:8080 --dry-run=client -o yaml`.
    #[test]
    fn service_matches_kubectl() {
        let p = TcpPort { port: 80, target: "8080".into(), name: "80-8080".into() };
        let v = service("x", None, ServiceType::NodePort, &[p], None, 0, None);
        assert_eq!(
            crate::print::structured::yaml(&v),
            "apiVersion: v1\nkind: Service\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: x\n  name: x\nspec:\n  ports:\n  - name: 80-8080\n    port: 80\n    protocol: TCP\n    targetPort: 8080\n  selector:\n    app: x\n  type: NodePort\nstatus:\n  loadBalancer: {}\n"
        );
    }

    #[test]
    fn names_and_base64() {
        assert_eq!(container_name("registry.k8s.io/nginx:1.14.2"), "nginx");
        assert_eq!(container_name("busybox@sha256:abc"), "busybox");
        assert_eq!(base64(b"1"), "MQ==");
        assert_eq!(base64(b"hello"), "aGVsbG8=");
        assert_eq!(base64(b"abc"), "YWJj");
    }

    /// The task page's directory of properties files, as the terminal's
    /// read callback serves it (a name ending in `/` lists a directory).
    fn page_files(name: &str) -> Option<String> {
        match name.trim_start_matches("./") {
            "cm/" | "cm" => None,
            "cm/game.properties" => Some("enemies=aliens\nlives=3\n".into()),
            "cm/ui.properties" => Some("color.good=purple\n".into()),
            "cm/env.properties" => Some("\u{feff}enemies=aliens\n  # a comment\n\n  lives=3\nallowed=\"true\"\n".into()),
            "cm/ui-env.properties" => Some("color=purple\n".into()),
            "cm/bad key" => Some("x".into()),
            "dir/" => Some("game.properties\nsub/\nui.properties".into()),
            "dir/game.properties" => Some("a=1\n".into()),
            "dir/ui.properties" => Some("b=2\n".into()),
            "bad/" => Some("bad key".into()),
            "bad/bad key" => Some("x".into()),
            "empty/" => Some(String::new()),
            _ => None,
        }
    }

    // handleConfigMapFromFileSources / handleConfigMapFromEnvFileSources
    // (create_configmap_test.go's cases that touch files), against the
    // files above.
    #[test]
    fn data_sources_read_files_directories_and_env_files() {
        let read: &dyn Fn(&str) -> Option<String> = &page_files;
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        // (--from-file values, --from-env-file values, the pairs or the error's start)
        type Case<'a> = (&'a [&'a str], &'a [&'a str], Result<&'a [(&'a str, &'a str)], &'a str>);
        let cases: &[Case] = &[
            (&["cm/game.properties"], &[], Ok(&[("game.properties", "enemies=aliens\nlives=3\n")])),
            (&["k=cm/ui.properties"], &[], Ok(&[("k", "color.good=purple\n")])),
            (&["dir/"], &[], Ok(&[("game.properties", "a=1\n"), ("ui.properties", "b=2\n")])),
            (&["dir"], &[], Ok(&[("game.properties", "a=1\n"), ("ui.properties", "b=2\n")])),
            (&["empty/"], &[], Ok(&[])),
            (&["k=dir/"], &[], Err("cannot give a key name for a directory path")),
            (&["bad/"], &[], Err("\"bad key\" is not a valid key name for a ConfigMap")),
            (&["nope"], &[], Err("error reading nope: no such file or directory")),
            (&["dir/", "dir/game.properties"], &[], Err("cannot add key \"game.properties\", another key by that name already exists")),
            (&[], &["cm/env.properties"], Ok(&[("enemies", "aliens"), ("lives", "3"), ("allowed", "\"true\"")])),
            // Every env file is read (kubectl 1.23 on), in order.
            (&[], &["cm/env.properties", "cm/ui-env.properties"], Ok(&[("enemies", "aliens"), ("lives", "3"), ("allowed", "\"true\""), ("color", "purple")])),
            (&[], &["dir/"], Err("env config file cannot be a directory")),
            (&[], &["dir"], Err("env config file cannot be a directory")),
        ];
        for (files, env_files, want) in cases {
            let d = DataSources { files: s(files), env_files: s(env_files), ..Default::default() };
            let got = data_pairs("ConfigMap", "game-config", &d, Some(read));
            match want {
                Ok(pairs) => assert_eq!(got, Ok(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()), "{files:?} {env_files:?}"),
                Err(prefix) => assert!(got.as_ref().is_err_and(|e| e.starts_with(prefix)), "{files:?} {env_files:?}: {got:?}"),
            }
        }
    }
}
