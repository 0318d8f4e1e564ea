//! plugin/pkg/admission/runtimeclass/admission_test.go's tables
//! (TestSetOverhead, TestSetScheduling, TestValidate, TestValidateOverhead)
//! and pkg/util/tolerations' TestMergeTolerations cases.

use super::*;
use kubeplay_model::api::{PodSpec, RuntimeClass};
use serde_json::{json, Value};

fn class(v: Value) -> RuntimeClass {
    let mut body = json!({"metadata": {"name": "foo"}, "handler": "bar"});
    for (k, x) in v.as_object().into_iter().flatten() {
        body[k] = x.clone();
    }
    serde_json::from_value(body).expect("runtime class")
}

fn spec(v: Value) -> PodSpec {
    let mut body = json!({"containers": [{"name": "foo-0", "image": "foo:V0"}]});
    for (k, x) in v.as_object().into_iter().flatten() {
        body[k] = x.clone();
    }
    serde_json::from_value(body).expect("pod spec")
}

fn overhead(cpu: &str, mem: &str) -> Value {
    json!({"podFixed": {"cpu": cpu, "memory": mem}})
}

#[test]
fn set_overhead_table() {
    let pod_overhead = json!({"overhead": {"cpu": "100m", "memory": "1"}});
    let guaranteed = json!({"containers": [{"name": "foo-0", "image": "foo:V0", "resources": {"limits": {"cpu": "1", "memory": "10"}, "requests": {"cpu": "1", "memory": "10"}}}]});
    let cases = [
        (
            "overhead, no container requirements",
            overhead("100m", "1"),
            json!({}),
            Ok(()),
        ),
        (
            "overhead, guaranteed pod",
            overhead("100m", "1"),
            guaranteed,
            Ok(()),
        ),
        (
            "overhead, pod with differing overhead already set",
            overhead("10", "10G"),
            pod_overhead.clone(),
            Err(Refusal::OverheadMismatch),
        ),
        (
            "overhead, pod with same overhead already set",
            overhead("100m", "1"),
            pod_overhead,
            Ok(()),
        ),
        // Quantities compare by value, not by spelling.
        (
            "overhead, same overhead spelled differently",
            overhead("0.1", "1"),
            json!({"overhead": {"cpu": "100m", "memory": "1"}}),
            Ok(()),
        ),
    ];
    for (name, oh, pod, want) in cases {
        let rc = class(json!({"overhead": oh}));
        let mut s = spec(pod);
        let got = set_overhead(&mut s, Some(&rc));
        assert_eq!(got, want, "{name}");
        if want.is_ok() {
            assert_eq!(
                s.overhead.as_ref(),
                rc.overhead.as_ref().and_then(|o| o.pod_fixed.as_ref()),
                "{name}"
            );
        }
    }
}

