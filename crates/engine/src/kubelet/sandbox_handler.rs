//! The runtime handler a pod's sandbox asks containerd for
//! (`createPodSandbox`: the RuntimeClass's handler, looked up in the
//! kubelet's RuntimeClass informer, then `RunPodSandbox`). kind's
//! containerd configures `runc` (its default, which a pod without a class
//! gets) and `test-handler` (a second runc kind adds for the conformance
//! tests' RuntimeClass cases); any other handler fails the sandbox, and the
//! pod stays ContainerCreating while the pod worker retries.

use super::sync::Worker;
use super::SYNC_RETRY_MS;
use kubeplay_apiserver::Store;
use kubeplay_model::api::Pod;
use kubeplay_model::{Kind, Object};

/// The handlers in the `runtimes` table of kind's containerd config.
pub const NODE_HANDLERS: &[&str] = &["runc", "test-handler"];

/// Why the sandbox for `pod` cannot be made, as the kubelet's error reads
/// (the text after "Failed to create pod sandbox: "); `None` when the
/// node has the handler.
pub fn sandbox_error(store: &Store, pod: &Pod) -> Option<String> {
    let name = pod
        .spec
        .runtime_class_name
        .as_deref()
        .filter(|n| !n.is_empty())?;
    // Admission refused pods naming a missing class; one deleted since is
    // the informer's NotFound, in the API's words.
    let Some(obj) = store.get_by(Kind::RuntimeClass, "", name) else {
        return Some(format!("runtimeclasses.node.k8s.io \"{name}\" not found"));
    };
    let Object::RuntimeClass(rc) = &**obj else {
        return None;
    };
    handler_error(&rc.handler)
}

/// containerd's answer to `RunPodSandbox` with `handler`, through gRPC
/// (`status.Error` of an unwrapped Go error is code Unknown). An empty
/// handler is the default runtime.
pub fn handler_error(handler: &str) -> Option<String> {
    if handler.is_empty() || NODE_HANDLERS.contains(&handler) {
        return None;
    }
    // A handler is a DNS label, so Go's %q quotes it as Rust's {:?} does.
    Some(format!("rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for {handler:?} is configured"))
}

impl Worker<'_, '_> {
    /// Checks the pod's handler before the sandbox is made; on failure
    /// records SyncPod's event and retries after the pod worker's back-off.
    /// Returns whether the sandbox may be made.
    pub(super) fn sandbox_handler_ok(&mut self) -> bool {
        let Some(err) = sandbox_error(self.ctx.store(), &self.pod) else {
            return true;
        };
        self.event(
            "Warning",
            "FailedCreatePodSandBox",
            format!("Failed to create pod sandbox: {err}"),
        );
        self.note(format!(
            "cannot create the pod sandbox: {err}; the pod worker retries in 10s"
        ));
        self.rt.retry_at = Some(self.now.plus_millis(SYNC_RETRY_MS));
        false
    }
}

#[cfg(test)]
mod tests {
    use super::handler_error;

    #[test]
    fn handlers_the_node_lacks_fail() {
        let cases: &[(&str, Option<&str>)] = &[
            ("", None),
            ("runc", None),
            ("test-handler", None),
            (
                "kata-fc",
                Some(
                    r#"rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "kata-fc" is configured"#,
                ),
            ),
            (
                "myconfiguration",
                Some(
                    r#"rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "myconfiguration" is configured"#,
                ),
            ),
            (
                "runsc",
                Some(
                    r#"rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "runsc" is configured"#,
                ),
            ),
        ];
        for (handler, want) in cases {
            assert_eq!(handler_error(handler).as_deref(), *want, "{handler}");
        }
    }
}
