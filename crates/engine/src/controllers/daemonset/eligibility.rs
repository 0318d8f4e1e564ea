//! Which nodes a DaemonSet runs on (upstream `daemon_controller.go`
//! NodeShouldRunDaemonPod and `util/daemonset_util.go`): the template's
//! nodeSelector and required node affinity must match, and every
//! NoSchedule/NoExecute taint must be tolerated — counting the tolerations
//! the controller adds to every daemon pod. Resources, ports and
//! `unschedulable` are left to the scheduler.

use kubeplay_model::api::{Node, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodSpec, Toleration};

pub use kubeplay_model::api::tolerates;

fn toleration(key: &str, effect: &str) -> Toleration {
    Toleration { key: Some(key.into()), operator: Some("Exists".into()), value: None, effect: Some(effect.into()), toleration_seconds: None }
}

/// Adds the tolerations every daemon pod gets (`AddOrUpdateDaemonPodTolerations`):
/// a user toleration equal to one of them except for tolerationSeconds is
/// replaced, so daemon pods are never evicted by those taints.
pub fn add_daemon_tolerations(spec: &mut PodSpec) {
    let mut wanted = vec![
        toleration("node.kubernetes.io/not-ready", "NoExecute"),
        toleration("node.kubernetes.io/unreachable", "NoExecute"),
        toleration("node.kubernetes.io/disk-pressure", "NoSchedule"),
        toleration("node.kubernetes.io/memory-pressure", "NoSchedule"),
        toleration("node.kubernetes.io/pid-pressure", "NoSchedule"),
        toleration("node.kubernetes.io/unschedulable", "NoSchedule"),
    ];
    if spec.host_network == Some(true) {
        wanted.push(toleration("node.kubernetes.io/network-unavailable", "NoSchedule"));
    }
    for t in wanted {
        let same = |u: &Toleration| u.key == t.key && u.effect == t.effect && u.operator == t.operator && u.value == t.value;
        if let Some(existing) = spec.tolerations.iter_mut().find(|u| same(u)) {
            *existing = t;
        } else {
            spec.tolerations.push(t);
        }
    }
}

fn requirement_matches(r: &NodeSelectorRequirement, value: Option<&str>) -> bool {
    let listed = value.is_some_and(|v| r.values.iter().any(|x| x == v));
    let num = |v: Option<&str>| v.and_then(|v| v.parse::<i64>().ok());
    let bound = || if r.values.len() == 1 { r.values[0].parse::<i64>().ok() } else { None };
    match r.operator.as_str() {
        "In" => listed,
        "NotIn" => !listed,
        "Exists" => value.is_some(),
        "DoesNotExist" => value.is_none(),
        "Gt" => matches!((num(value), bound()), (Some(v), Some(b)) if v > b),
        "Lt" => matches!((num(value), bound()), (Some(v), Some(b)) if v < b),
        _ => false,
    }
}

/// One term: all label expressions and `metadata.name` fields match. An
/// empty term matches nothing.
pub fn term_matches(t: &NodeSelectorTerm, node: &Node) -> bool {
    if t.match_expressions.is_empty() && t.match_fields.is_empty() {
        return false;
    }
    let labels_ok = t.match_expressions.iter().all(|r| requirement_matches(r, node.metadata.labels.get(&r.key).map(String::as_str)));
    let fields_ok = t.match_fields.iter().all(|r| r.key == "metadata.name" && requirement_matches(r, Some(&node.metadata.name)));
    labels_ok && fields_ok
}

/// Terms are ORed.
pub fn selector_matches(s: &NodeSelector, node: &Node) -> bool {
    s.node_selector_terms.iter().any(|t| term_matches(t, node))
}

/// nodeSelector and required node affinity both match (the scheduler's
/// NodeAffinity filter).
pub fn node_affinity_matches(spec: &PodSpec, node: &Node) -> bool {
    let selector_ok = spec.node_selector.iter().all(|(k, v)| node.metadata.labels.get(k) == Some(v));
    let required = spec.affinity.as_ref().and_then(|a| a.node_affinity.as_ref()).and_then(|n| n.required_during_scheduling_ignored_during_execution.as_ref());
    selector_ok && required.is_none_or(|r| selector_matches(r, node))
}

