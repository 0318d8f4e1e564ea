//! `minikube …` typed at the terminal. kubernetes.io's tutorials are
//! written for minikube; the playground's cluster is kind-shaped (a
//! control-plane node and workers on a Docker network), so only the lines
//! the tutorials use are answered, from that cluster: `minikube ip` is the
//! control-plane node's address, `minikube service` the NodePort URLs on
//! it (as minikube prints them with the docker driver on Linux, where no
//! tunnel is needed). The rest say in one `(playground)` line what to do
//! instead.

use kubeplay_engine::Engine;
use kubeplay_kubectl::exec::Output;
use kubeplay_model::api::Service;
use kubeplay_model::Kind;

/// What this cluster is, for the notes.
const KIND_SHAPED: &str = "kind-shaped, not minikube";

/// minikube's exit code for a Service it cannot find (`ExSvcNotFound`).
const EX_SVC_NOT_FOUND: i32 = 115;

/// Runs `argv` (`minikube …`).
pub(crate) fn run(argv: &[String], engine: &Engine) -> Output {
    let mut out = Output::default();
    let args: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
    let sub = args.iter().copied().find(|a| !a.starts_with('-'));
    match sub {
        Some("ip") => ip(engine, &mut out),
        Some("service") => service(&args, engine, &mut out),
        Some("start") => out.note(&format!("(playground) the cluster is already running, {KIND_SHAPED}: kubectl get nodes shows it")),
        Some("status") => out.note(&format!("(playground) the cluster is running, {KIND_SHAPED}: kubectl get nodes and kubectl cluster-info show its state")),
        Some("stop" | "delete" | "pause" | "unpause") => out.error(&format!("(playground) the cluster keeps running (it is {KIND_SHAPED}): delete what you created with kubectl delete")),
        Some("dashboard") => out.error("(playground) the Kubernetes Dashboard is not installed here: the playground's own views (graph, nodes, inspector) show the cluster's objects"),
        Some("addons") => addons(&args, &mut out),
        Some("tunnel") => out.note("(playground) no tunnel is needed: LoadBalancer Services get an external IP here as soon as they are created (kubectl get svc shows it)"),
        Some("kubectl") => out.error("(playground) type kubectl directly: it already talks to this cluster"),
        Some("ssh") => ssh(engine, &mut out),
        Some(other) => out.error(&format!("(playground) minikube {other} is not simulated: the cluster is {KIND_SHAPED}; only minikube ip, service, tunnel and addons are answered")),
        None => out.error(&format!("(playground) the cluster is {KIND_SHAPED}; minikube ip and minikube service NAME [--url] are answered")),
    }
    out
}

/// The control-plane node's InternalIP (minikube's node is its one
/// control plane).
fn node_ip(engine: &Engine) -> Option<String> {
    let nodes: Vec<_> = engine
        .store()
        .list(Kind::Node, None)
        .filter_map(|o| o.as_node())
        .collect();
    let control = nodes
        .iter()
        .find(|n| {
            n.metadata
                .labels
                .contains_key("node-role.kubernetes.io/control-plane")
        })
        .or(nodes.first())?;
    control
        .status
        .addresses
        .iter()
        .find(|a| a.type_ == "InternalIP")
        .map(|a| a.address.clone())
}

fn ip(engine: &Engine, out: &mut Output) {
    match node_ip(engine) {
        Some(ip) => {
            out.out(&ip);
            out.note(&format!("(playground) the control-plane node's InternalIP, where NodePorts answer: the cluster is {KIND_SHAPED}"));
        }
        None => out.error("(playground) the cluster has no node with an address"),
    }
}

/// `minikube ssh`: there is no minikube node; a node debugging pod gives
/// a shell on one of kind's nodes (the first worker, where the task
/// pages' pods can run), its files under /host.
fn ssh(engine: &Engine, out: &mut Output) {
    let mut workers: Vec<&str> = engine
        .store()
        .list(Kind::Node, None)
        .filter_map(|o| o.as_node())
        .filter(|n| !n.metadata.labels.contains_key("node-role.kubernetes.io/control-plane"))
        .map(|n| n.metadata.name.as_str())
        .collect();
    workers.sort_unstable();
    let node = workers.first().copied().unwrap_or("NODE");
    out.error(&format!(
        "(playground) there is no minikube node to ssh into: the cluster is {KIND_SHAPED}; kubectl debug node/{node} -it --image=busybox opens a shell on a node, with the node's files under /host"
    ));
}

