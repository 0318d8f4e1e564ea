//! The kubelet's own admission (`lifecycle.predicateAdmitHandler`): before
//! it runs a pod bound to its node, it checks what the scheduler checked —
//! room for the pod among the pods it already admitted, the pod's required
//! node affinity and nodeSelector, and the node's NoExecute taints. A pod
//! that skipped the scheduler (`nodeName` written by hand) or whose node
//! changed under it fails with `OutOfcpu`, `NodeAffinity`, … instead of
//! over-committing the machine.

use crate::scheduler::plugins::node_affinity::RequiredAffinity;
use crate::scheduler::resources::{pod_requests, Resources};
use kubeplay_model::api::{Node, Pod};

/// Why the pod is refused: (status reason, message), as `rejectPod` words
/// them (the status message adds "Pod was rejected: ").
pub fn rejection(pod: &Pod, node: &Node, others: &[&Pod]) -> Option<(String, String)> {
    let mut used = Resources::default();
    for p in others {
        used.add(&pod_requests(&p.spec, false));
    }
    rejection_given(pod, node, others.len(), &used)
}

/// [`rejection`], given how many other pods there are and their requests
/// summed.
pub fn rejection_given(pod: &Pod, node: &Node, others: usize, used: &Resources) -> Option<(String, String)> {
    if let Some(os) = os_rejection(pod) {
        return Some(os);
    }
    let alloc = &node.status.allocatable;
    let amount =
        |name: &str, f: fn(&kubeplay_model::Quantity) -> i64| alloc.get(name).map(f).unwrap_or(0);
    let insufficient = |resource: &str, requested: i64, used: i64, capacity: i64| {
        let reason = format!("OutOf{resource}");
        (reason, format!("Node didn't have enough resource: {resource}, requested: {requested}, used: {used}, capacity: {capacity}"))
    };
    // NodeResourcesFit's order: the pod count, then cpu, memory, storage.
    let allowed = amount("pods", |q| q.value());
    if others as i64 + 1 > allowed {
        return Some(insufficient("pods", 1, others as i64, allowed));
    }
    let want = pod_requests(&pod.spec, false);
    let checks = [
        (
            "cpu",
            want.milli_cpu,
            used.milli_cpu,
            amount("cpu", |q| q.milli_value()),
        ),
        (
            "memory",
            want.memory,
            used.memory,
            amount("memory", |q| q.value()),
        ),
        (
            "ephemeral-storage",
            want.ephemeral_storage,
            used.ephemeral_storage,
            amount("ephemeral-storage", |q| q.value()),
        ),
    ];
    for (name, requested, in_use, capacity) in checks {
        // A resource the pod does not ask for never fails it.
        if requested > 0 && requested > capacity - in_use {
            return Some(insufficient(name, requested, in_use, capacity));
        }
    }
    if !RequiredAffinity::of(pod).matches(node) {
        return Some(predicate(
            "NodeAffinity",
            "node(s) didn't match Pod's node affinity/selector",
        ));
    }
    let untolerated = node
        .spec
        .taints
        .iter()
        .filter(|t| t.effect == "NoExecute")
        .any(|taint| {
            !pod.spec
                .tolerations
                .iter()
                .any(|t| crate::controllers::nodelifecycle::tolerates(t, taint))
        });
    if untolerated {
        return Some(predicate(
            "TaintToleration",
            "node(s) had taints that the pod didn't tolerate",
        ));
    }
    None
}

/// The checks no preemption could help, made first (predicate.go's
/// `rejectPodAdmissionBasedOnOSSelector` and `…OnOSField`): every kind
/// node's kubelet runs on Linux, whatever the node's labels say, so a pod
/// labelled `kubernetes.io/os` for another OS, or whose `spec.os.name` is
/// not linux, is refused.
fn os_rejection(pod: &Pod) -> Option<(String, String)> {
    const NODE_OS: &str = "linux";
    if pod.metadata.labels.get("kubernetes.io/os").is_some_and(|os| os != NODE_OS) {
        return Some(("PodOSSelectorNodeLabelDoesNotMatch".into(), "Failed to admit pod as the `kubernetes.io/os` label doesn't match node label".into()));
    }
    let os = pod.spec.os.as_deref().map(|o| o.get("name").and_then(|n| n.as_str()).unwrap_or_default());
    if os.is_some_and(|os| os != NODE_OS) {
        return Some(("PodOSNotSupported".into(), "Failed to admit pod as the OS field doesn't match node OS".into()));
    }
    None
}

