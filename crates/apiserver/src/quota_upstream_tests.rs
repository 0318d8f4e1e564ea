//! Upstream's LimitRanger and quota evaluator tables, ported:
//! plugin/pkg/admission/limitranger/admission_test.go and
//! pkg/quota/v1/evaluator/core/{services,persistent_volume_claims}_test.go.

use super::*;
use kubeplay_model::api::{LimitRangeItem, Service, ServicePort};

/// `cpu=100m,memory=1Gi` as a resource list ("" is empty).
fn rl(spec: &str) -> ResourceList {
    spec.split(',')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap();
            (k.to_string(), Quantity::parse(v).unwrap())
        })
        .collect()
}

fn limit_range(
    type_: &str,
    min: &str,
    max: &str,
    default: &str,
    default_request: &str,
    ratio: &str,
) -> LimitRange {
    let mut lr = LimitRange::default();
    lr.metadata.name = "abc".into();
    lr.spec.limits.push(LimitRangeItem {
        type_: type_.into(),
        min: rl(min),
        max: rl(max),
        default: rl(default),
        default_request: rl(default_request),
        max_limit_request_ratio: rl(ratio),
    });
    lr
}

/// `validLimitRange`: Pod and Container bounds, with Container defaults.
fn valid_limit_range() -> LimitRange {
    let mut lr = limit_range(
        "Pod",
        "cpu=50m,memory=2Mi",
        "cpu=200m,memory=4Gi",
        "",
        "",
        "",
    );
    lr.spec.limits.extend(
        limit_range(
            "Container",
            "cpu=25m,memory=1Mi",
            "cpu=100m,memory=2Gi",
            "cpu=75m,memory=10Mi",
            "cpu=50m,memory=5Mi",
            "",
        )
        .spec
        .limits,
    );
    lr
}

fn container(name: &str, requests: &str, limits: &str) -> Container {
    let mut c = Container {
        name: name.into(),
        image: Some("foo:V0".into()),
        ..Default::default()
    };
    c.resources.requests = rl(requests).into();
    c.resources.limits = rl(limits).into();
    c
}

/// `validPod` with `validPodInit`'s init containers.
fn pod(name: &str, n: usize, requests: &str, limits: &str, inits: &[(&str, &str)]) -> Pod {
    let mut p = Pod::default();
    p.metadata.name = name.into();
    p.metadata.namespace = "test".into();
    p.spec_mut().containers = (0..n)
        .map(|i| container(&format!("foo-{i}"), requests, limits))
        .collect::<Vec<_>>()
        .into();
    p.spec_mut().init_containers = inits
        .iter()
        .enumerate()
        .map(|(i, (r, l))| container(&format!("foo-{i}"), r, l))
        .collect::<Vec<_>>()
        .into();
    p
}

// admission_test.go's TestDefaultContainerResourceRequirements
#[test]
fn default_container_resource_requirements() {
    assert_eq!(
        container_defaults(&valid_limit_range()),
        (rl("cpu=50m,memory=5Mi"), rl("cpu=75m,memory=10Mi"))
    );
}

// admission_test.go's TestMergePodResourceRequirements
#[test]
fn merge_pod_resource_requirements() {
    let lr = valid_limit_range();
    let annotation = |p: &Pod| {
        p.metadata
            .annotations
            .get("kubernetes.io/limit-ranger")
            .cloned()
    };
    let mut p = pod("empty-resources", 1, "", "", &[]);
    pod_mutate_limit(&lr, &mut p);
    assert_eq!(
        *p.spec.containers[0].resources.requests,
        rl("cpu=50m,memory=5Mi")
    );
    assert_eq!(
        *p.spec.containers[0].resources.limits,
        rl("cpu=75m,memory=10Mi")
    );
    assert_eq!(annotation(&p).as_deref(), Some("LimitRanger plugin set: cpu, memory request for container foo-0; cpu, memory limit for container foo-0"));

    let mut p = pod(
        "limit-memory",
        1,
        "memory=512Mi",
        "",
        &[("memory=512Mi", "")],
    );
    pod_mutate_limit(&lr, &mut p);
    for c in p.spec.containers.iter().chain(&p.spec.init_containers) {
        assert_eq!(*c.resources.requests, rl("cpu=50m,memory=512Mi"));
        assert_eq!(*c.resources.limits, rl("cpu=75m,memory=10Mi"));
    }
    assert!(annotation(&p).unwrap().starts_with("LimitRanger plugin set: cpu request for container foo-0; cpu, memory limit for container foo-0"));

    let mut p = pod(
        "limit-memory",
        1,
        "cpu=100m,memory=512Mi",
        "cpu=200m,memory=1G",
        &[("cpu=200m,memory=1G", "cpu=400m,memory=2G")],
    );
    let before = p.clone();
    pod_mutate_limit(&lr, &mut p);
    assert_eq!(p, before);
    assert_eq!(annotation(&p), None);
}

