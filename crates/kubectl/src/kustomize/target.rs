//! One kustomization directory: its resources (files, and directories
//! holding kustomizations of their own, built recursively), then its
//! generators, then its transformers in kustomize's order.

use super::file::{self, Kustomization, FILE_NAMES};
use super::fs::{join, Fs};
use super::res::Res;
use super::{generator, images, labels, names, patches};
use serde_json::Value;

pub struct Builder<'a> {
    pub fs: Fs<'a>,
    /// The directories being built, outermost first (a cycle's witness).
    pub visiting: Vec<String>,
    pub warnings: Vec<String>,
    /// The top kustomization's `sortOptions`.
    pub sort: Option<super::file::SortOptions>,
    /// Every kustomization's `vars`, defaulted, once tied to a resource.
    pub vars: Vec<super::vars::Var>,
}

fn missing(path: &str) -> String {
    format!("evalsymlink failure on '{path}' : lstat {path}: no such file or directory")
}

impl Builder<'_> {
    /// The kustomization file in `dir`, parsed.
    fn load(&mut self, dir: &str) -> Result<Kustomization, String> {
        let found: Vec<(&str, String)> = FILE_NAMES
            .iter()
            .filter_map(|n| Some((*n, self.fs.file(&join(dir, n))?)))
            .collect();
        let (name, text) = match found.as_slice() {
            [] => return Err(format!("unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '{dir}'")),
            [one] => one,
            _ => return Err(format!("Found multiple kustomization files under: {dir}\n")),
        };
        let k = file::parse(text).map_err(|e| format!("invalid Kustomization: {e}"))?;
        if k.empty {
            return Err(format!("{name} is empty"));
        }
        let wrong = match (k.kind.as_str(), k.api_version.as_str()) {
            ("" | "Kustomization", "" | "kustomize.config.k8s.io/v1beta1")
            | ("Component", "" | "kustomize.config.k8s.io/v1alpha1") => None,
            ("" | "Kustomization", _) => {
                Some("apiVersion for Kustomization should be kustomize.config.k8s.io/v1beta1")
            }
            ("Component", _) => {
                Some("apiVersion for Component should be kustomize.config.k8s.io/v1alpha1")
            }
            _ => Some("kind should be Kustomization or Component"),
        };
        if let Some(why) = wrong {
            return Err(format!(
                "Failed to read kustomization file under {dir}:\n{why}"
            ));
        }
        if k.sort == file::SortOptions::Invalid {
            return Err("the field 'sortOptions.order' must be one of [fifo, legacy]".into());
        }
        self.warnings.extend(k.warnings.iter().cloned());
        Ok(k)
    }

    /// Builds `dir` (`Err` is kustomize's message).
    pub fn accumulate(&mut self, dir: &str) -> Result<Vec<Res>, String> {
        let k = self.load(dir)?;
        self.sort = Some(k.sort.clone());
        self.visiting.push(dir.to_string());
        let out = self.run(dir, &k);
        self.visiting.pop();
        out
    }

    fn run(&mut self, dir: &str, k: &Kustomization) -> Result<Vec<Res>, String> {
        let mut list: Vec<Res> = Vec::new();
        self.run_into(dir, k, &mut list)?;
        Ok(list)
    }

    /// Resources, components, generators, then transformers, onto `list`
    /// (a component works on what its parent accumulated so far).
    fn run_into(
        &mut self,
        dir: &str,
        k: &Kustomization,
        list: &mut Vec<Res>,
    ) -> Result<(), String> {
        for entry in &k.resources {
            let found = self
                .resource(dir, entry)
                .map_err(|e| format!("accumulating resources: {e}"))?;
            for r in found {
                if let Some(dup) = list.iter().find(|o| {
                    o.kind() == r.kind()
                        && o.api_version() == r.api_version()
                        && o.name() == r.name()
                        && o.namespace() == r.namespace()
                }) {
                    let path = join(dir, entry);
                    let why = format!(
                        "may not add resource with an already registered id: {}",
                        dup.id()
                    );
                    return Err(match self.fs.file(&path) {
                        Some(_) => format!("accumulating resources: accumulation err='merging resources from '{entry}': {why}': must build at directory: '{path}': file is not directory"),
                        None => format!("accumulating resources: accumulation err='accumulating resources from '{entry}': '{path}' must resolve to a file': recursed merging from path '{path}': {why}"),
                    });
                }
                list.push(r);
            }
            // Bases included many times over can multiply without end.
            let limit = kubeplay_codec::Limits::default().max_objects;
            if list.len() > limit {
                return Err(format!(
                    "(playground) the kustomization builds more than {limit} objects"
                ));
            }
        }
        for entry in &k.components {
            self.component(dir, entry, list)
                .map_err(|e| format!("accumulating components: {e}"))?;
        }
        for (gens, secret) in [(&k.config_maps, false), (&k.secrets, true)] {
            for g in gens {
                let r = generator::generate(g, secret, k.gen_options.as_ref(), dir, self.fs)?;
                generator::add(list, r)?;
            }
        }
        let list: &mut Vec<Res> = list;
        for entry in &k.patches_strategic {
            patches::strategic(list, entry, &k.patches_strategic, dir, self.fs)?;
        }
        for p in &k.patches {
            patches::patch(list, p, dir, self.fs)?;
        }
        names::namespace(list, &k.namespace)?;
        names::prefix_suffix(list, &k.name_prefix, &k.name_suffix);
        // commonLabels wins a key both set.
        labels::labels(list, &k.labels);
        labels::common_labels(list, &k.common_labels);
        labels::annotations(list, &k.common_annotations);
        for p in &k.patches_json {
            patches::json(list, p, dir, self.fs)?;
        }
        images::replicas(list, &k.replicas)?;
        images::images(list, &k.images);
        super::vars::merge(list, &k.vars, &mut self.vars)
    }

    /// One `components` entry: a directory whose kustomization is a
    /// Component, run over the parent's resources.
    fn component(&mut self, dir: &str, entry: &str, list: &mut Vec<Res>) -> Result<(), String> {
        let path = join(dir, entry);
        if self.fs.file(&path).is_some() {
            return Err(format!(
                "loader.New {}",
                crate::gofmt::quote(&format!(
                    "must build at directory: '{path}': file is not directory"
                ))
            ));
        }
        if !self.fs.is_dir(&path) {
            let m = missing(&path);
            return Err(format!(
                "loader.New {}",
                crate::gofmt::quote(&format!(
                    "must build at directory: not a valid directory: {m}"
                ))
            ));
        }
        if let Some(v) = self
            .visiting
            .iter()
            .find(|v| **v == path || v.starts_with(&format!("{path}/")))
        {
            return Err(format!(
                "cycle detected: candidate root '{path}' contains visited root '{v}'"
            ));
        }
        let k = self.load(&path).map_err(|e| {
            format!(
                "accumulateDirectory: {}",
                crate::gofmt::quote(&format!("couldn't make target for path '{path}': {e}"))
            )
        })?;
        if k.kind != "Component" {
            let why = format!(
                "expected kind 'Component' for path '{path}' but got '{}'",
                k.kind
            );
            return Err(format!(
                "accumulateDirectory: {}",
                crate::gofmt::quote(&why)
            ));
        }
        self.visiting.push(path.clone());
        let out = self.run_into(&path, &k, list);
        self.visiting.pop();
        out.map_err(|e| {
            format!(
                "accumulateDirectory: {}",
                crate::gofmt::quote(&format!("recursed accumulation of path '{path}': {e}"))
            )
        })
    }

    /// One `resources` entry: a file of manifests, or a kustomization
    /// directory.
    fn resource(&mut self, dir: &str, entry: &str) -> Result<Vec<Res>, String> {
        let path = join(dir, entry);
        let head = format!("accumulation err='accumulating resources from '{entry}'");
        if self.fs.file(&path).is_some() {
            let text = self.fs.load(dir, &path).map_err(|e| {
                format!("{head}: {e}': must build at directory: '{path}': file is not directory")
            })?;
            return parse_resources(&text).map_err(|e| match e {
                Bad::Malformed(e) => format!("accumulating resources from '{entry}': MalformedYAMLError: {e} in File: {entry}"),
                Bad::Object(e) => format!("{head}: {e}': must build at directory: '{path}': file is not directory"),
            });
        }
        if !self.fs.is_dir(&path) {
            let m = missing(&path);
            return Err(format!(
                "{head}: {m}': must build at directory: not a valid directory: {m}"
            ));
        }
        let head = format!("{head}: '{path}' must resolve to a file'");
        let inside =
            |outer: &str| outer == path || path == "." || outer.starts_with(&format!("{path}/"));
        if let Some(v) = self.visiting.iter().find(|v| inside(v)) {
            return Err(format!(
                "{head}: cycle detected: candidate root '{path}' contains visited root '{v}'"
            ));
        }
        let k = self
            .load(&path)
            .map_err(|e| format!("{head}: couldn't make target for path '{path}': {e}"))?;
        if k.kind == "Component" {
            return Err(format!(
                "{head}: expected kind != 'Component' for path '{path}'"
            ));
        }
        self.visiting.push(path.clone());
        let out = self.run(&path, &k);
        self.visiting.pop();
        out.map_err(|e| format!("{head}: recursed accumulation of path '{path}': {e}"))
    }
}

