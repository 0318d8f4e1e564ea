//! One resource as kustomize carries it: the object, and what the
//! transformers must remember about it (the names it had, so references
//! written against an old name still find it; whether a generator made it).

use serde_json::{Map, Value};

/// A generator's `behavior`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Behavior {
    Create,
    Merge,
    Replace,
}

#[derive(Clone, Debug)]
pub struct Res {
    pub obj: Map<String, Value>,
    /// Names it had before its current one, oldest first.
    pub prev_names: Vec<String>,
    /// Namespaces it had before its current one.
    pub prev_namespaces: Vec<String>,
    /// The prefixes and suffixes added to its name, innermost first: of
    /// several resources a reference may mean, the one transformed as the
    /// referrer was is meant.
    pub prefixes: Vec<String>,
    pub suffixes: Vec<String>,
    /// Generated with a name suffix hash still to add.
    pub needs_hash: bool,
    /// How a generated resource combines with one of the same name.
    pub behavior: Option<Behavior>,
    /// Label keys commonLabels added, their values and the maps it added
    /// them to (see `labels::relink`).
    pub shared_labels: Vec<(String, String, Vec<String>)>,
    /// The vars that take their value from it (see `vars::merge`).
    pub ref_vars: Vec<String>,
}

impl Res {
    pub fn new(obj: Map<String, Value>) -> Res {
        Res {
            obj,
            prev_names: Vec::new(),
            prev_namespaces: Vec::new(),
            prefixes: Vec::new(),
            suffixes: Vec::new(),
            needs_hash: false,
            behavior: None,
            shared_labels: Vec::new(),
            ref_vars: Vec::new(),
        }
    }

    pub fn kind(&self) -> &str {
        self.obj.get("kind").and_then(Value::as_str).unwrap_or("")
    }

    pub fn api_version(&self) -> &str {
        self.obj
            .get("apiVersion")
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// Group and version, as `ParseGroupVersion` splits the apiVersion.
    pub fn group_version(&self) -> (&str, &str) {
        split_api_version(self.api_version())
    }

    fn meta(&self, field: &str) -> &str {
        self.obj
            .get("metadata")
            .and_then(|m| m.get(field))
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    pub fn name(&self) -> &str {
        self.meta("name")
    }

    pub fn namespace(&self) -> &str {
        self.meta("namespace")
    }

    /// `metadata`, made an object when it is missing or is none.
    pub fn meta_mut(&mut self) -> Option<&mut Map<String, Value>> {
        child(&mut self.obj, "metadata")
    }

    pub fn set_name(&mut self, name: String) {
        let old = self.name().to_string();
        if old != name {
            self.prev_names.push(old);
            if let Some(m) = self.meta_mut() {
                m.insert("name".into(), Value::String(name));
            }
        }
    }

    pub fn set_namespace(&mut self, ns: &str) {
        let old = self.namespace().to_string();
        if old != ns {
            self.prev_namespaces.push(old);
            if let Some(m) = self.meta_mut() {
                m.insert("namespace".into(), Value::String(ns.to_string()));
            }
        }
    }

    /// Whether `name` is this resource's name now or was one before.
    pub fn had_name(&self, name: &str) -> bool {
        self.name() == name || self.prev_names.iter().any(|n| n == name)
    }

    pub fn had_namespace(&self, ns: &str) -> bool {
        let same = |a: &str| {
            a == ns || (a.is_empty() && ns == "default") || (a == "default" && ns.is_empty())
        };
        same(self.namespace()) || self.prev_namespaces.iter().any(|n| same(n))
    }

    pub fn labels(&self) -> Option<&Map<String, Value>> {
        self.obj
            .get("metadata")
            .and_then(|m| m.get("labels"))
            .and_then(Value::as_object)
    }

    pub fn annotations(&self) -> Option<&Map<String, Value>> {
        self.obj
            .get("metadata")
            .and_then(|m| m.get("annotations"))
            .and_then(Value::as_object)
    }

    /// The id kustomize prints in its messages: `Kind.version.group/name.namespace`.
    pub fn id(&self) -> String {
        let (g, v) = self.group_version();
        let or = |s: &str, d: &str| {
            if s.is_empty() {
                d.to_string()
            } else {
                s.to_string()
            }
        };
        format!(
            "{}.{}.{}/{}.{}",
            or(self.kind(), "[noKind]"),
            or(v, "[noVer]"),
            or(g, "[noGrp]"),
            self.name(),
            or(self.namespace(), "[noNs]")
        )
    }
}

/// The map under `key`, made an object when it is missing or is none
/// (`None` only if serde's entry were not what was just written).
pub fn child<'a>(m: &'a mut Map<String, Value>, key: &str) -> Option<&'a mut Map<String, Value>> {
    let v = m.entry(key).or_insert_with(|| Value::Object(Map::new()));
    if !v.is_object() {
        *v = Value::Object(Map::new());
    }
    v.as_object_mut()
}

