//! Tables ported from upstream's `pkg/controller/daemon/update_test.go`
//! (v1.32): rolling updates sync by sync, and the update budget.

use super::upstream_harness::*;
use super::{budget, HASH_LABEL};
use kubeplay_model::api::DaemonSet;
use kubeplay_model::{IntOrString, Time};

/// Five (or `n`) nodes whose OnDelete pods are created and made ready,
/// then a new image under the given rolling strategy.
fn rolled_out(n: usize, ready: bool, max_unavailable: IntOrString, max_surge: Option<IntOrString>) -> Cluster {
    let mut c = Cluster::new(new_ds("foo"));
    c.add_nodes(0, n, &[]);
    assert_eq!(c.sync(), (n, 0, 0));
    if ready {
        c.mark_ready();
    }
    new_image(&mut c.ds, "foo2/bar2");
    rolling(&mut c.ds, max_unavailable, max_surge);
    c
}

fn new_image(ds: &mut DaemonSet, image: &str) {
    ds.spec.template.spec.containers[0].image = Some(image.into());
}

/// Syncs once per expected (creates, deletes), marking pods ready after
/// each step flagged so.
fn expect_steps(c: &mut Cluster, steps: &[(usize, usize, bool)], name: &str) {
    for (i, &(creates, deletes, then_ready)) in steps.iter().enumerate() {
        assert_eq!(c.sync(), (creates, deletes, 0), "{name}: step {i}");
        if then_ready {
            c.mark_ready();
        }
    }
}

fn ready_pods(c: &Cluster) -> Vec<String> {
    c.pods.iter().filter(|p| p.is_ready()).map(|p| p.metadata.name.clone()).collect()
}

// TestDaemonSetUpdatesPods: maxUnavailable 2 over five nodes.
#[test]
fn updates_pods() {
    let mut c = rolled_out(5, true, IntOrString::Int(2), None);
    expect_steps(&mut c, &[(0, 2, false), (2, 0, true), (0, 2, false), (2, 0, true), (0, 1, false), (1, 0, true), (0, 0, false)], "maxUnavailable 2");
}

// TestDaemonSetUpdatesPodsWithMaxSurge: maxSurge 2 over five nodes.
#[test]
fn updates_pods_with_max_surge() {
    let mut c = rolled_out(5, true, IntOrString::Int(0), Some(IntOrString::Int(2)));
    expect_steps(&mut c, &[(2, 0, false), (0, 0, true), (2, 2, false), (0, 0, true), (1, 2, false), (0, 0, true), (0, 1, false), (0, 0, false)], "maxSurge 2");
}

// TestDaemonSetUpdatesPodsNotMatchTainstWithMaxSurge: node-0 is tainted and
// the new template stops tolerating it; its old pod goes only once the
// others are available.
#[test]
fn updates_pods_not_matching_taints_with_max_surge() {
    let mut ds = new_ds("foo");
    rolling(&mut ds, IntOrString::Int(0), Some(IntOrString::Int(1)));
    ds.spec.template.spec.tolerations =
        vec![serde_json::from_value(serde_json::json!({"key": "node-role.kubernetes.io/control-plane", "operator": "Exists"})).unwrap()].into();
    let mut c = Cluster::new(ds);
    c.add_nodes(0, 5, &[]);
    taint(&mut c.nodes[0], "node-role.kubernetes.io/control-plane", "NoSchedule");
    c.nodes[0].spec.taints[0].value = None;
    assert_eq!(c.sync(), (5, 0, 0));
    c.mark_ready();
    c.ds.spec.template.spec.tolerations = Default::default();
    let steps =
        [(1, 1, false), (0, 0, true), (1, 1, false), (0, 0, true), (1, 1, false), (0, 0, true), (1, 1, false), (0, 0, true), (0, 1, false), (0, 0, false)];
    expect_steps(&mut c, &steps, "not tolerated any more");
    assert!(!c.pods.iter().any(|p| super::eligibility::target_node(&p.spec).as_deref() == Some("node-0")));
}

// TestDaemonSetUpdatesWhenNewPodIsNotReady: maxUnavailable 3, new pods never ready.
#[test]
fn updates_stop_when_new_pods_are_not_ready() {
    let mut c = rolled_out(5, true, IntOrString::Int(3), None);
    expect_steps(&mut c, &[(0, 3, false), (3, 0, false), (0, 0, false)], "new pods not ready");
}

// TestDaemonSetUpdatesSomeOldPodsNotReady: a second update replaces the
// two unready pods of the first and leaves the three ready ones.
#[test]
fn updates_some_old_pods_not_ready() {
    let mut c = rolled_out(5, true, IntOrString::Int(2), None);
    expect_steps(&mut c, &[(0, 2, false), (2, 0, false), (0, 0, false)], "first update");
    new_image(&mut c.ds, "foo2/bar3");
    expect_steps(&mut c, &[(0, 2, false), (2, 0, false), (0, 0, false)], "second update");
    assert_eq!(ready_pods(&c).len(), 3);
}

