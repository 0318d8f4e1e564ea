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

/// What a client-built object became: the object kubectl prints as it
/// built it (`--dry-run=client`), or the one the server returned.
enum Sent {
    Built(Kind, String, Value),
    Created(std::sync::Arc<Object>),
}

/// Sends one client-built object (JSON in kubectl's shape); the error is
/// worded as `wrap` says.
fn send(v: Value, inv: &Invocation, engine: &mut Engine, write: &WriteOptions, wrap: Wrap, out: &mut Output) -> Result<Sent, String> {
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
        return Ok(Sent::Built(kind, name, v));
    }
    let mut obj = kubeplay_codec::object_from_json(&v).map_err(|e| format!("error: {e}"))?;
    if kind.namespaced() && obj.namespace().is_empty() {
        obj.meta_mut().namespace = namespace(inv).into();
    }
    let result = if write.dry_run == DryRun::Server { client::dry_run(engine, "create", &obj.key(), "", |s, c| s.create(obj, c)) } else { client::create(engine, obj) };
    // Admission's warnings (PodSecurity's), a dry run's too.
    super::server_warnings(engine, out);
    result.map(Sent::Created).map_err(|e| wrap.render(&e))
}

fn show(sent: &Sent, operation: &str, printer: &mut Printer, out: &mut Output) {
    match sent {
        Sent::Built(kind, name, v) => printer.typed(out, *kind, name, v, operation),
        Sent::Created(obj) => printer.typed_object(out, obj, operation),
    }
}

