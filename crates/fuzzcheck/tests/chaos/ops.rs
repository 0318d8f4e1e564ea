//! The chaos vocabulary: the user actions and faults a run draws, and how
//! each becomes a terminal line (so a failing run prints a script that
//! `kubeplay run --seed N` replays). Names and nodes are drawn as small
//! indexes and resolved against the cluster when the step runs, so every
//! drawn sequence is meaningful and proptest can shrink it freely.

use proptest::prelude::*;

pub const DEPLOYMENTS: [&str; 3] = ["web", "api", "cache"];
pub const STATEFULSETS: [&str; 2] = ["db", "queue"];
pub const DAEMONSETS: [&str; 2] = ["agent", "logs"];
pub const JOBS: [&str; 2] = ["batch", "report"];
/// The last one is a tag nginx never published: pulls fail for ever.
pub const IMAGES: [&str; 4] = ["nginx:1.25", "nginx:1.26", "nginx:1.27", "nginx:1.99"];
pub const BAD_IMAGE: &str = "nginx:1.99";
/// Job pods run this image; it exits 0 after a few seconds (set up before
/// the chaos starts, never touched by it).
pub const JOB_IMAGE: &str = "chaos/job-runner:1";
const CPU: [&str; 3] = ["50m", "100m", "250m"];
const ADVANCE: [&str; 6] = ["1s", "5s", "15s", "45s", "2m", "6m"];

/// `sim node add` flags: the default worker (4 CPUs, 8Gi, 110 pods) or smaller.
const NODE_SIZES: [&str; 4] = ["", " --cpu 1 --memory 1Gi", " --cpu 500m --pods 4", " --cpu 2 --pods 6"];

/// maxSurge / maxUnavailable choices (None: the API's 25% / 25% defaults).
pub const STRATEGIES: [Option<(&str, &str)>; 4] = [None, Some(("1", "0")), Some(("0", "1")), Some(("50%", "50%"))];

#[derive(Clone, Debug)]
pub enum Op {
    Deployment { d: usize, replicas: u8, image: usize, cpu: usize, strategy: usize, probe: bool, min_ready: bool },
    StatefulSet { s: usize, replicas: u8, image: usize },
    DaemonSet { s: usize, image: usize },
    Job { j: usize, completions: u8, parallelism: u8 },
    Service { d: usize },
    ScaleDeployment { d: usize, replicas: u8 },
    ScaleStatefulSet { s: usize, replicas: u8 },
    SetImage { kind: usize, name: usize, image: usize },
    Undo { d: usize },
    Pause { d: usize },
    Resume { d: usize },
    Delete { kind: usize, name: usize },
    NodeFail(usize),
    NodeRecover(usize),
    /// A worker of a drawn size (small ones make capacity bind).
    NodeAdd { size: usize },
    NodeRemove(usize),
    Cordon(usize),
    Uncordon(usize),
    Drain(usize),
    Taint { node: usize, no_execute: bool },
    Untaint(usize),
    PodKill(usize),
    ImageMissing(usize),
    ImageBehave { image: usize, how: usize },
    ImageReset(usize),
    Load { d: usize, cpu: bool, memory: bool },
    Advance(usize),
}

pub fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..3usize, 0..7u8, 0..3usize, 0..3usize, 0..4usize, any::<bool>(), any::<bool>()).prop_map(
            |(d, replicas, image, cpu, strategy, probe, min_ready)| Op::Deployment { d, replicas, image, cpu, strategy, probe, min_ready }
        ),
        2 => (0..2usize, 0..5u8, 0..3usize).prop_map(|(s, replicas, image)| Op::StatefulSet { s, replicas, image }),
        1 => (0..2usize, 0..3usize).prop_map(|(s, image)| Op::DaemonSet { s, image }),
        1 => (0..2usize, 1..5u8, 1..4u8).prop_map(|(j, completions, parallelism)| Op::Job { j, completions, parallelism }),
        1 => (0..3usize).prop_map(|d| Op::Service { d }),
        3 => (0..3usize, 0..8u8).prop_map(|(d, replicas)| Op::ScaleDeployment { d, replicas }),
        2 => (0..2usize, 0..5u8).prop_map(|(s, replicas)| Op::ScaleStatefulSet { s, replicas }),
        4 => (0..3usize, 0..3usize, 0..4usize).prop_map(|(kind, name, image)| Op::SetImage { kind, name, image }),
        1 => (0..3usize).prop_map(|d| Op::Undo { d }),
        1 => (0..3usize).prop_map(|d| Op::Pause { d }),
        1 => (0..3usize).prop_map(|d| Op::Resume { d }),
        1 => (0..5usize, 0..3usize).prop_map(|(kind, name)| Op::Delete { kind, name }),
        2 => (0..8usize).prop_map(Op::NodeFail),
        2 => (0..8usize).prop_map(Op::NodeRecover),
        2 => (0..NODE_SIZES.len()).prop_map(|size| Op::NodeAdd { size }),
        1 => (0..8usize).prop_map(Op::NodeRemove),
        1 => (0..8usize).prop_map(Op::Cordon),
        1 => (0..8usize).prop_map(Op::Uncordon),
        1 => (0..8usize).prop_map(Op::Drain),
        1 => (0..8usize, any::<bool>()).prop_map(|(node, no_execute)| Op::Taint { node, no_execute }),
        1 => (0..8usize).prop_map(Op::Untaint),
        2 => (0..64usize).prop_map(Op::PodKill),
        1 => (0..4usize).prop_map(Op::ImageMissing),
        2 => (0..3usize, 0..4usize).prop_map(|(image, how)| Op::ImageBehave { image, how }),
        1 => (0..4usize).prop_map(Op::ImageReset),
        1 => (0..3usize, any::<bool>(), any::<bool>()).prop_map(|(d, cpu, memory)| Op::Load { d, cpu, memory }),
        8 => (0..ADVANCE.len()).prop_map(Op::Advance),
    ]
}

