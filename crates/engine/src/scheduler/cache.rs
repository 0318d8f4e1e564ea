//! The scheduler's cache of the cluster, kept in step with the store from
//! the change feed (as kube-scheduler's informers keep its cache): one
//! [`NodeInfo`] per node with running sums of what its pods request, their
//! host ports, label groups and affinity counts, so a scheduling cycle
//! reads aggregates instead of walking every pod.
//!
//! Everything here is persistent (imbl maps, `Arc`s), so cloning the world
//! for time travel stays O(1).

use super::domain_ids::{DomainIds, DomainRefs};
use super::resources::{pod_requests_both, Resources};
use imbl::OrdMap;
use kubeplay_apiserver::Store;
use kubeplay_model::api::{Node, Pod, PodAffinityTerm};
use kubeplay_model::selector::{Operator, Requirement, Selector};
use kubeplay_model::shared::Shared;
use kubeplay_model::{hashed, Atom, Kind, Object, ObjectKey, SharedStr};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, LazyLock};

static EMPTY_POD: LazyLock<Pod> = LazyLock::new(Pod::default);
static EMPTY_NODE: LazyLock<Node> = LazyLock::new(Node::default);

/// A host port a pod asks for: (hostIP, protocol, port). An empty or
/// `0.0.0.0` hostIP means every address.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HostPort {
    pub ip: String,
    pub protocol: String,
    pub port: i32,
}

impl HostPort {
    /// Whether two host port claims collide (upstream `HostPortInfo.CheckConflict`).
    pub fn conflicts(&self, other: &HostPort) -> bool {
        let wild = |ip: &str| ip.is_empty() || ip == "0.0.0.0";
        self.port == other.port && self.protocol == other.protocol && (wild(&self.ip) || wild(&other.ip) || self.ip == other.ip)
    }
}

/// One pod-(anti-)affinity term, parsed (upstream `framework.AffinityTerm`).
/// Ordered so identical terms of many pods share one index entry.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct AffinityTerm {
    /// None: a nil labelSelector, which matches no pod.
    pub selector: Option<Selector>,
    pub namespaces: BTreeSet<String>,
    /// None: no namespaceSelector; `Some(empty)` selects every namespace.
    pub namespace_selector: Option<Selector>,
    pub topology_key: String,
}

impl AffinityTerm {
    /// Builds a term owned by a pod in `owner_ns` with labels `owner_labels`
    /// (matchLabelKeys / mismatchLabelKeys take their values from them).
    pub fn parse(t: &PodAffinityTerm, owner_ns: &str, owner_labels: &BTreeMap<String, String>) -> Result<AffinityTerm, String> {
        let selector = match &t.label_selector {
            None => None,
            Some(ls) => {
                let mut s = ls.to_selector().map_err(|e| e.to_string())?;
                for k in &t.match_label_keys {
                    if let Some(v) = owner_labels.get(k) {
                        s.add(Requirement { key: k.clone(), operator: Operator::In, values: vec![v.clone()] });
                    }
                }
                for k in &t.mismatch_label_keys {
                    if let Some(v) = owner_labels.get(k) {
                        s.add(Requirement { key: k.clone(), operator: Operator::NotIn, values: vec![v.clone()] });
                    }
                }
                Some(s)
            }
        };
        let namespace_selector = match &t.namespace_selector {
            None => None,
            Some(ls) => Some(ls.to_selector().map_err(|e| e.to_string())?),
        };
        let mut namespaces: BTreeSet<String> = t.namespaces.iter().cloned().collect();
        if namespaces.is_empty() && namespace_selector.is_none() {
            namespaces.insert(owner_ns.to_string());
        }
        Ok(AffinityTerm { selector, namespaces, namespace_selector, topology_key: t.topology_key.clone() })
    }

    /// Whether a pod in `ns` with `labels` is selected by this term.
    /// `ns_labels` looks up a namespace's labels for the namespaceSelector.
    pub fn matches(&self, ns: &str, labels: &BTreeMap<String, String>, ns_labels: &dyn Fn(&str) -> Option<Arc<Object>>) -> bool {
        let Some(sel) = &self.selector else { return false };
        self.namespace_matches(ns, ns_labels) && sel.matches(labels)
    }

    pub fn namespace_matches(&self, ns: &str, ns_labels: &dyn Fn(&str) -> Option<Arc<Object>>) -> bool {
        if self.namespaces.contains(ns) {
            return true;
        }
        match &self.namespace_selector {
            None => false,
            Some(s) if s.is_empty() => true,
            Some(s) => ns_labels(ns).is_some_and(|o| s.matches(&o.meta().labels)),
        }
    }
}

/// A pod's parsed inter-pod affinity.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PodAffinityInfo {
    pub required_affinity: Vec<AffinityTerm>,
    pub required_anti_affinity: Vec<AffinityTerm>,
    pub preferred_affinity: Vec<(i32, AffinityTerm)>,
    pub preferred_anti_affinity: Vec<(i32, AffinityTerm)>,
}

thread_local! {
    static NO_AFFINITY: Arc<PodAffinityInfo> = Arc::new(PodAffinityInfo::default());
}

impl PodAffinityInfo {
    pub fn is_empty(&self) -> bool {
        self.required_affinity.is_empty() && self.required_anti_affinity.is_empty() && self.preferred_affinity.is_empty() && self.preferred_anti_affinity.is_empty()
    }

    /// Parses a pod's terms; the first invalid one is an error naming it as
    /// upstream does (`requiredAffinityTerms`, ...).
    pub fn parse(pod: &Pod) -> Result<PodAffinityInfo, String> {
        let mut info = PodAffinityInfo::default();
        let Some(a) = &pod.spec.affinity else { return Ok(info) };
        let ns = &pod.metadata.namespace;
        let labels = &pod.metadata.labels;
        let parse = |t: &PodAffinityTerm, what: &str| AffinityTerm::parse(t, ns, labels).map_err(|e| format!("{what}: {e}"));
        if let Some(pa) = &a.pod_affinity {
            for t in &pa.required_during_scheduling_ignored_during_execution {
                info.required_affinity.push(parse(t, "requiredAffinityTerms")?);
            }
            for w in &pa.preferred_during_scheduling_ignored_during_execution {
                info.preferred_affinity.push((w.weight, parse(&w.pod_affinity_term, "preferredAffinityTerms")?));
            }
        }
        if let Some(pa) = &a.pod_anti_affinity {
            for t in &pa.required_during_scheduling_ignored_during_execution {
                info.required_anti_affinity.push(parse(t, "requiredAntiAffinityTerms")?);
            }
            for w in &pa.preferred_during_scheduling_ignored_during_execution {
                info.preferred_anti_affinity.push((w.weight, parse(&w.pod_affinity_term, "preferredAntiAffinityTerms")?));
            }
        }
        Ok(info)
    }
}

/// Pods with the same namespace, labels and terminating flag are
/// interchangeable for every label-selector count (topology spread,
/// inter-pod affinity), so nodes count pods per group.
///
/// Groups key maps searched on every bind (the groups' nodes, each
/// domain's and each node's counts): ordered by a hash of the fields
/// first, a search compares numbers where comparing label maps read a
/// dozen texts. Every walk of such a map only sums counts, so the hash
/// order changes no result.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct GroupKey {
    // Field order is the order; private, so only `new` makes one and the
    // hash always matches the fields (which nothing changes afterwards:
    // keys are shared behind `Arc`s).
    hash: u64,
    pub namespace: Atom,
    /// The pods' own map, shared (a `PodInfo` is made for every cycle
    /// and every bind).
    pub labels: Shared<BTreeMap<String, String>>,
    pub terminating: bool,
}

