//! `--kubeconfig FILE`: a kubeconfig among the playground's files instead
//! of the one kept in memory. The file is loaded as clientcmd loads one (a
//! missing file is an empty config, which `set-*` then creates), the
//! command runs on it, and a command that changed it writes it back as
//! `ModifyConfig` does: the paths this command set made relative to the
//! file's directory when they lie below it, everything else as the file
//! had it (`view` shows paths unresolved, as kubectl's loading rules for
//! `config` leave them).

use super::config::{self, AuthInfo, AuthProvider, Cluster, Context, ExecConfig, Kubeconfig};
use super::{Io, Output};
use crate::cli::ConfigCommand;
use serde_json::Value;

/// A config with nothing in it: what a missing file loads as.
pub(super) fn empty() -> Kubeconfig {
    Kubeconfig {
        current: String::new(),
        contexts: Vec::new(),
        clusters: Vec::new(),
        users: Vec::new(),
        colors: false,
        env: None,
    }
}

/// Loads the file `path` names (as given on the command line).
pub(super) fn load_path(path: &str, io: &Io) -> Result<Kubeconfig, String> {
    match read(path, io) {
        None => Ok(empty()),
        Some(text) => parse(&text).map_err(|e| {
            format!(
                "error: error loading config file {}: {e}",
                crate::gofmt::quote(path)
            )
        }),
    }
}

/// The file below the home directory, or else as the terminal named it
/// by its full path (`cat > /root/team/kubeconfig`).
fn read(path: &str, io: &Io) -> Option<String> {
    let absolute = config::absolute(path);
    let r = io.read_file?;
    config::file_name(&absolute).and_then(r).or_else(|| r(&absolute))
}

/// [`load_path`] for a command that talks to the cluster: the paths in
/// the file resolved against its directory (`ResolveLocalPaths`).
pub(super) fn load_resolved(path: &str, io: &Io) -> Result<Kubeconfig, String> {
    let mut kc = load_path(path, io)?;
    resolve_paths(&mut kc, dir_of(&config::absolute(path)));
    Ok(kc)
}

/// Every relative path in `kc` made absolute from `dir`.
pub(super) fn resolve_paths(kc: &mut Kubeconfig, dir: &str) {
    let fix = |p: &mut String| {
        if !p.is_empty() && !p.starts_with('/') {
            *p = super::pod_exec::normalize(dir, p);
        }
    };
    for c in &mut kc.clusters {
        fix(&mut c.certificate_authority);
    }
    for u in &mut kc.users {
        fix(&mut u.client_certificate);
        fix(&mut u.client_key);
    }
}

/// Whether the playground has the file `path` names.
pub(super) fn exists(path: &str, io: &Io) -> bool {
    read(path, io).is_some()
}

/// The files a command reads (see [`Kubeconfig::files_read_by`]), read.
pub(super) fn files_read_by(
    cmd: &ConfigCommand,
    kc: &Kubeconfig,
    io: &Io,
) -> Vec<(String, Option<String>)> {
    let read = |p: &str| io.read_file.and_then(|r| config::file_name(p).and_then(r).or_else(|| r(p)));
    kc.files_read_by(cmd)
        .into_iter()
        .map(|p| {
            let text = read(&p);
            (p, text)
        })
        .collect()
}

/// Messages name the file the command changed, not the default one.
pub(super) fn name_file(out: &mut Output, path: &str) {
    for text in [&mut out.stdout, &mut out.stderr] {
        if text.contains(config::PATH) {
            *text = text.replace(config::PATH, path);
        }
    }
}

/// The directory of an absolute path.
pub(super) fn dir_of(absolute: &str) -> &str {
    match absolute.rsplit_once('/') {
        Some(("", _)) | None => "/",
        Some((d, _)) => d,
    }
}

