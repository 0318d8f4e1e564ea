//! The kubelet's step summaries: what a pod worker saw (the pod status as
//! it stood, what the worker was busy with, whether a container's image is
//! on the node) and what it works towards (the spec's containers running
//! and ready, run to completion, or stopped). Short, because the trace
//! shows one per step and the kubelet takes most steps.

use super::image;
use super::runtime::{Op, PodRuntime};
use super::status::restart_policy;
use kubeplay_model::api::{ContainerStatus, Pod};
use kubeplay_model::Kind;
use std::fmt::Write;

/// Containers named one by one; the rest are counted.
const NAMED: usize = 3;

/// The pod as the worker found it: phase, then each container's state,
/// then what the worker is blocked on. Written into one buffer: the
/// kubelet takes most steps, and each built its summary from a dozen
/// formatted pieces.
pub(super) fn observed(
    pod: &Pod,
    rt: Option<&PodRuntime>,
    on_node: &dyn Fn(&str) -> bool,
) -> String {
    let mut text = String::with_capacity(160);
    let phase = pod.status.phase.as_deref().unwrap_or("Pending");
    // Writing to a String cannot fail.
    let _ = match (
        &pod.metadata.deletion_timestamp,
        pod.metadata.deletion_grace_period_seconds,
    ) {
        (Some(_), Some(g)) => write!(text, "pod deleted (grace period {g}s), phase {phase}"),
        (Some(_), None) => write!(text, "pod deleted, phase {phase}"),
        (None, _) if pod.status.container_statuses.is_empty() && pod.status.phase.is_none() => {
            write!(text, "new pod, no status yet")
        }
        (None, _) => write!(text, "phase {phase}"),
    };
    text.push_str(": ");
    let init = pod.spec.init_containers.len();
    let all = pod
        .spec
        .init_containers
        .iter()
        .map(|c| (c, &pod.status.init_container_statuses))
        .chain(pod.spec.containers.iter().map(|c| (c, &pod.status.container_statuses)));
    for (i, (c, list)) in all.take(NAMED).enumerate() {
        let status = list.iter().find(|s| s.name == c.name);
        if i > 0 {
            text.push_str("; ");
        }
        text.push_str(if i < init { "init container " } else { "container " });
        text.push_str(&c.name);
        text.push(' ');
        match status {
            None => text.push_str("not created yet"),
            Some(s) => container_state(&mut text, s),
        }
        let started = status.is_some_and(|s| {
            s.state.running.is_some() || s.state.terminated.is_some() || s.restart_count > 0
        });
        if let Some(img) = c.image.as_deref().filter(|_| !started) {
            let here = image::normalize(img).is_some_and(|n| on_node(&n));
            let _ = write!(text, ", image {img} {}", if here { "on the node" } else { "not on the node" });
        }
    }
    let total = init + pod.spec.containers.len();
    if total > NAMED {
        let _ = write!(text, "; {} more containers", total - NAMED);
    }
    if let Some(op) = rt.and_then(|r| r.op.as_deref()) {
        text.push_str("; ");
        let _ = match op {
            Op::Mount { .. } => write!(text, "waiting for volumes"),
            Op::Sandbox { .. } => write!(text, "creating the pod sandbox"),
            Op::Pull { pull, .. } => write!(text, "pulling {}", pull.image),
            Op::Kill { ctrs, .. } => write!(
                text,
                "stopping {} container{}",
                ctrs.len(),
                if ctrs.len() == 1 { "" } else { "s" }
            ),
        };
    }
    text
}