impl GroupKey {
    pub fn new(namespace: Atom, labels: Shared<BTreeMap<String, String>>, terminating: bool) -> GroupKey {
        let mix = |h: u64, x: u64| (h.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
        let mut h = mix(hashed::hash(namespace.as_str()), terminating as u64);
        for (k, v) in labels.iter() {
            h = mix(mix(h, hashed::hash(k)), hashed::hash(v));
        }
        GroupKey { hash: h, namespace, labels, terminating }
    }

    /// Whether this group's pods count for a selector: in a namespace
    /// `ns_ok` accepts, matching `sel`, and not terminating unless
    /// `with_terminating`.
    pub fn matches(&self, ns_ok: impl Fn(&str) -> bool, sel: &Selector, with_terminating: bool) -> bool {
        (with_terminating || !self.terminating) && ns_ok(&self.namespace) && sel.matches(&self.labels)
    }
}

/// What the scheduler precomputes about a pod.
#[derive(Clone, Debug)]
pub struct PodInfo {
    pub key: ObjectKey,
    pub obj: Arc<Object>,
    pub request: Resources,
    /// cpu (milli) and memory with upstream's defaults for missing requests.
    pub non_zero: (i64, i64),
    pub host_ports: Vec<HostPort>,
    pub priority: i32,
    pub affinity: Arc<PodAffinityInfo>,
    pub group: Arc<GroupKey>,
}

impl PodInfo {
    pub fn new(obj: Arc<Object>) -> PodInfo {
        let key = obj.key();
        // Not a fresh default: its spec is a large allocation, and glibc
        // consolidates its free lists before each of those.
        let pod = obj.as_pod().unwrap_or(&EMPTY_POD);
        let (request, nz) = pod_requests_both(&pod.spec);
        let mut host_ports = Vec::new();
        for c in &pod.spec.containers {
            for p in &c.ports {
                if let Some(hp) = p.host_port.filter(|h| *h > 0) {
                    host_ports.push(HostPort {
                        ip: p.host_ip.clone().unwrap_or_default(),
                        protocol: p.protocol.clone().unwrap_or_else(|| "TCP".into()),
                        port: hp,
                    });
                }
            }
        }
        // Invalid terms of a pod already admitted match nothing rather than
        // failing every other pod's cycle.
        let affinity = PodAffinityInfo::parse(pod).unwrap_or_default();
        // Most pods have no terms: they share one empty record.
        let affinity = if affinity.is_empty() { NO_AFFINITY.with(Arc::clone) } else { Arc::new(affinity) };
        let group = Arc::new(GroupKey::new(pod.metadata.namespace.clone(), pod.metadata.labels.clone(), pod.metadata.deletion_timestamp.is_some()));
        PodInfo { key, request, non_zero: (nz.milli_cpu, nz.memory), host_ports, priority: pod.spec.priority.unwrap_or(0), affinity, group, obj }
    }

    pub fn pod(&self) -> &Pod {
        self.obj.as_pod().unwrap_or(&EMPTY_POD)
    }

    /// Hands back its object, keeping the facts (an empty object stands
    /// in): the caller may then own the pod alone, to bind it without
    /// copying it, and give the facts to [`Cache::bind_pod`].
    pub fn detach(&mut self) -> Arc<Object> {
        thread_local! {
            static NO_OBJECT: Arc<Object> = Arc::new(Object::Pod(Box::default()));
        }
        std::mem::replace(&mut self.obj, NO_OBJECT.with(Arc::clone))
    }

    /// Whether everything derived from the pod is the same in both
    /// (the object aside).
    pub fn same_facts(&self, o: &PodInfo) -> bool {
        self.key == o.key
            && self.request == o.request
            && self.non_zero == o.non_zero
            && self.host_ports == o.host_ports
            && self.priority == o.priority
            && self.affinity == o.affinity
            && self.group == o.group
    }

    pub fn name(&self) -> &str {
        &self.key.name
    }
    pub fn namespace(&self) -> &str {
        &self.key.namespace
    }
    pub fn labels(&self) -> &BTreeMap<String, String> {
        &self.group.labels
    }
}

/// Reading one label by key, from a node's labels as stored or from
/// [`NodeLabels`].
pub trait LabelLookup {
    fn label(&self, key: &str) -> Option<&str>;
}

impl LabelLookup for BTreeMap<String, String> {
    fn label(&self, key: &str) -> Option<&str> {
        self.get(key).map(String::as_str)
    }
}

/// A node's labels for the lookups filters and scores make on every node
/// of every cycle. A `BTreeMap` lookup compares the key with several
/// others byte by byte (label keys share long prefixes such as
/// `kubernetes.io/`); here only keys of the same length are compared, and
/// a node's few keys rarely share one. Keys and values sit back to back
/// in one string: a lookup reads a cache line or two, where a string per
/// key and value cost a miss each on every node examined.
#[derive(Clone, Debug, Default)]
pub struct NodeLabels {
    text: Arc<str>,
    /// Per label, in key order: where its key and its value end in `text`.
    ends: Arc<[(u32, u32)]>,
}

impl NodeLabels {
    pub fn of(labels: &BTreeMap<String, String>) -> NodeLabels {
        let mut text = String::new();
        let mut ends = Vec::with_capacity(labels.len());
        for (k, v) in labels {
            text.push_str(k);
            let key_end = text.len() as u32;
            text.push_str(v);
            ends.push((key_end, text.len() as u32));
        }
        NodeLabels { text: text.into(), ends: ends.into() }
    }
}

/// The value under `key` in a short list, comparing only keys of its
/// length.
fn find_by_len<'a, V>(entries: &'a [(Box<str>, V)], key: &str) -> Option<&'a V> {
    entries.iter().find(|(k, _)| k.len() == key.len() && **k == *key).map(|(_, v)| v)
}

impl LabelLookup for NodeLabels {
    fn label(&self, key: &str) -> Option<&str> {
        let mut start = 0;
        for &(key_end, value_end) in self.ends.iter() {
            let (key_end, value_end) = (key_end as usize, value_end as usize);
            if key_end - start == key.len() && self.text.as_bytes()[start..key_end] == *key.as_bytes() {
                return self.text.get(key_end..value_end);
            }
            start = value_end;
        }
        None
    }
}

impl LabelLookup for NodeInfo {
    fn label(&self, key: &str) -> Option<&str> {
        self.label_index.label(key)
    }
}

/// A node's images by name with their sizes, in name order. ImageLocality
/// looks the pod's images up on every scored node of every cycle; as with
/// [`NodeLabels`], only names of the same length are compared.
#[derive(Clone, Debug, Default)]
pub struct NodeImages(Arc<[(Box<str>, i64)]>);

impl NodeImages {
    pub fn get(&self, name: &str) -> Option<i64> {
        find_by_len(&self.0, name).copied()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.0.iter().map(|(n, _)| &**n)
    }

    /// Each name with its size, in name order.
    pub fn entries(&self) -> impl Iterator<Item = (&str, i64)> + '_ {
        self.0.iter().map(|(n, s)| (&**n, *s))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Everything the scheduler knows about one node.
///
/// In declaration order (`repr(C)`), the fields every filter and score
/// reads for every node examined come first, so they share the cache
/// lines of the `Arc` header that cloning the node touches anyway: with
/// thousands of nodes, each line a cycle reads is a miss.
#[derive(Clone, Debug, Default)]
#[repr(C)]
pub struct NodeInfo {
    /// `spec.unschedulable`, and whether `spec.taints` has any: copied here
    /// because most nodes have neither, and reading them from the object
    /// costs every node a cache miss in the filters.
    pub unschedulable: bool,
    pub tainted: bool,
    /// Whether any taint is PreferNoSchedule, the only effect
    /// TaintToleration scores (most tainted nodes have none).
    pub prefer_tainted: bool,
    /// Pods here with any inter-pod affinity term, and with required anti-affinity.
    pub with_affinity: u32,
    pub with_required_anti_affinity: u32,
    pub allowed_pods: i64,
    /// Ids of its hostname and zone labels' values, and its label and
    /// taint groups (given by the cache; see [`super::domain_ids`]).
    pub domain_refs: DomainRefs,
    /// Its name's id, given by the cache's `set_node` (see
    /// [`DomainIds::intern_node`]; 0 in an entry made only for pods
    /// bound to a node the store lacks, which is in no label group's
    /// nodes).
    pub id: u32,
    /// Its image group, set by the cache with its images: nodes with the
    /// same images, names and sizes, share one
    /// ([`super::domain_ids::NO_DOMAIN`] when it has none). Read only for a
    /// node with images.
    pub image_group: u32,
    pub requested: Resources,
    pub allocatable: Resources,
    pub non_zero_requested: (i64, i64),
    pub pods: OrdMap<ObjectKey, Arc<PodInfo>>,
    /// The node's labels again, for fast lookups by key ([`LabelLookup`]).
    pub label_index: NodeLabels,
    /// Image name → size in bytes, from `status.images`.
    pub images: NodeImages,
    pub groups: GroupCounts,
    pub name: String,
    /// None while pods are bound to a node the store does not have.
    pub obj: Option<Arc<Object>>,
    pub used_ports: OrdMap<HostPort, u32>,
}

impl NodeInfo {
    pub fn node(&self) -> &Node {
        self.obj.as_deref().and_then(Object::as_node).unwrap_or(&EMPTY_NODE)
    }

    pub fn labels(&self) -> &BTreeMap<String, String> {
        &self.node().metadata.labels
    }

    pub fn pod_count(&self) -> usize {
        self.pods.len()
    }

    fn set_node(&mut self, obj: Option<Arc<Object>>) {
        let node = obj.as_deref().and_then(Object::as_node);
        self.label_index = node.map(|n| NodeLabels::of(&n.metadata.labels)).unwrap_or_default();
        self.unschedulable = node.is_some_and(|n| n.spec.unschedulable == Some(true));
        self.tainted = node.is_some_and(|n| !n.spec.taints.is_empty());
        self.prefer_tainted = node.is_some_and(|n| n.spec.taints.iter().any(|t| t.effect == "PreferNoSchedule"));
        let (allocatable, allowed, images) = match node {
            Some(n) => {
                let mut images = BTreeMap::new();
                for img in &n.status.images {
                    for name in &img.names {
                        images.insert(name.clone(), img.size_bytes.unwrap_or(0));
                    }
                }
                (Resources::from_list(&n.status.allocatable), n.status.allocatable.get("pods").map(|q| q.value()).unwrap_or(0), images)
            }
            None => (Resources::default(), 0, BTreeMap::new()),
        };
        self.allocatable = allocatable;
        self.allowed_pods = allowed;
        self.images = NodeImages(images.into_iter().map(|(k, v)| (k.into_boxed_str(), v)).collect());
        self.obj = obj;
    }