/// `NodeShouldRunDaemonPod` for a template (with daemon tolerations added):
/// (should run a pod there, may keep a running one there).
pub fn should_run(spec: &PodSpec, node: &Node) -> (bool, bool) {
    if spec.node_name.as_deref().is_some_and(|n| !n.is_empty() && n != node.metadata.name) {
        return (false, false);
    }
    if !node_affinity_matches(spec, node) {
        return (false, false);
    }
    let untolerated = |effect: &str| node.spec.taints.iter().any(|t| t.effect == effect && !spec.tolerations.iter().any(|tol| tolerates(tol, t)));
    let no_execute = untolerated("NoExecute");
    let no_schedule = untolerated("NoSchedule");
    (!no_execute && !no_schedule, !no_execute)
}

/// Pins a daemon pod to its node the way upstream does
/// (`ReplaceDaemonSetPodNodeNameNodeAffinity`): the required node affinity
/// is replaced by one term `metadata.name In [node]`; preferred terms stay.
pub fn pin_to_node(spec: &mut PodSpec, node: &str) {
    let term = NodeSelectorTerm {
        match_expressions: Vec::new(),
        match_fields: vec![NodeSelectorRequirement { key: "metadata.name".into(), operator: "In".into(), values: vec![node.into()] }],
    };
    let affinity = spec.affinity.get_or_insert_with(Default::default);
    let na = affinity.node_affinity.get_or_insert_with(NodeAffinity::default);
    na.required_during_scheduling_ignored_during_execution = Some(NodeSelector { node_selector_terms: vec![term] });
}

