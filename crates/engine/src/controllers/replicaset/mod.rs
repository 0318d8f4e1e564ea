//! The ReplicaSet controller (`pkg/controller/replicaset`): keeps the
//! number of active pods a ReplicaSet selects and owns equal to its
//! replicas. The ReplicationController loop is the same code run on RCs
//! seen as ReplicaSets, as upstream's `replication` package does.
//!
//! It reads its informer cache, which may lag the store (`sim
//! cache-lag`): pods it created a moment ago may not be in it yet. So, as
//! upstream, it keeps expectations (`controllers::expectations`): before
//! creating N pods it expects N creations, before deleting it expects
//! those pods to go, and until its informer has delivered all of them a
//! sync creates and deletes nothing (it still writes status). Without a
//! lag every write is seen before the next sync, so expectations are
//! always met by then and change nothing.

pub mod claim;
pub mod manage;
pub mod status;
pub mod victims;

use crate::controller::{Controller, Ctx};
use crate::controllers::{controller_ref, plural};
use crate::world::ControllerId;
use claim::Claim;
use kubeplay_apiserver::{Change, PodGroup, Store};
use kubeplay_model::api::{
    Pod, ReplicaSet, ReplicaSetSpec, ReplicaSetStatus, ReplicationController,
};
use kubeplay_model::selector::label_selector_as_selector;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, OwnerReference, Selector};
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::Arc;

pub use manage::{pod_from_template, pod_from_template_named, slow_start_batch, BURST_REPLICAS};
pub use status::is_available;
pub use victims::pods_to_delete;

pub struct ReplicaSetController;

impl Controller for ReplicaSetController {
    fn id(&self) -> ControllerId {
        ControllerId::ReplicaSet
    }
    fn component(&self) -> &'static str {
        "replicaset-controller"
    }
    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        watch(Kind::ReplicaSet, change, store, enqueue);
    }
    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        sync(key, ctx);
    }
}

/// A ReplicaSet, or a ReplicationController seen as one (its map selector
/// as matchLabels, defaulted to the template's labels when empty). A
/// ReplicaSet is borrowed: a copy would copy its pod template on every
/// sync.
pub fn as_replica_set(obj: &Object) -> Option<Cow<'_, ReplicaSet>> {
    match obj {
        Object::ReplicaSet(rs) => Some(Cow::Borrowed(rs)),
        Object::ReplicationController(rc) => Some(Cow::Owned(rc_as_replica_set(rc))),
        _ => None,
    }
}

fn rc_as_replica_set(rc: &ReplicationController) -> ReplicaSet {
    let template = rc.spec.template.clone().unwrap_or_default();
    let labels = if rc.spec.selector.is_empty() {
        (*template.metadata.labels).clone()
    } else {
        rc.spec.selector.clone()
    };
    ReplicaSet {
        metadata: rc.metadata.clone(),
        spec: ReplicaSetSpec {
            replicas: rc.spec.replicas,
            min_ready_seconds: rc.spec.min_ready_seconds,
            selector: Some(LabelSelector {
                match_labels: labels,
                match_expressions: Vec::new(),
            }),
            template,
        },
        status: rc.status.clone(),
    }
}

fn with_status(obj: &Object, status: ReplicaSetStatus) -> Option<Object> {
    match obj {
        Object::ReplicaSet(rs) => Some(Object::ReplicaSet(Box::new(ReplicaSet {
            status,
            ..ReplicaSet::clone(rs)
        }))),
        Object::ReplicationController(rc) => {
            Some(Object::ReplicationController(Box::new(ReplicationController {
                status,
                ..ReplicationController::clone(rc)
            })))
        }
        _ => None,
    }
}

/// `resolveControllerRef`: the owner of `kind` a controller reference
/// names, if it still exists with that uid.
fn resolve(store: &Store, kind: Kind, ns: &str, r: &OwnerReference) -> Option<ObjectKey> {
    if r.kind != kind.name() {
        return None;
    }
    let (key, owner) = store.get_entry_by(kind, ns, &r.name)?;
    (owner.meta().uid == r.uid).then(|| key.clone())
}

