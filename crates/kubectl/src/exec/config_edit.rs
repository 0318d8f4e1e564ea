//! The kubeconfig's editing commands besides contexts': `set-cluster`,
//! `set-credentials`, `delete-cluster`, `delete-user`, `set` and `unset`,
//! with kubectl v1.32's validation, merge rules and messages. Files named
//! with `--embed-certs` come from the playground's files, read before the
//! command runs (`ConfigCommand::Files`).

use super::config::{absolute, stored, AuthInfo, AuthProvider, Cluster, Context, ExecConfig, Kubeconfig, PATH};
use super::Output;
use crate::cli::{SetCluster, SetCredentials};

type Files<'a> = &'a [(String, Option<String>)];

/// A file's text, when the command read it and it exists (`path` as given).
fn read(files: Files, path: &str) -> Option<String> {
    let path = absolute(path);
    files.iter().find(|(p, _)| *p == path).and_then(|(_, t)| t.clone())
}

/// `os.Stat`'s error for a file that is not there, as the validations word it.
fn stat(files: Files, flag: &str, path: &str) -> Result<(), String> {
    match read(files, path) {
        Some(_) => Ok(()),
        None => Err(format!("could not stat {flag} file {path}: stat {path}: no such file or directory")),
    }
}

/// A path given on the command line as the file keeps it: `filepath.Abs`
/// (which takes an empty path for the working directory), then made
/// relative to the file's directory where it can be.
fn abs(path: &str) -> String {
    stored(&if path.is_empty() { super::config::HOME.to_string() } else { absolute(path) })
}

/// `config set-cluster`: validate, then merge the given fields into the
/// entry (made if new).
pub(super) fn set_cluster(s: &SetCluster, kc: &mut Kubeconfig, files: Files, out: &mut Output) {
    let ca = s.certificate_authority.as_deref().unwrap_or("");
    let checked = if s.name.is_empty() {
        Err("you must specify a non-empty cluster name".to_string())
    } else if s.insecure_skip_tls_verify == Some(true) && !ca.is_empty() {
        Err("you cannot specify a certificate authority and insecure mode at the same time".to_string())
    } else if s.embed_certs && ca.is_empty() {
        Err("you must specify a --certificate-authority to embed".to_string())
    } else if s.embed_certs {
        stat(files, "certificate-authority", ca)
    } else {
        Ok(())
    };
    if let Err(e) = checked {
        return out.error(&format!("error: {e}"));
    }
    let at = match kc.clusters.iter().position(|c| c.name == s.name) {
        Some(at) => at,
        None => {
            kc.clusters.push(Cluster { name: s.name.clone(), ..Default::default() });
            kc.clusters.len() - 1
        }
    };
    let c = &mut kc.clusters[at];
    if let Some(server) = &s.server {
        c.server = server.clone();
        // A new server forgets the old one's TLS server name.
        c.tls_server_name.clear();
    }
    if let Some(name) = &s.tls_server_name {
        c.tls_server_name = name.clone();
    }
    if let Some(insecure) = s.insecure_skip_tls_verify {
        c.insecure_skip_tls_verify = insecure;
        if insecure {
            c.certificate_authority.clear();
            c.certificate_authority_data.clear();
        }
    }
    if let Some(path) = &s.certificate_authority {
        if s.embed_certs {
            c.certificate_authority_data = read(files, path).unwrap_or_default().into_bytes();
            c.insecure_skip_tls_verify = false;
            c.certificate_authority.clear();
        } else {
            c.certificate_authority = abs(path);
            c.insecure_skip_tls_verify = false;
            c.certificate_authority_data.clear();
        }
    }
    if let Some(url) = &s.proxy_url {
        c.proxy_url = url.clone();
    }
    out.out(&format!("Cluster {} set.", crate::gofmt::quote(&s.name)));
}

/// `config set-credentials`'s validate.
fn validate_credentials(s: &SetCredentials, files: Files) -> Result<(), String> {
    if s.name.is_empty() {
        return Err("you must specify a non-empty user name".into());
    }
    let given = |v: &Option<String>| v.as_deref().is_some_and(|v| !v.is_empty());
    let mut methods = Vec::new();
    if given(&s.token) {
        methods.push("--token");
    }
    if given(&s.username) || given(&s.password) {
        methods.push("--username/--password");
    }
    if methods.len() > 1 {
        return Err(format!("you cannot specify more than one authentication method at the same time: {}", methods.join(", ")));
    }
    if s.embed_certs {
        let (cert, key) = (s.client_certificate.as_deref().unwrap_or(""), s.client_key.as_deref().unwrap_or(""));
        if cert.is_empty() && key.is_empty() {
            return Err("you must specify a --client-certificate or --client-key to embed".into());
        }
        if !cert.is_empty() {
            stat(files, "client-certificate", cert)?;
        }
        if !key.is_empty() {
            stat(files, "client-key", key)?;
        }
    }
    Ok(())
}

