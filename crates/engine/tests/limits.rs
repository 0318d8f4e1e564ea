//! The engine's caps: history kept for time travel is bounded (oldest
//! steps forgotten, numbering and trace hash unchanged), and one settle or
//! advance stops after a bounded number of steps instead of freezing.

use kubeplay_engine::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectMeta};
use std::collections::BTreeMap;

fn nginx(replicas: i32) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "nginx".to_string())]);
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: "nginx".into(), namespace: "default".into(), labels: labels.clone().into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels.into(), ..Default::default() },
                spec: PodSpec { containers: vec![Container { name: "nginx".into(), image: Some("nginx:1.27".into()), ..Default::default() }].into(), ..Default::default() },
            },
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn run(history_limit: Option<usize>) -> Engine {
    let mut e = Engine::with_default_cluster(3);
    if let Some(n) = history_limit {
        e.set_history_limit(n);
    }
    let obj = nginx(4);
    let key = obj.key();
    e.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
    assert!(e.settle(DEFAULT_SETTLE_MS).converged);
    e
}

/// Keys and resourceVersions: equal means the same stored state.
fn state(e: &Engine) -> Vec<(String, String)> {
    [Kind::Deployment, Kind::ReplicaSet, Kind::Pod]
        .into_iter()
        .flat_map(|k| e.store().list(k, None).map(|o| (format!("{:?}", o.key()), o.meta().resource_version.to_string())).collect::<Vec<_>>())
        .collect()
}

#[test]
fn history_over_the_cap_forgets_the_oldest_steps_only() {
    let full = run(None);
    let total = full.trace().len();
    assert!(total > 20, "the scenario is long enough to trim: {total} steps");

    let capped = run(Some(10));
    assert!(capped.trace().len() <= 10, "kept {} steps", capped.trace().len());
    assert!(capped.forgotten() > 0);
    // Numbering, position and the run's hash are those of the whole run.
    assert_eq!(capped.recorded(), total);
    assert_eq!(capped.cursor(), total);
    assert_eq!(capped.trace()[0].index, capped.forgotten() + 1);
    assert_eq!(capped.trace().last().map(|s| s.index), Some(total));
    assert_eq!(capped.trace_hash(), full.trace_hash());
    assert_eq!(state(&capped), state(&full));
}

#[test]
fn jumping_to_a_kept_step_works_and_before_the_oldest_is_refused() {
    let mut full = run(None);
    let mut capped = run(Some(10));
    let oldest = capped.forgotten();
    assert!(!capped.jump(oldest - 1), "a forgotten step cannot be restored");
    for target in [oldest, oldest + 5, capped.recorded() - 1] {
        assert!(capped.jump(target), "jump to {target}");
        assert!(full.jump(target));
        assert_eq!(capped.cursor(), target);
        assert_eq!(state(&capped), state(&full), "state after step {target}");
    }
    // Forward again replays the recorded future.
    while capped.step().is_some() {}
    assert_eq!(capped.cursor(), capped.recorded());
}

/// Steps taken with history off cannot be jumped to: turning it on
/// forgets them (numbering and hash kept) and the jumps start there, each
/// restoring what a run with history on all along had at that step.
#[test]
fn steps_taken_with_history_off_are_forgotten_when_it_is_turned_on() {
    let web = || {
        let mut obj = nginx(3);
        if let Object::Deployment(d) = &mut obj {
            d.metadata.name = "web".into();
        }
        obj
    };
    let mut full = run(None);
    let mut e = Engine::with_default_cluster(3);
    e.set_record_history(false);
    let obj = nginx(4);
    let key = obj.key();
    e.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
    assert!(e.settle(DEFAULT_SETTLE_MS).converged);
    assert!(!e.jump(e.recorded() - 1), "no jumps with history off");
    let off = e.recorded();
    e.set_record_history(true);
    assert_eq!((e.forgotten(), e.recorded(), e.cursor()), (off, off, off));
    for eng in [&mut full, &mut e] {
        let obj = web();
        let key = obj.key();
        eng.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
        assert!(eng.settle(DEFAULT_SETTLE_MS).converged);
    }
    assert_eq!(e.recorded(), full.recorded());
    assert_eq!(e.trace_hash(), full.trace_hash());
    assert!(!e.jump(off - 1), "a step taken with history off cannot be restored");
    for target in [off, off + 1, off + 7, e.recorded() - 1] {
        assert!(e.jump(target) && full.jump(target), "jump to {target}");
        assert_eq!(state(&e), state(&full), "state after step {target}");
    }
    // Turned off after a jump back, the future that had snapshots goes.
    assert!(e.jump(off + 1));
    e.set_record_history(false);
    assert_eq!((e.recorded(), e.cursor()), (off + 1, off + 1));
    assert!(e.step().is_some_and(|s| s.index == off + 2), "a new step follows");
}