/// Owners of `kind` whose (non-empty) selector matches an orphan's labels
/// (`GetPodReplicaSets`).
fn selecting(store: &Store, kind: Kind, pod: &Object) -> Vec<ObjectKey> {
    store
        .list(kind, Some(pod.namespace()))
        .filter_map(|o| as_replica_set(o).map(|rs| (o.key(), rs)))
        .filter(|(_, rs)| {
            label_selector_as_selector(rs.spec.selector.as_ref())
                .is_ok_and(|s| !s.is_empty() && s.matches(&pod.meta().labels))
        })
        .map(|(k, _)| k)
        .collect()
}

/// The informer handlers of `replica_set.go` (addPod, updatePod, deletePod
/// and the ReplicaSet handlers) for owners of `kind`.
pub(crate) fn watch(
    kind: Kind,
    change: &Change,
    store: &Store,
    enqueue: &mut dyn FnMut(ObjectKey),
) {
    if change.key.kind == kind {
        enqueue(change.key.clone());
        return;
    }
    if change.key.kind != Kind::Pod {
        return;
    }
    let ns = change.key.namespace.as_str();
    // A pod with a deletion timestamp counts as deleted: its owner makes a
    // replacement at once rather than waiting for the kubelet.
    let deleted = |p: &Object, enqueue: &mut dyn FnMut(ObjectKey)| {
        if let Some(k) = p
            .meta()
            .controller_ref()
            .and_then(|r| resolve(store, kind, ns, r))
        {
            enqueue(k);
        }
    };
    match (change.old.as_deref(), change.new.as_deref()) {
        (None, Some(new)) => {
            if new.meta().deletion_timestamp.is_some() {
                deleted(new, enqueue);
            } else if let Some(r) = new.meta().controller_ref() {
                if let Some(k) = resolve(store, kind, ns, r) {
                    enqueue(k);
                }
            } else {
                selecting(store, kind, new)
                    .into_iter()
                    .for_each(&mut *enqueue);
            }
        }
        (Some(old), Some(new)) => {
            let label_changed = old.meta().labels != new.meta().labels;
            if new.meta().deletion_timestamp.is_some() {
                deleted(new, enqueue);
                if label_changed {
                    deleted(old, enqueue);
                }
                return;
            }
            let (old_ref, new_ref) = (old.meta().controller_ref(), new.meta().controller_ref());
            let ref_changed = old_ref != new_ref;
            if ref_changed {
                if let Some(k) = old_ref.and_then(|r| resolve(store, kind, ns, r)) {
                    enqueue(k);
                }
            }
            match new_ref {
                Some(r) => {
                    if let Some(k) = resolve(store, kind, ns, r) {
                        enqueue(k);
                    }
                }
                None if label_changed || ref_changed => selecting(store, kind, new)
                    .into_iter()
                    .for_each(&mut *enqueue),
                None => {}
            }
        }
        (Some(old), None) => deleted(old, enqueue),
        (None, None) => {}
    }
}

/// The owners' claim on pods (`ClaimPods`): adopt or release with a write,
/// and return the pods it controls.
fn claim_pods(
    ctx: &mut Ctx,
    owner: &Object,
    selector: &Selector,
    candidates: Vec<Arc<Object>>,
) -> Result<Vec<Arc<Object>>, String> {
    let mut owned = Vec::new();
    for pod in candidates {
        let selected = selector.matches(&pod.meta().labels);
        match claim::decide(owner.meta(), pod.meta(), selected) {
            Claim::Keep => owned.push(pod),
            Claim::Ignore => {}
            Claim::Adopt => {
                let mut p = (*pod).clone();
                claim::adopt(p.meta_mut(), controller_ref(owner));
                match ctx.update(p) {
                    Ok(p) => owned.push(p),
                    Err(kubeplay_apiserver::ApiError::NotFound { .. }) => {}
                    Err(e) => return Err(e.to_string()),
                }
            }
            Claim::Release => {
                let mut p = (*pod).clone();
                claim::release(p.meta_mut(), &owner.meta().uid);
                match ctx.update(p) {
                    Ok(_) | Err(kubeplay_apiserver::ApiError::NotFound { .. }) => {}
                    Err(e) => return Err(e.to_string()),
                }
            }
        }
    }
    Ok(owned)
}

