//! Tab completion for the terminal, as kubectl's shell completion offers
//! it: commands and subcommands from kubectl's own command tree, flags of
//! the command being typed, resource types, and names of objects that
//! exist in the cluster now (in the namespace the line names). `sim` lines
//! complete from the simulator's grammar. After a shell pipe `|`, the
//! command's name completes from the text tools (and kubectl, sim).

use kubeplay_engine::Engine;
use kubeplay_kubectl::cli::flags::FlagType;
use kubeplay_kubectl::cli::spec::{CommandSpec, GLOBAL, KUBECTL};
use kubeplay_model::Kind;
use serde::Serialize;

/// What Tab may put in place of the word being typed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Completion {
    /// Byte offset in the line where the word being completed starts.
    pub start: usize,
    /// Every possible word, sorted, without duplicates.
    pub candidates: Vec<String>,
}

impl Completion {
    /// The line after pressing Tab: the single candidate and a space, or
    /// the candidates' longest common prefix; the line itself when there
    /// is nothing to add.
    pub fn apply(&self, line: &str) -> String {
        let head = line.get(..self.start).unwrap_or(line);
        match self.candidates.as_slice() {
            [] => line.to_string(),
            [one] if one.ends_with('/') || one.ends_with('=') => format!("{head}{one}"),
            [one] => format!("{head}{one} "),
            many => {
                let prefix = common_prefix(many);
                if prefix.len() > line.len() - head.len() {
                    format!("{head}{prefix}")
                } else {
                    line.to_string()
                }
            }
        }
    }
}

fn common_prefix(words: &[String]) -> String {
    let Some(first) = words.first() else { return String::new() };
    let mut end = first.len();
    for w in &words[1..] {
        end = first.char_indices().zip(w.chars()).take_while(|((_, a), b)| a == b).map(|((i, a), _)| i + a.len_utf8()).last().unwrap_or(0).min(end);
    }
    first[..end].to_string()
}

/// Kinds a user names in commands, by the plural kubectl's completion lists.
fn resource_types() -> Vec<String> {
    let custom = kubeplay_model::custom_kind::served();
    Kind::ALL.iter().map(|k| k.info().plural.to_string()).chain(custom.iter().map(|s| s.plural.clone())).collect()
}

const SIM_NOUNS: &[&str] = &["advance", "back", "cache-lag", "curl", "explain", "forward", "help", "image", "jump", "load", "node", "pod", "seed", "settle", "step", "time", "trace"];
const OUTPUTS: &[&str] = &["custom-columns=", "json", "jsonpath=", "name", "wide", "yaml"];
/// `kubectl create role`'s valid verbs, which `auth can-i` also takes.
const VERBS: &[&str] = &["*", "bind", "create", "delete", "deletecollection", "escalate", "get", "impersonate", "list", "patch", "proxy", "update", "use", "watch"];
/// `kubectl debug --profile`'s profiles.
const DEBUG_PROFILES: &[&str] = &["baseline", "general", "legacy", "netadmin", "restricted", "sysadmin"];
/// What `kubectl exec POD --` can run in the simulated containers.
const EXEC_PROGRAMS: &[&str] = &["curl", "env", "hostname", "nslookup", "printenv", "sh", "wget"];
/// Groups every authenticated user or service account is in, for `--as-group`.
const GROUPS: &[&str] = &["system:authenticated", "system:masters", "system:serviceaccounts"];
/// Commands whose first argument is TYPE (then NAME), as `get` is.
const TYPE_THEN_NAME: &[&str] = &["annotate", "autoscale", "delete", "describe", "edit", "expose", "get", "label", "patch", "scale", "wait", "history", "pause", "restart", "resume", "status", "undo", "env", "image", "resources", "view-last-applied"];

