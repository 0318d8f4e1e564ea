//! Upstream's table, ported: pkg/controller/clusterroleaggregation/
//! clusterroleaggregation_controller_test.go. Each case runs twice: on
//! [`aggregated_rules`] with upstream's roles as they are, and through a
//! reconcile on a store, whose writes stand for the fake client's actions
//! (there, the API server wants an API group on every resource rule, which
//! the fake client never checked: the rules get the core group).

use super::*;
use crate::controller::Ctx;
use crate::step::Verb;
use crate::world::World;
use crate::Engine;
use kubeplay_model::api::AggregationRule;
use kubeplay_model::{LabelSelector, ObjectMeta};
use std::collections::BTreeMap;

fn rule(verb: &str, resource: &str) -> PolicyRule {
    PolicyRule { verbs: vec![verb.into()], resources: vec![resource.into()], ..Default::default() }
}
fn hammer() -> Vec<PolicyRule> {
    vec![rule("hammer", "nails"), rule("hammer", "wedges")]
}
fn chisel() -> Vec<PolicyRule> {
    vec![rule("chisel", "mortises")]
}
fn saw() -> Vec<PolicyRule> {
    vec![rule("saw", "boards")]
}

fn role(name: &str, foo: &str, rules: Vec<PolicyRule>) -> ClusterRole {
    ClusterRole {
        metadata: ObjectMeta { name: name.into(), labels: BTreeMap::from([("foo".to_string(), foo.to_string())]).into(), ..Default::default() },
        rules: Some(rules),
        aggregation_rule: None,
    }
}

/// Upstream's `combinedRole`: selectors on `foo`, and the rules it holds.
fn combined(foos: &[&str], rules: Vec<PolicyRule>) -> ClusterRole {
    let selector = |foo: &&str| LabelSelector { match_labels: BTreeMap::from([("foo".to_string(), foo.to_string())]), match_expressions: Vec::new() };
    ClusterRole {
        metadata: ObjectMeta { name: "combined".into(), ..Default::default() },
        rules: (!rules.is_empty()).then_some(rules),
        aggregation_rule: Some(AggregationRule { cluster_role_selectors: foos.iter().map(selector).collect() }),
    }
}

struct Case {
    name: &'static str,
    starting: Vec<ClusterRole>,
    /// The rules `combined` ends with; None when nothing is written.
    expected: Option<Vec<PolicyRule>>,
}

fn cases() -> Vec<Case> {
    let cat = |parts: &[Vec<PolicyRule>]| parts.concat();
    vec![
        Case {
            name: "remove dead rules",
            starting: vec![role("hammer", "bar", hammer()), combined(&["bar"], saw())],
            expected: Some(hammer()),
        },
        Case {
            name: "strip rules",
            starting: vec![role("hammer", "not-bar", hammer()), combined(&["bar"], hammer())],
            expected: Some(Vec::new()),
        },
        Case {
            name: "select properly and put in order",
            starting: vec![role("hammer", "bar", hammer()), role("chisel", "bar", chisel()), role("saw", "not-bar", saw()), combined(&["bar"], vec![])],
            expected: Some(cat(&[chisel(), hammer()])),
        },
        Case {
            name: "select properly with multiple selectors",
            starting: vec![role("hammer", "bar", hammer()), role("chisel", "bar", chisel()), role("saw", "not-bar", saw()), combined(&["bar", "not-bar"], vec![])],
            expected: Some(cat(&[chisel(), hammer(), saw()])),
        },
        Case {
            name: "select properly remove duplicates",
            starting: vec![
                role("hammer", "bar", hammer()),
                role("chisel", "bar", chisel()),
                role("saw", "bar", saw()),
                role("other-saw", "not-bar", saw()),
                combined(&["bar", "not-bar"], vec![]),
            ],
            expected: Some(cat(&[chisel(), hammer(), saw()])),
        },
        Case { name: "no diff skip", starting: vec![role("hammer", "bar", hammer()), combined(&["bar"], hammer())], expected: None },
    ]
}

// clusterroleaggregation_controller_test.go's TestSyncClusterRole: the rules computed.
#[test]
fn sync_cluster_role_rules() {
    for case in cases() {
        let combined = case.starting.iter().find(|r| r.metadata.name == "combined").unwrap();
        let all: Vec<&ClusterRole> = case.starting.iter().collect();
        let got = aggregated_rules(combined, &all).unwrap();
        let want = case.expected.clone().unwrap_or_else(|| combined.rules.clone().unwrap_or_default());
        assert_eq!(got, want, "{}", case.name);
    }
}

fn with_core_group(mut role: ClusterRole) -> ClusterRole {
    for r in role.rules.iter_mut().flatten() {
        r.api_groups = vec![String::new()];
    }
    role
}

/// A world holding the default cluster and the case's roles.
fn world_with(roles: &[ClusterRole]) -> World {
    let mut w = Engine::empty(1).world().clone();
    let mut ctx = Ctx::new(&mut w, ControllerId::User, "kubectl");
    for r in roles {
        ctx.create(Object::ClusterRole(Box::new(with_core_group(r.clone())))).unwrap();
    }
    drop(ctx);
    w
}