// admission_test.go's TestPodLimitFuncApplyDefault
#[test]
fn pod_limit_func_apply_default() {
    let mut p = pod("foo", 1, "", "", &[("", "")]);
    pod_mutate_limit(&valid_limit_range(), &mut p);
    for c in p.spec.containers.iter().chain(&p.spec.init_containers) {
        let show = |l: &ResourceList| {
            l.iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        assert_eq!(show(&c.resources.limits), "cpu=75m,memory=10Mi");
        assert_eq!(show(&c.resources.requests), "cpu=50m,memory=5Mi");
    }
}

/// One TestPodLimitFunc case: the pod (containers, their requests and
/// limits, init containers) and one LimitRange item (type, min, max,
/// maxLimitRequestRatio).
struct Case(
    &'static str,
    usize,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

impl Case {
    fn run(&self) -> std::result::Result<(), String> {
        let Case(name, n, req, lim, inits, ty, min, max, ratio) = *self;
        let lr = limit_range(ty, min, max, "", "", ratio);
        let mut p = pod(name, n, req, lim, inits);
        pod_mutate_limit(&lr, &mut p);
        pod_validate_limit(&lr, &p)
    }
}

const C: &str = "Container";
const P: &str = "Pod";

// admission_test.go's TestPodLimitFunc, its successCases
#[test]
fn pod_limit_func_success_cases() {
    let cases = [
        Case(
            "ctr-min-cpu-request",
            1,
            "cpu=100m",
            "",
            &[],
            C,
            "cpu=50m",
            "",
            "",
        ),
        Case(
            "ctr-min-cpu-request-limit",
            1,
            "cpu=100m",
            "cpu=200m",
            &[],
            C,
            "cpu=50m",
            "",
            "",
        ),
        Case(
            "ctr-min-memory-request",
            1,
            "memory=60Mi",
            "",
            &[],
            C,
            "memory=50Mi",
            "",
            "",
        ),
        Case(
            "ctr-min-memory-request-limit",
            1,
            "memory=60Mi",
            "memory=100Mi",
            &[],
            C,
            "memory=50Mi",
            "",
            "",
        ),
        Case(
            "ctr-max-cpu-request-limit",
            1,
            "cpu=500m",
            "cpu=1",
            &[],
            C,
            "",
            "cpu=2",
            "",
        ),
        Case("ctr-max-cpu-limit", 1, "", "cpu=1", &[], C, "", "cpu=2", ""),
        Case(
            "ctr-max-mem-request-limit",
            1,
            "memory=250Mi",
            "memory=500Mi",
            &[],
            C,
            "",
            "memory=1Gi",
            "",
        ),
        Case(
            "ctr-max-cpu-ratio",
            1,
            "cpu=500m",
            "cpu=750m",
            &[],
            C,
            "",
            "",
            "cpu=1.5",
        ),
        Case(
            "ctr-max-mem-limit",
            1,
            "",
            "memory=500Mi",
            &[],
            C,
            "",
            "memory=1Gi",
            "",
        ),
        Case(
            "pod-min-cpu-request",
            2,
            "cpu=75m",
            "",
            &[],
            P,
            "cpu=100m",
            "",
            "",
        ),
        Case(
            "pod-min-cpu-request-limit",
            2,
            "cpu=75m",
            "cpu=200m",
            &[],
            P,
            "cpu=100m",
            "",
            "",
        ),
        Case(
            "pod-min-memory-request",
            2,
            "memory=60Mi",
            "",
            &[],
            P,
            "memory=100Mi",
            "",
            "",
        ),
        Case(
            "pod-min-memory-request-limit",
            2,
            "memory=60Mi",
            "memory=100Mi",
            &[],
            P,
            "memory=100Mi",
            "",
            "",
        ),
        Case(
            "pod-init-min-memory-request",
            2,
            "memory=60Mi",
            "",
            &[("memory=100Mi", "")],
            P,
            "memory=100Mi",
            "",
            "",
        ),
        Case(
            "pod-init-min-memory-request-limit",
            2,
            "memory=60Mi",
            "memory=100Mi",
            &[("memory=80Mi", "memory=100Mi")],
            P,
            "memory=100Mi",
            "",
            "",
        ),
        Case(
            "pod-max-cpu-request-limit",
            2,
            "cpu=500m",
            "cpu=1",
            &[],
            P,
            "",
            "cpu=2",
            "",
        ),
        Case("pod-max-cpu-limit", 2, "", "cpu=1", &[], P, "", "cpu=2", ""),
        Case(
            "pod-init-max-cpu-request-limit",
            2,
            "cpu=500m",
            "cpu=1",
            &[("cpu=1", "cpu=2"), ("cpu=1", "cpu=1")],
            P,
            "",
            "cpu=2",
            "",
        ),
        Case(
            "pod-init-max-cpu-limit",
            2,
            "",
            "cpu=1",
            &[("", "cpu=2"), ("", "cpu=2")],
            P,
            "",
            "cpu=2",
            "",
        ),
        Case(
            "pod-max-mem-request-limit",
            2,
            "memory=250Mi",
            "memory=500Mi",
            &[],
            P,
            "",
            "memory=1Gi",
            "",
        ),
        Case(
            "pod-max-mem-limit",
            2,
            "",
            "memory=500Mi",
            &[],
            P,
            "",
            "memory=1Gi",
            "",
        ),
        Case(
            "pod-max-mem-ratio",
            3,
            "memory=300Mi",
            "memory=450Mi",
            &[],
            P,
            "",
            "memory=2Gi",
            "memory=1.5",
        ),
        Case(
            "ctr-1-min-local-ephemeral-storage-request",
            1,
            "ephemeral-storage=60Mi",
            "",
            &[],
            C,
            "ephemeral-storage=50Mi",
            "",
            "",
        ),
        Case(
            "ctr-1-min-local-ephemeral-storage-request-limit",
            1,
            "ephemeral-storage=60Mi",
            "ephemeral-storage=100Mi",
            &[],
            C,
            "ephemeral-storage=50Mi",
            "",
            "",
        ),
        Case(
            "ctr-1-max-local-ephemeral-storage-request-limit",
            1,
            "ephemeral-storage=250Mi",
            "ephemeral-storage=500Mi",
            &[],
            C,
            "",
            "ephemeral-storage=1Gi",
            "",
        ),
        Case(
            "ctr-1-max-local-ephemeral-storage-limit",
            1,
            "",
            "ephemeral-storage=500Mi",
            &[],
            C,
            "",
            "ephemeral-storage=1Gi",
            "",
        ),
        Case(
            "ctr-2-min-local-ephemeral-storage-request",
            2,
            "ephemeral-storage=60Mi",
            "",
            &[],
            C,
            "ephemeral-storage=50Mi",
            "",
            "",
        ),
        Case(
            "ctr-2-min-local-ephemeral-storage-request-limit",
            2,
            "ephemeral-storage=60Mi",
            "ephemeral-storage=100Mi",
            &[],
            C,
            "ephemeral-storage=50Mi",
            "",
            "",
        ),
        Case(
            "ctr-2-max-local-ephemeral-storage-request-limit",
            2,
            "ephemeral-storage=250Mi",
            "ephemeral-storage=500Mi",
            &[],
            C,
            "",
            "ephemeral-storage=600Mi",
            "",
        ),
        Case(
            "ctr-2-max-local-ephemeral-storage-limit",
            2,
            "",
            "ephemeral-storage=500Mi",
            &[],
            C,
            "",
            "ephemeral-storage=600Mi",
            "",
        ),
        Case(
            "pod-min-local-ephemeral-storage-request",
            2,
            "ephemeral-storage=60Mi",
            "",
            &[],
            P,
            "ephemeral-storage=100Mi",
            "",
            "",
        ),
        Case(
            "pod-min-local-ephemeral-storage-request-limit",
            2,
            "ephemeral-storage=60Mi",
            "ephemeral-storage=100Mi",
            &[],
            P,
            "ephemeral-storage=100Mi",
            "",
            "",
        ),
        Case(
            "pod-init-min-local-ephemeral-storage-request",
            2,
            "ephemeral-storage=60Mi",
            "",
            &[("ephemeral-storage=100Mi", "")],
            P,
            "ephemeral-storage=100Mi",
            "",
            "",
        ),
        Case(
            "pod-init-min-local-ephemeral-storage-request-limit",
            2,
            "ephemeral-storage=60Mi",
            "ephemeral-storage=100Mi",
            &[("ephemeral-storage=80Mi", "ephemeral-storage=100Mi")],
            P,
            "ephemeral-storage=100Mi",
            "",
            "",
        ),
        Case(
            "pod-max-local-ephemeral-storage-request-limit",
            2,
            "ephemeral-storage=250Mi",
            "ephemeral-storage=500Mi",
            &[],
            P,
            "",
            "ephemeral-storage=1Gi",
            "",
        ),
        Case(
            "pod-max-local-ephemeral-storage-limit",
            2,
            "",
            "ephemeral-storage=500Mi",
            &[],
            P,
            "",
            "ephemeral-storage=1Gi",
            "",
        ),
        Case(
            "pod-max-local-ephemeral-storage-ratio",
            3,
            "ephemeral-storage=300Mi",
            "ephemeral-storage=450Mi",
            &[],
            P,
            "",
            "ephemeral-storage=2Gi",
            "ephemeral-storage=1.5",
        ),
    ];
    for c in &cases {
        assert_eq!(c.run(), Ok(()), "{}", c.0);
    }
}

// admission_test.go's TestPodLimitFunc, its errorCases (upstream asks only
// for an error; the messages are the plugin's wording for each).
#[test]
fn pod_limit_func_error_cases() {
    let cases = [
        (Case("ctr-min-cpu-request", 1, "cpu=40m", "", &[], C, "cpu=50m", "", ""), "minimum cpu usage per Container is 50m, but request is 40m"),
        (Case("ctr-min-cpu-request-limit", 1, "cpu=40m", "cpu=200m", &[], C, "cpu=50m", "", ""), "minimum cpu usage per Container is 50m, but request is 40m"),
        (Case("ctr-min-cpu-no-request-limit", 1, "", "", &[], C, "cpu=50m", "", ""), "minimum cpu usage per Container is 50m.  No request is specified"),
        (Case("ctr-min-memory-request", 1, "memory=40Mi", "", &[], C, "memory=50Mi", "", ""), "minimum memory usage per Container is 50Mi, but request is 40Mi"),
        (Case("ctr-min-memory-request-limit", 1, "memory=40Mi", "memory=100Mi", &[], C, "memory=50Mi", "", ""), "minimum memory usage per Container is 50Mi, but request is 40Mi"),
        (Case("ctr-min-memory-no-request-limit", 1, "", "", &[], C, "memory=50Mi", "", ""), "minimum memory usage per Container is 50Mi.  No request is specified"),
        (Case("ctr-max-cpu-request-limit", 1, "cpu=500m", "cpu=2500m", &[], C, "", "cpu=2", ""), "maximum cpu usage per Container is 2, but limit is 2500m"),
        (Case("ctr-max-cpu-limit", 1, "", "cpu=2500m", &[], C, "", "cpu=2", ""), "maximum cpu usage per Container is 2, but limit is 2500m"),
        (Case("ctr-max-cpu-no-request-limit", 1, "", "", &[], C, "", "cpu=2", ""), "maximum cpu usage per Container is 2.  No limit is specified"),
        (Case("ctr-max-cpu-ratio", 1, "cpu=1250m", "cpu=2500m", &[], C, "", "", "cpu=1"), "cpu max limit to request ratio per Container is 1, but provided ratio is 2.000000"),
        (Case("ctr-max-mem-request-limit", 1, "memory=250Mi", "memory=2Gi", &[], C, "", "memory=1Gi", ""), "maximum memory usage per Container is 1Gi, but limit is 2Gi"),
        (Case("ctr-max-mem-limit", 1, "", "memory=2Gi", &[], C, "", "memory=1Gi", ""), "maximum memory usage per Container is 1Gi, but limit is 2Gi"),
        (Case("ctr-max-mem-no-request-limit", 1, "", "", &[], C, "", "memory=1Gi", ""), "maximum memory usage per Container is 1Gi.  No limit is specified"),
        (Case("pod-min-cpu-request", 1, "cpu=75m", "", &[], P, "cpu=100m", "", ""), "minimum cpu usage per Pod is 100m, but request is 75m"),
        (Case("pod-min-cpu-request-limit", 1, "cpu=75m", "cpu=200m", &[], P, "cpu=100m", "", ""), "minimum cpu usage per Pod is 100m, but request is 75m"),
        (Case("pod-min-memory-request", 1, "memory=60Mi", "", &[], P, "memory=100Mi", "", ""), "minimum memory usage per Pod is 100Mi, but request is 60Mi"),
        (Case("pod-min-memory-request-limit", 1, "memory=60Mi", "memory=100Mi", &[], P, "memory=100Mi", "", ""), "minimum memory usage per Pod is 100Mi, but request is 60Mi"),
        (Case("pod-max-cpu-request-limit", 3, "cpu=500m", "cpu=1", &[], P, "", "cpu=2", ""), "maximum cpu usage per Pod is 2, but limit is 3"),
        (Case("pod-max-cpu-limit", 3, "", "cpu=1", &[], P, "", "cpu=2", ""), "maximum cpu usage per Pod is 2, but limit is 3"),
        (Case("pod-max-mem-request-limit", 3, "memory=250Mi", "memory=500Mi", &[], P, "", "memory=1Gi", ""), "maximum memory usage per Pod is 1Gi, but limit is 1500Mi"),
        (Case("pod-max-mem-limit", 3, "", "memory=500Mi", &[], P, "", "memory=1Gi", ""), "maximum memory usage per Pod is 1Gi, but limit is 1500Mi"),
        (Case("pod-init-max-mem-limit", 1, "", "memory=500Mi", &[("", "memory=1.5Gi")], P, "", "memory=1Gi", ""), "maximum memory usage per Pod is 1Gi, but limit is 1536Mi"),
        (Case("pod-max-mem-ratio", 3, "memory=250Mi", "memory=500Mi", &[], P, "", "memory=2Gi", "memory=1.5"), "memory max limit to request ratio per Pod is 1500m, but provided ratio is 2.000000"),
        (Case("ctr-1-min-local-ephemeral-storage-request", 1, "ephemeral-storage=40Mi", "", &[], C, "ephemeral-storage=50Mi", "", ""), "minimum ephemeral-storage usage per Container is 50Mi, but request is 40Mi"),
        (Case("ctr-1-min-local-ephemeral-storage-request-limit", 1, "ephemeral-storage=40Mi", "ephemeral-storage=100Mi", &[], C, "ephemeral-storage=50Mi", "", ""), "minimum ephemeral-storage usage per Container is 50Mi, but request is 40Mi"),
        (Case("ctr-1-min-local-ephemeral-storage-no-request-limit", 1, "", "", &[], C, "ephemeral-storage=50Mi", "", ""), "minimum ephemeral-storage usage per Container is 50Mi.  No request is specified"),
        (Case("ctr-1-max-local-ephemeral-storage-request-limit", 1, "ephemeral-storage=250Mi", "ephemeral-storage=2Gi", &[], C, "", "ephemeral-storage=1Gi", ""), "maximum ephemeral-storage usage per Container is 1Gi, but limit is 2Gi"),
        (Case("ctr-1-max-local-ephemeral-storage-limit", 1, "", "ephemeral-storage=2Gi", &[], C, "", "ephemeral-storage=1Gi", ""), "maximum ephemeral-storage usage per Container is 1Gi, but limit is 2Gi"),
        (Case("ctr-1-max-local-ephemeral-storage-no-request-limit", 1, "", "", &[], C, "", "ephemeral-storage=1Gi", ""), "maximum ephemeral-storage usage per Container is 1Gi.  No limit is specified"),
        (Case("ctr-2-min-local-ephemeral-storage-request", 2, "ephemeral-storage=40Mi", "", &[], C, "ephemeral-storage=50Mi", "", ""), "minimum ephemeral-storage usage per Container is 50Mi, but request is 40Mi"),
        (Case("ctr-2-min-local-ephemeral-storage-request-limit", 2, "ephemeral-storage=40Mi", "ephemeral-storage=100Mi", &[], C, "ephemeral-storage=50Mi", "", ""), "minimum ephemeral-storage usage per Container is 50Mi, but request is 40Mi"),
        (Case("ctr-2-min-local-ephemeral-storage-no-request-limit", 2, "", "", &[], C, "ephemeral-storage=50Mi", "", ""), "minimum ephemeral-storage usage per Container is 50Mi.  No request is specified"),
        (Case("ctr-2-max-local-ephemeral-storage-request-limit", 2, "ephemeral-storage=250Mi", "ephemeral-storage=2Gi", &[], C, "", "ephemeral-storage=1Gi", ""), "maximum ephemeral-storage usage per Container is 1Gi, but limit is 2Gi"),
        (Case("ctr-2-max-local-ephemeral-storage-limit", 2, "", "ephemeral-storage=2Gi", &[], C, "", "ephemeral-storage=1Gi", ""), "maximum ephemeral-storage usage per Container is 1Gi, but limit is 2Gi"),
        (Case("ctr-2-max-local-ephemeral-storage-no-request-limit", 2, "", "", &[], C, "", "ephemeral-storage=1Gi", ""), "maximum ephemeral-storage usage per Container is 1Gi.  No limit is specified"),
        (Case("pod-min-local-ephemeral-storage-request", 1, "ephemeral-storage=60Mi", "", &[], P, "ephemeral-storage=100Mi", "", ""), "minimum ephemeral-storage usage per Pod is 100Mi, but request is 60Mi"),
        (Case("pod-min-local-ephemeral-storage-request-limit", 1, "ephemeral-storage=60Mi", "ephemeral-storage=100Mi", &[], P, "ephemeral-storage=100Mi", "", ""), "minimum ephemeral-storage usage per Pod is 100Mi, but request is 60Mi"),
        (Case("pod-max-local-ephemeral-storage-request-limit", 3, "ephemeral-storage=250Mi", "ephemeral-storage=500Mi", &[], P, "", "ephemeral-storage=1Gi", ""), "maximum ephemeral-storage usage per Pod is 1Gi, but limit is 1500Mi"),
        (Case("pod-max-local-ephemeral-storage-limit", 3, "", "ephemeral-storage=500Mi", &[], P, "", "ephemeral-storage=1Gi", ""), "maximum ephemeral-storage usage per Pod is 1Gi, but limit is 1500Mi"),
        (Case("pod-init-max-local-ephemeral-storage-limit", 1, "", "ephemeral-storage=500Mi", &[("", "ephemeral-storage=1.5Gi")], P, "", "ephemeral-storage=1Gi", ""), "maximum ephemeral-storage usage per Pod is 1Gi, but limit is 1536Mi"),
        (Case("pod-max-local-ephemeral-storage-ratio", 3, "ephemeral-storage=250Mi", "ephemeral-storage=500Mi", &[], P, "", "ephemeral-storage=2Gi", "ephemeral-storage=1.5"), "ephemeral-storage max limit to request ratio per Pod is 1500m, but provided ratio is 2.000000"),
    ];
    for (c, want) in &cases {
        assert_eq!(c.run(), Err(want.to_string()), "{}", c.0);
    }
    // "ctr-max-cpu-limit-restartable-init-container": a sidecar's request
    // adds to the app containers'.
    let lr = limit_range(P, "", "cpu=2", "", "", "");
    let mut p = pod(
        "ctr-max-cpu-limit-restartable-init-container",
        1,
        "cpu=1000m",
        "cpu=1500m",
        &[],
    );
    let mut sidecar = container("foo-0", "cpu=1500m", "");
    sidecar.restart_policy = Some("Always".into());
    p.spec_mut().init_containers = vec![sidecar].into();
    assert_eq!(
        pod_validate_limit(&lr, &p),
        Err("maximum cpu usage per Pod is 2, but request is 2500m".into())
    );
}

fn claim(name: &str, requests: &str) -> PersistentVolumeClaim {
    let mut c = PersistentVolumeClaim::default();
    c.metadata.name = name.into();
    c.metadata.namespace = "test".into();
    c.spec.resources.requests = rl(requests).into();
    c.spec.access_modes = vec!["ReadWriteOnce".into()];
    c
}

// admission_test.go's TestPersistentVolumeClaimLimitFunc
#[test]
fn persistent_volume_claim_limit_func() {
    const T: &str = "PersistentVolumeClaim";
    for (name, request, min, max) in [
        (
            "pvc-is-min-storage-request",
            "storage=1Gi",
            "storage=1Gi",
            "",
        ),
        (
            "pvc-is-max-storage-request",
            "storage=1Gi",
            "",
            "storage=1Gi",
        ),
        ("pvc-no-minmax-storage-request", "storage=100Gi", "", ""),
        (
            "pvc-within-minmax-storage-request",
            "storage=5Gi",
            "storage=1Gi",
            "storage=10Gi",
        ),
    ] {
        assert_eq!(
            pvc_validate_limit(&limit_range(T, min, max, "", "", ""), &claim(name, request)),
            Ok(()),
            "{name}"
        );
    }
    for (name, request, min, max, want) in [
        (
            "pvc-below-min-storage-request",
            "storage=500Mi",
            "storage=1Gi",
            "",
            "minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi",
        ),
        (
            "pvc-exceeds-max-storage-request",
            "storage=100Gi",
            "storage=1Gi",
            "storage=1Gi",
            "maximum storage usage per PersistentVolumeClaim is 1Gi, but request is 100Gi",
        ),
    ] {
        assert_eq!(
            pvc_validate_limit(&limit_range(T, min, max, "", "", ""), &claim(name, request)),
            Err(want.into()),
            "{name}"
        );
    }
}

fn store_with(objects: Vec<Object>) -> Store {
    let mut store = Store::new();
    let mut seed = 0u64;
    let mut rng = || {
        seed += 1;
        seed
    };
    let mut ctx = crate::store::WriteCtx {
        now: kubeplay_model::time::EPOCH,
        rng: &mut rng,
    };
    let mut ns = kubeplay_model::api::Namespace::default();
    ns.metadata.name = "test".into();
    store
        .create(Object::Namespace(Box::new(ns)), &mut ctx)
        .unwrap();
    for o in objects {
        store.create(o, &mut ctx).unwrap();
    }
    store
}

// admission_test.go's TestLimitRangerAdmitPod (and, for claims, the
// plugin's handling of updates)
#[test]
fn limit_ranger_admit_pod() {
    let mut lr = limit_range(
        "Pod",
        "cpu=50m,memory=2Mi",
        "cpu=200m,memory=4Gi",
        "",
        "",
        "",
    );
    lr.spec.limits.extend(
        limit_range(
            "Container",
            "cpu=25m,memory=1Mi",
            "cpu=100m,memory=2Gi",
            "",
            "",
            "",
        )
        .spec
        .limits,
    );
    lr.metadata.namespace = "test".into();
    let mut pvc_range = limit_range("PersistentVolumeClaim", "storage=1Gi", "", "", "", "");
    pvc_range.metadata.name = "claims".into();
    pvc_range.metadata.namespace = "test".into();
    let store = store_with(vec![
        Object::LimitRange(Box::new(lr)),
        Object::LimitRange(Box::new(pvc_range)),
    ]);
    // Validated without the mutating half: the stored range has had
    // defaults filled in (from its max), which upstream's fake client skips.
    let obj = Object::Pod(Box::new(pod("testPod", 1, "", "", &[])));
    let err = limit_ranger_validate(&store, None, &obj).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("pods \"testPod\" is forbidden: ["),
        "{err}"
    );
    // Pod updates are not looked at, nor is a pod being deleted.
    assert!(limit_ranger_validate(&store, Some(&obj), &obj).is_ok());
    let mut terminating = obj.clone();
    terminating.meta_mut().deletion_timestamp = Some(kubeplay_model::time::EPOCH.plus_secs(1));
    assert!(limit_ranger_validate(&store, Some(&terminating), &terminating).is_ok());
    // A claim is checked on update too, unless it is being deleted.
    let small = Object::PersistentVolumeClaim(Box::new(claim("data", "storage=500Mi")));
    let want = "persistentvolumeclaims \"data\" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi";
    assert_eq!(
        limit_ranger_validate(&store, None, &small)
            .unwrap_err()
            .to_string(),
        want
    );
    assert_eq!(
        limit_ranger_validate(&store, Some(&small), &small)
            .unwrap_err()
            .to_string(),
        want
    );
    let mut deleting = small.clone();
    deleting.meta_mut().deletion_timestamp = Some(kubeplay_model::time::EPOCH.plus_secs(1));
    assert!(limit_ranger_validate(&store, Some(&deleting), &small).is_ok());
}

fn service(type_: &str, ports: usize) -> Object {
    let mut s = Service::default();
    s.spec.type_ = Some(type_.into());
    s.spec.ports = (0..ports)
        .map(|i| ServicePort {
            port: 27443 + i as i32,
            ..Default::default()
        })
        .collect();
    Object::Service(Box::new(s))
}

// services_test.go's TestServiceEvaluatorUsage
#[test]
fn service_evaluator_usage() {
    for (name, svc, want) in [
        (
            "loadbalancer",
            service("LoadBalancer", 0),
            "services.nodeports=0,services.loadbalancers=1,services=1,count/services=1",
        ),
        (
            "loadbalancer_ports",
            service("LoadBalancer", 1),
            "services.nodeports=1,services.loadbalancers=1,services=1,count/services=1",
        ),
        (
            "clusterip",
            service("ClusterIP", 0),
            "services=1,services.nodeports=0,services.loadbalancers=0,count/services=1",
        ),
        (
            "nodeports",
            service("NodePort", 1),
            "services=1,services.nodeports=1,services.loadbalancers=0,count/services=1",
        ),
        (
            "multi-nodeports",
            service("NodePort", 2),
            "services=1,services.nodeports=2,services.loadbalancers=0,count/services=1",
        ),
    ] {
        assert_eq!(usage_of(&svc), rl(want), "{name}");
    }
    // A load balancer that allocates no node ports is charged those it names.
    let Object::Service(mut s) = service("LoadBalancer", 2) else {
        unreachable!()
    };
    s.spec.allocate_load_balancer_node_ports = Some(false);
    s.spec.ports[1].node_port = Some(30001);
    assert_eq!(
        usage_of(&Object::Service(s))["services.nodeports"],
        Quantity::from_value(1)
    );
}

// persistent_volume_claims_test.go's TestPersistentVolumeClaimEvaluatorUsage
// (the cases without status.allocatedResources, which claims here lack)
#[test]
fn persistent_volume_claim_evaluator_usage() {
    let gold = |request: &str| {
        let mut c = claim("foo", request);
        c.spec.storage_class_name = Some("gold".into());
        c
    };
    let count = "persistentvolumeclaims=1,count/persistentvolumeclaims=1";
    for (name, c, want) in [
        ("pvc-usage", claim("foo", "storage=10Gi"), format!("requests.storage=10Gi,{count}")),
        (
            "pvc-usage-by-class",
            gold("storage=10Gi"),
            format!("requests.storage=10Gi,{count},gold.storageclass.storage.k8s.io/requests.storage=10Gi,gold.storageclass.storage.k8s.io/persistentvolumeclaims=1"),
        ),
        ("pvc-usage-rounded", claim("foo", "storage=1001m"), format!("requests.storage=2,{count}")),
        (
            "pvc-usage-by-class-rounded",
            gold("storage=1001m"),
            format!("requests.storage=2,{count},gold.storageclass.storage.k8s.io/requests.storage=2,gold.storageclass.storage.k8s.io/persistentvolumeclaims=1"),
        ),
    ] {
        assert_eq!(usage_of(&Object::PersistentVolumeClaim(Box::new(c))), rl(&want), "{name}");
    }
}

fn quota(name: &str, namespace: &str, hard: &str) -> Object {
    let mut q = ResourceQuota::default();
    q.metadata.name = name.into();
    q.metadata.namespace = namespace.into();
    q.spec.hard = rl(hard);
    Object::ResourceQuota(Box::new(q))
}

fn pod_obj(name: &str, requests: &str, limits: &str) -> Object {
    Object::Pod(Box::new(pod(name, 1, requests, limits, &[])))
}

/// A namespace whose three pods use cpu=1, memory=50Gi, under `hard`.
fn quota_store(hard: &str) -> Store {
    store_with(vec![
        pod_obj("a", "cpu=1,memory=50Gi", ""),
        pod_obj("b", "", ""),
        pod_obj("c", "", ""),
        quota("quota", "test", hard),
    ])
}

fn admit(store: &Store, old: Option<&Object>, obj: &Object) -> std::result::Result<(), String> {
    resource_quota(store, old, obj).map(|_| ()).map_err(|e| e.to_string())
}

// resourcequota/admission_test.go's TestAdmitBelowQuotaLimit,
// TestAdmitExceedQuotaLimit, TestAdmitEnforceQuotaConstraints and
// TestAdmitPodInNamespaceWithoutQuota (usage counted from the pods the
// namespace holds rather than a quota status)
#[test]
fn admit_pods_against_quota() {
    let store = quota_store("cpu=3,memory=100Gi,pods=5");
    assert_eq!(
        admit(
            &store,
            None,
            &pod_obj("allowed-pod", "cpu=100m,memory=2Gi", "")
        ),
        Ok(())
    );
    assert_eq!(
        admit(&store, None, &pod_obj("not-allowed-pod", "cpu=3,memory=2Gi", "")),
        Err("pods \"not-allowed-pod\" is forbidden: exceeded quota: quota, requested: cpu=3, used: cpu=1, limited: cpu=3".into())
    );
    let store = quota_store("cpu=3,memory=100Gi,limits.memory=200Gi,pods=5");
    assert_eq!(
        admit(&store, None, &pod_obj("not-allowed-pod", "cpu=100m,memory=2Gi", "cpu=200m")),
        Err("pods \"not-allowed-pod\" is forbidden: failed quota: quota: must specify limits.memory for: foo-0".into())
    );
    let store = store_with(vec![quota(
        "quota",
        "test",
        "cpu=3,memory=100Gi,limits.memory=200Gi,pods=5",
    )]);
    let mut other = pod("allowed-pod", 1, "cpu=100m,memory=2Gi", "cpu=200m", &[]);
    other.metadata.namespace = "other".into();
    assert_eq!(admit(&store, None, &Object::Pod(Box::new(other))), Ok(()));
}

/// Every quota's constraints are checked before any quota's usage, and a
/// resource the write adds nothing to is not checked.
#[test]
fn constraints_before_usage_and_zero_deltas_skipped() {
    let store = store_with(vec![
        pod_obj("a", "cpu=2", "cpu=2"),
        quota("a-cpu", "test", "cpu=1"),
        quota("b-memory", "test", "requests.memory=1Gi"),
    ]);
    assert_eq!(
        admit(&store, None, &pod_obj("p", "cpu=1", "")),
        Err("pods \"p\" is forbidden: failed quota: b-memory: must specify requests.memory for: foo-0".into())
    );
    // Already past its cpu limit, the quota still takes a pod asking none.
    assert_eq!(
        admit(&store, None, &pod_obj("p", "cpu=0,memory=1Mi", "")),
        Ok(())
    );
}

fn svc(type_: &str, ports: &[i32]) -> Object {
    let mut s = Service::default();
    s.metadata.name = "service".into();
    s.metadata.namespace = "test".into();
    s.spec.type_ = Some(type_.into());
    s.spec.ports = ports
        .iter()
        .map(|p| ServicePort {
            port: *p,
            ..Default::default()
        })
        .collect();
    Object::Service(Box::new(s))
}

// resourcequota/admission_test.go's TestAdmitHandlesOldObjects,
// TestAdmitHandlesNegativePVCUpdates and TestAdmitHandlesPVCUpdates
#[test]
fn admit_updates_charge_the_difference() {
    let old = svc("LoadBalancer", &[80]);
    let store = store_with(vec![
        old.clone(),
        quota(
            "quota",
            "test",
            "services=10,services.loadbalancers=10,services.nodeports=10",
        ),
    ]);
    assert_eq!(admit(&store, Some(&old), &svc("NodePort", &[1234])), Ok(()));
    let store = store_with(vec![quota(
        "quota",
        "test",
        "services=1,services.nodeports=1",
    )]);
    let cluster_ip = svc("ClusterIP", &[80]);
    assert_eq!(
        admit(&store, Some(&cluster_ip), &svc("NodePort", &[80, 81])),
        Err("services \"service\" is forbidden: exceeded quota: quota, requested: services.nodeports=2, used: services.nodeports=0, limited: services.nodeports=1".into())
    );

    let old = Object::PersistentVolumeClaim(Box::new(claim("pvc-to-update", "storage=10Gi")));
    let store = store_with(vec![
        old.clone(),
        quota(
            "quota",
            "test",
            "persistentvolumeclaims=3,requests.storage=100Gi",
        ),
    ]);
    assert_eq!(
        admit(
            &store,
            Some(&old),
            &Object::PersistentVolumeClaim(Box::new(claim("pvc-to-update", "storage=5Gi")))
        ),
        Ok(())
    );
    assert_eq!(
        admit(
            &store,
            Some(&old),
            &Object::PersistentVolumeClaim(Box::new(claim("pvc-to-update", "storage=15Gi")))
        ),
        Ok(())
    );
    assert_eq!(
        admit(&store, Some(&old), &Object::PersistentVolumeClaim(Box::new(claim("pvc-to-update", "storage=101Gi")))),
        Err("persistentvolumeclaims \"pvc-to-update\" is forbidden: exceeded quota: quota, requested: requests.storage=91Gi, used: requests.storage=10Gi, limited: requests.storage=100Gi".into())
    );
}

/// `store` after creating `obj` in it: the quota named "quota"'s status,
/// and the changes the create recorded (kind and name, in order).
fn create_and_read(store: &mut Store, obj: Object) -> (kubeplay_model::api::ResourceQuotaStatus, Vec<(Kind, String)>) {
    store.take_changes();
    let mut seed = 1000u64;
    let mut rng = || {
        seed += 1;
        seed
    };
    let mut ctx = crate::store::WriteCtx { now: kubeplay_model::time::EPOCH, rng: &mut rng };
    store.create(obj, &mut ctx).unwrap();
    let changes = store.take_changes().iter().map(|c| (c.key.kind, c.key.name.to_string())).collect();
    let key = kubeplay_model::ObjectKey::new(Kind::ResourceQuota, "test", "quota");
    let Some(Object::ResourceQuota(q)) = store.get(&key).map(|q| (**q).clone()) else { panic!("no quota") };
    (q.status, changes)
}

// resourcequota/admission_test.go's TestAdmitBelowQuotaLimit and the
// evaluators' usage rows, as the status the plugin writes: an admitted
// create charges each quota that limits what it adds, in one status write
// stored before the object (so its resourceVersion is the earlier one).
#[test]
fn admitted_creates_record_their_usage() {
    let mut classed = claim("gold-claim", "storage=10Gi");
    classed.spec.storage_class_name = Some("gold".into());
    let cases: Vec<(&str, Store, Object, &str)> = vec![
        ("below quota limit", quota_store("cpu=3,memory=100Gi,pods=5"), pod_obj("allowed-pod", "cpu=100m,memory=2Gi", ""), "cpu=1100m,memory=52Gi,pods=4"),
        (
            "requests and limits",
            store_with(vec![quota("quota", "test", "requests.cpu=1,requests.memory=1Gi,limits.cpu=2,limits.memory=2Gi")]),
            pod_obj("p", "cpu=400m,memory=600Mi", "cpu=800m,memory=800Mi"),
            "limits.cpu=800m,limits.memory=800Mi,requests.cpu=400m,requests.memory=600Mi",
        ),
        ("object count", store_with(vec![quota("quota", "test", "count/pods=2,count/services=2")]), pod_obj("p", "", ""), "count/pods=1,count/services=0"),
        (
            "node port service",
            store_with(vec![quota("quota", "test", "services=10,services.loadbalancers=10,services.nodeports=10")]),
            {
                let mut s = svc("NodePort", &[80, 81]);
                if let Object::Service(s) = &mut s {
                    s.spec.ports[0].name = Some("a".into());
                    s.spec.ports[1].name = Some("b".into());
                }
                s
            },
            "services=1,services.loadbalancers=0,services.nodeports=2",
        ),
        (
            "claim of a storage class",
            store_with(vec![quota(
                "quota",
                "test",
                "persistentvolumeclaims=3,requests.storage=100Gi,gold.storageclass.storage.k8s.io/requests.storage=50Gi,gold.storageclass.storage.k8s.io/persistentvolumeclaims=1",
            )]),
            Object::PersistentVolumeClaim(Box::new(classed)),
            "persistentvolumeclaims=1,requests.storage=10Gi,gold.storageclass.storage.k8s.io/requests.storage=10Gi,gold.storageclass.storage.k8s.io/persistentvolumeclaims=1",
        ),
    ];
    for (name, mut store, obj, want) in cases {
        let created = obj.name().to_string();
        let kind = obj.kind();
        let hard = match store.get(&kubeplay_model::ObjectKey::new(Kind::ResourceQuota, "test", "quota")).map(|q| (**q).clone()) {
            Some(Object::ResourceQuota(q)) => q.spec.hard,
            _ => panic!("{name}: no quota"),
        };
        let (status, changes) = create_and_read(&mut store, obj);
        assert_eq!(status.used, rl(want), "{name}");
        assert_eq!(status.hard, hard, "{name}");
        assert_eq!(changes, [(Kind::ResourceQuota, "quota".to_string()), (kind, created)], "{name}");
    }
}

/// A create the quota does not limit (nothing it adds is in `hard`), or a
/// refused one, writes no quota.
#[test]
fn creates_that_charge_nothing_write_no_quota() {
    let mut store = store_with(vec![quota("quota", "test", "services=1")]);
    let (status, changes) = create_and_read(&mut store, pod_obj("p", "cpu=1", ""));
    assert_eq!(status, Default::default());
    assert_eq!(changes, [(Kind::Pod, "p".to_string())]);
    let mut store = quota_store("cpu=3,memory=100Gi,pods=5");
    let before = store.resource_version();
    let mut rng = || 7;
    let mut ctx = crate::store::WriteCtx { now: kubeplay_model::time::EPOCH, rng: &mut rng };
    assert!(store.create(pod_obj("too-large-pod", "cpu=100m,memory=60Gi", ""), &mut ctx).is_err());
    assert_eq!(store.resource_version(), before);
}

// resourcequota/admission_test.go's TestAdmitHandlesOldObjects,
// TestAdmitHandlesNegativePVCUpdates and TestAdmitHandlesPVCUpdates: an
// update charges only what it adds, and one that adds nothing (a usage
// that goes down is not subtracted here) writes nothing.
#[test]
fn admitted_updates_record_what_they_add() {
    let status = |store: &Store, old: &Object, new: &Object| -> Vec<ResourceList> { resource_quota(store, Some(old), new).unwrap().into_iter().map(|q| q.status.used).collect() };
    // A load balancer that allocates no node ports uses none.
    let mut old = svc("LoadBalancer", &[80]);
    if let Object::Service(s) = &mut old {
        s.spec.allocate_load_balancer_node_ports = Some(false);
    }
    let store = store_with(vec![old.clone(), quota("quota", "test", "services=10,services.loadbalancers=10,services.nodeports=10")]);
    assert_eq!(status(&store, &old, &svc("NodePort", &[1234])), [rl("services=1,services.loadbalancers=1,services.nodeports=1")]);
    let old = Object::PersistentVolumeClaim(Box::new(claim("pvc-to-update", "storage=10Gi")));
    let store = store_with(vec![old.clone(), quota("quota", "test", "persistentvolumeclaims=3,requests.storage=100Gi")]);
    let resized = |s: &str| Object::PersistentVolumeClaim(Box::new(claim("pvc-to-update", s)));
    assert_eq!(status(&store, &old, &resized("storage=5Gi")), Vec::<ResourceList>::new());
    assert_eq!(status(&store, &old, &resized("storage=15Gi")), [rl("persistentvolumeclaims=1,requests.storage=15Gi")]);
}
