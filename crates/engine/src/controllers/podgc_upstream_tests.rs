//! Upstream's pod GC tables, ported: pkg/controller/podgc/gc_controller_test.go.
//! Where upstream calls one pass of `gc` on listers, these call the pass's
//! function on a world built through the API server, and read its writes
//! as upstream reads the fake client's actions: an `update status` is the
//! status patch, a `delete` the deletion. The orphan table runs through the
//! engine, since the quarantine is a matter of virtual time.

use super::podgc::*;
use super::*;
use crate::step::Verb;
use crate::world::World;
use crate::{Engine, Step};
use kubeplay_model::api::{Container, PodSpec};
use kubeplay_model::ObjectMeta;
use std::collections::BTreeSet;

const HOLD: &str = "example.com/hold";
const HOUR_MS: i64 = 3_600_000;

/// One of upstream's pods: name, node ("" unbound), phase, status reason,
/// and whether its deletion has begun.
struct P<'a>(&'a str, &'a str, &'a str, &'a str, bool);

fn world() -> World {
    Engine::with_default_cluster(1).world().clone()
}

fn as_user(w: &mut World, f: impl FnOnce(&mut Ctx)) {
    let mut ctx = Ctx::new(w, ControllerId::User, "kubectl");
    f(&mut ctx);
}

/// A node named `name` with its Ready condition `ready` and `taints`.
fn add_node(w: &mut World, name: &str, ready: &str, taints: Vec<Taint>) {
    let mut node = w
        .store
        .list(Kind::Node, None)
        .find_map(|n| n.as_node().cloned())
        .unwrap();
    node.metadata.name = name.into();
    node.metadata.uid = Default::default();
    node.metadata.resource_version = Default::default();
    node.spec.taints = taints;
    as_user(w, |ctx| {
        let created = ctx.create(Object::Node(Box::new(node))).unwrap();
        let mut n = created.as_node().unwrap().clone();
        n.status.conditions.retain(|c| c.type_ != "Ready");
        n.status.conditions.push(Condition {
            type_: "Ready".into(),
            status: ready.into(),
            ..Default::default()
        });
        ctx.update_status(Object::Node(Box::new(n))).unwrap();
    });
}

/// Creates one of upstream's pods with its phase and begins its
/// deletion. A finalizer holds a pod being deleted: without one the API
/// server removes an unbound or terminated pod at once, which upstream's
/// listers never see.
fn create_pod(
    ctx: &mut Ctx,
    P(name, node, phase, reason, deleting): &P,
) -> Result<(), kubeplay_apiserver::ApiError> {
    let pod = Pod {
        metadata: ObjectMeta {
            name: (*name).into(),
            namespace: "default".into(),
            finalizers: if *deleting {
                vec![HOLD.into()].into()
            } else {
                Default::default()
            },
            ..Default::default()
        },
        spec: PodSpec {
            containers: vec![Container {
                name: "c".into(),
                image: Some("nginx:1.25".into()),
                ..Default::default()
            }]
            .into(),
            node_name: (!node.is_empty()).then(|| (*node).into()),
            ..Default::default()
        }
        .into(),
        status: Default::default(),
    };
    let created = ctx.create(Object::Pod(Box::new(pod)))?;
    let mut p = created.as_pod().cloned().unwrap_or_default();
    p.status.phase = Some((*phase).into());
    p.status.reason = (!reason.is_empty()).then(|| (*reason).into());
    ctx.update_status(Object::Pod(Box::new(p)))?;
    if *deleting {
        ctx.delete(&created.key(), DeleteOptions::default())?;
    }
    Ok(())
}

/// The pods, created an hour apart (upstream's creation times).
fn add_pods(w: &mut World, pods: &[P]) {
    for p in pods {
        w.now = w.now.plus_millis(HOUR_MS);
        as_user(w, |ctx| create_pod(ctx, p).unwrap());
    }
}

fn pod(w: &World, name: &str) -> Pod {
    w.store
        .get_by(Kind::Pod, "default", name)
        .and_then(|o| o.as_pod().cloned())
        .unwrap()
}

type Names = BTreeSet<String>;
/// Pod names as a table lists them.
type List = Vec<&'static str>;

fn names(v: &[&str]) -> Names {
    v.iter().map(|s| s.to_string()).collect()
}

