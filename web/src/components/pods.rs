//! How a pod looks wherever it is drawn: the class for its state colour, the
//! icon for its state, and the data attributes tests rely on.

use kubeplay_playground::PodView;

/// The CSS class naming a pod's state colour, from its STATUS column.
pub fn state_class(pod: &PodView) -> &'static str {
    let s = pod.status.as_str();
    if pod.terminating || s == "Terminating" {
        "st-terminating"
    } else if s == "CrashLoopBackOff" || s == "Error" || s.starts_with("Init:Error") || s.starts_with("Init:CrashLoopBackOff") {
        "st-crash"
    } else if s == "ImagePullBackOff" || s == "ErrImagePull" || s == "InvalidImageName" || s.starts_with("Init:ImagePull") || s.starts_with("Init:ErrImagePull") {
        "st-pull"
    } else if s == "Completed" || pod.phase == "Succeeded" {
        "st-succeeded"
    } else if pod.phase == "Failed" {
        "st-failed"
    } else if pod.ready {
        "st-ready"
    } else if s == "Running" {
        "st-running"
    } else if s == "ContainerCreating" || s == "PodInitializing" || s.starts_with("Init:") {
        "st-creating"
    } else {
        "st-pending"
    }
}

/// A one-character icon for the state, drawn inside the pod's dot.
pub fn icon(pod: &PodView) -> &'static str {
    match state_class(pod) {
        "st-terminating" => "×",
        "st-crash" => "!",
        "st-pull" => "↓",
        "st-succeeded" => "✓",
        "st-failed" => "✕",
        "st-ready" => "✓",
        "st-running" => "▸",
        "st-creating" => "…",
        _ => "?",
    }
}
