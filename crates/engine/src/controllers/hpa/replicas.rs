//! The HPA's replica calculator for Resource metrics (upstream
//! `replica_calculator.go` and `metrics/utilization.go`): group the
//! target's pods (ignored, unready, missing metrics, ready), compare usage
//! with the target, and propose `ceil(ratio × pods)`, with the 10 %
//! tolerance and the careful treatment of unready and missing pods that
//! keeps a scale decision from flipping direction.

use kubeplay_model::Time;

/// One pod of the scale target as the calculator sees it, borrowed from
/// the pod: a sync reads every pod of its target.
#[derive(Clone, Debug, PartialEq)]
pub struct PodInfo<'a> {
    pub name: &'a str,
    pub phase: &'a str,
    pub deleting: bool,
    /// The Ready condition: (status is True, last transition).
    pub ready: Option<(bool, Time)>,
    pub start_time: Option<Time>,
    /// Sum of container requests (milli-units for cpu, bytes for memory),
    /// or the first container without a request.
    pub request: Result<i64, &'a str>,
    /// What metrics-server reports, if anything.
    pub usage: Option<i64>,
}

/// Controller settings (kube-controller-manager flags).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub tolerance: f64,
    pub cpu_initialization_ms: i64,
    pub initial_readiness_delay_ms: i64,
    /// metrics-server's sample window.
    pub metric_window_ms: i64,
}

pub const DEFAULTS: Settings = Settings { tolerance: 0.1, cpu_initialization_ms: 300_000, initial_readiness_delay_ms: 30_000, metric_window_ms: 15_000 };

/// Upstream keys its pod metrics and requests by pod name; the pods are
/// one namespace's, so names are unique and a position in the pods given
/// says as much, without a search per pod (a sync reads thousands).
#[derive(Default)]
struct Groups {
    ready: usize,
    /// Positions of the unready and the missing pods.
    unready: Vec<usize>,
    missing: Vec<usize>,
    /// Per pod, in the order given: ignored or unready, so its metric is
    /// left out of the first estimate.
    left_out: Vec<bool>,
}

/// `groupPods`. For cpu, a pod counts as unready while it starts up: not
/// Ready, or its sample predates one metric window after becoming Ready
/// (within the cpu initialization period); afterwards only if it has
/// never been Ready since its start.
fn group(pods: &[PodInfo], resource: &str, now: Time, s: &Settings) -> Groups {
    let mut g = Groups { left_out: vec![false; pods.len()], ..Groups::default() };
    for (i, p) in pods.iter().enumerate() {
        if p.deleting || p.phase == "Failed" {
            g.left_out[i] = true;
            continue;
        }
        if p.phase == "Pending" {
            g.unready.push(i);
            g.left_out[i] = true;
            continue;
        }
        if p.usage.is_none() {
            g.missing.push(i);
            continue;
        }
        if resource == "cpu" {
            let unready = match (p.ready, p.start_time) {
                (Some((status, transition)), Some(start)) => {
                    if start.plus_millis(s.cpu_initialization_ms) > now {
                        !status || now < transition.plus_millis(s.metric_window_ms)
                    } else {
                        !status && start.plus_millis(s.initial_readiness_delay_ms) > transition
                    }
                }
                _ => true,
            };
            if unready {
                g.unready.push(i);
                g.left_out[i] = true;
                continue;
            }
        }
        g.ready += 1;
    }
    g
}

/// `GetResourceUtilizationRatio`: (ratio, utilization %, average raw usage).
/// `metrics` and `requests` are per pod, by position.
fn utilization_ratio(metrics: &[Option<i64>], requests: &[i64], target: i32) -> Result<(f64, i32, i64), String> {
    let (mut used, mut requested, mut n) = (0i64, 0i64, 0i64);
    for (v, r) in metrics.iter().zip(requests) {
        if let Some(v) = v {
            used += v;
            requested += r;
            n += 1;
        }
    }
    if requested == 0 {
        return Err("no metrics returned matched known pods".into());
    }
    let utilization = (used * 100 / requested) as i32;
    Ok((utilization as f64 / target as f64, utilization, used / n.max(1)))
}

/// How a calculation fills in a missing pod on a scale-down, and
/// recomputes its ratio from filled-in metrics.
struct Refill<'a> {
    missing_down: &'a dyn Fn(usize) -> i64,
    ratio: &'a RatioFn<'a>,
}