    /// This node with one more pod (used by the cache and by preemption's
    /// what-if runs).
    pub fn with_pod(&self, p: &Arc<PodInfo>) -> NodeInfo {
        let mut n = self.clone();
        n.add_pod(p.clone());
        n
    }

    pub fn without_pod(&self, p: &PodInfo) -> NodeInfo {
        let mut n = self.clone();
        n.remove_pod(&p.key);
        n
    }

    /// Adds a pod, replacing (and returning) the one with its key if any.
    pub fn add_pod(&mut self, p: Arc<PodInfo>) -> Option<Arc<PodInfo>> {
        // One search of the pod map: it is keyed by name, and every
        // comparison reads a name elsewhere in memory. The sums come out
        // the same whichever of the two pods is counted first.
        self.count(&p);
        let old = self.pods.insert(p.key.clone(), p)?;
        self.uncount(&old);
        Some(old)
    }

    pub fn remove_pod(&mut self, key: &ObjectKey) -> Option<Arc<PodInfo>> {
        let p = self.pods.remove(key)?;
        self.uncount(&p);
        Some(p)
    }

    fn count(&mut self, p: &PodInfo) {
        self.requested.add(&p.request);
        self.non_zero_requested.0 += p.non_zero.0;
        self.non_zero_requested.1 += p.non_zero.1;
        for hp in &p.host_ports {
            *self.used_ports.entry(hp.clone()).or_default() += 1;
        }
        self.groups.add(&p.group);
        if !p.affinity.is_empty() {
            self.with_affinity += 1;
        }
        if !p.affinity.required_anti_affinity.is_empty() {
            self.with_required_anti_affinity += 1;
        }
    }

    fn uncount(&mut self, p: &PodInfo) {
        self.requested.sub(&p.request);
        self.non_zero_requested.0 -= p.non_zero.0;
        self.non_zero_requested.1 -= p.non_zero.1;
        for hp in &p.host_ports {
            decrement(&mut self.used_ports, hp);
        }
        self.groups.remove(&p.group);
        if !p.affinity.is_empty() {
            self.with_affinity = self.with_affinity.saturating_sub(1);
        }
        if !p.affinity.required_anti_affinity.is_empty() {
            self.with_required_anti_affinity = self.with_required_anti_affinity.saturating_sub(1);
        }
    }

    /// How many pods here are in `ns` (or any namespace accepted by
    /// `ns_ok`), not terminating unless `with_terminating`, and match `sel`.
    pub fn count_matching(&self, ns_ok: &dyn Fn(&str) -> bool, sel: &Selector, with_terminating: bool) -> u32 {
        self.groups.iter().filter(|(g, _)| g.matches(ns_ok, sel, with_terminating)).map(|(_, c)| c).sum()
    }
}

/// The numbers of a node that the common filters and scores read for
/// every node a cycle examines, copied out of its [`NodeInfo`]. NodeInfos
/// are separate heap blocks scattered over a large heap, so reading any
/// field of one costs a cache miss; the cache keeps these copies side by
/// side in scheduling order, and a node that these numbers already settle
/// is never touched. Derived by [`NodeHot::of`] only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeHot {
    pub alloc_cpu: i64,
    pub alloc_memory: i64,
    pub req_cpu: i64,
    pub req_memory: i64,
    pub non_zero_cpu: i64,
    pub non_zero_memory: i64,
    /// Ephemeral storage not yet requested, and how many more pods the
    /// node takes (`allowedPodNumber` less its pods): NodeResourcesFit's
    /// Filter reads only these differences, and one number instead of two
    /// keeps each view smaller (a cycle walks hundreds). Scoring ephemeral
    /// storage, which needs both terms, is rare and reads the info.
    pub free_ephemeral: i64,
    /// Clamped to 32 bits (the filter only asks whether it is positive),
    /// which leaves room for `id` in the same 96 bytes a view.
    pub free_pods: i32,
    /// [`NodeInfo::id`], for counts kept by node ([`super::host_counts`]).
    pub id: u32,
    pub domains: DomainRefs,
    pub unschedulable: bool,
    pub tainted: bool,
    pub prefer_tainted: bool,
    pub has_images: bool,
    pub image_group: u32,
}

impl NodeHot {
    pub fn of(n: &NodeInfo) -> NodeHot {
        NodeHot {
            alloc_cpu: n.allocatable.milli_cpu,
            alloc_memory: n.allocatable.memory,
            req_cpu: n.requested.milli_cpu,
            req_memory: n.requested.memory,
            non_zero_cpu: n.non_zero_requested.0,
            non_zero_memory: n.non_zero_requested.1,
            // Wrapping, as the Filter's `allocatable - requested` did in a
            // release build: the same verdicts at any size.
            free_ephemeral: n.allocatable.ephemeral_storage.wrapping_sub(n.requested.ephemeral_storage),
            free_pods: n.allowed_pods.saturating_sub(n.pod_count() as i64).clamp(i32::MIN as i64, i32::MAX as i64) as i32,
            id: n.id,
            domains: n.domain_refs,
            unschedulable: n.unschedulable,
            tainted: n.tainted,
            prefer_tainted: n.prefer_tainted,
            has_images: !n.images.is_empty(),
            image_group: n.image_group,
        }
    }
}

/// A node as plugins see it: its hot numbers beside the full info. It
/// dereferences to the [`NodeInfo`], so a plugin reads `node.hot` for what
/// [`NodeHot`] holds and anything else from the info (and only then pays
/// for the info's cache miss).
#[derive(Clone, Debug)]
pub struct NodeView {
    pub hot: NodeHot,
    pub info: Arc<NodeInfo>,
    /// Scores of this node as it is, for the pods that come after
    /// (empty on every new view: a changed node gets a new one).
    pub memo: super::score_memo::ScoreMemo,
}

impl NodeView {
    pub fn new(info: Arc<NodeInfo>) -> NodeView {
        NodeView { hot: NodeHot::of(&info), info, memo: Default::default() }
    }
}

impl From<NodeInfo> for NodeView {
    fn from(n: NodeInfo) -> NodeView {
        NodeView::new(Arc::new(n))
    }
}

impl LabelLookup for NodeView {
    fn label(&self, key: &str) -> Option<&str> {
        self.info.label(key)
    }
}

impl std::ops::Deref for NodeView {
    type Target = NodeInfo;
    fn deref(&self) -> &NodeInfo {
        &self.info
    }
}

/// The cache's node views in scheduling order, in chunks of [`CHUNK`]
/// behind shared pointers. A clone (every cycle, every snapshot) is one
/// count increment; a change copies at most the chunk it falls in and the
/// list of chunks, and only while a clone shares them. A cycle walks the
/// views as plain slices from any position: in a persistent vector each
/// leaf is found from the root, and reaching the one a cycle starts in
/// meant visiting every leaf before it.
#[derive(Clone, Default)]
pub struct NodeViews {
    chunks: Arc<Vec<Arc<Vec<NodeView>>>>,
    len: usize,
}

/// Views per chunk: every chunk but the last is full. With history on,
/// every pod write on a node copies its chunk and the list of chunks (the
/// step before holds both): at 64 views that was 9 KB a write at 100
/// nodes and 7.6 KB at 5,000; at 16, 2 KB and 4.3 KB (the list is longer).
/// A scheduling cycle, which walks the chunks, is no slower.
const CHUNK: usize = 16;

impl NodeViews {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, i: usize) -> Option<&NodeView> {
        self.chunks.get(i / CHUNK)?.get(i % CHUNK)
    }

    fn get_mut(&mut self, i: usize) -> Option<&mut NodeView> {
        let chunk = Arc::make_mut(&mut self.chunks).get_mut(i / CHUNK)?;
        Arc::make_mut(chunk).get_mut(i % CHUNK)
    }

    pub fn iter(&self) -> impl Iterator<Item = &NodeView> + '_ {
        self.chunks.iter().flat_map(|c| c.iter())
    }

    /// The views at positions `from..to`, a slice per chunk.
    pub fn slices(&self, from: usize, to: usize) -> impl Iterator<Item = &[NodeView]> + '_ {
        let to = to.min(self.len);
        let from = from.min(to);
        let first = from / CHUNK;
        self.chunks[first..to.div_ceil(CHUNK).max(first)].iter().enumerate().map(move |(k, c)| {
            let base = (first + k) * CHUNK;
            &c[from.max(base) - base..to.min(base + c.len()) - base]
        })
    }
}