/// The pods that crowd a node for ranking victims
/// (`getIndirectlyRelatedPods`): for every ReplicaSet with the same
/// controller as this one (all the ReplicaSets of a Deployment), every pod
/// of the namespace its selector matches, whoever owns it, each once.
/// Shared pointers, not copies: a scale-down of a big Deployment reads
/// every sibling pod on each sync.
fn related_pods(store: &Store, kind: Kind, rs: &ReplicaSet) -> Vec<Arc<Object>> {
    let Some(owner) = rs.metadata.controller_ref() else {
        return Vec::new();
    };
    // The store holds one object per pod: its address is its identity,
    // and comparing addresses reads no uid text.
    let mut seen: BTreeSet<*const Object> = BTreeSet::new();
    let mut out = Vec::new();
    for sibling in store
        .controlled_by(kind, &owner.uid)
        .filter_map(|o| as_replica_set(o))
    {
        let Ok(sel) = label_selector_as_selector(sibling.spec.selector.as_ref()) else {
            continue;
        };
        for pod in store.pods_selected(&rs.metadata.namespace, |labels| sel.matches(labels)) {
            if seen.insert(Arc::as_ptr(pod)) {
                out.push(pod.clone());
            }
        }
    }
    out
}

/// The pods a sync claims from: pods owned by another controller are
/// never ours, so only ours and the orphans, active ones, in the
/// ReplicaSet's namespace (upstream lists that namespace only), read
/// through the store's controller index as upstream reads its informer's.
fn candidates(store: &Store, rs: &ReplicaSet) -> Vec<Arc<Object>> {
    let ns = &rs.metadata.namespace;
    let is_active = |p: &&Arc<Object>| p.as_pod().is_some_and(Pod::is_active);
    let mut active: Vec<Arc<Object>> = store.controlled_in(Kind::Pod, &rs.metadata.uid, ns).filter(is_active).cloned().collect();
    // Both lists are in key order, so by name within the namespace: only
    // orphans need sorting in.
    let owned_len = active.len();
    active.extend(store.orphans(Kind::Pod, ns).filter(is_active).cloned());
    if active.len() > owned_len {
        kubeplay_model::sort::sort_by(&mut active, |a, b| a.name().cmp(b.name()));
    }
    active
}

/// The status counts when the sync needs no pod: every active pod it
/// controls is still selected (none to release), no active orphan is
/// selected (none to adopt), and it has no more than it wants (none to
/// pick for deletion). Read from the store's counts per label set, so a
/// sync of a ReplicaSet of thousands of pods reads none of them.
fn counted(store: &Store, rs: &ReplicaSet, selector: &Selector, want: i32) -> Option<status::Counts> {
    let ns = &rs.metadata.namespace;
    let groups: Vec<&PodGroup> = store.active_pod_groups(&rs.metadata.uid, ns).collect();
    if groups.iter().any(|g| !selector.matches(&g.labels)) {
        return None;
    }
    let counts = status::Counts::of_groups(rs, groups.into_iter())?;
    let adoptable = store.orphans(Kind::Pod, ns).filter_map(|p| p.as_pod()).any(|p| p.is_active() && selector.matches(&p.metadata.labels));
    (!adoptable && counts.replicas <= want.max(0) as usize).then_some(counts)
}

