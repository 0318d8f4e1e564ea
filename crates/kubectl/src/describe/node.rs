//! `kubectl describe node`, with its lease, pods and allocated resources.

use super::{annotations_multiline, finish_with_events, labels_multiline, taints_multiline, Writer};
use crate::print::columns::cluster::node_roles;
use crate::print::duration::{rfc1123z, since};
use kubeplay_model::api::{Event, Node, Pod, ResourceList};
use kubeplay_model::{Quantity, Time};
use std::collections::BTreeMap;

/// The node's lease in `kube-node-lease` (kubelets renew it as a heartbeat).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeLease {
    pub holder: Option<String>,
    pub acquire_time: Option<Time>,
    pub renew_time: Option<Time>,
}

/// `addResourceList`: sums `add` into `list`.
fn add_list(list: &mut ResourceList, add: &ResourceList) {
    for (k, v) in add {
        match list.get_mut(k) {
            Some(q) => *q += v,
            None => {
                list.insert(k.clone(), v.clone());
            }
        }
    }
}

/// `maxResourceList`: raises each of `list`'s quantities to `other`'s.
fn max_list(list: &mut ResourceList, other: &ResourceList) {
    for (k, v) in other {
        if list.get(k).is_none_or(|q| v > q) {
            list.insert(k.clone(), v.clone());
        }
    }
}

/// `resourcehelper.PodRequestsAndLimits`: containers summed; an init
/// container counts as a floor, plus the restartable (sidecar) init
/// containers started before it, and sidecars also add to the sum;
/// overhead is added to every request and to the limits that are set.
pub fn pod_requests_and_limits(pod: &Pod) -> (ResourceList, ResourceList) {
    let total = |pick: fn(&kubeplay_model::api::ResourceRequirements) -> &ResourceList| {
        let mut sum: ResourceList = BTreeMap::new();
        for c in pod.spec.containers.iter() {
            add_list(&mut sum, pick(&c.resources));
        }
        let mut sidecars: ResourceList = BTreeMap::new();
        let mut init_floor: ResourceList = BTreeMap::new();
        for c in pod.spec.init_containers.iter() {
            let own = pick(&c.resources);
            let needed = if c.restart_policy.as_deref() == Some("Always") {
                add_list(&mut sum, own);
                add_list(&mut sidecars, own);
                sidecars.clone()
            } else {
                let mut tmp = own.clone();
                add_list(&mut tmp, &sidecars);
                tmp
            };
            max_list(&mut init_floor, &needed);
        }
        max_list(&mut sum, &init_floor);
        sum
    };
    let (mut requests, mut limits) = (total(|r| &r.requests), total(|r| &r.limits));
    if let Some(overhead) = &pod.spec.overhead {
        add_list(&mut requests, overhead);
        for (k, v) in overhead {
            if let Some(q) = limits.get_mut(k) {
                *q += v;
            }
        }
    }
    (requests, limits)
}

/// `getPodsTotalRequestsAndLimits`: every pod's requests and limits summed.
pub fn pods_total_requests_and_limits(pods: &[&Pod]) -> (ResourceList, ResourceList) {
    let (mut reqs, mut lims): (ResourceList, ResourceList) = (BTreeMap::new(), BTreeMap::new());
    for p in pods {
        let (r, l) = pod_requests_and_limits(p);
        add_list(&mut reqs, &r);
        add_list(&mut lims, &l);
    }
    (reqs, lims)
}

fn percent(part: i64, whole: i64) -> i64 {
    if whole == 0 {
        0
    } else {
        (part as f64 / whole as f64 * 100.0) as i64
    }
}

fn get(list: &ResourceList, name: &str) -> Quantity {
    list.get(name).cloned().unwrap_or_default()
}

