//! Import: recreates a real cluster from the output of
//! `kubectl get nodes,deploy,sts,ds,svc,cm,… -A -o yaml`, so people can ask
//! "what if" about their own cluster. Nodes replace the default cluster's
//! (keeping capacity, allocatable, labels and taints); everything else is
//! stripped of what the server or controllers filled in — as a backup
//! restore must — and applied with `kubectl apply`. Objects a controller
//! recreates (pods of a ReplicaSet, ReplicaSets of a Deployment, Endpoints
//! of a Service with a selector, …) are skipped, and the report says why.

use crate::Playground;
use kubeplay_model::api::Taint;
use kubeplay_model::{Kind, Object, ObjectKey, Quantity};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// Most nodes one import may create (the large-cluster views stop there).
pub const MAX_NODES: usize = 1000;
/// Most objects one import may hold, List items included.
pub const MAX_OBJECTS: usize = 10_000;

/// One object the import looked at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImportEntry {
    pub kind: String,
    pub namespace: String,
    pub name: String,
    /// What happened (kubectl's line, e.g. `deployment.apps/web created`) or why it was skipped.
    pub note: String,
}

impl ImportEntry {
    /// `kind/namespace/name`, or `kind/name` for cluster-scoped objects.
    pub fn path(&self) -> String {
        if self.namespace.is_empty() {
            format!("{}/{}", self.kind, self.name)
        } else {
            format!("{}/{}/{}", self.kind, self.namespace, self.name)
        }
    }
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ImportReport {
    pub imported: Vec<ImportEntry>,
    pub skipped: Vec<ImportEntry>,
    /// Objects the import tried to create but the API server refused.
    pub failed: Vec<ImportEntry>,
    /// The default cluster's nodes removed to make room for the imported ones.
    pub removed_nodes: Vec<String>,
}

impl ImportReport {
    /// The report as the CLI prints it.
    pub fn render(&self) -> String {
        let mut s = String::new();
        if !self.removed_nodes.is_empty() {
            s.push_str(&format!("removed the default nodes: {}\n", self.removed_nodes.join(", ")));
        }
        for (title, list) in [("imported", &self.imported), ("skipped", &self.skipped), ("failed", &self.failed)] {
            if list.is_empty() {
                continue;
            }
            s.push_str(&format!("{title} ({}):\n", list.len()));
            for e in list {
                s.push_str(&format!("  {:<60} {}\n", e.path(), e.note));
            }
        }
        s.push_str(&format!("{} imported, {} skipped, {} failed\n", self.imported.len(), self.skipped.len(), self.failed.len()));
        s
    }
}

/// Why nothing could be imported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("error: {0}")]
    Decode(String),
    #[error("error: the input holds no Kubernetes objects (expected the output of kubectl get … -o yaml)")]
    Empty,
    #[error("error: the input holds {0} objects; at most {MAX_OBJECTS} can be imported at once")]
    TooManyObjects(usize),
    #[error("error: the input holds {0} nodes; at most {MAX_NODES} can be imported")]
    TooManyNodes(usize),
}

/// Taints the node lifecycle controller and kubelet manage from
/// conditions: the imported nodes are healthy, so these would be stale.
const CONDITION_TAINTS: &[&str] = &[
    "node.kubernetes.io/not-ready",
    "node.kubernetes.io/unreachable",
    "node.kubernetes.io/unschedulable",
    "node.kubernetes.io/memory-pressure",
    "node.kubernetes.io/disk-pressure",
    "node.kubernetes.io/pid-pressure",
    "node.kubernetes.io/network-unavailable",
    "node.cloudprovider.kubernetes.io/uninitialized",
];

/// Namespaces every cluster has.
const SYSTEM_NAMESPACES: &[&str] = &["default", "kube-system", "kube-public", "kube-node-lease"];

/// One input object, parsed just enough to classify it.
struct Item {
    kind: Kind,
    value: Value,
    namespace: String,
    name: String,
}