/// `Waiting (ContainerCreating)`, `Running, ready`, `Terminated (Completed, exit code 0)`.
fn container_state(text: &mut String, s: &ContainerStatus) {
    let _ = if let Some(w) = &s.state.waiting {
        write!(text, "Waiting ({})", w.reason.as_deref().unwrap_or("no reason"))
    } else if s.state.running.is_some() {
        write!(text, "Running, {}", if s.ready { "ready" } else { "not ready" })
    } else if let Some(t) = &s.state.terminated {
        write!(
            text,
            "Terminated ({}, exit code {})",
            t.reason.as_deref().unwrap_or("no reason"),
            t.exit_code
        )
    } else {
        // No state, and no restart count shown either.
        text.push_str("in no state yet");
        return;
    };
    if s.restart_count > 0 {
        let _ = write!(text, ", {} restarts", s.restart_count);
    }
}

/// What the worker drives the pod towards.
pub(super) fn desired(pod: &Pod) -> String {
    if let Some(g) = pod
        .metadata
        .deletion_grace_period_seconds
        .filter(|_| pod.metadata.deletion_timestamp.is_some())
    {
        return format!("every container stopped within the {g}s grace period, then the pod removed from the API");
    }
    if pod.metadata.deletion_timestamp.is_some() {
        return "every container stopped, then the pod removed from the API".into();
    }
    if let Some(phase @ ("Succeeded" | "Failed")) = pod.status.phase.as_deref() {
        return format!("nothing more: the pod has finished ({phase})");
    }
    let n = pod.spec.containers.len();
    let plural = if n == 1 { "" } else { "s" };
    let init = match pod.spec.init_containers.len() {
        0 => String::new(),
        k => format!(
            "{k} init container{} done, then ",
            if k == 1 { "" } else { "s" }
        ),
    };
    match restart_policy(&pod.spec) {
        "OnFailure" => {
            format!("{init}{n} container{plural} run to success (restartPolicy OnFailure)")
        }
        "Never" => format!("{init}{n} container{plural} run once (restartPolicy Never)"),
        _ => format!("{init}{n}/{n} containers running and ready"),
    }
}

/// A node's status as its kubelet found it.
pub(super) fn node_observed(node: &kubeplay_model::api::Node, pods: usize) -> String {
    let ready = node
        .status
        .conditions
        .iter()
        .find(|c| c.type_ == "Ready")
        .map_or("Unknown", |c| c.status.as_str());
    format!(
        "Ready={ready}, {} images reported, {pods} pods bound",
        node.status.images.len()
    )
}

/// What a node's kubelet keeps posting.
pub(super) const NODE_DESIRED: &str =
    "node status as the machine is: Ready, its images and any resource pressure reported";