#[test]
fn advance_stops_at_the_step_cap_with_the_clock_where_work_got_to() {
    let mut e = Engine::with_default_cluster(3);
    e.set_step_limit(10);
    let obj = nginx(4);
    let key = obj.key();
    e.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
    let start = e.now();
    let ran = e.advance(3_600_000);
    assert_eq!(ran, 10);
    assert!(e.now() < start.plus_millis(3_600_000), "the clock did not jump past unfinished work");
}

#[test]
fn settle_stops_at_the_step_cap_and_says_it_did_not_converge() {
    let mut e = Engine::with_default_cluster(3);
    e.set_step_limit(10);
    let obj = nginx(4);
    let key = obj.key();
    e.user("apply", key, |ctx| ctx.create(obj).map(|_| ())).unwrap();
    let r = e.settle(DEFAULT_SETTLE_MS);
    assert_eq!(r.steps, 10);
    assert!(!r.converged);
}

#[test]
fn lowering_the_cap_trims_the_history_at_the_next_step() {
    let config_map = || {
        let mut cm = Object::ConfigMap(Box::default());
        cm.meta_mut().name = "after".into();
        cm.meta_mut().namespace = "default".into();
        cm
    };
    let mut full = run(None);
    let mut capped = run(None);
    assert!(capped.trace().len() > 20);
    capped.set_history_limit(10);
    for e in [&mut full, &mut capped] {
        let cm = config_map();
        let key = cm.key();
        e.user("apply", key, |ctx| ctx.create(cm).map(|_| ())).unwrap();
    }
    // One step later, not a tenth of the limit per step from now on.
    assert!(capped.trace().len() <= 10, "kept {} steps", capped.trace().len());
    assert_eq!(capped.recorded(), full.recorded());
    assert_eq!(capped.trace_hash(), full.trace_hash());
}

/// A long run with history on: its estimated memory stays under the
/// budget (the oldest steps go), numbering and trace hash are the whole
/// run's, and jumping to any kept step restores it exactly.
#[test]
fn history_over_the_memory_budget_forgets_the_oldest_steps_only() {
    const BUDGET: usize = 8 << 20;
    let long = |budget: Option<usize>| {
        let mut e = Engine::with_default_cluster(3);
        if let Some(b) = budget {
            e.set_history_budget(b);
        }
        let obj = nginx(130);
        let key = obj.key();
        e.user("apply", key.clone(), |ctx| ctx.create(obj).map(|_| ())).unwrap();
        assert!(e.settle(DEFAULT_SETTLE_MS).converged);
        let mut updated = nginx(130);
        if let Object::Deployment(d) = &mut updated {
            d.spec.template.spec.containers[0].image = Some("nginx:1.28".into());
        }
        e.user("set image", key, |ctx| {
            let live = ctx.get(&updated.key()).unwrap();
            updated.meta_mut().resource_version = live.meta().resource_version.clone();
            ctx.update(updated).map(|_| ())
        })
        .unwrap();
        assert!(e.settle(DEFAULT_SETTLE_MS).converged);
        assert_eq!(e.cursor(), e.recorded());
        e
    };
    let mut full = long(None);
    let mut capped = long(Some(BUDGET));
    assert!(full.recorded() >= 1_500, "a long run: {} steps", full.recorded());
    assert!(full.history_bytes() > BUDGET, "the whole run would be over the budget: {}", full.history_bytes());
    assert!(capped.history_bytes() <= BUDGET, "kept {} bytes", capped.history_bytes());
    assert!(capped.forgotten() > 0);
    let kept: usize = capped.trace().iter().map(|s| kubeplay_engine::engine::step_cost(s, true)).sum();
    assert_eq!(capped.history_bytes(), kept, "the running total is the kept steps' cost");
    assert_eq!(capped.recorded(), full.recorded());
    assert_eq!(capped.trace_hash(), full.trace_hash());
    assert_eq!(state(&capped), state(&full));
    let oldest = capped.forgotten();
    assert!(!capped.jump(oldest - 1));
    for target in [oldest, (oldest + capped.recorded()) / 2, capped.recorded()] {
        assert!(capped.jump(target) && full.jump(target), "jump to {target}");
        assert_eq!(state(&capped), state(&full), "state after step {target}");
    }
    // A fork after a jump gives back the dropped future's share.
    assert!(capped.jump(oldest + 1));
    let cm = {
        let mut cm = Object::ConfigMap(Box::default());
        cm.meta_mut().name = "fork".into();
        cm.meta_mut().namespace = "default".into();
        cm
    };
    let key = cm.key();
    capped.user("apply", key, |ctx| ctx.create(cm).map(|_| ())).unwrap();
    let kept: usize = capped.trace().iter().map(|s| kubeplay_engine::engine::step_cost(s, true)).sum();
    assert_eq!(capped.history_bytes(), kept);
}