impl FromIterator<NodeView> for NodeViews {
    fn from_iter<I: IntoIterator<Item = NodeView>>(views: I) -> NodeViews {
        let (mut chunks, mut len) = (Vec::new(), 0);
        let mut chunk = Vec::with_capacity(CHUNK);
        for v in views {
            chunk.push(v);
            len += 1;
            if chunk.len() == CHUNK {
                chunks.push(Arc::new(std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK))));
            }
        }
        if !chunk.is_empty() {
            chunks.push(Arc::new(chunk));
        }
        NodeViews { chunks: Arc::new(chunks), len }
    }
}

/// A node's pods counted by label group, in group order. A node holds few
/// groups, and scoring walks every scored node's groups each cycle: a
/// sorted vector walks as a slice, where a persistent map's iterator first
/// allocates its path.
#[derive(Clone, Debug, Default)]
pub struct GroupCounts(Vec<(Arc<GroupKey>, u32)>);

impl GroupCounts {
    pub fn iter(&self) -> impl Iterator<Item = (&Arc<GroupKey>, &u32)> + '_ {
        self.0.iter().map(|(g, c)| (g, c))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn add(&mut self, g: &Arc<GroupKey>) {
        match self.0.binary_search_by(|(k, _)| (**k).cmp(g)) {
            Ok(i) => self.0[i].1 += 1,
            Err(i) => self.0.insert(i, (g.clone(), 1)),
        }
    }

    fn remove(&mut self, g: &Arc<GroupKey>) {
        if let Ok(i) = self.0.binary_search_by(|(k, _)| (**k).cmp(g)) {
            self.0[i].1 -= 1;
            if self.0[i].1 == 0 {
                self.0.remove(i);
            }
        }
    }
}

fn decrement<K: Ord + Clone + std::borrow::Borrow<Q>, Q: Ord + ?Sized>(m: &mut OrdMap<K, u32>, k: &Q) {
    if let Some(c) = m.get_mut(k) {
        *c -= 1;
        if *c == 0 {
            m.remove(k);
        }
    }
}

/// A node's entry in the cache.
#[derive(Clone)]
struct NodeSlot {
    info: Arc<NodeInfo>,
    /// Its position in the scheduling order, while the order is current
    /// ([`NOT_ORDERED`] for a node the order leaves out).
    pos: usize,
}

const NOT_ORDERED: usize = usize::MAX;

/// Changes a cached node's info with one search of the nodes. The ordered
/// view lets go of the info first, so when no snapshot shares it `f`
/// changes it where it is (`make_mut` copies nothing), and the view is
/// refreshed after. None, without running `f`, for a node not cached.
fn edit_node<R>(nodes: &mut OrdMap<String, NodeSlot>, views: &mut NodeViews, dirty: bool, vacant: &Arc<NodeInfo>, name: &str, f: impl FnOnce(&mut NodeInfo) -> R) -> Option<R> {
    let slot = nodes.get_mut(name)?;
    let mut view = ordered_view(views, dirty, slot.pos);
    if let Some(v) = view.as_mut() {
        v.info = vacant.clone();
    }
    let r = f(Arc::make_mut(&mut slot.info));
    if let Some(v) = view {
        *v = NodeView::new(slot.info.clone());
    }
    Some(r)
}

/// The ordered view at `pos`, when the order is current and holds the node
/// (a stale order is rebuilt whole before the next cycle reads it).
fn ordered_view(views: &mut NodeViews, dirty: bool, pos: usize) -> Option<&mut NodeView> {
    if dirty || pos == NOT_ORDERED {
        return None;
    }
    views.get_mut(pos)
}

/// The whole cache.
#[derive(Clone, Default)]
pub struct Cache {
    /// Every node by name, with its place in `order` (one search finds
    /// both: a bind looks its node up once to change it and once to put
    /// it back, and a name is a cache miss per comparison).
    nodes: OrdMap<String, NodeSlot>,
    /// Node names in the order cycles walk them: zones interleaved, as
    /// upstream's node tree lists them, so a partial scan covers every zone.
    order: Arc<Vec<String>>,
    order_dirty: bool,
    /// The same nodes by position, kept current on every change so a cycle
    /// walks them without name lookups, their hot numbers side by side.
    order_infos: NodeViews,
    /// Which node each cached (assigned, not terminal) pod is on.
    pod_node: OrdMap<ObjectKey, SharedStr>,
    /// Assigned pods that have inter-pod affinity terms.
    pub affinity_pods: OrdMap<ObjectKey, Arc<PodInfo>>,
    /// Image name → number of nodes that have it.
    pub image_nodes: OrdMap<String, u32>,
    /// The store resourceVersion this cache reflects.
    pub(crate) synced_rv: u64,
    /// Nodes the store has (NodeInfos without a node object excluded).
    live_nodes: usize,
    /// Nodes with a PreferNoSchedule taint (the only taints TaintToleration
    /// scores; most clusters have none).
    prefer_tainted_nodes: usize,
    /// Pods per topology domain, for the keys cycles have asked for.
    pub domains: super::domains::DomainIndexes,
    /// Ids for hostname and zone values (see [`super::domain_ids`]).
    pub domain_ids: DomainIds,
    /// Pods per node matching the selectors hostname spreading asked for.
    pub host_counts: super::host_counts::HostCounts,
    /// Label group → live node → pods of the group there, so affinity
    /// terms visit only the nodes holding pods they can match. Kept from
    /// the first cycle of a pod with such terms on (see
    /// [`Cache::ensure_group_nodes`]): keeping it costs every bind a
    /// search of its group's nodes, and most clusters have no such pod.
    group_nodes: Option<GroupNodes>,
    /// Every label group of a cached pod, with its pods: a new pod's
    /// group is swapped for the one already here, so pods of one group
    /// share one `GroupKey` (per-cycle memos, such as PodTopologySpread's
    /// hostname counts, key on its address).
    groups: OrdMap<Arc<GroupKey>, u32>,
    /// Assigned pods' affinity terms with per-domain counts, once a cycle
    /// has asked for them (None: plugins walk `affinity_pods`).
    pub affinity_index: Option<super::affinity_index::AffinityIndex>,
    /// Stands in for a node's info in `order_infos` while [`edit_node`]
    /// changes it, and in `nodes` too while [`Cache::take_node`] has it out.
    vacant: Arc<NodeInfo>,
}

/// A pod the cache holds: bound to a node and not finished.
pub fn is_cached(p: &Pod) -> bool {
    p.node_name().is_some() && !matches!(p.phase(), "Succeeded" | "Failed")
}

pub fn zone_key(labels: &BTreeMap<String, String>) -> String {
    let get = |a: &str, b: &str| labels.get(a).or_else(|| labels.get(b)).cloned().unwrap_or_default();
    let region = get("topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region");
    let zone = get("topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone");
    if region.is_empty() && zone.is_empty() {
        return String::new();
    }
    format!("{region}:\x00:{zone}")
}

impl Cache {
    /// Rebuilds from a whole store (first use, or a store that changed
    /// behind the change feed's back).
    pub fn rebuild(store: &Store) -> Cache {
        let mut c = Cache::default();
        for n in store.list(Kind::Node, None) {
            c.set_node(n.name(), Some(n.clone()));
        }
        for p in store.list(Kind::Pod, None) {
            c.set_pod(&p.key(), Some(p));
        }
        c.synced_rv = store.resource_version();
        c
    }

    pub fn node(&self, name: &str) -> Option<&Arc<NodeInfo>> {
        self.nodes.get(name).map(|s| &s.info)
    }

