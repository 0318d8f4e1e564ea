//! `kubectl config view`: the kubeconfig as clientcmd's v1 types encode
//! it (Go's field order for `-o json`, sorted keys for yaml), minified to
//! one context with `--minify`, its credentials shortened
//! (`DATA+OMITTED`, `REDACTED`) unless `--raw`, and with `--flatten` the
//! files it names read into it (which also shows the credentials).

use super::config::{resolved, AuthInfo, Cluster, Context, Kubeconfig};
use super::Output;
use crate::cli::ConfigCommand;
use crate::print::output::OutputFormat;
use crate::print::{gotemplate, jsonpath, structured};
use serde_json::{json, Map, Value};

/// What `ShortenConfig` puts in place of bytes and of secrets.
const DATA_OMITTED: &str = "DATA+OMITTED";
const REDACTED: &str = "REDACTED";

pub(super) fn run(cmd: &ConfigCommand, kc: &Kubeconfig, files: &[(String, Option<String>)], out: &mut Output) {
    let ConfigCommand::View { minify, context, output, raw, flatten } = cmd else { return };
    let mut shown = kc.clone();
    if *minify {
        if let Err(e) = minified(&mut shown, context.as_deref().unwrap_or(&kc.current)) {
            return out.error(&format!("error: {e}"));
        }
    }
    if *flatten {
        if let Err(e) = flattened(&mut shown, files) {
            return out.error(&format!("error: {e}"));
        }
    }
    let v = value(&shown, !*raw && !*flatten);
    match output {
        OutputFormat::Json => out.stdout.push_str(&structured::json(&v)),
        OutputFormat::JsonPath { template, allow_missing } => out.printed(jsonpath::print(template, &v, *allow_missing, false).map_err(Into::into)),
        OutputFormat::JsonPathAsJson { template, allow_missing } => out.printed(jsonpath::print(template, &v, *allow_missing, true).map_err(Into::into)),
        OutputFormat::GoTemplate { template, allow_missing } => out.printed(gotemplate::print(template, &v, *allow_missing)),
        OutputFormat::Yaml => {
            let mut sorted = v;
            structured::sort_keys(&mut sorted);
            out.stdout.push_str(&structured::yaml(&sorted));
        }
        // The name printer on an object without a name.
        OutputFormat::Name => out.out("config/<unknown>"),
        _ => out.error("error: (playground) kubectl config view prints yaml, json or jsonpath"),
    }
}

/// `MinifyConfig`: only the context `name` and the cluster and user it
/// names, which must exist (an empty name keeps none).
fn minified(kc: &mut Kubeconfig, name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("current-context must exist in order to minify".into());
    }
    let c = kc.context(name).cloned().ok_or_else(|| format!("cannot locate context {name}"))?;
    let cluster = match c.cluster.as_str() {
        "" => None,
        n => Some(kc.cluster(n).cloned().ok_or_else(|| format!("cannot locate cluster {n}"))?),
    };
    let user = match c.user.as_str() {
        "" => None,
        n => Some(kc.user(n).cloned().ok_or_else(|| format!("cannot locate user {n}"))?),
    };
    kc.current = c.name.clone();
    kc.contexts = vec![c];
    kc.clusters = cluster.into_iter().collect();
    kc.users = user.into_iter().collect();
    Ok(())
}

/// `FlattenConfig`: each file named is read into its `…-data` field (users
/// first, then clusters, each by name); a missing file is Go's open error.
fn flattened(kc: &mut Kubeconfig, files: &[(String, Option<String>)]) -> Result<(), String> {
    let read = |path: &mut String, data: &mut Vec<u8>| -> Result<(), String> {
        if path.is_empty() {
            return Ok(());
        }
        let full = resolved(path);
        let text = files.iter().find(|(p, _)| *p == full).and_then(|(_, t)| t.clone());
        let text = text.ok_or_else(|| format!("open {full}: no such file or directory"))?;
        *data = text.into_bytes();
        path.clear();
        Ok(())
    };
    sort(&mut kc.users, |u| &u.name);
    sort(&mut kc.clusters, |c| &c.name);
    for u in &mut kc.users {
        read(&mut u.client_certificate, &mut u.client_certificate_data)?;
        read(&mut u.client_key, &mut u.client_key_data)?;
    }
    for c in &mut kc.clusters {
        read(&mut c.certificate_authority, &mut c.certificate_authority_data)?;
    }
    Ok(())
}

fn sort<T>(items: &mut [T], name: impl Fn(&T) -> &String) {
    kubeplay_model::sort::sort_by(items, |a, b| name(a).cmp(name(b)));
}

