//! Pasted manifests → typed objects, document by document, as `kubectl
//! apply -f` reads a multi-document file: each document (or `List` item)
//! becomes an object or a located error, and one bad document never stops
//! the others.

use crate::convert::{convert, may_change};
use crate::de;
use crate::error::{DecodeError, ErrorKind, Partial, Step, Target, TypeError, Warning};
use crate::limits::Limits;
use crate::reader::{read_documents, Document};
use crate::tree::{Node, NodeValue};
use kubeplay_model::kind::KindLookupError;
use kubeplay_model::{Kind, Object};

/// One decoded object and what the user should know about it.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodedObject {
    /// Converted to the served apiVersion of its kind.
    pub object: Object,
    /// 1-based index of the document it came from.
    pub document: usize,
    /// 1-based line where the object starts (a `List` item's own line).
    pub line: usize,
    /// The apiVersion as written (`extensions/v1beta1`).
    pub api_version: String,
    /// Deprecation first, then unknown fields in document order.
    pub warnings: Vec<Warning>,
    /// The manifest exactly as written (before conversion): what
    /// `kubectl apply` records as the last-applied configuration.
    pub raw: Node,
    /// What the API server's own JSON decoding of the object refuses
    /// though this decoder took it, in Go's words: a `[]byte` field
    /// (a Secret's `data`, a ConfigMap's `binaryData`) that is not
    /// standard base64 (`illegal base64 data at input byte 6`). The server
    /// answers such a request BadRequest, so kubectl reports it per object.
    pub server_decode_error: Option<String>,
}

/// Every object and every error, in input order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DecodeOutcome {
    pub items: Vec<Result<DecodedObject, DecodeError>>,
}

impl DecodeOutcome {
    pub fn objects(&self) -> impl Iterator<Item = &DecodedObject> {
        self.items.iter().filter_map(|i| i.as_ref().ok())
    }

    pub fn errors(&self) -> impl Iterator<Item = &DecodeError> {
        self.items.iter().filter_map(|i| i.as_ref().err())
    }

    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }
}

/// Decodes every document of a pasted manifest with the default limits.
pub fn decode_manifests(input: &str) -> DecodeOutcome {
    decode_manifests_with(input, &Limits::default())
}

/// Decodes every document of a pasted manifest.
pub fn decode_manifests_with(input: &str, limits: &Limits) -> DecodeOutcome {
    let mut out = DecodeOutcome::default();
    let mut objects = 0usize;
    let docs = read_documents(input, limits);
    // Usually one item a document: grown once, not by doubling (items are large).
    out.items.reserve(docs.len());
    for doc in docs {
        let doc = match doc {
            Ok(d) => d,
            Err(e) => {
                out.items.push(Err(e));
                continue;
            }
        };
        for item in decode_document(doc) {
            if item.is_ok() {
                if objects >= limits.max_objects {
                    out.items.push(Err(DecodeError::whole_input(ErrorKind::TooManyObjects { limit: limits.max_objects })));
                    return out;
                }
                objects += 1;
            }
            out.items.push(item);
        }
    }
    out
}

fn located(doc: usize, node: &Node, path: &str, kind: ErrorKind) -> DecodeError {
    DecodeError { document: Some(doc), line: Some(node.line), column: Some(node.column), path: path.to_string(), kind, partial: None }
}

/// The objects of one document: itself, or the items of a `List`. Takes
/// the document so its nodes are converted in place, not copied.
fn decode_document(doc: Document) -> Vec<Result<DecodedObject, DecodeError>> {
    let duplicates = doc.duplicates.clone();
    let mut items = decode_items(doc);
    // The document's repeated keys are told with its first object.
    if let Some(Ok(first)) = items.iter_mut().find(|i| i.is_ok()) {
        let notes = duplicates.into_iter().map(|d| Warning::DuplicateKey { key: d.key, line: d.line, column: d.column, first_line: d.first_line });
        first.warnings.splice(0..0, notes);
    }
    items
}