pub fn split_api_version(av: &str) -> (&str, &str) {
    match av.split_once('/') {
        Some((g, v)) => (g, v),
        None => ("", av),
    }
}

/// Kinds kustomize's legacy order puts first, then last; the rest sit
/// between, ordered by group, version and kind.
const ORDER_FIRST: &[&str] = &[
    "Namespace",
    "ResourceQuota",
    "StorageClass",
    "CustomResourceDefinition",
    "ServiceAccount",
    "PodSecurityPolicy",
    "Role",
    "ClusterRole",
    "RoleBinding",
    "ClusterRoleBinding",
    "ConfigMap",
    "Secret",
    "Endpoints",
    "Service",
    "LimitRange",
    "PriorityClass",
    "PersistentVolume",
    "PersistentVolumeClaim",
    "Deployment",
    "StatefulSet",
    "CronJob",
    "PodDisruptionBudget",
];
const ORDER_LAST: &[&str] = &[
    "MutatingWebhookConfiguration",
    "ValidatingWebhookConfiguration",
];

fn kind_rank(kind: &str, first: &[&str], last: &[&str]) -> i64 {
    if let Some(i) = first.iter().position(|k| *k == kind) {
        return i as i64 - first.len() as i64;
    }
    last.iter()
        .position(|k| *k == kind)
        .map_or(0, |i| i as i64 + 1)
}

fn or_tilde<'a>(s: &'a str, t: &'a str) -> &'a str {
    if s.is_empty() {
        t
    } else {
        s
    }
}

/// The key the legacy order compares on, after the kind's rank.
fn sort_key(r: &Res, first: &[&str], last: &[&str]) -> (i64, String, String) {
    let (g, v) = r.group_version();
    let gvk = format!(
        "{}_{}_{}",
        or_tilde(g, "~G"),
        or_tilde(v, "~V"),
        or_tilde(r.kind(), "~K")
    );
    let id = format!(
        "{gvk}|{}|{}",
        or_tilde(r.namespace(), "~X"),
        or_tilde(r.name(), "~N")
    );
    (kind_rank(r.kind(), first, last), gvk, id)
}

/// Sorts as kustomize's `legacy` sortOptions (the default) does, with
/// its kind lists or the ones `legacySortOptions` gave.
pub fn legacy_sort(list: &mut [Res], custom: Option<(&[String], &[String])>) {
    let (first, last): (Vec<&str>, Vec<&str>) = match custom {
        Some((f, l)) => (
            f.iter().map(String::as_str).collect(),
            l.iter().map(String::as_str).collect(),
        ),
        None => (ORDER_FIRST.to_vec(), ORDER_LAST.to_vec()),
    };
    let mut keyed: Vec<((i64, String, String), usize)> = list
        .iter()
        .enumerate()
        .map(|(i, r)| (sort_key(r, &first, &last), i))
        .collect();
    keyed.sort();
    let order: Vec<usize> = keyed.into_iter().map(|(_, i)| i).collect();
    let sorted: Vec<Res> = order.iter().map(|&i| list[i].clone()).collect();
    for (slot, r) in list.iter_mut().zip(sorted) {
        *slot = r;
    }
}