/// One sync of a ReplicaSet or ReplicationController (`syncReplicaSet`).
pub(crate) fn sync(key: &ObjectKey, ctx: &mut Ctx) {
    let kind = key.kind;
    let Some(obj) = ctx.get(key) else {
        ctx.world_mut().expectations.delete(key);
        ctx.forget(key);
        ctx.explain(format!(
            "{} {} no longer exists; its pods are left to the garbage collector",
            kind.name(),
            key.name
        ));
        return;
    };
    let Some(rs) = as_replica_set(&obj) else {
        return;
    };
    // Checked before the pods are read, as upstream does: a creation seen
    // after this check is not missed, only acted on a sync later.
    let waiting = ctx.world().expectations.pending(key, ctx.now()).map(|e| e.waiting_for());
    let selector = match label_selector_as_selector(rs.spec.selector.as_ref()) {
        Ok(s) => s,
        Err(e) => {
            ctx.explain(format!(
                "{} {} has an invalid selector ({e}), so it manages no pods",
                kind.name(),
                key.name
            ));
            return;
        }
    };
    let want = rs.spec.replicas.unwrap_or(1);
    let store = ctx.store();
    let counted = counted(store, &rs, &selector, want);
    #[cfg(debug_assertions)]
    if let Some(c) = counted {
        let walked: Vec<&Pod> = store.controlled_in(Kind::Pod, &rs.metadata.uid, &rs.metadata.namespace).filter_map(|p| p.as_pod()).filter(|p| p.is_active() && selector.matches(&p.metadata.labels)).collect();
        assert_eq!(c, status::Counts::of_pods(&rs, &walked, ctx.now()), "{key:?}: the store's counts of active pods disagree with its pods");
    }
    let owned = match counted {
        // Nothing to claim, nothing to pick: no pod needs reading.
        Some(_) => Vec::new(),
        None => match claim_pods(ctx, &obj, &selector, candidates(ctx.store(), &rs)) {
            Ok(owned) => owned,
            Err(e) => {
                ctx.requeue_rate_limited(key.clone());
                ctx.explain(format!(
                    "{} {} could not adopt or release a pod ({e}); retrying",
                    kind.name(),
                    key.name
                ));
                return;
            }
        },
    };
    let pods: Vec<&Pod> = owned.iter().filter_map(|p| p.as_pod()).collect();
    let now = ctx.now();
    let counts = counted.unwrap_or_else(|| status::Counts::of_pods(&rs, &pods, now));
    let have = counts.replicas;
    let sel_text = selector.to_string();
    ctx.observed(format!(
        "{} {}",
        plural(have, "active pod"),
        if sel_text.is_empty() {
            String::new()
        } else {
            format!("match {sel_text}")
        }
    ));
    ctx.desired(format!("{} replicas", want));

    // Ranking victims needs the sibling ReplicaSets' pods; only a scale-down does.
    let related = if have > want.max(0) as usize {
        related_pods(ctx.store(), kind, &rs)
    } else {
        Vec::new()
    };
    let related: Vec<&Pod> = related.iter().filter_map(|p| p.as_pod()).collect();
    let managed = if rs.metadata.deletion_timestamp.is_none() && waiting.is_none() {
        Some(manage::manage_replicas(ctx, &obj, &rs, have, &pods, &related))
    } else {
        None
    };
    let failure = managed.as_ref().and_then(|m| m.as_ref().err().cloned());
    let mut new_status = status::calculate(&rs, counts, failure.clone(), now);
    let mut status_err = None;
    if status::needs_write(&rs, &new_status) {
        new_status.observed_generation = Some(rs.metadata.generation);
        status_err = write_status(ctx, &obj, &new_status).err();
    }
    let min_ready = rs.spec.min_ready_seconds.unwrap_or(0);
    if failure.is_none()
        && min_ready > 0
        && new_status.ready_replicas == Some(want)
        && new_status.available_replicas != Some(want)
    {
        // A last line of defence against clock skew: look again once the
        // ready pods have been ready long enough.
        ctx.requeue_after(key.clone(), min_ready as i64 * 1000);
    }
    if min_ready > 0 && pods.iter().any(|p| became_ready_now(p, now)) {
        // updatePod: a pod that just turned Ready is checked for
        // availability minReadySeconds later, plus a second of slack.
        ctx.requeue_after(key.clone(), min_ready as i64 * 1000 + 1000);
    }
    if failure.is_some() || status_err.is_some() {
        ctx.requeue_rate_limited(key.clone());
    } else {
        ctx.forget(key);
    }
    ctx.explain(explain(
        kind,
        &rs,
        have,
        want,
        &managed,
        waiting.as_deref(),
        status_err.as_deref(),
    ));
}