/// One terminal line, with its standard input (a here-document in the script).
pub struct Line {
    pub text: String,
    pub stdin: Option<String>,
}

impl Line {
    fn cmd(text: String) -> Line {
        Line { text, stdin: None }
    }
    fn apply(manifest: String) -> Line {
        Line { text: "kubectl apply -f -".into(), stdin: Some(manifest) }
    }
    /// As `kubeplay run` reads it.
    pub fn script(&self) -> String {
        match &self.stdin {
            Some(body) => format!("{} <<EOF\n{}EOF", self.text, body),
            None => self.text.clone(),
        }
    }
}

/// What an op needs to know about the cluster to name its target.
pub struct Names<'a> {
    /// Every node, sorted by name.
    pub nodes: &'a [String],
    /// Pods of the default namespace that run on a node, sorted by name.
    pub pods: &'a [String],
}

fn pick(list: &[String], i: usize) -> Option<&str> {
    if list.is_empty() {
        None
    } else {
        list.get(i % list.len()).map(String::as_str)
    }
}

/// The first `chaosN` not taken.
pub fn new_node(nodes: &[String]) -> String {
    (1..).map(|i| format!("chaos{i}")).find(|n| !nodes.contains(n)).unwrap_or_default()
}

/// The line an op runs, or None when it has no target now (no pods yet).
pub fn line(op: &Op, names: &Names) -> Option<Line> {
    let node = |i: usize| pick(names.nodes, i).map(str::to_string);
    Some(match *op {
        Op::Deployment { d, replicas, image, cpu, strategy, probe, min_ready } => {
            Line::apply(deployment(DEPLOYMENTS[d], replicas, IMAGES[image], CPU[cpu], STRATEGIES[strategy], probe, min_ready))
        }
        Op::StatefulSet { s, replicas, image } => Line::apply(statefulset(STATEFULSETS[s], replicas, IMAGES[image])),
        Op::DaemonSet { s, image } => Line::apply(daemonset(DAEMONSETS[s], IMAGES[image])),
        Op::Job { j, completions, parallelism } => Line::apply(job(JOBS[j], completions, parallelism)),
        Op::Service { d } => Line::apply(service(DEPLOYMENTS[d])),
        Op::ScaleDeployment { d, replicas } => Line::cmd(format!("kubectl scale deployment {} --replicas={replicas}", DEPLOYMENTS[d])),
        Op::ScaleStatefulSet { s, replicas } => Line::cmd(format!("kubectl scale statefulset {} --replicas={replicas}", STATEFULSETS[s])),
        Op::SetImage { kind, name, image } => {
            let target = match kind {
                0 => format!("deployment/{}", DEPLOYMENTS[name % 3]),
                1 => format!("statefulset/{}", STATEFULSETS[name % 2]),
                _ => format!("daemonset/{}", DAEMONSETS[name % 2]),
            };
            Line::cmd(format!("kubectl set image {target} main={}", IMAGES[image]))
        }
        Op::Undo { d } => Line::cmd(format!("kubectl rollout undo deployment/{}", DEPLOYMENTS[d])),
        Op::Pause { d } => Line::cmd(format!("kubectl rollout pause deployment/{}", DEPLOYMENTS[d])),
        Op::Resume { d } => Line::cmd(format!("kubectl rollout resume deployment/{}", DEPLOYMENTS[d])),
        Op::Delete { kind, name } => Line::cmd(match kind {
            0 => format!("kubectl delete deployment {}", DEPLOYMENTS[name % 3]),
            1 => format!("kubectl delete statefulset {}", STATEFULSETS[name % 2]),
            2 => format!("kubectl delete daemonset {}", DAEMONSETS[name % 2]),
            3 => format!("kubectl delete job {}", JOBS[name % 2]),
            _ => format!("kubectl delete service {}", DEPLOYMENTS[name % 3]),
        }),
        Op::NodeFail(n) => Line::cmd(format!("sim node fail {}", node(n)?)),
        Op::NodeRecover(n) => Line::cmd(format!("sim node recover {}", node(n)?)),
        Op::NodeAdd { size } => Line::cmd(format!("sim node add {}{}", new_node(names.nodes), NODE_SIZES[size])),
        Op::NodeRemove(n) => Line::cmd(format!("sim node remove {}", node(n)?)),
        Op::Cordon(n) => Line::cmd(format!("kubectl cordon {}", node(n)?)),
        Op::Uncordon(n) => Line::cmd(format!("kubectl uncordon {}", node(n)?)),
        Op::Drain(n) => Line::cmd(format!("kubectl drain {} --ignore-daemonsets --delete-emptydir-data --force", node(n)?)),
        Op::Taint { node: n, no_execute } => {
            Line::cmd(format!("kubectl taint nodes {} chaos=true:{}", node(n)?, if no_execute { "NoExecute" } else { "NoSchedule" }))
        }
        Op::Untaint(n) => Line::cmd(format!("kubectl taint nodes {} chaos-", node(n)?)),
        Op::PodKill(p) => Line::cmd(format!("sim pod kill {}", pick(names.pods, p)?)),
        Op::ImageMissing(i) => Line::cmd(format!("sim image missing {}", IMAGES[i])),
        Op::ImageBehave { image, how } => Line::cmd(format!(
            "sim image behave {} {}",
            IMAGES[image],
            ["crash-after=20s", "fail-readiness=true", "ready-after=30s", "crash-after=5s exit-code=2"][how]
        )),
        Op::ImageReset(i) => Line::cmd(format!("sim image behave {} reset=true", IMAGES[i])),
        Op::Load { d, cpu, memory } => {
            // The memory is shared by the ready pods: over the 256Mi limit
            // when one or two are ready (OOMKilled), under it with three.
            let mut l = format!("sim load deployment/{} cpu={}", DEPLOYMENTS[d], if cpu { "300m" } else { "0" });
            if memory {
                l.push_str(" memory=600Mi");
            }
            Line::cmd(l)
        }
        Op::Advance(a) => Line::cmd(format!("sim advance {}", ADVANCE[a])),
    })
}