impl Item {
    fn entry(&self, note: impl Into<String>) -> ImportEntry {
        ImportEntry { kind: self.kind.name().to_string(), namespace: self.namespace.clone(), name: self.name.clone(), note: note.into() }
    }
    fn meta(&self) -> Option<&Map<String, Value>> {
        self.value.get("metadata").and_then(Value::as_object)
    }
    fn str_at(&self, path: &[&str]) -> Option<&str> {
        path.iter().try_fold(&self.value, |v, k| v.get(*k)).and_then(Value::as_str)
    }
    /// The controlling owner: (kind, name).
    fn controller(&self) -> Option<(String, String)> {
        let refs = self.meta()?.get("ownerReferences")?.as_array()?;
        let r = refs.iter().find(|r| r.get("controller") == Some(&Value::Bool(true)))?;
        Some((r.get("kind")?.as_str()?.to_string(), r.get("name")?.as_str()?.to_string()))
    }
}

fn raw_entry(v: &Value, note: String) -> ImportEntry {
    let s = |k: &str| v.get("metadata").and_then(|m| m.get(k)).and_then(Value::as_str).unwrap_or("").to_string();
    let kind = v.get("kind").and_then(Value::as_str).unwrap_or("<no kind>").to_string();
    ImportEntry { kind, namespace: s("namespace"), name: s("name"), note }
}

/// Reads the input into objects, unwrapping `kind: List` (and `…List`) documents.
fn read(input: &str, report: &mut ImportReport) -> Result<Vec<Item>, ImportError> {
    let limits = kubeplay_codec::Limits {
        max_input_bytes: 16 << 20,
        max_documents: 1000,
        max_objects: MAX_OBJECTS,
        max_depth: 64,
        max_nodes: 4_000_000,
    };
    let mut values = Vec::new();
    for doc in kubeplay_codec::read_documents(input, &limits) {
        let doc = doc.map_err(|e| ImportError::Decode(e.to_string()))?;
        match doc.root.to_json() {
            Value::Object(mut m) if m.get("items").is_some_and(Value::is_array) && m.get("kind").and_then(Value::as_str).is_some_and(|k| k.ends_with("List")) => {
                if let Some(Value::Array(items)) = m.remove("items") {
                    values.extend(items);
                }
            }
            Value::Null => {}
            v => values.push(v),
        }
        if values.len() > MAX_OBJECTS {
            return Err(ImportError::TooManyObjects(values.len()));
        }
    }
    let mut items = Vec::new();
    for v in values {
        let (Some(kind_s), api) = (v.get("kind").and_then(Value::as_str), v.get("apiVersion").and_then(Value::as_str).unwrap_or("")) else {
            report.skipped.push(raw_entry(&v, "not a Kubernetes object: it has no kind".into()));
            continue;
        };
        let kind = match Kind::from_api_version_kind(api, kind_s) {
            Ok((k, _)) => k,
            Err(kubeplay_model::kind::KindLookupError::WrongVersion) => {
                report.skipped.push(raw_entry(&v, format!("apiVersion {api:?} of {kind_s} is not served by the playground")));
                continue;
            }
            Err(_) => {
                let note = if kind_s == "Event" || kind_s == "Lease" {
                    "history and heartbeats, not desired state".to_string()
                } else {
                    format!("the playground does not simulate {kind_s} ({api})")
                };
                report.skipped.push(raw_entry(&v, note));
                continue;
            }
        };
        let meta = v.get("metadata");
        let name = meta.and_then(|m| m.get("name")).and_then(Value::as_str).unwrap_or("").to_string();
        let namespace = if kind.info().namespaced {
            meta.and_then(|m| m.get("namespace")).and_then(Value::as_str).unwrap_or("default").to_string()
        } else {
            String::new()
        };
        if name.is_empty() {
            report.skipped.push(raw_entry(&v, "metadata.name is missing".into()));
            continue;
        }
        items.push(Item { kind, value: v, namespace, name });
    }
    if items.is_empty() && report.skipped.is_empty() {
        return Err(ImportError::Empty);
    }
    Ok(items)
}