#[test]
fn set_scheduling_table() {
    let t = |k: &str, v: &str| json!({"key": k, "operator": "Equal", "value": v, "effect": "NoSchedule"});
    let cases = [
        (
            "scheduling, nil scheduling",
            json!({}),
            json!({"nodeSelector": {"foo": "bar"}}),
            Ok(json!({"foo": "bar"})),
            json!([]),
        ),
        (
            "scheduling, conflict node selector",
            json!({"scheduling": {"nodeSelector": {"foo": "conflict"}}}),
            json!({"nodeSelector": {"foo": "bar"}}),
            Err(Refusal::SelectorConflict {
                key: "foo".into(),
                class_value: "conflict".into(),
                pod_value: "bar".into(),
            }),
            json!([]),
        ),
        (
            "scheduling, nil node selector",
            json!({"scheduling": {"nodeSelector": {"foo": "bar"}}}),
            json!({}),
            Ok(json!({"foo": "bar"})),
            json!([]),
        ),
        (
            "scheduling, node selector with the same key value",
            json!({"scheduling": {"nodeSelector": {"foo": "bar"}}}),
            json!({"nodeSelector": {"foo": "bar"}}),
            Ok(json!({"foo": "bar"})),
            json!([]),
        ),
        (
            "scheduling, node selector with different key value",
            json!({"scheduling": {"nodeSelector": {"foo": "bar", "fizz": "buzz"}}}),
            json!({"nodeSelector": {"foo": "bar"}}),
            Ok(json!({"fizz": "buzz", "foo": "bar"})),
            json!([]),
        ),
        (
            "scheduling, multiple tolerations",
            json!({"scheduling": {"tolerations": [t("foo", "bar"), t("fizz", "buzz")]}}),
            json!({"nodeSelector": {"foo": "bar"}, "tolerations": [t("foo", "bar")]}),
            Ok(json!({"foo": "bar"})),
            json!([t("foo", "bar"), t("fizz", "buzz")]),
        ),
    ];
    for (name, rc, pod, want, want_tolerations) in cases {
        let rc = class(rc);
        let mut s = spec(pod);
        let got = set_scheduling(&mut s, Some(&rc));
        match want {
            Err(e) => {
                assert_eq!(got, Err(e), "{name}");
            }
            Ok(selector) => {
                assert_eq!(got, Ok(()), "{name}");
                assert_eq!(
                    serde_json::to_value(&s.node_selector).expect("json"),
                    selector,
                    "{name}"
                );
                assert_eq!(
                    serde_json::to_value(&*s.tolerations).expect("json"),
                    want_tolerations,
                    "{name}"
                );
            }
        }
    }
}

#[test]
fn validate_table() {
    let pod_overhead = json!({"overhead": {"cpu": "100m", "memory": "1"}});
    let cases = [
        (
            "No Overhead in RunntimeClass, Overhead set in pod",
            json!({}),
            pod_overhead.clone(),
            Err(Refusal::OverheadWithoutClass),
        ),
        (
            "Non-matching Overheads",
            json!({"overhead": overhead("10", "10G")}),
            pod_overhead.clone(),
            Err(Refusal::OverheadMismatch),
        ),
        // Upstream's TestValidate feeds the pod without overhead straight to
        // Validate; here the mutating half runs first and sets it.
        (
            "Matching Overheads",
            json!({"overhead": overhead("100m", "1")}),
            json!({}),
            Ok(()),
        ),
        (
            "Overhead part of RuntimeClass, no Overhead defined in pod",
            json!({"overhead": overhead("100m", "1")}),
            json!({}),
            Ok(()),
        ),
        (
            "No Overhead in RuntimeClass, Overhead set in pod",
            json!({}),
            pod_overhead,
            Err(Refusal::OverheadWithoutClass),
        ),
        (
            "No RuntimeClass, no Overhead set in pod",
            json!({}),
            json!({}),
            Ok(()),
        ),
    ];
    for (name, rc, pod, want) in cases {
        let rc = class(rc);
        let mut s = spec(pod);
        s.runtime_class_name = Some("foo".into());
        assert_eq!(
            admit(&mut s, |n| (n == "foo").then_some(&rc)),
            want,
            "{name}"
        );
    }
    let mut s = spec(json!({"runtimeClassName": "runtimeClassName"}));
    assert_eq!(
        admit(&mut s, |_| None),
        Err(Refusal::NotFound("runtimeClassName".into())),
        "runtimeClass not found by lister nor client"
    );
    let mut s = spec(json!({"overhead": {"cpu": "1"}}));
    assert_eq!(
        admit(&mut s, |_| None),
        Err(Refusal::OverheadWithoutClass),
        "no class, overhead set"
    );
}

#[test]
fn refusals_read_as_upstream() {
    assert_eq!(
        Refusal::NotFound("kata-fc".into()).to_string(),
        "pod rejected: RuntimeClass \"kata-fc\" not found"
    );
    assert_eq!(
        Refusal::OverheadMismatch.to_string(),
        "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead"
    );
    assert_eq!(
        Refusal::SelectorConflict { key: "foo".into(), class_value: "conflict".into(), pod_value: "bar".into() }.to_string(),
        "conflict: runtimeClass.scheduling.nodeSelector[foo] = conflict; pod.spec.nodeSelector[foo] = bar"
    );
}