/// (deleted, patched to Failed) pods among `writes`.
fn acted_on<'a>(writes: impl Iterator<Item = &'a crate::step::Write>) -> (Names, Names) {
    let (mut deleted, mut patched) = (Names::new(), Names::new());
    for w in writes.filter(|w| w.key.kind == Kind::Pod) {
        match w.verb {
            Verb::Delete => {
                deleted.insert(w.key.name.to_string());
            }
            Verb::UpdateStatus
                if w.after
                    .as_deref()
                    .and_then(Object::as_pod)
                    .is_some_and(|p| p.phase() == "Failed") =>
            {
                patched.insert(w.key.name.to_string());
            }
            _ => {}
        }
    }
    (deleted, patched)
}

/// Runs one pass as pod GC and returns what it deleted and patched.
fn pass(w: &mut World, f: impl FnOnce(&mut Ctx)) -> (Names, Names) {
    let mut ctx = Ctx::new(w, ControllerId::NodeLifecycle, "node-controller");
    f(&mut ctx);
    let writes = std::mem::take(&mut ctx.writes);
    acted_on(writes.iter())
}

// gc_controller_test.go's TestGCTerminated: (pods on an existing node as
// (name, phase, reason), threshold, deleted). Terminated pods are never
// patched; evicted ones go first, then the oldest.
#[test]
fn terminated_table() {
    type Case = (Vec<(&'static str, &'static str, &'static str)>, usize, List);
    let cases: Vec<Case> = vec![
        (
            vec![
                ("a", "Failed", ""),
                ("b", "Succeeded", ""),
                ("c", "Failed", ""),
            ],
            1,
            vec!["a", "b"],
        ),
        (vec![("a", "Failed", ""), ("b", "Succeeded", "")], 0, vec![]),
        (
            vec![
                ("a", "Running", ""),
                ("b", "Succeeded", ""),
                ("c", "Failed", ""),
            ],
            1,
            vec!["b"],
        ),
        (
            vec![("a", "Failed", ""), ("b", "Succeeded", "")],
            1,
            vec!["a"],
        ),
        (vec![("a", "Failed", ""), ("b", "Succeeded", "")], 5, vec![]),
        (
            vec![
                ("a", "Failed", ""),
                ("b", "Succeeded", ""),
                ("c", "Failed", "Evicted"),
            ],
            1,
            vec!["c", "a"],
        ),
        (
            vec![
                ("a", "Running", ""),
                ("b", "Succeeded", ""),
                ("c", "Failed", "Evicted"),
            ],
            1,
            vec!["c"],
        ),
    ];
    for (i, (pods, threshold, want)) in cases.into_iter().enumerate() {
        let mut w = world();
        add_node(&mut w, "node", "True", vec![]);
        let pods: Vec<P> = pods
            .into_iter()
            .map(|(n, phase, reason)| P(n, "node", phase, reason, false))
            .collect();
        add_pods(&mut w, &pods);
        let (deleted, patched) = pass(&mut w, |ctx| {
            gc_terminated(ctx, threshold);
        });
        assert_eq!(deleted, names(&want), "case {i}: deleted");
        assert!(patched.is_empty(), "case {i}: patched {patched:?}");
    }
}

// TestGCTerminated's ordering, beyond its table: the creation time
// decides before the name, and the store counts what it holds.
#[test]
fn gc_terminated_counts_and_goes_by_creation_time() {
    let mut w = world();
    add_pods(
        &mut w,
        &[
            P("z", "node", "Succeeded", "", false),
            P("y", "node", "Succeeded", "", false),
            P("x", "node", "Succeeded", "", false),
        ],
    );
    assert_eq!(w.store.terminated_pod_count(), 3);
    let (deleted, _) = pass(&mut w, |ctx| {
        gc_terminated(ctx, 1);
    });
    // Created an hour apart in the order z, y, x: the oldest two go.
    assert_eq!(deleted, names(&["z", "y"]));
    assert_eq!(w.store.terminated_pod_count(), 1);
}

// gc_controller_test.go's TestGCUnscheduledTerminating: a terminating pod
// never scheduled is force-deleted, marked Failed unless it had ended.
#[test]
fn unscheduled_terminating_table() {
    type Case = (&'static str, Vec<P<'static>>, List, List);
    let cases: Vec<Case> = vec![
        (
            "Unscheduled pod in any phase must be deleted",
            vec![
                P("a", "", "Failed", "", true),
                P("b", "", "Succeeded", "", true),
                P("c", "", "Running", "", true),
            ],
            vec!["a", "b", "c"],
            vec!["c"],
        ),
        (
            "Scheduled pod in any phase must not be deleted",
            vec![
                P("a", "", "Failed", "", false),
                P("b", "node", "Succeeded", "", false),
                P("c", "node", "Running", "", true),
            ],
            vec![],
            vec![],
        ),
    ];
    for (name, pods, deleted, patched) in cases {
        let mut w = world();
        add_pods(&mut w, &pods);
        let listed: Vec<Pod> = pods.iter().map(|p| pod(&w, p.0)).collect();
        let got = pass(&mut w, |ctx| {
            for p in &listed {
                gc_terminating_pod(ctx, p);
            }
        });
        assert_eq!(got, (names(&deleted), names(&patched)), "{name}");
    }
}

fn oos(effect: &str, value: Option<&str>) -> Vec<Taint> {
    vec![Taint {
        key: OUT_OF_SERVICE.into(),
        value: value.map(Into::into),
        effect: effect.into(),
        time_added: None,
    }]
}

// gc_controller_test.go's TestGCTerminating: (nodes as (name, Ready,
// taints), pods, deleted, patched). Only a NotReady node with the
// out-of-service taint, whatever its value and effect, loses its
// terminating pods. Upstream's pods without a phase are Pending here.
#[test]
fn terminating_table() {
    type Nodes = Vec<(&'static str, &'static str, Vec<Taint>)>;
    let mut second_pods = Vec::new();
    let second_nodes: Nodes = vec![
        ("worker-0", "False", oos("NoExecute", None)),
        ("worker-1", "False", vec![]),
        ("worker-2", "True", vec![]),
        ("worker-3", "False", oos("NoSchedule", None)),
        ("worker-4", "False", oos("PreferNoSchedule", None)),
        ("worker-5", "False", oos("NoExecute", Some("any-value"))),
    ];
    const NAMES: [[&str; 5]; 6] = [
        ["a1", "b1", "c1", "d1", "e1"],
        ["a2", "b2", "c2", "d2", "e2"],
        ["a3", "b3", "c3", "d3", "e3"],
        ["a4", "b4", "c4", "d4", "e4"],
        ["a5", "b5", "c5", "d5", "e5"],
        ["a6", "b6", "c6", "d6", "e6"],
    ];
    for (i, [a, b, c, d, e]) in NAMES.into_iter().enumerate() {
        let node = second_nodes[i].0;
        // Upstream puts a5 on worker-3, not worker-4.
        let a_node = if i == 4 { "worker-3" } else { node };
        second_pods.extend([
            P(a, a_node, "Pending", "", false),
            P(b, node, "Pending", "", true),
            P(c, node, "Pending", "", false),
            P(d, node, "Running", "", false),
            P(e, node, "Unknown", "", false),
        ]);
    }
    type Case = (&'static str, Nodes, Vec<P<'static>>, List, List);
    let cases: Vec<Case> = vec![
        (
            "pods have deletion timestamp set and the corresponding nodes are not ready",
            vec![("worker-0", "False", vec![]), ("worker-1", "False", vec![])],
            vec![P("a", "worker-0", "Pending", "", true), P("b", "worker-1", "Pending", "", true)],
            vec![],
            vec![],
        ),
        (
            "some pods have deletion timestamp and/or phase set and some of the corresponding nodes have an outofservice taint that are not ready",
            second_nodes,
            second_pods,
            vec!["b1", "b4", "b5", "b6"],
            vec!["b1", "b4", "b5", "b6"],
        ),
        (
            "pods deleted from node tainted out-of-service",
            vec![("worker", "False", oos("NoExecute", None))],
            vec![P("a", "worker", "Running", "", true), P("b", "worker", "Failed", "", true), P("c", "worker", "Succeeded", "", true)],
            vec!["a", "b", "c"],
            vec!["a"],
        ),
    ];
    for (name, nodes, pods, deleted, patched) in cases {
        let mut w = world();
        for (n, ready, taints) in &nodes {
            add_node(&mut w, n, ready, taints.clone());
        }
        add_pods(&mut w, &pods);
        let nodes: Vec<Node> = nodes
            .iter()
            .map(|(n, ..)| {
                w.store
                    .get_by(Kind::Node, "", n)
                    .and_then(|o| o.as_node().cloned())
                    .unwrap()
            })
            .collect();
        let got = pass(&mut w, |ctx| {
            for n in &nodes {
                gc_terminating(ctx, n);
            }
        });
        assert_eq!(got, (names(&deleted), names(&patched)), "{name}");
    }
}

// gc_controller_test.go's TestGCInspectingPatchedPodBeforeDeletion: an
// orphaned Running pod is patched to Failed with the DisruptionTarget
// condition beside its own, then deleted with no grace period. (Upstream's
// names are not valid object names; they are spelled validly here.)
#[test]
fn gc_inspecting_patched_pod_before_deletion() {
    let mut w = world();
    add_pods(
        &mut w,
        &[P("test-pod", "deleted-node", "Running", "", false)],
    );
    as_user(&mut w, |ctx| {
        let mut p = pod(ctx.world(), "test-pod");
        p.status.conditions.push(Condition {
            type_: "Ready".into(),
            status: "True".into(),
            ..Default::default()
        });
        ctx.update_status(Object::Pod(Box::new(p))).unwrap();
    });
    // The quarantine is over (upstream sets it to -1).
    let seen = w.now.plus_millis(-PODGC_QUARANTINE_MS);
    w.sim.orphaned_nodes.insert("deleted-node".into(), seen);
    let mut ctx = Ctx::new(&mut w, ControllerId::NodeLifecycle, "node-controller");
    gc_orphans("deleted-node", &mut ctx);
    let writes = std::mem::take(&mut ctx.writes);
    let verbs: Vec<Verb> = writes.iter().map(|w| w.verb).collect();
    assert_eq!(verbs, [Verb::UpdateStatus, Verb::Delete]);
    let patched = writes[0].after.as_deref().and_then(Object::as_pod).unwrap();
    assert_eq!(patched.phase(), "Failed");
    let conds: Vec<(&str, &str, Option<&str>, Option<&str>)> = patched
        .status
        .conditions
        .iter()
        .map(|c| {
            (
                c.type_.as_str(),
                c.status.as_str(),
                c.reason.as_deref(),
                c.message.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        conds,
        [
            ("Ready", "True", None, None),
            (
                "DisruptionTarget",
                "True",
                Some("DeletionByPodGC"),
                Some("PodGC: node no longer exists")
            )
        ]
    );
    assert!(writes[1].after.is_none(), "deleted with no grace period");
}

/// Pod GC's deletions and status patches in the engine's trace, of the
/// test's own pods in "default" (not the DaemonSets' pods of a node).
fn gc_writes(steps: &[Step]) -> (Names, Names) {
    let ours = |w: &&crate::step::Write| &*w.key.namespace == "default";
    acted_on(
        steps
            .iter()
            .filter(|s| s.controller == ControllerId::NodeLifecycle)
            .flat_map(|s| &s.writes)
            .filter(ours),
    )
}

fn engine_pods(e: &mut Engine, pods: &[P]) {
    for p in pods {
        e.user("create", ObjectKey::new(Kind::Pod, "default", p.0), |ctx| {
            create_pod(ctx, p)
        })
        .unwrap();
    }
}

fn delete_node(e: &mut Engine, name: &str) {
    let key = ObjectKey::new(Kind::Node, "", name);
    e.user("delete", key.clone(), |ctx| {
        ctx.delete(&key, DeleteOptions::default()).map(|_| ())
    })
    .unwrap();
}

fn readd_node(e: &mut Engine, name: &str) {
    let mut node = e
        .store()
        .list(Kind::Node, None)
        .find_map(|n| n.as_node().cloned())
        .unwrap();
    node.metadata.name = name.into();
    node.metadata.uid = Default::default();
    node.metadata.resource_version = Default::default();
    e.user("create", ObjectKey::new(Kind::Node, "", name), |ctx| {
        ctx.create(Object::Node(Box::new(node))).map(|_| ())
    })
    .unwrap();
}

// gc_controller_test.go's TestGCOrphaned: (pods as (name, node, phase), a
// change to the nodes during the quarantine, when the second pass looks,
// deleted, patched). The cases that tell the node informer from the API
// server are skipped: one store serves both here.
#[test]
fn orphaned_table() {
    const WORKER: &str = "kubeplay-worker";
    type Change = Option<fn(&mut Engine)>;
    type Case = (&'static str, Vec<P<'static>>, Change, i64, List, List);
    let cases: Vec<Case> = vec![
        (
            "nodes present in lister",
            vec![
                P("a", WORKER, "Running", "", false),
                P("b", "kubeplay-worker2", "Failed", "", false),
                P("c", "kubeplay-worker2", "Succeeded", "", false),
            ],
            None,
            2 * PODGC_QUARANTINE_MS,
            vec![],
            vec![],
        ),
        (
            "no nodes",
            vec![
                P("a", "deleted", "Failed", "", false),
                P("b", "deleted", "Succeeded", "", false),
            ],
            None,
            2 * PODGC_QUARANTINE_MS,
            vec!["a", "b"],
            vec![],
        ),
        (
            "no nodes, one running pod",
            vec![
                P("a", "deleted", "Failed", "", false),
                P("b", "deleted", "Succeeded", "", false),
                P("c", "deleted", "Running", "", false),
            ],
            None,
            2 * PODGC_QUARANTINE_MS,
            vec!["a", "b", "c"],
            vec!["c"],
        ),
        (
            "quarantine not finished",
            vec![P("a", "deleted", "Failed", "", false)],
            None,
            PODGC_QUARANTINE_MS / 2,
            vec![],
            vec![],
        ),
        (
            "wrong nodes",
            vec![P("a", "deleted", "Running", "", false)],
            None,
            2 * PODGC_QUARANTINE_MS,
            vec!["a"],
            vec!["a"],
        ),
        (
            "some nodes missing",
            vec![
                P("a", "deleted", "Failed", "", false),
                P("b", WORKER, "Failed", "", false),
                P("c", "deleted", "Succeeded", "", false),
                P("d", "deleted", "Running", "", false),
            ],
            None,
            2 * PODGC_QUARANTINE_MS,
            vec!["a", "c", "d"],
            vec!["d"],
        ),
        (
            "node added to informer after quarantine",
            vec![P("a", "node", "Failed", "", false)],
            Some(|e: &mut Engine| readd_node(e, "node")),
            2 * PODGC_QUARANTINE_MS,
            vec![],
            vec![],
        ),
    ];
    for (name, pods, change, delay, deleted, patched) in cases {
        let mut e = Engine::with_default_cluster(1);
        let from = e.trace().len();
        engine_pods(&mut e, &pods);
        e.advance(0);
        assert_eq!(
            gc_writes(&e.trace()[from..]),
            Default::default(),
            "{name}: nothing deleted at the first pass"
        );
        if let Some(change) = change {
            e.advance(PODGC_QUARANTINE_MS / 2);
            change(&mut e);
            e.advance(delay - PODGC_QUARANTINE_MS / 2);
        } else {
            e.advance(delay);
        }
        assert_eq!(
            gc_writes(&e.trace()[from..]),
            (names(&deleted), names(&patched)),
            "{name}"
        );
    }
}

// TestGCOrphaned's "node deleted from informer after quarantine": the
// node was there at the first pass, so its quarantine starts when it goes.
#[test]
fn gc_orphaned_quarantine_starts_when_the_node_goes() {
    let mut e = Engine::with_default_cluster(1);
    readd_node(&mut e, "node");
    e.advance(0);
    // Its kubelet gone, nothing changes the pod's phase from the test's.
    e.sim_node_fail("node").unwrap();
    let from = e.trace().len();
    engine_pods(&mut e, &[P("a", "node", "Succeeded", "", false)]);
    e.advance(2 * PODGC_QUARANTINE_MS);
    delete_node(&mut e, "node");
    e.advance(PODGC_QUARANTINE_MS / 2);
    assert_eq!(gc_writes(&e.trace()[from..]), Default::default());
    e.advance(PODGC_QUARANTINE_MS / 2);
    assert_eq!(gc_writes(&e.trace()[from..]), (names(&["a"]), names(&[])));
}

// TestGCTerminating through the engine, as non-graceful node shutdown
// goes: a pod deleted on a failed node waits for a kubelet that is gone
// until the node is tainted out-of-service, then pod GC force-deletes it.
#[test]
fn terminating_pod_on_out_of_service_node_is_force_deleted() {
    const WORKER: &str = "kubeplay-worker";
    let mut e = Engine::with_default_cluster(1);
    let from = e.trace().len();
    engine_pods(&mut e, &[P("a", WORKER, "Pending", "", false)]);
    e.advance(10_000);
    e.sim_node_fail(WORKER).unwrap();
    e.advance(NODE_MONITOR_GRACE_MS + 1_000);
    let key = ObjectKey::new(Kind::Pod, "default", "a");
    e.user("delete", key.clone(), |ctx| {
        ctx.delete(&key, DeleteOptions::default()).map(|_| ())
    })
    .unwrap();
    e.advance(60_000);
    assert!(
        e.store().get(&key).is_some(),
        "no kubelet finishes the deletion"
    );
    assert_eq!(
        gc_writes(&e.trace()[from..]).0,
        Names::new(),
        "not yet out of service"
    );
    let node_key = ObjectKey::new(Kind::Node, "", WORKER);
    let mut n = e
        .store()
        .get(&node_key)
        .and_then(|n| n.as_node().cloned())
        .unwrap();
    n.spec.taints.extend(oos("NoExecute", None));
    e.user("taint", node_key, |ctx| {
        ctx.update(Object::Node(Box::new(n))).map(|_| ())
    })
    .unwrap();
    e.advance(0);
    assert!(e.store().get(&key).is_none());
    assert_eq!(
        gc_writes(&e.trace()[from..]),
        (names(&["a"]), names(&["a"]))
    );
}

// TestGCTerminated at kube-controller-manager's default threshold: past
// 12,500 terminated pods the sweep waits for the GC period's next tick,
// then deletes the oldest beyond the threshold.
#[test]
fn sweep_at_the_default_threshold() {
    let mut w = world();
    let extra = 2;
    as_user(&mut w, |ctx| {
        for i in 0..TERMINATED_POD_GC_THRESHOLD + extra {
            ctx.world_mut().now = ctx.now().plus_millis(1);
            create_pod(
                ctx,
                &P(&format!("done-{i:05}"), "gone", "Succeeded", "", false),
            )
            .unwrap();
        }
    });
    assert_eq!(
        w.store.terminated_pod_count(),
        TERMINATED_POD_GC_THRESHOLD + extra
    );
    let off_tick = GC_CHECK_PERIOD_MS - w.now.millis().rem_euclid(GC_CHECK_PERIOD_MS);
    if off_tick == GC_CHECK_PERIOD_MS {
        w.now = w.now.plus_millis(1);
    }
    assert_eq!(
        pass(&mut w, sweep_terminated),
        Default::default(),
        "not on a tick"
    );
    w.now = w
        .now
        .plus_millis(GC_CHECK_PERIOD_MS - w.now.millis().rem_euclid(GC_CHECK_PERIOD_MS));
    assert_eq!(
        pass(&mut w, sweep_terminated),
        (names(&["done-00000", "done-00001"]), Names::new())
    );
    assert_eq!(w.store.terminated_pod_count(), TERMINATED_POD_GC_THRESHOLD);
}

// TestGCUnscheduledTerminating through the engine: a pod never scheduled,
// held by a finalizer after its deletion, is marked Failed by pod GC as
// soon as its deletion begins.
#[test]
fn unscheduled_terminating_pod_is_marked_failed() {
    let mut e = Engine::with_default_cluster(1);
    let from = e.trace().len();
    engine_pods(&mut e, &[P("a", "", "Pending", "", true)]);
    e.advance(0);
    let p = e
        .store()
        .get_by(Kind::Pod, "default", "a")
        .and_then(|o| o.as_pod().cloned())
        .expect("held by its finalizer");
    assert!(p.metadata.deletion_timestamp.is_some());
    assert_eq!(p.phase(), "Failed");
    assert_eq!(
        gc_writes(&e.trace()[from..]),
        (names(&["a"]), names(&["a"]))
    );
}