fn decode_items(doc: Document) -> Vec<Result<DecodedObject, DecodeError>> {
    let Document { index, mut root, .. } = doc;
    let (api_version, kind) = match type_info(&root, index) {
        Ok(t) => t,
        Err(e) => return vec![Err(e)],
    };
    let list_of = match (&api_version, &kind) {
        (_, Some(k)) if k == "List" => Some(None),
        (Some(v), Some(k)) => k.strip_suffix("List").and_then(|base| Kind::ALL.iter().find(|x| x.name() == base)).map(|k| Some((v.clone(), k.name()))),
        _ => None,
    };
    let Some(inherit) = list_of else {
        return vec![decode_object(root, index, None, false)];
    };
    let items = match root.remove("items") {
        None => return Vec::new(),
        Some(items) => items.value,
    };
    match items.value {
        NodeValue::Null => Vec::new(),
        NodeValue::Seq(items) => items
            .into_iter()
            .map(|item| decode_object(item, index, inherit.as_ref().map(|(v, k)| (v.as_str(), *k)), true))
            .collect(),
        _ => vec![Err(located(
            index,
            &items,
            "items",
            ErrorKind::TypeMismatch { expected: "list".into(), got: items.describe() },
        ))],
    }
}

/// `apiVersion` and `kind` of an object node (absent, null and empty are all
/// "not set", as kubectl's validation says).
fn type_info(node: &Node, doc: usize) -> Result<(Option<String>, Option<String>), DecodeError> {
    if !matches!(node.value, NodeValue::Map(_)) {
        let got = match node.value {
            NodeValue::Seq(_) => "list",
            NodeValue::Str(_) => "string",
            NodeValue::Bool(_) => "boolean",
            NodeValue::Int(_) | NodeValue::Uint(_) | NodeValue::Float(_) => "number",
            _ => "null",
        };
        return Err(located(doc, node, "", ErrorKind::NotAnObject { got }));
    }
    let field = |key: &str| -> Result<Option<String>, DecodeError> {
        match node.get(key) {
            None => Ok(None),
            Some(n) => match &n.value {
                NodeValue::Null => Ok(None),
                NodeValue::Str(s) if s.is_empty() => Ok(None),
                NodeValue::Str(s) => Ok(Some(s.clone())),
                _ => Err(located(doc, n, key, ErrorKind::TypeMismatch { expected: "string".into(), got: n.describe() })),
            },
        }
    };
    Ok((field("apiVersion")?, field("kind")?))
}

