//! `kubectl exec POD -- COMMAND`: the simulator runs no processes, so only
//! commands whose answer it knows are simulated — `env`, `printenv [NAME…]`
//! and `hostname` — from the environment the kubelet gave the container
//! when it was created (Service links included), and the network checks
//! `wget`, `curl` and `nslookup` ([`net`]), alone or in a `sh -c` script
//! of simple commands joined by `;`, `&&` and `||`. The refusals before
//! that are kubectl's and the API server's.

use super::write::namespace;
use super::Output;
use crate::cli::{Exec, Invocation};
use kubeplay_engine::kubelet::{envvars, shell};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::Object;

#[path = "pod_exec_net.rs"]
pub(super) mod net;
#[path = "pod_exec_tools.rs"]
pub(super) mod tools;

/// The container `kubectl exec` runs in without `-c`, as
/// `podcmd.FindOrDefaultContainerByName` picks it, saying so when the pod
/// has others.
fn default_container(pod: &Pod, quiet: bool, out: &mut Output) -> Option<String> {
    let annotated = pod.metadata.annotation("kubectl.kubernetes.io/default-container").filter(|d| !d.is_empty() && spec_of(pod, d).is_some());
    if let Some(name) = annotated {
        return Some(name.to_string());
    }
    let first = pod.spec.containers.first()?.name.to_string();
    if !quiet && super::logs::has_other_containers(pod) {
        out.note(&format!("Defaulted container {} out of: {}", crate::gofmt::quote(&first), super::logs::all_container_names(pod)));
    }
    Some(first)
}

/// `podcmd.FindContainerByName`: app, init, then ephemeral containers.
fn spec_of<'p>(pod: &'p Pod, name: &str) -> Option<&'p Container> {
    let ephemeral = pod.spec.ephemeral_containers.iter().map(|e| &e.container);
    pod.spec.containers.iter().chain(pod.spec.init_containers.iter()).chain(ephemeral).find(|c| c.name == name)
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
        None => match default_container(pod, x.quiet, out) {
            Some(c) => c,
            None => return,
        },
    };
    // The API server's `validateContainer`, before it looks for the node.
    if spec_of(pod, &container).is_none() {
        return out.error(&format!("Error from server (BadRequest): container {container} is not valid for pod {}", pod.metadata.name));
    }
    if pod.spec.node_name.is_none() {
        return out.error(&format!("Error from server (BadRequest): pod {} does not have a host assigned", pod.metadata.name));
    }
    let statuses = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).chain(&pod.status.ephemeral_container_statuses);
    let running = statuses.clone().any(|s| s.name == container && s.state.running.is_some());
    if !running {
        return out.error(&format!("error: unable to upgrade connection: container not found ({})", crate::gofmt::quote(&container)));
    }
    if let Some(code) = run_in(pod, &container, &x.command, engine, out).filter(|c| *c != 0) {
        out.error(&format!("command terminated with exit code {code}"));
    }
}

/// Runs `argv` in a started container of `pod` (exec's, or the command
/// `kubectl run -i` attached to): its exit code, or None when the
/// playground cannot (it said why).
pub(super) fn run_in(pod: &Pod, container: &str, argv: &[String], engine: &mut Engine, out: &mut Output) -> Option<i32> {
    let runtime = engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|rt| rt.uid == pod.metadata.uid);
    let env = runtime.and_then(|rt| {
        let ephemeral = rt.ephemeral.iter().flat_map(|v| v.iter().map(|e| &e.ctr));
        rt.init.iter().chain(&rt.app).chain(ephemeral).find(|c| c.name == container).and_then(|c| c.env.clone())
    });
    let Some(vars) = env else {
        out.error(&format!("error: unable to upgrade connection: container not found ({})", crate::gofmt::quote(container)));
        return None;
    };
    let image = spec_of(pod, container).and_then(|c| c.image.clone()).unwrap_or_default();
    let mut s = Session { pod, container, image: &image, env: envvars::process_env(pod, &vars), engine, out, shell: None };
    match shell::shell_script(argv) {
        Some(script) if is_shell(&argv[0]) => s.script(&argv[0], script),
        _ => s.program(argv),
    }
}

fn is_shell(argv0: &str) -> bool {
    matches!(shell::basename(argv0), "sh" | "ash" | "bash" | "dash")
}

