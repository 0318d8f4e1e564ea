//! The object store: reads, and writes with the API server's semantics.

use crate::active_pods::{ActivePods, PodGroup};
use crate::admission;
use crate::change::{Change, ChangeType};
use crate::error::{ApiError, Result};
use crate::event_ttl::EventLeases;
use imbl::{OrdMap, OrdSet};
use kubeplay_model::hashed::{Hashed, Lookup};
use kubeplay_model::object::{kind_has_generation, KeyRef};
use kubeplay_model::{Atom, Kind, Object, ObjectKey, SharedStr, Time, Uid};
use std::sync::Arc;

/// The annotation `kubectl apply` keeps its last applied configuration in.
pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// At most this many objects besides Events: a clear error instead of a
/// frozen tab.
pub const MAX_OBJECTS: usize = 500_000;

/// At most this many Events, counted apart: a busy cluster writes several
/// per pod, and they expire after an hour (see `event_ttl`), so they must
/// not crowd out the objects a user makes. A recorder whose Event is
/// refused drops it, as client-go's does when the server rejects one.
pub const MAX_EVENTS: usize = 1_000_000;

/// The namespaces NamespaceLifecycle admission never lets go
/// (`immortalNamespaces`; kube-node-lease is not one of them).
const IMMORTAL_NAMESPACES: [&str; 3] = ["default", "kube-system", "kube-public"];

/// What a write needs from its caller: the simulated time and the seeded
/// random source (for uids and generated names).
pub struct WriteCtx<'a> {
    pub now: Time,
    pub rng: &'a mut dyn FnMut() -> u64,
}

/// How dependents are treated when their owner is deleted
/// (`kubectl delete --cascade=background|foreground|orphan`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Propagation {
    #[default]
    Background,
    Foreground,
    Orphan,
}

#[derive(Clone, Debug, Default)]
pub struct DeleteOptions {
    /// `--grace-period`; `Some(0)` with force deletes at once.
    pub grace_period_seconds: Option<i64>,
    pub propagation: Propagation,
}

/// The cluster's objects. Cloning is O(1) (structural sharing).
#[derive(Clone)]
pub struct Store {
    /// One map per kind, at `kind as usize`: a pod lookup walks the pods
    /// only, not the events beside them (several per pod, most of a busy
    /// cluster's objects). Kinds order as they are declared, so the maps
    /// in turn are the objects in key order.
    objects: [Bucket; KINDS],
    /// Custom resources, one map per custom kind (after the built-in
    /// kinds in key order, as `Kind` orders).
    custom: OrdMap<Kind, Bucket>,
    /// What a kind without objects reads as.
    empty: Bucket,
    /// Warnings the last writes owe their client (a custom resource's
    /// pruned fields, PodSecurity's findings), as an HTTP response's
    /// `Warning` headers.
    warnings: Owed,
    count: usize,
    /// How many of `count` are Events.
    events: usize,
    /// How many pods are Succeeded or Failed: pod GC's terminated-pod
    /// threshold is weighed at every termination, without a listing.
    terminated_pods: usize,
    /// When each Event's etcd lease runs out.
    event_leases: EventLeases,
    resource_version: u64,
    changes: Vec<Change>,
    /// Objects by (kind, controller uid); "" for objects without a
    /// controller. What informers' indexers give real controllers: claims
    /// cost what the owner owns, not what the cluster holds. Each bucket
    /// holds the objects themselves (replaced on every write), so reading
    /// one costs no lookup in `objects`: a ReplicaSet's sync reads all of
    /// its pods, and those lookups were most of its time. One map per
    /// kind, keyed by [`Hashed`] uids: they are only looked up.
    by_controller: [OrdMap<Hashed, Bucket>; KINDS],
    /// Pods by `spec.nodeName` (unbound pods under ""), held as in
    /// `by_controller`: a kubelet reads its node's pods at every admission
    /// and container start. Keyed by [`Hashed`] names: a thousand nodes'
    /// names differ in their last characters.
    pods_by_node: OrdMap<Hashed, Bucket>,
    /// Objects by the uid of each of their owner references: the garbage
    /// collector's dependency graph (its `uidToNode`), so collecting an
    /// owner's dependents costs what it owns, not every object of the
    /// kinds it could own.
    dependents_by_uid: OrdMap<Uid, OrdSet<ObjectKey>>,
    /// Objects by (kind, name, uid) of each of their owner references:
    /// what still points at an owner that was deleted (and maybe created
    /// again under the same name with a new uid). The uid is in the key so
    /// that, for a live owner, finding none costs no walk of what it owns.
    dependents_by_name: OrdMap<(Atom, String, Uid), OrdSet<ObjectKey>>,
    /// Pods by namespace and label set, held as in `by_controller`: what a
    /// selector selects (an autoscaler's, a Service's, a disruption
    /// budget's) is found by matching each label set once, not each pod.
    pods_by_labels: OrdMap<Atom, OrdMap<Labels, Bucket>>,
    /// Active pods counted by controller and label set, with how many are
    /// Ready: a ReplicaSet's status without reading its pods.
    active_pods: ActivePods,
    /// The subresource the write under way was sent to (`scale`), as
    /// admission sees it; "" for the object itself.
    subresource: &'static str,
}

/// Warnings owed to the client of the writes since they were last taken.
/// A copy of the store (a step's snapshot, a dry run's scratch store)
/// owes none: they belong to the requests that raised them, not to the
/// cluster's state, and a world restored from a snapshot (`sim back`)
/// must not bring back warnings a controller's writes raised then.
#[derive(Default)]
struct Owed(Vec<String>);

impl Clone for Owed {
    fn clone(&self) -> Owed {
        Owed::default()
    }
}

/// One index bucket: objects in key order, as the store holds them.
type Bucket = OrdMap<ObjectKey, Arc<Object>>;

type Labels = std::collections::BTreeMap<String, String>;

const KINDS: usize = Kind::ALL.len();