/// Completes the last word of `line` (the cursor is at its end).
pub fn complete(engine: &Engine, line: &str, context_namespace: Option<&str>) -> Completion {
    // Custom kinds complete as kubectl's discovery-backed completion offers them.
    kubeplay_model::custom_kind::with_served(engine.served_custom_kinds(), || complete_line(engine, line, context_namespace))
}

fn complete_line(engine: &Engine, line: &str, context_namespace: Option<&str>) -> Completion {
    match last_stage(line) {
        0 => complete_stage(engine, line, context_namespace, false),
        at => {
            let mut c = complete_stage(engine, &line[at..], context_namespace, true);
            c.start += at;
            c
        }
    }
}

/// Where the last command starts: just after the last `|`, `;` or `&`
/// (of `&&`, `||`) outside quotes (0 when there is none).
fn last_stage(line: &str) -> usize {
    let (mut single, mut double, mut escaped) = (false, false, false);
    let mut at = 0;
    for (i, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if !single => escaped = true,
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '|' | ';' | '&' if !single && !double => at = i + 1,
            _ => {}
        }
    }
    at
}

fn complete_stage(engine: &Engine, line: &str, context_namespace: Option<&str>, after_pipe: bool) -> Completion {
    let start = line.rfind(char::is_whitespace).map(|i| i + 1).unwrap_or(0);
    let word = &line[start..];
    let mut before: Vec<&str> = line[..start].split_whitespace().collect();
    // Where a compound command's part starts, so does a command.
    let lead = before.iter().take_while(|w| matches!(**w, "!" | "do" | "then" | "else" | "elif" | "if" | "while" | "until")).count();
    let after_pipe = after_pipe || lead > 0;
    before.drain(..lead);
    let namespace = namespace_of(&before).or(context_namespace).unwrap_or("default");
    let all = match before.first() {
        None if after_pipe => crate::shell::tools::TOOLS.iter().chain(&["kubectl", "sim", "for", "if", "until", "while"]).map(|t| t.to_string()).collect(),
        // `s` completes to `sim` at once: the tools wait for a `|` or `;`.
        None => ["clear", "for", "if", "kubectl", "sim", "until", "watch", "while"].map(String::from).to_vec(),
        Some(&"kubectl") => kubectl(engine, &before[1..], word, namespace),
        Some(&"sim") => sim(engine, &before[1..], namespace),
        Some(_) => Vec::new(),
    };
    let (word, mut start) = (word, start);
    // `TYPE/NAME`: complete the name after the slash.
    let (prefix, keep) = match word.split_once('/') {
        Some((_, name)) if all.iter().all(|c| !c.contains('/')) => (name, word.len() - name.len()),
        _ => (word, 0),
    };
    start += keep;
    let mut candidates: Vec<String> = all.into_iter().filter(|c| c.starts_with(prefix)).collect();
    kubeplay_model::sort::sort(&mut candidates);
    candidates.dedup();
    Completion { start, candidates }
}

/// `-n NS`, `--namespace NS` or `--namespace=NS` among the words typed.
fn namespace_of<'a>(words: &[&'a str]) -> Option<&'a str> {
    words.iter().enumerate().find_map(|(i, w)| match *w {
        "-n" | "--namespace" => words.get(i + 1).copied(),
        w => w.strip_prefix("--namespace=").or_else(|| w.strip_prefix("-n=")),
    })
}

fn names(engine: &Engine, kind: Kind, namespace: &str) -> Vec<String> {
    let ns = kind.namespaced().then_some(namespace);
    engine.store().list(kind, ns).map(|o| o.name().to_string()).collect()
}

/// Whether a flag of `spec` (or a global one) takes a separate value.
fn takes_value(spec: &CommandSpec, word: &str) -> Option<&'static str> {
    let (long, short) = match word.strip_prefix("--") {
        Some(l) if !l.contains('=') => (Some(l), None),
        Some(_) => return None,
        None => (None, word.strip_prefix('-').filter(|s| s.chars().count() == 1).and_then(|s| s.chars().next())),
    };
    spec.flags.iter().copied().chain([GLOBAL]).flatten().find(|f| (long.is_some() && Some(f.name) == long) || (short.is_some() && f.short == short)).filter(|f| f.ty != FlagType::Bool).map(|f| f.name)
}