/// Why a manifest file gave no resources.
enum Bad {
    Malformed(String),
    Object(String),
}

/// The objects in a manifest file (a `List`'s items each on their own).
fn parse_resources(text: &str) -> Result<Vec<Res>, Bad> {
    let mut out = Vec::new();
    for doc in super::yaml::documents(text).map_err(Bad::Malformed)? {
        match doc {
            Value::Null => {}
            Value::Object(m) => {
                let is_list = m
                    .get("kind")
                    .and_then(Value::as_str)
                    .is_some_and(|k| k.ends_with("List"))
                    && m.get("items").is_some_and(Value::is_array);
                if is_list {
                    if let Some(Value::Array(items)) = m.get("items") {
                        for item in items {
                            out.push(object(item.clone())?);
                        }
                    }
                } else {
                    out.push(object(Value::Object(m))?);
                }
            }
            other => {
                return Err(Bad::Object(format!(
                    "{} is not a resource",
                    kubeplay_codec::to_json_compact(&other)
                )))
            }
        }
    }
    Ok(out)
}

/// Go's `%v` of a string map: `map[k:v k2:v2]`, keys sorted.
fn go_map(m: Option<&Value>) -> String {
    let mut pairs: Vec<(String, String)> = m
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string()))
        .collect();
    pairs.sort();
    format!(
        "map[{}]",
        pairs
            .iter()
            .map(|(k, v)| format!("{k}:{v}"))
            .collect::<Vec<_>>()
            .join(" ")
    )
}

fn object(v: Value) -> Result<Res, Bad> {
    match v {
        Value::Object(m)
            if m.get("kind")
                .and_then(Value::as_str)
                .is_some_and(|k| !k.is_empty()) =>
        {
            Ok(Res::new(m))
        }
        Value::Object(m) => {
            // kyaml's TypeMeta and ObjectMeta as Go's %v prints them.
            let s = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or("").to_string();
            let meta = m.get("metadata");
            Err(Bad::Object(format!(
                "missing kind in object {{{{{} {}}} {{{{{} {}}} {} {}}}}}",
                s(m.get("apiVersion")),
                s(m.get("kind")),
                s(meta.and_then(|x| x.get("name"))),
                s(meta.and_then(|x| x.get("namespace"))),
                go_map(meta.and_then(|x| x.get("labels"))),
                go_map(meta.and_then(|x| x.get("annotations")))
            )))
        }
        other => Err(Bad::Object(format!(
            "{} is not a resource",
            kubeplay_codec::to_json_compact(&other)
        ))),
    }
}