/// `updateReplicaSetStatus`: a failed write is retried once on the
/// object as the API server has it (`statusUpdateRetries`), since the
/// cache's copy may be stale; then the sync fails and is retried.
fn write_status(ctx: &mut Ctx, obj: &Object, status: &ReplicaSetStatus) -> Result<(), String> {
    let Some(first) = with_status(obj, status.clone()) else { return Ok(()) };
    let Err(e) = ctx.update_status(first) else { return Ok(()) };
    let fresh = ctx.api_get(&obj.key()).ok_or_else(|| kubeplay_apiserver::ApiError::not_found(obj.kind(), obj.name()).to_string())?;
    let Some(second) = with_status(&fresh, status.clone()) else { return Err(e.to_string()) };
    ctx.update_status(second).map(|_| ()).map_err(|e| e.to_string())
}

/// The pod's Ready condition turned True at this very instant: this
/// reconcile is the one its update triggered.
fn became_ready_now(pod: &Pod, now: kubeplay_model::Time) -> bool {
    status::ready_condition(pod).is_some_and(|c| c.is_true() && c.last_transition_time == Some(now))
}

fn explain(
    kind: Kind,
    rs: &ReplicaSet,
    have: usize,
    want: i32,
    managed: &Option<Result<manage::Managed, (status::FailedOp, String)>>,
    waiting: Option<&str>,
    status_err: Option<&str>,
) -> String {
    let name = &rs.metadata.name;
    let head = format!(
        "{} {name} has {} for {want} replicas",
        kind.name(),
        plural(have, "active pod")
    );
    let body = match managed {
        None if rs.metadata.deletion_timestamp.is_some() => format!("{head}; it is being deleted, so it only reports status"),
        None => format!("{head}; waiting to observe {} before acting again (its cache may not show them yet); status brought up to date", waiting.unwrap_or("its earlier writes")),
        Some(Err((_, e))) => {
            format!("{head}; managing pods failed ({e}), so it will retry with back-off")
        }
        Some(Ok(m)) if !m.created.is_empty() => {
            format!(
                "{head}: created {} (slow start: batches of 1, 2, 4, …)",
                m.created.join(", ")
            )
        }
        Some(Ok(m)) if !m.deleted.is_empty() => {
            let victims: Vec<String> = m
                .deleted
                .iter()
                .map(|(n, why)| format!("{n} ({why})"))
                .collect();
            format!(
                "{head}: deleted {}, chosen as the pods that matter least",
                victims.join(", ")
            )
        }
        Some(Ok(_)) => format!("{head}: nothing to create or delete; status brought up to date"),
    };
    match status_err {
        Some(e) => format!("{body}; writing status failed ({e})"),
        None => body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{Container, PodSpec, PodTemplateSpec, ReplicaSetSpec};
    use kubeplay_model::ObjectMeta;
    use std::collections::BTreeMap;

    fn labels(kv: &[(&str, &str)]) -> BTreeMap<String, String> {
        kv.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn owner(kind: &str, name: &str, uid: &str) -> OwnerReference {
        OwnerReference { api_version: "apps/v1".into(), kind: kind.into(), name: name.into(), uid: uid.into(), controller: Some(true), block_owner_deletion: Some(true) }
    }

    fn rs(name: &str, hash: &str) -> Object {
        let l = labels(&[("app", "web"), ("pod-template-hash", hash)]);
        Object::ReplicaSet(Box::new(ReplicaSet {
            metadata: ObjectMeta { name: name.into(), namespace: "default".into(), labels: l.clone().into(), owner_references: vec![owner("Deployment", "web", "deploy-uid")].into(), ..Default::default() },
            spec: ReplicaSetSpec {
                replicas: Some(1),
                min_ready_seconds: None,
                selector: Some(LabelSelector { match_labels: l.clone(), match_expressions: vec![] }),
                template: PodTemplateSpec {
                    metadata: ObjectMeta { labels: l.into(), ..Default::default() },
                    spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() },
                },
            },
            status: Default::default(),
        }))
    }

    fn pod(name: &str, l: &[(&str, &str)], controller: Option<OwnerReference>) -> Object {
        Object::Pod(Box::new(Pod {
            metadata: ObjectMeta { name: name.into(), namespace: "default".into(), labels: labels(l).into(), owner_references: controller.into_iter().collect(), ..Default::default() },
            spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() }].into(), ..Default::default() }.into(),
            status: Default::default(),
        }))
    }

    // getIndirectlyRelatedPods lists, for each ReplicaSet with the same
    // controller, the pods its selector matches, not the pods it owns: an
    // orphan or another controller's pod with matching labels crowds a
    // node as much, and a pod two selectors match counts once.
    #[test]
    fn related_pods_are_those_the_siblings_selectors_match_whoever_owns_them() {
        let mut s = crate::testing::store_with([]);
        let create_at = crate::testing::create_at;
        let a = create_at(&mut s, rs("web-a", "a"), 0);
        let b = create_at(&mut s, rs("web-b", "b"), 0);
        let mut stranger = rs("other", "a");
        stranger.meta_mut().owner_references = vec![owner("Deployment", "other", "other-uid")].into();
        let stranger = create_at(&mut s, stranger, 0);
        let rs_ref = |o: &Arc<Object>| Some(owner("ReplicaSet", o.name(), &o.meta().uid));
        for p in [
            pod("owned-by-a", &[("app", "web"), ("pod-template-hash", "a")], rs_ref(&a)),
            pod("owned-by-b", &[("app", "web"), ("pod-template-hash", "b")], rs_ref(&b)),
            pod("orphan-like-b", &[("app", "web"), ("pod-template-hash", "b")], None),
            pod("strangers-like-a", &[("app", "web"), ("pod-template-hash", "a")], rs_ref(&stranger)),
            pod("unmatched", &[("app", "web")], rs_ref(&a)),
        ] {
            create_at(&mut s, p, 0);
        }
        let web_a = as_replica_set(&a).unwrap();
        let mut names: Vec<String> = related_pods(&s, Kind::ReplicaSet, &web_a).iter().map(|p| p.name().to_string()).collect();
        kubeplay_model::sort::sort(&mut names);
        assert_eq!(names, vec!["orphan-like-b", "owned-by-a", "owned-by-b", "strangers-like-a"]);
        // A sibling selecting every `app=web` pod: each pod still counts once.
        let mut any = rs("web-any", "any");
        if let Object::ReplicaSet(r) = &mut any {
            r.spec.selector = Some(LabelSelector { match_labels: labels(&[("app", "web")]), match_expressions: vec![] });
            r.spec.template.metadata.labels = labels(&[("app", "web")]).into();
        }
        create_at(&mut s, any, 0);
        let mut names: Vec<String> = related_pods(&s, Kind::ReplicaSet, &web_a).iter().map(|p| p.name().to_string()).collect();
        kubeplay_model::sort::sort(&mut names);
        assert_eq!(names, vec!["orphan-like-b", "owned-by-a", "owned-by-b", "strangers-like-a", "unmatched"]);
        // No controller, no siblings (upstream logs and ranks by nothing).
        let mut lone = web_a.clone().into_owned();
        lone.metadata.owner_references.clear();
        assert!(related_pods(&s, Kind::ReplicaSet, &lone).is_empty());
    }
}

#[cfg(test)]
mod upstream_tests;