impl Default for Store {
    fn default() -> Store {
        Store {
            objects: std::array::from_fn(|_| Bucket::new()),
            custom: OrdMap::new(),
            empty: Bucket::new(),
            warnings: Owed::default(),
            count: 0,
            events: 0,
            terminated_pods: 0,
            event_leases: EventLeases::default(),
            resource_version: 0,
            changes: Vec::new(),
            by_controller: std::array::from_fn(|_| OrdMap::new()),
            pods_by_node: OrdMap::new(),
            dependents_by_uid: OrdMap::new(),
            dependents_by_name: OrdMap::new(),
            pods_by_labels: OrdMap::new(),
            active_pods: ActivePods::default(),
            subresource: "",
        }
    }
}

/// Whether a kind's objects go in the controller index. Nothing controls
/// an Event, and leaving them out spares each event a second insert.
fn controllable(kind: Kind) -> bool {
    kind != Kind::Event && !matches!(kind, Kind::Custom(_))
}

fn controller_uid(o: &Object) -> &str {
    o.meta().controller_ref().map_or("", |r| r.uid.as_str())
}

fn node_of(o: &Object) -> Option<&str> {
    o.as_pod().map(|p| p.spec.node_name.as_deref().unwrap_or_default())
}

fn index_remove<K: Ord + Clone>(idx: &mut OrdMap<K, OrdSet<ObjectKey>>, k: &K, key: &ObjectKey) {
    if let Some(set) = idx.get_mut(k) {
        set.remove(key);
        if set.is_empty() {
            idx.remove(k);
        }
    }
}

fn bucket_remove<K: Ord + Clone + std::borrow::Borrow<Q>, Q: Ord + ?Sized>(idx: &mut OrdMap<K, Bucket>, k: &Q, key: &ObjectKey) {
    if let Some(bucket) = idx.get_mut(k) {
        bucket.remove(key);
        if bucket.is_empty() {
            idx.remove(k);
        }
    }
}

/// Moves `key` from bucket `old` to bucket `new` (either may be absent),
/// storing `obj` there: the object changes on every write even when its
/// bucket does not.
fn bucket_put(idx: &mut OrdMap<Hashed, Bucket>, key: &ObjectKey, old: Option<&str>, new: Option<(&str, &Arc<Object>)>) {
    if let Some(o) = old {
        if new.is_none_or(|(n, _)| n != o) {
            bucket_remove(idx, Lookup::new(o).view(), key);
        }
    }
    if let Some((n, obj)) = new {
        match idx.get_mut(Lookup::new(n).view()) {
            Some(bucket) => {
                bucket.insert(key.clone(), obj.clone());
            }
            None => {
                idx.insert(Hashed::new(n.to_string()), Bucket::unit(key.clone(), obj.clone()));
            }
        }
    }
}

/// The first key of `kind` in `namespace` (None: of every namespace): where
/// a range over keys, which order by kind, namespace and name, starts.
fn first_key(kind: Kind, namespace: Option<&str>) -> ObjectKey {
    // Interned as the stored keys' namespaces are: the range's first key
    // then compares to them by address.
    ObjectKey { kind, namespace: Atom::from(namespace.unwrap_or("")), name: SharedStr::default() }
}

/// The keys of `kind` in one namespace as a range: from its first key to
/// the first of the next possible namespace (the name followed by NUL).
/// Only the range's ends are compared, not every key in it: each key's
/// namespace is text elsewhere in memory, a cache miss to read.
fn namespace_range(kind: Kind, namespace: &str) -> std::ops::Range<ObjectKey> {
    let namespace = if kind.namespaced() { namespace } else { "" };
    let next = ObjectKey { kind, namespace: Atom::from([namespace, "\0"].concat()), name: SharedStr::default() };
    first_key(kind, Some(namespace))..next
}

impl Store {
    pub fn new() -> Store {
        Store::default()
    }

    /// Puts `obj` under its key as it is: no write, no version, no
    /// change recorded. Only for a read's throwaway copy of the store:
    /// the engine presents the Leases its components renew this way
    /// (`kubeplay_engine::leases`), since a write per renewal would cost
    /// a step each. Nothing that persists may hold an object no write made.
    pub fn present(&mut self, obj: Arc<Object>) {
        let key = obj.key();
        self.put(&key, Some(obj));
    }

    /// Puts `new` at `key` (None: removes it).
    fn put(&mut self, key: &ObjectKey, new: Option<Arc<Object>>) {
        self.put_leased(key, new, true);
    }

    /// The one place objects enter or leave the map, so indexes stay true;
    /// returns what was there. `forget_lease` is false when a removed
    /// Event's lease is already gone (its expiry took it).
    fn put_leased(&mut self, key: &ObjectKey, new: Option<Arc<Object>>, forget_lease: bool) -> Option<Arc<Object>> {
        let map = self.bucket_mut(key.kind);
        let old = match &new {
            Some(n) => map.insert(key.clone(), n.clone()),
            None => map.remove(key),
        };
        self.count = self.count + new.is_some() as usize - old.is_some() as usize;
        if key.kind == Kind::Event {
            self.events = self.events + new.is_some() as usize - old.is_some() as usize;
            if new.is_none() && forget_lease {
                if let Some(version) = old.as_deref().and_then(stored_version) {
                    self.event_leases.forget(version);
                }
            }
        }
        self.index(key, old.as_deref(), new.as_ref());
        old
    }

    /// Keeps the indexes for one write of `key`, from `old` to `new`.
    fn index(&mut self, key: &ObjectKey, old: Option<&Object>, new: Option<&Arc<Object>>) {
        if controllable(key.kind) {
            bucket_put(&mut self.by_controller[key.kind.index()], key, old.map(controller_uid), new.map(|n| (controller_uid(n), n)));
        }
        if key.kind == Kind::Pod {
            let terminated = |o: Option<&Object>| o.and_then(Object::as_pod).is_some_and(|p| matches!(p.phase(), "Succeeded" | "Failed"));
            self.terminated_pods = (self.terminated_pods + terminated(new.map(|n| &**n)) as usize).saturating_sub(terminated(old) as usize);
            self.active_pods.update(&key.namespace, old, new.map(|n| &**n));
            self.put_labelled(key, old, new);
            bucket_put(&mut self.pods_by_node, key, old.and_then(node_of), new.and_then(|n| Some((node_of(n)?, n))));
        }
        let no_refs: &[kubeplay_model::OwnerReference] = &[];
        let old_refs = old.map_or(no_refs, |o| &o.meta().owner_references);
        let new_refs = new.map_or(no_refs, |n| &n.meta().owner_references);
        if old_refs != new_refs {
            for r in old_refs {
                index_remove(&mut self.dependents_by_uid, &r.uid, key);
                index_remove(&mut self.dependents_by_name, &(r.kind.clone(), r.name.clone(), r.uid.clone()), key);
            }
            for r in new_refs {
                self.dependents_by_uid.entry(r.uid.clone()).or_default().insert(key.clone());
                self.dependents_by_name.entry((r.kind.clone(), r.name.clone(), r.uid.clone())).or_default().insert(key.clone());
            }
        }
    }