/// `list_item`: one of a List's `items` (`inherit`: the apiVersion and kind
/// a typed list like `PodList` gives items that leave them out).
fn decode_object(mut node: Node, doc: usize, inherit: Option<(&str, &str)>, list_item: bool) -> Result<DecodedObject, DecodeError> {
    let (api_version, kind) = type_info(&node, doc)?;
    let (api_version, kind) = match (api_version, kind, inherit) {
        (Some(v), Some(k), _) => (v, k),
        (v, k, Some((iv, ik))) => (v.unwrap_or_else(|| iv.to_string()), k.unwrap_or_else(|| ik.to_string())),
        (v, k, None) => return Err(located(doc, &node, "", ErrorKind::MissingTypeInfo { api_version: v.is_none(), kind: k.is_none() })),
    };
    if kind == "List" {
        return Err(located(doc, &node, "", ErrorKind::NestedList));
    }
    let at = |key: &str| node.get(key).unwrap_or(&node);
    let target = || {
        if list_item {
            return Target::ListItem;
        }
        let meta = |key: &str| match node.get("metadata").and_then(|m| m.get(key)).map(|n| &n.value) {
            Some(NodeValue::Str(s)) => s.clone(),
            _ => String::new(),
        };
        Target::Document { name: meta("name"), namespace: meta("namespace") }
    };
    // events.k8s.io/v1 writes the core Event, converted (`api::events_v1`);
    // the command then reads Events in that group's shape (kubectl checks
    // the create with the group's own rules).
    let events_v1 = kind == "Event" && api_version == kubeplay_model::api::events_v1::API_VERSION;
    if events_v1 {
        kubeplay_model::api::events_v1::request();
    }
    let lookup = if events_v1 { Ok((Kind::Event, kubeplay_model::kind::ApiVersionStatus::Current)) } else { Kind::from_api_version_kind(&api_version, &kind) };
    let (k, status) = lookup.map_err(|e| match e {
        KindLookupError::UnknownKind => located(doc, at("kind"), "", ErrorKind::UnknownKind { api_version: api_version.clone(), kind: kind.clone(), target: target() }),
        KindLookupError::WrongVersion => {
            let custom = || {
                let (group, _) = api_version.rsplit_once('/').unwrap_or_default();
                let served = kubeplay_model::custom_kind::served();
                let s = served.iter().find(|s| s.group == group && s.kind.name() == kind)?;
                s.versions.first().map(|v| format!("{group}/{v}"))
            };
            let served = Kind::ALL.iter().find(|x| x.name() == kind).map(|x| x.info().api_version()).or_else(custom).unwrap_or_default();
            located(doc, at("apiVersion"), "", ErrorKind::WrongVersion { api_version: api_version.clone(), kind: kind.clone(), served, target: target() })
        }
    })?;
    // The manifest as written: copied before a conversion edits the node
    // in place, otherwise taken apart once the object is decoded from it.
    let raw_before = may_change(k, &api_version, &node).then(|| node.clone());
    let (line, column) = (node.line, node.column);
    let mut warnings = Vec::new();
    #[cfg(debug_assertions)]
    let unconverted = raw_before.is_none().then(|| node.clone());
    convert(k, &api_version, status, &mut node, &mut warnings);
    #[cfg(debug_assertions)]
    if let Some(n) = unconverted {
        assert!(n == node, "convert changed a {k:?} {api_version} that may_change said it would not");
    }
    let located_error = |e: de::DeError| {
        let (line, column, path) = match e.at {
            Some(at) => (at.line, at.column, at.path),
            None => (line, column, String::new()),
        };
        DecodeError { document: Some(doc), line: Some(line), column: Some(column), path, kind: e.kind, partial: None }
    };
    // A value of the wrong type is decoded again without it, as Go's
    // decoder goes on past such a value (the first one is the error), so
    // the object still names itself and its request.
    let mut refused: Option<(DecodeError, TypeError)> = None;
    let mut without: Option<Node> = None;
    let mut tries = 0;
    let (mut object, unknown) = loop {
        tries += 1;
        let e = match de::decode_with(without.as_ref().unwrap_or(&node), true, |d| Object::deserialize_kind(k, d)) {
            Ok(decoded) => break decoded,
            Err(e) => e,
        };
        let retry = matches!(e.kind, ErrorKind::TypeMismatch { .. } | ErrorKind::OutOfRange { .. }) && e.at.is_some();
        let (steps, value) = match (&e.at, retry) {
            (Some(at), true) => (at.steps.clone(), at.value.clone()),
            // Any other error stops the decode; the first wrong value, if
            // any, is still what the reader is told.
            _ => return Err(refused.map_or_else(|| located_error(e), |(first, _)| first)),
        };
        let scalar = e.scalar;
        // A bound on the retries: each nulls a value, and a document has
        // few wrong ones (a value found again would loop).
        let nulled = tries <= 64 && null_at(without.get_or_insert_with(|| node.clone()), &steps);
        let error = located_error(e);
        if !nulled {
            return Err(refused.map_or(error, |(first, _)| first));
        }
        refused.get_or_insert((error, TypeError { steps, value, scalar }));
    };
    // A custom resource is written through the version its manifest names.
    if let Object::Custom(c) = &mut object {
        c.api_version.clone_from(&api_version);
    }
    warnings.extend(unknown);
    crate::subtrees::check(k, &node, &mut warnings);
    // Unknown fields in document order, as the typed decoder found them.
    kubeplay_model::sort::sort_by_key(&mut warnings, |w| match w {
        Warning::DuplicateKey { .. } | Warning::Deprecated { .. } => (0, 0, 0),
        Warning::UnknownField { line, column, .. } => (1, *line, *column),
    });
    let raw = raw_before.unwrap_or(node);
    let server_decode_error = decode_bytes(&mut object).err().or_else(|| micro_times(&object, &raw));
    let decoded = DecodedObject { object, document: doc, line, api_version, warnings, raw, server_decode_error };
    match refused {
        None => Ok(decoded),
        Some((mut e, error)) => {
            e.partial = Some(Box::new(Partial { decoded, error }));
            Err(e)
        }
    }
}

/// Sets the node at `steps` to null; false when there is no such node.
fn null_at(node: &mut Node, steps: &[Step]) -> bool {
    let Some((first, rest)) = steps.split_first() else {
        node.value = NodeValue::Null;
        return true;
    };
    let child = match (first, &mut node.value) {
        (Step::Field(k) | Step::Key(k), NodeValue::Map(entries)) => entries.iter_mut().find(|e| e.key == *k).map(|e| &mut e.value),
        (Step::Index(i), NodeValue::Seq(items)) => items.get_mut(*i),
        _ => None,
    };
    child.is_some_and(|c| null_at(c, rest))
}

