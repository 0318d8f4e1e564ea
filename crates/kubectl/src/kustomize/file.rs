//! The kustomization file: which names it may have, and its fields read
//! strictly, as kustomize unmarshals it (an unknown field or a value of the
//! wrong type is an error in encoding/json's words).

use serde_json::{Map, Value};

/// The names a kustomization file may have, in the order they are tried.
pub const FILE_NAMES: [&str; 3] = ["kustomization.yaml", "kustomization.yml", "Kustomization"];

/// Fields kustomize knows that the playground does not act on: refused
/// rather than silently ignored.
const UNSUPPORTED: &[&str] = &[
    "crds",
    "replacements",
    "generators",
    "transformers",
    "validators",
    "openapi",
    "helmCharts",
    "helmGlobals",
    "helmChartInflationGenerator",
    "configurations",
    "imageTags",
    "inventory",
    "replacementsFrom",
    "buildMetadata",
];

/// A field spec of `labels`' `fields`: where else the labels go.
#[derive(Clone, Debug, Default)]
pub struct FieldSpec {
    pub path: String,
    pub group: String,
    pub version: String,
    pub kind: String,
    pub create: bool,
}

#[derive(Clone, Debug, Default)]
pub struct LabelSet {
    pub pairs: Vec<(String, String)>,
    pub include_selectors: bool,
    pub include_templates: bool,
    pub fields: Vec<FieldSpec>,
}

#[derive(Clone, Debug, Default)]
pub struct Image {
    pub name: String,
    pub new_name: String,
    pub new_tag: String,
    pub digest: String,
}

#[derive(Clone, Debug, Default)]
pub struct GenOptions {
    pub labels: Vec<(String, String)>,
    pub annotations: Vec<(String, String)>,
    pub disable_hash: Option<bool>,
    pub immutable: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Generator {
    pub name: String,
    pub namespace: String,
    pub behavior: String,
    pub literals: Vec<String>,
    pub files: Vec<String>,
    pub envs: Vec<String>,
    pub type_: String,
    pub options: Option<GenOptions>,
}

#[derive(Clone, Debug, Default)]
pub struct Target {
    pub group: String,
    pub version: String,
    pub kind: String,
    pub name: String,
    pub namespace: String,
    pub label_selector: String,
    pub annotation_selector: String,
}

#[derive(Clone, Debug, Default)]
pub struct Patch {
    pub path: String,
    pub patch: String,
    pub target: Option<Target>,
}

/// `sortOptions`: the order of the output (only the top kustomization's counts).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum SortOptions {
    #[default]
    Legacy,
    /// Custom kind lists for the legacy order.
    LegacyWith(Vec<String>, Vec<String>),
    /// As accumulated.
    Fifo,
    /// An order kustomize does not know.
    Invalid,
}

#[derive(Clone, Debug, Default)]
pub struct Kustomization {
    /// `Kustomization` (also when not given) or `Component`.
    pub kind: String,
    pub api_version: String,
    /// Nothing set but apiVersion and kind (Go's zero value, where an
    /// empty list is not nothing but an empty string is).
    pub empty: bool,
    pub components: Vec<String>,
    pub sort: SortOptions,
    pub resources: Vec<String>,
    pub namespace: String,
    pub name_prefix: String,
    pub name_suffix: String,
    pub common_labels: Vec<(String, String)>,
    pub labels: Vec<LabelSet>,
    pub common_annotations: Vec<(String, String)>,
    pub images: Vec<Image>,
    pub replicas: Vec<(String, i64)>,
    pub config_maps: Vec<Generator>,
    pub secrets: Vec<Generator>,
    pub gen_options: Option<GenOptions>,
    pub patches: Vec<Patch>,
    pub patches_strategic: Vec<String>,
    pub patches_json: Vec<Patch>,
    pub vars: Vec<super::vars::Var>,
    /// kustomize's deprecation warnings, in its order.
    pub warnings: Vec<String>,
}

/// A field of the wrong type: encoding/json's message.
fn type_error(v: &Value, field: &str, want: &str) -> String {
    let got = kubeplay_apiserver::go_json_type(v);
    format!("json: cannot unmarshal {got} into Go struct field {field} of type {want}")
}

