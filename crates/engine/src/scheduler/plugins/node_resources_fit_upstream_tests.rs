//! The rows of upstream's noderesources/fit_test.go (v1.32) the tables in
//! `node_resources_fit.rs` leave out: the rest of TestEnoughRequests and
//! TestRestartableInitContainers with sidecar containers on (their default).

use super::*;
use crate::scheduler::plugins::testutil::{assigned, node_alloc, pod, World};
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::Quantity;

/// A container requesting exactly these (name, quantity) pairs.
fn ctr(req: &[(&str, &str)]) -> Container {
    let mut c = Container { name: "c".into(), ..Default::default() };
    for (r, q) in req {
        c.resources.requests.insert(r.to_string(), Quantity::parse(q).unwrap());
    }
    c
}

fn pod_of(containers: Vec<Container>, init: Vec<Container>) -> Pod {
    let mut p = pod("p", &[]);
    p.spec_mut().containers = containers.into();
    p.spec_mut().init_containers = init.into();
    p
}

/// What upstream's test pods ask of each container: cpu in millicores
/// and memory in bytes, both always spelt out (zero included).
fn cm(cpu: i64, mem: i64, extra: &[(&str, &str)]) -> Container {
    let (cpu, mem) = (format!("{cpu}m"), mem.to_string());
    let mut req = vec![("cpu", cpu.as_str()), ("memory", mem.as_str())];
    req.extend_from_slice(extra);
    ctr(&req)
}

// fit_test.go's TestEnoughRequests: the node has 10 millicpu, 20 bytes of
// memory, 32 pods, 5 example.com/aaa, 20 of ephemeral storage and 5
// hugepages-2Mi; one pod on it already asks for `used`.
#[test]
fn enough_requests_remaining_rows() {
    type Case = (&'static str, Vec<Container>, Vec<Container>, Container, &'static [&'static str]);
    let aaa = "example.com/aaa";
    let cases: Vec<Case> = vec![
        ("too many resources fails due to highest init container memory", vec![cm(1, 1, &[])], vec![cm(1, 3, &[]), cm(1, 2, &[])], cm(9, 19, &[]), &["Insufficient memory"]),
        ("equal edge case for init container", vec![cm(4, 1, &[])], vec![cm(5, 1, &[])], cm(5, 19, &[]), &[]),
        // The node is already past its example.com/aaa; a request of zero asks nothing.
        ("skip checking extended resource request with quantity zero", vec![cm(1, 1, &[(aaa, "0")])], vec![], cm(0, 0, &[(aaa, "6")]), &[]),
        // The node is past its cpu and memory; the pod asks for neither.
        ("skip checking resource request with quantity zero", vec![cm(0, 0, &[(aaa, "1")])], vec![], cm(20, 30, &[(aaa, "1")]), &[]),
    ];
    for (name, containers, init, used, want) in cases {
        let n = node_alloc("n1", &[("cpu", "10m"), ("memory", "20"), ("pods", "32"), (aaa, "5"), ("ephemeral-storage", "20"), ("hugepages-2Mi", "5")]);
        let w = World::new(vec![n], vec![assigned(pod_of(vec![used], vec![]), "n1")]);
        let s = w.filter(&NodeResourcesFit, &pod_of(containers, init), "n1");
        assert_eq!(s.reasons.to_vec(), want.to_vec(), "{name}");
        assert_eq!(s.code, if want.is_empty() { Code::Success } else { Code::Unschedulable }, "{name}");
    }
}

// fit_test.go's TestRestartableInitContainers (the rows with the
// SidecarContainers feature on): the node has 2 millicpu, no memory and
// room for one pod; a sidecar's request adds to the regular container's.
#[test]
fn restartable_init_containers() {
    let regular = |cpu: Option<&str>| ctr(&cpu.map(|c| vec![("cpu", c)]).unwrap_or_default());
    let with_sidecar = |cpu: Option<&str>, sidecar_cpu: Option<&str>| {
        let mut sidecar = regular(sidecar_cpu);
        sidecar.name = "restartable-init".into();
        sidecar.restart_policy = Some("Always".into());
        pod_of(vec![regular(cpu)], vec![sidecar])
    };
    let cases: [(&str, Pod, &[&str]); 4] = [
        ("allow pod without restartable init containers", pod_of(vec![regular(None)], vec![]), &[]),
        ("allow pod with restartable init containers", with_sidecar(None, None), &[]),
        ("allow pod if the total requested resources do not exceed the node's allocatable resources", with_sidecar(Some("1m"), Some("1m")), &[]),
        ("not allow pod if the total requested resources do exceed the node's allocatable resources", with_sidecar(Some("1m"), Some("2m")), &["Insufficient cpu"]),
    ];
    for (name, p, want) in cases {
        let n = node_alloc("n1", &[("cpu", "2m"), ("memory", "0"), ("pods", "1"), ("example.com/aaa", "0"), ("ephemeral-storage", "0"), ("hugepages-2Mi", "0")]);
        let s = World::new(vec![n], vec![]).filter(&NodeResourcesFit, &p, "n1");
        assert_eq!(s.reasons.to_vec(), want.to_vec(), "{name}");
        assert_eq!(s.code, if want.is_empty() { Code::Success } else { Code::Unschedulable }, "{name}");
    }
}