    /// Keeps `pods_by_labels` for one pod write. Keys are cloned only for a
    /// new namespace or label set: every write replaces the object.
    fn put_labelled(&mut self, key: &ObjectKey, old: Option<&Object>, new: Option<&Arc<Object>>) {
        let new_labels = new.map(|n| &n.meta().labels);
        if let Some(o) = old.map(|o| &o.meta().labels).filter(|o| Some(*o) != new_labels) {
            if let Some(sets) = self.pods_by_labels.get_mut(&*key.namespace) {
                bucket_remove(sets, o, key);
                if sets.is_empty() {
                    self.pods_by_labels.remove(&*key.namespace);
                }
            }
        }
        if let Some(n) = new {
            let sets = match self.pods_by_labels.get_mut(&*key.namespace) {
                Some(sets) => sets,
                None => self.pods_by_labels.entry(key.namespace.clone()).or_default(),
            };
            let labels = &*n.meta().labels;
            match sets.get_mut(labels) {
                Some(bucket) => bucket.insert(key.clone(), n.clone()),
                None => sets.entry(labels.clone()).or_default().insert(key.clone(), n.clone()),
            };
        }
    }

    // ---- reads ----

    /// Objects of `kind` whose controller owner has this uid (never events:
    /// they are not indexed, see `controllable`).
    pub fn controlled_by<'a>(&'a self, kind: Kind, uid: &str) -> impl Iterator<Item = &'a Arc<Object>> + 'a {
        self.by_controller.get(kind.index()).and_then(|m| m.get(Lookup::new(uid).view())).into_iter().flat_map(|b| b.values())
    }

    /// Objects of `kind` in `namespace` without a controller owner.
    pub fn orphans<'a>(&'a self, kind: Kind, namespace: &'a str) -> impl Iterator<Item = &'a Arc<Object>> + 'a {
        self.controlled_in(kind, "", namespace)
    }

    /// Objects of `kind` in `namespace` whose controller owner has this
    /// uid ("": none), in key order: what a controller's lister of one
    /// namespace gives it.
    pub fn controlled_in<'a>(&'a self, kind: Kind, uid: &str, namespace: &str) -> impl Iterator<Item = &'a Arc<Object>> + 'a {
        let range = namespace_range(kind, namespace);
        self.by_controller.get(kind.index()).and_then(|m| m.get(Lookup::new(uid).view())).into_iter().flat_map(move |b| b.range(range.clone())).map(|(_, v)| v)
    }

    /// The active pods (not terminal, not being deleted) whose controller
    /// has this uid, in `namespace`, as counts per label set: what a
    /// controller needs to know of its pods when it does not pick any.
    pub fn active_pod_groups<'a>(&'a self, controller_uid: &str, namespace: &'a str) -> impl Iterator<Item = &'a PodGroup> + 'a {
        self.active_pods.groups(controller_uid, namespace)
    }

    /// Pods of `namespace` whose labels `selects` accepts, in key order
    /// (as [`Store::list`] gives them): `selects` is asked once per label
    /// set, so a selector costs the label sets of the namespace and the
    /// pods it selects, not every pod.
    pub fn pods_selected<'a>(&'a self, namespace: &str, selects: impl Fn(&Labels) -> bool) -> Vec<&'a Arc<Object>> {
        let Some(sets) = self.pods_by_labels.get(namespace) else { return Vec::new() };
        let mut groups = sets.iter().filter(|(labels, _)| selects(labels)).map(|(_, bucket)| bucket);
        let Some(first) = groups.next() else { return Vec::new() };
        let mut out: Vec<&Arc<Object>> = first.values().collect();
        let mut merged = false;
        for bucket in groups {
            out.extend(bucket.values());
            merged = true;
        }
        // One namespace: key order is name order.
        if merged {
            out.sort_unstable_by(|a, b| a.name().cmp(b.name()));
        }
        out
    }

    /// Pods bound to a node (`""`: pods not bound yet).
    pub fn pods_on_node<'a>(&'a self, node: &str) -> impl Iterator<Item = &'a Arc<Object>> + 'a {
        self.pods_on_node_keyed(node).map(|(_, o)| o)
    }

    /// [`Store::pods_on_node`] with their keys, in key order.
    pub fn pods_on_node_keyed<'a>(&'a self, node: &str) -> impl Iterator<Item = (&'a ObjectKey, &'a Arc<Object>)> + 'a {
        self.pods_by_node.get(Lookup::new(node).view()).into_iter().flat_map(|b| b.iter())
    }

    /// Objects with an owner reference to this uid, in key order (the
    /// garbage collector's graph: what an owner's deletion affects).
    pub fn dependents<'a>(&'a self, uid: &str) -> impl Iterator<Item = &'a Arc<Object>> + 'a {
        self.dependents_by_uid.get(uid).into_iter().flat_map(|set| set.iter()).filter_map(|k| self.get(k))
    }

    /// Objects with an owner reference of this `kind` (as the reference
    /// spells it, e.g. "ReplicaSet") and name whose uid is not `except`
    /// (any uid when None), in key order.
    pub fn dependents_named<'a>(&'a self, kind: &str, name: &str, except: Option<&str>) -> impl Iterator<Item = &'a Arc<Object>> + 'a {
        let from = (Atom::from(kind), name.to_string(), Uid::default());
        let keys: std::collections::BTreeSet<&ObjectKey> = self
            .dependents_by_name
            .range(from..)
            .take_while(|((k, n, _), _)| k == kind && n == name)
            .filter(|((_, _, uid), _)| except != Some(uid.as_str()))
            .flat_map(|(_, set)| set.iter())
            .collect();
        keys.into_iter().filter_map(|k| self.get(k))
    }

    pub fn get(&self, key: &ObjectKey) -> Option<&Arc<Object>> {
        self.bucket(key.kind).get(key)
    }

    pub fn get_by(&self, kind: Kind, namespace: &str, name: &str) -> Option<&Arc<Object>> {
        self.bucket(kind).get(KeyRef::new(kind, namespace, name).view())
    }

    /// [`Store::get_by`] with the stored key, which a caller that keeps the
    /// key (to enqueue it) clones without copying its name.
    pub fn get_entry_by(&self, kind: Kind, namespace: &str, name: &str) -> Option<(&ObjectKey, &Arc<Object>)> {
        self.bucket(kind).get_key_value(KeyRef::new(kind, namespace, name).view())
    }

    /// Objects of a kind, in one namespace or (None) all, ordered by
    /// namespace then name.
    pub fn list<'a>(&'a self, kind: Kind, namespace: Option<&'a str>) -> impl Iterator<Item = &'a Arc<Object>> + 'a {
        // Cluster-scoped kinds ignore the namespace, as the API server does.
        let namespace = if kind.namespaced() { namespace } else { None };
        self.bucket(kind)
            .range(self.list_start(kind, namespace)..)
            .take_while(move |(k, _)| namespace.is_none_or(|ns| k.namespace == ns))
            .map(|(_, v)| v)
    }

    /// Where [`Store::list`]'s range starts. Controllers' watches list, on
    /// every pod change, kinds a cluster mostly holds none of (budgets,
    /// quotas): an empty kind's range starts anywhere, at a key whose
    /// namespace is not looked up among the interned ones. Not inlined:
    /// every caller of `list` compiles its own walk, and in wasm each copy
    /// of this is size.
    #[inline(never)]
    fn list_start(&self, kind: Kind, namespace: Option<&str>) -> ObjectKey {
        if self.bucket(kind).is_empty() {
            ObjectKey { kind, namespace: Atom::default(), name: SharedStr::default() }
        } else {
            first_key(kind, namespace)
        }
    }

    /// Objects of a kind in one namespace whose names sort at or after
    /// `name`, in name order: a search, not a walk from the first.
    pub fn list_from<'a>(&'a self, kind: Kind, namespace: &'a str, name: &str) -> impl Iterator<Item = &'a Arc<Object>> + 'a {
        let namespace = if kind.namespaced() { namespace } else { "" };
        self.bucket(kind)
            .range(ObjectKey::new(kind, namespace, name)..)
            .take_while(move |(k, _)| k.namespace == namespace)
            .map(|(_, v)| v)
    }

    /// Pods in phase Succeeded or Failed (`isPodTerminated`).
    pub fn terminated_pod_count(&self) -> usize {
        self.terminated_pods
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Every object, in key order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Object>> {
        self.objects.iter().chain(self.custom.values()).flat_map(|m| m.values())
    }

    /// The custom kinds that have objects.
    pub fn custom_kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        self.custom.keys().copied()
    }

    fn bucket(&self, kind: Kind) -> &Bucket {
        match kind {
            Kind::Custom(_) => self.custom.get(&kind).unwrap_or(&self.empty),
            _ => &self.objects[kind.index()],
        }
    }

    fn bucket_mut(&mut self, kind: Kind) -> &mut Bucket {
        match kind {
            Kind::Custom(_) => self.custom.entry(kind).or_default(),
            _ => &mut self.objects[kind.index()],
        }
    }

    pub fn resource_version(&self) -> u64 {
        self.resource_version
    }

    /// Takes the changes written since the last call (the engine's watch feed).
    pub fn take_changes(&mut self) -> Vec<Change> {
        std::mem::take(&mut self.changes)
    }

    // ---- writes ----

    pub fn has_warnings(&self) -> bool {
        !self.warnings.0.is_empty()
    }

    /// The warnings the writes since the last call owe their client.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings.0)
    }

    fn warn_pruned(&mut self, warnings: Vec<String>) {
        self.warnings.0.extend(warnings);
    }

    /// An admission plugin's warnings (or a dry run's, handed over from
    /// its scratch copy). One already owed is not repeated (kubectl would
    /// not print it twice), so the pods a controller makes from one
    /// template, each warned the same, owe one warning.
    pub fn warn(&mut self, warnings: Vec<String>) {
        for w in warnings {
            if !self.warnings.0.contains(&w) {
                self.warnings.0.push(w);
            }
        }
    }

    fn next_rv(&mut self) -> u64 {
        self.resource_version += 1;
        self.resource_version
    }

    fn record(&mut self, type_: ChangeType, key: ObjectKey, old: Option<Arc<Object>>, new: Option<Arc<Object>>) {
        let resource_version = self.resource_version;
        self.changes.push(Change { type_, key, old, new, resource_version });
    }

    fn check_namespace(&self, obj: &Object) -> Result<()> {
        if !obj.kind().namespaced() {
            return Ok(());
        }
        let ns = obj.namespace();
        match self.get_by(Kind::Namespace, "", ns) {
            None => Err(ApiError::not_found(Kind::Namespace, ns)),
            Some(n) if n.meta().deletion_timestamp.is_some() => Err(ApiError::NamespaceTerminating {
                message: format!(
                    "{} \"{}\" is forbidden: unable to create new content in namespace {ns} because it is being terminated",
                    obj.kind().info().group_resource(),
                    obj.name()
                ),
            }),
            Some(_) => Ok(()),
        }
    }

    /// Creates an object as `POST` does: generated name, uid,
    /// resourceVersion, creation time, defaults, admission, validation.
    pub fn create(&mut self, mut obj: Object, ctx: &mut WriteCtx) -> Result<Arc<Object>> {
        let kind = obj.kind();
        read_only(kind)?;
        if kind == Kind::Event && self.events >= MAX_EVENTS {
            return Err(ApiError::TooLarge {
                message: format!("the playground holds at most {MAX_EVENTS} events"),
            });
        }
        if kind != Kind::Event && self.count - self.events >= MAX_OBJECTS {
            return Err(ApiError::TooLarge {
                message: format!("the playground holds at most {MAX_OBJECTS} objects"),
            });
        }
        // The name the request carried: mutating admission runs before the
        // server generates one, so it names the object by its prefix.
        let requested = {
            let meta = obj.meta();
            if meta.name.is_empty() { meta.generate_name.as_deref().unwrap_or_default().to_string() } else { meta.name.clone() }
        };
        {
            let meta = obj.meta_mut();
            if !kind.namespaced() {
                meta.namespace = Default::default();
            } else if meta.namespace.is_empty() {
                meta.namespace = "default".into();
            }
            if meta.name.is_empty() {
                if let Some(base) = meta.generate_name.clone().filter(|b| !b.is_empty()) {
                    meta.name = crate::rules::generate_name(&base, &mut *ctx.rng);
                }
            }
        }
        self.check_namespace(&obj)?;
        if obj.name().is_empty() {
            // Neither name nor generateName: validation says so, with
            // whatever else it finds.
            kubeplay_model::defaults::apply_defaults(&mut obj);
            validate_create(&obj)?;
            return Err(ApiError::invalid(kind, "", ["metadata.name: Required value: name or generateName is required".to_string()]));
        }
        let key = obj.key();
        // A taken key is refused last (below), but a create refused for it
        // draws nothing from the shared random source: a request that
        // changed nothing leaves every later name and uid as it was.
        let taken = self.get(&key).cloned();
        let mut no_draw = || 0;
        let rng: &mut dyn FnMut() -> u64 = if taken.is_some() { &mut no_draw } else { &mut *ctx.rng };
        kubeplay_model::defaults::apply_defaults(&mut obj);
        let pruned = crate::custom::admit(self, &mut obj, None)?;
        // The uid comes first: a Job's generated selector is built from it.
        obj.meta_mut().uid = uuid(rng);
        kubeplay_model::defaults::prepare_for_create(&mut obj);
        kubeplay_model::defaults::stamp_phase_transition(None, &mut obj, ctx.now);
        admission::admit_create(self, &mut obj, &requested, rng)?;
        // Mutating admission runs before the registry's PrepareForCreate
        // upstream, so a pod's QoS class counts LimitRanger's defaults.
        if let Object::Pod(p) = &mut obj {
            let qos = kubeplay_model::defaults::pod_qos_class(p);
            if p.status.qos_class.as_deref() != Some(qos) {
                p.status.qos_class = Some(qos.into());
            }
            // The pod strategy's AppArmor field/annotation sync, which
            // warns about the annotation before validation runs.
            let warnings = kubeplay_model::validation::security_profiles::apparmor_version_skew(p);
            self.warn(warnings);
        }
        validate_create(&obj)?;
        // The strategy's warnings come after its validation and before
        // the validating admission plugins'.
        self.warn(crate::pvc_warnings::warnings(&obj));
        admission::validate_create(self, &obj)?;
        // etcd3's store refuses a create that carries a resourceVersion (a
        // plain error: a 500 without a reason); one that is not a positive
        // integer goes unnoticed. kubectl clears it before it sends.
        if obj.meta().resource_version.parse::<u64>().is_ok_and(|v| v > 0) {
            return Err(ApiError::Internal { message: "resourceVersion should not be set on objects to be created".into() });
        }
        // The registry finds the key taken last, from storage: an invalid
        // or refused object says so first.
        if let Some(existing) = taken {
            return Err(ApiError::already_exists_as(&existing));
        }
        self.warn_pruned(pruned);
        let rv = self.next_rv();
        {
            let meta = obj.meta_mut();
            meta.resource_version = rv_text(rv);
            meta.creation_timestamp = Some(ctx.now);
            meta.deletion_timestamp = None;
            meta.deletion_grace_period_seconds = None;
            meta.generation = if kind_has_generation(kind) { 1 } else { 0 };
            meta.self_link = None;
        }
        crate::policy_typecheck::stamp(&mut obj);
        let arc = Arc::new(obj);
        self.put(&key, Some(arc.clone()));
        if kind == Kind::Event {
            self.event_leases.touch(&key, ctx.now, rv, None);
        }
        self.record(ChangeType::Added, key, None, Some(arc.clone()));
        Ok(arc)
    }

    /// Replaces an object's metadata and spec as `PUT` does; the stored
    /// status is kept for kinds with a status subresource. A non-empty
    /// `resourceVersion` that is not the current one is a Conflict.
    pub fn update(&mut self, obj: Object, ctx: &mut WriteCtx) -> Result<Arc<Object>> {
        self.write_update(obj, Some(&mut *ctx.rng), ctx.now)
    }

    /// [`Store::update`] sent to a subresource (`deployments/scale` from
    /// `kubectl scale`): admission matches and judges it as that.
    pub fn update_subresource(&mut self, obj: Object, subresource: &'static str, ctx: &mut WriteCtx) -> Result<Arc<Object>> {
        self.subresource = subresource;
        let out = self.update(obj, ctx);
        self.subresource = "";
        out
    }

    /// The subresource of the write under way ("" for the object).
    pub(crate) fn subresource(&self) -> &'static str {
        self.subresource
    }

    /// Binds a pod to a node, as the `pods/binding` subresource does for
    /// the scheduler: sets `spec.nodeName` (which a normal update may not
    /// change) and the PodScheduled condition.
    pub fn bind(&mut self, key: &ObjectKey, node: &str, ctx: &mut WriteCtx) -> Result<Arc<Object>> {
        let Some(old) = self.get(key).cloned() else {
            return Err(ApiError::not_found(key.kind, &key.name));
        };
        let Object::Pod(pod) = &*old else {
            return Err(ApiError::BadRequest { message: format!("{} cannot be bound", key.kind) });
        };
        if pod.node_name().is_some() {
            return Err(ApiError::Conflict { resource: "pods/binding".into(), name: key.name.to_string() });
        }
        if pod.metadata.deletion_timestamp.is_some() {
            return Err(ApiError::Conflict { resource: "pods/binding".into(), name: key.name.to_string() });
        }
        let mut p = pod.clone();
        p.spec_mut().node_name = Some(kubeplay_model::Atom::from(node));
        kubeplay_model::meta::set_condition(
            &mut p.status.conditions,
            kubeplay_model::Condition {
                type_: kubeplay_model::atom!("PodScheduled"),
                status: kubeplay_model::atom!("True"),
                last_transition_time: Some(ctx.now),
                ..Default::default()
            },
        );
        let rv = self.next_rv();
        p.metadata.resource_version = rv_text(rv);
        let arc = Arc::new(Object::Pod(p));
        self.put(key, Some(arc.clone()));
        self.record(ChangeType::Modified, key.clone(), Some(old), Some(arc.clone()));
        Ok(arc)
    }

    /// Empties a Namespace's `spec.finalizers`, as the `namespaces/finalize`
    /// subresource does (a normal update may not change them); a namespace
    /// being deleted then goes.
    pub fn finalize_namespace(&mut self, name: &str, _ctx: &mut WriteCtx) -> Result<Arc<Object>> {
        let key = ObjectKey::new(Kind::Namespace, "", name);
        let Some(old) = self.get(&key).cloned() else {
            return Err(ApiError::not_found(Kind::Namespace, name));
        };
        let mut obj = (*old).clone();
        if let Object::Namespace(ns) = &mut obj {
            ns.spec.finalizers.clear();
        }
        let rv = self.next_rv();
        obj.meta_mut().resource_version = rv_text(rv);
        let arc = Arc::new(obj);
        if arc.meta().deletion_timestamp.is_some() && finalizers_done(&arc) {
            self.put(&key, None);
            self.record(ChangeType::Deleted, key, Some(old), None);
        } else {
            self.put(&key, Some(arc.clone()));
            self.record(ChangeType::Modified, key, Some(old), Some(arc.clone()));
        }
        Ok(arc)
    }

    /// A write to a pod's `ephemeralcontainers` subresource: of `pod`, only
    /// its ephemeral containers (and the identity fields upstream's
    /// `dropNonEphemeralContainerUpdates` keeps) reach the stored pod, and
    /// `ValidatePodEphemeralContainersUpdate` allows only additions.
    pub fn update_ephemeral_containers(&mut self, pod: Object, _ctx: &mut WriteCtx) -> Result<Arc<Object>> {
        let key = pod.key();
        let Some(old) = self.get(&key).cloned() else {
            return Err(ApiError::not_found(key.kind, &key.name));
        };
        let (Object::Pod(new), Object::Pod(stored)) = (pod, &*old) else {
            return Err(ApiError::BadRequest { message: format!("{} has no ephemeral containers", key.kind) });
        };
        let rv = &new.metadata.resource_version;
        if !rv.is_empty() && *rv != stored.metadata.resource_version {
            return Err(ApiError::conflict(key.kind, &key.name));
        }
        let mut updated = (**stored).clone();
        updated.metadata.uid = new.metadata.uid.clone();
        updated.spec_mut().ephemeral_containers = new.spec.ephemeral_containers.clone();
        let mut obj = Object::Pod(Box::new(updated));
        kubeplay_model::defaults::apply_defaults(&mut obj);
        if let Object::Pod(p) = &obj {
            let errs = kubeplay_model::validation::validate_ephemeral_containers_update(stored, p);
            if !errs.is_empty() {
                return Err(ApiError::invalid(key.kind, &key.name, errs.iter().map(|e| e.to_string())));
            }
        }
        // PodSecurity checks this subresource as it does the pod: a
        // debugging container may not break the namespace's level.
        let warnings = crate::pod_security::admit(self, Some(&old), &obj)?;
        self.warn(warnings);
        if obj == *old {
            return Ok(old);
        }
        let rv = self.next_rv();
        obj.meta_mut().resource_version = rv_text(rv);
        let arc = Arc::new(obj);
        self.put(&key, Some(arc.clone()));
        self.record(ChangeType::Modified, key, Some(old), Some(arc.clone()));
        Ok(arc)
    }

    /// Replaces only `status`, as a write to the status subresource does.
    pub fn update_status(&mut self, obj: Object, ctx: &mut WriteCtx) -> Result<Arc<Object>> {
        self.write_update(obj, None, ctx.now)
    }

    /// [`Store::update_status`] for a pod whose new status is at hand: the
    /// kubelet's status manager writes one per pod transition, so this
    /// skips building a whole pod to carry the status and comparing whole
    /// pods. Same checks, result and change record as `update_status` of
    /// the stored pod with `status` (no resourceVersion precondition).
    pub fn update_pod_status(&mut self, key: &ObjectKey, status: kubeplay_model::api::PodStatus, ctx: &mut WriteCtx) -> Result<Arc<Object>> {
        let Some(old) = self.get(key).cloned() else {
            return Err(ApiError::not_found(key.kind, &key.name));
        };
        let Object::Pod(pod) = &*old else {
            return Err(ApiError::BadRequest { message: format!("{} has no pod status", key.kind) });
        };
        if pod.status == status {
            // A no-op write does not bump resourceVersion.
            return Ok(old);
        }
        let mut obj = Object::Pod(Box::new(kubeplay_model::api::Pod { metadata: pod.metadata.clone(), spec: pod.spec.clone(), status: status.into() }));
        let rv = self.next_rv();
        obj.meta_mut().resource_version = rv_text(rv);
        Ok(self.commit_update(key.clone(), old, obj, rv, ctx.now))
    }

    /// Writes the status the ResourceQuota admission plugin charged a quota
    /// (see `quota::resource_quota`): a status write of its own, with a new
    /// resourceVersion, made while the charged request is admitted.
    pub(crate) fn write_quota_usage(&mut self, quota: kubeplay_model::api::ResourceQuota) {
        let key = ObjectKey::new(Kind::ResourceQuota, &quota.metadata.namespace, &quota.metadata.name);
        let Some(old) = self.get(&key).cloned() else { return };
        let mut obj = (*old).clone();
        obj.copy_status_from(&Object::ResourceQuota(Box::new(quota)));
        if obj == *old {
            return;
        }
        let rv = self.next_rv();
        obj.meta_mut().resource_version = rv_text(rv);
        let arc = Arc::new(obj);
        self.put(&key, Some(arc.clone()));
        self.record(ChangeType::Modified, key, Some(old), Some(arc));
    }

    /// Stores an updated object, written as `rv` at `now` (or removes it
    /// when its last finalizer is gone during deletion) and records the
    /// change.
    fn commit_update(&mut self, key: ObjectKey, old: Arc<Object>, obj: Object, rv: u64, now: Time) -> Arc<Object> {
        let arc = Arc::new(obj);
        // Finalizers all removed from an object being deleted: it goes now,
        // as a delete, which carries no lease; its removal releases the
        // lease an Event's stored version is on.
        if arc.meta().deletion_timestamp.is_some() && finalizers_done(&arc) {
            self.put(&key, None);
            self.record(ChangeType::Deleted, key, Some(old), None);
            return arc;
        }
        if key.kind == Kind::Event {
            self.event_leases.touch(&key, now, rv, stored_version(&old));
        }
        self.put(&key, Some(arc.clone()));
        self.record(ChangeType::Modified, key, Some(old), Some(arc.clone()));
        arc
    }

    /// An update of the main resource (`rng` for what it allocates) or,
    /// without one, of the status subresource.
    fn write_update(&mut self, mut obj: Object, rng: Option<&mut dyn FnMut() -> u64>, now: Time) -> Result<Arc<Object>> {
        let kind = obj.kind();
        read_only(kind)?;
        if !kind.namespaced() {
            obj.meta_mut().namespace = Default::default();
        }
        let key = obj.key();
        let Some(old) = self.get(&key).cloned() else {
            return Err(ApiError::not_found(kind, obj.name()));
        };
        let rv = &obj.meta().resource_version;
        if !rv.is_empty() && *rv != old.meta().resource_version {
            return Err(ApiError::conflict(kind, obj.name()));
        }
        if let Some(rng) = rng {
            if obj.has_status() {
                obj.copy_status_from(&old);
            }
            crate::service_alloc::update(self, &old, &mut obj, rng)?;
            kubeplay_model::defaults::apply_defaults(&mut obj);
            let pruned = crate::custom::admit(self, &mut obj, Some(&old))?;
            kubeplay_model::defaults::prepare_for_update(&old, &mut obj);
            validate_update(&old, &obj)?;
            self.warn_pruned(pruned);
            self.warn(crate::pvc_warnings::warnings(&obj));
            admission::validate_update(self, &old, &obj)?;
            // Server-owned metadata cannot be changed by a client.
            let om = old.meta();
            let meta = obj.meta_mut();
            meta.uid = om.uid.clone();
            meta.creation_timestamp = om.creation_timestamp;
            meta.deletion_timestamp = om.deletion_timestamp;
            meta.deletion_grace_period_seconds = om.deletion_grace_period_seconds;
            meta.generation = om.generation;
            if kind_has_generation(kind) && kubeplay_model::object::generation_changes(&old, &obj) {
                obj.meta_mut().generation = om.generation + 1;
            }
            crate::policy_typecheck::stamp(&mut obj);
        } else {
            let mut merged = (*old).clone();
            merged.copy_status_from(&obj);
            kubeplay_model::defaults::stamp_phase_transition(Some(&old), &mut merged, now);
            // deploymentStatusStrategy resets only spec and labels, so the
            // status endpoint also writes annotations: the controller records
            // the Deployment's revision there without bumping its generation.
            if kind == Kind::Deployment {
                merged.meta_mut().annotations = obj.meta().annotations.clone();
            }
            obj = merged;
        }
        if obj == *old {
            // A no-op write does not bump resourceVersion, as in etcd3 storage.
            return Ok(old);
        }
        let rv = self.next_rv();
        obj.meta_mut().resource_version = rv_text(rv);
        Ok(self.commit_update(key, old, obj, rv, now))
    }

    /// When the next Event expires (see `event_ttl`), if one is stored.
    pub fn next_event_expiry(&self) -> Option<Time> {
        self.event_leases.next_expiry()
    }

    /// Deletes the Events whose lease ran out by `now`, as etcd revokes an
    /// expired lease: one revision for all of a lease's keys, and a
    /// DELETED change for each. Returns how many went.
    pub fn expire_events(&mut self, now: Time) -> usize {
        let mut gone = 0;
        let events = Kind::Event.index();
        while let Some((_, keys)) = self.event_leases.take_expired(now, |k| self.objects[events].get(k).and_then(|o| stored_version(o))) {
            self.next_rv();
            for key in keys {
                // One search: the removal finds the Event, and its lease
                // went with `take_expired`.
                if let Some(old) = self.put_leased(&key, None, false) {
                    self.record(ChangeType::Deleted, key, Some(old), None);
                    gone += 1;
                }
            }
        }
        gone
    }

    /// How many Events are stored.
    pub fn event_count(&self) -> usize {
        self.events
    }

    /// Deletes as `DELETE` does: graceful for pods on a node, held by
    /// finalizers, immediate otherwise. Returns the object as it was.
    pub fn delete(&mut self, key: &ObjectKey, opts: &DeleteOptions, ctx: &mut WriteCtx) -> Result<Arc<Object>> {
        read_only(key.kind)?;
        let Some(old) = self.get(key).cloned() else {
            return Err(ApiError::not_found(key.kind, &key.name));
        };
        // NamespaceLifecycle admission: these namespaces are immortal.
        if key.kind == Kind::Namespace && IMMORTAL_NAMESPACES.contains(&&*key.name) {
            return Err(ApiError::Forbidden { message: format!("namespaces \"{}\" is forbidden: this namespace may not be deleted", key.name) });
        }
        admission::validate_delete(self, &old)?;
        let grace = grace_period(&old, opts);
        if let Some(dt) = old.meta().deletion_timestamp {
            // Already being deleted: only a shorter grace period changes anything.
            let current = old.meta().deletion_grace_period_seconds.unwrap_or(0);
            if grace >= current || grace > 0 && ctx.now.plus_secs(grace) >= dt {
                return Ok(old);
            }
        }
        let has = |f: &str| old.meta().finalizers.iter().any(|x| x == f);
        let added_finalizer = match opts.propagation {
            Propagation::Foreground if !has("foregroundDeletion") => Some("foregroundDeletion"),
            Propagation::Orphan if !has("orphan") => Some("orphan"),
            _ => None,
        };
        // Gone at once: decided before copying the object, which this path
        // (every pod's last delete, after its containers stopped) never needs.
        // A CRD's first delete adds its cleanup finalizer (below).
        let crd_first = matches!(&*old, Object::CustomResourceDefinition(_)) && old.meta().deletion_timestamp.is_none();
        if grace == 0 && added_finalizer.is_none() && old.meta().finalizers.is_empty() && !has_spec_finalizers(&old) && !crd_first {
            self.put(key, None);
            self.next_rv();
            self.record(ChangeType::Deleted, key.clone(), Some(old.clone()), None);
            return Ok(old);
        }
        let mut obj = (*old).clone();
        if let Some(f) = added_finalizer {
            obj.meta_mut().finalizers.push(f.into());
        }
        if key.kind == Kind::Namespace {
            if let Object::Namespace(ns) = &mut obj {
                ns.status.phase = Some("Terminating".into());
            }
        }
        if let Object::CustomResourceDefinition(crd) = &mut obj {
            crate::custom::mark_for_deletion(crd, ctx.now);
        }
        // The grace period of this request decides, not an earlier one.
        let meta = obj.meta_mut();
        meta.deletion_timestamp = Some(ctx.now.plus_secs(grace));
        meta.deletion_grace_period_seconds = Some(grace);
        if kind_has_generation(key.kind) {
            meta.generation += 1;
        }
        let rv = self.next_rv();
        obj.meta_mut().resource_version = rv_text(rv);
        // The events registry's TTL applies to every write, this one too.
        if key.kind == Kind::Event {
            self.event_leases.touch(key, ctx.now, rv, stored_version(&old));
        }
        let arc = Arc::new(obj);
        self.put(key, Some(arc.clone()));
        self.record(ChangeType::Modified, key.clone(), Some(old), Some(arc.clone()));
        Ok(arc)
    }
}