    /// Every node's info, by name (with those that only hold pods bound to
    /// a node the store lacks).
    pub fn node_infos(&self) -> impl Iterator<Item = &Arc<NodeInfo>> + '_ {
        self.nodes.values().map(|s| &s.info)
    }

    /// Nodes that exist in the store, in scheduling order.
    pub fn order(&mut self) -> Arc<Vec<String>> {
        self.refresh_order();
        self.order.clone()
    }

    /// Node infos in scheduling order (O(1) to clone).
    pub fn ordered_infos(&mut self) -> NodeViews {
        self.refresh_order();
        self.order_infos.clone()
    }

    fn refresh_order(&mut self) {
        if self.order_dirty {
            self.order = Arc::new(interleave_zones(self.node_infos().filter(|n| n.obj.is_some()).map(|n| (zone_key(n.labels()), n.name.clone()))));
            let pos: BTreeMap<&str, usize> = self.order.iter().enumerate().map(|(i, n)| (n.as_str(), i)).collect();
            self.nodes = self.nodes.iter().map(|(n, s)| (n.clone(), NodeSlot { info: s.info.clone(), pos: pos.get(n.as_str()).copied().unwrap_or(NOT_ORDERED) })).collect();
            self.order_infos = self.order.iter().filter_map(|n| self.node(n).cloned()).map(NodeView::new).collect();
            self.order_dirty = false;
        }
    }

    /// A node's info to change (with `Arc::make_mut`) and [`Cache::put`]
    /// back, for a node change (binds use [`edit_node`], one search). The
    /// cache's two references to it are let go first, so when no snapshot
    /// shares it the info is changed where it is, not copied.
    fn take_node(&mut self, name: &str) -> Option<Arc<NodeInfo>> {
        let slot = self.nodes.get_mut(name)?;
        let info = std::mem::replace(&mut slot.info, self.vacant.clone());
        if let Some(view) = ordered_view(&mut self.order_infos, self.order_dirty, slot.pos) {
            view.info = self.vacant.clone();
        }
        Some(info)
    }

    /// Stores a node's info, keeping the ordered view current.
    fn put(&mut self, name: &str, info: Arc<NodeInfo>) {
        let Some(slot) = self.nodes.get_mut(name) else {
            // A new node is not in the order yet: one with a node object
            // has made the order stale (see `set_node`), and one without
            // is never in it.
            self.nodes.insert(name.to_string(), NodeSlot { info, pos: NOT_ORDERED });
            return;
        };
        if let Some(view) = ordered_view(&mut self.order_infos, self.order_dirty, slot.pos) {
            *view = NodeView::new(info.clone());
        }
        slot.info = info;
    }

    /// The order without recomputing (explain on a borrowed cache).
    pub fn order_snapshot(&self) -> Arc<Vec<String>> {
        if self.order_dirty {
            return Arc::new(interleave_zones(self.node_infos().filter(|n| n.obj.is_some()).map(|n| (zone_key(n.labels()), n.name.clone()))));
        }
        self.order.clone()
    }

    pub fn num_nodes(&self) -> usize {
        self.live_nodes
    }

    /// How many nodes have a PreferNoSchedule taint.
    pub fn prefer_tainted_nodes(&self) -> usize {
        self.prefer_tainted_nodes
    }

    pub fn set_node(&mut self, name: &str, obj: Option<Arc<Object>>) {
        let mut node = self.take_node(name).unwrap_or_else(|| Arc::new(NodeInfo { name: name.to_string(), ..Default::default() }));
        let info = Arc::make_mut(&mut node);
        let old_zone = info.obj.as_ref().map(|_| zone_key(info.labels()));
        let was_live = info.obj.is_some();
        // Only a change of labels or liveness moves the node between domains.
        let moved = match (info.obj.as_deref().and_then(Object::as_node), obj.as_deref().and_then(Object::as_node)) {
            (Some(a), Some(b)) => a.metadata.labels != b.metadata.labels,
            (None, None) => false,
            _ => true,
        };
        if moved && was_live {
            self.domains.add_node(info, -1);
            self.host_counts.add_node(info, -1);
            if let Some(ix) = self.affinity_index.as_mut() {
                ix.add_node(info, -1);
            }
            if let Some(m) = self.group_nodes.as_mut().filter(|_| info.obj.is_some() && obj.is_none()) {
                for (g, c) in info.groups.iter() {
                    bump_group_node(m, g, info, -(*c as i64));
                }
            }
        }
        for img in info.images.names() {
            decrement(&mut self.image_nodes, img);
        }
        self.prefer_tainted_nodes -= usize::from(info.prefer_tainted);
        info.set_node(obj);
        self.prefer_tainted_nodes += usize::from(info.prefer_tainted);
        info.id = self.domain_ids.intern_node(name);
        info.domain_refs = match info.obj.as_deref().and_then(Object::as_node) {
            Some(n) => self.domain_ids.intern(&n.metadata.labels, &n.spec.taints),
            None => DomainRefs::default(),
        };
        info.image_group = self.domain_ids.intern_images(info.images.entries());
        for img in info.images.names() {
            *self.image_nodes.entry(img.to_string()).or_default() += 1;
        }
        if moved && info.obj.is_some() {
            self.domains.add_node(info, 1);
            self.host_counts.add_node(info, 1);
            if let Some(ix) = self.affinity_index.as_mut() {
                ix.add_node(info, 1);
            }
            // A node that stays and is relabelled keeps its entries, with
            // its new ids.
            let by = if was_live { 0 } else { 1 };
            if let Some(m) = self.group_nodes.as_mut() {
                for (g, c) in info.groups.iter() {
                    bump_group_node(m, g, info, by * *c as i64);
                }
            }
        }
        let new_zone = info.obj.as_ref().map(|_| zone_key(info.labels()));
        match (was_live, info.obj.is_some()) {
            (false, true) => self.live_nodes += 1,
            (true, false) => self.live_nodes -= 1,
            _ => {}
        }
        if old_zone != new_zone {
            self.order_dirty = true;
        }
        if info.obj.is_none() && info.pods.is_empty() {
            self.nodes.remove(name);
        } else {
            self.put(name, node);
        }
    }

    /// Brings one pod's entry up to date with the store's version of it
    /// (None: deleted).
    pub fn set_pod(&mut self, key: &ObjectKey, obj: Option<&Arc<Object>>) {
        self.put_pod(key, obj, None);
    }

    /// [`Cache::set_pod`] for a pod just bound: `facts` is the scheduling
    /// cycle's [`PodInfo`] for the version before the bind, which wrote
    /// only `spec.nodeName` and the PodScheduled condition, so nothing the
    /// facts derive from changed and they are not worked out again (as
    /// upstream's scheduler assumes the cycle's pod info into its cache).
    pub fn bind_pod(&mut self, key: &ObjectKey, obj: &Arc<Object>, facts: PodInfo) {
        self.put_pod(key, Some(obj), Some(facts));
    }

    fn put_pod(&mut self, key: &ObjectKey, obj: Option<&Arc<Object>>, facts: Option<PodInfo>) {
        let wanted = obj.filter(|o| o.as_pod().is_some_and(is_cached));
        // Looked up once: most calls are a new pod's bind (not there) or a
        // status write (there, and left there).
        let placed = self.pod_node.get(key).cloned();
        if let (Some(o), Some(at)) = (wanted, &placed) {
            if self.replace_if_same_for_scheduling(key, o, at) {
                return;
            }
        }
        if let Some(old_node) = placed {
            self.pod_node.remove(key);
            let gone = edit_node(&mut self.nodes, &mut self.order_infos, self.order_dirty, &self.vacant, &old_node, |n| {
                if let Some(p) = n.remove_pod(key) {
                    if n.obj.is_some() {
                        if let Some(ix) = self.affinity_index.as_mut() {
                            ix.add_pod(&p, n, -1);
                        }
                        self.domains.add_pod(n, &p.group, -1);
                        self.host_counts.add_pod(n, &p.group, -1);
                        if let Some(m) = self.group_nodes.as_mut() {
                            bump_group_node(m, &p.group, n, -1);
                        }
                    }
                    count_group(&mut self.groups, &p.group, -1);
                }
                n.obj.is_none() && n.pods.is_empty()
            });
            if gone == Some(true) {
                self.nodes.remove(&*old_node);
            }
            self.affinity_pods.remove(key);
        }
        let Some(obj) = wanted else { return };
        let Some(node_name) = obj.as_pod().and_then(Pod::node_name).map(SharedStr::from) else { return };
        let mut info = match facts {
            Some(facts) => {
                let info = PodInfo { obj: obj.clone(), ..facts };
                debug_assert!(info.same_facts(&PodInfo::new(obj.clone())), "a bind's facts differ from the bound pod's: {key:?}");
                info
            }
            None => PodInfo::new(obj.clone()),
        };
        if let Some((g, _)) = self.groups.get_key_value(&info.group) {
            info.group = g.clone();
        }
        let info = Arc::new(info);
        if !info.affinity.is_empty() {
            self.affinity_pods.insert(key.clone(), info.clone());
        }
        let add = |n: &mut NodeInfo| {
            // Nothing with its key is on the node (it was taken off wherever
            // it was, above); were one there, it is counted out all the same.
            let replaced = n.add_pod(info.clone());
            count_group(&mut self.groups, &info.group, 1);
            if let Some(old) = &replaced {
                count_group(&mut self.groups, &old.group, -1);
            }
            if n.obj.is_some() {
                if let Some(old) = &replaced {
                    if let Some(ix) = self.affinity_index.as_mut() {
                        ix.add_pod(old, n, -1);
                    }
                    self.domains.add_pod(n, &old.group, -1);
                    self.host_counts.add_pod(n, &old.group, -1);
                    if let Some(m) = self.group_nodes.as_mut() {
                        bump_group_node(m, &old.group, n, -1);
                    }
                }
                if let Some(ix) = self.affinity_index.as_mut() {
                    ix.add_pod(&info, n, 1);
                }
                self.domains.add_pod(n, &info.group, 1);
                self.host_counts.add_pod(n, &info.group, 1);
                if let Some(m) = self.group_nodes.as_mut() {
                    bump_group_node(m, &info.group, n, 1);
                }
            }
        };
        if edit_node(&mut self.nodes, &mut self.order_infos, self.order_dirty, &self.vacant, &node_name, add).is_none() {
            // Bound to a node the store lacks: an entry for its pods alone,
            // in no index (it has no node object) and not in the order.
            let mut n = NodeInfo { name: node_name.to_string(), ..Default::default() };
            count_group(&mut self.groups, &info.group, 1);
            n.add_pod(info);
            self.nodes.insert(node_name.to_string(), NodeSlot { info: Arc::new(n), pos: NOT_ORDERED });
        }
        self.pod_node.insert(key.clone(), node_name);
    }

    /// A status write (the kubelet makes several per pod start) changes
    /// nothing the scheduler derives from a pod: when the pod stays on its
    /// node with the same spec, labels, namespace and terminating flag, only
    /// the stored object is swapped, and the node's totals, the domain
    /// counts and the affinity index are left as they are (taking the pod
    /// out and putting it back would give the same values, at the cost of
    /// re-deriving the pod and walking every index).
    fn replace_if_same_for_scheduling(&mut self, key: &ObjectKey, obj: &Arc<Object>, node_name: &str) -> bool {
        let Some(pod) = obj.as_pod() else { return false };
        if pod.node_name() != Some(node_name) {
            return false;
        }
        // One search of the nodes; a change that does matter (rare once a
        // pod is bound) may copy a node info a snapshot shares for nothing.
        let swap = |n: &mut NodeInfo| {
            let Some(slot) = n.pods.get_mut(key) else { return false };
            let was = slot.pod();
            let same = was.metadata.namespace == pod.metadata.namespace
                && was.metadata.deletion_timestamp.is_some() == pod.metadata.deletion_timestamp.is_some()
                && was.metadata.labels == pod.metadata.labels
                && was.same_spec(pod);
            if same {
                let info = Arc::new(PodInfo { obj: obj.clone(), ..(**slot).clone() });
                *slot = info.clone();
                if let Some(a) = self.affinity_pods.get_mut(key) {
                    *a = info;
                }
            }
            same
        };
        edit_node(&mut self.nodes, &mut self.order_infos, self.order_dirty, &self.vacant, node_name, swap) == Some(true)
    }

    /// Starts keeping per-domain pod counts for a topology key (no-op when
    /// already kept). Called before a cycle that needs them.
    pub fn ensure_domain_index(&mut self, key: &str) {
        if !self.domains.contains(key) {
            let nodes = self.nodes.values().map(|s| &*s.info).filter(|n| n.obj.is_some());
            self.domains.build(key, nodes);
        }
    }

    /// Starts keeping per-node counts of pods in `namespace` matching
    /// `selector` (or marks them recently used). Called before a cycle.
    pub fn ensure_host_counts(&mut self, namespace: &str, selector: &kubeplay_model::selector::Selector) {
        let nodes = self.nodes.values().map(|s| &*s.info).filter(|n| n.obj.is_some());
        self.host_counts.ensure(namespace, selector, nodes);
    }

    /// Starts keeping the index of assigned pods' affinity terms (no-op
    /// when already kept). Called before a cycle.
    pub fn ensure_affinity_index(&mut self) {
        if self.affinity_index.is_some() {
            return;
        }
        let mut ix = super::affinity_index::AffinityIndex::default();
        for p in self.affinity_pods.values() {
            if let Some(node) = self.pod_node.get(&p.key).and_then(|n| self.node(n)).filter(|n| n.obj.is_some()) {
                ix.add_pod(p, node, 1);
            }
        }
        self.affinity_index = Some(ix);
    }

    /// Starts keeping the groups' nodes (no-op when kept). Called before
    /// a cycle of a pod with inter-pod affinity terms, the only pods whose
    /// cycles read them.
    pub fn ensure_group_nodes(&mut self) {
        if self.group_nodes.is_none() {
            self.group_nodes = Some(self.build_group_nodes());
        }
    }

    /// The groups' nodes: kept, or worked out now from the nodes (a cycle
    /// on a cache that has not been asked to keep them, such as an
    /// explanation's).
    pub fn group_nodes(&self) -> Cow<'_, GroupNodes> {
        match &self.group_nodes {
            Some(m) => Cow::Borrowed(m),
            None => Cow::Owned(self.build_group_nodes()),
        }
    }

    fn build_group_nodes(&self) -> GroupNodes {
        let mut m = GroupNodes::new();
        for n in self.node_infos().filter(|n| n.obj.is_some()) {
            for (g, c) in n.groups.iter() {
                bump_group_node(&mut m, g, n, *c as i64);
            }
        }
        m
    }

    /// Where a cached pod is.
    pub fn node_of(&self, key: &ObjectKey) -> Option<&SharedStr> {
        self.pod_node.get(key)
    }
}