// clusterroleaggregation_controller_test.go's TestSyncClusterRole: the write.
#[test]
fn sync_cluster_role_writes() {
    for case in cases() {
        let mut w = world_with(&case.starting);
        let mut ctx = Ctx::new(&mut w, ControllerId::ClusterRoleAggregation, "clusterrole-aggregation-controller");
        let key = ObjectKey::new(Kind::ClusterRole, "", "combined");
        ClusterRoleAggregationController.reconcile(&key, &mut ctx);
        let writes: Vec<_> = ctx.writes.iter().map(|w| (w.verb, w.after.clone())).collect();
        let Some(expected) = case.expected else {
            assert!(writes.is_empty(), "{}: {writes:?}", case.name);
            continue;
        };
        assert_eq!(writes.len(), 1, "{}", case.name);
        assert_eq!(writes[0].0, Verb::Update, "{}", case.name);
        let after = writes[0].1.as_deref().and_then(Object::as_cluster_role).unwrap();
        let expected = with_core_group(combined(&[], expected)).rules;
        assert_eq!(after.rules, expected, "{}", case.name);
    }
}

// The aggregated bootstrap roles, as a fresh cluster shows them: view holds
// system:aggregate-to-view's rules, edit system:aggregate-to-edit's then
// view's, admin edit's then system:aggregate-to-admin's (by role name).
#[test]
fn the_default_cluster_aggregates_admin_edit_and_view() {
    let e = Engine::with_default_cluster(1);
    let rules = |name: &str| e.world().store.get_by(Kind::ClusterRole, "", name).and_then(|o| o.as_cluster_role().cloned()).unwrap().rules.unwrap_or_default();
    let (view, edit, admin) = (rules("view"), rules("edit"), rules("admin"));
    assert_eq!(view, rules("system:aggregate-to-view"));
    assert_eq!(edit, [rules("system:aggregate-to-edit"), view].concat());
    assert_eq!(admin, [edit, rules("system:aggregate-to-admin")].concat());
}

// A new ClusterRole labelled to aggregate into view reaches view, then edit
// and admin through their own labels; deleting it takes its rules back out.
#[test]
fn a_labelled_role_flows_into_view_edit_and_admin() {
    let mut e = Engine::with_default_cluster(1);
    let extra = PolicyRule { verbs: vec!["get".into()], api_groups: vec!["example.com".into()], resources: vec!["widgets".into()], ..Default::default() };
    let mut widgets = ClusterRole { rules: Some(vec![extra.clone()]), ..Default::default() };
    widgets.metadata.name = "widget-viewer".into();
    widgets.metadata.labels.insert("rbac.authorization.k8s.io/aggregate-to-view".into(), "true".into());
    let key = ObjectKey::new(Kind::ClusterRole, "", "widget-viewer");
    e.user("create", key.clone(), |ctx| ctx.create(Object::ClusterRole(Box::new(widgets))).map(|_| ())).unwrap();
    e.settle(crate::DEFAULT_SETTLE_MS);
    let holds = |e: &Engine, name: &str| e.world().store.get_by(Kind::ClusterRole, "", name).and_then(|o| o.as_cluster_role().cloned()).unwrap().rules.unwrap_or_default().contains(&extra);
    for name in ["view", "edit", "admin"] {
        assert!(holds(&e, name), "{name}");
    }
    e.user("delete", key.clone(), |ctx| ctx.delete(&key, Default::default()).map(|_| ())).unwrap();
    e.settle(crate::DEFAULT_SETTLE_MS);
    for name in ["view", "edit", "admin"] {
        assert!(!holds(&e, name), "{name}");
    }
}

// Changes to other kinds queue nothing.
#[test]
fn other_kinds_queue_nothing() {
    let e = Engine::with_default_cluster(1);
    let store = &e.world().store;
    for obj in store.iter().filter(|o| o.kind() != Kind::ClusterRole) {
        let change = Change { type_: kubeplay_apiserver::ChangeType::Added, key: obj.key(), old: None, new: Some(obj.clone()), resource_version: 1 };
        ClusterRoleAggregationController.watch(&change, store, &mut |k| panic!("queued {k:?}"));
    }
}

// Not upstream's: the bootstrap's one-shot aggregation ends, on roles that
// aggregate each other too.
#[test]
fn aggregating_all_ends_on_a_cycle() {
    let mut a = combined(&["b"], vec![]);
    a.metadata.name = "a".into();
    a.metadata.labels.insert("foo".into(), "a".into());
    let mut b = combined(&["a"], hammer());
    b.metadata.name = "b".into();
    b.metadata.labels.insert("foo".into(), "b".into());
    let mut objects = vec![Object::ClusterRole(Box::new(a)), Object::ClusterRole(Box::new(b))];
    aggregate_all(&mut objects);
    // Which rules survive depends on who goes first, as with the
    // controller; each ends holding what the other holds.
    let rules = |i: usize| objects[i].as_cluster_role().unwrap().rules.clone();
    assert_eq!(rules(0), rules(1));
}

// Not upstream's: an aggregated role's rules belong to the controller; an
// edit to them is put back.
#[test]
fn an_edit_to_an_aggregated_role_is_undone() {
    let mut e = Engine::with_default_cluster(1);
    let key = ObjectKey::new(Kind::ClusterRole, "", "view");
    let view = || e.world().store.get(&key).and_then(|o| o.as_cluster_role().cloned()).unwrap();
    let before = view().rules;
    let mut edited = view();
    edited.rules = Some(vec![rule("get", "pods")]);
    edited.rules.iter_mut().flatten().for_each(|r| r.api_groups = vec![String::new()]);
    e.user("edit", key.clone(), |ctx| ctx.update(Object::ClusterRole(Box::new(edited))).map(|_| ())).unwrap();
    e.settle(crate::DEFAULT_SETTLE_MS);
    assert_eq!(e.world().store.get(&key).and_then(|o| o.as_cluster_role().cloned()).unwrap().rules, before);
}