type RatioFn<'a> = dyn Fn(&[Option<i64>]) -> Result<f64, String> + 'a;

/// The shared tail of both calculations: with no unready pods on a
/// scale-up and no missing pods, `ceil(ratio × ready pods)`; otherwise
/// fill in the gaps conservatively and re-check the direction.
fn decide(current: i32, ratio: f64, ready: usize, g: &Groups, metrics: &mut [Option<i64>], refill: &Refill, s: &Settings) -> Result<i32, String> {
    let rebalance_unready = !g.unready.is_empty() && ratio > 1.0;
    if !rebalance_unready && g.missing.is_empty() {
        if (1.0 - ratio).abs() <= s.tolerance {
            return Ok(current);
        }
        return Ok((ratio * ready as f64).ceil() as i32);
    }
    if !g.missing.is_empty() {
        for &i in &g.missing {
            let v = if ratio < 1.0 { (refill.missing_down)(i) } else { 0 };
            if ratio != 1.0 {
                metrics[i] = Some(v);
            }
        }
    }
    if rebalance_unready {
        for &i in &g.unready {
            metrics[i] = Some(0);
        }
    }
    let new_ratio = (refill.ratio)(metrics)?;
    let flips = (ratio < 1.0 && new_ratio > 1.0) || (ratio > 1.0 && new_ratio < 1.0);
    if (1.0 - new_ratio).abs() <= s.tolerance || flips {
        return Ok(current);
    }
    let proposed = (new_ratio * metrics.iter().flatten().count() as f64).ceil() as i32;
    if (new_ratio < 1.0 && proposed > current) || (new_ratio > 1.0 && proposed < current) {
        return Ok(current);
    }
    Ok(proposed)
}

/// The metrics of the pods neither ignored nor unready, by position.
fn first_metrics(pods: &[PodInfo], g: &Groups) -> Vec<Option<i64>> {
    pods.iter().zip(&g.left_out).map(|(p, out)| if *out { None } else { p.usage }).collect()
}

/// Target type Utilization (`GetResourceReplicas`): (replicas, utilization %, average usage).
pub fn utilization_replicas(current: i32, target: i32, pods: &[PodInfo], resource: &str, now: Time, s: &Settings) -> Result<(i32, i32, i64), String> {
    if pods.iter().all(|p| p.usage.is_none()) {
        return Err(format!("unable to get metrics for resource {resource}: no metrics returned from resource metrics API"));
    }
    if pods.is_empty() {
        return Err("no pods returned by selector while calculating replica count".into());
    }
    let g = group(pods, resource, now, s);
    let mut metrics = first_metrics(pods, &g);
    if metrics.iter().all(Option::is_none) {
        return Err("did not receive metrics for targeted pods (pods might be unready)".into());
    }
    let mut requests = Vec::with_capacity(pods.len());
    for p in pods {
        match &p.request {
            Ok(r) => requests.push(*r),
            Err(container) => return Err(format!("missing request for {resource} in container {container} of Pod {}", p.name)),
        }
    }
    let (ratio, utilization, raw) = utilization_ratio(&metrics, &requests, target)?;
    let fallback = target.max(100) as i64;
    let fill = |i: usize| requests[i] * fallback / 100;
    let recompute = |m: &[Option<i64>]| utilization_ratio(m, &requests, target).map(|r| r.0);
    let replicas = decide(current, ratio, g.ready, &g, &mut metrics, &Refill { missing_down: &fill, ratio: &recompute }, s)?;
    Ok((replicas, utilization, raw))
}