fn predicate(name: &str, desc: &str) -> (String, String) {
    (name.to_string(), format!("Predicate {name} failed: {desc}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{Container, ResourceRequirements, Taint, Toleration};
    use kubeplay_model::Quantity;

    fn node(cpu: &str, memory: &str, pods: &str) -> Node {
        let mut n = Node::default();
        n.metadata.name = "n1".into();
        n.metadata
            .labels
            .insert("kubernetes.io/hostname".into(), "n1".into());
        for (k, v) in [
            ("cpu", cpu),
            ("memory", memory),
            ("pods", pods),
            ("ephemeral-storage", "10Gi"),
        ] {
            n.status
                .allocatable
                .insert(k.into(), Quantity::parse(v).unwrap());
        }
        n
    }

    fn pod(cpu: Option<&str>, memory: Option<&str>) -> Pod {
        let mut requests = std::collections::BTreeMap::new();
        if let Some(c) = cpu {
            requests.insert("cpu".to_string(), Quantity::parse(c).unwrap());
        }
        if let Some(m) = memory {
            requests.insert("memory".to_string(), Quantity::parse(m).unwrap());
        }
        let mut p = Pod::default();
        p.spec_mut().containers.push(Container {
            name: "c".into(),
            resources: ResourceRequirements {
                requests: requests.into(),
                ..Default::default()
            },
            ..Default::default()
        });
        p
    }

    // The kubelet's predicate_test.go cases, restated: the first failing
    // resource names the reason; requests count in millicores and bytes.
    #[test]
    fn admission_table() {
        let n = node("2", "4Gi", "3");
        let big = pod(Some("1500m"), Some("1Gi"));
        let small = pod(Some("400m"), Some("1Gi"));
        let none = pod(None, None);
        let hungry = pod(Some("100m"), Some("3Gi"));
        type Case<'a> = (&'a str, &'a Pod, Vec<&'a Pod>, Option<(&'a str, &'a str)>);
        let cases: Vec<Case> = vec![
            ("fits on an empty node", &big, vec![], None),
            ("cpu left 500m, wants 1500m", &big, vec![&big], Some(("OutOfcpu", "Node didn't have enough resource: cpu, requested: 1500, used: 1500, capacity: 2000"))),
            ("fits beside two more", &small, vec![&small, &small], None),
            ("pods: 3 allowed, 3 there", &none, vec![&none, &none, &none], Some(("OutOfpods", "Node didn't have enough resource: pods, requested: 1, used: 3, capacity: 3"))),
            ("no requests fit anywhere with room", &none, vec![&big], None),
            (
                "memory",
                &hungry,
                vec![&small, &small],
                Some(("OutOfmemory", "Node didn't have enough resource: memory, requested: 3221225472, used: 2147483648, capacity: 4294967296")),
            ),
        ];
        for (name, p, others, want) in cases {
            let got = rejection(p, &n, &others);
            assert_eq!(
                got.as_ref().map(|(r, m)| (r.as_str(), m.as_str())),
                want,
                "{name}"
            );
        }
    }

    #[test]
    fn pods_for_another_os_are_refused_first() {
        // (labels' kubernetes.io/os, spec.os.name, reason)
        let cases: &[(Option<&str>, Option<&str>, Option<&str>)] = &[
            (None, None, None),
            (Some("linux"), Some("linux"), None),
            (None, Some("windows"), Some("PodOSNotSupported")),
            (Some("windows"), None, Some("PodOSSelectorNodeLabelDoesNotMatch")),
            (Some("windows"), Some("windows"), Some("PodOSSelectorNodeLabelDoesNotMatch")),
        ];
        for (label, os, want) in cases {
            // Also too big for the node: the OS is checked before room.
            let mut p = pod(Some("100"), None);
            if let Some(l) = label {
                p.metadata.labels.insert("kubernetes.io/os".into(), (*l).into());
            }
            p.spec_mut().os = os.map(|o| Box::new(serde_json::json!({ "name": o })));
            let got = rejection(&p, &node("1", "1Gi", "110"), &[]).map(|r| r.0);
            let want = want.map(str::to_string).or_else(|| Some("OutOfcpu".into()));
            assert_eq!(got, want, "{label:?} {os:?}");
        }
    }

    #[test]
    fn node_selector_and_no_execute_taints_are_checked_too() {
        let mut n = node("2", "4Gi", "10");
        let mut p = pod(None, None);
        p.spec_mut().node_selector.insert("disktype".into(), "ssd".into());
        assert_eq!(
            rejection(&p, &n, &[]),
            Some((
                "NodeAffinity".into(),
                "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector"
                    .into()
            ))
        );
        n.metadata.labels.insert("disktype".into(), "ssd".into());
        assert_eq!(rejection(&p, &n, &[]), None);
        let taint = |effect: &str| Taint {
            key: "k".into(),
            value: Some("v".into()),
            effect: effect.into(),
            time_added: None,
        };
        n.spec.taints.push(taint("NoSchedule"));
        assert_eq!(
            rejection(&p, &n, &[]),
            None,
            "the kubelet minds only NoExecute taints"
        );
        n.spec.taints.push(taint("NoExecute"));
        assert_eq!(
            rejection(&p, &n, &[]).map(|r| r.0),
            Some("TaintToleration".into())
        );
        p.spec_mut().tolerations.push(Toleration {
            key: Some("k".into()),
            operator: Some("Exists".into()),
            ..Default::default()
        });
        assert_eq!(rejection(&p, &n, &[]), None);
    }

    // lifecycle/predicate_test.go TestGeneralPredicates (v1.32): node
    // allocatable 10m cpu, 20 bytes of memory, 32 pods. Upstream lists
    // every failing predicate; the admit handler words the first, which is
    // what `rejection` returns. Left out: "host not match" (a simulated
    // kubelet only ever sees pods bound to its own node name), "hostport
    // conflict" (host ports are not part of Kubeplay's admission) and
    // "static pods ignore taints" (no static pods).
    #[test]
    fn upstream_general_predicates() {
        let mut n = node("10m", "20", "32");
        n.metadata.name = "machine1".into();
        let with_requests = |cpu: &str, mem: &str| pod(Some(cpu), Some(mem));
        let taint = |key: &str, effect: &str| Taint { key: key.into(), value: None, effect: effect.into(), time_added: None };
        let tainted = |taints: Vec<Taint>| {
            let mut n = n.clone();
            n.spec.taints = taints;
            n
        };
        let mut tolerant = Pod::default();
        tolerant.spec_mut().tolerations = ["foo", "bar"].iter().map(|k| Toleration { key: Some((*k).into()), ..Default::default() }).collect();
        let used_9_19 = with_requests("9m", "19");
        let used_5_19 = with_requests("5m", "19");
        type Case<'a> = (&'a str, Pod, Node, Vec<&'a Pod>, Option<&'a str>);
        let cases: Vec<Case> = vec![
            ("no resources/port/host requested always fits", Pod::default(), n.clone(), vec![&used_9_19], None),
            ("not enough cpu and memory resource", with_requests("8m", "10"), n.clone(), vec![&used_5_19], Some("OutOfcpu")),
            ("taint/toleration match", tolerant, tainted(vec![taint("foo", "NoSchedule"), taint("bar", "NoExecute")]), vec![], None),
            ("NoSchedule taint/toleration not match", Pod::default(), tainted(vec![taint("foo", "NoSchedule")]), vec![], None),
            ("NoExecute taint/toleration not match", Pod::default(), tainted(vec![taint("bar", "NoExecute")]), vec![], Some("TaintToleration")),
            ("PreferNoSchedule taint/toleration not match", Pod::default(), tainted(vec![taint("baz", "PreferNoSchedule")]), vec![], None),
        ];
        for (name, p, node, others, want) in cases {
            let got = rejection(&p, &node, &others);
            assert_eq!(got.as_ref().map(|(r, _)| r.as_str()), want, "{name}");
            if want == Some("OutOfcpu") {
                assert_eq!(got.unwrap().1, "Node didn't have enough resource: cpu, requested: 8, used: 5, capacity: 10", "{name}");
            }
        }
    }
}