/// Go's decoding of `[]byte` fields (a Secret's `data`, a ConfigMap's
/// `binaryData`, a CertificateSigningRequest's request and certificate): the first value, in the sorted key order kubectl sends
/// maps in, that is not padded standard base64 is the error; else each
/// value becomes what the server encodes its bytes back to (line breaks
/// gone).
fn decode_bytes(object: &mut Object) -> Result<(), String> {
    let values: Vec<&mut String> = match object {
        Object::Secret(s) => s.data.values_mut().collect(),
        Object::ConfigMap(c) => c.binary_data.values_mut().collect(),
        Object::CertificateSigningRequest(c) => vec![&mut c.spec.request, &mut c.status.certificate],
        _ => return Ok(()),
    };
    for v in values {
        let canonical = kubeplay_model::base64::encode(&kubeplay_model::base64::decode_strict(v)?);
        if *v != canonical {
            *v = canonical;
        }
    }
    Ok(())
}

/// Go's decoding of a Lease's `metav1.MicroTime`s, which demands the six
/// fractional digits this decoder let pass (the server refuses the
/// object; the typed decoder already refused what is no time at all).
fn micro_times(object: &Object, raw: &Node) -> Option<String> {
    let Object::Lease(_) = object else { return None };
    let spec = raw.get("spec")?;
    ["acquireTime", "renewTime"].iter().find_map(|f| kubeplay_model::api::MicroTime::parse(spec.get(f)?.as_str()?).err())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NGINX: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.7.9
        ports:
        - containerPort: 80
";

    fn only_error(input: &str) -> DecodeError {
        let out = decode_manifests(input);
        let errors: Vec<_> = out.errors().cloned().collect();
        assert_eq!(errors.len(), 1, "{out:?}");
        errors[0].clone()
    }

    #[test]
    fn decodes_the_default_example() {
        let out = decode_manifests(NGINX);
        let objs: Vec<_> = out.objects().collect();
        assert_eq!(objs.len(), 1, "{out:?}");
        let d = objs[0].object.as_deployment().unwrap();
        assert_eq!(d.metadata.name, "nginx-deployment");
        assert_eq!(d.spec.replicas, Some(3));
        assert_eq!(d.spec.template.spec.containers[0].ports[0].container_port, 80);
        assert!(objs[0].warnings.is_empty());
        assert_eq!((objs[0].document, objs[0].line), (1, 1));
        assert_eq!(objs[0].raw.to_json()["spec"]["replicas"], 3);
    }

    /// A value of the wrong type is still an error for every reader, but
    /// carries the object decoded without it (Go's decoder goes on past
    /// such a value and reports the first), and where the value is.
    #[test]
    fn wrong_types_carry_the_object_without_them() {
        let input = NGINX.replace("replicas: 3", "replicas: \"3\"").replace("containerPort: 80", "containerPort: [80]");
        let e = only_error(&input);
        assert_eq!(e.to_string(), "document 1, line 8, column 13: spec.replicas: expected integer, got string \"3\"");
        let partial = e.partial.expect("the object without the values");
        let d = partial.decoded.object.as_deployment().unwrap();
        assert_eq!((d.metadata.name.as_str(), d.spec.replicas), ("nginx-deployment", None));
        assert_eq!(d.spec.template.spec.containers[0].ports[0].container_port, 0);
        assert_eq!(partial.error.steps, [Step::Field("spec".into()), Step::Field("replicas".into())]);
        assert_eq!(partial.error.value, crate::JsonValue::String);
        assert_eq!(partial.error.scalar, Some("int32"));
        // The manifest as written is what apply records and patches with.
        assert_eq!(partial.decoded.raw.to_json()["spec"]["replicas"], "3");
        // Other errors carry nothing.
        assert!(only_error(&NGINX.replace("replicas: 3", "replicas: 3\n  bogus: [")).partial.is_none());
        assert!(only_error(&NGINX.replace("        ports:", "        resources: {limits: {cpu: abc}}\n        ports:")).partial.is_none());
    }

    #[test]
    fn the_brief_example_error() {
        let input = format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n---\n{}", NGINX.replace("replicas: 3", "replicas: three"));
        let out = decode_manifests(&input);
        assert_eq!(out.objects().count(), 1);
        let e = out.errors().next().unwrap();
        assert_eq!(e.to_string(), "document 2, line 13, column 13: spec.replicas: expected integer, got string \"three\"");
    }

    #[test]
    fn one_bad_document_does_not_stop_the_others() {
        let input = "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\nkind: Foo\napiVersion: v1\n---\nmetadata: {name: x}\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: b}\n";
        let out = decode_manifests(input);
        let shape: Vec<_> = out.items.iter().map(|i| i.as_ref().map(|o| o.object.name().to_string()).map_err(|e| e.to_string())).collect();
        assert_eq!(
            shape,
            vec![
                Ok("a".to_string()),
                Err("document 2, line 5, column 7: no matches for kind \"Foo\" in version \"v1\"".to_string()),
                Err("document 3, line 8, column 1: error validating data: [apiVersion not set, kind not set]".to_string()),
                Ok("b".to_string()),
            ]
        );
    }

    #[test]
    fn missing_type_information() {
        let e = only_error("apiVersion: v1\nmetadata:\n  name: x\n");
        assert_eq!(e.kind.to_string(), "error validating data: kind not set");
        let e = only_error("kind: Pod\nmetadata:\n  name: x\n");
        assert_eq!(e.kind.to_string(), "error validating data: apiVersion not set");
        let e = only_error("apiVersion: \"\"\nkind: Pod\n");
        assert_eq!(e.kind.to_string(), "error validating data: apiVersion not set");
    }

    // mapper.go names a document's object as written (no namespace
    // defaulted yet); a List's items go through infoForObject, which does not.
    #[test]
    fn mapping_failures_carry_the_object_they_were_mapping() {
        let cases: &[(&str, Option<Target>)] = &[
            ("apiVersion: v1\nkind: Deployment\nmetadata: {name: x, namespace: dev}\n", Some(Target::Document { name: "x".into(), namespace: "dev".into() })),
            ("apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: c}\n", Some(Target::Document { name: "c".into(), namespace: String::new() })),
            ("apiVersion: a.b/v1\nkind: Foo\n", Some(Target::Document { name: String::new(), namespace: String::new() })),
            ("apiVersion: v1\nkind: List\nitems:\n- apiVersion: a.b/v1\n  kind: Foo\n  metadata: {name: f}\n", Some(Target::ListItem)),
            ("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: 3\n", None),
        ];
        for (input, want) in cases {
            assert_eq!(only_error(input).mapping_target(), want.as_ref(), "{input}");
        }
    }

    #[test]
    fn wrong_version_names_the_served_one_in_the_hint() {
        let e = only_error("apiVersion: v1\nkind: Deployment\nmetadata: {name: x}\n");
        assert_eq!(e.to_string(), "document 1, line 1, column 13: no matches for kind \"Deployment\" in version \"v1\"");
        assert_eq!(e.hint().as_deref(), Some("Deployment is served as apiVersion \"apps/v1\""));
        let e = only_error("apiVersion: apps/v1\nkind: Deploymnet\n");
        assert_eq!(e.hint().as_deref(), Some("did you mean kind \"Deployment\"?"));
    }

    #[test]
    fn a_kind_only_real_clusters_serve_gets_the_unknown_kind_error_and_says_so() {
        let e = only_error("apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata: {name: x}\n");
        assert_eq!(e.to_string(), "document 1, line 2, column 7: no matches for kind \"CSIDriver\" in version \"storage.k8s.io/v1\"");
        assert_eq!(e.hint().as_deref(), Some("a real cluster serves CSIDriver as storage.k8s.io/v1; the simulated cluster does not model it"));
        // A version real clusters no longer serve still gets the note, which names the one they do.
        let e = only_error("apiVersion: storage.k8s.io/v1beta1\nkind: CSIStorageCapacity\n");
        assert_eq!(e.hint().as_deref(), Some("a real cluster serves CSIStorageCapacity as storage.k8s.io/v1; the simulated cluster does not model it"));
    }

    #[test]
    fn lists_yaml_and_json() {
        let yaml = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n- apiVersion: v1\n  kind: Namespace\n  metadata: {name: b}\n";
        let json = r#"{"apiVersion": "v1", "kind": "List", "items": [
  {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}},
  {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "b"}}]}"#;
        for (input, lines) in [(yaml, [4, 7]), (json, [2, 3])] {
            let out = decode_manifests(input);
            let got: Vec<_> = out.objects().map(|o| (o.object.kind(), o.object.name().to_string(), o.document, o.line)).collect();
            assert_eq!(got, vec![(Kind::ConfigMap, "a".into(), 1, lines[0]), (Kind::Namespace, "b".into(), 1, lines[1])], "{input}");
        }
    }

    #[test]
    fn typed_lists_lend_their_kind_to_items() {
        let out = decode_manifests("apiVersion: v1\nkind: PodList\nitems:\n- metadata: {name: p}\n");
        let o = out.objects().next().expect("an object");
        assert_eq!((o.object.kind(), o.object.name()), (Kind::Pod, "p"));
    }

    #[test]
    fn a_bad_list_item_spoils_only_itself() {
        let out = decode_manifests("apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Nope\n- apiVersion: v1\n  kind: Namespace\n  metadata: {name: b}\n- 5\n");
        assert_eq!(out.objects().count(), 1);
        assert_eq!(out.errors().count(), 2);
    }

    /// Versions removed before v1.32 are not served: the mapper's "no
    /// matches" (what kubectl prints for them), with the playground's hint
    /// saying when the version went and what to write.
    #[test]
    fn removed_versions_are_not_served() {
        let table = [
            ("extensions/v1beta1", "Deployment", "extensions/v1beta1 was removed in Kubernetes v1.16; Deployment is served as apiVersion \"apps/v1\""),
            ("batch/v1beta1", "CronJob", "batch/v1beta1 was removed in Kubernetes v1.25; CronJob is served as apiVersion \"batch/v1\""),
            ("autoscaling/v2beta2", "HorizontalPodAutoscaler", "autoscaling/v2beta2 was removed in Kubernetes v1.26; HorizontalPodAutoscaler is served as apiVersion \"autoscaling/v2\""),
            ("policy/v1beta1", "PodDisruptionBudget", "policy/v1beta1 was removed in Kubernetes v1.25; PodDisruptionBudget is served as apiVersion \"policy/v1\""),
            ("batch/v2alpha1", "CronJob", "CronJob is served as apiVersion \"batch/v1\""),
        ];
        for (version, kind, hint) in table {
            let e = only_error(&format!("apiVersion: {version}\nkind: {kind}\nmetadata:\n  name: web\n"));
            assert_eq!(e.kind.to_string(), format!("no matches for kind \"{kind}\" in version \"{version}\""));
            assert_eq!(e.hint().as_deref(), Some(hint), "{version}");
        }
    }

    #[test]
    fn hpa_v1_target_cpu_becomes_a_v2_metric() {
        let input = "apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n  minReplicas: 1\n  maxReplicas: 10\n  targetCPUUtilizationPercentage: 50\n";
        let out = decode_manifests(input);
        let o = out.objects().next().expect("decoded");
        assert!(o.warnings.is_empty(), "{:?}", o.warnings);
        let spec = &o.object.to_json()["spec"];
        assert_eq!(
            spec["metrics"],
            serde_json::json!([{"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 50}}}])
        );
        assert!(spec.get("targetCPUUtilizationPercentage").is_none());
    }

    #[test]
    fn v1_only_fields_are_unknown_in_v2() {
        let out = decode_manifests("apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\nspec:\n  maxReplicas: 3\n  targetCPUUtilizationPercentage: 50\n");
        let o = out.objects().next().expect("decoded");
        assert_eq!(o.warnings.iter().map(ToString::to_string).collect::<Vec<_>>(), ["unknown field \"spec.targetCPUUtilizationPercentage\""]);
        assert!(o.object.to_json()["spec"].get("targetCPUUtilizationPercentage").is_none());
    }

    #[test]
    fn not_an_object() {
        assert_eq!(only_error("- a\n- b\n").kind.to_string(), "cannot decode a list as an object: a manifest must be a map with apiVersion and kind");
        assert_eq!(only_error("kind: 5\napiVersion: v1\n").to_string(), "document 1, line 1, column 7: kind: expected string, got integer 5");
    }

    #[test]
    fn object_limit() {
        let limits = Limits { max_objects: 2, ..Limits::default() };
        let input = "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: Namespace, metadata: {name: a}}\n- {apiVersion: v1, kind: Namespace, metadata: {name: b}}\n- {apiVersion: v1, kind: Namespace, metadata: {name: c}}\n";
        let out = decode_manifests_with(input, &limits);
        assert_eq!(out.objects().count(), 2);
        assert!(matches!(out.errors().next().unwrap().kind, ErrorKind::TooManyObjects { limit: 2 }));
    }
}
