//! What a container's main process does once started: run forever as a
//! server, sleep and exit, crash, wait for a Service, hold memory — decided
//! from its image (the catalog's entrypoint), its command and arguments,
//! its environment, and any `sim image` behaviour the user set.

use super::image::ImageRef;
use super::image_root;
use super::registry::{self, Entrypoint, Repo};
use super::shell::{self, End, FileSpan, Script};
use crate::sim::ImageBehavior;
use kubeplay_model::api::Container;
use std::collections::BTreeSet;

/// How long a process that handles SIGTERM takes to exit.
pub const SIGTERM_EXIT_MS: i64 = 300;
/// How long a process over its memory limit runs before the kernel's OOM
/// killer ends it (the time to allocate that much).
pub const OOM_AFTER_MS: i64 = 1_000;
/// A database refusing to initialise exits this quickly.
const INIT_FAILURE_MS: i64 = 500;
/// Memory of processes from images outside the catalog.
const DEFAULT_IDLE_MEMORY: i64 = 10 * 1024 * 1024;

/// The container's main process over time, relative to its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub exit: Exit,
    /// When it starts accepting connections (probes succeed from then on);
    /// None if it never listens.
    pub listen_after_ms: Option<i64>,
    /// The ports it listens on; None: any port a probe asks for.
    pub ports: Option<Vec<i32>>,
    /// Its health endpoint starts answering 500 at this point.
    pub http_fail_after_ms: Option<i64>,
    pub files: Vec<FileSpan>,
    pub memory_bytes: i64,
    pub cpu_milli: i64,
    /// Exits this long after SIGTERM with this code; None: ignores SIGTERM
    /// (PID 1 without a handler) and is killed at the end of the grace period.
    pub sigterm: Option<(i64, i32)>,
    /// busybox applets (for exec-probe messages).
    pub busybox: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    Never,
    After { ms: i64, code: i32, oom: bool },
    /// Exits once a Service exists (boxed: rare, and three times the
    /// size of the others).
    WhenService(Box<ServiceWait>),
}

/// An init container's wait for a Service: it exits at the first poll
/// after the Service appears, plus `then_ms`; None code: keeps running
/// afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceWait {
    pub namespace: String,
    pub service: String,
    pub check: shell::Check,
    pub from_ms: i64,
    pub poll_ms: i64,
    pub then_ms: i64,
    pub code: Option<i32>,
}

/// Derives the plan for `c` running `image` in namespace `ns`.
/// `env_names` are the variable names the container will see.
pub fn plan(c: &Container, image: &ImageRef, ns: &str, env_names: &BTreeSet<String>, behavior: Option<&ImageBehavior>) -> Plan {
    let repo = registry::lookup(image);
    let mut p = base_plan(c, repo, ns, env_names);
    if let Some(b) = behavior {
        if let Some(s) = b.ready_after_secs {
            p.listen_after_ms = Some(s * 1000);
        }
        if let Some((s, code)) = b.exit_after {
            p.exit = Exit::After { ms: s * 1000, code, oom: false };
        }
    }
    if let Some(limit) = c.resources.limits.get("memory").map(|q| q.value()) {
        if limit > 0 && p.memory_bytes > limit {
            p.exit = Exit::After { ms: OOM_AFTER_MS, code: 137, oom: true };
        }
    }
    p
}