/// `config set-credentials`: validate, then merge the given fields into the
/// entry (made if new); setting a token or basic auth clears the other.
pub(super) fn set_credentials(s: &SetCredentials, kc: &mut Kubeconfig, files: Files, out: &mut Output) {
    if let Err(e) = validate_credentials(s, files) {
        return out.error(&format!("error: {e}"));
    }
    let at = match kc.users.iter().position(|u| u.name == s.name) {
        Some(at) => at,
        None => {
            kc.users.push(AuthInfo { name: s.name.clone(), ..Default::default() });
            kc.users.len() - 1
        }
    };
    let u = &mut kc.users[at];
    for (given, path, data) in [(&s.client_certificate, &mut u.client_certificate, &mut u.client_certificate_data), (&s.client_key, &mut u.client_key, &mut u.client_key_data)] {
        let Some(given) = given else { continue };
        if s.embed_certs {
            *data = read(files, given).unwrap_or_default().into_bytes();
            path.clear();
        } else {
            *path = abs(given);
            data.clear();
        }
    }
    let (mut set_token, mut set_basic) = (false, false);
    if let Some(token) = &s.token {
        u.token = token.clone();
        set_token = !token.is_empty();
    }
    if let Some(username) = &s.username {
        u.username = username.clone();
        set_basic |= !username.is_empty();
    }
    if let Some(password) = &s.password {
        u.password = password.clone();
        set_basic |= !password.is_empty();
    }
    if let Some(name) = &s.auth_provider {
        if u.auth_provider.as_ref().is_none_or(|p| &p.name != name) {
            u.auth_provider = Some(AuthProvider { name: name.clone(), config: Vec::new() });
        }
    }
    if let Some(p) = &mut u.auth_provider {
        p.config.retain(|(k, _)| !s.auth_provider_args_to_remove.contains(k));
        upsert_sorted(&mut p.config, &s.auth_provider_args);
    }
    if let Some(command) = &s.exec_command {
        match &mut u.exec {
            None => u.exec = Some(ExecConfig { command: command.clone(), ..Default::default() }),
            Some(e) => {
                e.command = command.clone();
                e.args.clear();
            }
        }
    }
    // The other exec flags change a plugin only when there is one.
    if let Some(e) = &mut u.exec {
        if let Some(v) = &s.exec_api_version {
            e.api_version = v.clone();
        }
        if let Some(args) = &s.exec_args {
            e.args = args.clone();
        }
        e.env.retain(|(k, _)| !s.exec_env_to_remove.contains(k));
        // Existing variables change in place; new ones (from a Go map, in
        // no fixed order) are appended by name.
        let mut new: Vec<(String, String)> = Vec::new();
        for (k, v) in &s.exec_env {
            match e.env.iter_mut().find(|(name, _)| name == k) {
                Some(slot) => slot.1 = v.clone(),
                None => new.push((k.clone(), v.clone())),
            }
        }
        kubeplay_model::sort::sort_by(&mut new, |a, b| a.0.cmp(&b.0));
        e.env.extend(new);
    }
    if set_token || set_basic {
        if !set_token {
            u.token.clear();
        }
        if !set_basic {
            u.username.clear();
            u.password.clear();
        }
    }
    out.out(&format!("User {} set.", crate::gofmt::quote(&s.name)));
}

/// Sets each pair in a map kept sorted by key.
fn upsert_sorted(map: &mut Vec<(String, String)>, pairs: &[(String, String)]) {
    for (k, v) in pairs {
        match map.iter_mut().find(|(key, _)| key == k) {
            Some(slot) => slot.1 = v.clone(),
            None => map.push((k.clone(), v.clone())),
        }
    }
    kubeplay_model::sort::sort_by(map, |a, b| a.0.cmp(&b.0));
}

pub(super) fn delete_cluster(name: &str, kc: &mut Kubeconfig, out: &mut Output) {
    let Some(at) = kc.clusters.iter().position(|c| c.name == name) else {
        return out.error(&format!("error: cannot delete cluster {name}, not in {PATH}"));
    };
    kc.clusters.remove(at);
    out.out(&format!("deleted cluster {name} from {PATH}"));
}

pub(super) fn delete_user(name: Option<&str>, kc: &mut Kubeconfig, out: &mut Output) {
    let Some(name) = name else {
        return out.error("error: user to delete is required\nSee 'kubectl config delete-user -h' for help and examples");
    };
    let Some(at) = kc.users.iter().position(|u| u.name == name) else {
        return out.error(&format!("error: cannot delete user {name}, not in {PATH}"));
    };
    kc.users.remove(at);
    out.out(&format!("deleted user {name} from {PATH}"));
}

