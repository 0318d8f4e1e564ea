//! `kubectl get --raw /metrics` (the API server's) and
//! `/api/v1/nodes/NODE/proxy/metrics` (a kubelet's), as far as
//! kubernetes.io's "Adopting Sidecar Containers" reads them: the
//! `kubernetes_feature_enabled` gauge, in Prometheus' text format. The
//! other series are not simulated, and the gauge lists only the v1.32
//! feature gates below (enabled as in a default kind cluster), which a
//! note says.

/// (gate, stage as the gauge labels it, enabled) in v1.32, by name, as
/// the registry writes the series.
const GATES: &[(&str, &str, bool)] = &[
    ("AppArmor", "", true),
    ("AppArmorFields", "", true),
    ("InPlacePodVerticalScaling", "ALPHA", false),
    ("JobPodReplacementPolicy", "BETA", true),
    ("PodReadyToStartContainersCondition", "BETA", true),
    ("SidecarContainers", "BETA", true),
    ("UserNamespacesSupport", "BETA", false),
];

/// The exposition's body.
pub fn body() -> String {
    let mut out = String::from("# HELP kubernetes_feature_enabled [BETA] This metric records the data about the stage and enablement of a k8s feature.\n# TYPE kubernetes_feature_enabled gauge\n");
    for (name, stage, on) in GATES {
        out.push_str(&format!("kubernetes_feature_enabled{{name=\"{name}\",stage=\"{stage}\"}} {}\n", u8::from(*on)));
    }
    out
}

/// What the playground leaves out, for stderr.
pub fn note(whose: &str) -> String {
    let names: Vec<&str> = GATES.iter().map(|g| g.0).collect();
    format!("(playground) {whose} metrics hold only kubernetes_feature_enabled here, for the feature gates {}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gauge_lines_sorted_by_name() {
        let b = body();
        assert!(b.contains("\nkubernetes_feature_enabled{name=\"SidecarContainers\",stage=\"BETA\"} 1\n"), "{b}");
        let names: Vec<&str> = GATES.iter().map(|g| g.0).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
    }
}