/// Which shell runs a script, for its "not found" wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shell {
    /// busybox ash: `sh: curl: not found`.
    Ash,
    /// Debian's `/bin/sh`: `sh: 1: curl: not found`.
    Dash,
    /// `bash: line 1: curl: command not found`.
    Bash,
}

/// One exec call: the container and where its output goes.
struct Session<'a> {
    pod: &'a Pod,
    container: &'a str,
    image: &'a str,
    env: Vec<(String, String)>,
    engine: &'a mut Engine,
    out: &'a mut Output,
    /// Inside a script: the shell and the name it was called by (`$0`).
    shell: Option<(Shell, String)>,
}

impl Session<'_> {
    /// Runs `sh -c SCRIPT`; None when the playground cannot (it said why).
    fn script(&mut self, argv0: &str, script: &str) -> Option<i32> {
        let name = shell::basename(argv0);
        let Some(shells) = net::shells(self.image) else {
            self.out.error(&net::unknown_image(self.image));
            return None;
        };
        let flavour = match name {
            "bash" if shells.bash => Shell::Bash,
            "sh" | "dash" if shells.dash => Shell::Dash,
            "sh" | "ash" if !shells.dash => Shell::Ash,
            _ => {
                self.out.error(&net::not_found(argv0, self.pod, self.container, self.engine.now()));
                return None;
            }
        };
        let Some(commands) = shell::command_list(script) else {
            self.out.error(&format!("error: (playground) kubectl exec runs only simple commands joined by ;, && and || in a shell script (not {})", crate::gofmt::quote(script)));
            return None;
        };
        self.shell = Some((flavour, argv0.to_string()));
        let mut status = 0;
        let mut skip = false;
        for (words, op) in &commands {
            if !skip {
                match words.first().map(String::as_str) {
                    Some("exit") => return Some(words.get(1).and_then(|c| c.parse::<i32>().ok()).map_or(status, |c| c & 0xff)),
                    _ => status = self.program(words)?,
                }
            }
            skip = match *op {
                "&&" => status != 0,
                "||" => status == 0,
                _ => false,
            };
        }
        Some(status)
    }

    /// Runs one program; its exit code, or None when the playground
    /// cannot (it said why).
    fn program(&mut self, argv: &[String]) -> Option<i32> {
        let program = argv.first().map(String::as_str).unwrap_or_default();
        let name = shell::basename(program);
        let env = &self.env;
        let out = &mut *self.out;
        match name {
            "env" | "printenv" if argv.len() == 1 => {
                for (k, v) in env {
                    out.out(&format!("{k}={v}"));
                }
                Some(0)
            }
            "printenv" => {
                let mut missing = false;
                for name in &argv[1..] {
                    match env.iter().find(|(k, _)| k == name) {
                        Some((_, v)) => out.out(v),
                        None => missing = true,
                    }
                }
                Some(i32::from(missing))
            }
            "hostname" if argv.len() == 1 => {
                out.out(&envvars::hostname(self.pod));
                Some(0)
            }
            // Shell builtins.
            "echo" if self.shell.is_some() => {
                out.out(&argv[1..].join(" "));
                Some(0)
            }
            "true" | ":" if self.shell.is_some() => Some(0),
            "false" if self.shell.is_some() => Some(1),
            p if net::PROGRAMS.contains(&p) => {
                let Some(has) = net::tools(self.image) else {
                    out.error(&net::unknown_image(self.image));
                    return None;
                };
                if !has.contains(p) {
                    return match &self.shell {
                        Some((sh, argv0)) => {
                            out.note(&match sh {
                                Shell::Ash => format!("{argv0}: {program}: not found"),
                                Shell::Dash => format!("{argv0}: 1: {program}: not found"),
                                Shell::Bash => format!("{argv0}: line 1: {program}: command not found"),
                            });
                            Some(127)
                        }
                        None => {
                            out.error(&net::not_found(program, self.pod, self.container, self.engine.now()));
                            None
                        }
                    };
                }
                net::run(argv, has, self.pod, self.engine, out)
            }
            _ => {
                out.error(&format!(
                    "error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, wget, curl and nslookup, alone or in a sh -c script (not {})",
                    crate::gofmt::quote(&argv.join(" "))
                ));
                None
            }
        }
    }
}

#[cfg(test)]
#[path = "pod_exec_tests.rs"]
mod tests;