// TestDaemonSetUpdatesSaveOldHealthyPods: once ten pods are unavailable,
// later updates only ever replace those ten, whatever maxUnavailable (the
// random values of upstream's loop are taken in turn here).
#[test]
fn updates_save_old_healthy_pods() {
    let mut c = rolled_out(20, true, IntOrString::Int(10), None);
    expect_steps(&mut c, &[(0, 10, false), (10, 0, false), (0, 0, false)], "first update");
    let old_ready = ready_pods(&c);
    assert_eq!(old_ready.len(), 10);
    for i in 0..10 {
        rolling(&mut c.ds, IntOrString::Int(i), None);
        new_image(&mut c.ds, &format!("foo2/bar3-{i}"));
        expect_steps(&mut c, &[(0, 10, false), (10, 0, false), (0, 0, false)], &format!("maxUnavailable {i}"));
        assert_eq!(ready_pods(&c), old_ready, "maxUnavailable {i}");
    }
    rolling(&mut c.ds, IntOrString::Int(11), None);
    new_image(&mut c.ds, "foo2/bar4");
    expect_steps(&mut c, &[(0, 11, false), (11, 0, false), (0, 0, false)], "maxUnavailable 11");
    assert_eq!(ready_pods(&c).len(), 9);
}

// TestDaemonSetUpdatesAllOldNotReadyPodsAndNewNotReadyPods: with 88 new
// and 2 old pods unavailable, only the 2 old ones are replaced.
#[test]
fn updates_all_old_not_ready_pods_and_new_not_ready_pods() {
    let mut c = Cluster::new(new_ds("foo"));
    c.add_nodes(0, 100, &[]);
    assert_eq!(c.sync(), (100, 0, 0));
    c.mark_ready();
    let hash1 = c.hash();
    new_image(&mut c.ds, "foo2/bar2");
    rolling(&mut c.ds, IntOrString::Int(10), None);
    for i in 0..10 {
        expect_steps(&mut c, &[(0, 10, false), (10, 0, true)], &format!("round {i}"));
    }
    expect_steps(&mut c, &[(0, 0, false)], "rolled out");
    let mut old_unavailable = Vec::new();
    let now = c.now;
    for (i, p) in c.pods.iter_mut().enumerate() {
        if i >= 10 {
            set_ready(p, false, now);
        }
        if i < 12 {
            p.metadata.labels.insert(HASH_LABEL.into(), hash1.clone());
            if i >= 10 {
                old_unavailable.push(p.metadata.name.clone());
            }
        }
    }
    expect_steps(&mut c, &[(0, 2, false), (2, 0, false), (0, 0, false)], "old unavailable replaced");
    assert!(c.pods.iter().all(|p| !old_unavailable.contains(&p.metadata.name)));
}

// TestDaemonSetUpdatesAllOldPodsNotReady: unavailable old pods are all
// replaced at once, beyond maxUnavailable.
#[test]
fn updates_all_old_pods_not_ready() {
    let mut c = rolled_out(5, false, IntOrString::Int(3), None);
    expect_steps(&mut c, &[(0, 5, false), (5, 0, false), (0, 0, false)], "all old unready");
}

fn at(c: &mut Cluster, s: i64) {
    c.now = Time::from_millis(s * 1000);
}

/// `setPodReadiness`: the first `count` live pods matching `which` whose
/// readiness differs, changed at the current time.
fn set_readiness(c: &mut Cluster, ready: bool, count: usize, which: impl Fn(&Cluster, &kubeplay_model::api::Pod) -> bool) {
    let picked: Vec<String> = c
        .pods
        .iter()
        .filter(|p| p.metadata.deletion_timestamp.is_none() && p.is_ready() != ready && which(c, p))
        .take(count)
        .map(|p| p.metadata.name.clone())
        .collect();
    assert_eq!(picked.len(), count);
    let now = c.now;
    for p in c.pods.iter_mut().filter(|p| picked.contains(&p.metadata.name)) {
        set_ready(p, ready, now);
    }
}

fn node_of(p: &kubeplay_model::api::Pod) -> String {
    super::eligibility::target_node(&p.spec).unwrap_or_default()
}