/// An object with only `known` fields.
fn strict<'a>(
    v: &'a Value,
    field: &str,
    type_name: &str,
    known: &[&str],
) -> Result<&'a Map<String, Value>, String> {
    let m = v
        .as_object()
        .ok_or_else(|| type_error(v, field, type_name))?;
    match m.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(format!("json: unknown field {}", crate::gofmt::quote(k))),
        None => Ok(m),
    }
}

fn string(v: Option<&Value>, field: &str) -> Result<String, String> {
    match v {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(type_error(other, field, "string")),
    }
}

fn boolean(v: Option<&Value>, field: &str) -> Result<Option<bool>, String> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(type_error(other, field, "bool")),
    }
}

fn strings(v: Option<&Value>, field: &str) -> Result<Vec<String>, String> {
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items.iter().map(|i| string(Some(i), field)).collect(),
        Some(other) => Err(type_error(other, field, "[]string")),
    }
}

fn string_map(v: Option<&Value>, field: &str) -> Result<Vec<(String, String)>, String> {
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(m)) => m
            .iter()
            .map(|(k, v)| Ok((k.clone(), string(Some(v), field)?)))
            .collect(),
        Some(other) => Err(type_error(other, field, "map[string]string")),
    }
}

fn list<'a>(v: Option<&'a Value>, field: &str, type_name: &str) -> Result<&'a [Value], String> {
    match v {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(other) => Err(type_error(other, field, type_name)),
    }
}

fn options(v: Option<&Value>, field: &str) -> Result<Option<GenOptions>, String> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let m = strict(
        v,
        field,
        "types.GeneratorOptions",
        &[
            "labels",
            "annotations",
            "disableNameSuffixHash",
            "immutable",
        ],
    )?;
    Ok(Some(GenOptions {
        labels: string_map(m.get("labels"), &format!("{field}.labels"))?,
        annotations: string_map(m.get("annotations"), &format!("{field}.annotations"))?,
        disable_hash: boolean(
            m.get("disableNameSuffixHash"),
            &format!("{field}.disableNameSuffixHash"),
        )?,
        immutable: boolean(m.get("immutable"), &format!("{field}.immutable"))?.unwrap_or(false),
    }))
}

fn generator(v: &Value, field: &str, secret: bool) -> Result<Generator, String> {
    let mut known = vec![
        "name",
        "namespace",
        "behavior",
        "literals",
        "files",
        "envs",
        "env",
        "options",
    ];
    if secret {
        known.push("type");
    }
    let m = strict(
        v,
        field,
        if secret {
            "types.SecretArgs"
        } else {
            "types.ConfigMapArgs"
        },
        &known,
    )?;
    let mut envs = strings(m.get("envs"), &format!("{field}.envs"))?;
    let env = string(m.get("env"), &format!("{field}.env"))?;
    if !env.is_empty() {
        envs.insert(0, env);
    }
    Ok(Generator {
        name: string(m.get("name"), &format!("{field}.name"))?,
        namespace: string(m.get("namespace"), &format!("{field}.namespace"))?,
        behavior: string(m.get("behavior"), &format!("{field}.behavior"))?,
        literals: strings(m.get("literals"), &format!("{field}.literals"))?,
        files: strings(m.get("files"), &format!("{field}.files"))?,
        envs,
        type_: string(m.get("type"), &format!("{field}.type"))?,
        options: options(
            m.get("options"),
            &format!(
                "{}.options",
                field
                    .replace("ConfigMapArgs.", "GeneratorOptions.")
                    .replace("SecretArgs.", "GeneratorOptions.")
            ),
        )?,
    })
}

fn target(v: Option<&Value>, field: &str) -> Result<Option<Target>, String> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let m = strict(
        v,
        field,
        "types.Selector",
        &[
            "group",
            "version",
            "kind",
            "name",
            "namespace",
            "labelSelector",
            "annotationSelector",
        ],
    )?;
    let s = |k: &str| string(m.get(k), &format!("{field}.{k}"));
    Ok(Some(Target {
        group: s("group")?,
        version: s("version")?,
        kind: s("kind")?,
        name: s("name")?,
        namespace: s("namespace")?,
        label_selector: s("labelSelector")?,
        annotation_selector: s("annotationSelector")?,
    }))
}

fn patch(v: &Value, field: &str) -> Result<Patch, String> {
    let m = strict(
        v,
        field,
        "types.Patch",
        &["path", "patch", "target", "options"],
    )?;
    let target_field = format!("{}.target", field.replace("Patch.", "Selector."));
    Ok(Patch {
        path: string(m.get("path"), &format!("{field}.path"))?,
        patch: string(m.get("patch"), &format!("{field}.patch"))?,
        target: target(m.get("target"), &target_field)?,
    })
}

