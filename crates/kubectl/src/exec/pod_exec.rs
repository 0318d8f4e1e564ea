//! `kubectl exec POD -- COMMAND`: the simulator runs no processes, so only
//! commands whose answer it knows are simulated — `env`, `printenv [NAME…]`
//! and `hostname` — from the environment the kubelet gave the container
//! when it was created (Service links included), and the network checks
//! `wget`, `curl` and `nslookup` ([`net`]). The refusals before that are
//! kubectl's and the API server's.

use super::write::namespace;
use super::Output;
use crate::cli::{Exec, Invocation};
use kubeplay_engine::kubelet::envvars;
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::Object;

#[path = "pod_exec_net.rs"]
mod net;
#[path = "pod_exec_tools.rs"]
mod tools;

/// `podcmd.AllContainerNames`: app containers, then init ones marked
/// `(init)`.
fn all_container_names(pod: &Pod) -> String {
    let app = pod.spec.containers.iter().map(|c| c.name.to_string());
    let init = pod.spec.init_containers.iter().map(|c| format!("{} (init)", c.name));
    app.chain(init).collect::<Vec<_>>().join(", ")
}

pub fn run(x: &Exec, inv: &Invocation, engine: &mut Engine, out: &mut Output) {
    let ns = namespace(inv);
    let obj = match super::logs::pod_for(engine, ns, x.kind, &x.name, "attach to", out) {
        Ok(o) => o,
        Err(e) => return out.error(&e),
    };
    let Object::Pod(pod) = &*obj else { return };
    let phase = pod.phase();
    if phase == "Succeeded" || phase == "Failed" {
        return out.error(&format!("error: cannot exec into a container in a completed pod; current phase is {phase}"));
    }
    let container = match &x.container {
        Some(c) => c.clone(),
        None => {
            let annotated = pod.metadata.annotation("kubectl.kubernetes.io/default-container").filter(|d| pod.spec.containers.iter().any(|c| c.name == *d));
            let Some(first) = annotated.map(str::to_string).or_else(|| pod.spec.containers.first().map(|c| c.name.to_string())) else { return };
            let many = pod.spec.containers.len() + pod.spec.init_containers.len() > 1;
            if annotated.is_none() && many && !x.quiet {
                out.note(&format!("Defaulted container {} out of: {}", crate::gofmt::quote(&first), all_container_names(pod)));
            }
            first
        }
    };
    if pod.spec.node_name.is_none() {
        return out.error(&format!("Error from server (BadRequest): pod {} does not have a host assigned", pod.metadata.name));
    }
    let running = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).any(|s| s.name == container && s.state.running.is_some());
    let runtime = engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|rt| rt.uid == pod.metadata.uid);
    let env = runtime.and_then(|rt| rt.init.iter().chain(&rt.app).find(|c| c.name == container)).and_then(|c| c.env.clone());
    let Some(vars) = env.filter(|_| running) else {
        return out.error(&format!("error: unable to upgrade connection: container not found ({})", crate::gofmt::quote(&container)));
    };
    let env = envvars::process_env(pod, &vars);
    let program = x.command.first().map(String::as_str).unwrap_or_default();
    let program = program.rsplit('/').next().unwrap_or(program);
    match program {
        "env" if x.command.len() == 1 => {
            for (k, v) in &env {
                out.out(&format!("{k}={v}"));
            }
        }
        "printenv" if x.command.len() == 1 => {
            for (k, v) in &env {
                out.out(&format!("{k}={v}"));
            }
        }
        "printenv" => {
            let mut missing = false;
            for name in &x.command[1..] {
                match env.iter().find(|(k, _)| k == name) {
                    Some((_, v)) => out.out(v),
                    None => missing = true,
                }
            }
            if missing {
                out.error("command terminated with exit code 1");
            }
        }
        "hostname" if x.command.len() == 1 => out.out(&envvars::hostname(pod)),
        p if net::PROGRAMS.contains(&p) => net::run(&x.command, pod, &container, engine, out),
        _ => out.error(&format!(
            "error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, wget, curl and nslookup (not {})",
            crate::gofmt::quote(&x.command.join(" "))
        )),
    }
}