fn base_plan(c: &Container, repo: Option<&Repo>, ns: &str, env_names: &BTreeSet<String>) -> Plan {
    let idle = repo.map(|r| r.idle_memory).unwrap_or(DEFAULT_IDLE_MEMORY);
    let busybox = repo.is_some_and(|r| r.busybox);
    let server_ports = repo.map(|r| r.ports.to_vec()).filter(|p| !p.is_empty());
    let ready_ms = match repo.map(|r| r.entrypoint) {
        Some(Entrypoint::Server { ready_ms } | Entrypoint::NeedsEnv { ready_ms, .. }) => ready_ms,
        _ => 0,
    };
    let server = |ports: Option<Vec<i32>>| Plan {
        exit: Exit::Never,
        listen_after_ms: Some(ready_ms),
        ports,
        http_fail_after_ms: None,
        files: Vec::new(),
        memory_bytes: idle,
        cpu_milli: 1,
        sigterm: Some((SIGTERM_EXIT_MS, 0)),
        busybox,
    };
    let interactive = c.stdin == Some(true);

    // An entrypoint script handed args that name no program (nginx's
    // `-g` too: it puts no `nginx` before flags): its `exec "$@"` fails
    // and the container exits 127 at once.
    if super::start_error::entrypoint_exec_failure(c).is_some() {
        return Plan { exit: Exit::After { ms: 0, code: 127, oom: false }, listen_after_ms: None, sigterm: None, cpu_milli: 0, ..server(None) };
    }
    // The argv the runtime executes, when the pod spells it out.
    let argv: Option<Vec<String>> = if !c.command.is_empty() {
        Some(c.command.iter().chain(&c.args).cloned().collect())
    } else if !c.args.is_empty() {
        match repo.map(|r| r.entrypoint) {
            // Shell images have no ENTRYPOINT: args are the whole command.
            Some(Entrypoint::Interactive | Entrypoint::Exits { .. }) => Some(c.args.clone()),
            // Server images' entrypoints run flags as server options and
            // exec anything else; redis's takes a `*.conf` first argument
            // as the server's configuration file too.
            Some(Entrypoint::Server { .. } | Entrypoint::NeedsEnv { .. }) if !c.args[0].starts_with('-') && (!redis_conf(repo) || !c.args[0].ends_with(".conf")) => Some(c.args.clone()),
            _ => None,
        }
    } else {
        None
    };

    let Some(argv) = argv else {
        return match repo.map(|r| r.entrypoint) {
            None | Some(Entrypoint::Server { .. }) => server(server_ports),
            Some(Entrypoint::Interactive) if interactive => Plan { listen_after_ms: None, sigterm: None, cpu_milli: 0, ..server(None) },
            Some(Entrypoint::Interactive) => Plan { exit: Exit::After { ms: 0, code: 0, oom: false }, listen_after_ms: None, sigterm: None, cpu_milli: 0, ..server(None) },
            Some(Entrypoint::Exits { ms, code }) => Plan { exit: Exit::After { ms, code, oom: false }, listen_after_ms: None, ..server(None) },
            Some(Entrypoint::NeedsEnv { any_of, .. }) => {
                if any_of.iter().any(|v| env_names.contains(*v)) {
                    server(server_ports)
                } else {
                    Plan { exit: Exit::After { ms: INIT_FAILURE_MS, code: 1, oom: false }, listen_after_ms: None, ..server(server_ports) }
                }
            }
            Some(Entrypoint::Agnhost) => agnhost(&c.args, server(None)),
            Some(Entrypoint::FailsAfter10s) => Plan { http_fail_after_ms: Some(10_000), ..server(server_ports) },
            // The image's ENTRYPOINT is the stress tool itself.
            Some(Entrypoint::Stress) => from_script(shell::run(&[vec!["stress".to_string()], c.args.clone()].concat()), idle, busybox, ready_ms, ns),
        };
    };

    // `sh` or `bash` with no script reads commands from stdin: with a
    // terminal attached it stays up, otherwise stdin is empty and it exits.
    if matches!(shell::basename(&argv[0]), "sh" | "bash" | "ash") && shell::shell_script(&argv).is_none() && argv.len() == 1 {
        return if interactive {
            Plan { listen_after_ms: None, sigterm: None, cpu_milli: 0, ..server(None) }
        } else {
            Plan { exit: Exit::After { ms: 0, code: 0, oom: false }, listen_after_ms: None, sigterm: None, cpu_milli: 0, ..server(None) }
        };
    }
    if repo.map(|r| r.entrypoint) == Some(Entrypoint::Agnhost) && shell::shell_script(&argv).is_none() {
        let sub: Vec<String> = argv.iter().skip_while(|a| a.ends_with("agnhost")).cloned().collect();
        return agnhost(&sub, server(None));
    }
    if shell::basename(&argv[0]) == "stress" && repo.map(|r| r.entrypoint) == Some(Entrypoint::Stress) {
        return from_script(shell::run(&argv), idle, busybox, ready_ms, ns);
    }
    // In a catalogued image, `ls` of a path its root surely lacks fails.
    let root = repo.map(|r| image_root::Root { mounts: c.volume_mounts.iter().map(|m| m.mount_path.to_string()).collect(), busybox: r.busybox });
    let script = match (shell::shell_script(&argv), root) {
        (Some(s), Some(root)) => shell::run_script_with(s, root, super::start_error::programs(c)),
        (Some(s), None) => shell::run_script(s),
        (None, Some(root)) => shell::run_in(&argv, root),
        (None, None) => shell::run(&argv),
    };
    let mut p = from_script(script, idle, busybox, ready_ms, ns);
    // A script that became a known server listens on the image's ports.
    if p.listen_after_ms.is_some() {
        p.ports = server_ports;
    }
    // A server image whose shell stays PID 1 under its script: SIGTERM
    // reaches no one, and the grace period ends in SIGKILL.
    if repo.is_some_and(|r| matches!(r.entrypoint, Entrypoint::Server { .. }) && !r.handles_sigterm) && shell::shell_script(&argv).is_some() {
        p.sigterm = None;
    }
    // Programs the catalog does not know, from images it does not know,
    // are taken to be the image's long-running application.
    if repo.is_none() && shell::shell_script(&argv).is_none() && !known_program(&argv[0]) {
        return server(None);
    }
    p
}