/// Why an object is left out, or None to import it.
fn skip_reason(item: &Item, input: &BTreeSet<ObjectKey>, selector_services: &BTreeSet<(String, String)>) -> Option<String> {
    let meta = item.meta();
    if meta.is_some_and(|m| m.get("deletionTimestamp").is_some_and(|t| !t.is_null())) {
        return Some("it was being deleted".into());
    }
    if let Some((owner_kind, owner)) = item.controller() {
        if owner_kind == "Node" {
            return Some(format!("a static (mirror) pod of node {owner}: its kubelet runs it from a file"));
        }
        let known = Kind::ALL.iter().find(|k| k.name() == owner_kind);
        let ns = if known.is_some_and(|k| !k.info().namespaced) { "" } else { item.namespace.as_str() };
        // Controlled objects are never imported: a copy next to the one
        // the controller makes would be a duplicate.
        return Some(match known {
            Some(k) if input.contains(&ObjectKey::new(*k, ns, &owner)) => format!("owned by {owner_kind}/{owner}: its controller recreates it"),
            Some(_) => format!("owned by {owner_kind}/{owner}, which is not in the input: import its owner to get it back"),
            None => format!("owned by {owner_kind}/{owner}, a kind the playground does not simulate"),
        });
    }
    let managed_by = meta.and_then(|m| m.get("labels")).and_then(|l| l.get("endpointslice.kubernetes.io/managed-by")).and_then(Value::as_str);
    let service_of_slice = meta.and_then(|m| m.get("labels")).and_then(|l| l.get("kubernetes.io/service-name")).and_then(Value::as_str);
    if matches!(item.kind.name(), "Event" | "Lease") {
        return Some("history and heartbeats, not desired state".into());
    }
    if item.kind == Kind::ComponentStatus {
        return Some("the API server probes it at each read; it cannot be written".into());
    }
    match item.kind {
        Kind::Namespace if SYSTEM_NAMESPACES.contains(&item.name.as_str()) => Some("every cluster has it".into()),
        Kind::Service | Kind::Endpoints if item.namespace == "default" && item.name == "kubernetes" => Some("the API server keeps it for itself".into()),
        Kind::EndpointSlice if item.namespace == "default" && item.name == "kubernetes" => Some("the API server keeps it for itself".into()),
        Kind::Endpoints if selector_services.contains(&(item.namespace.clone(), item.name.clone())) => {
            Some(format!("the endpoints controller keeps it for Service {}", item.name))
        }
        Kind::EndpointSlice if managed_by == Some("endpointslice-controller.k8s.io") => {
            Some(format!("the EndpointSlice controller keeps it for Service {}", service_of_slice.unwrap_or("?")))
        }
        Kind::EndpointSlice if managed_by == Some("endpointslicemirroring-controller.k8s.io") => Some("mirrored from an Endpoints object by a controller".into()),
        Kind::ControllerRevision => Some("StatefulSet and DaemonSet controllers record these themselves".into()),
        Kind::ServiceAccount if item.name == "default" => Some("made in every namespace by the service account controller".into()),
        Kind::ConfigMap if item.name == "kube-root-ca.crt" => Some("published in every namespace by the root CA controller".into()),
        Kind::Secret if item.str_at(&["type"]) == Some("kubernetes.io/service-account-token") => Some("a token the token controller fills in".into()),
        _ => None,
    }
}

/// The annotations servers and controllers write (see export).
const SERVER_ANNOTATIONS: &[&str] = &[
    "kubectl.kubernetes.io/last-applied-configuration",
    "deployment.kubernetes.io/revision",
    "deployment.kubernetes.io/desired-replicas",
    "deployment.kubernetes.io/max-replicas",
    "pv.kubernetes.io/bind-completed",
    "pv.kubernetes.io/bound-by-controller",
    "volume.kubernetes.io/selected-node",
    "endpoints.kubernetes.io/last-change-trigger-time",
];

