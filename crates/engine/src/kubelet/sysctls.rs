//! The kubelet's sysctl allowlist (`pkg/kubelet/sysctl`): a pod's
//! `securityContext.sysctls` may name only the safe sysctls, plus what the
//! kubelet's `--allowed-unsafe-sysctls` adds, which a kind node's kubelet
//! leaves empty. Anything else, unsafe or not namespaced at all, is refused
//! at admission: the pod was scheduled, but fails with `SysctlForbidden`
//! without running. A safe sysctl of the network or IPC namespace is
//! refused too when the pod shares the host's (which the API server's
//! validation already refuses for a pod created since v1.27).

use kubeplay_model::api::Pod;
use kubeplay_model::validation::sysctls::normalize;
use serde_json::Value;

/// The safe set of v1.32 (every one namespaced on kind's kernels), with
/// the namespace each lives in, as component-helpers names it.
const SAFE: &[(&str, &str)] = &[
    ("kernel.shm_rmid_forced", "IPC"),
    ("net.ipv4.ip_local_port_range", "Net"),
    ("net.ipv4.tcp_syncookies", "Net"),
    ("net.ipv4.ping_group_range", "Net"),
    ("net.ipv4.ip_unprivileged_port_start", "Net"),
    ("net.ipv4.ip_local_reserved_ports", "Net"),
    ("net.ipv4.tcp_keepalive_time", "Net"),
    ("net.ipv4.tcp_fin_timeout", "Net"),
    ("net.ipv4.tcp_keepalive_intvl", "Net"),
    ("net.ipv4.tcp_keepalive_probes", "Net"),
    ("net.ipv4.tcp_rmem", "Net"),
    ("net.ipv4.tcp_wmem", "Net"),
];

/// Why the kubelet refuses `pod`: ("SysctlForbidden", message), as the
/// allowlist's `Admit` words it.
pub fn rejection(pod: &Pod) -> Option<(String, String)> {
    let sysctls = pod
        .spec
        .security_context
        .as_deref()
        .and_then(|sc| sc.get("sysctls"))
        .and_then(Value::as_array)?;
    let host_net = pod.spec.host_network == Some(true);
    let host_ipc = pod.spec.host_ipc == Some(true);
    for s in sysctls {
        let name = normalize(s.get("name").and_then(Value::as_str).unwrap_or_default());
        let why = match SAFE.iter().find(|(n, _)| *n == name) {
            Some((_, ns)) if (*ns == "IPC" && host_ipc) || (*ns == "Net" && host_net) => {
                format!("{name:?} not allowed with host {ns} enabled")
            }
            Some(_) => continue,
            None => format!("{name:?} not allowlisted"),
        };
        return Some(("SysctlForbidden".into(), format!("forbidden sysctl: {why}")));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod(sysctls: Value, host_network: bool) -> Pod {
        let mut p = Pod::default();
        let spec = std::sync::Arc::make_mut(&mut p.spec);
        spec.security_context = Some(Box::new(json!({ "sysctls": sysctls })));
        spec.host_network = host_network.then_some(true);
        p
    }

    // After the allowlist's tests upstream (pkg/kubelet/sysctl), with the
    // default allowlist: the safe set and nothing else.
    #[test]
    fn only_safe_sysctls_are_admitted() {
        let cases = [
            (json!([{"name": "kernel.shm_rmid_forced", "value": "0"}]), false, None),
            (json!([{"name": "net/ipv4/ip_local_port_range", "value": "1024 65535"}]), false, None),
            (
                json!([{"name": "kernel.shm_rmid_forced", "value": "0"}, {"name": "net.core.somaxconn", "value": "1024"}, {"name": "kernel.msgmax", "value": "65536"}]),
                false,
                Some("forbidden sysctl: \"net.core.somaxconn\" not allowlisted"),
            ),
            (json!([{"name": "vm.swappiness", "value": "10"}]), false, Some("forbidden sysctl: \"vm.swappiness\" not allowlisted")),
            (json!([{"name": "net.ipv4.tcp_syncookies", "value": "1"}]), true, Some("forbidden sysctl: \"net.ipv4.tcp_syncookies\" not allowed with host Net enabled")),
            (json!([{"name": "kernel.shm_rmid_forced", "value": "1"}]), true, None),
            (json!([]), false, None),
        ];
        for (sysctls, host_network, want) in cases {
            let got = rejection(&pod(sysctls.clone(), host_network));
            assert_eq!(got.as_ref().map(|(_, m)| m.as_str()), want, "{sysctls}");
            if let Some((reason, _)) = got {
                assert_eq!(reason, "SysctlForbidden");
            }
        }
    }

    #[test]
    fn slashes_and_dots_swap() {
        assert_eq!(
            normalize("net/ipv4/conf/eno2.100/rp_filter"),
            "net.ipv4.conf.eno2/100.rp_filter"
        );
        assert_eq!(
            normalize("net.ipv4.tcp_syncookies"),
            "net.ipv4.tcp_syncookies"
        );
    }
}