fn flags(spec: &CommandSpec) -> Vec<String> {
    let mut out: Vec<String> = spec.flags.iter().copied().flatten().map(|f| format!("--{}", f.name)).collect();
    // The global flags the playground acts on: the namespace, and who
    // the request is from (RBAC's impersonation).
    out.extend(["--as", "--as-group", "--as-uid", "--namespace", "--help"].map(String::from));
    out
}

fn kubectl(engine: &Engine, words: &[&str], word: &str, namespace: &str) -> Vec<String> {
    // Walk down the command tree; positionals are the words that are
    // neither subcommands nor flags (nor flag values).
    let mut spec: &'static CommandSpec = &KUBECTL;
    let mut positionals: Vec<&str> = Vec::new();
    // Words after `--` are the command `exec` runs, not kubectl's.
    let mut after_dash: Option<usize> = None;
    let mut i = 0;
    while let Some(w) = words.get(i) {
        if after_dash.is_some() {
            positionals.push(w);
        } else if *w == "--" {
            after_dash = Some(positionals.len());
        } else if w.starts_with('-') {
            if takes_value(spec, w).is_some() {
                i += 1;
            }
        } else if positionals.is_empty() && spec.find(w).is_some() {
            spec = spec.find(w).unwrap_or(spec);
        } else {
            positionals.push(w);
        }
        i += 1;
    }
    if let Some(at) = after_dash {
        return match (spec.name, positionals.len() - at) {
            ("exec", 0) => words_of(EXEC_PROGRAMS),
            _ => Vec::new(),
        };
    }
    // The word after a flag that takes a value is that value.
    if let Some(prev) = words.last().filter(|w| w.starts_with('-')) {
        return match takes_value(spec, prev) {
            Some(flag) => flag_values(engine, spec, flag, namespace),
            None if word.starts_with('-') => flags(spec),
            None => positional(engine, spec, &positionals, word, namespace),
        };
    }
    if word.starts_with('-') {
        return flags(spec);
    }
    // Groups and the runnable parents (`create`, `apply`) take no
    // positionals of their own, so a first word there is a subcommand.
    if std::ptr::eq(spec, &KUBECTL) || (!spec.subcommands.is_empty() && positionals.is_empty()) {
        return spec.subcommands.iter().filter(|c| c.supported).map(|c| c.name.to_string()).collect();
    }
    positional(engine, spec, &positionals, word, namespace)
}

fn words_of(words: &[&str]) -> Vec<String> {
    words.iter().map(|s| s.to_string()).collect()
}

/// `system:serviceaccount:NS:NAME` (or `NS:NAME` when `full` is false)
/// for every ServiceAccount: the user names RBAC gives them.
fn service_account_users(engine: &Engine, full: bool) -> Vec<String> {
    let prefix = if full { "system:serviceaccount:" } else { "" };
    engine.store().list(Kind::ServiceAccount, None).map(|o| format!("{prefix}{}:{}", o.namespace(), o.name())).collect()
}

