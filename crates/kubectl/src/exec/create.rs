//! `kubectl create -f`, the `create …` generators, `kubectl run` and
//! `kubectl expose`: objects built on the client, then created (or only
//! printed with `--dry-run=client`, or checked by the server with
//! `--dry-run=server`).

use super::apply::{annotate_value, client_dry_run_value, save_file_config, save_typed_config, CHANGE_CAUSE};
use super::generate;
use super::validation;
use super::write::{api_error, find, namespace, report, report_failures, set_manifest_namespace, Failure, Printer};
use super::{read_manifests, Io, Output};
use crate::cli::{Create, CreateWhat, DryRun, Expose, Invocation, Run, ServiceType, WriteOptions};
use kubeplay_apiserver::ApiError;
use kubeplay_engine::client;
use kubeplay_engine::Engine;
use kubeplay_model::{Kind, Object};
use serde_json::{json, Value};

/// How a generator words a server error: most wrap it as
/// `error: failed to create <what>: <status message>` (`secret` without
/// the colon, as create_secret.go has it); `run`, `expose` and `create
/// namespace` pass the server's error through.
#[derive(Clone, Copy)]
enum Wrap {
    Plain,
    FailedToCreate(&'static str),
    /// `failed to create secret <message>`.
    Secret,
}

impl Wrap {
    fn render(self, e: &ApiError) -> String {
        match self {
            Wrap::Plain => api_error(e),
            Wrap::FailedToCreate(what) => format!("error: failed to create {what}: {}", e.server_message()),
            Wrap::Secret => format!("error: failed to create secret {}", e.server_message()),
        }
    }
}

/// Sends one client-built object (JSON in kubectl's shape) and prints it.
#[allow(clippy::too_many_arguments)]
fn submit(v: Value, inv: &Invocation, engine: &mut Engine, write: &WriteOptions, operation: &str, wrap: Wrap, printer: &mut Printer, out: &mut Output) -> bool {
    let mut v = v;
    if write.save_config {
        save_typed_config(&mut v);
    }
    if let Some(cause) = &inv.change_cause {
        annotate_value(&mut v, CHANGE_CAUSE, cause);
    }
    let kind_s = v["kind"].as_str().unwrap_or_default().to_string();
    let name = v["metadata"]["name"].as_str().unwrap_or_default().to_string();
    let kind = Kind::ALL.iter().copied().find(|k| k.info().kind == kind_s).unwrap_or(Kind::Pod);
    if write.dry_run == DryRun::Client {
        printer.typed(out, kind, &name, &v, operation);
        return true;
    }
    let mut obj = match kubeplay_codec::object_from_json(&v) {
        Ok(o) => o,
        Err(e) => {
            out.error(&format!("error: {e}"));
            return false;
        }
    };
    if kind.namespaced() && obj.namespace().is_empty() {
        obj.meta_mut().namespace = namespace(inv).into();
    }
    let result = if write.dry_run == DryRun::Server { client::dry_run(engine, |s, c| s.create(obj, c)) } else { client::create(engine, obj) };
    match result {
        Ok(created) => {
            printer.typed_object(out, &created, operation);
            true
        }
        Err(e) => {
            out.error(&wrap.render(&e));
            false
        }
    }
}

fn explicit_ns(inv: &Invocation) -> Option<&str> {
    inv.namespace.as_deref()
}

pub fn create(c: &Create, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let mut printer = Printer::new(&c.write);
    let ns = explicit_ns(inv);
    let v = match &c.what {
        CreateWhat::Files { files, edit, .. } => {
            if *edit {
                out.error("error: (playground) create --edit needs an editor; paste the manifest into the editor instead");
                return;
            }
            return create_files(files, c, inv, engine, io, out);
        }
        CreateWhat::Deployment { name, images, port, replicas, command } => generate::deployment(name, ns, images, *port, *replicas, command),
        CreateWhat::Service { name, type_, ports, cluster_ip, node_port, external_name } => {
            generate::service(name, ns, *type_, ports, cluster_ip.as_deref(), *node_port, external_name.as_deref())
        }
        CreateWhat::Job { name, image: Some(image), command, .. } => generate::job(name, ns, image, command),
        CreateWhat::Job { name, from: Some(from), .. } => match job_from(name, from, ns, inv, engine, io) {
            Ok(v) => v,
            Err(e) => {
                out.error(&e);
                return;
            }
        },
        CreateWhat::Job { .. } => return,
        CreateWhat::CronJob { name, image, schedule, restart, command } => {
            generate::cron_job(name, ns, image, schedule, restart.as_deref().unwrap_or("OnFailure"), command)
        }
        CreateWhat::Namespace { name } => generate::namespace(name),
        CreateWhat::PodDisruptionBudget { name, selector, min_available, max_unavailable } => {
            generate::pod_disruption_budget(name, ns, selector, min_available.as_deref(), max_unavailable.as_deref())
        }
        CreateWhat::PriorityClass { name, value, global_default, description, preemption_policy } => {
            generate::priority_class(name, *value, *global_default, description, preemption_policy)
        }
        CreateWhat::Quota { name, hard, scopes } => generate::quota(name, ns, hard, scopes),
        CreateWhat::DockerRegistrySecret { name, server, username, password, email } => generate::docker_registry_secret(name, ns, server, username, password, email),
        CreateWhat::ServiceAccount { name } => generate::service_account(name, ns),
        CreateWhat::ConfigMap { name, data } | CreateWhat::Secret { name, data, .. } => {
            let is_secret = matches!(c.what, CreateWhat::Secret { .. });
            let pairs = match generate::data_pairs(if is_secret { "Secret" } else { "ConfigMap" }, name, data, io.read_file) {
                Ok(p) => p,
                Err(e) => {
                    out.error(&format!("error: {e}"));
                    return;
                }
            };
            if data.append_hash {
                out.error("error: (playground) --append-hash is not supported");
                return;
            }
            match &c.what {
                CreateWhat::Secret { type_, .. } => generate::secret(name, ns, type_.as_deref(), &pairs),
                _ => generate::config_map(name, ns, &pairs),
            }
        }
    };
    // kubectl's `create service` generators never read --save-config.
    let write = WriteOptions { save_config: c.write.save_config && !matches!(c.what, CreateWhat::Service { .. }), ..c.write.clone() };
    let wrap = match &c.what {
        CreateWhat::Deployment { .. } => Wrap::FailedToCreate("deployment"),
        CreateWhat::Job { .. } => Wrap::FailedToCreate("job"),
        CreateWhat::CronJob { .. } => Wrap::FailedToCreate("cronjob"),
        CreateWhat::ServiceAccount { .. } => Wrap::FailedToCreate("serviceaccount"),
        CreateWhat::ConfigMap { .. } => Wrap::FailedToCreate("configmap"),
        CreateWhat::PodDisruptionBudget { .. } => Wrap::FailedToCreate("poddisruptionbudgets"),
        CreateWhat::PriorityClass { .. } => Wrap::FailedToCreate("priorityclass"),
        CreateWhat::Quota { .. } => Wrap::FailedToCreate("quota"),
        CreateWhat::Secret { .. } | CreateWhat::DockerRegistrySecret { .. } => Wrap::Secret,
        CreateWhat::Service { type_, .. } => Wrap::FailedToCreate(match type_ {
            ServiceType::ClusterIp => "ClusterIP service",
            ServiceType::NodePort => "NodePort service",
            ServiceType::LoadBalancer => "LoadBalancer service",
            ServiceType::ExternalName => "ExternalName service",
        }),
        CreateWhat::Namespace { .. } | CreateWhat::Files { .. } => Wrap::Plain,
    };
    submit(v, inv, engine, &write, "created", wrap, &mut printer, out);
}

/// `create job --from=TYPE/NAME`: the builder looks the object up like any
/// other argument, and only a CronJob can be instantiated; any other kind
/// gets kubectl's `unknown object type` with the Go type's name.
fn job_from(name: &str, from: &str, ns: Option<&str>, inv: &Invocation, engine: &Engine, io: Io) -> Result<Value, String> {
    let targets = crate::cli::resources::build(&[from.to_string()], &Default::default()).map_err(|e| e.to_string())?;
    let fetched = find(engine, inv, io, &targets, false);
    if let Some(e) = fetched.errors.first() {
        return Err(e.clone());
    }
    let [obj] = fetched.objects.as_slice() else { return Err("error: from must be an existing cronjob".into()) };
    match obj.as_ref() {
        Object::CronJob(cj) => Ok(generate::job_from_cron_job(name, ns, cj)),
        other => {
            let info = other.kind().info();
            Err(format!("error: unknown object type *{}.{}", info.version, info.kind))
        }
    }
}

fn create_files(files: &[String], c: &Create, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let (objects, errors) = read_manifests(files, io);
    let mut failures: Vec<Failure> = errors.into_iter().map(Failure::from_line).collect();
    let mut printer = Printer::new(&c.write);
    for m in objects {
        let mut obj = m.decoded.object;
        let raw = m.decoded.raw;
        if let Err(e) = set_manifest_namespace(&mut obj, inv) {
            failures.push(Failure::from_line(e));
            continue;
        }
        save_file_config(&mut obj, &raw, c.write.save_config);
        if let Some(cause) = &inv.change_cause {
            obj.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
        }
        if c.write.dry_run != DryRun::Client {
            let manifest = validation::Manifest { source: &m.source, kind: obj.kind(), api_version: &m.decoded.api_version, warnings: &m.decoded.warnings, decode_error: m.decoded.server_decode_error.as_deref() };
            let verdict = validation::check(&manifest, c.write.validate, validation::Request::Create);
            for w in &verdict.warnings {
                out.note(w);
            }
            if let Some(e) = verdict.error {
                failures.push(Failure::Text(e));
                continue;
            }
        }
        let result = match c.write.dry_run {
            DryRun::Client => {
                printer.value(out, obj.kind(), obj.name(), &client_dry_run_value(&raw, &obj), "created");
                continue;
            }
            DryRun::Server => {
                // As client::create, kubectl clears the resourceVersion.
                let mut obj = obj;
                obj.meta_mut().resource_version = Default::default();
                client::dry_run(engine, |s, x| s.create(obj, x))
            }
            DryRun::None => client::create(engine, obj),
        };
        match result {
            Ok(created) => printer.object(out, &created, "created"),
            Err(err) => failures.push(Failure::Api { err, verb: "creating", source: m.source.clone() }),
        }
    }
    report_failures(out, failures);
}

pub fn run(r: &Run, inv: &Invocation, engine: &mut Engine, out: &mut Output) {
    let mut printer = Printer::new(&r.write);
    let mut pod = generate::run_pod(r, explicit_ns(inv));
    if let Some(o) = &r.overrides {
        match apply_overrides(&pod, o, &r.override_type) {
            Ok(v) => pod = v,
            Err(e) => {
                out.error(&format!("error: {e}"));
                return;
            }
        }
    }
    if r.expose {
        // The service goes first, as kubectl creates it before the pod.
        let Some(port) = r.port else { return };
        let labels: Vec<(String, String)> = if r.labels.is_empty() { vec![("run".into(), r.name.clone())] } else { r.labels.clone() };
        let mut meta = generate::metadata(&r.name, explicit_ns(inv), &[]);
        meta.as_object_mut().map(|m| m.remove("labels"));
        let selector: serde_json::Map<String, Value> = labels.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
        // The service generator sets the protocol (Go's ServicePort order:
        // protocol, port, targetPort).
        let svc = json!({"kind": "Service", "apiVersion": "v1", "metadata": meta,
            "spec": {"ports": [{"protocol": "TCP", "port": port, "targetPort": port}], "selector": selector}, "status": {"loadBalancer": {}}});
        if !submit(svc, inv, engine, &r.write, "created", Wrap::Plain, &mut printer, out) {
            return;
        }
        // generateService prints a `---` of its own after the service with
        // `-o yaml`, on top of the printer's separator before the pod.
        if matches!(r.write.output, Some(crate::print::output::OutputFormat::Yaml)) {
            out.stdout.push_str("---\n");
        }
    }
    submit(pod, inv, engine, &r.write, "created", Wrap::Plain, &mut printer, out);
}

/// kubectl run's `Overrider`: `--overrides` patched onto the generated pod
/// as `--override-type` says, then decoded into the typed object kubectl
/// prints (fields the type lacks go; empty structs such as a container's
/// `resources` come back; keys take the struct's order). Errors are the
/// patch libraries' words.
fn apply_overrides(pod: &Value, overrides: &str, override_type: &str) -> Result<Value, String> {
    let parsed = serde_json::from_str::<Value>(overrides);
    let patched = match override_type {
        // evanphx/json-patch's MergePatch: an object merges; an array
        // replaces the document (and then is no object); the rest is refused.
        "merge" => match parsed {
            Ok(p @ Value::Object(_)) => kubeplay_apiserver::json_merge_patch(pod, &p),
            Ok(Value::Array(_)) => {
                return Err("couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }".into())
            }
            _ => return Err("Invalid JSON Patch".into()),
        },
        "strategic" => match parsed {
            Ok(p @ Value::Object(_)) => kubeplay_apiserver::strategic_merge_patch(pod, &p).map_err(|e| e.to_string())?,
            _ => return Err("invalid JSON document".into()),
        },
        "json" => {
            let p = parsed.map_err(|_| crate::print::json_indent::indent(overrides, "").err().map(|e| e.to_string()).unwrap_or_default())?;
            kubeplay_apiserver::json_patch(pod, &p)?
        }
        other => return Err(format!("invalid override type: {other}")),
    };
    let obj = kubeplay_codec::object_from_json(&patched)?;
    Ok(crate::print::structured::typed_value(&obj, false))
}

/// The label selector and ports `expose` reads from an object.
/// Label pairs, and ports with their protocols.
type Introspected = (Vec<(String, String)>, Vec<(i32, String)>);

fn introspect(obj: &Object) -> Result<Introspected, String> {
    let ports_of = |spec: &kubeplay_model::api::PodSpec| -> Vec<(i32, String)> {
        spec.containers.iter().flat_map(|c| c.ports.iter().map(|p| (p.container_port, p.protocol.clone().unwrap_or_else(|| "TCP".into())))).collect()
    };
    let from_selector = |s: &Option<kubeplay_model::LabelSelector>| -> Result<Vec<(String, String)>, String> {
        match s {
            Some(sel) if sel.match_expressions.is_empty() => Ok(sel.match_labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
            Some(_) => Err("couldn't convert expressions - \"{matchExpressions}\" to map-based selector format".into()),
            None => Ok(Vec::new()),
        }
    };
    let m = |b: &std::collections::BTreeMap<String, String>| b.iter().map(|(k, v)| (k.clone(), v.clone())).collect::<Vec<_>>();
    Ok(match obj {
        Object::Pod(p) => (m(&p.metadata.labels), ports_of(&p.spec)),
        Object::Deployment(d) => (from_selector(&d.spec.selector)?, ports_of(&d.spec.template.spec)),
        Object::ReplicaSet(r) => (from_selector(&r.spec.selector)?, ports_of(&r.spec.template.spec)),
        Object::ReplicationController(r) => (m(&r.spec.selector), r.spec.template.as_ref().map(|t| ports_of(&t.spec)).unwrap_or_default()),
        Object::Service(s) => (m(&s.spec.selector), s.spec.ports.iter().map(|p| (p.port, p.protocol.clone().unwrap_or_else(|| "TCP".into()))).collect()),
        other => return Err(format!("cannot expose a {}", other.kind().info().kind)),
    })
}

pub fn expose(x: &Expose, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let fetched = find(engine, inv, io, &x.targets, false);
    let mut printer = Printer::new(&x.write);
    for obj in &fetched.objects {
        let (selector, ports) = match introspect(obj) {
            Ok(v) => v,
            Err(e) => {
                out.error(&format!("error: {e}"));
                return;
            }
        };
        let selector: Vec<(String, String)> = match &x.selector {
            Some(s) => kv_list(s),
            None => selector,
        };
        if selector.is_empty() {
            out.error("error: couldn't retrieve selectors via --selector flag or introspection: the object has no selector");
            return;
        }
        let ports: Vec<(String, String)> = match &x.port {
            Some(p) => p.split(',').map(|p| (p.to_string(), x.protocol.clone().unwrap_or_else(|| "TCP".into()))).collect(),
            None => ports.into_iter().map(|(p, proto)| (p.to_string(), x.protocol.clone().unwrap_or(proto))).collect(),
        };
        if ports.is_empty() {
            out.error("error: couldn't find port via --port flag or introspection");
            return;
        }
        let multi = ports.len() > 1;
        let mut port_values = Vec::new();
        for (i, (p, proto)) in ports.iter().enumerate() {
            let Ok(n) = p.parse::<i32>() else {
                out.error(&format!("error: strconv.Atoi: parsing {}: invalid syntax", crate::gofmt::quote(p)));
                return;
            };
            let mut m = serde_json::Map::new();
            if multi {
                m.insert("name".into(), json!(format!("port-{}", i + 1)));
            }
            m.insert("protocol".into(), json!(proto));
            m.insert("port".into(), json!(n));
            let target = x.target_port.clone().unwrap_or_else(|| n.to_string());
            m.insert("targetPort".into(), target.parse::<i64>().map(|t| json!(t)).unwrap_or_else(|_| json!(target)));
            port_values.push(Value::Object(m));
        }
        let name = x.name.clone().unwrap_or_else(|| obj.name().to_string());
        let labels: Vec<(String, String)> = match &x.labels {
            Some(l) => kv_list(l),
            None => obj.meta().labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        };
        let meta = generate::metadata(&name, explicit_ns(inv), &labels);
        let mut spec = serde_json::Map::new();
        spec.insert("ports".into(), Value::Array(port_values));
        spec.insert("selector".into(), Value::Object(selector.into_iter().map(|(k, v)| (k, json!(v))).collect()));
        if let Some(ip) = &x.cluster_ip {
            spec.insert("clusterIP".into(), json!(ip));
        }
        if let Some(t) = &x.type_ {
            spec.insert("type".into(), json!(t));
        }
        if let Some(ip) = &x.external_ip {
            spec.insert("externalIPs".into(), json!([ip]));
        }
        if let Some(a) = &x.session_affinity {
            spec.insert("sessionAffinity".into(), json!(a));
        }
        if let Some(ip) = &x.load_balancer_ip {
            spec.insert("loadBalancerIP".into(), json!(ip));
        }
        let svc = json!({"kind": "Service", "apiVersion": "v1", "metadata": meta, "spec": spec, "status": {"loadBalancer": {}}});
        if !submit(svc, inv, engine, &x.write, "exposed", Wrap::Plain, &mut printer, out) {
            return;
        }
    }
    report(out, fetched.errors);
}

/// `a=b,c=d` as pairs (entries without `=` are dropped, as kubectl's map parsing does).
fn kv_list(s: &str) -> Vec<(String, String)> {
    s.split(',').filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect()
}