/// The `resourceVersion` the store gave an object it holds.
fn stored_version(o: &Object) -> Option<u64> {
    o.meta().resource_version.parse().ok()
}

/// No finalizer holds the object (namespaces also wait for `spec.finalizers`).
fn finalizers_done(obj: &Object) -> bool {
    obj.meta().finalizers.is_empty() && !has_spec_finalizers(obj) && obj.meta().deletion_grace_period_seconds.unwrap_or(0) == 0
}

/// A namespace's `spec.finalizers` (what the namespace controller clears).
fn has_spec_finalizers(obj: &Object) -> bool {
    matches!(obj, Object::Namespace(ns) if !ns.spec.finalizers.is_empty())
}

/// The grace period a delete gets (`pod.Strategy.CheckGracefulDelete`):
/// pods use `--grace-period` or their `terminationGracePeriodSeconds`
/// (30), except that unscheduled and terminated pods go at once.
fn grace_period(obj: &Object, opts: &DeleteOptions) -> i64 {
    let Object::Pod(pod) = obj else { return 0 };
    if pod.node_name().is_none() || matches!(pod.phase(), "Succeeded" | "Failed") {
        return 0;
    }
    opts.grace_period_seconds
        .or(pod.spec.termination_grace_period_seconds)
        .unwrap_or(30)
        .max(0)
}