/// Runs a `kubectl config` subcommand on the file `path`.
pub(super) fn run(cmd: ConfigCommand, path: &str, io: &Io) -> Output {
    let mut out = Output::default();
    let mut kc = match load_path(path, io) {
        Ok(kc) => kc,
        Err(e) => {
            out.error(&e);
            return out;
        }
    };
    let before = kc.clone();
    run_on(cmd, &mut kc, io, &mut out, path);
    if kc == before {
        return out;
    }
    let absolute = config::absolute(path);
    relativize(&mut kc, &before, dir_of(&absolute));
    match config::file_name(&absolute) {
        Some(name) => out.local_writes.push((name.to_string(), encode(&kc))),
        None => out.error(&format!("error: (playground) the playground's files live under {}: {absolute} cannot be written", config::HOME)),
    }
    out
}

/// Runs `cmd` on a loaded kubeconfig with the files it reads, naming
/// `file` (the one written) where kubectl's messages name it.
pub(super) fn run_on(cmd: ConfigCommand, kc: &mut Kubeconfig, io: &Io, out: &mut Output, file: &str) {
    let files = files_read_by(&cmd, kc, io);
    config::run(&ConfigCommand::Files { command: Box::new(cmd), files }, kc, out);
    name_file(out, file);
}

/// The file's text: what `view --raw` prints.
pub(super) fn encode(kc: &Kubeconfig) -> String {
    let mut v = super::config_view::value(kc, false);
    crate::print::structured::sort_keys(&mut v);
    crate::print::structured::yaml(&v)
}

/// The paths the command set are kept in memory relative to
/// `/root/.kube` (see [`config::stored`]); in this file they are relative
/// to its own directory, and only below it (no `../`).
pub(super) fn relativize(kc: &mut Kubeconfig, before: &Kubeconfig, dir: &str) {
    let fix = |now: &mut String, was: Option<&String>| {
        if now.is_empty() || Some(&*now) == was {
            return;
        }
        let full = config::resolved(now);
        *now = if full == dir {
            ".".into()
        } else {
            match full.strip_prefix(dir).and_then(|r| {
                if dir == "/" {
                    Some(r)
                } else {
                    r.strip_prefix('/')
                }
            }) {
                Some(rest) if !rest.is_empty() => rest.to_string(),
                _ => full,
            }
        };
    };
    for c in &mut kc.clusters {
        let old = before.cluster(&c.name);
        fix(
            &mut c.certificate_authority,
            old.map(|o| &o.certificate_authority),
        );
    }
    for u in &mut kc.users {
        let old = before.user(&u.name);
        fix(
            &mut u.client_certificate,
            old.map(|o| &o.client_certificate),
        );
        fix(&mut u.client_key, old.map(|o| &o.client_key));
    }
}

