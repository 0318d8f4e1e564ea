//! The files a container finds without anyone writing them, in the
//! formats their writers use: the kubelet's /etc/hosts
//! (`managedHostsFileContent`), containerd's /etc/resolv.conf from the
//! kubelet's DNS config (pkg/kubelet/network/dns), the downward API's
//! `key="value"` lines (`fieldpath.FormatMap`), the atomic writer's
//! timestamped payload directory (pkg/volume/util/atomic_writer.go), and
//! a projected service-account token shaped as the API server issues it.

use kubeplay_model::api::Pod;
use kubeplay_model::time::civil;
use kubeplay_model::Time;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// kind's kube-dns Service address and cluster domain.
pub const CLUSTER_DNS: &str = "10.96.0.10";
pub const CLUSTER_DOMAIN: &str = "cluster.local";

/// `/etc/hosts` as the kubelet writes it for a pod with its own network:
/// the fixed header, the pod's IPs with its hostname (fully qualified
/// when it has a subdomain), then the pod's `hostAliases`.
pub fn hosts(pod: &Pod, hostname: &str) -> String {
    if pod.spec.host_network == Some(true) {
        return node_hosts(pod);
    }
    let mut s = String::from("# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n");
    let ips: Vec<&str> = pod.status.pod_ips.iter().map(|p| p.ip.as_str()).collect();
    let ips = if ips.is_empty() { pod.status.pod_ip.as_deref().into_iter().collect() } else { ips };
    let subdomain = pod.spec.subdomain.as_deref().filter(|s| !s.is_empty());
    // The file names the short hostname even when setHostnameAsFQDN makes
    // the kernel's the fully qualified one.
    let hostname = hostname.split('.').next().unwrap_or(hostname);
    for ip in ips {
        match subdomain {
            Some(sub) => s.push_str(&format!("{ip}\t{hostname}.{sub}.{}.svc.{CLUSTER_DOMAIN}\t{hostname}\n", pod.metadata.namespace)),
            None => s.push_str(&format!("{ip}\t{hostname}\n")),
        }
    }
    let aliases = pod.spec.host_aliases.as_deref().and_then(Value::as_array).filter(|a| !a.is_empty());
    if let Some(aliases) = aliases {
        s.push_str("\n# Entries added by HostAliases.\n");
        for a in aliases {
            let ip = a.get("ip").and_then(Value::as_str).unwrap_or_default();
            let names: Vec<&str> = a.get("hostnames").and_then(Value::as_array).map(|h| h.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
            s.push_str(&format!("{ip}\t{}\n", names.join("\t")));
        }
    }
    s
}

/// A hostNetwork pod sees the node's own file (a kind node's, as Docker
/// writes it).
fn node_hosts(pod: &Pod) -> String {
    let node = pod.spec.node_name.as_deref().unwrap_or_default();
    let ip = pod.status.host_ip.as_deref().unwrap_or_default();
    format!("127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nff00::0\tip6-mcastprefix\nff02::1\tip6-allnodes\nff02::2\tip6-allrouters\n{ip}\t{node}\n")
}

/// `/etc/resolv.conf`: the kubelet's DNS config for the pod's
/// `dnsPolicy` merged with its `dnsConfig`, written by containerd as
/// search, nameserver and options lines.
pub fn resolv_conf(pod: &Pod) -> String {
    let policy = pod.spec.dns_policy.as_deref().unwrap_or("ClusterFirst");
    let host_net = pod.spec.host_network == Some(true);
    let ns = pod.metadata.namespace.as_str();
    let (mut servers, mut searches, mut options): (Vec<String>, Vec<String>, Vec<String>) = match policy {
        "None" => Default::default(),
        "ClusterFirstWithHostNet" | "ClusterFirst" if !(policy == "ClusterFirst" && host_net) => (
            vec![CLUSTER_DNS.into()],
            vec![format!("{ns}.svc.{CLUSTER_DOMAIN}"), format!("svc.{CLUSTER_DOMAIN}"), CLUSTER_DOMAIN.into()],
            vec!["ndots:5".into()],
        ),
        // Default (and ClusterFirst on the host network): the node's file,
        // which on kind points at Docker's resolver.
        _ => (vec!["172.18.0.1".into()], vec![], vec!["ndots:0".into()]),
    };
    if let Some(cfg) = pod.spec.dns_config.as_deref() {
        let list = |k: &str| -> Vec<String> { cfg.get(k).and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect()).unwrap_or_default() };
        for s in list("nameservers") {
            if !servers.contains(&s) {
                servers.push(s);
            }
        }
        for s in list("searches") {
            if !searches.contains(&s) {
                searches.push(s);
            }
        }
        // An option named again replaces the earlier one in place.
        for o in cfg.get("options").and_then(Value::as_array).into_iter().flatten() {
            let name = o.get("name").and_then(Value::as_str).unwrap_or_default();
            let opt = match o.get("value").and_then(Value::as_str) {
                Some(v) => format!("{name}:{v}"),
                None => name.to_string(),
            };
            match options.iter_mut().find(|x| x.split(':').next() == Some(name)) {
                Some(slot) => *slot = opt,
                None => options.push(opt),
            }
        }
    }
    // The resolver reads only three name servers and 32 search domains.
    servers.truncate(3);
    searches.truncate(32);
    let mut s = String::new();
    if !searches.is_empty() {
        s.push_str(&format!("search {}\n", searches.join(" ")));
    }
    for n in &servers {
        s.push_str(&format!("nameserver {n}\n"));
    }
    if !options.is_empty() {
        s.push_str(&format!("options {}\n", options.join(" ")));
    }
    s
}