/// One field of an entry as `set` and `unset` reach it by its JSON name.
enum Field<'a> {
    Text(&'a mut String),
    Bytes(&'a mut Vec<u8>),
    Bool(&'a mut bool),
    /// A structure or list below the entry (`exec`, `auth-provider`): no
    /// value on the command line sets it, `unset` clears it.
    Nested(&'a mut dyn FnMut()),
}

fn cluster_field<'a>(c: &'a mut Cluster, name: &str) -> Option<Field<'a>> {
    Some(match name {
        "server" => Field::Text(&mut c.server),
        "tls-server-name" => Field::Text(&mut c.tls_server_name),
        "insecure-skip-tls-verify" => Field::Bool(&mut c.insecure_skip_tls_verify),
        "certificate-authority" => Field::Text(&mut c.certificate_authority),
        "certificate-authority-data" => Field::Bytes(&mut c.certificate_authority_data),
        "proxy-url" => Field::Text(&mut c.proxy_url),
        "disable-compression" => Field::Bool(&mut c.disable_compression),
        _ => return None,
    })
}

fn context_field<'a>(c: &'a mut Context, name: &str) -> Option<Field<'a>> {
    Some(match name {
        "cluster" => Field::Text(&mut c.cluster),
        "user" => Field::Text(&mut c.user),
        "namespace" => Field::Text(&mut c.namespace),
        _ => return None,
    })
}

/// What `set` and `unset` do to one field of an entry.
enum Edit<'v> {
    Set { value: &'v str, raw_bytes: bool },
    Unset,
}

/// Applies an edit to a field: `Err` is kubectl's error.
fn edit(field: Field, e: &Edit, property: &str) -> Result<(), String> {
    match (field, e) {
        (Field::Text(t), Edit::Set { value, .. }) => *t = value.to_string(),
        (Field::Bytes(b), Edit::Set { value, raw_bytes: true }) => *b = value.as_bytes().to_vec(),
        (Field::Bytes(b), Edit::Set { value, raw_bytes: false }) => *b = kubeplay_model::base64::decode_strict(value).map_err(|e| format!("error decoding input value: {e}"))?,
        (Field::Bool(b), Edit::Set { value, .. }) => *b = parse_bool(value)?,
        (Field::Nested(_), Edit::Set { .. }) => return Err(format!("unable to parse one or more field values of {property}")),
        (Field::Text(t), Edit::Unset) => t.clear(),
        (Field::Bytes(b), Edit::Unset) => b.clear(),
        (Field::Bool(b), Edit::Unset) => *b = false,
        (Field::Nested(clear), Edit::Unset) => clear(),
    }
    Ok(())
}

/// `strconv.ParseBool`.
fn parse_bool(v: &str) -> Result<bool, String> {
    match v {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Ok(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Ok(false),
        _ => Err(format!("strconv.ParseBool: parsing {}: invalid syntax", crate::gofmt::quote(v))),
    }
}

/// `fmt`'s `%v` of a map of pointers, as the error quotes the map: its keys
/// sorted, each with an address (made up: Go's are the heap's).
fn map_text<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let mut names: Vec<&str> = names.collect();
    kubeplay_model::sort::sort_by(&mut names, |a, b| a.cmp(b));
    let entries: Vec<String> = names.iter().map(|n| format!("{n}:0xc000{:06x}", kubeplay_model::fnv::fnv1a(n.as_bytes()) & 0xffff00)).collect();
    format!("map[{}]", entries.join(" "))
}