/// The object as `kubectl apply` on a fresh cluster needs it.
fn strip(item: &Item, nodes: &BTreeSet<String>, pvs: &BTreeSet<String>) -> Value {
    let mut v = item.value.clone();
    let Some(map) = v.as_object_mut() else { return v };
    map.remove("status");
    if let Some(Value::Object(meta)) = map.get_mut("metadata") {
        for f in ["uid", "resourceVersion", "creationTimestamp", "generation", "managedFields", "selfLink", "ownerReferences", "deletionTimestamp", "deletionGracePeriodSeconds", "finalizers"] {
            meta.remove(f);
        }
        if let Some(Value::Object(ann)) = meta.get_mut("annotations") {
            ann.retain(|k, _| !SERVER_ANNOTATIONS.contains(&k.as_str()));
        }
    }
    let Some(Value::Object(spec)) = map.get_mut("spec") else { return v };
    match item.kind {
        Kind::Pod if spec.get("nodeName").and_then(Value::as_str).is_some_and(|n| !nodes.contains(n)) => {
            spec.remove("nodeName");
        }
        Kind::PersistentVolumeClaim if spec.get("volumeName").and_then(Value::as_str).is_some_and(|n| !pvs.contains(n)) => {
            spec.remove("volumeName");
        }
        Kind::PersistentVolume => {
            spec.remove("claimRef");
        }
        Kind::Namespace => {
            map.remove("spec");
        }
        // The API server generates a Job's selector and template labels
        // from its uid, and refuses them when given.
        Kind::Job if spec.get("manualSelector") != Some(&Value::Bool(true)) => {
            spec.remove("selector");
            if let Some(Value::Object(labels)) = spec.get_mut("template").and_then(|t| t.get_mut("metadata")).and_then(|m| m.get_mut("labels")) {
                for l in ["controller-uid", "batch.kubernetes.io/controller-uid", "job-name", "batch.kubernetes.io/job-name"] {
                    labels.remove(l);
                }
            }
        }
        _ => {}
    }
    v
}

/// Drops a Service's assigned addresses and ports, for when they collide
/// with ones the playground already gave out or lie outside its ranges.
fn without_allocations(v: &mut Value) {
    let Some(Value::Object(spec)) = v.get_mut("spec") else { return };
    if spec.get("clusterIP").and_then(Value::as_str) != Some("None") {
        spec.remove("clusterIP");
        spec.remove("clusterIPs");
    }
    spec.remove("healthCheckNodePort");
    if let Some(Value::Array(ports)) = spec.get_mut("ports") {
        for p in ports.iter_mut().filter_map(Value::as_object_mut) {
            p.remove("nodePort");
        }
    }
}

fn quantities(v: Option<&Value>) -> BTreeMap<String, Quantity> {
    v.and_then(Value::as_object)
        .map(|m| m.iter().filter_map(|(k, q)| Some((k.clone(), Quantity::parse(q.as_str()?).ok()?))).collect())
        .unwrap_or_default()
}

/// Creates one imported node: labels, taints, capacity and allocatable as given.
fn add_node(pg: &mut Playground, item: &Item) -> Result<String, String> {
    let alloc = quantities(item.value.get("status").and_then(|s| s.get("allocatable")));
    let mut capacity = quantities(item.value.get("status").and_then(|s| s.get("capacity")));
    if capacity.is_empty() {
        capacity = alloc.clone();
    }
    let alloc = if alloc.is_empty() { capacity.clone() } else { alloc };
    let strings = |field: &str| -> BTreeMap<String, String> {
        item.meta()
            .and_then(|m| m.get(field))
            .and_then(Value::as_object)
            .map(|m| m.iter().filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string()))).collect())
            .unwrap_or_default()
    };
    let labels = strings("labels");
    // An EKS or GKE node carries its provider's annotations, not kubeadm's.
    let annotations = strings("annotations");
    let taints: Vec<Taint> = item
        .value
        .get("spec")
        .and_then(|s| s.get("taints"))
        .and_then(Value::as_array)
        .map(|ts| {
            ts.iter()
                .filter_map(|t| {
                    let key = t.get("key")?.as_str()?.to_string();
                    let effect = t.get("effect")?.as_str()?.to_string();
                    let value = t.get("value").and_then(Value::as_str).map(str::to_string);
                    (!CONDITION_TAINTS.contains(&key.as_str())).then_some(Taint { key, value, effect, time_added: None })
                })
                .collect()
        })
        .unwrap_or_default();
    let over = kubeplay_engine::sim::NodeOverrides {
        cpu: alloc.get("cpu").cloned(),
        memory: alloc.get("memory").cloned(),
        pods: alloc.get("pods").map(|p| p.value()),
        labels: labels.clone().into_iter().collect(),
        taints,
    };
    let name = pg.engine.sim_node_add_with(Some(&item.name), &over).map_err(|e| e.to_string())?;
    // Make the node exactly the imported one: its own labels (no made-up
    // zone) and every resource it reported, capacity apart from allocatable.
    let key = ObjectKey::new(Kind::Node, "", &name);
    let cordoned = item.value.get("spec").and_then(|s| s.get("unschedulable")) == Some(&Value::Bool(true));
    pg.engine.user(&format!("import node {name}"), key.clone(), |ctx| {
        let Some(Object::Node(mut n)) = ctx.get(&key).as_deref().cloned() else { return };
        for (k, v) in &labels {
            n.metadata.labels.insert(k.clone(), v.clone());
        }
        if !labels.contains_key("topology.kubernetes.io/zone") {
            n.metadata.labels.remove("topology.kubernetes.io/zone");
        }
        if cordoned {
            n.spec.unschedulable = Some(true);
        }
        n.metadata.annotations = annotations.into();
        if let Ok(updated) = ctx.update(Object::Node(n)) {
            if let Object::Node(mut n) = (*updated).clone() {
                n.status.capacity.extend(capacity);
                n.status.allocatable.extend(alloc);
                let _ = ctx.update_status(Object::Node(n));
            }
        }
        ctx.explain(format!("node {name} is imported with its labels, taints and resources"));
    });
    Ok(format!("node/{name} created"))
}