/// Target type AverageValue (`GetRawResourceReplicas`): (replicas, average usage).
pub fn average_value_replicas(current: i32, target: i64, pods: &[PodInfo], resource: &str, now: Time, s: &Settings) -> Result<(i32, i64), String> {
    if pods.iter().all(|p| p.usage.is_none()) {
        return Err(format!("unable to get metrics for resource {resource}: no metrics returned from resource metrics API"));
    }
    if pods.is_empty() {
        return Err("no pods returned by selector while calculating replica count".into());
    }
    let g = group(pods, resource, now, s);
    let mut metrics = first_metrics(pods, &g);
    if metrics.iter().all(Option::is_none) {
        return Err("did not receive metrics for targeted pods (pods might be unready)".into());
    }
    let ratio_of = |m: &[Option<i64>]| {
        let (sum, n) = m.iter().flatten().fold((0i64, 0i64), |(s, n), v| (s + v, n + 1));
        let avg = sum / n.max(1);
        (avg as f64 / target.max(1) as f64, avg)
    };
    let (ratio, usage) = ratio_of(&metrics);
    let fill = |_: usize| target;
    let recompute = |m: &[Option<i64>]| Ok(ratio_of(m).0);
    let replicas = decide(current, ratio, g.ready, &g, &mut metrics, &Refill { missing_down: &fill, ratio: &recompute }, s)?;
    Ok((replicas, usage))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: Time = Time::from_millis(10_000_000_000);
    /// Test settings of replica_calculator_test.go: cpu initialization 2 min, readiness delay 10 s.
    const S: Settings = Settings { tolerance: 0.1, cpu_initialization_ms: 120_000, initial_readiness_delay_ms: 10_000, metric_window_ms: 30_000 };

    struct Pods {
        /// Per-container usage (two containers per pod), None = no metric.
        levels: Vec<Option<i64>>,
        /// Per-container request.
        requests: Vec<i64>,
        ready: Vec<bool>,
        hot: Vec<bool>,
        phase: Vec<&'static str>,
        deleting: Vec<bool>,
    }

    impl Pods {
        fn new(levels: &[i64], request: i64) -> Pods {
            let n = levels.len();
            Pods { levels: levels.iter().map(|l| Some(*l)).collect(), requests: vec![request; n], ready: vec![true; n], hot: vec![false; n], phase: vec!["Running"; n], deleting: vec![false; n] }
        }
        fn build(&self) -> Vec<PodInfo<'static>> {
            const NAMES: [&str; 8] = ["test-pod-0", "test-pod-1", "test-pod-2", "test-pod-3", "test-pod-4", "test-pod-5", "test-pod-6", "test-pod-7"];
            (0..self.levels.len())
                .map(|i| {
                    let start = if self.hot[i] { NOW } else { NOW.plus_secs(-180) };
                    // A cool pod has been Ready since its start; a hot one just became Ready.
                    let transition = if self.ready[i] { start } else { start.plus_secs(-1) };
                    PodInfo {
                        name: NAMES[i],
                        phase: self.phase[i],
                        deleting: self.deleting[i],
                        ready: Some((self.ready[i], transition)),
                        start_time: Some(start),
                        request: Ok(self.requests[i] * 2),
                        usage: self.levels[i].map(|l| l * 2),
                    }
                })
                .collect()
        }
    }

    fn cpu(current: i32, target: i32, pods: &Pods) -> Result<(i32, i32), String> {
        utilization_replicas(current, target, &pods.build(), "cpu", NOW, &S).map(|(r, u, _)| (r, u))
    }

    // replica_calculator_test.go vectors (hpa.md §6).
    #[test]
    fn scale_up_and_down() {
        assert_eq!(cpu(3, 30, &Pods::new(&[300, 500, 700], 1000)), Ok((5, 50)), "ScaleUp");
        let mut p = Pods::new(&[300, 500, 700], 1000);
        p.ready = vec![false, true, true];
        assert_eq!(cpu(3, 30, &p), Ok((4, 60)), "ScaleUpUnreadyLessScale");
        let mut p = Pods::new(&[300, 500, 700], 1000);
        p.hot = vec![true, false, false];
        assert_eq!(cpu(3, 30, &p), Ok((4, 60)), "ScaleUpHotCpuLessScale");
        let mut p = Pods::new(&[400, 500, 700], 1000);
        p.ready = vec![true, false, false];
        assert_eq!(cpu(3, 30, &p), Ok((3, 40)), "ScaleUpUnreadyNoScale");
        let mut p = Pods::new(&[400, 500, 700], 1000);
        p.ready = vec![true, false, false];
        p.hot = vec![false, true, true];
        assert_eq!(cpu(3, 30, &p), Ok((3, 40)), "ScaleHotCpuNoScale");
        let mut p = Pods::new(&[500, 700, 0, 0], 1000);
        p.phase = vec!["Running", "Running", "Failed", "Failed"];
        assert_eq!(cpu(2, 30, &p), Ok((4, 60)), "ScaleUpIgnoresFailedPods");
        let mut p = Pods::new(&[500, 700, 0, 0], 1000);
        p.deleting = vec![false, false, true, true];
        assert_eq!(cpu(2, 30, &p), Ok((4, 60)), "ScaleUpIgnoresDeletionPods");
        assert_eq!(cpu(5, 50, &Pods::new(&[100, 300, 500, 250, 250], 1000)), Ok((3, 28)), "ScaleDown");
        let mut p = Pods::new(&[100, 300, 500, 250, 250], 1000);
        p.ready = vec![true, true, true, false, false];
        assert_eq!(cpu(5, 50, &p), Ok((2, 30)), "ScaleDownExcludeUnreadyPods");
        let mut p = Pods::new(&[100, 300, 500, 250, 250], 1000);
        p.hot = vec![false, false, false, true, true];
        assert_eq!(cpu(5, 50, &p), Ok((2, 30)), "ScaleDownIgnoreHotCpuPods");
        let mut p = Pods::new(&[100, 0, 0, 0, 0], 1000);
        p.phase = vec!["Running", "Pending", "Pending", "Pending", "Pending"];
        assert_eq!(cpu(5, 50, &p), Ok((1, 10)), "ScaleDownExcludeUnscheduledPods");
        let mut p = Pods::new(&[100, 300, 500, 250, 250, 0, 0], 1000);
        p.phase = vec!["Running", "Running", "Running", "Running", "Running", "Failed", "Failed"];
        assert_eq!(cpu(5, 50, &p), Ok((3, 28)), "ScaleDownIgnoresFailedPods");
    }

    #[test]
    fn tolerance_and_requests() {
        let mut p = Pods::new(&[1010, 1030, 1020], 1000);
        p.requests = vec![900, 1000, 1100];
        assert_eq!(cpu(3, 100, &p), Ok((3, 102)), "Tolerance");
        let mut p = Pods::new(&[100], 1000);
        p.requests = vec![0];
        let mut pods = p.build();
        pods[0].request = Err("container1");
        assert_eq!(
            utilization_replicas(1, 100, &pods, "cpu", NOW, &S),
            Err("missing request for cpu in container container1 of Pod test-pod-0".into()),
            "EmptyCPURequest"
        );
        let mut p = Pods::new(&[0, 0, 0, 0], 1000);
        p.levels = vec![None; 4];
        assert_eq!(cpu(4, 100, &p), Err("unable to get metrics for resource cpu: no metrics returned from resource metrics API".into()), "EmptyMetrics");
    }

    #[test]
    fn missing_metrics() {
        let mut p = Pods::new(&[400, 95, 0, 0], 1000);
        p.levels = vec![Some(400), Some(95), None, None];
        assert_eq!(cpu(4, 100, &p), Ok((3, 24)), "MissingMetrics");
        let mut p = Pods::new(&[1000, 0], 1000);
        p.levels = vec![Some(1000), None];
        assert_eq!(cpu(2, 100, &p), Ok((2, 100)), "MissingMetricsNoChangeEq");
        p.levels = vec![Some(1900), None];
        assert_eq!(cpu(2, 100, &p), Ok((2, 190)), "MissingMetricsNoChangeGt");
        p.levels = vec![Some(600), None];
        assert_eq!(cpu(2, 100, &p), Ok((2, 60)), "MissingMetricsNoChangeLt");
        let mut p = Pods::new(&[100, 450, 0], 1000);
        p.levels = vec![Some(100), Some(450), None];
        p.ready = vec![false, true, true];
        assert_eq!(cpu(3, 50, &p), Ok((3, 45)), "MissingMetricsUnreadyChange");
        let mut p = Pods::new(&[100, 2000, 0], 1000);
        p.levels = vec![Some(100), Some(2000), None];
        p.ready = vec![false, true, true];
        assert_eq!(cpu(3, 50, &p), Ok((4, 200)), "MissingMetricsUnreadyScaleUp");
        let mut p = Pods::new(&[100, 100, 100, 0], 1000);
        p.levels = vec![Some(100), Some(100), Some(100), None];
        p.ready = vec![false, true, true, true];
        assert_eq!(cpu(4, 50, &p), Ok((3, 10)), "MissingMetricsUnreadyScaleDown");
        let mut p = Pods::new(&[200, 100, 100, 0], 1000);
        p.levels = vec![Some(200), Some(100), Some(100), None];
        p.requests = vec![1000, 1000, 2000, 2000];
        p.ready = vec![false, true, true, true];
        assert_eq!(cpu(4, 300, &p), Ok((2, 6)), "MissingMetricsScaleDownTargetOver100");
        let mut p = Pods::new(&[100, 100, 0], 1000);
        p.levels = vec![Some(100), Some(100), None];
        assert_eq!(cpu(2, 50, &p), Ok((2, 10)), "DuringRollingUpdateWithMaxSurge");
    }

    fn cpu_raw(current: i32, target: i32, pods: &Pods) -> Result<(i32, i32, i64), String> {
        utilization_replicas(current, target, &pods.build(), "cpu", NOW, &S)
    }

    // More replica_calculator_test.go cases, with the raw average usage
    // (upstream's expectedValue: per-pod usage, two containers a pod).
    #[test]
    fn upstream_resource_cases() {
        let mut p = Pods::new(&[100, 300, 500, 250, 250, 0, 0], 1000);
        p.levels = vec![Some(100), Some(300), Some(500), Some(250), Some(250), None, None];
        p.ready = vec![true, true, true, true, true, false, false];
        p.deleting = vec![false, false, false, false, false, true, true];
        assert_eq!(cpu_raw(5, 50, &p), Ok((3, 28, 560)), "ScaleDownIgnoresDeletionPods");
        // Six samples for four pods: the two extra belong to no pod listed
        // and count for nothing (here they are simply not pods).
        assert_eq!(cpu_raw(4, 100, &Pods::new(&[4000, 9500, 3000, 7000], 1000)), Ok((24, 587, 11750)), "SuperfluousMetrics");
        let mut p = Pods::new(&[100, 450, 0], 1000);
        p.levels = vec![Some(100), Some(450), None];
        p.hot = vec![true, false, false];
        assert_eq!(cpu_raw(3, 50, &p), Ok((3, 45, 900)), "MissingMetricsHotCpuNoChange");
        let mut p = Pods::new(&[100, 2000, 0], 1000);
        p.levels = vec![Some(100), Some(2000), None];
        p.ready = vec![false, true, true];
        p.hot = vec![true, false, false];
        assert_eq!(cpu_raw(3, 50, &p), Ok((4, 200, 4000)), "MissingMetricsHotCpuScaleUp");
        let mut p = Pods::new(&[400, 95, 0, 0], 1000);
        p.levels = vec![Some(400), Some(95), None, None];
        assert_eq!(cpu_raw(4, 100, &p), Ok((3, 24, 495)), "MissingMetrics raw value");
        let mut p = Pods::new(&[200, 100, 100, 0], 1000);
        p.levels = vec![Some(200), Some(100), Some(100), None];
        p.requests = vec![1000, 1000, 2000, 2000];
        p.ready = vec![false, true, true, true];
        assert_eq!(cpu_raw(4, 300, &p), Ok((2, 6, 200)), "MissingMetricsScaleDownTargetOver100 raw value");
    }

    // TestReplicaCalcComputedToleranceAlgImplementation: ten pods using
    // 150m a container against requests around 300m; a target of 56 % is
    // just past the tolerance (50/56 → 9 pods), 55 % just inside it.
    #[test]
    fn computed_tolerance() {
        let mut p = Pods::new(&[150; 8], 300);
        p.levels = vec![Some(150); 8];
        let requests = [400, 200, 310, 290, 302, 298, 301, 299, 300, 300];
        let mut pods = p.build();
        let extra: Vec<PodInfo> = (0..2).map(|i| PodInfo { name: ["test-pod-8", "test-pod-9"][i], ..pods[0].clone() }).collect();
        pods.extend(extra);
        for (pod, r) in pods.iter_mut().zip(requests) {
            pod.request = Ok(r * 2);
        }
        assert_eq!(utilization_replicas(10, 56, &pods, "cpu", NOW, &S), Ok((9, 50, 300)), "just past the tolerance");
        assert_eq!(utilization_replicas(10, 55, &pods, "cpu", NOW, &S), Ok((10, 50, 300)), "just inside the tolerance");
    }

    // TestGroupPods: (pod, ready condition (status, transition ago s), start ago s, metric?).
    #[test]
    fn group_pods() {
        struct P {
            name: &'static str,
            phase: &'static str,
            deleting: bool,
            ready: Option<(bool, i64)>,
            start_ago: Option<i64>,
            metric: bool,
        }
        let p = |name, ready, start_ago, metric| P { name, phase: "Succeeded", deleting: false, ready, start_ago, metric };
        type Case = (&'static str, Vec<P>, &'static str, i64, usize, Vec<&'static str>, Vec<&'static str>, Vec<&'static str>);
        let cases: Vec<Case> = vec![
            ("void", vec![], "cpu", 60, 0, vec![], vec![], vec![]),
            ("count in a ready pod - memory", vec![p("bentham", None, None, true)], "memory", 60, 1, vec![], vec![], vec![]),
            ("unready a pod without ready condition - CPU", vec![p("lucretius", None, Some(0), true)], "cpu", 60, 0, vec!["lucretius"], vec![], vec![]),
            ("count in a ready pod with fresh metrics during initialization period - CPU", vec![p("bentham", Some((true, 30)), Some(60), true)], "cpu", 30, 1, vec![], vec![], vec![]),
            ("unready a ready pod without fresh metrics during initialization period - CPU", vec![p("bentham", Some((true, 30)), Some(60), true)], "cpu", 60, 0, vec!["bentham"], vec![], vec![]),
            ("unready an unready pod during initialization period - CPU", vec![p("lucretius", Some((false, 594)), Some(600), true)], "cpu", 60, 0, vec!["lucretius"], vec![], vec![]),
            ("count in a ready pod without fresh metrics after initialization period - CPU", vec![p("bentham", Some((true, 180)), Some(180), true)], "cpu", 60, 1, vec![], vec![], vec![]),
            ("count in an unready pod that was ready after initialization period - CPU", vec![p("lucretius", Some((false, 540)), Some(600), true)], "cpu", 60, 1, vec![], vec![], vec![]),
            ("unready pod that has never been ready after initialization period - CPU", vec![p("lucretius", Some((false, 590)), Some(600), true)], "cpu", 60, 1, vec![], vec![], vec![]),
            ("a missing pod", vec![p("epicurus", None, Some(180), false)], "cpu", 60, 0, vec![], vec!["epicurus"], vec![]),
            (
                "several pods",
                vec![p("lucretius", None, Some(0), true), p("niccolo", Some((true, 180)), Some(180), true), p("epicurus", None, Some(180), false)],
                "cpu",
                60,
                1,
                vec!["lucretius"],
                vec!["epicurus"],
                vec![],
            ),
            ("pending pods are unreadied", vec![P { phase: "Pending", ..p("unscheduled", None, None, false) }], "cpu", 60, 0, vec!["unscheduled"], vec![], vec![]),
            ("ignore pods with deletion timestamps", vec![P { phase: "Pending", deleting: true, ..p("deleted", None, None, true) }], "cpu", 60, 0, vec![], vec![], vec!["deleted"]),
            ("ignore pods in a failed state", vec![P { phase: "Failed", ..p("failed", None, None, true) }], "cpu", 60, 0, vec![], vec![], vec!["failed"]),
        ];
        for (name, pods, resource, window_s, ready, unready, missing, ignored) in cases {
            let infos: Vec<PodInfo> = pods
                .iter()
                .map(|x| PodInfo {
                    name: x.name,
                    phase: x.phase,
                    deleting: x.deleting,
                    ready: x.ready.map(|(status, ago)| (status, NOW.plus_secs(-ago))),
                    start_time: x.start_ago.map(|ago| NOW.plus_secs(-ago)),
                    request: Ok(1000),
                    usage: x.metric.then_some(1),
                })
                .collect();
            let s = Settings { metric_window_ms: window_s * 1000, ..S };
            let g = group(&infos, resource, NOW, &s);
            let names = |v: &[usize]| v.iter().map(|&i| infos[i].name).collect::<Vec<_>>();
            let left_out: Vec<usize> = (0..infos.len()).filter(|&i| g.left_out[i] && !g.unready.contains(&i)).collect();
            assert_eq!(g.ready, ready, "{name}: ready");
            assert_eq!(names(&g.unready), unready, "{name}: unready");
            assert_eq!(names(&g.missing), missing, "{name}: missing");
            assert_eq!(names(&left_out), ignored, "{name}: ignored");
        }
    }

    #[test]
    fn average_value() {
        let pods = Pods::new(&[300, 500, 700], 1000).build();
        // Average usage 1000m per pod against 500m: ratio 2 → 6 pods.
        assert_eq!(average_value_replicas(3, 500, &pods, "cpu", NOW, &S), Ok((6, 1000)));
        assert_eq!(average_value_replicas(3, 1000, &pods, "cpu", NOW, &S), Ok((3, 1000)), "within tolerance");
    }
}