/// `config set PROPERTY VALUE` and `config unset PROPERTY`: the property is
/// dot-separated JSON names and map keys; an entry a path runs through is
/// made by `set`, and must exist for `unset` to change one of its fields.
fn apply(property: &str, e: &Edit, kc: &mut Kubeconfig) -> Result<(), String> {
    let parts: Vec<&str> = property.split('.').collect();
    let unparsable = || format!("unable to parse one or more field values of {property}");
    let set = matches!(e, Edit::Set { .. });
    match parts.as_slice() {
        ["current-context"] => {
            match e {
                Edit::Set { value, .. } => kc.current = value.to_string(),
                Edit::Unset => kc.current.clear(),
            }
            Ok(())
        }
        ["preferences", "colors"] => edit(Field::Bool(&mut kc.colors), e, property),
        ["preferences"] if !set => {
            kc.colors = false;
            Ok(())
        }
        [map @ ("clusters" | "users" | "contexts")] if !set => {
            match *map {
                "clusters" => kc.clusters.clear(),
                "users" => kc.users.clear(),
                _ => kc.contexts.clear(),
            }
            Ok(())
        }
        [map @ ("clusters" | "users" | "contexts"), name] if !set => {
            match *map {
                "clusters" => kc.clusters.retain(|c| c.name != *name),
                "users" => kc.users.retain(|u| u.name != *name),
                _ => kc.contexts.retain(|c| c.name != *name),
            }
            Ok(())
        }
        [map @ ("clusters" | "users" | "contexts"), rest @ ..] => {
            let names: Vec<String> = match *map {
                "clusters" => kc.clusters.iter().map(|c| c.name.clone()).collect(),
                "users" => kc.users.iter().map(|u| u.name.clone()).collect(),
                _ => kc.contexts.iter().map(|c| c.name.clone()).collect(),
            };
            let map_error = || format!("can't set a map to a value: {}", map_text(names.iter().map(String::as_str)));
            let [name, field, more @ ..] = rest else { return Err(map_error()) };
            if !set && !names.iter().any(|n| n == name) {
                return Err(format!("current map key `{name}` is invalid"));
            }
            if !more.is_empty() {
                return Err(unparsable());
            }
            entry_edit(kc, map, name, field, e, property).unwrap_or_else(|| if set { Err(map_error()) } else { Ok(()) })
        }
        [first, ..] if !matches!(*first, "current-context" | "preferences" | "clusters" | "users" | "contexts" | "kind" | "apiVersion" | "extensions") => {
            Err(format!("unable to parse {first} after [] at api.Config"))
        }
        _ => Err(unparsable()),
    }
}

/// The edit of one entry's field (the entry made when missing); `None`
/// when the entry has no such field.
fn entry_edit(kc: &mut Kubeconfig, map: &str, name: &str, field: &str, e: &Edit, property: &str) -> Option<Result<(), String>> {
    // The entry is written only when the edit succeeds.
    match map {
        "clusters" => {
            let mut c = kc.cluster(name).cloned().unwrap_or_else(|| Cluster { name: name.into(), ..Default::default() });
            let r = edit(cluster_field(&mut c, field)?, e, property);
            if r.is_ok() {
                kc.clusters.retain(|x| x.name != name);
                kc.clusters.push(c);
            }
            Some(r)
        }
        "contexts" => {
            let mut c = kc.context(name).cloned().unwrap_or_else(|| Context { name: name.into(), cluster: String::new(), user: String::new(), namespace: String::new() });
            let r = edit(context_field(&mut c, field)?, e, property);
            if r.is_ok() {
                kc.contexts.retain(|x| x.name != name);
                kc.contexts.push(c);
            }
            Some(r)
        }
        _ => {
            let mut u = kc.user(name).cloned().unwrap_or_else(|| AuthInfo { name: name.into(), ..Default::default() });
            let r = {
                let (mut clear_exec, mut clear_provider) = (false, false);
                let r = match field {
                    "client-certificate" => edit(Field::Text(&mut u.client_certificate), e, property),
                    "client-certificate-data" => edit(Field::Bytes(&mut u.client_certificate_data), e, property),
                    "client-key" => edit(Field::Text(&mut u.client_key), e, property),
                    "client-key-data" => edit(Field::Bytes(&mut u.client_key_data), e, property),
                    "token" => edit(Field::Text(&mut u.token), e, property),
                    "username" => edit(Field::Text(&mut u.username), e, property),
                    "password" => edit(Field::Text(&mut u.password), e, property),
                    "exec" => edit(Field::Nested(&mut || clear_exec = true), e, property),
                    "auth-provider" => edit(Field::Nested(&mut || clear_provider = true), e, property),
                    _ => return None,
                };
                if clear_exec {
                    u.exec = None;
                }
                if clear_provider {
                    u.auth_provider = None;
                }
                r
            };
            if r.is_ok() {
                kc.users.retain(|x| x.name != name);
                kc.users.push(u);
            }
            Some(r)
        }
    }
}

pub(super) fn set(property: &str, value: &str, raw_bytes: bool, kc: &mut Kubeconfig, out: &mut Output) {
    match apply(property, &Edit::Set { value, raw_bytes }, kc) {
        Ok(()) => out.out(&format!("Property {} set.", crate::gofmt::quote(property))),
        Err(e) => out.error(&format!("error: {e}")),
    }
}

pub(super) fn unset(property: &str, kc: &mut Kubeconfig, out: &mut Output) {
    match apply(property, &Edit::Unset, kc) {
        Ok(()) => out.out(&format!("Property {} unset.", crate::gofmt::quote(property))),
        Err(e) => out.error(&format!("error: {e}")),
    }
}