/// The official redis image, whose docker-entrypoint.sh runs redis-server
/// for a first argument that is a `.conf` file.
fn redis_conf(repo: Option<&Repo>) -> bool {
    repo.is_some_and(|r| r.name == "docker.io/library/redis")
}

fn from_script(s: Script, idle: i64, busybox: bool, ready_ms: i64, ns: &str) -> Plan {
    let exit = match s.end {
        End::Never => Exit::Never,
        End::At { ms, code } => Exit::After { ms, code, oom: false },
        End::WaitForService { service, namespace, check, from_ms, poll_ms, then_ms, code } => {
            Exit::WhenService(Box::new(ServiceWait { namespace: namespace.unwrap_or_else(|| ns.to_string()), service, check, from_ms, poll_ms, then_ms, code }))
        }
    };
    Plan {
        exit,
        listen_after_ms: s.listens.then_some(ready_ms),
        ports: None,
        http_fail_after_ms: None,
        files: s.files,
        memory_bytes: idle + s.memory,
        // A server it became idles as the image's own server does (1m).
        cpu_milli: if s.busy { 1000 } else if s.listens { s.cpu_milli.max(1) } else { s.cpu_milli },
        // A server the script became handles SIGTERM (unless it has no
        // handler, as ncat); a shell or `sleep` as PID 1 ignores it.
        sigterm: (s.listens && !s.ignores_sigterm).then_some((SIGTERM_EXIT_MS, 0)),
        busybox,
    }
}

/// agnhost's subcommands (the e2e test image the docs use).
fn agnhost(args: &[String], server: Plan) -> Plan {
    match args.first().map(String::as_str) {
        Some("liveness") => Plan { ports: Some(vec![8080]), http_fail_after_ms: Some(10_000), ..server },
        Some("netexec") => Plan { ports: Some(vec![8080, 8081]), ..server },
        Some("serve-hostname") => Plan { ports: Some(vec![9376]), ..server },
        Some("test-webserver") => Plan { ports: Some(vec![80]), ..server },
        Some("pause") => Plan { listen_after_ms: None, ..server },
        Some(_) => server,
        None => Plan { exit: Exit::After { ms: 0, code: 0, oom: false }, listen_after_ms: None, ..server },
    }
}