// MergeTolerations (pkg/util/tolerations) on named tolerations, after the
// shape of its TestMergeTolerations: supersets win, equal ones keep the first.
#[test]
fn merge_tolerations_table() {
    let tol = |v: Value| -> Toleration { serde_json::from_value(v).expect("toleration") };
    let all = [
        ("all", tol(json!({"operator": "Exists"}))),
        (
            "foo-bar-NoSchedule",
            tol(json!({"key": "foo", "operator": "Equal", "value": "bar", "effect": "NoSchedule"})),
        ),
        (
            "foo-NoSchedule",
            tol(json!({"key": "foo", "operator": "Exists", "effect": "NoSchedule"})),
        ),
        ("foo", tol(json!({"key": "foo", "operator": "Exists"}))),
        (
            "foo-bar-NoExecute-10",
            tol(
                json!({"key": "foo", "operator": "Equal", "value": "bar", "effect": "NoExecute", "tolerationSeconds": 10}),
            ),
        ),
        (
            "foo-bar-NoExecute-5",
            tol(
                json!({"key": "foo", "operator": "Equal", "value": "bar", "effect": "NoExecute", "tolerationSeconds": 5}),
            ),
        ),
        (
            "foo-bar-NoExecute",
            tol(json!({"key": "foo", "operator": "Equal", "value": "bar", "effect": "NoExecute"})),
        ),
        (
            "baz-NoSchedule",
            tol(json!({"key": "baz", "operator": "Exists", "effect": "NoSchedule"})),
        ),
    ];
    let get = |names: &[&str]| -> Vec<Toleration> {
        names
            .iter()
            .map(|n| all.iter().find(|(k, _)| k == n).expect("named").1.clone())
            .collect()
    };
    type Case<'a> = (&'a str, &'a [&'a str], &'a [&'a str], &'a [&'a str]);
    let cases: [Case; 8] = [
        (
            "disjoint",
            &["foo-bar-NoSchedule"],
            &["baz-NoSchedule"],
            &["foo-bar-NoSchedule", "baz-NoSchedule"],
        ),
        (
            "duplicate",
            &["foo-bar-NoSchedule"],
            &["foo-bar-NoSchedule"],
            &["foo-bar-NoSchedule"],
        ),
        (
            "merge redundant",
            &["foo-bar-NoSchedule", "baz-NoSchedule"],
            &["foo-NoSchedule", "foo-bar-NoExecute"],
            &["baz-NoSchedule", "foo-NoSchedule", "foo-bar-NoExecute"],
        ),
        (
            "merge all",
            &["foo-bar-NoSchedule", "baz-NoSchedule", "foo-bar-NoExecute"],
            &["all"],
            &["all"],
        ),
        (
            "merge into all",
            &["all"],
            &["foo-bar-NoSchedule", "baz-NoSchedule", "foo-bar-NoExecute"],
            &["all"],
        ),
        (
            "longer tolerationSeconds",
            &["foo-bar-NoExecute-5"],
            &["foo-bar-NoExecute-10"],
            &["foo-bar-NoExecute-10"],
        ),
        (
            "shorter tolerationSeconds",
            &["foo-bar-NoExecute-10"],
            &["foo-bar-NoExecute-5"],
            &["foo-bar-NoExecute-10"],
        ),
        (
            "partial overlap",
            &["foo-bar-NoSchedule", "foo-bar-NoExecute-5"],
            &["foo", "baz-NoSchedule"],
            &["foo", "baz-NoSchedule"],
        ),
    ];
    for (name, a, b, want) in cases {
        assert_eq!(merge_tolerations(&get(a), &get(b)), get(want), "{name}");
    }
}
