//! `kubectl create ingress` (create_ingress.go): the Ingress its
//! `--rule=host/path=service:port[,tls[=secret]]` flags describe, built as
//! kubectl builds it from rules its `Validate` already accepted.

use super::metadata;
use serde_json::{json, Map, Value};

/// The flags of `create ingress`, as given.
pub struct IngressFlags<'a> {
    pub class: &'a str,
    pub default_backend: &'a str,
    pub rules: &'a [String],
    pub annotations: &'a [String],
}

/// `parseServiceBackendPort` (intstr.Parse): a 32-bit integer is a port
/// number (left out when 0, as `omitempty` does), anything else a name.
fn backend_port(port: &str) -> Value {
    match port.parse::<i32>() {
        Ok(0) => json!({}),
        Ok(n) => json!({"number": n}),
        Err(_) if port.is_empty() => json!({}),
        Err(_) => json!({"name": port}),
    }
}

/// `buildIngressBackendSvc`: `name:port`; `None` where kubectl indexes
/// past the end of its split (and crashes).
fn backend(service: &str) -> Option<Value> {
    let mut parts = service.split(':');
    let name = parts.next().unwrap_or("");
    let port = parts.next()?;
    Some(json!({"service": {"name": name, "port": backend_port(port)}}))
}

/// `buildHTTPIngressPath`: `path=service`, a trailing `*` making the path
/// a Prefix (without the `*`), else Exact.
fn http_path(path_service: &str) -> Option<Value> {
    let mut parts = path_service.split('=');
    let mut path = format!("/{}", parts.next().unwrap_or(""));
    let service = parts.next()?;
    let path_type = match path.strip_suffix('*') {
        Some(p) => {
            path = p.to_string();
            "Prefix"
        }
        None => "Exact",
    };
    Some(json!({"path": path, "pathType": path_type, "backend": backend(service)?}))
}

/// `buildTLSRules`: rules with exactly one `,tls[=secret]` part, grouped
/// by secret (an empty secret is a group too); each host once, in its
/// first rule's group; an entry with neither hosts nor secret dropped.
fn tls(rules: &[String]) -> Vec<Value> {
    let mut entries: Vec<(Vec<String>, String)> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for rule in rules {
        let parts: Vec<&str> = rule.split(',').collect();
        let [_, tls] = parts.as_slice() else { continue };
        let host = rule.split('/').next().unwrap_or("");
        let secret = tls.split('=').nth(1).unwrap_or("");
        if seen.contains(&host) {
            continue;
        }
        seen.push(host);
        if let Some(entry) = entries.iter_mut().find(|(_, s)| s == secret) {
            entry.0.push(host.to_string());
            continue;
        }
        let hosts: Vec<String> = if host.is_empty() { Vec::new() } else { vec![host.to_string()] };
        if !hosts.is_empty() || !secret.is_empty() {
            entries.push((hosts, secret.to_string()));
        }
    }
    entries
        .into_iter()
        .map(|(hosts, secret)| {
            let mut t = Map::new();
            if !hosts.is_empty() {
                t.insert("hosts".into(), json!(hosts));
            }
            if !secret.is_empty() {
                t.insert("secretName".into(), json!(secret));
            }
            Value::Object(t)
        })
        .collect()
}

/// `buildIngressRules`: one rule per host (the empty host too), its
/// paths in the order given; `Err(rule)` for a rule kubectl crashes on.
fn rules(rules: &[String]) -> Result<Vec<Value>, String> {
    let mut out: Vec<(String, Vec<Value>)> = Vec::new();
    for rule in rules {
        let without_tls = rule.split(',').next().unwrap_or("");
        let mut host_path = without_tls.splitn(2, '/');
        let host = host_path.next().unwrap_or("");
        let path = host_path.next().and_then(http_path).ok_or_else(|| rule.clone())?;
        match out.iter_mut().find(|(h, _)| h == host) {
            Some((_, paths)) => paths.push(path),
            None => out.push((host.to_string(), vec![path])),
        }
    }
    Ok(out
        .into_iter()
        .map(|(host, paths)| {
            let mut r = Map::new();
            if !host.is_empty() {
                r.insert("host".into(), json!(host));
            }
            r.insert("http".into(), json!({ "paths": paths }));
            Value::Object(r)
        })
        .collect())
}

/// `createIngress`; `Err` names the rule kubectl v1.32 panics on (an
/// index out of range: a path holding `=` or `,`, which its rule pattern
/// lets through).
pub fn ingress(name: &str, ns: Option<&str>, f: &IngressFlags) -> Result<Value, String> {
    let mut meta = metadata(name, ns, &[]);
    let annotations: std::collections::BTreeMap<&str, &str> = f.annotations.iter().filter_map(|a| a.split_once('=')).collect();
    if !annotations.is_empty() {
        meta["annotations"] = json!(annotations);
    }
    let mut spec = Map::new();
    if !f.class.is_empty() {
        spec.insert("ingressClassName".into(), json!(f.class));
    }
    if !f.default_backend.is_empty() {
        spec.insert("defaultBackend".into(), backend(f.default_backend).ok_or_else(|| f.default_backend.to_string())?);
    }
    let tls = tls(f.rules);
    if !tls.is_empty() {
        spec.insert("tls".into(), json!(tls));
    }
    let rules = rules(f.rules).map_err(|rule| format!("(playground) kubectl v1.32 crashes on the rule {rule} (index out of range): its path may not hold '=' or ','"))?;
    if !rules.is_empty() {
        spec.insert("rules".into(), json!(rules));
    }
    Ok(json!({"kind": "Ingress", "apiVersion": "networking.k8s.io/v1", "metadata": meta, "spec": spec, "status": {"loadBalancer": {}}}))
}