// TestDaemonSetUpdatesAllOldPodsNotReadyMaxSurge: surging over unready old
// pods, then a second update with minReadySeconds 15.
#[test]
fn updates_all_old_pods_not_ready_max_surge() {
    let mut c = rolled_out(5, false, IntOrString::Int(0), Some(IntOrString::Int(3)));
    at(&mut c, 100);
    assert_eq!(c.sync(), (5, 0, 0), "all old pods unavailable: surge on every node");
    at(&mut c, 200);
    assert_eq!(c.sync(), (0, 5, 0), "old pods deleted while the new ones start");
    set_readiness(&mut c, true, 5, |_, _| true);
    c.ds.spec.min_ready_seconds = Some(15);
    new_image(&mut c.ds, "foo3/bar3");
    at(&mut c, 300);
    assert_eq!(c.sync(), (3, 0, 0));
    let hash = c.hash();
    let current = |c: &Cluster, node: &str| c.pods.iter().any(|p| p.metadata.label(HASH_LABEL) == Some(hash.as_str()) && node_of(p) == node);
    set_readiness(&mut c, true, 2, |_, p| p.metadata.label(HASH_LABEL) == Some(hash.as_str()));
    let no_current: Vec<String> = c.nodes.iter().map(|n| n.metadata.name.clone()).filter(|n| !current(&c, n)).collect();
    set_readiness(&mut c, false, 1, |_, p| p.metadata.label(HASH_LABEL) != Some(hash.as_str()) && no_current.contains(&node_of(p)));
    at(&mut c, 310);
    assert_eq!(c.sync(), (1, 0, 0), "new pods not yet available: only the unready old pod is replaced");
    at(&mut c, 320);
    assert_eq!(c.sync(), (1, 3, 0), "new pods available: old pods go");
    set_readiness(&mut c, true, 3, |_, p| p.metadata.label(HASH_LABEL) == Some(hash.as_str()));
    at(&mut c, 340);
    assert_eq!(c.sync(), (0, 2, 0));
    at(&mut c, 350);
    assert_eq!(c.sync(), (0, 0, 0), "done");
}

// TestDaemonSetUpdatesNoTemplateChanged: a new strategy alone replaces nothing.
#[test]
fn updates_nothing_without_a_template_change() {
    let mut c = Cluster::new(new_ds("foo"));
    c.add_nodes(0, 5, &[]);
    assert_eq!(c.sync(), (5, 0, 0));
    rolling(&mut c.ds, IntOrString::Int(3), None);
    assert_eq!(c.sync(), (0, 0, 0));
}

// TestGetUnavailableNumbers: (maxSurge, maxUnavailable, desiredNumberScheduled)
// for the strategy over the eligible nodes.
#[test]
fn get_unavailable_numbers_table() {
    let s = |v: &str| IntOrString::Str(v.into());
    let i = IntOrString::Int;
    let cases = [
        ("No nodes", 0, i(0), None, (0, 0)),
        ("Two nodes with ready pods", 2, i(1), None, (0, 1)),
        ("Two nodes, one node without pods", 2, i(0), None, (0, 1)),
        ("Two nodes, one node without pods, surge", 2, i(0), Some(i(0)), (0, 1)),
        ("Two nodes with pods, MaxUnavailable in percents", 2, s("50%"), None, (0, 1)),
        ("Two nodes with pods, MaxUnavailable in percents, surge", 2, i(0), Some(s("50%")), (1, 0)),
        ("Two nodes with pods, MaxUnavailable is 100%, surge", 2, i(0), Some(s("100%")), (2, 0)),
        ("Two nodes with pods, MaxUnavailable in percents, pod terminating", 3, s("50%"), None, (0, 2)),
    ];
    for (name, nodes, max_unavailable, max_surge, (surge, unavailable)) in cases {
        let mut ds = new_ds("x");
        rolling(&mut ds, max_unavailable, max_surge);
        let mut c = Cluster::new(ds);
        c.add_nodes(0, nodes, &[]);
        let desired = c.status().desired_number_scheduled;
        assert_eq!(desired, nodes as i32, "{name}");
        let b = budget(&c.ds, desired);
        assert_eq!((b.surge, b.unavailable), (surge, unavailable), "{name}");
    }
}

// TestGetUnavailableNumbers' "one node without pods": the empty eligible
// node is unavailable, so the ready pod on the other is not replaced.
#[test]
fn an_eligible_node_without_its_pod_spends_the_budget() {
    let mut c = rolled_out(2, true, IntOrString::Int(1), None);
    c.pods.remove(1);
    let view = super::node_view(&c.ds, &c.claimed(), &c.nodes, &c.hash(), c.now);
    let plan = super::plan::rolling_update(&view, 2, 0, 1);
    assert!(plan.delete.is_empty() && plan.create_on.is_empty(), "{plan:?}");
}

// `AllowsSurge` (util.go) scales maxSurge against a single node, so a
// surge strategy keeps its old/new pod pairs even while no node is
// eligible; maxSurge 0 or OnDelete never surge.
#[test]
fn allows_surge_does_not_depend_on_eligible_nodes() {
    let surge = |max_surge: IntOrString| {
        let mut ds = new_ds("x");
        rolling(&mut ds, IntOrString::Int(0), Some(max_surge));
        budget(&ds, 0).allows_surge
    };
    assert!(surge(IntOrString::Int(1)));
    assert!(surge(IntOrString::Str("10%".into())));
    assert!(!surge(IntOrString::Int(0)));
    assert!(!budget(&new_ds("x"), 3).allows_surge);
}
