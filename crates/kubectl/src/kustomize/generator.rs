//! `configMapGenerator` and `secretGenerator`: objects made from literals,
//! files and env files, named with a content hash unless told not to, and
//! merged into or replacing one of the same name when asked.

use super::file::{GenOptions, Generator};
use super::fs::{base, join, Fs};
use super::res::{Behavior, Res};
use serde_json::{Map, Value};

/// `ParseLiteralSource`: `key=value`, surrounding quotes taken off.
fn literal(src: &str) -> Result<(String, String), String> {
    let (k, v) = src
        .split_once('=')
        .filter(|(k, _)| !k.is_empty())
        .ok_or_else(|| format!("invalid literal source {src}, expected key=value"))?;
    let quoted = v.len() >= 2
        && ((v.starts_with('"') && v.ends_with('"')) || (v.starts_with('\'') && v.ends_with('\'')));
    Ok((
        k.to_string(),
        if quoted {
            v[1..v.len() - 1].to_string()
        } else {
            v.to_string()
        },
    ))
}

/// An env file's pairs: blank lines and `#` comments skipped, a line
/// without `=` a key with an empty value (no environment here).
fn env_pairs(text: &str) -> Vec<(String, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.split_once('=') {
            Some((k, v)) => out.push((k.to_string(), v.to_string())),
            None => out.push((line.to_string(), String::new())),
        }
    }
    out
}

fn go_list(items: &[String]) -> String {
    format!("[{}]", items.join(" "))
}

/// The generator's key/value pairs (env files, then literals, then files).
fn pairs(g: &Generator, dir: &str, fs: Fs) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    let add = |k: String, v: String, out: &mut Vec<(String, String)>| -> Result<(), String> {
        if out.iter().any(|(o, _)| *o == k) {
            return Err(format!(
                "cannot add key {k}, another key by that name already exists"
            ));
        }
        out.push((k, v));
        Ok(())
    };
    for env in &g.envs {
        let path = join(dir, env);
        let text = fs
            .load(dir, &path)
            .map_err(|e| format!("env source files: {}: {e}", go_list(&g.envs)))?;
        for (k, v) in env_pairs(&text) {
            add(k, v, &mut out)?;
        }
    }
    for src in &g.literals {
        let (k, v) =
            literal(src).map_err(|e| format!("literal sources {}: {e}", go_list(&g.literals)))?;
        add(k, v, &mut out)?;
    }
    for src in &g.files {
        let (key, file) = match src.split_once('=') {
            Some((k, p)) => (k.to_string(), p),
            None => (base(src).to_string(), src.as_str()),
        };
        let path = join(dir, file);
        let text = fs
            .load(dir, &path)
            .map_err(|e| format!("file sources: {}: {e}", go_list(&g.files)))?;
        add(key, text, &mut out)?;
    }
    Ok(out)
}

/// kustomize v5.5's secret encoding: base64 in lines of 70 characters,
/// each ending in a newline once there is more than one.
fn wrapped_base64(bytes: &[u8]) -> String {
    let enc = crate::exec::generate::base64(bytes);
    if enc.len() / 70 == 0 {
        return enc;
    }
    let mut out = String::with_capacity(enc.len() + enc.len() / 70 + 1);
    for chunk in enc.as_bytes().chunks(70) {
        out.push_str(&String::from_utf8_lossy(chunk));
        out.push('\n');
    }
    out
}

fn string_map(pairs: &[(String, String)]) -> Value {
    Value::Object(
        pairs
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
            .collect(),
    )
}

/// Builds one generator's object.
pub fn generate(
    g: &Generator,
    secret: bool,
    global: Option<&GenOptions>,
    dir: &str,
    fs: Fs,
) -> Result<Res, String> {
    let data = pairs(g, dir, fs).map_err(|e| format!("loading KV pairs: {e}"))?;
    let mut meta = Map::new();
    meta.insert("name".into(), Value::String(g.name.clone()));
    if !g.namespace.is_empty() {
        meta.insert("namespace".into(), Value::String(g.namespace.clone()));
    }
    let mut labels: Vec<(String, String)> = global.map(|o| o.labels.clone()).unwrap_or_default();
    let mut annotations: Vec<(String, String)> =
        global.map(|o| o.annotations.clone()).unwrap_or_default();
    if let Some(o) = &g.options {
        labels.extend(o.labels.iter().cloned());
        annotations.extend(o.annotations.iter().cloned());
    }
    if !labels.is_empty() {
        meta.insert("labels".into(), string_map(&labels));
    }
    if !annotations.is_empty() {
        meta.insert("annotations".into(), string_map(&annotations));
    }
    let mut obj = Map::new();
    obj.insert("apiVersion".into(), Value::String("v1".into()));
    obj.insert(
        "kind".into(),
        Value::String(if secret { "Secret" } else { "ConfigMap" }.into()),
    );
    obj.insert("metadata".into(), Value::Object(meta));
    if !data.is_empty() {
        let data: Vec<(String, String)> = if secret {
            data.into_iter()
                .map(|(k, v)| (k, wrapped_base64(v.as_bytes())))
                .collect()
        } else {
            data
        };
        obj.insert("data".into(), string_map(&data));
    }
    if secret {
        let t = if g.type_.is_empty() {
            "Opaque"
        } else {
            g.type_.as_str()
        };
        obj.insert("type".into(), Value::String(t.into()));
    }
    let immutable =
        g.options.as_ref().is_some_and(|o| o.immutable) || global.is_some_and(|o| o.immutable);
    if immutable {
        obj.insert("immutable".into(), Value::Bool(true));
    }
    let disable = g
        .options
        .as_ref()
        .and_then(|o| o.disable_hash)
        .or_else(|| global.and_then(|o| o.disable_hash))
        .unwrap_or(false);
    let mut r = Res::new(obj);
    r.needs_hash = !disable;
    r.behavior = Some(match g.behavior.as_str() {
        "" | "create" => Behavior::Create,
        "merge" => Behavior::Merge,
        "replace" => Behavior::Replace,
        other => {
            return Err(format!(
                "unknown generation behavior {}",
                crate::gofmt::quote(other)
            ))
        }
    });
    Ok(r)
}