fn describe_node_resources(w: &mut Writer, pods: &[&Pod], node: &Node, now: Time) {
    w.write(0, &format!("Non-terminated Pods:\t({} in total)\n", pods.len()));
    w.write(1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n");
    w.write(1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n");
    let alloc = if node.status.allocatable.is_empty() { &node.status.capacity } else { &node.status.allocatable };
    let (cpu_alloc, mem_alloc) = (get(alloc, "cpu").milli_value(), get(alloc, "memory").value());
    for p in pods {
        let (req, lim) = pod_requests_and_limits(p);
        let (cr, cl, mr, ml) = (get(&req, "cpu"), get(&lim, "cpu"), get(&req, "memory"), get(&lim, "memory"));
        w.write(
            1,
            &format!(
                "{}\t{}\t\t{cr} ({}%)\t{cl} ({}%)\t{mr} ({}%)\t{ml} ({}%)\t{}\n",
                p.metadata.namespace,
                p.metadata.name,
                percent(cr.milli_value(), cpu_alloc),
                percent(cl.milli_value(), cpu_alloc),
                percent(mr.value(), mem_alloc),
                percent(ml.value(), mem_alloc),
                since(now, p.metadata.creation_timestamp)
            ),
        );
    }
    w.write(0, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n");
    w.write(1, "Resource\tRequests\tLimits\n");
    w.write(1, "--------\t--------\t------\n");
    let (reqs, lims) = pods_total_requests_and_limits(pods);
    let row = |w: &mut Writer, name: &str, by_milli: bool| {
        let (r, l, a) = (get(&reqs, name), get(&lims, name), get(alloc, name));
        let val = |q: &Quantity| if by_milli { q.milli_value() } else { q.value() };
        let whole = val(&a);
        w.write(1, &format!("{name}\t{r} ({}%)\t{l} ({}%)\n", percent(val(&r), whole), percent(val(&l), whole)));
    };
    row(w, "cpu", true);
    row(w, "memory", false);
    row(w, "ephemeral-storage", false);
    for name in alloc.keys().filter(|k| k.starts_with("hugepages-")) {
        row(w, name, false);
    }
    let standard = |k: &str| matches!(k, "cpu" | "memory" | "ephemeral-storage" | "pods" | "storage") || k.starts_with("hugepages-") || k.starts_with("requests.") || k.starts_with("limits.");
    for name in alloc.keys().filter(|k| !standard(k)) {
        w.write(1, &format!("{name}\t{}\t{}\n", get(&reqs, name), get(&lims, name)));
    }
}

/// `describeNode`; `pods` are the node's non-terminated pods.
pub fn describe_node(node: &Node, pods: &[&Pod], lease: Option<&NodeLease>, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &node.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    let roles = node_roles(node);
    w.write(0, &format!("Roles:\t{}\n", if roles.is_empty() { "<none>".to_string() } else { roles.join(",") }));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("CreationTimestamp:\t{}\n", rfc1123z(m.creation_timestamp)));
    taints_multiline(&mut w, "Taints", &node.spec.taints);
    w.write(0, &format!("Unschedulable:\t{}\n", node.spec.unschedulable.unwrap_or(false)));
    match lease {
        Some(l) => {
            w.write(0, "Lease:\n");
            w.write(1, &format!("HolderIdentity:\t{}\n", l.holder.as_deref().unwrap_or("<unset>")));
            w.write(1, &format!("AcquireTime:\t{}\n", l.acquire_time.map(|t| rfc1123z(Some(t))).unwrap_or_else(|| "<unset>".into())));
            w.write(1, &format!("RenewTime:\t{}\n", l.renew_time.map(|t| rfc1123z(Some(t))).unwrap_or_else(|| "<unset>".into())));
        }
        None => w.write(0, &format!("Lease:\tFailed to get lease: leases.coordination.k8s.io \"{}\" not found\n", m.name)),
    }
    let conds = &node.status.conditions;
    if !conds.is_empty() {
        w.write(0, "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n");
        w.write(1, "----\t------\t-----------------\t------------------\t------\t-------\n");
        for c in conds {
            w.write(
                1,
                &format!(
                    "{} \t{} \t{} \t{} \t{} \t{}\n",
                    c.type_,
                    c.status,
                    rfc1123z(c.last_heartbeat_time),
                    rfc1123z(c.last_transition_time),
                    c.reason.as_deref().unwrap_or(""),
                    c.message.as_deref().unwrap_or("")
                ),
            );
        }
    }
    w.write(0, "Addresses:\n");
    for a in &node.status.addresses {
        w.write(1, &format!("{}:\t{}\n", a.type_, a.address));
    }
    for (title, list) in [("Capacity", &node.status.capacity), ("Allocatable", &node.status.allocatable)] {
        if !list.is_empty() {
            w.write(0, &format!("{title}:\n"));
            for (k, v) in list {
                w.write(0, &format!("  {k}:\t{v}\n"));
            }
        }
    }
    let info = node.status.node_info.clone().unwrap_or_default();
    w.write(0, "System Info:\n");
    for (label, v) in [
        ("Machine ID", &info.machine_id),
        ("System UUID", &info.system_uuid),
        ("Boot ID", &info.boot_id),
        ("Kernel Version", &info.kernel_version),
        ("OS Image", &info.os_image),
        ("Operating System", &info.operating_system),
        ("Architecture", &info.architecture),
        ("Container Runtime Version", &info.container_runtime_version),
        ("Kubelet Version", &info.kubelet_version),
        ("Kube-Proxy Version", &info.kube_proxy_version),
    ] {
        w.write(0, &format!("  {label}:\t{v}\n"));
    }
    if let Some(cidr) = node.spec.pod_cidr.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("PodCIDR:\t{cidr}\n"));
    }
    if !node.spec.pod_cidrs.is_empty() {
        w.write(0, &format!("PodCIDRs:\t{}\n", node.spec.pod_cidrs.join(",")));
    }
    if let Some(p) = node.spec.provider_id.as_deref().filter(|s| !s.is_empty()) {
        w.write(0, &format!("ProviderID:\t{p}\n"));
    }
    describe_node_resources(&mut w, pods, node, now);
    finish_with_events(w, events, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::*;
    use kubeplay_model::Condition;

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn q(s: &str) -> Quantity {
        Quantity::parse(s).unwrap()
    }

    fn node() -> Node {
        let mut n = Node::default();
        n.metadata.name = "kind-worker".into();
        n.metadata.creation_timestamp = Some(NOW);
        n.metadata.labels.insert("kubernetes.io/hostname".into(), "kind-worker".into());
        n.status.conditions.push(Condition {
            type_: "Ready".into(),
            status: "True".into(),
            last_heartbeat_time: Some(NOW),
            last_transition_time: Some(NOW),
            reason: Some("KubeletReady".into()),
            message: Some("kubelet is posting ready status".into()),
            ..Default::default()
        });
        n.status.addresses = vec![NodeAddress { type_: "InternalIP".into(), address: "172.18.0.2".into() }, NodeAddress { type_: "Hostname".into(), address: "kind-worker".into() }];
        for (k, v) in [("cpu", "4"), ("memory", "8Gi"), ("pods", "110"), ("ephemeral-storage", "100Gi")] {
            n.status.capacity.insert(k.into(), q(v));
            n.status.allocatable.insert(k.into(), q(v));
        }
        n.status.node_info = Some(NodeSystemInfo { kubelet_version: "v1.32.0".into(), container_runtime_version: "containerd://1.7.24".into(), ..Default::default() });
        n.spec.pod_cidr = Some("10.244.1.0/24".into());
        n.spec.pod_cidrs = vec!["10.244.1.0/24".into()];
        n
    }

    fn pod(name: &str, cpu: &str, mem: &str) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = name.into();
        p.metadata.namespace = "default".into();
        p.metadata.creation_timestamp = Some(NOW);
        let mut c = Container { name: "c".into(), ..Default::default() };
        c.resources.requests.insert("cpu".into(), q(cpu));
        c.resources.requests.insert("memory".into(), q(mem));
        p.spec_mut().containers.push(c);
        p
    }

    #[test]
    fn requests_sum_containers_and_floor_on_init() {
        let mut p = pod("p", "100m", "64Mi");
        let mut c2 = Container { name: "c2".into(), ..Default::default() };
        c2.resources.requests.insert("cpu".into(), q("200m"));
        p.spec_mut().containers.push(c2);
        let mut init = Container { name: "i".into(), ..Default::default() };
        init.resources.requests.insert("cpu".into(), q("500m"));
        init.resources.requests.insert("memory".into(), q("32Mi"));
        p.spec_mut().init_containers.push(init);
        let (req, _) = pod_requests_and_limits(&p);
        assert_eq!(req["cpu"].to_string(), "500m");
        assert_eq!(req["memory"].to_string(), "64Mi");
    }

    #[test]
    fn node_page_sections() {
        let pods = [pod("web-1", "250m", "64Mi"), pod("web-2", "250m", "64Mi")];
        let refs: Vec<&Pod> = pods.iter().collect();
        let lease = NodeLease { holder: Some("kind-worker".into()), acquire_time: None, renew_time: Some(NOW.plus_secs(40)) };
        let out = describe_node(&node(), &refs, Some(&lease), Some(&[]), NOW.plus_secs(60));
        assert!(out.starts_with("Name:               kind-worker\nRoles:              <none>\nLabels:             kubernetes.io/hostname=kind-worker\nAnnotations:        <none>\nCreationTimestamp:  Wed, 01 Jan 2025 00:00:00 +0000\nTaints:             <none>\nUnschedulable:      false\nLease:\n"), "{out}");
        assert!(out.contains("  HolderIdentity:  kind-worker\n  AcquireTime:     <unset>\n  RenewTime:       Wed, 01 Jan 2025 00:00:40 +0000\n"), "{out}");
        assert!(out.contains("  Ready   True    Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletReady   kubelet is posting ready status\n"), "{out}");
        assert!(out.contains("Non-terminated Pods:          (2 in total)\n  Namespace                   Name     CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age\n"), "{out}");
        assert!(out.contains("  default                     web-1    250m (6%)     0 (0%)      64Mi (0%)        0 (0%)         60s\n"), "{out}");
        assert!(out.contains("  cpu                500m (12%)  0 (0%)\n  memory             128Mi (1%)  0 (0%)\n  ephemeral-storage  0 (0%)      0 (0%)\n"), "{out}");
        assert!(out.ends_with("Events:              <none>\n"), "{out}");
    }
}