/// A resource version's text, made without a `String` in between: every
/// write makes one, and on 64-bit targets it is held inline.
fn rv_text(rv: u64) -> SharedStr {
    SharedStr::from(kubeplay_model::decimal::decimal(rv, &mut [0; 20]))
}

/// Refuses a write to a kind whose REST storage only answers reads.
fn read_only(kind: Kind) -> Result<()> {
    match kind {
        Kind::ComponentStatus => Err(ApiError::MethodNotAllowed),
        _ => Ok(()),
    }
}

/// A version-4-shaped UUID from the seeded random source.
pub fn uuid(rng: &mut dyn FnMut() -> u64) -> Uid {
    let a = rng();
    let b = rng();
    let a = (a & 0xffff_ffff_ffff_0fff) | 0x0000_0000_0000_4000;
    let b = (b & 0x3fff_ffff_ffff_ffff) | 0x8000_0000_0000_0000;
    // 8-4-4-4-12 hex digits, written by hand into the uid's own bytes:
    // every object created pays for this, events included.
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = [0u8; 36];
    let mut at = 0;
    for (i, word) in [a, b].into_iter().enumerate() {
        for nibble in (0..16).rev() {
            if matches!(i * 16 + (15 - nibble), 8 | 12 | 16 | 20) {
                out[at] = b'-';
                at += 1;
            }
            out[at] = HEX[((word >> (nibble * 4)) & 0xf) as usize];
            at += 1;
        }
    }
    // ASCII only, so this never takes the default.
    Uid::from(std::str::from_utf8(&out).unwrap_or_default())
}

fn validate_create(obj: &Object) -> Result<()> {
    crate::rules::validate_create(obj)
}

fn validate_update(old: &Object, new: &Object) -> Result<()> {
    crate::rules::validate_update(old, new)
}

#[cfg(test)]
mod uuid_tests {
    #[test]
    fn uuids_are_version_4_in_the_canonical_form() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut rng = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed
        };
        for _ in 0..200 {
            let u = super::uuid(&mut rng);
            assert_eq!(u.len(), 36, "{u}");
            let parts: Vec<&str> = u.split('-').collect();
            assert_eq!(parts.iter().map(|p| p.len()).collect::<Vec<_>>(), [8, 4, 4, 4, 12], "{u}");
            assert!(parts[2].starts_with('4'), "version 4: {u}");
            assert!(matches!(&parts[3][..1], "8" | "9" | "a" | "b"), "RFC 4122 variant: {u}");
            assert!(u.chars().all(|c| c == '-' || c.is_ascii_hexdigit() && !c.is_ascii_uppercase()), "{u}");
        }
    }
}