/// Kinds in the order they are applied: what others refer to first.
fn rank(kind: Kind) -> usize {
    const ORDER: &[Kind] = &[
        Kind::Namespace,
        Kind::Node,
        Kind::PriorityClass,
        Kind::StorageClass,
        Kind::PersistentVolume,
        Kind::ResourceQuota,
        Kind::LimitRange,
        Kind::ServiceAccount,
        Kind::Secret,
        Kind::ConfigMap,
        Kind::PersistentVolumeClaim,
        Kind::Service,
        Kind::Endpoints,
    ];
    ORDER.iter().position(|k| *k == kind).unwrap_or(ORDER.len())
}

/// Imports `input` into the playground; see the module comment.
pub fn import(pg: &mut Playground, input: &str) -> Result<ImportReport, ImportError> {
    let mut report = ImportReport::default();
    let mut items = read(input, &mut report)?;
    let node_count = items.iter().filter(|i| i.kind == Kind::Node).count();
    if node_count > MAX_NODES {
        return Err(ImportError::TooManyNodes(node_count));
    }
    kubeplay_model::sort::sort_by_key(&mut items, |i| rank(i.kind));
    let input_keys: BTreeSet<ObjectKey> = items.iter().map(|i| ObjectKey::new(i.kind, &i.namespace, &i.name)).collect();
    let selector_services: BTreeSet<(String, String)> = items
        .iter()
        .filter(|i| i.kind == Kind::Service && i.value.get("spec").and_then(|s| s.get("selector")).and_then(Value::as_object).is_some_and(|m| !m.is_empty()))
        .map(|i| (i.namespace.clone(), i.name.clone()))
        .collect();
    let node_names: BTreeSet<String> = items.iter().filter(|i| i.kind == Kind::Node).map(|i| i.name.clone()).collect();
    let pvs: BTreeSet<String> = items.iter().filter(|i| i.kind == Kind::PersistentVolume).map(|i| i.name.clone()).collect();

    // The imported nodes replace the default cluster's.
    if !node_names.is_empty() {
        let existing: Vec<String> = pg.engine.store().list(Kind::Node, None).map(|n| n.name().to_string()).collect();
        for n in existing {
            if pg.engine.sim_node_remove(&n).is_ok() {
                report.removed_nodes.push(n);
            }
        }
    }
    // Namespaces the objects live in, even when the input did not list them.
    let listed_ns: BTreeSet<&str> = items.iter().filter(|i| i.kind == Kind::Namespace).map(|i| i.name.as_str()).collect();
    let needed_ns: BTreeSet<String> = items.iter().map(|i| i.namespace.clone()).filter(|n| !n.is_empty() && !listed_ns.contains(n.as_str())).collect();
    for ns in needed_ns {
        if pg.engine.store().get(&ObjectKey::new(Kind::Namespace, "", &ns)).is_some() {
            continue;
        }
        let out = pg.run(&format!("kubectl create namespace {ns}"), None);
        let e = ImportEntry { kind: "Namespace".into(), namespace: String::new(), name: ns, note: String::new() };
        if out.failed {
            report.failed.push(ImportEntry { note: out.stderr.trim().to_string(), ..e });
        } else {
            report.imported.push(ImportEntry { note: "created: objects of the input live in it".into(), ..e });
        }
    }

    let mut taken_ips: BTreeSet<String> = BTreeSet::new();
    for item in &items {
        if let Some(why) = skip_reason(item, &input_keys, &selector_services) {
            report.skipped.push(item.entry(why));
            continue;
        }
        if item.kind == Kind::Node {
            match add_node(pg, item) {
                Ok(line) => report.imported.push(item.entry(line)),
                Err(e) => report.failed.push(item.entry(e)),
            }
            continue;
        }
        let mut v = strip(item, &node_names, &pvs);
        if item.kind == Kind::Service {
            let ip = item.str_at(&["spec", "clusterIP"]).unwrap_or("").to_string();
            let collides = !ip.is_empty()
                && ip != "None"
                && (taken_ips.contains(&ip) || pg.engine.store().list(Kind::Service, None).filter_map(|s| s.as_service()).any(|s| s.spec.cluster_ip.as_deref() == Some(ip.as_str()) && !(s.metadata.namespace == item.namespace && s.metadata.name == item.name)));
            if collides {
                without_allocations(&mut v);
            }
            taken_ips.insert(ip);
        }
        let mut out = pg.apply(&v.to_string());
        if out.failed && item.kind == Kind::Service {
            // The real cluster's service range or node ports may not fit
            // the playground's: let the playground allocate its own.
            without_allocations(&mut v);
            let retry = pg.apply(&v.to_string());
            if !retry.failed {
                out = CommandOutput { stdout: format!("{} (cluster IP chosen by the playground)", retry.stdout.trim()), ..retry };
            }
        }
        if out.failed && out.stderr.contains("field is immutable") {
            // The playground's own copy (the default CoreDNS, say) differs
            // where updates are refused: replace it, as `kubectl replace --force` would.
            let resource = format!("{}/{}", item.kind.info().plural, item.name);
            let ns = if item.namespace.is_empty() { String::new() } else { format!(" -n {}", item.namespace) };
            if !pg.run(&format!("kubectl delete {resource}{ns} --wait=false"), None).failed {
                // Lets the garbage collector remove the old one's children
                // before a namesake owner appears.
                pg.settle();
                let retry = pg.apply(&v.to_string());
                if !retry.failed {
                    out = CommandOutput { stdout: format!("{} (replaced the playground's own)", retry.stdout.trim().replace(" created", " replaced")), ..retry };
                }
            }
        }
        if out.failed {
            report.failed.push(item.entry(out.stderr.trim().to_string()));
        } else {
            report.imported.push(item.entry(out.stdout.trim().to_string()));
        }
    }
    Ok(report)
}