/// `minikube service NAME [--url] [-n NS]`.
fn service(args: &[&str], engine: &Engine, out: &mut Output) {
    let mut namespace = "default".to_string();
    let mut url_mode = false;
    let mut https = false;
    let mut names = Vec::new();
    let mut it = args.iter().copied().skip_while(|a| *a != "service").skip(1);
    while let Some(a) = it.next() {
        match a {
            "--url" | "--url=true" => url_mode = true,
            "--url=false" => url_mode = false,
            "--https" | "--https=true" => https = true,
            "-n" | "--namespace" => match it.next() {
                Some(ns) => namespace = ns.to_string(),
                None => return out.error(&format!("Error: flag needs an argument: {}", if a == "-n" { "'n' in -n" } else { "--namespace" })),
            },
            "list" if names.is_empty() => return out.error("(playground) minikube service list is not simulated: kubectl get svc -A lists the Services"),
            _ => match a.strip_prefix("--namespace=").or_else(|| a.strip_prefix("-n=")) {
                Some(ns) => namespace = ns.to_string(),
                None if a.starts_with('-') => return out.error(&format!("Error: unknown flag: {a}\nSee 'minikube service --help' for usage.")),
                None => names.push(a),
            },
        }
    }
    let [name] = names.as_slice() else {
        return out
            .error("\n❌  Exiting due to MK_USAGE: You must specify service name(s) or --all\n");
    };
    let Some(svc) = engine
        .store()
        .get_by(Kind::Service, &namespace, name)
        .and_then(|o| o.as_service())
    else {
        out.error(&format!(
            "\n❌  Exiting due to SVC_NOT_FOUND: Service '{name}' was not found in '{namespace}' namespace.\nYou may select another namespace by using 'minikube service {name} -n <namespace>'. Or list out all the services using 'minikube service list'\n"
        ));
        out.set_status(EX_SVC_NOT_FOUND);
        return;
    };
    let ip = node_ip(engine).unwrap_or_default();
    let scheme = if https { "https" } else { "http" };
    let (ports, urls) = node_port_urls(svc, &ip, scheme);
    if !url_mode {
        let (target, url) = if urls.is_empty() {
            (Vec::new(), vec!["No node port".to_string()])
        } else {
            (ports, urls.clone())
        };
        out.stdout.push_str(&table(&namespace, name, &target, &url));
    }
    if urls.is_empty() {
        out.note(&format!("😿  service {namespace}/{name} has no node port"));
        return;
    }
    if url_mode {
        for u in &urls {
            out.out(u);
        }
        return;
    }
    out.note(&format!(
        "🎉  Opening service {namespace}/{name} in default browser..."
    ));
    out.note(&format!(
        "(playground) there is no browser here: curl {} reaches the Service from this terminal",
        urls[0]
    ));
}

/// minikube's `printURLsForService`: for each port with a node port, the
/// port's name (`name/port`, or the port) and the URL on the node.
fn node_port_urls(svc: &Service, ip: &str, scheme: &str) -> (Vec<String>, Vec<String>) {
    svc.spec
        .ports
        .iter()
        .filter_map(|p| {
            let node_port = p.node_port.filter(|n| *n > 0)?;
            let label = match p.name.as_deref().filter(|n| !n.is_empty()) {
                Some(n) => format!("{n}/{}", p.port),
                None => p.port.to_string(),
            };
            Some((label, format!("{scheme}://{ip}:{node_port}")))
        })
        .unzip()
}