fn deprecated(old: &str, new: &str) -> String {
    format!("# Warning: '{old}' is deprecated. Please use '{new}' instead. Run 'kustomize edit fix' to update your Kustomization automatically.")
}

/// Reads a kustomization file's text (`Err` is kustomize's message after
/// `invalid Kustomization: `).
pub fn parse(text: &str) -> Result<Kustomization, String> {
    let root = kubeplay_codec::parse_value(text).map_err(|e| format!("yaml: {e}"))?;
    let root = match root {
        Value::Null => Value::Object(Map::new()),
        v => v,
    };
    let m = root.as_object().ok_or_else(|| {
        type_error(&root, "Kustomization", "types.Kustomization").replace(
            " into Go struct field Kustomization of type",
            " into Go value of type",
        )
    })?;
    let f = |k: &str| format!("Kustomization.{k}");
    let mut k = Kustomization {
        kind: "Kustomization".into(),
        ..Kustomization::default()
    };
    let mut bases = Vec::new();
    // sigs.k8s.io/yaml hands encoding/json the fields sorted by name, and
    // the first mistake in that order is the one reported.
    let mut keys: Vec<&String> = m.keys().collect();
    keys.sort();
    for key in keys {
        let v = m.get(key.as_str());
        match key.as_str() {
            "apiVersion" => k.api_version = string(v, &f(key))?,
            "kind" => k.kind = string(v, &f(key))?,
            "components" => k.components = strings(v, &f(key))?,
            "metadata" => {}
            "sortOptions" => k.sort = sort_options(v)?,
            "resources" => k.resources = strings(v, &f(key))?,
            "bases" => bases = strings(v, &f(key))?,
            "namespace" => k.namespace = string(v, &f(key))?,
            "namePrefix" => k.name_prefix = string(v, &f(key))?,
            "nameSuffix" => k.name_suffix = string(v, &f(key))?,
            "commonLabels" => k.common_labels = string_map(v, &f(key))?,
            "commonAnnotations" => k.common_annotations = string_map(v, &f(key))?,
            "generatorOptions" => k.gen_options = options(v, "GeneratorOptions.generatorOptions")?,
            "patchesStrategicMerge" => k.patches_strategic = strings(v, &f(key))?,
            "labels" => {
                k.labels = list(v, &f(key), "[]types.Label")?
                    .iter()
                    .map(label_set)
                    .collect::<Result<_, _>>()?
            }
            "images" => {
                k.images = list(v, &f(key), "[]types.Image")?
                    .iter()
                    .map(image)
                    .collect::<Result<_, _>>()?
            }
            "replicas" => {
                k.replicas = list(v, &f(key), "[]types.Replica")?
                    .iter()
                    .map(replica)
                    .collect::<Result<_, _>>()?
            }
            "configMapGenerator" => {
                k.config_maps = list(v, &f(key), "[]types.ConfigMapArgs")?
                    .iter()
                    .map(|g| generator(g, "ConfigMapArgs.configMapGenerator", false))
                    .collect::<Result<_, _>>()?
            }
            "secretGenerator" => {
                k.secrets = list(v, &f(key), "[]types.SecretArgs")?
                    .iter()
                    .map(|g| generator(g, "SecretArgs.secretGenerator", true))
                    .collect::<Result<_, _>>()?
            }
            "patches" => {
                k.patches = list(v, &f(key), "[]types.Patch")?
                    .iter()
                    .map(|p| patch(p, "Patch.patches"))
                    .collect::<Result<_, _>>()?
            }
            "patchesJson6902" => {
                k.patches_json = list(v, &f(key), "[]types.Patch")?
                    .iter()
                    .map(|p| patch(p, "Patch.patchesJson6902"))
                    .collect::<Result<_, _>>()?
            }
            "vars" => k.vars = super::vars::parse(v)?,
            other if UNSUPPORTED.contains(&other) => {
                return Err(format!(
                    "(playground) the kustomization field {} is not supported here",
                    crate::gofmt::quote(other)
                ))
            }
            other => {
                return Err(format!(
                    "json: unknown field {}",
                    crate::gofmt::quote(other)
                ))
            }
        }
    }
    k.resources.extend(bases);
    k.empty = m.iter().all(|(key, v)| {
        key == "apiVersion" || key == "kind" || v.is_null() || v.as_str() == Some("")
    });
    for (field, new) in [
        ("bases", "resources"),
        ("commonLabels", "labels"),
        ("patchesJson6902", "patches"),
        ("patchesStrategicMerge", "patches"),
    ] {
        if m.contains_key(field) {
            k.warnings.push(deprecated(field, new));
        }
    }
    if m.contains_key("vars") {
        k.warnings.push("# Warning: 'vars' is deprecated. Please use 'replacements' instead. [EXPERIMENTAL] Run 'kustomize edit fix' to update your Kustomization automatically.".into());
    }
    Ok(k)
}