/// A live node holding pods of a label group: how many, the node's
/// hostname and zone ids (so a walk over a group's nodes can count by
/// domain without looking each node up), and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupNode {
    pub pods: u32,
    pub refs: DomainRefs,
    pub name: SharedStr,
}

/// Counts `by` pods into (or, negative, out of) a group's count, dropping
/// a group with none left. A group already there is counted in place: one
/// search, no new key.
pub(super) fn count_group(groups: &mut OrdMap<Arc<GroupKey>, u32>, g: &Arc<GroupKey>, by: i64) {
    match groups.get_mut(g) {
        Some(c) if *c as i64 + by > 0 => *c = (*c as i64 + by) as u32,
        Some(_) => {
            groups.remove(g);
        }
        None if by > 0 => {
            groups.insert(g.clone(), by as u32);
        }
        None => {}
    }
}

/// Label group → live node (by [`NodeInfo::id`]) → its pods of the group
/// there. Every bind searches a group's nodes: by id, a search compares
/// integers kept in the map's own blocks instead of reading a name
/// elsewhere in memory at every step.
pub type GroupNodes = OrdMap<Arc<GroupKey>, OrdMap<u32, GroupNode>>;

/// Adds `by` pods of group `g` on `node` (by 0: only the node's ids change).
fn bump_group_node(m: &mut GroupNodes, g: &Arc<GroupKey>, node: &NodeInfo, by: i64) {
    let refs = node.domain_refs;
    let entry = |pods: i64| GroupNode { pods: pods as u32, refs, name: SharedStr::from(node.name.as_str()) };
    // Changed in place: taking the inner map out and putting it back would
    // share it for a moment and so copy its path (and every key on it).
    let Some(nodes) = m.get_mut(g) else {
        if by > 0 {
            m.insert(g.clone(), OrdMap::unit(node.id, entry(by)));
        }
        return;
    };
    match nodes.get_mut(&node.id) {
        Some(e) if e.pods as i64 + by > 0 => {
            e.pods = (e.pods as i64 + by) as u32;
            e.refs = refs;
        }
        Some(_) => {
            nodes.remove(&node.id);
        }
        None if by > 0 => {
            nodes.insert(node.id, entry(by));
        }
        None => {}
    }
    if nodes.is_empty() {
        m.remove(g);
    }
}

