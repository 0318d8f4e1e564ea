//! The kubelet's side of its Node object: it reports the images it holds
//! (the scheduler's ImageLocality reads them), runs the eviction manager's
//! passes (MemoryPressure), reports a cordon or uncordon as an event and,
//! when it comes back after a failure, posts Ready again.

use super::image::{per_image, ImageRef, PerImage};
use super::registry::{self, PRELOADED};
use crate::controller::Ctx;
use kubeplay_apiserver::{Change, ChangeType};
use kubeplay_model::api::{ContainerImage, Node};
use kubeplay_model::{Condition, Kind, Object, ObjectKey};

/// At most this many images are reported (`nodeStatusMaxImages`).
const MAX_IMAGES: usize = 50;

/// The conditions a healthy kubelet posts, with their reasons and messages.
pub const HEALTHY: [(&str, &str, &str, &str); 4] = [
    ("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
    ("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
    ("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
    ("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
];

pub fn watch(change: &Change, enqueue: &mut dyn FnMut(ObjectKey)) {
    let ready = |o: Option<&Object>| {
        o.and_then(Object::as_node).and_then(|n| n.status.conditions.iter().find(|c| c.type_ == "Ready")).map(|c| c.status.clone())
    };
    let now_ready = ready(change.new.as_deref());
    let was_ready = ready(change.old.as_deref());
    let readiness_lost = now_ready != was_ready && now_ready.as_deref() != Some("True");
    let extended_stale = change.new.as_deref().and_then(Object::as_node).is_some_and(|n| extended_allocatable(n).is_some());
    let cordon = |o: Option<&Object>| o.and_then(Object::as_node).map(|n| n.spec.unschedulable.unwrap_or(false));
    let cordoned = change.new.is_some() && cordon(change.new.as_deref()) != cordon(change.old.as_deref());
    if change.type_ == ChangeType::Added || (change.new.is_some() && readiness_lost) || extended_stale || cordoned {
        enqueue(change.key.clone());
    }
}

/// `v1helper.IsExtendedResourceName`: a domain-prefixed name outside
/// kubernetes.io, not a quota `requests.` name.
fn is_extended(name: &str) -> bool {
    name.contains('/') && !name.contains("kubernetes.io/") && !name.starts_with("requests.")
}

/// The node's allocatable once the kubelet's MachineInfo setter has run,
/// when it would change: an extended resource someone added to the
/// capacity (as the Resource Management page does with a status PATCH) is
/// allocatable in full, and one gone from the capacity goes.
fn extended_allocatable(n: &Node) -> Option<kubeplay_model::api::ResourceList> {
    let (capacity, allocatable) = (&n.status.capacity, &n.status.allocatable);
    let stale = capacity.iter().any(|(k, v)| is_extended(k) && allocatable.get(k) != Some(v)) || allocatable.keys().any(|k| is_extended(k) && !capacity.contains_key(k));
    if !stale {
        return None;
    }
    let mut out = allocatable.clone();
    out.retain(|k, _| !is_extended(k) || capacity.contains_key(k));
    for (k, v) in capacity.iter().filter(|(k, _)| is_extended(k)) {
        out.insert(k.clone(), v.clone());
    }
    Some(out)
}

pub fn reconcile(key: &ObjectKey, ctx: &mut Ctx) {
    let Some(obj) = ctx.get(key) else { return };
    let Object::Node(node) = &*obj else { return };
    let name = node.metadata.name.clone();
    ctx.desired(super::summary::NODE_DESIRED);
    if ctx.world().sim.failed_nodes.contains(&name) {
        ctx.observed(format!("the kubelet on {name} is down"));
        ctx.explain(format!("the kubelet on {name} is down and posts nothing"));
        return;
    }
    let pods = ctx.store().pods_on_node(&name).count();
    ctx.observed(super::summary::node_observed(node, pods));
    if !ctx.world().sim.image_cache.contains_key(&name) {
        let preloaded = PRELOADED.iter().map(|s| s.to_string()).collect();
        ctx.world_mut().sim.image_cache.insert(name.clone(), preloaded);
    }
    let now = ctx.now();
    let mut n: Node = Node::clone(node);
    n.status.images = images(ctx, &name);
    let mut notes = Vec::new();
    let ready = n.status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True");
    if !ready {
        for (type_, status, reason, message) in HEALTHY {
            let c = Condition {
                type_: type_.into(),
                status: status.into(),
                last_heartbeat_time: Some(now),
                last_transition_time: Some(now),
                reason: Some(reason.into()),
                message: Some(message.into()),
                ..Default::default()
            };
            match n.status.conditions.iter_mut().find(|o| o.type_ == type_) {
                Some(old) => *old = c,
                None => n.status.conditions.push(c),
            }
            let event = if type_ == "Ready" { "NodeReady" } else { reason.trim_start_matches("Kubelet") };
            let event = if type_ == "Ready" { event.to_string() } else { format!("Node{event}") };
            ctx.event_from(&obj, "Normal", &event, format!("Node {name} status is now: {event}"), "kubelet", Some(name.clone()));
        }
        notes.push("posts Ready again".to_string());
    }
    if let Some(note) = schedulable_event(ctx, &obj, &name, node.spec.unschedulable.unwrap_or(false)) {
        notes.push(note);
    }
    if let Some(allocatable) = extended_allocatable(&n) {
        n.status.allocatable = allocatable;
        notes.push("reports its extended resources as allocatable".to_string());
    }
    if n.status != node.status {
        if n.status.images != node.status.images {
            notes.push(format!("reports {} images", n.status.images.len()));
        }
        let _ = ctx.update_status(Object::Node(Box::new(n)));
    }
    // The eviction manager's pass, when one is due.
    if let Some(Object::Node(current)) = ctx.get(key).as_deref() {
        notes.extend(super::eviction::synchronize(ctx, current));
    }
    ctx.explain(if notes.is_empty() { format!("kubelet on {name}: node status is up to date") } else { format!("kubelet on {name} {}", notes.join(" and ")) });
}

/// The kubelet's `recordNodeSchedulableEvent`: a change of
/// `spec.unschedulable` since it last looked (a cordon or uncordon) is
/// reported once, as NodeNotSchedulable or NodeSchedulable.
fn schedulable_event(ctx: &mut Ctx, obj: &Object, name: &str, unschedulable: bool) -> Option<String> {
    let seen = ctx.world().sim.seen_unschedulable.contains(name);
    if seen == unschedulable {
        return None;
    }
    let sim = &mut ctx.world_mut().sim;
    let event = if unschedulable {
        sim.seen_unschedulable.insert(name.to_string());
        "NodeNotSchedulable"
    } else {
        sim.seen_unschedulable.remove(name);
        "NodeSchedulable"
    };
    ctx.event_from(obj, "Normal", event, format!("Node {name} status is now: {event}"), "kubelet", Some(name.to_string()));
    Some(format!("reports {event}"))
}

/// The node's images, largest first, as the kubelet lists them.
fn images(ctx: &Ctx, node: &str) -> Vec<ContainerImage> {
    let mut out: Vec<ContainerImage> = ctx
        .world()
        .sim
        .image_cache
        .get(node)
        .map(|set| {
            set.iter().filter_map(|normalized| listed_image(normalized)).collect()
        })
        .unwrap_or_default();
    kubeplay_model::sort::sort_by(&mut out, |a, b| b.size_bytes.cmp(&a.size_bytes).then_with(|| a.names.cmp(&b.names)));
    out.truncate(MAX_IMAGES);
    out
}

/// How the kubelet lists one cached image: its digest name and its tag
/// name, and its size, remembered ([`super::image::per_image`]): every
/// node status lists a dozen images, and working out each one's digest
/// and size again was a few per cent of a large Deployment's work.
fn listed_image(normalized: &str) -> Option<ContainerImage> {
    thread_local! {
        static LISTED: PerImage<Option<ContainerImage>> = const { PerImage::new(std::collections::BTreeMap::new()) };
    }
    per_image(&LISTED, normalized, |normalized| {
        let r = ImageRef::parse(normalized).ok()?;
        let size = match registry::resolve(&r, registry::Declared::Nothing) {
            registry::PullOutcome::Ok { size } => size,
            registry::PullOutcome::NotFound => 0,
        };
        // An image pulled by digest has no tag to list beside its digest.
        let digested = registry::repo_digest(normalized);
        let names = if digested == normalized { vec![digested] } else { vec![digested, normalized.to_string()] };
        Some(ContainerImage { names, size_bytes: Some(size) })
    })
}

/// Whether a node's Ready condition is True.
pub fn is_ready(node: &Node) -> bool {
    node.status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True")
}

pub fn node_key(name: &str) -> ObjectKey {
    ObjectKey::new(Kind::Node, "", name)
}