/// The values a flag takes, when there is a known set of them (none for
/// a free-form flag).
fn flag_values(engine: &Engine, spec: &CommandSpec, flag: &str, namespace: &str) -> Vec<String> {
    match (spec.name, flag) {
        (_, "namespace") => names(engine, Kind::Namespace, ""),
        (_, "output") => words_of(OUTPUTS),
        (_, "as") => service_account_users(engine, true),
        (_, "as-group") => {
            let mut groups = words_of(GROUPS);
            groups.extend(names(engine, Kind::Namespace, "").into_iter().map(|ns| format!("system:serviceaccounts:{ns}")));
            groups
        }
        ("rolebinding" | "clusterrolebinding" | "subject", "serviceaccount") => service_account_users(engine, false),
        ("rolebinding" | "clusterrolebinding", "clusterrole") => names(engine, Kind::ClusterRole, ""),
        ("rolebinding", "role") => names(engine, Kind::Role, namespace),
        ("role" | "clusterrole", "verb") => words_of(VERBS),
        ("role" | "clusterrole", "resource") => resource_types(),
        ("debug", "profile") => words_of(DEBUG_PROFILES),
        ("debug", "image-pull-policy") => words_of(&["Always", "IfNotPresent", "Never"]),
        _ => Vec::new(),
    }
}