/// Round-robin across zones (zones in key order, nodes by name within a
/// zone), like upstream's nodeTree.list().
fn interleave_zones(items: impl Iterator<Item = (String, String)>) -> Vec<String> {
    let mut zones: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (z, n) in items {
        zones.entry(z).or_default().push(n);
    }
    let total: usize = zones.values().map(Vec::len).sum();
    let mut out = Vec::with_capacity(total);
    let mut i = 0;
    while out.len() < total {
        for names in zones.values() {
            if let Some(n) = names.get(i) {
                out.push(n.clone());
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cycle walks hundreds of views: each is kept within 128 bytes, two
    /// cache lines: 96 for the hot numbers and the info (it was 112), 32
    /// for the scores remembered for the pods after.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_node_view_stays_small() {
        assert!(std::mem::size_of::<NodeView>() <= 128, "{} bytes", std::mem::size_of::<NodeView>());
        assert!(std::mem::size_of::<NodeHot>() + std::mem::size_of::<Arc<NodeInfo>>() <= 96);
    }

    /// A change to one copy of the node views leaves its clones as they
    /// were, and slices cover exactly the positions asked for.
    #[test]
    fn node_views_are_persistent_and_slice_by_position() {
        let views: NodeViews = (0..150).map(|i| NodeView::new(Arc::new(NodeInfo { name: i.to_string(), ..Default::default() }))).collect();
        let mut changed = views.clone();
        if let Some(v) = changed.get_mut(70) {
            *v = NodeView::new(Arc::new(NodeInfo { name: "new".into(), ..Default::default() }));
        }
        assert_eq!(views.get(70).map(|v| v.name.as_str()), Some("70"));
        assert_eq!(changed.get(70).map(|v| v.name.as_str()), Some("new"));
        assert_eq!(changed.get(71).map(|v| v.name.as_str()), Some("71"));
        for (from, to) in [(0, 150), (5, 5), (64, 64), (63, 65), (100, 150), (128, 140), (150, 150), (0, 200)] {
            let got: Vec<String> = views.slices(from, to).flatten().map(|v| v.name.clone()).collect();
            let want: Vec<String> = (from..to.min(150)).map(|i| i.to_string()).collect();
            assert_eq!(got, want, "{from}..{to}");
        }
        assert_eq!(views.iter().count(), 150);
    }

    #[test]
    fn zones_are_interleaved() {
        let items = [("a", "n1"), ("a", "n2"), ("b", "n3"), ("c", "n4"), ("c", "n5")].map(|(z, n)| (z.to_string(), n.to_string()));
        assert_eq!(interleave_zones(items.into_iter()), ["n1", "n3", "n4", "n2", "n5"]);
    }

    /// Every ordered view holds the cache's current info for its node and
    /// that info's hot numbers.
    fn assert_views_current(cache: &mut Cache, step: &str) {
        let views = cache.ordered_infos();
        assert_eq!(views.len(), cache.num_nodes(), "{step}");
        for v in views.iter() {
            let info = cache.node(&v.name).unwrap_or_else(|| panic!("{step}: {} not cached", v.name));
            assert!(Arc::ptr_eq(&v.info, info), "{step}: stale info for {}", v.name);
            assert_eq!(v.hot, NodeHot::of(info), "{step}: stale hot numbers for {}", v.name);
        }
        // The group-to-nodes map carries each node's current ids, and the
        // pods it counts are the node's.
        // The groups known are those of the pods held, with their counts.
        let mut held: BTreeMap<&GroupKey, u32> = BTreeMap::new();
        for n in cache.node_infos() {
            for (g, c) in n.groups.iter() {
                *held.entry(&**g).or_default() += c;
            }
        }
        assert_eq!(cache.groups.iter().map(|(g, c)| (&**g, *c)).collect::<BTreeMap<_, _>>(), held, "{step}: groups");
        // Kept, it counts what the nodes hold.
        assert!(cache.group_nodes.is_some(), "{step}: groups' nodes not kept");
        assert_eq!(*cache.group_nodes(), cache.build_group_nodes(), "{step}: groups' nodes");
        for (g, nodes) in cache.group_nodes().iter() {
            for (id, gn) in nodes.iter() {
                let name = &gn.name;
                let info = cache.node(name).unwrap_or_else(|| panic!("{step}: group node {name} not cached"));
                assert_eq!(*id, info.id, "{step}: {name} under another node's id");
                assert_eq!(gn.refs, info.domain_refs, "{step}: stale ids for {name}");
                assert_eq!(Some(gn.pods), info.groups.iter().find(|(k, _)| k == &g).map(|(_, c)| *c), "{step}: pods of a group on {name}");
            }
        }
        // Each kept host count is what the live nodes' groups add up to,
        // and nothing else is counted.
        assert!(!cache.host_counts.is_empty(), "{step}: host counts not kept");
        for (ns, sel) in cache.host_counts.keys() {
            let got = cache.host_counts.get(ns, sel).unwrap_or_default();
            let mut want = vec![0; got.len()];
            for n in cache.node_infos().filter(|n| n.obj.is_some()) {
                let c = n.count_matching(&|x| x == ns, sel, false);
                if c > 0 {
                    *want.get_mut(n.id as usize).unwrap_or_else(|| panic!("{step}: {} past the host counts", n.name)) = c;
                }
            }
            assert_eq!(got, &want[..], "{step}: host counts for {sel:?}");
        }
    }

    /// A bind given the cycle's facts leaves the cache as deriving them
    /// from the bound pod does: the same pods, requests, groups and counts.
    #[test]
    fn a_bind_with_the_cycles_facts_equals_a_plain_set() {
        use crate::bench::{mixed_node, mixed_pod};
        let now = kubeplay_model::Time::default();
        let (mut plain, mut reused) = (Cache::default(), Cache::default());
        for c in [&mut plain, &mut reused] {
            c.ensure_group_nodes();
            for i in 0..4 {
                c.set_node(&format!("node-{i:05}"), Some(Arc::new(Object::Node(Box::new(mixed_node(i, now))))));
            }
        }
        for i in 0..24 {
            let unbound = Arc::new(Object::Pod(Box::new(mixed_pod(i))));
            let mut facts = PodInfo::new(unbound.clone());
            drop(facts.detach());
            assert!(facts.same_facts(&PodInfo::new(unbound.clone())), "detach keeps the facts");
            let mut pod = Arc::unwrap_or_clone(unbound).as_pod().cloned().unwrap();
            pod.spec_mut().node_name = Some(format!("node-{:05}", i % 4).into());
            let bound = Arc::new(Object::Pod(Box::new(pod)));
            plain.set_pod(&bound.key(), Some(&bound));
            reused.bind_pod(&bound.key(), &bound, facts);
        }
        for (a, b) in plain.node_infos().zip(reused.node_infos()) {
            assert_eq!((&a.name, &a.requested, a.non_zero_requested, a.pods.len()), (&b.name, &b.requested, b.non_zero_requested, b.pods.len()));
            for ((ka, pa), (kb, pb)) in a.pods.iter().zip(b.pods.iter()) {
                assert_eq!(ka, kb);
                // Both hold the bound version itself.
                assert!(pa.same_facts(pb) && Arc::ptr_eq(&pa.obj, &pb.obj), "{ka:?}");
            }
        }
        assert_eq!(plain.groups, reused.groups);
    }

    #[test]
    fn ordered_views_follow_every_node_and_pod_change() {
        use crate::bench::{mixed_node, mixed_pod};
        let now = kubeplay_model::Time::default();
        let node = |i: usize| Arc::new(Object::Node(Box::new(mixed_node(i, now))));
        let bound = |i: usize, node: usize| {
            let mut p = mixed_pod(i);
            p.spec_mut().node_name = Some(format!("node-{node:05}").into());
            Arc::new(Object::Pod(Box::new(p)))
        };
        let mut cache = Cache::default();
        // Kept from the start, so every change below must keep them current.
        cache.ensure_group_nodes();
        for app in ["svc-0", "svc-2"] {
            cache.ensure_host_counts("default", &Selector::from_set(&[("app".to_string(), app.to_string())].into()));
        }
        for i in 0..6 {
            cache.set_node(&format!("node-{i:05}"), Some(node(i)));
        }
        assert_views_current(&mut cache, "nodes added");
        let pods: Vec<Arc<Object>> = (0..12).map(|i| bound(i, i % 5)).collect();
        for p in &pods {
            cache.set_pod(&p.key(), Some(p));
        }
        assert_views_current(&mut cache, "pods bound");
        assert!(cache.ordered_infos().iter().any(|v| v.info.pod_count() > 0 && v.hot.req_cpu > 0));
        // A status-only write (swaps the object), a pod deleted, one moved.
        let mut running = pods[0].as_pod().cloned().unwrap();
        running.status.phase = Some("Running".into());
        cache.set_pod(&pods[0].key(), Some(&Arc::new(Object::Pod(Box::new(running)))));
        cache.set_pod(&pods[1].key(), None);
        cache.set_pod(&pods[2].key(), Some(&bound(2, 5)));
        assert_views_current(&mut cache, "pods changed");
        // Relabelled into a kept selector's count, and terminating out of one.
        let mut relabelled = pods[5].as_pod().cloned().unwrap();
        relabelled.metadata.labels = BTreeMap::from([("app".to_string(), "svc-0".to_string())]).into();
        cache.set_pod(&pods[5].key(), Some(&Arc::new(Object::Pod(Box::new(relabelled)))));
        let mut leaving = pods[2].as_pod().cloned().unwrap();
        leaving.spec_mut().node_name = Some("node-00005".into());
        leaving.metadata.deletion_timestamp = Some(now);
        cache.set_pod(&pods[2].key(), Some(&Arc::new(Object::Pod(Box::new(leaving)))));
        assert_views_current(&mut cache, "pods relabelled");
        let counted = |app: &str| cache.host_counts.get("default", &Selector::from_set(&[("app".to_string(), app.to_string())].into())).map(|c| c.iter().sum::<u32>());
        assert_eq!((counted("svc-0"), counted("svc-2")), (Some(2), Some(0)));
        // Cordoned with a new capacity, then deleted with pods on it, then back.
        let mut cordoned = mixed_node(3, now);
        cordoned.spec.unschedulable = Some(true);
        cordoned.status.allocatable.insert("cpu".into(), kubeplay_model::Quantity::from_value(2));
        cache.set_node("node-00003", Some(Arc::new(Object::Node(Box::new(cordoned)))));
        assert_views_current(&mut cache, "node cordoned");
        assert!(cache.ordered_infos().iter().any(|v| v.hot.unschedulable && v.hot.alloc_cpu == 2000));
        // Moved to another zone with its pods still on it: new ids.
        let before = cache.node("node-00000").map(|n| n.domain_refs);
        let mut moved = mixed_node(0, now);
        moved.metadata.labels.insert(crate::scheduler::domain_ids::ZONE.into(), "zone-elsewhere".into());
        cache.set_node("node-00000", Some(Arc::new(Object::Node(Box::new(moved)))));
        assert_ne!(cache.node("node-00000").map(|n| n.domain_refs), before);
        assert_views_current(&mut cache, "node relabelled");
        cache.set_node("node-00004", None);
        assert_views_current(&mut cache, "node deleted");
        cache.set_node("node-00004", Some(node(4)));
        cache.set_pod(&pods[3].key(), None);
        assert_views_current(&mut cache, "node back");
    }

    #[test]
    fn copied_node_flags_follow_every_update() {
        use kubeplay_model::api::{Node, Taint};
        let node = |unschedulable: Option<bool>, taints: Vec<Taint>| {
            let mut n = Node { metadata: kubeplay_model::ObjectMeta { name: "n1".into(), ..Default::default() }, ..Default::default() };
            n.spec.unschedulable = unschedulable;
            n.spec.taints = taints;
            Some(Arc::new(Object::Node(Box::new(n))))
        };
        let taint = Taint { key: "dedicated".into(), value: Some("gpu".into()), effect: "NoSchedule".into(), time_added: None };
        let mut cache = Cache::default();
        let flags = |c: &Cache| c.node("n1").map(|n| (n.unschedulable, n.tainted, n.prefer_tainted));
        cache.set_node("n1", node(None, vec![]));
        assert_eq!(flags(&cache), Some((false, false, false)));
        // Cordoned and tainted, then uncordoned with `unschedulable: false`, then the taint removed.
        cache.set_node("n1", node(Some(true), vec![taint.clone()]));
        assert_eq!(flags(&cache), Some((true, true, false)));
        cache.set_node("n1", node(Some(false), vec![taint.clone()]));
        assert_eq!(flags(&cache), Some((false, true, false)));
        cache.set_node("n1", node(Some(false), vec![]));
        assert_eq!(flags(&cache), Some((false, false, false)));
        // A PreferNoSchedule taint beside a NoSchedule one, then alone.
        let prefer = Taint { effect: "PreferNoSchedule".into(), ..taint.clone() };
        assert_eq!(cache.prefer_tainted_nodes(), 0);
        cache.set_node("n1", node(None, vec![taint, prefer.clone()]));
        assert_eq!(flags(&cache), Some((false, true, true)));
        assert_eq!(cache.prefer_tainted_nodes(), 1);
        cache.set_node("n1", node(None, vec![prefer.clone()]));
        assert_eq!(flags(&cache), Some((false, true, true)));
        assert_eq!(cache.prefer_tainted_nodes(), 1);
        // The cluster-wide count TaintToleration's shortcut trusts: a second
        // such node, one deleted, one untainted.
        let mut other = node(None, vec![prefer]);
        if let Some(Object::Node(n)) = other.as_mut().and_then(Arc::get_mut) {
            n.metadata.name = "n2".into();
        }
        cache.set_node("n2", other);
        assert_eq!(cache.prefer_tainted_nodes(), 2);
        cache.set_node("n2", None);
        assert_eq!(cache.prefer_tainted_nodes(), 1);
        cache.set_node("n1", node(None, vec![]));
        assert_eq!(cache.prefer_tainted_nodes(), 0);
    }

    #[test]
    fn node_labels_answer_as_the_map_does() {
        // Keys of one length (zone/arch-like pairs), a prefix of another
        // key, the empty key and value.
        let map: BTreeMap<String, String> = [("kubernetes.io/os", "linux"), ("kubernetes.io/ab", "x"), ("kubernetes.io/hostname", "n1"), ("disk", ""), ("", "empty")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let index = NodeLabels::of(&map);
        for key in ["kubernetes.io/os", "kubernetes.io/ab", "kubernetes.io/xy", "kubernetes.io/hostname", "kubernetes.io", "disk", "", "zone"] {
            assert_eq!(index.label(key), map.label(key), "{key:?}");
        }
        assert_eq!(index.label("kubernetes.io/ab"), Some("x"));
        assert_eq!(NodeLabels::default().label("disk"), None);
        // Image names the same way: same-length names, a prefix, absent.
        let images = NodeImages([("nginx:1.25", 10), ("nginx:1.26", 20), ("registry.k8s.io/pause:3.10", 1)].into_iter().map(|(n, s)| (n.into(), s)).collect());
        assert_eq!((images.get("nginx:1.26"), images.get("nginx:1.25"), images.get("nginx:1.2"), images.get("nginx:1.27")), (Some(20), Some(10), None, None));
        assert_eq!(images.names().collect::<Vec<_>>(), ["nginx:1.25", "nginx:1.26", "registry.k8s.io/pause:3.10"]);
    }

    #[test]
    fn host_port_conflicts() {
        let hp = |ip: &str, proto: &str, port| HostPort { ip: ip.into(), protocol: proto.into(), port };
        // Cases from upstream's TestNodePorts / HostPortInfo tests.
        assert!(hp("", "TCP", 8080).conflicts(&hp("127.0.0.1", "TCP", 8080)));
        assert!(hp("0.0.0.0", "TCP", 8080).conflicts(&hp("10.0.10.10", "TCP", 8080)));
        assert!(!hp("127.0.0.1", "TCP", 8080).conflicts(&hp("127.0.0.2", "TCP", 8080)));
        assert!(!hp("", "TCP", 8080).conflicts(&hp("", "UDP", 8080)));
        assert!(!hp("", "TCP", 8080).conflicts(&hp("", "TCP", 8081)));
    }

    /// What a node's entry says, by value, and whether each pod is the
    /// object the store holds now.
    fn summary(c: &Cache, store: &Store) -> Vec<String> {
        let mut out = Vec::new();
        for n in c.node_infos() {
            let groups: Vec<(&GroupKey, u32)> = n.groups.iter().map(|(g, k)| (&**g, *k)).collect();
            let ports: Vec<(&HostPort, u32)> = n.used_ports.iter().map(|(p, k)| (p, *k)).collect();
            out.push(format!(
                "{} {:?} {:?} {} {:?} {:?} {} {}",
                n.name, n.requested, n.non_zero_requested, n.allowed_pods, groups, ports, n.with_affinity, n.with_required_anti_affinity
            ));
            for (k, p) in n.pods.iter() {
                let current = store.get(k).is_some_and(|o| Arc::ptr_eq(o, &p.obj));
                out.push(format!("  {k:?} current={current} {:?} {:?} {:?}", p.request, p.non_zero, p.group));
            }
        }
        for (k, p) in c.affinity_pods.iter() {
            out.push(format!("affinity {k:?} current={}", store.get(k).is_some_and(|o| Arc::ptr_eq(o, &p.obj))));
        }
        for (g, nodes) in c.group_nodes().iter() {
            // By name: two caches may have given their nodes ids in another order.
            let by_name: BTreeMap<&str, (u32, DomainRefs)> = nodes.values().map(|n| (n.name.as_str(), (n.pods, n.refs))).collect();
            out.push(format!("group {:?} {by_name:?}", &**g));
        }
        out
    }

    /// The cache kept up to date change by change (status writes only swap
    /// the pod's object) says the same as one built from the store, through
    /// pod starts, restarts, a rolling update and deletions.
    #[test]
    fn the_kept_cache_equals_one_rebuilt_from_the_store() {
        use crate::{client, Engine, DEFAULT_SETTLE_MS};
        let mut e = Engine::with_default_cluster(5);
        let manifest = r#"{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
            "spec": {"replicas": 4, "selector": {"matchLabels": {"app": "web"}},
              "template": {"metadata": {"labels": {"app": "web"}}, "spec": {
                "affinity": {"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"weight": 10,
                  "podAffinityTerm": {"topologyKey": "kubernetes.io/hostname", "labelSelector": {"matchLabels": {"app": "web"}}}}]}},
                "containers": [{"name": "c", "image": "nginx:1.14.2", "ports": [{"containerPort": 80, "hostPort": 8080}],
                  "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}}}]}}}}"#;
        let obj = kubeplay_codec::object_from_json(&serde_json::from_str(manifest).unwrap()).unwrap();
        client::create(&mut e, obj).unwrap();
        let crashing = r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "crash"},
            "spec": {"containers": [{"name": "c", "image": "busybox", "command": ["sh", "-c", "exit 1"]}]}}"#;
        client::create(&mut e, kubeplay_codec::object_from_json(&serde_json::from_str(crashing).unwrap()).unwrap()).unwrap();
        let check = |e: &Engine, when: &str| {
            let kept = &e.world().scheduler.cache;
            assert_eq!(kept.synced_rv, e.store().resource_version(), "{when}: the cache has seen every change");
            let kept = summary(kept, e.store());
            assert!(kept.iter().filter(|l| l.contains("current=true")).count() >= 4, "{when}: pods are cached");
            assert_eq!(kept, summary(&Cache::rebuild(e.store()), e.store()), "{when}");
        };
        e.settle(DEFAULT_SETTLE_MS);
        check(&e, "started");
        e.advance(120_000);
        check(&e, "after restarts");
        let key = ObjectKey::new(Kind::Deployment, "default", "web");
        let mut d = (**e.store().get(&key).unwrap()).clone();
        if let Object::Deployment(dep) = &mut d {
            dep.spec.template.spec.containers[0].image = Some("nginx:1.16.1".into());
        }
        client::replace(&mut e, d).unwrap();
        for _ in 0..400 {
            if e.step().is_none() {
                break;
            }
        }
        e.settle(DEFAULT_SETTLE_MS);
        check(&e, "after the rollout");
        client::delete(&mut e, &ObjectKey::new(Kind::Pod, "default", "crash"), Default::default()).unwrap();
        e.settle(DEFAULT_SETTLE_MS);
        check(&e, "after a deletion");
    }
}
