//! `vars`: deprecated since kustomize v5 but still honoured by the v5.5
//! kubectl embeds. A var names one field of one resource (by default its
//! `metadata.name`); once every name is final, `$(NAME)` in the places
//! kustomize's `varReference` configuration lists (container commands,
//! args, env values and mount paths, NFS servers, Ingress hosts, Service
//! ports, every label and annotation) becomes that field's value.
//!
//! Each kustomization ties its vars to the resources it has after its own
//! transformers, matching an old name as well as the current one, so a
//! prefix an overlay adds later does not lose the match. kustomize logs
//! the vars nothing used through klog (`I… log.go:245] well-defined vars
//! that were never replaced: A,B`); the header's wall time and process id
//! are left out here.

use super::res::Res;
use serde_json::{Map, Value};

/// One entry of `vars`, as written (`objref`'s `apiVersion` not yet
/// split into group and version, `fieldref` possibly empty), which is how
/// kustomize prints it in a `merging vars` error.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Var {
    pub name: String,
    pub api_version: String,
    pub group: String,
    pub version: String,
    pub kind: String,
    pub obj_name: String,
    pub namespace: String,
    pub field_path: String,
}

impl Var {
    /// What `Defaulting` does once a var is merged: the default field,
    /// and the objref's group and version taken from its apiVersion.
    fn defaulted(&self) -> Var {
        let mut v = self.clone();
        if v.field_path.is_empty() {
            v.field_path = "metadata.name".into();
        }
        if !v.api_version.is_empty() {
            match v.api_version.split('/').collect::<Vec<_>>().as_slice() {
                [g, ver] => {
                    v.group = g.to_string();
                    v.version = ver.to_string();
                }
                _ => v.version = v.api_version.clone(),
            }
        }
        v
    }
}

/// Go's `%v` of a `types.Var`: the objref prints as its Gvk
/// (`Service.v1.[noGrp]`), the only Stringer in it.
impl std::fmt::Display for Var {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let or = |s: &str, d: &'static str| {
            if s.is_empty() {
                d.to_string()
            } else {
                s.to_string()
            }
        };
        write!(
            f,
            "{{{} {}.{}.{} {{{}}}}}",
            self.name,
            or(&self.kind, "[noKind]"),
            or(&self.version, "[noVer]"),
            or(&self.group, "[noGrp]"),
            self.field_path
        )
    }
}

/// encoding/json matches a key to a field ignoring case (the docs'
/// `fieldref: {fieldpath: …}` reads as `fieldRef.fieldPath`).
fn fields<'a>(
    v: &'a Value,
    field: &str,
    type_name: &str,
    known: &[&str],
) -> Result<Vec<(&'static str, &'a Value)>, String> {
    let m = match v {
        Value::Object(m) => m,
        other => {
            let got = kubeplay_apiserver::go_json_type(other);
            return Err(format!(
                "json: cannot unmarshal {got} into Go struct field {field} of type {type_name}"
            ));
        }
    };
    let mut out = Vec::new();
    for (k, v) in m {
        match KNOWN
            .iter()
            .find(|n| known.contains(n) && n.eq_ignore_ascii_case(k))
        {
            Some(n) => out.push((*n, v)),
            None => return Err(format!("json: unknown field {}", crate::gofmt::quote(k))),
        }
    }
    Ok(out)
}

/// Every key a var may have, with the spelling its Go field has.
const KNOWN: &[&str] = &[
    "name",
    "objref",
    "fieldref",
    "apiVersion",
    "group",
    "version",
    "kind",
    "namespace",
    "fieldPath",
];

fn string(v: &Value, field: &str) -> Result<String, String> {
    match v {
        Value::Null => Ok(String::new()),
        Value::String(s) => Ok(s.clone()),
        other => {
            let got = kubeplay_apiserver::go_json_type(other);
            Err(format!(
                "json: cannot unmarshal {got} into Go struct field {field} of type string"
            ))
        }
    }
}