fn positional(engine: &Engine, spec: &CommandSpec, positionals: &[&str], word: &str, namespace: &str) -> Vec<String> {
    let objects_of = |kind: Kind| names(engine, kind, namespace);
    // `TYPE/NAME` in one word: the names of that type.
    if let Some((ty, _)) = word.split_once('/') {
        return Kind::from_resource_name(ty).map(objects_of).unwrap_or_default();
    }
    match spec.name {
        "logs" | "exec" if positionals.is_empty() => objects_of(Kind::Pod),
        // A pod (an ephemeral container or a copy), or `node/NAME` (a
        // pod on that node's namespaces).
        "debug" if positionals.is_empty() => {
            let mut out = objects_of(Kind::Pod);
            out.push("node/".into());
            out
        }
        "can-i" => match positionals {
            [] => words_of(VERBS),
            [_] => resource_types(),
            [_, ty] if !ty.contains('/') => Kind::from_resource_name(ty).map(objects_of).unwrap_or_default(),
            _ => Vec::new(),
        },
        "token" if positionals.is_empty() => objects_of(Kind::ServiceAccount),
        "subject" => match positionals {
            [] => words_of(&["clusterrolebindings", "rolebindings"]),
            [ty] if !ty.contains('/') => Kind::from_resource_name(ty).map(objects_of).unwrap_or_default(),
            _ => Vec::new(),
        },
        "cordon" | "uncordon" | "drain" => objects_of(Kind::Node),
        "node" => objects_of(Kind::Node),
        "pod" => objects_of(Kind::Pod),
        "taint" if positionals.is_empty() => vec!["nodes".into()],
        "taint" if positionals.len() == 1 => objects_of(Kind::Node),
        "explain" if positionals.is_empty() => resource_types(),
        name if TYPE_THEN_NAME.contains(&name) => match positionals {
            [] => resource_types(),
            [ty, ..] if !ty.contains('/') => Kind::from_resource_name(ty).map(objects_of).unwrap_or_default(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

fn sim(engine: &Engine, words: &[&str], namespace: &str) -> Vec<String> {
    let pods = || names(engine, Kind::Pod, namespace);
    let nodes = || names(engine, Kind::Node, "");
    match words {
        [] => SIM_NOUNS.iter().map(|s| s.to_string()).collect(),
        ["node"] => ["add", "fail", "recover", "remove"].map(String::from).to_vec(),
        ["node", "fail" | "recover" | "remove"] => nodes(),
        ["pod"] => vec!["kill".into()],
        ["pod", "kill"] => pods(),
        ["image"] => ["behave", "missing"].map(String::from).to_vec(),
        ["image", "missing" | "behave"] => images(engine),
        ["explain"] => vec!["pod".into(), "step".into()],
        ["explain", "pod"] => pods(),
        ["load"] => [Kind::Deployment, Kind::StatefulSet, Kind::ReplicaSet]
            .into_iter()
            .flat_map(|k| names(engine, k, namespace).into_iter().map(move |n| format!("{}/{n}", k.name().to_ascii_lowercase())))
            .collect(),
        ["load", _] | ["load", _, _] => ["cpu=", "memory="].map(String::from).to_vec(),
        _ => Vec::new(),
    }
}

/// Images the cluster's pods use, for `sim image …`.
fn images(engine: &Engine) -> Vec<String> {
    engine.store().list(Kind::Pod, None).filter_map(|o| o.as_pod()).flat_map(|p| p.spec.containers.iter().filter_map(|c| c.image.as_deref().map(str::to_string))).collect()
}

#[cfg(test)]
mod tests {
    use crate::{Playground, DEFAULT_EXAMPLE};

    fn session() -> Playground {
        let mut pg = Playground::new(1);
        pg.apply(DEFAULT_EXAMPLE);
        pg.run("kubectl create namespace team-a", None);
        pg.settle();
        pg
    }

    fn cands(pg: &Playground, line: &str) -> Vec<String> {
        pg.complete(line).candidates
    }

    #[test]
    fn table() {
        let pg = session();
        let pods: Vec<String> = pg.view().pods.iter().filter(|p| p.namespace == "default").map(|p| p.name.clone()).collect();
        assert_eq!(pods.len(), 3);
        let cases: &[(&str, &[&str])] = &[
            ("", &["clear", "for", "if", "kubectl", "sim", "until", "watch", "while"]),
            ("ku", &["kubectl"]),
            ("kubectl ro", &["rollout"]),
            ("kubectl rollout ", &["history", "pause", "restart", "resume", "status", "undo"]),
            ("kubectl get deploy", &["deployments"]),
            ("kubectl get deployments ", &["nginx-deployment"]),
            ("kubectl get deployments ngi", &["nginx-deployment"]),
            ("kubectl describe deployment/ngi", &["nginx-deployment"]),
            ("kubectl get pods --namespace=team-a ", &[]),
            ("kubectl get ns team", &["team-a"]),
            ("kubectl get pods -n te", &["team-a"]),
            ("kubectl get pods -o y", &["yaml"]),
            ("kubectl scale --repl", &["--replicas"]),
            ("kubectl cordon kubeplay-w", &["kubeplay-worker", "kubeplay-worker2", "kubeplay-worker3"]),
            ("kubectl create dep", &["deployment"]),
            ("kubectl apply v", &["view-last-applied"]),
            ("kubectl apply view-last-applied deployments ngi", &["nginx-deployment"]),
            ("sim no", &["node"]),
            ("sim node ", &["add", "fail", "recover", "remove"]),
            ("sim node fail kubeplay-worker", &["kubeplay-worker", "kubeplay-worker2", "kubeplay-worker3"]),
            ("sim load deployment/", &["deployment/nginx-deployment"]),
            ("sim image missing ngin", &["nginx:1.7.9"]),
            ("helm ", &[]),
        ];
        for (line, want) in cases {
            assert_eq!(cands(&pg, line), want.iter().map(|s| s.to_string()).collect::<Vec<_>>(), "line {line:?}");
        }
        // Pod names by prefix, in the namespace the line names.
        assert_eq!(cands(&pg, "kubectl logs nginx"), pods);
        assert_eq!(cands(&pg, "sim pod kill "), pods);
        let dns = cands(&pg, "kubectl get pods -n kube-system core");
        assert_eq!(dns.len(), 2, "{dns:?}");
        assert!(dns.iter().all(|n| n.starts_with("coredns-")));
    }

    /// RBAC, NetworkPolicy, debug and exec: commands from kubectl's
    /// command tree, flag values and names from the store.
    #[test]
    fn rbac_network_policy_debug_and_exec() {
        let mut pg = session();
        for line in [
            "kubectl create serviceaccount robot -n team-a",
            "kubectl create role pod-reader --verb=get --resource=pods",
            "kubectl create rolebinding read-pods --role=pod-reader --user=jane",
        ] {
            assert!(!pg.run(line, None).failed, "{line}");
        }
        assert!(!pg.apply("apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: deny-all\nspec:\n  podSelector: {}\n").failed);
        pg.settle();
        let pods: Vec<String> = pg.view().pods.iter().filter(|p| p.namespace == "default").map(|p| p.name.clone()).collect();
        let pod = pods[0].clone();
        let cases: &[(&str, &[&str])] = &[
            ("kubectl au", &["auth", "autoscale"]),
            ("kubectl auth ", &["can-i", "reconcile", "whoami"]),
            ("kubectl auth can-i li", &["list"]),
            ("kubectl auth can-i list netw", &["networkpolicies"]),
            ("kubectl auth can-i get roles ", &["pod-reader"]),
            ("kubectl auth can-i --li", &["--list"]),
            ("kubectl auth whoami -o y", &["yaml"]),
            ("kubectl create ro", &["role", "rolebinding"]),
            ("kubectl create clusterr", &["clusterrole", "clusterrolebinding"]),
            ("kubectl create to", &["token"]),
            ("kubectl create token -n team-a r", &["robot"]),
            ("kubectl create token --dur", &["--duration"]),
            ("kubectl create role r --verb g", &["get"]),
            ("kubectl create role r --resource netw", &["networkpolicies"]),
            ("kubectl create clusterrole r --non", &["--non-resource-url"]),
            ("kubectl create rolebinding rb --role ", &["pod-reader"]),
            ("kubectl create rolebinding rb --clusterrole cluster-ad", &["cluster-admin"]),
            ("kubectl create clusterrolebinding rb --serviceaccount team-a:r", &["team-a:robot"]),
            ("kubectl set su", &["subject"]),
            ("kubectl set subject ", &["clusterrolebindings", "rolebindings"]),
            ("kubectl set subject rolebindings ", &["read-pods"]),
            ("kubectl set subject rolebinding/re", &["read-pods"]),
            ("kubectl set subject rolebinding read-pods --serviceaccount team-a:", &["team-a:default", "team-a:robot"]),
            ("kubectl get rol", &["rolebindings", "roles"]),
            ("kubectl get clusterrol", &["clusterrolebindings", "clusterroles"]),
            ("kubectl get netwo", &["networkpolicies"]),
            ("kubectl get netpol ", &["deny-all"]),
            ("kubectl describe networkpolicy/d", &["deny-all"]),
            ("kubectl get clusterrolebindings cluster-ad", &["cluster-admin"]),
            ("kubectl get pods --as system:serviceaccount:team-a:", &["system:serviceaccount:team-a:default", "system:serviceaccount:team-a:robot"]),
            ("kubectl get pods --as-group system:serviceaccounts:te", &["system:serviceaccounts:team-a"]),
            ("kubectl get pods --as-group system:m", &["system:masters"]),
            ("kubectl get pods --as-u", &["--as-uid"]),
            ("kubectl deb", &["debug"]),
            ("kubectl debug no", &["node/"]),
            ("kubectl debug node/kubeplay-c", &["kubeplay-control-plane"]),
            ("kubectl debug --prof", &["--profile"]),
            ("kubectl debug --profile ", &["baseline", "general", "legacy", "netadmin", "restricted", "sysadmin"]),
            ("kubectl debug --image-pull-policy N", &["Never"]),
            ("kubectl debug --copy", &["--copy-to"]),
            ("kubectl exec ngi -- n", &["nslookup"]),
            ("kubectl exec ngi -- nslookup ", &[]),
            ("kubectl exec ngi -- wget -", &[]),
        ];
        let wrong: Vec<String> = cases
            .iter()
            .filter(|(line, want)| cands(&pg, line) != want.iter().map(|s| s.to_string()).collect::<Vec<_>>())
            .map(|(line, want)| format!("{line:?}: got {:?}, want {want:?}", cands(&pg, line)))
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        assert_eq!(cands(&pg, &format!("kubectl exec -it {pod} -- ")), ["curl", "env", "hostname", "nslookup", "printenv", "sh", "wget"]);
        assert_eq!(cands(&pg, "kubectl exec ngi"), pods);
        assert_eq!(cands(&pg, "kubectl debug ngi"), pods);
        let c = pg.complete("kubectl debug no");
        assert_eq!(c.apply("kubectl debug no"), "kubectl debug node/", "no space after a type");
    }

    #[test]
    fn tab_fills_one_candidate_or_the_common_prefix() {
        let pg = session();
        let c = pg.complete("kubectl get deployments ngi");
        assert_eq!(c.apply("kubectl get deployments ngi"), "kubectl get deployments nginx-deployment ");
        let c = pg.complete("kubectl cordon kube");
        assert_eq!(c.apply("kubectl cordon kube"), "kubectl cordon kubeplay-");
        let c = pg.complete("kubectl describe deployment/ngi");
        assert_eq!(c.start, "kubectl describe deployment/".len());
        assert_eq!(c.apply("kubectl describe deployment/ngi"), "kubectl describe deployment/nginx-deployment ");
        let c = pg.complete("zzz");
        assert_eq!(c.apply("zzz"), "zzz");
    }

    /// Names come from the kubeconfig context's namespace when no `-n`
    /// is typed, as the commands then look there.
    #[test]
    fn names_come_from_the_context_namespace() {
        let mut pg = session();
        assert!(cands(&pg, "kubectl get pods core").is_empty());
        pg.run("kubectl config set-context --current --namespace=kube-system", None);
        assert!(cands(&pg, "kubectl get pods core").iter().all(|c| c.starts_with("coredns-")) && !cands(&pg, "kubectl get pods core").is_empty());
        assert!(cands(&pg, "kubectl get pods -n default core").is_empty());
    }

    #[test]
    fn multibyte_words_never_panic() {
        let pg = session();
        for line in ["kubectl get é", "é", "kubectl get pods -n é ", "sim load ü/é", "kubectl  get   "] {
            let c = pg.complete(line);
            let _ = c.apply(line);
        }
    }

    #[test]
    fn after_a_pipe_tools_complete() {
        let pg = session();
        assert_eq!(cands(&pg, "kubectl get pods | gr"), ["grep"]);
        assert_eq!(pg.complete("kubectl get pods | gr").apply("kubectl get pods | gr"), "kubectl get pods | grep ");
        assert_eq!(cands(&pg, "kubectl get pods|he"), ["head"]);
        assert!(cands(&pg, "kubectl get pods | ").contains(&"awk".to_string()));
        assert_eq!(cands(&pg, "kubectl get deploy -o yaml | kubectl appl"), ["apply"]);
        // A quoted bar is no pipe.
        assert!(cands(&pg, "kubectl get pods -l 'a|gr").is_empty());
        assert!(cands(&pg, "kubectl get pods | grep x ").is_empty());
    }

    #[test]
    fn after_a_separator_commands_and_shell_words_complete() {
        let pg = session();
        assert_eq!(cands(&pg, "kubectl apply -f x.yaml; sle"), ["sleep"]);
        assert_eq!(cands(&pg, "kubectl apply -f x.yaml && se"), ["sed", "seq"]);
        assert_eq!(cands(&pg, "kubectl delete pod web || tr"), ["tr", "true"]);
        assert_eq!(cands(&pg, "for i in 1 2; do kubectl appl"), ["apply"]);
        assert_eq!(cands(&pg, "for i in $(seq 3); do sl"), ["sleep"]);
        assert_eq!(cands(&pg, "if kubectl get pods; then ec"), ["echo"]);
        assert_eq!(cands(&pg, "fo"), ["for"]);
        assert_eq!(cands(&pg, "wa"), ["watch"]);
        assert_eq!(cands(&pg, "si"), ["sim"]);
        assert_eq!(cands(&pg, "if kubectl get no"), cands(&pg, "kubectl get no"));
        assert!(cands(&pg, "for i in ").is_empty());
    }
}