/// `main`, with a memory limit the `sim load … memory=` op can exceed.
fn container(image: &str, cpu: &str, probe: bool) -> String {
    let probe = if probe { "\n        readinessProbe:\n          httpGet:\n            path: /\n            port: 80\n          periodSeconds: 5" } else { "" };
    format!(
        "      - name: main
        image: {image}
        resources:
          requests:
            cpu: {cpu}
            memory: 64Mi
          limits:
            memory: 256Mi{probe}
"
    )
}

pub fn deployment(name: &str, replicas: u8, image: &str, cpu: &str, strategy: Option<(&str, &str)>, probe: bool, min_ready: bool) -> String {
    let strategy = match strategy {
        Some((surge, unavailable)) => format!("  strategy:\n    rollingUpdate:\n      maxSurge: {surge}\n      maxUnavailable: {unavailable}\n"),
        None => String::new(),
    };
    let min_ready = if min_ready { "  minReadySeconds: 5\n" } else { "" };
    format!(
        "apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
spec:
  replicas: {replicas}
{strategy}{min_ready}  selector:
    matchLabels:
      app: {name}
  template:
    metadata:
      labels:
        app: {name}
    spec:
      containers:
{}",
        container(image, cpu, probe)
    )
}

pub fn statefulset(name: &str, replicas: u8, image: &str) -> String {
    format!(
        "apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: {name}
spec:
  serviceName: {name}
  replicas: {replicas}
  selector:
    matchLabels:
      app: {name}
  template:
    metadata:
      labels:
        app: {name}
    spec:
      containers:
{}",
        container(image, "50m", true)
    )
}

pub fn daemonset(name: &str, image: &str) -> String {
    format!(
        "apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: {name}
spec:
  selector:
    matchLabels:
      app: {name}
  template:
    metadata:
      labels:
        app: {name}
    spec:
      containers:
{}",
        container(image, "50m", false)
    )
}

pub fn job(name: &str, completions: u8, parallelism: u8) -> String {
    format!(
        "apiVersion: batch/v1
kind: Job
metadata:
  name: {name}
spec:
  completions: {completions}
  parallelism: {parallelism}
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: {JOB_IMAGE}
        resources:
          requests:
            cpu: 50m
"
    )
}

pub fn service(name: &str) -> String {
    format!(
        "apiVersion: v1
kind: Service
metadata:
  name: {name}
spec:
  selector:
    app: {name}
  ports:
  - port: 80
"
    )
}