/// tablewriter's table as minikube prints it: headers upper-cased and
/// centred, numbers right-aligned, a cell's lines (one per port) on rows
/// of their own.
fn table(namespace: &str, name: &str, target: &[String], urls: &[String]) -> String {
    let rows = urls.len().max(1);
    let cell = |col: usize, row: usize| -> String {
        match col {
            0 if row == 0 => namespace.to_string(),
            1 if row == 0 => name.to_string(),
            2 => target.get(row).cloned().unwrap_or_default(),
            3 => urls.get(row).cloned().unwrap_or_default(),
            _ => String::new(),
        }
    };
    let headers = ["NAMESPACE", "NAME", "TARGET PORT", "URL"];
    let widths: Vec<usize> = (0..4)
        .map(|c| {
            (0..rows)
                .map(|r| cell(c, r).chars().count())
                .chain([headers[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let rule: String = widths
        .iter()
        .map(|w| format!("|{}", "-".repeat(w + 2)))
        .collect::<String>()
        + "|\n";
    let mut text = rule.clone();
    for (h, w) in headers.iter().zip(&widths) {
        let pad = w - h.len();
        text.push_str(&format!(
            "| {}{h}{} ",
            " ".repeat(pad / 2),
            " ".repeat(pad - pad / 2)
        ));
    }
    text.push_str("|\n");
    text.push_str(&rule);
    for r in 0..rows {
        for (c, w) in widths.iter().enumerate() {
            let v = cell(c, r);
            let numeric = !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
            if numeric {
                text.push_str(&format!("| {v:>w$} "));
            } else {
                text.push_str(&format!("| {v:<w$} "));
            }
        }
        text.push_str("|\n");
    }
    text.push_str(&rule);
    text
}

/// `minikube addons …`: the one addon tutorials enable is already there.
fn addons(args: &[&str], out: &mut Output) {
    let rest: Vec<&str> = args
        .iter()
        .copied()
        .skip_while(|a| *a != "addons")
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    match rest.as_slice() {
        ["enable" | "disable", "metrics-server"] => out.note("(playground) metrics are always on here: kubectl top pods and nodes answer, and the HorizontalPodAutoscaler reads them, without the metrics-server addon"),
        ["enable" | "disable", addon] => out.error(&format!("(playground) minikube's {addon} addon is not available: the cluster is {KIND_SHAPED}")),
        _ => out.error("(playground) minikube addons is not simulated beyond enable metrics-server, whose metrics are always on here"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_line(engine: &Engine, line: &str) -> Output {
        let argv: Vec<String> = line.split_whitespace().map(String::from).collect();
        run(&argv, engine)
    }

    #[test]
    fn ssh_points_at_a_node_debugging_pod() {
        let e = Engine::with_default_cluster(1);
        let out = run_line(&e, "minikube ssh");
        assert!(out.stderr.starts_with("(playground) there is no minikube node"), "{}", out.stderr);
        assert!(out.stderr.contains("kubectl debug node/kubeplay-worker -it --image=busybox"), "{}", out.stderr);
        assert!(out.failed);
    }

    #[test]
    fn ip_is_the_control_plane_nodes() {
        let e = Engine::with_default_cluster(1);
        let out = run_line(&e, "minikube ip");
        assert_eq!(out.stdout, "172.18.0.2\n");
        assert!(out.stderr.starts_with("(playground) ") && !out.failed);
    }

    #[test]
    fn a_missing_service_fails_as_minikube_does() {
        let e = Engine::with_default_cluster(1);
        let out = run_line(&e, "minikube service nope --url");
        assert_eq!(out.status(), 115);
        assert!(out.stderr.contains("Exiting due to SVC_NOT_FOUND: Service 'nope' was not found in 'default' namespace."), "{}", out.stderr);
        let out = run_line(&e, "minikube service kubernetes");
        assert!(
            out.stdout
                .contains("| default   | kubernetes |             | No node port |"),
            "{}",
            out.stdout
        );
        assert!(out
            .stderr
            .contains("service default/kubernetes has no node port"));
        for line in [
            "minikube",
            "minikube frobnicate",
            "minikube service",
            "minikube service a b",
            "minikube service -n",
            "minikube service x --bogus",
            "minikube dashboard",
        ] {
            assert!(run_line(&e, line).failed, "{line}");
        }
    }

    #[test]
    fn tables_are_tablewriters() {
        let t = table(
            "default",
            "hello-node",
            &["8080".into()],
            &["http://172.18.0.2:31234".into()],
        );
        assert_eq!(
            t,
            "|-----------|------------|-------------|-------------------------|\n\
             | NAMESPACE |    NAME    | TARGET PORT |           URL           |\n\
             |-----------|------------|-------------|-------------------------|\n\
             | default   | hello-node |        8080 | http://172.18.0.2:31234 |\n\
             |-----------|------------|-------------|-------------------------|\n"
        );
    }
}