/// Programs the shell model understands; anything else in an unknown
/// image is treated as that image's application.
fn known_program(argv0: &str) -> bool {
    matches!(
        shell::basename(argv0),
        "sleep" | "echo" | "true" | "false" | "sh" | "bash" | "ash" | "tail" | "yes" | "exit" | "perl" | "stress" | "touch" | "cat" | "printf" | "env" | "date" | "ls"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Quantity;

    fn container(image: &str, command: &[&str], args: &[&str]) -> Container {
        Container {
            name: "c".into(),
            image: Some(image.into()),
            command: command.iter().map(|s| s.to_string()).collect(),
            args: args.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        }
    }

    fn plan_of(c: &Container) -> Plan {
        let image = ImageRef::parse(c.image.as_deref().unwrap()).unwrap();
        plan(c, &image, "default", &BTreeSet::new(), None)
    }

    fn exit_of(c: &Container) -> Exit {
        plan_of(c).exit
    }

    #[test]
    fn servers_run_until_stopped_and_handle_sigterm() {
        let p = plan_of(&container("nginx:1.7.9", &[], &[]));
        assert_eq!(p.exit, Exit::Never);
        assert_eq!(p.ports, Some(vec![80]));
        assert_eq!(p.sigterm, Some((SIGTERM_EXIT_MS, 0)));
        assert_eq!(exit_of(&container("myorg/api:2.1", &[], &[])), Exit::Never);
        assert_eq!(exit_of(&container("myorg/api:2.1", &["/app/server"], &["--port", "8080"])), Exit::Never);
    }

    // "Configuring Redis using a ConfigMap": redis:5 with its
    // configuration file as the only argument is the server.
    #[test]
    fn redis_takes_a_conf_argument_as_the_server_s() {
        let p = plan_of(&container("redis:5", &[], &["/usr/local/etc/redis/redis.conf"]));
        assert_eq!(p.exit, Exit::Never);
        assert_eq!(p.ports, Some(vec![6379]));
        assert_ne!(exit_of(&container("redis:5", &[], &["echo", "x.conf"])), Exit::Never);
        assert_ne!(exit_of(&container("busybox", &[], &["/etc/x.conf"])), Exit::Never);
    }

    // `kubectl run bb --image=busybox` crash-loops: sh exits at once
    // without a terminal.
    #[test]
    fn bare_shell_images_exit_at_once() {
        assert_eq!(exit_of(&container("busybox", &[], &[])), Exit::After { ms: 0, code: 0, oom: false });
        assert_eq!(exit_of(&container("ubuntu:22.04", &[], &[])), Exit::After { ms: 0, code: 0, oom: false });
        assert_eq!(exit_of(&container("python:3.12", &[], &[])), Exit::After { ms: 0, code: 0, oom: false });
        let mut tty = container("busybox", &[], &[]);
        tty.stdin = Some(true);
        tty.tty = Some(true);
        assert_eq!(exit_of(&tty), Exit::Never);
        let mut sh = container("busybox", &["sh"], &[]);
        sh.stdin = Some(true);
        assert_eq!(exit_of(&sh), Exit::Never);
    }

    #[test]
    fn sleepers_exit_after_their_sleep_and_ignore_sigterm() {
        let p = plan_of(&container("busybox:1.28", &["sleep", "3600"], &[]));
        assert_eq!(p.exit, Exit::After { ms: 3_600_000, code: 0, oom: false });
        assert_eq!(p.sigterm, None, "sleep as PID 1 ignores SIGTERM");
        assert_eq!(exit_of(&container("busybox", &["sh", "-c", "exit 1"], &[])), Exit::After { ms: 0, code: 1, oom: false });
        // The docs' liveness example passes its script as args.
        let p = plan_of(&container("registry.k8s.io/busybox", &[], &["/bin/sh", "-c", "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"]));
        assert_eq!(p.exit, Exit::After { ms: 630_000, code: 0, oom: false });
        assert_eq!(p.files.len(), 1);
    }

    #[test]
    fn databases_need_their_password_variable() {
        let c = container("mysql:8.0", &[], &[]);
        let image = ImageRef::parse("mysql:8.0").unwrap();
        let none = plan(&c, &image, "default", &BTreeSet::new(), None);
        assert_eq!(none.exit, Exit::After { ms: INIT_FAILURE_MS, code: 1, oom: false });
        let env = BTreeSet::from(["MYSQL_ROOT_PASSWORD".to_string()]);
        let ok = plan(&c, &image, "default", &env, None);
        assert_eq!(ok.exit, Exit::Never);
        assert_eq!(ok.listen_after_ms, Some(15_000));
    }

    #[test]
    fn the_pi_job_completes() {
        let c = container("perl:5.34.0", &["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"], &[]);
        assert_eq!(exit_of(&c), Exit::After { ms: 4_000, code: 0, oom: false });
    }

    // The docs' memory example: stress allocates 250M under a 100Mi limit.
    #[test]
    fn over_the_memory_limit_is_oom_killed() {
        let mut c = container("polinux/stress", &["stress"], &["--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"]);
        c.resources.limits.insert("memory".into(), Quantity::parse("100Mi").unwrap());
        assert_eq!(exit_of(&c), Exit::After { ms: OOM_AFTER_MS, code: 137, oom: true });
        c.resources.limits.insert("memory".into(), Quantity::parse("300Mi").unwrap());
        assert_eq!(exit_of(&c), Exit::Never);
    }

    #[test]
    fn agnhost_subcommands() {
        let p = plan_of(&container("registry.k8s.io/e2e-test-images/agnhost:2.40", &[], &["liveness"]));
        assert_eq!((p.http_fail_after_ms, p.ports.clone()), (Some(10_000), Some(vec![8080])));
        let p = plan_of(&container("registry.k8s.io/e2e-test-images/agnhost:2.40", &[], &["netexec", "--http-port=8080"]));
        assert_eq!(p.exit, Exit::Never);
    }

    #[test]
    fn init_containers_wait_for_services() {
        let c = container("busybox:1.28", &["sh", "-c", "until nslookup mydb; do echo waiting; sleep 2; done"], &[]);
        assert_eq!(
            exit_of(&c),
            Exit::WhenService(Box::new(ServiceWait { namespace: "default".into(), service: "mydb".into(), check: shell::Check::Resolves, from_ms: 0, poll_ms: 2_000, then_ms: 0, code: Some(0) }))
        );
    }

    // The ZooKeeper tutorial's server runs under `sh -c`, which ignores
    // SIGTERM as PID 1; the server itself still listens.
    #[test]
    fn zookeepers_shell_ignores_sigterm() {
        let p = plan_of(&container("registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10", &["sh", "-c", "start-zookeeper --servers=3"], &[]));
        assert_eq!((p.exit, p.sigterm, p.ports), (Exit::Never, None, Some(vec![2181, 2888, 3888])));
        assert_eq!(plan_of(&container("nginx:1.25", &["sh", "-c", "nginx -g 'daemon off;'"], &[])).sigterm, Some((SIGTERM_EXIT_MS, 0)));
    }

    #[test]
    fn sim_image_behaviour_overrides() {
        let c = container("nginx:1.25", &[], &[]);
        let image = ImageRef::parse("nginx:1.25").unwrap();
        let b = ImageBehavior { exit_after: Some((30, 2)), ready_after_secs: Some(20), ..Default::default() };
        let p = plan(&c, &image, "default", &BTreeSet::new(), Some(&b));
        assert_eq!(p.exit, Exit::After { ms: 30_000, code: 2, oom: false });
        assert_eq!(p.listen_after_ms, Some(20_000));
    }
}