/// Sends one client-built object and prints it.
#[allow(clippy::too_many_arguments)]
fn submit(v: Value, inv: &Invocation, engine: &mut Engine, write: &WriteOptions, operation: &str, wrap: Wrap, printer: &mut Printer, out: &mut Output) -> bool {
    match send(v, inv, engine, write, wrap, out) {
        Ok(sent) => {
            show(&sent, operation, printer, out);
            true
        }
        Err(e) => {
            out.error(&e);
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
        CreateWhat::Ingress { name, class, default_backend, rules, annotations } => {
            match generate::ingress::ingress(name, ns, &generate::ingress::IngressFlags { class, default_backend, rules, annotations }) {
                Ok(v) => v,
                Err(e) => {
                    out.error(&format!("error: {e}"));
                    return;
                }
            }
        }
        CreateWhat::Role { name, cluster, verbs, resources, resource_names, non_resource_urls, aggregation } => {
            let flags = generate::rbac::RoleFlags { verbs, resources, resource_names, non_resource_urls, aggregation };
            let mut warnings = Vec::new();
            let built = generate::rbac::role(name, ns, *cluster, &flags, &mut warnings);
            for w in &warnings {
                out.note(w);
            }
            match built {
                Ok(v) => v,
                Err(e) => {
                    out.error(&e);
                    return;
                }
            }
        }
        CreateWhat::RoleBinding { name, cluster, role, cluster_role, users, groups, service_accounts } => {
            let flags = generate::rbac::BindingFlags { role, cluster_role, users, groups, service_accounts };
            match generate::rbac::binding(name, ns, *cluster, &flags) {
                Ok(v) => v,
                Err(e) => {
                    out.error(&e);
                    return;
                }
            }
        }
        CreateWhat::DockerRegistrySecret { name, server, username, password, email, append_hash } => {
            generate::docker_registry_secret(name, ns, server, username, password, email, *append_hash)
        }
        CreateWhat::TlsSecret { name, cert, key, append_hash } => match tls_secret(name, ns, cert, key, *append_hash, io.read_file) {
            Ok(v) => v,
            Err(e) => {
                out.error(&format!("error: {e}"));
                return;
            }
        },
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
            let secret_type = match &c.what {
                CreateWhat::Secret { type_, .. } => Some(type_.as_deref().unwrap_or_default()),
                _ => None,
            };
            let name = if data.append_hash { generate::hashed_name(name, secret_type, &pairs) } else { name.clone() };
            match secret_type {
                Some(_) => generate::secret(&name, ns, secret_type.filter(|t| !t.is_empty()), &pairs),
                None => generate::config_map(&name, ns, &pairs),
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
        CreateWhat::Ingress { .. } => Wrap::FailedToCreate("ingress"),
        CreateWhat::RoleBinding { cluster: false, .. } => Wrap::FailedToCreate("rolebinding"),
        CreateWhat::RoleBinding { cluster: true, .. } => Wrap::FailedToCreate("clusterrolebinding"),
        CreateWhat::Quota { .. } => Wrap::FailedToCreate("quota"),
        CreateWhat::Secret { .. } | CreateWhat::DockerRegistrySecret { .. } | CreateWhat::TlsSecret { .. } => Wrap::Secret,
        CreateWhat::Service { type_, .. } => Wrap::FailedToCreate(match type_ {
            ServiceType::ClusterIp => "ClusterIP service",
            ServiceType::NodePort => "NodePort service",
            ServiceType::LoadBalancer => "LoadBalancer service",
            ServiceType::ExternalName => "ExternalName service",
        }),
        CreateWhat::Namespace { .. } | CreateWhat::Files { .. } | CreateWhat::Role { .. } => Wrap::Plain,
    };
    submit(v, inv, engine, &write, "created", wrap, &mut printer, out);
}

/// `create job --from=TYPE/NAME`: the builder looks the object up like any
/// other argument, and only a CronJob can be instantiated; any other kind
/// gets kubectl's `unknown object type` with the Go type's name.
/// `create secret tls`: both files read (the certificate first), checked
/// to pair as crypto/tls would, and stored under `tls.crt` and `tls.key`.
fn tls_secret(name: &str, ns: Option<&str>, cert: &str, key: &str, append_hash: bool, read: Option<super::ReadFile>) -> Result<Value, String> {
    let load = |path: &str| -> Result<String, String> {
        let missing = || format!("Cannot read file {path}, open {path}: no such file or directory\n{}", super::manifests::missing_file_hint(path, None));
        let Some(read) = read else { return Err(missing()) };
        if !path.ends_with('/') && read(&format!("{path}/")).is_some() {
            return Err(format!("Cannot read file {path}, read {path}: is a directory"));
        }
        read(path).ok_or_else(missing)
    };
    let (cert, key) = (load(cert)?, load(key)?);
    super::tls_pair::check(cert.as_bytes(), key.as_bytes())?;
    let pairs = [("tls.crt".to_string(), cert), ("tls.key".to_string(), key)];
    const TLS: &str = "kubernetes.io/tls";
    let name = if append_hash { generate::hashed_name(name, Some(TLS), &pairs) } else { name.to_string() };
    Ok(generate::secret(&name, ns, Some(TLS), &pairs))
}

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
    // create.go creates each object as the visitor reads it, so an error
    // reading a file comes after the failures of the objects before it.
    let (objects, errors) = super::manifests::read_manifests_in_order_for_write(files, io);
    let mut errors = errors.into_iter().peekable();
    let mut failures: Vec<Failure> = Vec::new();
    let mut printer = Printer::new(&c.write);
    for (i, m) in objects.into_iter().enumerate() {
        while let Some((_, e)) = errors.next_if(|(at, _)| *at <= i) {
            failures.push(Failure::from_line(e));
        }
        let client_error = m.client_side_error();
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
            let warnings = validation::with_pruned(engine, &obj, &m.decoded.warnings);
            let manifest = validation::Manifest { source: &m.source, kind: obj.kind(), api_version: &m.decoded.api_version, warnings: &warnings, decode_error: m.decoded.server_decode_error.as_deref(), refused: m.refused.as_ref() };
            let verdict = validation::check(&manifest, c.write.validate, validation::Request::Create);
            for w in &verdict.warnings {
                out.note(w);
            }
            if let Some(e) = verdict.error {
                failures.push(Failure::Text(e));
                continue;
            }
            if let Some(err) = super::events_v1_write::refused(&obj, &m.decoded.api_version) {
                failures.push(Failure::Api { err, verb: "creating", source: m.source.clone() });
                continue;
            }
        }
        let result = match c.write.dry_run {
            DryRun::Client => {
                match client_error {
                    Some(e) => failures.push(Failure::Text(e)),
                    None => printer.value(out, obj.kind(), obj.name(), &client_dry_run_value(&raw, &obj), "created"),
                }
                continue;
            }
            DryRun::Server => {
                // As client::create, kubectl clears the resourceVersion.
                let mut obj = obj;
                obj.meta_mut().resource_version = Default::default();
                client::dry_run(engine, "create", &obj.key(), "", |s, x| s.create(obj, x))
            }
            DryRun::None => client::create(engine, obj),
        };
        validation::server_warnings(engine, c.write.validate, out);
        match result {
            Ok(created) => printer.object(out, &created, "created"),
            Err(err) => failures.push(Failure::Api { err, verb: "creating", source: m.source.clone() }),
        }
    }
    failures.extend(errors.map(|(_, e)| Failure::from_line(e)));
    report_failures(out, failures);
}