fn sort_options(v: Option<&Value>) -> Result<SortOptions, String> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(SortOptions::Legacy);
    };
    let m = strict(
        v,
        "Kustomization.sortOptions",
        "types.SortOptions",
        &["order", "legacySortOptions"],
    )?;
    match string(m.get("order"), "SortOptions.sortOptions.order")?.as_str() {
        "fifo" => Ok(SortOptions::Fifo),
        "legacy" => match m.get("legacySortOptions").filter(|v| !v.is_null()) {
            None => Ok(SortOptions::Legacy),
            Some(l) => {
                let l = strict(
                    l,
                    "SortOptions.sortOptions.legacySortOptions",
                    "types.LegacySortOptions",
                    &["orderFirst", "orderLast"],
                )?;
                let first = strings(
                    l.get("orderFirst"),
                    "LegacySortOptions.sortOptions.legacySortOptions.orderFirst",
                )?;
                let last = strings(
                    l.get("orderLast"),
                    "LegacySortOptions.sortOptions.legacySortOptions.orderLast",
                )?;
                Ok(SortOptions::LegacyWith(first, last))
            }
        },
        // Checked after decoding, so not an "invalid Kustomization".
        _ => Ok(SortOptions::Invalid),
    }
}

fn label_set(v: &Value) -> Result<LabelSet, String> {
    let l = strict(
        v,
        "Kustomization.labels",
        "types.Label",
        &["pairs", "includeSelectors", "includeTemplates", "fields"],
    )?;
    let mut fields = Vec::new();
    for spec in list(l.get("fields"), "Label.labels.fields", "[]types.FieldSpec")? {
        let m = strict(
            spec,
            "FieldSpec.labels.fields",
            "types.FieldSpec",
            &["path", "group", "version", "kind", "create"],
        )?;
        let s = |key: &str| string(m.get(key), &format!("FieldSpec.labels.fields.{key}"));
        fields.push(FieldSpec {
            path: s("path")?,
            group: s("group")?,
            version: s("version")?,
            kind: s("kind")?,
            create: boolean(m.get("create"), "FieldSpec.labels.fields.create")?.unwrap_or(false),
        });
    }
    Ok(LabelSet {
        fields,
        pairs: string_map(l.get("pairs"), "Label.labels.pairs")?,
        include_selectors: boolean(l.get("includeSelectors"), "Label.labels.includeSelectors")?
            .unwrap_or(false),
        include_templates: boolean(l.get("includeTemplates"), "Label.labels.includeTemplates")?
            .unwrap_or(false),
    })
}

fn image(v: &Value) -> Result<Image, String> {
    let i = strict(
        v,
        "Kustomization.images",
        "types.Image",
        &["name", "newName", "newTag", "digest", "tagSuffix"],
    )?;
    let s = |key: &str| string(i.get(key), &format!("Image.images.{key}"));
    Ok(Image {
        name: s("name")?,
        new_name: s("newName")?,
        new_tag: s("newTag")?,
        digest: s("digest")?,
    })
}

fn replica(v: &Value) -> Result<(String, i64), String> {
    let r = strict(
        v,
        "Kustomization.replicas",
        "types.Replica",
        &["name", "count"],
    )?;
    let count = match r.get("count") {
        None | Some(Value::Null) => 0,
        Some(Value::Number(n)) => n.as_i64().ok_or_else(|| format!("json: cannot unmarshal number {n} into Go struct field Replica.replicas.count of type int64"))?,
        Some(other) => return Err(type_error(other, "Replica.replicas.count", "int64")),
    };
    Ok((string(r.get("name"), "Replica.replicas.name")?, count))
}