/// Reads the `vars` list (`Err` is encoding/json's message).
pub fn parse(v: Option<&Value>) -> Result<Vec<Var>, String> {
    let items = match v {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(other) => {
            let got = kubeplay_apiserver::go_json_type(other);
            return Err(format!("json: cannot unmarshal {got} into Go struct field Kustomization.vars of type []types.Var"));
        }
    };
    let mut out = Vec::new();
    for item in items {
        let mut var = Var::default();
        for (key, value) in fields(
            item,
            "Kustomization.vars",
            "types.Var",
            &["name", "objref", "fieldref"],
        )? {
            match key {
                "name" => var.name = string(value, "Var.vars.name")?,
                "objref" if !value.is_null() => {
                    for (k, v) in fields(
                        value,
                        "Var.vars.objref",
                        "types.Target",
                        &[
                            "apiVersion",
                            "group",
                            "version",
                            "kind",
                            "name",
                            "namespace",
                        ],
                    )? {
                        let s = string(v, &format!("Target.vars.objref.{k}"))?;
                        match k {
                            "apiVersion" => var.api_version = s,
                            "group" => var.group = s,
                            "version" => var.version = s,
                            "kind" => var.kind = s,
                            "name" => var.obj_name = s,
                            _ => var.namespace = s,
                        }
                    }
                }
                "fieldref" if !value.is_null() => {
                    for (_, v) in fields(
                        value,
                        "Var.vars.fieldref",
                        "types.FieldSelector",
                        &["fieldPath"],
                    )? {
                        var.field_path = string(v, "FieldSelector.vars.fieldref.fieldPath")?;
                    }
                }
                _ => {}
            }
        }
        out.push(var);
    }
    Ok(out)
}

/// Whether `r` is (or was, under an earlier name) what `v` refers to.
fn refers_to(v: &Var, r: &Res) -> bool {
    let (g, ver) = r.group_version();
    let cluster_scoped = super::names::cluster_scoped(r);
    // An empty namespace matches any, unless the kind has none.
    let namespace_ok = (v.namespace.is_empty() && !cluster_scoped) || r.had_namespace(&v.namespace);
    v.kind == r.kind()
        && v.group == g
        && v.version == ver
        && r.had_name(&v.obj_name)
        && namespace_ok
}

/// `MergeVars`: ties each of one kustomization's vars to the resource it
/// refers to, then adds them to the build's (`Err`: kustomize's message).
pub fn merge(list: &mut [Res], incoming: &[Var], all: &mut Vec<Var>) -> Result<(), String> {
    if incoming.is_empty() {
        return Ok(());
    }
    let wrap = |e: String| {
        let listed: Vec<String> = incoming.iter().map(ToString::to_string).collect();
        format!("merging vars [{}]: {e}", listed.join(" "))
    };
    for v in incoming {
        let d = v.defaulted();
        let matched: Vec<usize> = (0..list.len())
            .filter(|&i| refers_to(&d, &list[i]))
            .collect();
        match matched.as_slice() {
            [] => {}
            [one] => list[*one].ref_vars.push(d.name.clone()),
            many => {
                return Err(wrap(format!(
                    "found {} resId matches for var {v} (unable to disambiguate)",
                    many.len()
                )))
            }
        }
    }
    for v in incoming {
        if all.iter().any(|a| a.name == v.name) {
            return Err(wrap(format!("var '{}' already encountered", v.name)));
        }
        all.push(v.defaulted());
    }
    Ok(())
}

