//! Upstream's tables for the request arithmetic the scheduler shares
//! (v1.32): component-helpers resource's TestPodResourceRequests and the
//! scheduler util's TestGetNonZeroRequest and TestGetRequestForResource.

use super::*;
use kubeplay_model::api::ResourceRequirements;
use kubeplay_model::Quantity;

/// Resource names and quantities as written in a manifest.
type Req<'a> = &'a [(&'a str, &'a str)];

fn list(req: &[(&str, &str)]) -> ResourceList {
    req.iter().map(|(r, q)| (r.to_string(), Quantity::parse(q).unwrap())).collect()
}

fn ctr(req: &[(&str, &str)]) -> Container {
    Container { name: "c".into(), resources: ResourceRequirements { requests: list(req).into(), ..Default::default() }, ..Default::default() }
}

fn sidecar(req: &[(&str, &str)]) -> Container {
    Container { restart_policy: Some("Always".into()), ..ctr(req) }
}

// helpers_test.go's TestPodResourceRequests (the rows without options:
// the scheduler never excludes the overhead, and reads no resize status
// with InPlacePodVerticalScaling off, as it is by default in v1.32).
#[test]
fn pod_resource_requests() {
    type Case = (&'static str, Vec<Container>, Vec<Container>, Option<ResourceList>, (i64, i64));
    let cpu = |c: &'static str| ctr(&[("cpu", c)]);
    let side = |c: &'static str| sidecar(&[("cpu", c)]);
    let cases: Vec<Case> = vec![
        ("nil options, larger init container", vec![cpu("4")], vec![cpu("1")], None, (4000, 0)),
        ("nil options, larger containers", vec![cpu("2")], vec![cpu("2"), cpu("3")], None, (5000, 0)),
        ("pod overhead included", vec![cpu("2")], vec![cpu("2"), cpu("3")], Some(list(&[("cpu", "1"), ("memory", "1Gi")])), (6000, 1 << 30)),
        ("restartable init container", vec![side("1")], vec![cpu("1")], None, (2000, 0)),
        // max(5, sidecars 1 + 2 + 3 and the regular 1) = 7
        ("multiple restartable init containers", vec![cpu("5"), side("1"), side("2"), side("3")], vec![cpu("1")], None, (7000, 0)),
        // init-2 runs beside the sidecars started before it: 5 + 1 + 2 = 8
        ("multiple restartable and regular init containers", vec![cpu("5"), side("1"), side("2"), cpu("5"), side("3")], vec![cpu("1")], None, (8000, 0)),
        ("restartable-init, init and regular", vec![side("10"), cpu("200")], vec![cpu("100")], None, (210_000, 0)),
    ];
    for (name, init, containers, overhead, (want_cpu, want_mem)) in cases {
        let spec = PodSpec { init_containers: init.into(), containers: containers.into(), overhead, ..Default::default() };
        let r = pod_requests(&spec, false);
        assert_eq!((r.milli_cpu, r.memory), (want_cpu, want_mem), "{name}");
    }
}

// non_zero_test.go's TestGetNonZeroRequest: a container's cpu and memory
// with the defaults for what it leaves out.
#[test]
fn non_zero_requests() {
    let mi = 1024 * 1024;
    let cases: [(&str, Req, i64, i64); 4] = [
        ("cpu_and_memory_not_found", &[], DEFAULT_MILLI_CPU_REQUEST, DEFAULT_MEMORY_REQUEST),
        ("only_cpu_exist", &[("cpu", "200m")], 200, DEFAULT_MEMORY_REQUEST),
        ("only_memory_exist", &[("memory", "400Mi")], DEFAULT_MILLI_CPU_REQUEST, 400 * mi),
        ("cpu_memory_exist", &[("cpu", "200m"), ("memory", "400Mi")], 200, 400 * mi),
    ];
    for (name, req, want_cpu, want_mem) in cases {
        let spec = PodSpec { containers: vec![ctr(req)].into(), ..Default::default() };
        let r = pod_requests(&spec, true);
        assert_eq!((r.milli_cpu, r.memory), (want_cpu, want_mem), "{name}");
    }
}

// pod_resources_test.go's TestGetRequestForResource: one resource of a
// container, with the non-zero defaults (cpu and memory only) or without.
#[test]
fn request_for_resource() {
    let mi = 1024 * 1024;
    let cases: [(&str, Req, &str, i64, bool); 10] = [
        ("extended_resource_not_found", &[], "intel.com/foo", 0, true),
        ("extended_resource_found", &[("intel.com/foo", "4")], "intel.com/foo", 4, true),
        ("cpu_not_found", &[], "cpu", DEFAULT_MILLI_CPU_REQUEST, true),
        ("memory_not_found", &[], "memory", DEFAULT_MEMORY_REQUEST, true),
        ("cpu_exist", &[("cpu", "200m")], "cpu", 200, true),
        ("memory_exist", &[("memory", "400Mi")], "memory", 400 * mi, true),
        ("ephemeralStorage_exist", &[("ephemeral-storage", "400Mi")], "ephemeral-storage", 400 * mi, true),
        ("ephemeralStorage_not_found", &[], "ephemeral-storage", 0, true),
        ("cpu_not_found, useRequested is true", &[], "cpu", 0, false),
        ("memory_not_found, useRequested is true", &[], "memory", 0, false),
    ];
    for (name, req, resource, want, non_zero) in cases {
        let spec = PodSpec { containers: vec![ctr(req)].into(), ..Default::default() };
        assert_eq!(pod_requests(&spec, non_zero).amount(&ResourceName::from(resource)), want, "{name}");
    }
}

// framework/types_test.go's TestNewResource (its pods count aside: the
// pod limit is kept apart from these amounts) and TestSetMaxResource.
#[test]
fn new_resource_and_set_max() {
    let r = Resources::from_list(&list(&[("cpu", "4m"), ("memory", "2000"), ("pods", "80"), ("ephemeral-storage", "5000"), ("scalar.test/scalar1", "1"), ("hugepages-test", "2")]));
    let scalar = |s: &[(&str, i64)]| s.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    assert_eq!(r, Resources { milli_cpu: 4, memory: 2000, ephemeral_storage: 5000, scalar: scalar(&[("scalar.test/scalar1", 1), ("hugepages-test", 2)]) });

    let mut r = Resources::default();
    r.max_with(&Resources::from_list(&list(&[("cpu", "4m"), ("memory", "2000"), ("ephemeral-storage", "5000")])));
    assert_eq!(r, Resources { milli_cpu: 4, memory: 2000, ephemeral_storage: 5000, ..Default::default() });
    let mut r = Resources { milli_cpu: 4, memory: 4000, ephemeral_storage: 5000, scalar: scalar(&[("scalar.test/scalar1", 1), ("hugepages-test", 2)]) };
    r.max_with(&Resources::from_list(&list(&[("cpu", "4m"), ("memory", "2000"), ("ephemeral-storage", "7000"), ("scalar.test/scalar1", "4"), ("hugepages-test", "5")])));
    assert_eq!(r, Resources { milli_cpu: 4, memory: 4000, ephemeral_storage: 7000, scalar: scalar(&[("scalar.test/scalar1", 4), ("hugepages-test", 5)]) });
}

// framework/types_test.go's TestNodeInfoAddPod: what a node's pods have
// requested, as they are and with the non-zero defaults, overheads and
// init containers included.
#[test]
fn node_info_add_pod_totals() {
    use crate::scheduler::cache::NodeView;
    use crate::scheduler::plugins::testutil::{assigned, node, pod, World};
    let with = |name: &str, containers: Vec<Container>, init: Vec<Container>, overhead: &[(&str, &str)]| {
        let mut p = pod(name, &[]);
        p.spec_mut().containers = containers.into();
        p.spec_mut().init_containers = init.into();
        p.spec_mut().overhead = Some(list(overhead));
        assigned(p, "test-node")
    };
    let pods = vec![
        with("test-1", vec![ctr(&[("cpu", "100m"), ("memory", "500")])], vec![], &[("cpu", "500m")]),
        with("test-2", vec![ctr(&[("cpu", "200m")])], vec![], &[("cpu", "500m"), ("memory", "500")]),
        with("test-3", vec![ctr(&[("cpu", "200m")])], vec![ctr(&[("cpu", "500m"), ("memory", "200Mi")])], &[("cpu", "500m"), ("memory", "500")]),
    ];
    let w = World::new(vec![node("test-node", &[])], pods);
    let h = NodeView::new(w.cache.node("test-node").unwrap().clone()).hot;
    // 1500 bytes asked for, plus the init container's 200Mi.
    assert_eq!((h.req_cpu, h.req_memory), (2300, 209_716_700));
    // test-2's container counts 200Mi too.
    assert_eq!((h.non_zero_cpu, h.non_zero_memory), (2300, 419_431_900));
}