/// clientcmd's v1 `Config` decoded: named lists of clusters, users and
/// contexts; unknown fields ignored, as its decoder does.
pub(super) fn parse(text: &str) -> Result<Kubeconfig, String> {
    let v = kubeplay_codec::parse_value(text).map_err(|e| e.to_string())?;
    let mut kc = empty();
    if v.is_null() {
        return Ok(kc);
    }
    let top = v
        .as_object()
        .ok_or("the file is not a kubeconfig mapping")?;
    kc.current = string(top.get("current-context"), "Config.current-context")?;
    kc.colors = top
        .get("preferences")
        .and_then(|p| p.get("colors"))
        .and_then(Value::as_bool)
        .unwrap_or(false);
    for (name, body) in entries(top.get("clusters"), "clusters", "cluster")? {
        let s = |k: &str| string(body.get(k), &format!("Cluster.clusters.cluster.{k}"));
        kc.clusters.push(Cluster {
            name,
            server: s("server")?,
            tls_server_name: s("tls-server-name")?,
            insecure_skip_tls_verify: flag(
                body.get("insecure-skip-tls-verify"),
                "insecure-skip-tls-verify",
            )?,
            certificate_authority: s("certificate-authority")?,
            certificate_authority_data: data(body.get("certificate-authority-data"))?,
            proxy_url: s("proxy-url")?,
            disable_compression: flag(body.get("disable-compression"), "disable-compression")?,
        });
    }
    for (name, body) in entries(top.get("users"), "users", "user")? {
        let s = |k: &str| string(body.get(k), &format!("AuthInfo.users.user.{k}"));
        let auth_provider = match body.get("auth-provider").filter(|p| !p.is_null()) {
            None => None,
            Some(p) => Some(AuthProvider {
                name: string(
                    p.get("name"),
                    "AuthProviderConfig.users.user.auth-provider.name",
                )?,
                config: pairs(p.get("config"))?,
            }),
        };
        let exec = match body.get("exec").filter(|p| !p.is_null()) {
            None => None,
            Some(e) => Some(ExecConfig {
                command: string(e.get("command"), "ExecConfig.users.user.exec.command")?,
                args: e
                    .get("args")
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default(),
                env: e
                    .get("env")
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .map(|x| (str_of(x.get("name")), str_of(x.get("value"))))
                            .collect()
                    })
                    .unwrap_or_default(),
                api_version: string(e.get("apiVersion"), "ExecConfig.users.user.exec.apiVersion")?,
            }),
        };
        kc.users.push(AuthInfo {
            name,
            client_certificate: s("client-certificate")?,
            client_certificate_data: data(body.get("client-certificate-data"))?,
            client_key: s("client-key")?,
            client_key_data: data(body.get("client-key-data"))?,
            token: s("token")?,
            username: s("username")?,
            password: s("password")?,
            auth_provider,
            exec,
        });
    }
    for (name, body) in entries(top.get("contexts"), "contexts", "context")? {
        let s = |k: &str| string(body.get(k), &format!("Context.contexts.context.{k}"));
        kc.contexts.push(Context {
            name,
            cluster: s("cluster")?,
            user: s("user")?,
            namespace: s("namespace")?,
        });
    }
    Ok(kc)
}

/// A named list (`- name: N` with its body under `key`); a later entry
/// of the same name replaces an earlier one, as the map it decodes into.
fn entries<'a>(
    list: Option<&'a Value>,
    field: &str,
    key: &str,
) -> Result<Vec<(String, &'a Value)>, String> {
    static NULL: Value = Value::Null;
    let items = match list {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(a)) => a,
        Some(other) => return Err(format!(
            "json: cannot unmarshal {} into Go struct field Config.{field} of type []v1.Named{}",
            kind(other),
            title(key)
        )),
    };
    let mut out: Vec<(String, &Value)> = Vec::new();
    for item in items {
        let name = string(
            item.get("name"),
            &format!("Named{}.{field}.name", title(key)),
        )?;
        let body = item.get(key).unwrap_or(&NULL);
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = body,
            None => out.push((name, body)),
        }
    }
    Ok(out)
}

fn title(key: &str) -> String {
    match key {
        "user" => "AuthInfo".into(),
        k => k[..1].to_uppercase() + &k[1..],
    }
}

fn str_of(v: Option<&Value>) -> String {
    v.and_then(Value::as_str).unwrap_or_default().to_string()
}

fn string(v: Option<&Value>, field: &str) -> Result<String, String> {
    match v {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(format!(
            "json: cannot unmarshal {} into Go struct field {field} of type string",
            kind(other)
        )),
    }
}

fn flag(v: Option<&Value>, field: &str) -> Result<bool, String> {
    match v {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(format!("json: cannot unmarshal {} into Go struct field Cluster.clusters.cluster.{field} of type bool", kind(other))),
    }
}

fn data(v: Option<&Value>) -> Result<Vec<u8>, String> {
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(s)) => kubeplay_model::base64::decode_strict(s),
        Some(other) => Err(format!(
            "json: cannot unmarshal {} into Go value of type []uint8",
            kind(other)
        )),
    }
}

fn pairs(v: Option<&Value>) -> Result<Vec<(String, String)>, String> {
    let Some(Value::Object(m)) = v else {
        return Ok(Vec::new());
    };
    let mut out: Vec<(String, String)> = m
        .iter()
        .map(|(k, v)| (k.clone(), str_of(Some(v))))
        .collect();
    kubeplay_model::sort::sort_by(&mut out, |a, b| a.0.cmp(&b.0));
    Ok(out)
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
#[path = "config_file_tests.rs"]
mod tests;