/// Where `$(VAR)` is replaced: kustomize v5.5's default `varReference`
/// field specs (kind, path), in its order; an empty kind is every kind.
/// (Its CronJob NFS path lacks a `spec/`, as upstream's does.)
const REFERENCES: &[(&str, &str)] = &[
    (
        "CronJob",
        "spec/jobTemplate/spec/template/spec/containers/args",
    ),
    (
        "CronJob",
        "spec/jobTemplate/spec/template/spec/containers/command",
    ),
    (
        "CronJob",
        "spec/jobTemplate/spec/template/spec/containers/env/value",
    ),
    (
        "CronJob",
        "spec/jobTemplate/spec/template/spec/containers/volumeMounts/mountPath",
    ),
    (
        "CronJob",
        "spec/jobTemplate/spec/template/spec/initContainers/args",
    ),
    (
        "CronJob",
        "spec/jobTemplate/spec/template/spec/initContainers/command",
    ),
    (
        "CronJob",
        "spec/jobTemplate/spec/template/spec/initContainers/env/value",
    ),
    (
        "CronJob",
        "spec/jobTemplate/spec/template/spec/initContainers/volumeMounts/mountPath",
    ),
    (
        "CronJob",
        "spec/jobTemplate/spec/template/volumes/nfs/server",
    ),
    ("DaemonSet", "spec/template/spec/containers/args"),
    ("DaemonSet", "spec/template/spec/containers/command"),
    ("DaemonSet", "spec/template/spec/containers/env/value"),
    (
        "DaemonSet",
        "spec/template/spec/containers/volumeMounts/mountPath",
    ),
    ("DaemonSet", "spec/template/spec/initContainers/args"),
    ("DaemonSet", "spec/template/spec/initContainers/command"),
    ("DaemonSet", "spec/template/spec/initContainers/env/value"),
    (
        "DaemonSet",
        "spec/template/spec/initContainers/volumeMounts/mountPath",
    ),
    ("DaemonSet", "spec/template/spec/volumes/nfs/server"),
    ("Deployment", "spec/template/spec/containers/args"),
    ("Deployment", "spec/template/spec/containers/command"),
    ("Deployment", "spec/template/spec/containers/env/value"),
    (
        "Deployment",
        "spec/template/spec/containers/volumeMounts/mountPath",
    ),
    ("Deployment", "spec/template/spec/initContainers/args"),
    ("Deployment", "spec/template/spec/initContainers/command"),
    ("Deployment", "spec/template/spec/initContainers/env/value"),
    (
        "Deployment",
        "spec/template/spec/initContainers/volumeMounts/mountPath",
    ),
    ("Deployment", "spec/template/spec/volumes/nfs/server"),
    ("Deployment", "spec/template/metadata/annotations"),
    ("Ingress", "spec/rules/host"),
    ("Ingress", "spec/tls/hosts"),
    ("Ingress", "spec/tls/secretName"),
    ("Job", "spec/template/spec/containers/args"),
    ("Job", "spec/template/spec/containers/command"),
    ("Job", "spec/template/spec/containers/env/value"),
    (
        "Job",
        "spec/template/spec/containers/volumeMounts/mountPath",
    ),
    ("Job", "spec/template/spec/initContainers/args"),
    ("Job", "spec/template/spec/initContainers/command"),
    ("Job", "spec/template/spec/initContainers/env/value"),
    (
        "Job",
        "spec/template/spec/initContainers/volumeMounts/mountPath",
    ),
    ("Job", "spec/template/spec/volumes/nfs/server"),
    ("Pod", "spec/containers/args"),
    ("Pod", "spec/containers/command"),
    ("Pod", "spec/containers/env/value"),
    ("Pod", "spec/containers/volumeMounts/mountPath"),
    ("Pod", "spec/initContainers/args"),
    ("Pod", "spec/initContainers/command"),
    ("Pod", "spec/initContainers/env/value"),
    ("Pod", "spec/initContainers/volumeMounts/mountPath"),
    ("Pod", "spec/volumes/nfs/server"),
    ("ReplicaSet", "spec/template/spec/containers/args"),
    ("ReplicaSet", "spec/template/spec/containers/command"),
    ("ReplicaSet", "spec/template/spec/containers/env/value"),
    (
        "ReplicaSet",
        "spec/template/spec/containers/volumeMounts/mountPath",
    ),
    ("ReplicaSet", "spec/template/spec/initContainers/args"),
    ("ReplicaSet", "spec/template/spec/initContainers/command"),
    ("ReplicaSet", "spec/template/spec/initContainers/env/value"),
    (
        "ReplicaSet",
        "spec/template/spec/initContainers/volumeMounts/mountPath",
    ),
    ("ReplicaSet", "spec/template/spec/volumes/nfs/server"),
    ("Service", "spec/ports/port"),
    ("Service", "spec/ports/targetPort"),
    ("StatefulSet", "spec/template/spec/containers/args"),
    ("StatefulSet", "spec/template/spec/containers/command"),
    ("StatefulSet", "spec/template/spec/containers/env/value"),
    (
        "StatefulSet",
        "spec/template/spec/containers/volumeMounts/mountPath",
    ),
    ("StatefulSet", "spec/template/spec/initContainers/args"),
    ("StatefulSet", "spec/template/spec/initContainers/command"),
    ("StatefulSet", "spec/template/spec/initContainers/env/value"),
    (
        "StatefulSet",
        "spec/template/spec/initContainers/volumeMounts/mountPath",
    ),
    ("StatefulSet", "spec/volumeClaimTemplates/spec/nfs/server"),
    ("PersistentVolume", "spec/nfs/server"),
    ("", "metadata/labels"),
    ("", "metadata/annotations"),
];

