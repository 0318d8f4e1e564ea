//! `kubectl attach (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t]`: connects
//! to the process a container already runs, as attach.go does (and
//! `kubectl debug -i`, which attaches the same way). A shell that reads
//! its terminal (busybox started with `-i -t`) opens a session
//! (`container_shell`); any other process's output is streamed from the
//! moment of attaching, which the terminal cannot wait for: a note says so.

use super::container_shell::{container_argv, default_container, has_container, is_bare_shell, ContainerShell, Ending};
use super::write::namespace;
use super::Output;
use crate::cli::{Attach, Invocation};
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::Object;

pub fn run(a: &Attach, inv: &Invocation, engine: &mut Engine, out: &mut Output) {
    let ns = namespace(inv);
    let obj = match super::logs::attachable_pod(engine, ns, a.kind, &a.name) {
        Ok(o) => o,
        Err(e) => return out.error(&e),
    };
    let Object::Pod(pod) = &*obj else { return };
    let phase = pod.phase();
    if phase == "Succeeded" || phase == "Failed" {
        return out.error(&format!("error: cannot attach a container in a completed pod; current phase is {phase}"));
    }
    let container = match &a.container {
        Some(c) if !has_container(pod, c) => return out.error(&format!("error: cannot attach to the container: container {c} not found in pod {}", pod.metadata.name)),
        Some(c) => c.clone(),
        None => match default_container(pod, a.quiet, out) {
            Some(c) => c,
            None => return,
        },
    };
    if pod.spec.node_name.is_none() {
        return out.error(&format!("Error from server (BadRequest): pod {} does not have a host assigned", pod.metadata.name));
    }
    attach_to(pod, &container, a.stdin, a.tty, a.quiet, engine, out);
}

/// attach.go's `Run` once it has the pod and the container: the TTY
/// check, the hint, then the stream.
pub(super) fn attach_to(pod: &Pod, container: &str, stdin: bool, tty: bool, quiet: bool, engine: &mut Engine, out: &mut Output) {
    let ephemeral = pod.spec.ephemeral_containers.iter().any(|e| e.container.name == container);
    let spec = pod.spec.containers.iter().chain(pod.spec.init_containers.iter()).chain(pod.spec.ephemeral_containers.iter().map(|e| &e.container)).find(|c| c.name == container);
    let Some(spec) = spec else { return };
    let has_tty = spec.tty == Some(true);
    if tty && !has_tty && !quiet {
        out.note(&format!("error: Unable to use a TTY - container {container} did not allocate one"));
    }
    // A container started with a TTY is attached with one, asked or not.
    let tty = has_tty;
    let running = pod
        .status
        .container_statuses
        .iter()
        .chain(&pod.status.init_container_statuses)
        .chain(&pod.status.ephemeral_container_statuses)
        .any(|s| s.name == container && s.state.running.is_some());
    if !quiet {
        out.note("If you don't see a command prompt, try pressing enter.");
    }
    if !running {
        return out.error(&format!("error: unable to upgrade connection: container not found ({})", crate::gofmt::quote(container)));
    }
    let argv = container_argv(spec);
    if stdin && spec.stdin == Some(true) && is_bare_shell(&argv) {
        let restart_always = pod.spec.restart_policy.as_deref().is_none_or(|p| p == "Always");
        let ending = Ending::Attach { restart_always, ephemeral, quiet };
        match ContainerShell::open(pod, container, &argv[0], tty, ending, engine) {
            Ok(session) => out.session = Some(Box::new(session)),
            Err(e) => out.error(&e),
        }
        return;
    }
    // An attach joins the container's output streams where they are now:
    // the runtime keeps no backlog for it (containerd adds the client as
    // one more writer), so nothing printed before shows; logs has that.
    out.note(&format!(
        "(playground) kubectl attach would now stream what {container} prints from here on, until it ends or you press Ctrl-C; the terminal stops here (`kubectl logs {} -c {container}` shows what it printed before)",
        pod.metadata.name
    ));
}