/// The file as kubectl encodes it; `shorten`: `ShortenConfig` applied.
pub(super) fn value(kc: &Kubeconfig, shorten: bool) -> Value {
    let data = |bytes: &[u8]| if shorten { json!(DATA_OMITTED) } else { json!(kubeplay_model::base64::encode(bytes)) };
    let secret = |text: &str| if shorten { json!(REDACTED) } else { json!(text) };
    let mut contexts: Vec<&Context> = kc.contexts.iter().collect();
    sort(&mut contexts, |c| &c.name);
    let mut clusters: Vec<&Cluster> = kc.clusters.iter().collect();
    sort(&mut clusters, |c| &c.name);
    let mut users: Vec<&AuthInfo> = kc.users.iter().collect();
    sort(&mut users, |u| &u.name);
    let context_value = |c: &&Context| {
        // Cluster and user always (empty or not), the namespace when set.
        let mut m = Map::new();
        m.insert("cluster".into(), json!(c.cluster));
        m.insert("user".into(), json!(c.user));
        if !c.namespace.is_empty() {
            m.insert("namespace".into(), json!(c.namespace));
        }
        json!({"name": c.name, "context": Value::Object(m)})
    };
    let cluster_value = |c: &&Cluster| {
        let mut m = Map::new();
        m.insert("server".into(), json!(c.server));
        put(&mut m, "tls-server-name", &c.tls_server_name, json!(c.tls_server_name));
        if c.insecure_skip_tls_verify {
            m.insert("insecure-skip-tls-verify".into(), json!(true));
        }
        put(&mut m, "certificate-authority", &c.certificate_authority, json!(c.certificate_authority));
        if !c.certificate_authority_data.is_empty() {
            m.insert("certificate-authority-data".into(), data(&c.certificate_authority_data));
        }
        put(&mut m, "proxy-url", &c.proxy_url, json!(c.proxy_url));
        if c.disable_compression {
            m.insert("disable-compression".into(), json!(true));
        }
        json!({"name": c.name, "cluster": Value::Object(m)})
    };
    let user_value = |u: &&AuthInfo| {
        let mut m = Map::new();
        put(&mut m, "client-certificate", &u.client_certificate, json!(u.client_certificate));
        if !u.client_certificate_data.is_empty() {
            m.insert("client-certificate-data".into(), data(&u.client_certificate_data));
        }
        put(&mut m, "client-key", &u.client_key, json!(u.client_key));
        if !u.client_key_data.is_empty() {
            m.insert("client-key-data".into(), data(&u.client_key_data));
        }
        put(&mut m, "token", &u.token, secret(&u.token));
        put(&mut m, "username", &u.username, json!(u.username));
        put(&mut m, "password", &u.password, secret(&u.password));
        if let Some(p) = &u.auth_provider {
            let config: Map<String, Value> = p.config.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
            m.insert("auth-provider".into(), json!({"name": p.name, "config": config}));
        }
        if let Some(e) = &u.exec {
            let mut x = Map::new();
            x.insert("command".into(), json!(e.command));
            x.insert("args".into(), if e.args.is_empty() { Value::Null } else { json!(e.args) });
            let env: Vec<Value> = e.env.iter().map(|(n, v)| json!({"name": n, "value": v})).collect();
            x.insert("env".into(), if env.is_empty() { Value::Null } else { Value::Array(env) });
            put(&mut x, "apiVersion", &e.api_version, json!(e.api_version));
            x.insert("provideClusterInfo".into(), json!(false));
            // Loading defaults the interactive mode of the beta and alpha APIs.
            if matches!(e.api_version.as_str(), "client.authentication.k8s.io/v1beta1" | "client.authentication.k8s.io/v1alpha1") {
                x.insert("interactiveMode".into(), json!("IfAvailable"));
            }
            m.insert("exec".into(), Value::Object(x));
        }
        json!({"name": u.name, "user": Value::Object(m)})
    };
    // Go's nil slices: an empty list is `null`.
    let list = |items: Vec<Value>| if items.is_empty() { Value::Null } else { Value::Array(items) };
    let preferences = if kc.colors { json!({"colors": true}) } else { json!({}) };
    json!({
        "kind": "Config",
        "apiVersion": "v1",
        "preferences": preferences,
        "clusters": list(clusters.iter().map(cluster_value).collect()),
        "users": list(users.iter().map(user_value).collect()),
        "contexts": list(contexts.iter().map(context_value).collect()),
        "current-context": kc.current,
    })
}

/// An `omitempty` string field.
fn put(m: &mut Map<String, Value>, key: &str, text: &str, v: Value) {
    if !text.is_empty() {
        m.insert(key.into(), v);
    }
}
