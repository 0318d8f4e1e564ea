//! Who kubectl's requests run as, and the commands that show it: `auth
//! can-i` (SelfSubjectAccessReview, and SelfSubjectRulesReview for
//! `--list`) and `auth whoami` (SelfSubjectReview); `create token` is in
//! [`super::token`].
//!
//! The playground's user is kind's `kubernetes-admin` from kubeadm's
//! admin.conf: since v1.29 its certificate names the group
//! `kubeadm:cluster-admins`, not `system:masters` (only super-admin.conf
//! does), so its power is the `kubeadm:cluster-admins` ClusterRoleBinding
//! to `cluster-admin`. While that binding grants everything, its requests
//! are not walked through the rules one by one; once it does not, they are,
//! as a real cluster would refuse them. Any other user the kubeconfig's
//! credentials authenticate as (`config_authn`) is always checked.

use super::{Cx, Output};
use crate::cli::{CanI, Command, Get, Invocation, Targets};
use crate::describe::rbac::{compact_rules, go_list, resource_group};
use crate::print::output::OutputFormat;
use crate::print::structured::{json, sort_keys, yaml};
use crate::print::tabwriter::TabWriter;
use kubeplay_apiserver::authz::{self, Attributes, Decision, UserInfo};
use kubeplay_apiserver::Store;
use kubeplay_model::api::PolicyRule;
use kubeplay_model::Kind;
use serde_json::{json, Value};

/// admin.conf's user.
pub const ADMIN: &str = "kubernetes-admin";
/// The group kubeadm binds to `cluster-admin`.
pub const CLUSTER_ADMINS: &str = "kubeadm:cluster-admins";

/// The playground's own identity, as the API server authenticates its
/// client certificate.
pub fn admin() -> UserInfo {
    authz::cluster_admin()
}

/// Whether every request of the admin is allowed without asking the rules:
/// kubeadm's binding still gives its group a `cluster-admin` that grants
/// everything, or the world was built without RBAC's bootstrap policy (no
/// ClusterRole carries its label) and so has no policy to enforce.
pub fn admin_unrestricted(store: &Store) -> bool {
    kubeadm_binding_grants_all(store) || !store.list(Kind::ClusterRole, None).any(|o| o.meta().labels.get(BOOTSTRAPPING).is_some_and(|v| v == "rbac-defaults"))
}

/// The label the API server puts on every role and binding of its bootstrap policy.
const BOOTSTRAPPING: &str = "kubernetes.io/bootstrapping";

fn kubeadm_binding_grants_all(store: &Store) -> bool {
    let Some(b) = store.get_by(Kind::ClusterRoleBinding, "", CLUSTER_ADMINS).and_then(|o| o.as_cluster_role_binding()) else { return false };
    let admin = admin();
    if b.role_ref.kind != "ClusterRole" || !b.subjects.iter().any(|s| authz::applies_to_user(&admin, s, "")) {
        return false;
    }
    let Ok(rules) = authz::role_reference_rules(store, &b.role_ref, "") else { return false };
    let all = |v: &[String]| v.iter().any(|x| x == "*");
    rules.iter().any(|r| all(&r.verbs) && all(&r.api_groups) && all(&r.resources) && r.resource_names.is_empty())
        && rules.iter().any(|r| all(&r.verbs) && all(&r.non_resource_urls))
}

/// The error kubectl's client config refuses `--as-group`/`--as-uid`
/// without `--as` with.
fn no_user_error() -> String {
    format!("Error in configuration: requesting uid, groups or user-extra for {} without impersonating a user", super::config::CLUSTER)
}

/// Who the command's requests run as, for the API server to check one by
/// one: `None` when they need no check (the admin, unrestricted). `Err`
/// is the whole error line: a client configuration kubectl refuses, or an
/// impersonation the admin may not make.
pub fn requester(inv: &Invocation, store: &Store) -> Result<Option<UserInfo>, String> {
    // Anyone but the admin the kubeconfig authenticated is checked always,
    // and may impersonate only as RBAC lets them.
    if let Some(base) = inv.authenticated.as_ref().map(|a| &a.user) {
        let Some(imp) = &inv.impersonate else { return Ok(Some(base.clone())) };
        if imp.user.is_empty() {
            return Err(no_user_error());
        }
        return authz::impersonate(store, base, imp).map(Some).map_err(|e| e.kubectl_message());
    }
    let unrestricted = admin_unrestricted(store);
    let Some(imp) = &inv.impersonate else { return Ok((!unrestricted).then(admin)) };
    if imp.user.is_empty() {
        return Err(no_user_error());
    }
    if unrestricted {
        return Ok(Some(authz::impersonated(imp)));
    }
    authz::impersonate(store, &admin(), imp).map(Some).map_err(|e| e.kubectl_message())
}

