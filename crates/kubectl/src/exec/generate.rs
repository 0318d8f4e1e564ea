//! The objects kubectl's generators build on the client (`create
//! deployment|service|job|cronjob|namespace|configmap|secret|pdb|
//! priorityclass|quota`, `run`,
//! `expose`), as JSON in the field order of kubectl's typed structs, so
//! `--dry-run=client -o json|yaml` prints exactly what kubectl prints
//! (`creationTimestamp: null`, `resources: {}`, `status: {}` included).

use crate::cli::{DataSources, Run, ServiceType, TcpPort};
use serde_json::{json, Map, Value};

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

/// The container name `create deployment` derives from an image reference.
pub fn container_name(image: &str) -> String {
    let base = image.rsplit('/').next().unwrap_or(image);
    let base = base.split(':').next().unwrap_or(base);
    let base = base.split('@').next().unwrap_or(base);
    base.replace(['_', '.'], "-")
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
    let mut job_meta = Map::new();
    job_meta.insert("name".into(), json!(name));
    if let Some(n) = ns {
        job_meta.insert("namespace".into(), json!(n));
    }
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
pub fn docker_registry_secret(name: &str, ns: Option<&str>, server: &str, username: &str, password: &str, email: &str) -> Value {
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
    let mut o = object("Secret", "v1", metadata(name, ns, &[]));
    o.insert("data".into(), json!({".dockerconfigjson": base64(config.as_bytes())}));
    o.insert("type".into(), json!("kubernetes.io/dockerconfigjson"));
    Value::Object(o)
}

/// Standard base64 with padding (secret data as the API stores it).
pub fn base64(bytes: &[u8]) -> String {
    kubeplay_model::base64::encode(bytes)
}

/// Reads `--from-file` and `--from-env-file` sources into key/value pairs,
/// after the literals, with kubectl's duplicate-key error.
pub fn data_pairs(kind: &str, name: &str, d: &DataSources, read: Option<super::ReadFile>) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = d.literals.clone();
    let add = |k: String, v: String, out: &mut Vec<(String, String)>| -> Result<(), String> {
        if let Some(e) = crate::cli::data_key_error(kind, &k) {
            return Err(e);
        }
        if out.iter().any(|(e, _)| *e == k) {
            return Err(format!(
                "cannot add key {}, another key by that name already exists in Data for {kind} {}",
                crate::gofmt::quote(&k),
                crate::gofmt::quote(name)
            ));
        }
        out.push((k, v));
        Ok(())
    };
    let load = |path: &str| -> Result<String, String> {
        match read.and_then(|r| r(path)) {
            Some(t) => Ok(t),
            None if read.is_none() => {
                Err(format!("error reading {path}: no such file or directory\n(playground) there are no files here: use --from-literal=KEY=VALUE instead"))
            }
            None => Err(format!("error reading {path}: no such file or directory")),
        }
    };
    for spec in &d.files {
        let (key, path) = match spec.split_once('=') {
            Some((k, p)) => (k.to_string(), p.to_string()),
            None => (spec.rsplit('/').next().unwrap_or(spec).to_string(), spec.clone()),
        };
        let text = load(&path)?;
        add(key, text, &mut out)?;
    }
    for path in &d.env_files {
        let text = load(path)?;
        for line in text.lines() {
            let line = line.trim_start();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (k, v) = line.split_once('=').unwrap_or((line, ""));
            add(k.to_string(), v.to_string(), &mut out)?;
        }
    }
    Ok(out)
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
}