pub fn run(r: &Run, inv: &Invocation, engine: &mut Engine, stdin: Option<&str>, out: &mut Output) {
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
    // kubectl creates the pod, then the service (printing the service as
    // it goes), then prints the pod; a failed service is reported last.
    let pod = match send(pod, inv, engine, &r.write, Wrap::Plain, out) {
        Ok(sent) => sent,
        Err(e) => {
            out.error(&e);
            return;
        }
    };
    let mut service_error = None;
    let mut service = None;
    if r.attach {
        if let Sent::Created(p) = &pod {
            engine.sim_attach(p.namespace(), &r.name);
        }
    }
    if let (true, Some(port)) = (r.expose, r.port) {
        let labels: Vec<(String, String)> = if r.labels.is_empty() { vec![("run".into(), r.name.clone())] } else { r.labels.clone() };
        // The service carries --labels (not the default run=NAME) and
        // selects by them.
        let meta = generate::metadata(&r.name, explicit_ns(inv), &r.labels);
        let selector: serde_json::Map<String, Value> = labels.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
        // The service generator sets the protocol (Go's ServicePort order:
        // protocol, port, targetPort).
        let svc = json!({"kind": "Service", "apiVersion": "v1", "metadata": meta,
            "spec": {"ports": [{"protocol": "TCP", "port": port, "targetPort": port}], "selector": selector}, "status": {"loadBalancer": {}}});
        match send(svc, inv, engine, &r.write, Wrap::Plain, out) {
            Ok(sent) => {
                service = Some(r.name.clone());
                show(&sent, "created", &mut printer, out);
                // generateService prints a `---` of its own after the
                // service with `-o yaml`, on top of the printer's separator
                // before the pod.
                if matches!(r.write.output, Some(crate::print::output::OutputFormat::Yaml)) {
                    out.stdout.push_str("---\n");
                }
            }
            Err(e) => service_error = Some(e),
        }
    }
    if let (true, Sent::Created(p)) = (r.attach, &pod) {
        // Attached, kubectl prints neither the pod nor a failed service.
        return super::run_attach::attach(r, p.namespace(), service.as_deref(), stdin, engine, out);
    }
    show(&pod, "created", &mut printer, out);
    if let Some(e) = service_error {
        out.error(&e);
    }
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
        // An empty --override-type merges, as the default does.
        "merge" | "" => match parsed {
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

/// polymorphichelpers' `CanBeExposed`: pods, services, replication
/// controllers, deployments and replica sets.
fn can_be_exposed(obj: &Object) -> Result<(), String> {
    match obj {
        Object::Pod(_) | Object::Service(_) | Object::ReplicationController(_) | Object::Deployment(_) | Object::ReplicaSet(_) => Ok(()),
        other => {
            let info = other.kind().info();
            let group_kind = if info.group.is_empty() { info.kind.to_string() } else { format!("{}.{}", info.kind, info.group) };
            Err(format!("cannot expose a {group_kind}"))
        }
    }
}

/// `MapBasedSelectorForObject`: the pods the new service should select,
/// as `k=v,…`.
fn selector_for(obj: &Object) -> Result<String, String> {
    let join = |m: &mut dyn Iterator<Item = (&String, &String)>| m.map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
    let from_selector = |s: &Option<kubeplay_model::LabelSelector>, what: &str| -> Result<String, String> {
        match s {
            Some(sel) if !sel.match_labels.is_empty() => {
                if !sel.match_expressions.is_empty() {
                    return Err("couldn't convert expressions - \"{matchExpressions}\" to map-based selector format".into());
                }
                Ok(join(&mut sel.match_labels.iter()))
            }
            _ => Err(format!("invalid {what}: no selectors, therefore cannot be exposed")),
        }
    };
    match obj {
        Object::Pod(p) if p.metadata.labels.is_empty() => Err("the pod has no labels and cannot be exposed".into()),
        Object::Pod(p) => Ok(join(&mut p.metadata.labels.iter())),
        Object::Service(s) if s.spec.selector.is_empty() => Err("the service has no pod selector set".into()),
        Object::Service(s) => Ok(join(&mut s.spec.selector.iter())),
        Object::ReplicationController(r) => Ok(join(&mut r.spec.selector.iter())),
        Object::Deployment(d) => from_selector(&d.spec.selector, "deployment"),
        Object::ReplicaSet(r) => from_selector(&r.spec.selector, "replicaset"),
        _ => Ok(String::new()),
    }
}

/// `PortsForObject` and `MultiProtocolsForObject`: the object's ports in
/// order, and each port's protocols (TCP when unset).
fn ports_for(obj: &Object) -> (Vec<String>, Vec<(String, Vec<String>)>) {
    let mut ports = Vec::new();
    let mut protocols: Vec<(String, Vec<String>)> = Vec::new();
    let mut add = |port: i32, protocol: Option<&str>| {
        let key = port.to_string();
        let protocol = protocol.unwrap_or("TCP").to_string();
        match protocols.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(protocol),
            None => protocols.push((key.clone(), vec![protocol])),
        }
        ports.push(key);
    };
    let mut from_spec = |spec: &kubeplay_model::api::PodSpec| {
        for c in spec.containers.iter() {
            for p in &c.ports {
                add(p.container_port, p.protocol.as_deref());
            }
        }
    };
    match obj {
        Object::Pod(p) => from_spec(&p.spec),
        Object::Deployment(d) => from_spec(&d.spec.template.spec),
        Object::ReplicaSet(r) => from_spec(&r.spec.template.spec),
        Object::ReplicationController(r) => {
            if let Some(t) = &r.spec.template {
                from_spec(&t.spec)
            }
        }
        Object::Service(s) => {
            for p in &s.spec.ports {
                add(p.port, p.protocol.as_deref());
            }
        }
        _ => {}
    }
    (ports, protocols)
}

/// One object's service, as `RunExpose` fills in from the object what the
/// flags left empty.
fn exposed(x: &Expose, obj: &Object, ns: Option<&str>) -> Result<Value, String> {
    can_be_exposed(obj)?;
    let default_name: String = obj.name().chars().take(63).collect();
    let flag = |v: &Option<String>| v.clone().unwrap_or_default();
    let mut selector = flag(&x.selector);
    if selector.is_empty() {
        selector = selector_for(obj).map_err(|e| format!("couldn't retrieve selectors via --selector flag or introspection: {e}"))?;
    }
    let (object_ports, protocols) = ports_for(obj);
    let mut ports = flag(&x.port);
    if ports.is_empty() {
        if object_ports.is_empty() && x.cluster_ip.as_deref() != Some("None") {
            return Err("couldn't find port via --port flag or introspection".into());
        }
        ports = object_ports.join(",");
    }
    let mut labels = flag(&x.labels);
    if labels.is_empty() {
        labels = obj.meta().labels.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
    }
    let svc = generate::exposed_service(&generate::ExposeParams {
        name: x.name.as_deref().unwrap_or_default(),
        default_name: &default_name,
        namespace: ns,
        selector: &selector,
        labels: &labels,
        ports: &ports,
        protocol: x.protocol.as_deref().unwrap_or_default(),
        protocols: &protocols,
        target_port: x.target_port.as_deref().unwrap_or_default(),
        cluster_ip: x.cluster_ip.as_deref().unwrap_or_default(),
        external_ip: x.external_ip.as_deref().unwrap_or_default(),
        type_: x.type_.as_deref().unwrap_or_default(),
        load_balancer_ip: x.load_balancer_ip.as_deref().unwrap_or_default(),
        session_affinity: x.session_affinity.as_deref().unwrap_or_default(),
    })?;
    match &x.overrides {
        Some(o) => apply_overrides(&svc, o, &x.override_type),
        None => Ok(svc),
    }
}

pub fn expose(x: &Expose, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    // expose's builder reads files without asking the server for the
    // objects they name.
    let (objects, errors) = match &x.targets {
        crate::cli::Targets::Files { paths, .. } => {
            let (objs, errs) = read_manifests(paths, io);
            (objs.into_iter().map(|m| std::sync::Arc::new(m.decoded.object)).collect(), errs)
        }
        targets => {
            let fetched = find(engine, inv, io, targets, false);
            (fetched.objects, fetched.errors)
        }
    };
    let mut printer = Printer::new(&x.write);
    for obj in &objects {
        let svc = match exposed(x, obj, explicit_ns(inv)) {
            Ok(v) => v,
            Err(e) => {
                out.error(&format!("error: {e}"));
                return;
            }
        };
        if !submit(svc, inv, engine, &x.write, "exposed", Wrap::Plain, &mut printer, out) {
            return;
        }
    }
    report(out, errors);
}

#[cfg(test)]
#[path = "create_upstream_tests.rs"]
mod create_upstream_tests;

#[cfg(test)]
#[path = "create_ingress_upstream_tests.rs"]
mod create_ingress_upstream_tests;

#[cfg(test)]
#[path = "expose_upstream_tests.rs"]
mod expose_upstream_tests;

#[cfg(test)]
#[path = "run_upstream_tests.rs"]
mod run_upstream_tests;
#[cfg(test)]
#[path = "run_attach_tests.rs"]
mod run_attach_tests;