/// The node a daemon pod is meant for: its nodeName, or the node its
/// pinning affinity names (`GetTargetNodeName`). The first
/// `metadata.name In` field requirement decides: with other than one value
/// upstream gives up (an error) rather than look further.
pub fn target_node(spec: &PodSpec) -> Option<String> {
    if let Some(n) = spec.node_name.as_deref().filter(|n| !n.is_empty()) {
        return Some(n.to_string());
    }
    let req = spec.affinity.as_ref()?.node_affinity.as_ref()?.required_during_scheduling_ignored_during_execution.as_ref()?;
    let first = req.node_selector_terms.iter().flat_map(|t| t.match_fields.iter()).find(|f| f.key == "metadata.name" && f.operator == "In")?;
    (first.values.len() == 1).then(|| first.values[0].clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::Taint;

    fn node(name: &str, labels: &[(&str, &str)], taints: &[(&str, &str)]) -> Node {
        let mut n = Node::default();
        n.metadata.name = name.into();
        n.metadata.labels = labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        n.spec.taints = taints.iter().map(|(k, e)| Taint { key: k.to_string(), value: None, effect: e.to_string(), time_added: None }).collect();
        n
    }

    fn daemon_spec() -> PodSpec {
        let mut s = PodSpec::default();
        add_daemon_tolerations(&mut s);
        s
    }

    fn affinity_in(key: &str, values: &[&str]) -> Option<Box<kubeplay_model::api::Affinity>> {
        Some(Box::new(kubeplay_model::api::Affinity {
            node_affinity: Some(NodeAffinity {
                required_during_scheduling_ignored_during_execution: Some(NodeSelector {
                    node_selector_terms: vec![NodeSelectorTerm {
                        match_expressions: vec![NodeSelectorRequirement { key: key.into(), operator: "In".into(), values: values.iter().map(|v| v.to_string()).collect() }],
                        match_fields: vec![],
                    }],
                }),
                ..Default::default()
            }),
            ..Default::default()
        }))
    }

    // TestTaint* / TestNoExecute* / TestNotReadyNode* in daemon_controller_test.go.
    #[test]
    fn taints_and_default_tolerations() {
        let spec = daemon_spec();
        assert_eq!(should_run(&spec, &node("n", &[], &[("dedicated", "NoSchedule")])), (false, true), "NoSchedule keeps running pods");
        assert_eq!(should_run(&spec, &node("n", &[], &[("dedicated", "NoExecute")])), (false, false), "NoExecute evicts");
        for (key, effect) in [
            ("node.kubernetes.io/not-ready", "NoExecute"),
            ("node.kubernetes.io/unreachable", "NoExecute"),
            ("node.kubernetes.io/disk-pressure", "NoSchedule"),
            ("node.kubernetes.io/memory-pressure", "NoSchedule"),
            ("node.kubernetes.io/pid-pressure", "NoSchedule"),
            ("node.kubernetes.io/unschedulable", "NoSchedule"),
        ] {
            assert_eq!(should_run(&spec, &node("n", &[], &[(key, effect)])), (true, true), "{key}");
        }
        let net = node("n", &[], &[("node.kubernetes.io/network-unavailable", "NoSchedule")]);
        assert_eq!(should_run(&spec, &net), (false, true));
        let mut host = PodSpec { host_network: Some(true), ..Default::default() };
        add_daemon_tolerations(&mut host);
        assert_eq!(should_run(&host, &net), (true, true), "hostNetwork daemons tolerate network-unavailable");
        let cp = node("cp", &[], &[("node-role.kubernetes.io/control-plane", "NoSchedule")]);
        assert!(!should_run(&spec, &cp).0);
        let mut all = daemon_spec();
        all.tolerations.push(Toleration { operator: Some("Exists".into()), ..Default::default() });
        assert_eq!(should_run(&all, &cp), (true, true), "an empty-key Exists toleration tolerates everything");
    }

    #[test]
    fn default_tolerations_replace_equal_user_ones() {
        let mut s = PodSpec::default();
        s.tolerations.push(Toleration { toleration_seconds: Some(30), ..toleration("node.kubernetes.io/not-ready", "NoExecute") });
        add_daemon_tolerations(&mut s);
        assert_eq!(s.tolerations.len(), 6);
        assert_eq!(s.tolerations[0].toleration_seconds, None);
    }

    #[test]
    fn pinning_replaces_required_terms_and_is_read_back() {
        let mut s = PodSpec { affinity: affinity_in("type", &["production"]), ..Default::default() };
        pin_to_node(&mut s, "worker2");
        let req = s.affinity.as_ref().unwrap().node_affinity.as_ref().unwrap().required_during_scheduling_ignored_during_execution.as_ref().unwrap();
        assert_eq!(req.node_selector_terms.len(), 1);
        assert!(req.node_selector_terms[0].match_expressions.is_empty());
        assert_eq!(target_node(&s).as_deref(), Some("worker2"));
        assert!(node_affinity_matches(&s, &node("worker2", &[], &[])));
        assert!(!node_affinity_matches(&s, &node("worker3", &[], &[])));
    }

    #[test]
    fn toleration_matching() {
        let taint = Taint { key: "k".into(), value: Some("v".into()), effect: "NoSchedule".into(), time_added: None };
        let t = |key: Option<&str>, op: Option<&str>, value: Option<&str>, effect: Option<&str>| Toleration {
            key: key.map(String::from),
            operator: op.map(String::from),
            value: value.map(String::from),
            effect: effect.map(String::from),
            toleration_seconds: None,
        };
        assert!(tolerates(&t(Some("k"), None, Some("v"), None), &taint));
        assert!(!tolerates(&t(Some("k"), None, Some("w"), None), &taint));
        assert!(tolerates(&t(Some("k"), Some("Exists"), None, Some("NoSchedule")), &taint));
        assert!(!tolerates(&t(Some("k"), Some("Exists"), None, Some("NoExecute")), &taint));
        // Upstream's ToleratesTaint: an empty key matches any key and Equal
        // then compares the values (validation keeps this from pods).
        assert!(tolerates(&t(None, Some("Equal"), Some("v"), None), &taint));
        assert!(!tolerates(&t(None, Some("Equal"), Some("w"), None), &taint));
    }

    fn affinity(json: &str) -> Option<Box<kubeplay_model::api::Affinity>> {
        serde_json::from_str(json).unwrap()
    }

    // TestReplaceDaemonSetPodNodeNameNodeAffinity: every case pins to host_1.
    #[test]
    fn replace_daemon_set_pod_node_name_node_affinity_table() {
        let pinned = r#"{"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["host_1"]}]}]}}}"#;
        let hostname_pref = r#"{"preference": {"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "In", "values": ["host_1"]}]}, "weight": 0}"#;
        let required = |terms: &str| format!(r#"{{"nodeAffinity": {{"requiredDuringSchedulingIgnoredDuringExecution": {{"nodeSelectorTerms": [{terms}]}}}}}}"#);
        let cases: Vec<(Option<String>, String)> = vec![
            (None, pinned.into()),
            (Some(required(r#"{"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "In", "values": ["host_1"]}]}"#)), pinned.into()),
            (
                Some(format!(r#"{{"nodeAffinity": {{"preferredDuringSchedulingIgnoredDuringExecution": [{hostname_pref}]}}}}"#)),
                format!(
                    r#"{{"nodeAffinity": {{"preferredDuringSchedulingIgnoredDuringExecution": [{hostname_pref}], "requiredDuringSchedulingIgnoredDuringExecution": {{"nodeSelectorTerms": [{{"matchFields": [{{"key": "metadata.name", "operator": "In", "values": ["host_1"]}}]}}]}}}}}}"#
                ),
            ),
            (Some(required(r#"{"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["host_1", "host_2"]}]}"#)), pinned.into()),
            (None, pinned.into()),
            (
                Some(required(r#"{"matchExpressions": [{"key": "hostname", "operator": "In", "values": ["host_1"]}]}, {"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["host_2"]}]}"#)),
                pinned.into(),
            ),
            (Some(required(r#"{"matchFields": [{"key": "metadata.name", "operator": "NotIn", "values": ["host_2"]}]}"#)), pinned.into()),
            (Some(required(r#"{"matchFields": [{"key": "metadata.foo", "operator": "In", "values": ["bar"]}]}"#)), pinned.into()),
        ];
        for (i, (before, want)) in cases.into_iter().enumerate() {
            let mut spec = PodSpec { affinity: before.as_deref().and_then(affinity), ..Default::default() };
            pin_to_node(&mut spec, "host_1");
            assert_eq!(spec.affinity, affinity(&want), "case {i}");
        }
    }

    // TestGetTargetNodeName, plus the first `metadata.name In` deciding.
    #[test]
    fn get_target_node_name_table() {
        let by_fields = |fields: &str| PodSpec {
            affinity: affinity(&format!(r#"{{"nodeAffinity": {{"requiredDuringSchedulingIgnoredDuringExecution": {{"nodeSelectorTerms": [{fields}]}}}}}}"#)),
            ..Default::default()
        };
        let cases: Vec<(&str, PodSpec, Option<&str>)> = vec![
            ("pod1: nodeName", PodSpec { node_name: Some("node-1".into()), ..Default::default() }, Some("node-1")),
            ("pod2: node affinity", by_fields(r#"{"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["node-1"]}]}"#), Some("node-1")),
            ("pod3: two values is an error", by_fields(r#"{"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["node-1", "node-2"]}]}"#), None),
            ("pod4: neither", PodSpec::default(), None),
            (
                "an ambiguous first requirement is an error even if a later one is not",
                by_fields(r#"{"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["node-1", "node-2"]}]}, {"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["node-3"]}]}"#),
                None,
            ),
            (
                "NotIn and other keys are skipped",
                by_fields(r#"{"matchFields": [{"key": "metadata.name", "operator": "NotIn", "values": ["node-2"]}, {"key": "metadata.name", "operator": "In", "values": ["node-3"]}]}"#),
                Some("node-3"),
            ),
        ];
        for (name, spec, want) in cases {
            assert_eq!(target_node(&spec).as_deref(), want, "{name}");
        }
    }
}