/// The value a var resolves to, as kyaml's `GetFieldValue` reads it.
fn field_value(r: &Res, path: &str) -> Option<Value> {
    let mut cur = Value::Object(r.obj.clone());
    for step in path_steps(path) {
        cur = match step {
            Step::Field(f) => cur.get(&f)?.clone(),
            Step::Index(i) => cur.get(i)?.clone(),
            Step::Match(k, want) => cur
                .as_array()?
                .iter()
                .find(|e| e.get(&k).is_some_and(|x| scalar_text(x) == want))?
                .clone(),
        };
    }
    (!cur.is_null()).then_some(cur)
}

enum Step {
    Field(String),
    Index(usize),
    Match(String, String),
}

/// `spec.ports[0].port`, `spec.containers[name=web].image`: dots outside
/// brackets separate fields.
fn path_steps(path: &str) -> Vec<Step> {
    let mut parts = Vec::new();
    let (mut depth, mut cur) = (0usize, String::new());
    for c in path.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            '.' if depth == 0 => {
                parts.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    parts.push(cur);
    let mut steps = Vec::new();
    for p in parts {
        let (head, mut rest) = p.split_once('[').map_or((p.as_str(), ""), |(h, r)| (h, r));
        if !head.is_empty() {
            steps.push(Step::Field(head.to_string()));
        }
        while let Some((inside, after)) = rest.split_once(']') {
            match inside.split_once('=') {
                Some((k, v)) => steps.push(Step::Match(k.to_string(), v.to_string())),
                None => match inside.parse() {
                    Ok(i) => steps.push(Step::Index(i)),
                    Err(_) => steps.push(Step::Field(inside.to_string())),
                },
            }
            rest = after.strip_prefix('[').unwrap_or(after);
        }
    }
    steps
}

fn scalar_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// What `$(NAME)` becomes in the middle of a string (Go's `%v`).
fn text(v: &Value) -> String {
    match v {
        Value::Number(n) if n.is_f64() => {
            kubeplay_model::gofloat::format_json(n.as_f64().unwrap_or_default())
        }
        other => scalar_text(other),
    }
}

/// `expansion.Expand`: `$(NAME)` replaced when the var is known (the whole
/// string keeps the value's type), `$$` an escaped `$`.
fn expand(input: &str, vars: &[(String, Value)], used: &mut Vec<String>) -> Value {
    let mapped = |name: &str, used: &mut Vec<String>| -> Option<Value> {
        let (_, v) = vars.iter().find(|(n, _)| n == name)?;
        if !used.iter().any(|u| u == name) {
            used.push(name.to_string());
        }
        // A map or a list is no value a string can hold: left as written.
        matches!(v, Value::String(_) | Value::Number(_) | Value::Bool(_)).then(|| v.clone())
    };
    let b = input.as_bytes();
    let mut out = String::new();
    let (mut i, mut checkpoint) = (0, 0);
    while i < b.len() {
        if b[i] == b'$' && i + 1 < b.len() {
            out.push_str(&input[checkpoint..i]);
            let advance = match b[i + 1] {
                b'$' => {
                    out.push('$');
                    1
                }
                b'(' => match input[i + 2..].find(')') {
                    Some(close) => {
                        let name = &input[i + 2..i + 2 + close];
                        let value = mapped(name, used);
                        if i == 0 && input.len() == close + 3 {
                            return value.unwrap_or_else(|| Value::String(input.to_string()));
                        }
                        match value {
                            Some(v) => out.push_str(&text(&v)),
                            None => out.push_str(&format!("$({name})")),
                        }
                        close + 2
                    }
                    None => {
                        out.push_str("$(");
                        1
                    }
                },
                _ => {
                    // The `$` and the byte after it, as they are.
                    let len = input[i + 1..].chars().next().map_or(1, char::len_utf8);
                    out.push_str(&input[i..i + 1 + len]);
                    len
                }
            };
            i += advance;
            checkpoint = i + 1;
        }
        i += 1;
    }
    out.push_str(&input[checkpoint.min(input.len())..]);
    Value::String(out)
}

/// `replaceVars` on the value at a referenced field; `Err` when a list
/// there holds something other than strings.
fn replace(v: &mut Value, vars: &[(String, Value)], used: &mut Vec<String>) -> Result<(), ()> {
    match v {
        Value::String(s) => *v = expand(s, vars, used),
        Value::Array(items) => {
            for item in items.iter_mut() {
                match item {
                    Value::String(s) => *item = expand(s, vars, used),
                    _ => return Err(()),
                }
            }
        }
        Value::Object(m) => {
            for item in m.values_mut() {
                if let Value::String(s) = item {
                    *item = expand(s, vars, used);
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// `MutateField` without creating: each list on the way is walked item by item.
fn mutate(
    m: &mut Map<String, Value>,
    path: &[&str],
    vars: &[(String, Value)],
    used: &mut Vec<String>,
) -> Result<(), ()> {
    let Some((first, rest)) = path.split_first() else {
        return Ok(());
    };
    let Some(v) = m.get_mut(*first) else {
        return Ok(());
    };
    if rest.is_empty() {
        return replace(v, vars, used);
    }
    match v {
        Value::Object(inner) => mutate(inner, rest, vars, used),
        Value::Array(items) => {
            for item in items.iter_mut() {
                if let Value::Object(inner) = item {
                    mutate(inner, rest, vars, used)?;
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// kyaml's refusal of a list item `replace` cannot expand.
fn not_a_string(r: &Res, path: &[&str]) -> String {
    let last = path.last().copied().unwrap_or_default();
    format!("considering field '{}' of object {}: visit traversal on path: [{last}]: invalid value type expect a string", path.join("/"), r.id())
}

/// `ResolveVars`, once names are final: each var's value from the
/// resource it was tied to, then the replacements. Returns the names of
/// the vars nothing used, sorted (`Err`: kustomize's message).
pub fn resolve(list: &mut [Res], vars: &[Var]) -> Result<Vec<String>, String> {
    let mut sorted: Vec<&Var> = vars.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let mut values = Vec::new();
    for v in sorted {
        let holder = list
            .iter()
            .find(|r| r.ref_vars.contains(&v.name))
            .ok_or_else(|| {
                format!("var '{v}' cannot be mapped to a field in the set of known resources")
            })?;
        let value = field_value(holder, &v.field_path).ok_or_else(|| {
            format!("field specified in var '{v}' not found in corresponding resource")
        })?;
        values.push((v.name.clone(), value));
    }
    if values.is_empty() {
        return Ok(Vec::new());
    }
    let mut used = Vec::new();
    for r in list.iter_mut() {
        let kind = r.kind().to_string();
        let paths = REFERENCES
            .iter()
            .filter(|(k, _)| k.is_empty() || *k == kind)
            .map(|(_, p)| p.split('/').collect::<Vec<&str>>());
        for path in paths {
            mutate(&mut r.obj, &path, &values, &mut used).map_err(|()| not_a_string(r, &path))?;
        }
    }
    let mut unused: Vec<String> = values
        .into_iter()
        .map(|(n, _)| n)
        .filter(|n| !used.contains(n))
        .collect();
    unused.sort();
    Ok(unused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vars(pairs: &[(&str, Value)]) -> Vec<(String, Value)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect()
    }

    // Cases after kustomize's expansion tests, against kubectl v1.32's
    // kustomize where it matters (a whole-string int stays an int).
    #[test]
    fn expands_as_kustomize() {
        let known = vars(&[
            ("SVC", json!("dev-web")),
            ("PORT", json!(80)),
            ("ON", json!(true)),
            ("MAP", json!({"a": 1})),
        ]);
        let cases: &[(&str, Value)] = &[
            ("$(SVC)", json!("dev-web")),
            ("$(PORT)", json!(80)),
            ("$(ON)", json!(true)),
            ("http://$(SVC):$(PORT)/", json!("http://dev-web:80/")),
            ("$$(SVC)", json!("$(SVC)")),
            ("$(NOPE)", json!("$(NOPE)")),
            ("x$(NOPE)", json!("x$(NOPE)")),
            ("$(SVC", json!("$(SVC")),
            ("a $ b $", json!("a $ b $")),
            ("$(MAP)", json!("$(MAP)")),
            ("€$(SVC)", json!("€dev-web")),
            ("", json!("")),
        ];
        for (input, want) in cases {
            let mut used = Vec::new();
            assert_eq!(&expand(input, &known, &mut used), want, "{input:?}");
        }
        let mut used = Vec::new();
        expand("$(SVC) $(MAP) $(NOPE)", &known, &mut used);
        assert_eq!(used, ["SVC", "MAP"]);
    }

    #[test]
    fn field_paths_as_kyaml_reads_them() {
        let r = Res::new(
            json!({"kind": "Service", "metadata": {"name": "web"}, "spec": {"ports": [{"name": "a", "port": 80}, {"name": "b.c", "port": 81}]}})
                .as_object()
                .cloned()
                .unwrap_or_default(),
        );
        let cases = [
            ("metadata.name", Some(json!("web"))),
            ("spec.ports[0].port", Some(json!(80))),
            ("spec.ports[name=b.c].port", Some(json!(81))),
            ("spec.ports[2].port", None),
            ("spec.nothing", None),
        ];
        for (path, want) in cases {
            assert_eq!(field_value(&r, path), want, "{path}");
        }
    }

    fn res(v: Value) -> Res {
        Res::new(v.as_object().cloned().unwrap_or_default())
    }

    #[test]
    fn a_renamed_resource_still_gives_its_value() {
        let svc = json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web"}});
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "labels": {"svc": "$(SVC)"}},
            "spec": {"containers": [{"name": "c", "command": ["x", "$(SVC)"], "env": [{"name": "E", "value": "$(SVC):80"}]}]}});
        let mut list = vec![res(svc), res(pod)];
        let declared = parse(Some(&json!([{"name": "SVC", "objref": {"kind": "Service", "name": "web", "apiVersion": "v1"}},
            {"name": "UNUSED", "objref": {"kind": "Service", "name": "web", "apiVersion": "v1"}}]))).unwrap();
        let mut all = Vec::new();
        merge(&mut list, &declared, &mut all).unwrap();
        list[0].set_name("dev-web".into());
        assert_eq!(resolve(&mut list, &all).unwrap(), ["UNUSED"]);
        let pod = Value::Object(list[1].obj.clone());
        assert_eq!(pod["metadata"]["labels"]["svc"], "dev-web");
        assert_eq!(
            pod["spec"]["containers"][0]["command"],
            json!(["x", "dev-web"])
        );
        assert_eq!(
            pod["spec"]["containers"][0]["env"][0]["value"],
            "dev-web:80"
        );
        // Declared twice: refused, the vars listed as written.
        assert_eq!(
            merge(&mut list, &declared[..1], &mut all).unwrap_err(),
            "merging vars [{SVC Service.[noVer].[noGrp] {}}]: var 'SVC' already encountered"
        );
    }

    // kubectl v1.32's kustomize replaces in annotations and NFS servers
    // too (its internal varReference list, longer than the old one).
    #[test]
    fn annotations_and_nfs_servers_are_references() {
        let svc = json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "nfs"}});
        let pv = json!({"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "pv", "annotations": {"a": "$(SVC)"}},
            "spec": {"nfs": {"server": "$(SVC).default.svc"}}});
        let mut list = vec![res(svc), res(pv)];
        let mut all = Vec::new();
        merge(&mut list, &parse(Some(&json!([{"name": "SVC", "objref": {"kind": "Service", "name": "nfs", "apiVersion": "v1"}}]))).unwrap(), &mut all).unwrap();
        assert_eq!(resolve(&mut list, &all).unwrap(), Vec::<String>::new());
        let pv = Value::Object(list[1].obj.clone());
        assert_eq!(
            (
                pv["metadata"]["annotations"]["a"].as_str(),
                pv["spec"]["nfs"]["server"].as_str()
            ),
            (Some("nfs"), Some("nfs.default.svc"))
        );
    }

    #[test]
    fn a_list_item_that_is_no_string_is_refused() {
        let svc = json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web"}});
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "args": ["$(SVC)", 3]}]}});
        let mut list = vec![res(svc), res(pod)];
        let mut all = Vec::new();
        merge(&mut list, &parse(Some(&json!([{"name": "SVC", "objref": {"kind": "Service", "name": "web", "apiVersion": "v1"}}]))).unwrap(), &mut all).unwrap();
        assert_eq!(
            resolve(&mut list, &all).unwrap_err(),
            "considering field 'spec/containers/args' of object Pod.v1.[noGrp]/p.[noNs]: visit traversal on path: [args]: invalid value type expect a string"
        );
        let mut lonely = vec![res(
            json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}}),
        )];
        assert_eq!(resolve(&mut lonely, &all).unwrap_err(), "var '{SVC Service.v1.[noGrp] {metadata.name}}' cannot be mapped to a field in the set of known resources");
    }

    #[test]
    fn vars_print_as_go_prints_them() {
        let v = parse(Some(&json!([{"name": "A", "objref": {"kind": "Service", "name": "web", "apiVersion": "v1"}, "fieldref": {"fieldpath": "spec.x"}}]))).unwrap();
        assert_eq!(v[0].to_string(), "{A Service.[noVer].[noGrp] {spec.x}}");
        assert_eq!(
            v[0].defaulted().to_string(),
            "{A Service.v1.[noGrp] {spec.x}}"
        );
        let bad = [
            (json!([{"name": "A", "objref": {"bogus": 1}}]), "json: unknown field \"bogus\""),
            (json!([{"name": 1}]), "json: cannot unmarshal number into Go struct field Var.vars.name of type string"),
            (json!({"name": "A"}), "json: cannot unmarshal object into Go struct field Kustomization.vars of type []types.Var"),
        ];
        for (v, want) in bad {
            assert_eq!(parse(Some(&v)).unwrap_err(), want);
        }
    }
}