/// A pod key's summaries when the pod object is gone.
pub(super) fn gone(kind: Kind, held: bool) -> (String, String) {
    let what = kind.name().to_ascii_lowercase();
    let observed = if held {
        format!("{what} gone from the API; its sandbox and containers still on the node")
    } else {
        format!("{what} gone from the API; nothing of it on any node")
    };
    (observed, "nothing of the pod left on the node".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{
        Container, ContainerState, ContainerStateRunning, ContainerStateWaiting,
    };

    fn pod(containers: &[&str]) -> Pod {
        let mut p = Pod::default();
        p.spec_mut().containers = containers
            .iter()
            .map(|n| Container {
                name: (*n).into(),
                image: Some("nginx:1.14.2".into()),
                ..Default::default()
            })
            .collect();
        p
    }

    #[test]
    fn a_pod_waiting_for_its_image() {
        let mut p = pod(&["nginx"]);
        p.status.phase = Some("Pending".into());
        p.status.container_statuses = vec![ContainerStatus {
            name: "nginx".into(),
            state: ContainerState {
                waiting: Some(ContainerStateWaiting {
                    reason: Some("ContainerCreating".into()),
                    message: None,
                }),
                ..Default::default()
            },
            ..Default::default()
        }];
        assert_eq!(observed(&p, None, &|_| false), "phase Pending: container nginx Waiting (ContainerCreating), image nginx:1.14.2 not on the node");
        assert_eq!(observed(&p, None, &|i| i == "docker.io/library/nginx:1.14.2"), "phase Pending: container nginx Waiting (ContainerCreating), image nginx:1.14.2 on the node");
        assert_eq!(desired(&p), "1/1 containers running and ready");
    }

    #[test]
    fn running_finished_deleted_and_many() {
        let mut p = pod(&["a", "b", "c", "d"]);
        p.status.phase = Some("Running".into());
        p.status.container_statuses = vec![ContainerStatus {
            name: "a".into(),
            ready: true,
            state: ContainerState {
                running: Some(ContainerStateRunning::default()),
                ..Default::default()
            },
            ..Default::default()
        }];
        let o = observed(&p, None, &|_| true);
        assert!(o.starts_with("phase Running: container a Running, ready; container b not created yet, image nginx:1.14.2 on the node;"), "{o}");
        assert!(o.ends_with("; 1 more containers"), "{o}");
        assert_eq!(desired(&p), "4/4 containers running and ready");
        p.spec_mut().restart_policy = Some("OnFailure".into());
        assert_eq!(
            desired(&p),
            "4 containers run to success (restartPolicy OnFailure)"
        );
        p.status.phase = Some("Succeeded".into());
        assert_eq!(
            desired(&p),
            "nothing more: the pod has finished (Succeeded)"
        );
        p.metadata.deletion_timestamp = Some(kubeplay_model::Time::from_millis(0));
        p.metadata.deletion_grace_period_seconds = Some(30);
        assert_eq!(desired(&p), "every container stopped within the 30s grace period, then the pod removed from the API");
        assert!(observed(&p, None, &|_| true)
            .starts_with("pod deleted (grace period 30s), phase Succeeded: "));
    }

    /// Restarts follow every state but the stateless one; init containers
    /// come first and are named so; what the worker is busy with ends it.
    #[test]
    fn restarts_init_containers_and_the_operation_in_progress() {
        use kubeplay_model::api::ContainerStateTerminated;
        let mut p = pod(&["app", "side"]);
        p.spec_mut().init_containers = vec![Container { name: "setup".into(), image: Some("busybox".into()), ..Default::default() }].into();
        p.status.phase = Some("Pending".into());
        p.status.init_container_statuses = vec![ContainerStatus {
            name: "setup".into(),
            restart_count: 2,
            state: ContainerState {
                terminated: Some(Box::new(ContainerStateTerminated { exit_code: 1, reason: Some("Error".into()), ..Default::default() })),
                ..Default::default()
            },
            ..Default::default()
        }];
        p.status.container_statuses = vec![
            ContainerStatus {
                name: "app".into(),
                restart_count: 1,
                state: ContainerState { waiting: Some(ContainerStateWaiting { reason: Some("PodInitializing".into()), message: None }), ..Default::default() },
                ..Default::default()
            },
            ContainerStatus { name: "side".into(), restart_count: 3, ..Default::default() },
        ];
        let mut rt = PodRuntime::new("uid", "node-1", &["setup".into()], &["app".into(), "side".into()]);
        rt.op = Some(Box::new(Op::Sandbox { until: kubeplay_model::Time::from_millis(5) }));
        assert_eq!(
            observed(&p, Some(&rt), &|_| false),
            "phase Pending: init container setup Terminated (Error, exit code 1), 2 restarts; \
             container app Waiting (PodInitializing), 1 restarts; container side in no state yet; \
             creating the pod sandbox"
        );
        p.metadata.deletion_timestamp = Some(kubeplay_model::Time::from_millis(0));
        rt.op = None;
        p.status.container_statuses.clear();
        p.status.init_container_statuses.clear();
        assert_eq!(
            observed(&p, Some(&rt), &|i| i == "docker.io/library/busybox:latest"),
            "pod deleted, phase Pending: init container setup not created yet, image busybox on the node; \
             container app not created yet, image nginx:1.14.2 not on the node; \
             container side not created yet, image nginx:1.14.2 not on the node"
        );
    }
}