fn res_id(r: &Res) -> String {
    let q = crate::gofmt::quote;
    format!(
        "resid.ResId{{Gvk:resid.Gvk{{Group:\"\", Version:\"v1\", Kind:{}, isClusterScoped:false}}, Name:{}, Namespace:{}}}",
        q(r.kind()),
        q(r.name()),
        q(r.namespace())
    )
}

fn merge_maps(into: &mut Map<String, Value>, key: &str, from: &Map<String, Value>) {
    if let Some(Value::Object(src)) = from.get(key) {
        if let Some(dst) = super::res::child(into, key) {
            for (k, v) in src {
                dst.insert(k.clone(), v.clone());
            }
        }
    }
}

/// Adds a generated resource: new, or merged into or replacing the one
/// of its kind and name already there.
pub fn add(list: &mut Vec<Res>, new: Res) -> Result<(), String> {
    let behavior = new.behavior.unwrap_or(Behavior::Create);
    let matches = |r: &&Res| {
        r.kind() == new.kind() && r.had_name(new.name()) && r.had_namespace(new.namespace())
    };
    let at = list.iter().position(|r| matches(&r));
    // kustomize lists the candidates (with its internal annotations) between
    // "objects" and "that"; the playground leaves them out.
    if behavior != Behavior::Create && list.iter().filter(matches).count() > 1 {
        return Err(format!(
            "merging from generator &{{0xc0005ec1a0 <nil>}}: found multiple objects that could accept merge of {}",
            new.id()
        ));
    }
    // kustomize prints the generator's Go pointer; one fixed address stands in.
    let fail = |what: &str| {
        format!(
            "merging from generator &{{0xc0005ec1a0 <nil>}}: id {} {what}",
            res_id(&new)
        )
    };
    match (behavior, at) {
        (Behavior::Create, None) => list.push(new),
        (Behavior::Create, Some(_)) => {
            return Err(fail("exists; behavior must be merge or replace"))
        }
        (_, None) => return Err(fail("does not exist; cannot merge or replace")),
        (b, Some(i)) => {
            let old = &mut list[i];
            old.needs_hash &= new.needs_hash;
            for field in ["data", "binaryData", "stringData"] {
                if b == Behavior::Replace {
                    old.obj.remove(field);
                }
                merge_maps(&mut old.obj, field, &new.obj);
            }
            // A Secret takes the merged-in generator's type (Opaque unless set).
            if let Some(t) = new.obj.get("type") {
                old.obj.insert("type".into(), t.clone());
            }
            if let (Some(Value::Object(nm)), Some(om)) = (new.obj.get("metadata"), old.meta_mut()) {
                merge_maps(om, "labels", nm);
                merge_maps(om, "annotations", nm);
            }
        }
    }
    Ok(())
}

/// The name suffix kustomize's hasher derives from a generated object:
/// its kind, data (and a Secret's type), with the name left empty.
pub fn hash(r: &Res) -> String {
    let q = crate::print::gojson::quote;
    let field = |k: &str| -> String {
        match r.obj.get(k) {
            Some(Value::Object(m)) => {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                let body: Vec<String> = keys
                    .iter()
                    .map(|k| {
                        format!(
                            "{}:{}",
                            q(k),
                            q(m.get(*k).and_then(Value::as_str).unwrap_or(""))
                        )
                    })
                    .collect();
                format!("{{{}}}", body.join(","))
            }
            _ => "\"\"".into(),
        }
    };
    let json = if r.kind() == "Secret" {
        let string_data = match r.obj.get("stringData") {
            Some(Value::Object(_)) => format!(",\"stringData\":{}", field("stringData")),
            _ => String::new(),
        };
        let t = r.obj.get("type").and_then(Value::as_str).unwrap_or("");
        format!(
            "{{\"data\":{},\"kind\":\"Secret\",\"name\":\"\"{string_data},\"type\":{}}}",
            field("data"),
            q(t)
        )
    } else {
        let binary = match r.obj.get("binaryData") {
            Some(Value::Object(_)) => format!("\"binaryData\":{},", field("binaryData")),
            _ => String::new(),
        };
        format!(
            "{{{binary}\"data\":{},\"kind\":\"ConfigMap\",\"name\":\"\"}}",
            field("data")
        )
    };
    crate::exec::generate::namehash::encode(&json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_env_files() {
        assert_eq!(
            literal("Q=\"quoted val\""),
            Ok(("Q".into(), "quoted val".into()))
        );
        assert_eq!(literal("R=it's"), Ok(("R".into(), "it's".into())));
        assert_eq!(
            literal("C"),
            Err("invalid literal source C, expected key=value".into())
        );
        assert_eq!(
            env_pairs("A=1\n# c\n\nB = x y \nexport C=3\nnovalue\n"),
            [
                ("A", "1"),
                ("B ", " x y "),
                ("export C", "3"),
                ("novalue", "")
            ]
            .map(|(a, b)| (a.to_string(), b.to_string()))
        );
    }
}