/// `fieldpath.FormatMap`: `key="value"` lines sorted by key, values
/// quoted as Go's `%q` does, no newline after the last.
pub fn format_map(m: &BTreeMap<String, String>) -> String {
    m.iter().map(|(k, v)| format!("{k}={}", kubeplay_model::goquote::quote(v))).collect::<Vec<_>>().join("\n")
}

/// The atomic writer's payload directory: `..` and the UTC time of the
/// write as `2006_01_02_15_04_05`, a dot, and the random number
/// `os.MkdirTemp` appends (here drawn from `seed`).
pub fn timestamp_dir(at: Time, seed: &str) -> String {
    let (y, mo, d, h, mi, s) = civil(at.millis().div_euclid(1000));
    let n = kubeplay_model::fnv::fnv1a(seed.as_bytes()) as u32;
    format!("..{y:04}_{mo:02}_{d:02}_{h:02}_{mi:02}_{s:02}.{n}")
}

/// The expiry the kubelet asks for; a token asked for with it is valid
/// for [`EXTENDED_EXPIRATION_S`] and only warned about after it.
const WARN_ONLY_EXPIRATION_S: i64 = 3607;
const EXTENDED_EXPIRATION_S: i64 = 365 * 24 * 3600;

/// A projected service-account token: a JWT with the claims the API
/// server puts in a pod-bound token (audience, expiry, the pod, its node
/// and account), signed as `kubectl create token`'s are, so the API
/// server authenticates it when a container sends it. The kubelet asks
/// for 3607 s, which the API server stretches to a year for a pod-bound
/// token (`--service-account-extend-token-expiration`, on by default),
/// writing the asked-for expiry as `warnafter`. A source naming an
/// `audience` gets a token for that audience only (which the API server
/// itself then refuses); without one, the API server's own. Each file
/// (`path`) is its own token request, with its own `jti`.
pub fn projected_token(pod: &Pod, issued: Time, seconds: i64, node_uid: &str, sa_uid: &str, path: &str, audience: Option<&str>) -> String {
    let b64 = |v: &Value| kubeplay_model::base64::encode_url(serde_json::to_string(v).unwrap_or_default().as_bytes());
    // The API access volume's `token` keeps the seed it always had.
    let seed = match path {
        "token" => format!("pod token/{}", pod.metadata.uid.as_str()),
        _ => format!("pod token/{}/{path}", pod.metadata.uid.as_str()),
    };
    let mut rng = kubeplay_model::rng::Rng::new(kubeplay_model::fnv::fnv1a(seed.as_bytes()));
    let mut key_rng = kubeplay_model::rng::Rng::new(kubeplay_model::fnv::fnv1a(b"kubeplay service-account signing key"));
    let kid: Vec<u8> = (0..4).flat_map(|_| key_rng.next_u64().to_be_bytes()).collect();
    let iat = issued.millis().div_euclid(1000);
    let extended = seconds == WARN_ONLY_EXPIRATION_S;
    let sa = pod.spec.service_account_name.as_deref().unwrap_or("default");
    let node = pod.spec.node_name.as_deref().unwrap_or_default();
    let jti: Vec<u8> = (0..2).flat_map(|_| rng.next_u64().to_be_bytes()).collect();
    let jti: String = jti.iter().map(|b| format!("{b:02x}")).collect();
    let jti = format!("{}-{}-{}-{}-{}", &jti[..8], &jti[8..12], &jti[12..16], &jti[16..20], &jti[20..]);
    let mut claims = json!({
        "aud": [audience.unwrap_or(crate::exec::token::ISSUER)],
        "exp": iat + if extended { EXTENDED_EXPIRATION_S } else { seconds },
        "iat": iat,
        "iss": "https://kubernetes.default.svc.cluster.local",
        "jti": jti,
        "kubernetes.io": {
            "namespace": pod.metadata.namespace.as_str(),
            "node": {"name": node, "uid": node_uid},
            "pod": {"name": pod.metadata.name, "uid": pod.metadata.uid.as_str()},
            "serviceaccount": {"name": sa, "uid": sa_uid},
        },
        "nbf": iat,
        "sub": format!("system:serviceaccount:{}:{sa}", pod.metadata.namespace),
    });
    if extended {
        if let Some(k8s) = claims.get_mut("kubernetes.io").and_then(Value::as_object_mut) {
            k8s.insert("warnafter".into(), json!(iat + seconds));
        }
    }
    let header = json!({"alg": "RS256", "kid": kubeplay_model::base64::encode_url(&kid[..32])});
    let signing_input = format!("{}.{}", b64(&header), b64(&claims));
    let signature = crate::exec::token::sign(&signing_input);
    format!("{signing_input}.{signature}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod(yaml: &str) -> Pod {
        serde_json::from_value(kubeplay_codec::parse_value(yaml).unwrap()).unwrap()
    }

    // kubelet_pods_test.go TestManagedHostsFileContent's cases.
    #[test]
    fn managed_hosts_file() {
        let p = pod("metadata: {name: p, namespace: default}\nspec: {containers: []}\nstatus: {podIP: 123.45.67.89, podIPs: [{ip: 123.45.67.89}]}");
        assert_eq!(hosts(&p, "podFoo"), "# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n123.45.67.89\tpodFoo\n");
        let p = pod("metadata: {name: p, namespace: domainFoo}\nspec: {containers: [], subdomain: sub, hostAliases: [{ip: 123.45.67.89, hostnames: [foo, bar, baz]}, {ip: 456.78.90.123, hostnames: [park, doo, boo]}]}\nstatus: {podIPs: [{ip: 203.0.113.1}, {ip: 'fd00::6'}]}");
        assert_eq!(
            hosts(&p, "podFoo"),
            "# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n203.0.113.1\tpodFoo.sub.domainFoo.svc.cluster.local\tpodFoo\nfd00::6\tpodFoo.sub.domainFoo.svc.cluster.local\tpodFoo\n\n# Entries added by HostAliases.\n123.45.67.89\tfoo\tbar\tbaz\n456.78.90.123\tpark\tdoo\tboo\n"
        );
    }

    // dns_test.go: ClusterFirst, Default, None with dnsConfig, merging.
    #[test]
    fn resolv_conf_per_policy() {
        let p = pod("metadata: {name: p, namespace: ns1}\nspec: {containers: []}");
        assert_eq!(resolv_conf(&p), "search ns1.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n");
        let p = pod("metadata: {name: p, namespace: ns1}\nspec: {containers: [], dnsPolicy: None, dnsConfig: {nameservers: [192.0.2.1], searches: [ns1.svc.cluster-domain.example, my.dns.search.suffix], options: [{name: ndots, value: '2'}, {name: edns0}]}}");
        assert_eq!(resolv_conf(&p), "search ns1.svc.cluster-domain.example my.dns.search.suffix\nnameserver 192.0.2.1\noptions ndots:2 edns0\n");
        let p = pod("metadata: {name: p, namespace: ns1}\nspec: {containers: [], dnsConfig: {nameservers: [10.96.0.10, 1.1.1.1], searches: [cluster.local, x.y], options: [{name: ndots, value: '1'}]}}");
        assert_eq!(resolv_conf(&p), "search ns1.svc.cluster.local svc.cluster.local cluster.local x.y\nnameserver 10.96.0.10\nnameserver 1.1.1.1\noptions ndots:1\n");
        let p = pod("metadata: {name: p, namespace: ns1}\nspec: {containers: [], hostNetwork: true}");
        assert_eq!(resolv_conf(&p), "nameserver 172.18.0.1\noptions ndots:0\n");
    }

    // fieldpath_test.go TestFormatMap.
    #[test]
    fn downward_api_maps() {
        let m: BTreeMap<String, String> = [("zone", "us-est-coast"), ("cluster", "test-cluster1"), ("rack", "rack-22"), ("multiline", "a\nb")].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        assert_eq!(format_map(&m), "cluster=\"test-cluster1\"\nmultiline=\"a\\nb\"\nrack=\"rack-22\"\nzone=\"us-est-coast\"");
        assert_eq!(format_map(&BTreeMap::new()), "");
    }

    #[test]
    fn atomic_writer_timestamp_dir() {
        let at = Time::from_millis(kubeplay_model::time::EPOCH.millis() + 3_723_000);
        let d = timestamp_dir(at, "uid/vol");
        assert!(d.starts_with("..2025_01_01_01_02_03."), "{d}");
        assert!(d[22..].parse::<u32>().is_ok());
    }

    /// The claims a projected token carries, per source: the audience it
    /// names (or the API server's), its own expiry, and a `jti` per file.
    #[test]
    fn projected_token_claims() {
        let p = pod("metadata: {name: nginx, namespace: default, uid: 918032d1-e60d-4182-8941-f80f548dd8ac}\nspec: {containers: [], nodeName: n1}");
        let claims = |t: &str| -> Value {
            let payload: String = t.split('.').nth(1).unwrap_or_default().chars().map(|c| match c {
                '-' => '+',
                '_' => '/',
                c => c,
            }).collect();
            serde_json::from_slice(&kubeplay_model::base64::decode(&payload).unwrap_or_default()).unwrap_or_default()
        };
        let at = kubeplay_model::time::EPOCH;
        let iat = at.millis() / 1000;
        let cases: &[(&str, Option<&str>, i64, &str, i64)] = &[
            // path, audience, asked-for seconds, want aud, want exp - iat
            ("vault-token", Some("vault"), 7200, "vault", 7200),
            ("token", None, 3607, crate::exec::token::ISSUER, EXTENDED_EXPIRATION_S),
            ("other", None, 600, crate::exec::token::ISSUER, 600),
        ];
        for (path, audience, secs, aud, life) in cases {
            let c = claims(&projected_token(&p, at, *secs, "nu", "su", path, *audience));
            assert_eq!(c["aud"], json!([aud]), "{path}");
            assert_eq!(c["exp"].as_i64(), Some(iat + life), "{path}");
        }
        let jti = |path| claims(&projected_token(&p, at, 600, "nu", "su", path, None))["jti"].clone();
        assert_ne!(jti("a"), jti("b"));
    }
}