/// The identity the server sees (`whoami`, `can-i`).
fn identity(inv: &Invocation) -> UserInfo {
    match &inv.impersonate {
        Some(imp) => authz::impersonated(imp),
        None => inv.authenticated.as_ref().map_or_else(admin, |a| a.user.clone()),
    }
}

fn check(store: &Store, who: &UserInfo, verb: &str, kind: Kind, namespace: &str, name: &str, subresource: &str) -> Result<(), String> {
    let a = Attributes { subresource, ..authz::resource_attributes(who, verb, kind, namespace, name) };
    authz::check(store, &a).map_err(|e| e.kubectl_message())
}

/// The reads a read-only command sends before it prints anything, each
/// authorized as the API server would (writes are checked by the engine's
/// client as they are sent). `Err` holds the error lines kubectl prints.
pub fn check_reads(inv: &Invocation, who: &UserInfo, cx: &Cx) -> Result<(), Vec<String>> {
    let ns = cx.namespace;
    let store = cx.store;
    let targets_of = |t: &Targets, all_namespaces: bool, sub: &str| -> Vec<String> {
        let list_ns = if all_namespaces { "" } else { ns };
        match t {
            Targets::Named(v) => v.iter().filter_map(|(k, n)| check(store, who, "get", *k, ns, n, sub).err()).collect(),
            Targets::List { kinds, .. } => kinds.iter().filter_map(|k| check(store, who, "list", *k, list_ns, "", "").err()).collect(),
            // The objects the manifests name, each read by name; manifests
            // that do not read leave their errors to the command.
            Targets::Files { paths, .. } => {
                let (objects, errors) = super::read_manifests(paths, cx.io);
                if !errors.is_empty() {
                    return Vec::new();
                }
                objects
                    .iter()
                    .filter_map(|m| {
                        let o = &m.decoded.object;
                        let obj_ns = if o.namespace().is_empty() { ns } else { o.namespace() };
                        check(store, who, "get", o.kind(), obj_ns, o.name(), sub).err()
                    })
                    .collect()
            }
        }
    };
    let targets = |t: &Targets, all_namespaces: bool| targets_of(t, all_namespaces, "");
    // Every command is listed, so a new one needs a decision here.
    let errors = match &inv.command {
        Command::Get(g) => {
            // Lists and named reads that are refused are reported beside
            // what the others print (see [`allowed_get`]); files are read
            // by the builder before anything prints.
            let mut e = match &g.targets {
                Targets::Files { .. } => targets_of(&g.targets, g.all_namespaces, g.subresource.map_or("", |s| s.as_str())),
                _ => Vec::new(),
            };
            if e.is_empty() && (g.watch || g.watch_only) {
                if let Targets::List { kinds, .. } = &g.targets {
                    let list_ns = if g.all_namespaces { "" } else { ns };
                    e.extend(kinds.iter().filter_map(|k| check(store, who, "watch", *k, list_ns, "", "").err()));
                }
            }
            e
        }
        Command::Describe(d) => targets(&d.targets, d.all_namespaces),
        // The builder reads what these change before changing it (delete
        // sends its request straight away, but lists what a selector picks).
        Command::Patch(x) if !x.local => targets_of(&x.targets, false, x.subresource.map_or("", |s| s.as_str())),
        Command::Delete(x) if matches!(x.targets, Targets::List { .. }) => targets(&x.targets, x.all_namespaces),
        Command::Scale(x) => targets(&x.targets, false),
        Command::Autoscale(x) => targets(&x.targets, false),
        Command::Expose(x) => targets(&x.targets, false),
        Command::Rollout(x) => targets(&x.targets, false),
        Command::Taint(x) => targets(&x.targets, false),
        Command::Cordon(x) | Command::Uncordon(x) => targets(&x.targets, false),
        Command::Drain(x) => targets(&x.targets, false),
        // The builder reads each request before the approval is written
        // (which the engine's client authorizes, with the signer check).
        Command::Certificate(x) => targets(&x.targets, false),
        Command::Wait(x) => targets(&x.targets, x.all_namespaces),
        Command::Label(x) | Command::Annotate(x) if !x.local => targets(&x.targets, x.all_namespaces),
        Command::SetImage(x) if !x.local => targets(&x.targets, false),
        Command::SetResources(x) if !x.local => targets(&x.targets, false),
        Command::SetEnv(x) if !x.local => targets(&x.targets, false),
        Command::SetServiceAccount(x) if !x.local => targets(&x.targets, false),
        Command::SetSelector(x) if !x.local => targets(&x.targets, false),
        Command::SetSubject(x) if !x.local => targets(&x.targets, false),
        Command::ViewLastApplied(v) => targets(&v.targets, false),
        Command::Events(e) => check(store, who, "list", Kind::Event, if e.all_namespaces { "" } else { ns }, "", "").err().into_iter().collect(),
        Command::Logs(l) => match &l.object {
            Some((kind, name)) => {
                let first = check(store, who, "get", *kind, ns, name, "");
                let log = if *kind == Kind::Pod { check(store, who, "get", Kind::Pod, ns, name, "log") } else { Ok(()) };
                first.and(log).err().into_iter().collect()
            }
            None => check(store, who, "list", Kind::Pod, ns, "", "").err().into_iter().collect(),
        },
        Command::Exec(x) => {
            // kubectl v1.32 asks for a WebSocket (a GET of pods/exec) and
            // falls back to SPDY (a POST, `create`) when that is refused, so
            // either verb will do; the fallback's 403 is the one shown.
            let exec = || match check(store, who, "get", Kind::Pod, ns, &x.name, "exec") {
                Ok(()) => Ok(()),
                Err(_) => check(store, who, "create", Kind::Pod, ns, &x.name, "exec"),
            };
            let r = check(store, who, "get", x.kind, ns, &x.name, "").and_then(|_| if x.kind == Kind::Pod { exec() } else { Ok(()) });
            r.err().into_iter().collect()
        }
        // As exec's, for pods/attach.
        Command::Attach(x) => {
            let attach = || match check(store, who, "get", Kind::Pod, ns, &x.name, "attach") {
                Ok(()) => Ok(()),
                Err(_) => check(store, who, "create", Kind::Pod, ns, &x.name, "attach"),
            };
            let r = check(store, who, "get", x.kind, ns, &x.name, "").and_then(|_| if x.kind == Kind::Pod { attach() } else { Ok(()) });
            r.err().into_iter().collect()
        }
        // cp execs tar in the pod its remote side names.
        Command::Cp(c) => {
            let remote = [&c.src, &c.dest].into_iter().find_map(|a| match super::pod_exec::cp::spec(a) {
                Ok(super::pod_exec::cp::Spec::Remote { namespace, pod, .. }) => Some((namespace, pod)),
                _ => None,
            });
            match remote {
                Some((namespace, pod)) => {
                    let ns = namespace.as_deref().unwrap_or(ns);
                    let exec = || match check(store, who, "get", Kind::Pod, ns, &pod, "exec") {
                        Ok(()) => Ok(()),
                        Err(_) => check(store, who, "create", Kind::Pod, ns, &pod, "exec"),
                    };
                    check(store, who, "get", Kind::Pod, ns, &pod, "").and_then(|_| exec()).err().into_iter().collect()
                }
                None => Vec::new(),
            }
        }
        // The builder's read of TYPE/NAME; the portforward request itself
        // is the playground's to imagine.
        Command::PortForward(x) => check(store, who, "get", x.kind, ns, &x.name, "").err().into_iter().collect(),
        // Starting a proxy sends nothing; what goes through it is the user's.
        Command::Proxy(_) => Vec::new(),
        Command::Top(t) => {
            // The metrics API's resources, in its own group.
            let (resource, namespace) = match t {
                crate::cli::Top::Nodes { .. } => ("nodes", ""),
                crate::cli::Top::Pods { all_namespaces, .. } => ("pods", if *all_namespaces { "" } else { ns }),
            };
            let a = Attributes { user: Some(who), verb: "list", namespace, api_group: "metrics.k8s.io", resource, ..Default::default() };
            authz::check(store, &a).err().map(|e| e.kubectl_message()).into_iter().collect()
        }
        // `--local` edits read nothing from the server.
        Command::Patch(_) | Command::Label(_) | Command::Annotate(_) => Vec::new(),
        Command::SetImage(_) | Command::SetResources(_) | Command::SetEnv(_) | Command::SetServiceAccount(_) | Command::SetSelector(_) | Command::SetSubject(_) => Vec::new(),
        // Requests the engine's client authorizes as it sends them (apply's
        // read included), or a named delete, sent without a read.
        Command::Apply(_) | Command::Create(_) | Command::Run(_) | Command::Replace(_) | Command::Delete(_) | Command::Diff(_) | Command::Debug(_) | Command::AuthReconcile(_) | Command::SetLastApplied(_) => Vec::new(),
        // Discovery, which every authenticated user may read, and commands
        // that send nothing or check their own requests.
        Command::GetRaw(_) | Command::ClusterInfo | Command::Explain(_) | Command::ApiResources(_) | Command::ApiVersions | Command::Version(_) | Command::Kustomize(_) => Vec::new(),
        Command::Edit(_) | Command::Config(_) | Command::Help { .. } | Command::CanI(_) | Command::Whoami { .. } | Command::CreateToken(_) => Vec::new(),
        // It lists and reads logs as it goes, each checked then.
        Command::ClusterInfoDump(_) => Vec::new(),
    };
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// `kubectl get`'s lists and named reads that `who` may make, and the
/// 403s of the others: the builder goes on past a refused request, so
/// the tables of the others print and the errors follow them.
pub fn allowed_get(g: &Get, who: &UserInfo, cx: &Cx) -> (Get, Vec<String>) {
    let mut errors = Vec::new();
    let mut allowed = g.clone();
    let list_ns = if g.all_namespaces { "" } else { cx.namespace };
    let sub = g.subresource.map_or("", |s| s.as_str());
    match &mut allowed.targets {
        Targets::List { kinds, .. } => kinds.retain(|k| check(cx.store, who, "list", *k, list_ns, "", "").map_err(|e| errors.push(e)).is_ok()),
        Targets::Named(v) => v.retain(|(k, n)| check(cx.store, who, "get", *k, cx.namespace, n, sub).map_err(|e| errors.push(e)).is_ok()),
        Targets::Files { .. } => {}
    }
    (allowed, errors)
}

/// Whether describe may list the events it shows: when it may not,
/// kubectl leaves the Events section out, as `--show-events=false` does.
pub fn may_list_events(who: &UserInfo, cx: &Cx, all_namespaces: bool) -> bool {
    check(cx.store, who, "list", Kind::Event, if all_namespaces { "" } else { cx.namespace }, "", "").is_ok()
}

/// `kubectl auth whoami`.
pub fn whoami(inv: &Invocation, output: &Option<OutputFormat>, store: &Store, out: &mut Output) {
    let who = identity(inv);
    let review = authz::resource_attributes(&who, "create", Kind::Pod, "", "");
    let review = Attributes { api_group: "authentication.k8s.io", resource: "selfsubjectreviews", namespace: "", ..review };
    if !admin_or_allowed(inv, store, &review) {
        out.error("error: the selfsubjectreviews API is not enabled in the cluster or you do not have permission to call it");
        return;
    }
    let mut user = serde_json::Map::new();
    user.insert("username".into(), json!(who.name));
    if !who.uid.is_empty() {
        user.insert("uid".into(), json!(who.uid));
    }
    if !who.groups.is_empty() {
        user.insert("groups".into(), json!(who.groups));
    }
    // What the authenticator added (an impersonated user has none here).
    let extra: &[(String, Vec<String>)] = match (&inv.impersonate, &inv.authenticated) {
        (None, Some(a)) => &a.extra,
        _ => &[],
    };
    if !extra.is_empty() {
        user.insert("extra".into(), Value::Object(extra.iter().map(|(k, v)| (k.clone(), json!(v))).collect()));
    }
    let review = json!({
        "kind": "SelfSubjectReview",
        "apiVersion": "authentication.k8s.io/v1",
        "metadata": {"creationTimestamp": null},
        "status": {"userInfo": user},
    });
    match output {
        None => {
            let mut w = TabWriter::kubectl();
            w.write("ATTRIBUTE\tVALUE\n");
            w.write(&format!("Username\t{}\n", who.name));
            if !who.uid.is_empty() {
                w.write(&format!("UID\t{}\n", who.uid));
            }
            if !who.groups.is_empty() {
                w.write(&format!("Groups\t{}\n", go_list(&who.groups)));
            }
            for (k, v) in extra {
                w.write(&format!("Extra: {k}\t{}\n", go_list(v)));
            }
            out.stdout.push_str(&w.finish());
        }
        Some(format) => print_object(review, format, out),
    }
}

pub(super) fn print_object(mut v: Value, format: &OutputFormat, out: &mut Output) {
    match format {
        OutputFormat::Json => out.stdout.push_str(&json(&v)),
        OutputFormat::Yaml => {
            sort_keys(&mut v);
            out.stdout.push_str(&yaml(&v));
        }
        _ => out.error("error: (playground) this command prints -o json or -o yaml only"),
    }
}

/// Whether a review request itself is allowed: the unrestricted admin's
/// always is.
fn admin_or_allowed(inv: &Invocation, store: &Store, a: &Attributes) -> bool {
    match requester(inv, store) {
        Ok(None) => true,
        Ok(Some(who)) => authz::authorize(store, &Attributes { user: Some(&who), ..*a }).allowed(),
        Err(_) => false,
    }
}

/// `resourceVerbs` and `nonResourceURLVerbs`: the verbs can-i knows.
const RESOURCE_VERBS: &[&str] = &["get", "list", "watch", "create", "update", "patch", "delete", "deletecollection", "use", "bind", "impersonate", "*", "approve", "sign", "escalate", "attest"];
const NON_RESOURCE_VERBS: &[&str] = &["get", "put", "post", "head", "options", "delete", "patch", "*"];

/// What can-i asks about, as `resourceFor` maps it.
#[derive(Debug, PartialEq, Eq)]
struct Resource {
    group: String,
    resource: String,
    /// Discovery's scope, when the server has the resource.
    namespaced: Option<bool>,
}

/// `resourceFor`: the argument through the REST mapper, or as given (with
/// a warning) when the server has no such resource.
fn resource_for(arg: &str, out: &mut Output) -> Resource {
    if arg == "*" {
        return Resource { group: String::new(), resource: "*".into(), namespaced: Some(true) };
    }
    let lower = arg.to_lowercase();
    if let Some(kind) = Kind::from_resource_name(&lower) {
        let i = kind.info();
        return Resource { group: i.group.into(), resource: i.plural.into(), namespaced: Some(i.namespaced) };
    }
    let (resource, group) = lower.split_once('.').unwrap_or((&lower, ""));
    if !(group.is_empty() && matches!(resource, "users" | "groups")) {
        let warning = if group.is_empty() {
            format!("Warning: the server doesn't have a resource type '{resource}'\n\n")
        } else {
            format!("Warning: the server doesn't have a resource type '{resource}' in group '{group}'\n\n")
        };
        out.note(&warning);
    }
    Resource { group: String::new(), resource: arg.into(), namespaced: None }
}

/// `kubectl auth can-i`: Complete, Validate, then the review.
pub fn can_i(c: &CanI, inv: &Invocation, cx: &Cx, out: &mut Output) {
    let namespace = if c.all_namespaces { "" } else { cx.namespace };
    if c.list {
        if !c.args.is_empty() {
            return out.error("error: list option must be specified with no arguments");
        }
        if c.quiet || c.all_namespaces || !c.subresource.is_empty() {
            return out.error("error: list option can't be specified with neither quiet, all-namespaces nor subresource options");
        }
        return list(inv, cx, namespace, c.no_headers, out);
    }
    let [verb, what] = c.args.as_slice() else {
        return out.error("error: you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.");
    };
    let known = |verbs: &[&str]| verbs.contains(&verb.as_str());
    let (resource, name, path) = match what.strip_prefix('/') {
        Some(_) => (None, "", Some(what.as_str())),
        None => {
            let (arg, name) = what.split_once('/').unwrap_or((what, ""));
            (Some(resource_for(arg, out)), name, None)
        }
    };
    match &resource {
        None => {
            if !c.subresource.is_empty() {
                return out.error("error: --subresource can not be used with NonResourceURL");
            }
            if !known(NON_RESOURCE_VERBS) {
                out.note(&format!("Warning: verb '{verb}' is not a known verb\n\n"));
            }
        }
        Some(r) if !c.all_namespaces => {
            if r.namespaced == Some(false) {
                let warning = match r.group.as_str() {
                    "" => format!("Warning: resource '{}' is not namespace scoped\n\n", r.resource),
                    g => format!("Warning: resource '{}' is not namespace scoped in group '{g}'\n\n", r.resource),
                };
                out.note(&warning);
            }
            if !known(RESOURCE_VERBS) {
                out.note(&format!("Warning: verb '{verb}' is not a known verb\n\n"));
            }
        }
        Some(_) => {}
    }
    if c.no_headers {
        return out.error("error: --no-headers cannot be set without --list specified");
    }
    let who = match requester(inv, cx.store) {
        Ok(who) => who,
        Err(e) => return out.error(&e),
    };
    let attrs = match (&resource, path) {
        (_, Some(path)) => Attributes { verb, path: Some(path), ..Default::default() },
        (Some(r), None) => Attributes { verb, namespace, api_group: &r.group, resource: &r.resource, subresource: &c.subresource, name, ..Default::default() },
        (None, None) => Attributes::default(),
    };
    let decision = match &who {
        None => Decision::Allow,
        Some(who) => {
            let review = Attributes { user: Some(who), verb: "create", api_group: "authorization.k8s.io", resource: "selfsubjectaccessreviews", ..Default::default() };
            if let Err(e) = authz::check(cx.store, &review) {
                return out.error(&e.kubectl_message());
            }
            authz::authorize(cx.store, &Attributes { user: Some(who), ..attrs })
        }
    };
    let answer = match &decision {
        Decision::Allow => "yes".to_string(),
        Decision::Deny { reason } if reason.is_empty() => "no".to_string(),
        Decision::Deny { reason } => format!("no - {reason}"),
    };
    if !c.quiet {
        out.out(&answer);
    }
    out.failed |= !decision.allowed();
}

/// `RunAccessList`: the rules the SelfSubjectRulesReview returns, broken
/// down, compacted and sorted as kubectl prints them.
fn list(inv: &Invocation, cx: &Cx, namespace: &str, no_headers: bool, out: &mut Output) {
    let who = match requester(inv, cx.store) {
        Ok(who) => who,
        Err(e) => return out.error(&e),
    };
    if let Some(who) = &who {
        let review = Attributes { user: Some(who), verb: "create", api_group: "authorization.k8s.io", resource: "selfsubjectrulesreviews", ..Default::default() };
        if let Err(e) = authz::check(cx.store, &review) {
            return out.error(&e.kubectl_message());
        }
    }
    let who = who.unwrap_or_else(|| identity(inv));
    let (rules, errors) = rules_review(cx.store, &who, namespace);
    if !errors.is_empty() {
        out.note(&format!("Warning: the list may be incomplete: {}", aggregate(&errors)));
    }
    out.stdout.push_str(&access_table(&rules, no_headers));
}

fn aggregate(errors: &[String]) -> String {
    match errors {
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    }
}

/// The SelfSubjectRulesReview's rules: the privileged group's, then
/// RBAC's, each kept as a resource rule if it names resources and as a
/// non-resource rule if it names URLs.
fn rules_review(store: &Store, who: &UserInfo, namespace: &str) -> (Vec<PolicyRule>, Vec<String>) {
    let star = || vec!["*".to_string()];
    let mut rules = Vec::new();
    if who.groups.iter().any(|g| g == authz::SYSTEM_MASTERS) {
        rules.push(PolicyRule { verbs: star(), api_groups: star(), resources: star(), ..Default::default() });
        rules.push(PolicyRule { verbs: star(), non_resource_urls: star(), ..Default::default() });
    }
    let (rbac, errors) = authz::rules_for(store, who, namespace);
    let (mut resource, mut non_resource) = (Vec::new(), Vec::new());
    for r in rbac {
        if !r.resources.is_empty() {
            resource.push(PolicyRule { verbs: r.verbs.clone(), api_groups: r.api_groups.clone(), resources: r.resources.clone(), resource_names: r.resource_names.clone(), ..Default::default() });
        }
        if !r.non_resource_urls.is_empty() {
            non_resource.push(PolicyRule { verbs: r.verbs, non_resource_urls: r.non_resource_urls, ..Default::default() });
        }
    }
    rules.extend(resource);
    rules.extend(non_resource);
    (rules, errors)
}

/// `printStatus`'s table.
fn access_table(rules: &[PolicyRule], no_headers: bool) -> String {
    let sorted = compact_rules(rules);
    let mut w = TabWriter::kubectl();
    if !no_headers {
        w.write("Resources\tNon-Resource URLs\tResource Names\tVerbs\n");
    }
    for r in &sorted {
        w.write(&format!("{}\t{}\t{}\t{}\n", resource_group(&r.resources, &r.api_groups), go_list(&r.non_resource_urls), go_list(&r.resource_names), go_list(&r.verbs)));
    }
    w.finish()
}

#[cfg(test)]
#[path = "auth_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
#[path = "auth_requests_tests.rs"]
mod requests_tests;