use crate::CommandOutput;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        for input in ["", "---\n", "[1, 2", "kind: List\nitems: 7\n", "a: [", "\u{0}"] {
            let mut pg = Playground::new(1);
            let _ = pg.import(input);
        }
        assert_eq!(Playground::new(1).import(""), Err(ImportError::Empty));
        assert!(matches!(Playground::new(1).import("a: ["), Err(ImportError::Decode(_))));
    }

    #[test]
    fn objects_without_kind_or_name_are_skipped_with_a_reason() {
        let mut pg = Playground::new(1);
        let r = pg.import("apiVersion: v1\nkind: List\nitems:\n- foo: 1\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {}\n- apiVersion: example.com/v1\n  kind: Widget\n  metadata: {name: w}\n").unwrap_or_default();
        let notes: Vec<&str> = r.skipped.iter().map(|e| e.note.as_str()).collect();
        assert_eq!(notes, ["not a Kubernetes object: it has no kind", "metadata.name is missing", "the playground does not simulate Widget (example.com/v1)"]);
        assert!(r.imported.is_empty());
    }

    #[test]
    fn node_limit() {
        let mut s = String::from("apiVersion: v1\nkind: List\nitems:\n");
        for i in 0..=MAX_NODES {
            s.push_str(&format!("- {{apiVersion: v1, kind: Node, metadata: {{name: n{i}}}}}\n"));
        }
        assert_eq!(Playground::new(1).import(&s), Err(ImportError::TooManyNodes(MAX_NODES + 1)));
    }
}
