//! kubectl v1.32's command tree: every command's name, aliases and flags
//! (names, shorthands, types and defaults as `kubectl <cmd> --help` lists
//! them), plus the global flags of `kubectl options`.

use super::flags::{FlagSpec, FlagType};

const fn b(name: &'static str, short: Option<char>, default: &'static str) -> FlagSpec {
    FlagSpec::new(name, short, FlagType::Bool, default)
}
const fn s(name: &'static str, short: Option<char>, default: &'static str) -> FlagSpec {
    FlagSpec::new(name, short, FlagType::Str, default)
}
const fn slice(name: &'static str, short: Option<char>) -> FlagSpec {
    FlagSpec::new(name, short, FlagType::StrSlice, "[]")
}
const fn array(name: &'static str, short: Option<char>) -> FlagSpec {
    FlagSpec::new(name, short, FlagType::StrArray, "[]")
}
const fn int(name: &'static str, short: Option<char>, bits: u32, default: &'static str) -> FlagSpec {
    FlagSpec::new(name, short, FlagType::Int(bits), default)
}
const fn dur(name: &'static str, default: &'static str) -> FlagSpec {
    FlagSpec::new(name, None, FlagType::Duration, default)
}

/// One command of the tree.
#[derive(Debug)]
pub struct CommandSpec {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// A one-line summary for the playground's help listing.
    pub short: &'static str,
    pub flags: &'static [&'static [FlagSpec]],
    pub subcommands: &'static [CommandSpec],
    /// A group (`set`, `rollout`, `top`, …) that only dispatches to subcommands.
    pub group: bool,
    /// Real kubectl has it, but the simulator does not implement it.
    pub supported: bool,
}

const fn cmd(name: &'static str, short: &'static str, flags: &'static [&'static [FlagSpec]]) -> CommandSpec {
    CommandSpec { name, aliases: &[], short, flags, subcommands: &[], group: false, supported: true }
}
const fn unsupported(name: &'static str, short: &'static str) -> CommandSpec {
    CommandSpec { name, aliases: &[], short, flags: &[], subcommands: &[], group: false, supported: false }
}

impl CommandSpec {
    const fn aliases(mut self, a: &'static [&'static str]) -> CommandSpec {
        self.aliases = a;
        self
    }
    const fn subs(mut self, s: &'static [CommandSpec], group: bool) -> CommandSpec {
        self.subcommands = s;
        self.group = group;
        self
    }
    /// The subcommand called `name` (or one of its aliases).
    pub fn find(&'static self, name: &str) -> Option<&'static CommandSpec> {
        self.subcommands.iter().find(|c| c.name == name || c.aliases.contains(&name))
    }
}

// ---- flag groups shared by many commands ----

pub const GLOBAL: &[FlagSpec] = &[
    s("as", None, "''"),
    array("as-group", None),
    s("as-uid", None, "''"),
    s("cache-dir", None, "'/root/.kube/cache'"),
    s("certificate-authority", None, "''"),
    s("client-certificate", None, "''"),
    s("client-key", None, "''"),
    s("cluster", None, "''"),
    s("context", None, "''"),
    b("disable-compression", None, "false"),
    b("insecure-skip-tls-verify", None, "false"),
    s("kubeconfig", None, "''"),
    dur("log-flush-frequency", "5s"),
    b("match-server-version", None, "false"),
    s("namespace", Some('n'), "''"),
    s("password", None, "''"),
    s("profile", None, "'none'"),
    s("profile-output", None, "'profile.pprof'"),
    s("request-timeout", None, "'0'"),
    s("server", Some('s'), "''"),
    s("tls-server-name", None, "''"),
    s("token", None, "''"),
    s("user", None, "''"),
    s("username", None, "''"),
    int("v", Some('v'), 32, "0"),
    // klog's own flag type: its help shows the empty default unquoted.
    s("vmodule", None, ""),
    b("warnings-as-errors", None, "false"),
];

const KUSTOMIZE: &[FlagSpec] = &[
    b("as-current-user", None, "false"),
    b("enable-alpha-plugins", None, "false"),
    b("enable-helm", None, "false"),
    slice("env", Some('e')),
    slice("helm-api-versions", None),
    s("helm-command", None, "'helm'"),
    b("helm-debug", None, "false"),
    s("helm-kube-version", None, "''"),
    s("load-restrictor", None, "'LoadRestrictionsRootOnly'"),
    slice("mount", None),
    b("network", None, "false"),
    s("network-name", None, "'bridge'"),
    s("output", Some('o'), "''"),
];

const PRINT: &[FlagSpec] = &[
    b("allow-missing-template-keys", None, "true"),
    s("output", Some('o'), "''"),
    b("show-managed-fields", None, "false"),
    s("template", None, "''"),
];
const FILES: &[FlagSpec] = &[slice("filename", Some('f')), s("kustomize", Some('k'), "''"), b("recursive", Some('R'), "false")];
const DRY_RUN: &[FlagSpec] = &[FlagSpec::new("dry-run", None, FlagType::Str, "'none'").with_no_opt("unchanged")];
const VALIDATE: &[FlagSpec] = &[FlagSpec::new("validate", None, FlagType::Str, "'strict'").with_no_opt("strict")];
const SELECTOR: &[FlagSpec] = &[s("selector", Some('l'), "''")];
const RECORD: &[FlagSpec] = &[b("record", None, "false").deprecated("--record will be removed in the future")];
const CASCADE: FlagSpec = FlagSpec::new("cascade", None, FlagType::Str, "'background'").with_no_opt("background");

const GET: &[FlagSpec] = &[
    b("all-namespaces", Some('A'), "false"),
    int("chunk-size", None, 64, "500"),
    s("field-selector", None, "''"),
    b("ignore-not-found", None, "false"),
    slice("label-columns", Some('L')),
    b("no-headers", None, "false"),
    b("output-watch-events", None, "false"),
    s("raw", None, "''"),
    b("server-print", None, "true"),
    b("show-kind", None, "false"),
    b("show-labels", None, "false"),
    s("sort-by", None, "''"),
    s("subresource", None, "''"),
    b("watch", Some('w'), "false"),
    b("watch-only", None, "false"),
];
const DESCRIBE: &[FlagSpec] = &[b("all-namespaces", Some('A'), "false"), int("chunk-size", None, 64, "500"), b("show-events", None, "true")];
const DIFF: &[FlagSpec] = &[
    int("concurrency", None, 64, "1"),
    s("field-manager", None, "'kubectl-client-side-apply'"),
    b("force-conflicts", None, "false"),
    b("prune", None, "false"),
    slice("prune-allowlist", None),
    b("server-side", None, "false"),
    b("show-managed-fields", None, "false"),
];
const APPLY: &[FlagSpec] = &[
    b("all", None, "false"),
    CASCADE,
    s("field-manager", None, "'kubectl-client-side-apply'"),
    b("force", None, "false"),
    b("force-conflicts", None, "false"),
    int("grace-period", None, 64, "-1"),
    b("openapi-patch", None, "true"),
    b("overwrite", None, "true"),
    b("prune", None, "false"),
    slice("prune-allowlist", None),
    b("server-side", None, "false"),
    s("subresource", None, "''"),
    dur("timeout", "0s"),
    b("wait", None, "false"),
];
const SET_LAST_APPLIED: &[FlagSpec] = &[b("create-annotation", None, "false"), slice("filename", Some('f'))];
const VIEW_LAST_APPLIED: &[FlagSpec] = &[b("all", None, "false"), s("output", Some('o'), "'yaml'")];
const AUTOSCALE: &[FlagSpec] = &[
    int("cpu-percent", None, 32, "-1"),
    s("field-manager", None, "'kubectl-autoscale'"),
    int("max", None, 32, "-1"),
    int("min", None, 32, "-1"),
    s("name", None, "''"),
    b("save-config", None, "false"),
];
const CREATE: &[FlagSpec] = &[
    b("edit", None, "false"),
    s("field-manager", None, "'kubectl-create'"),
    s("raw", None, "''"),
    b("save-config", None, "false"),
    b("windows-line-endings", None, "false"),
];
const CREATE_SUB: &[FlagSpec] = &[s("field-manager", None, "'kubectl-create'"), b("save-config", None, "false")];
const CREATE_DEPLOYMENT: &[FlagSpec] = &[slice("image", None), int("port", None, 32, "-1"), int("replicas", Some('r'), 32, "1")];
const TCP: &[FlagSpec] = &[slice("tcp", None)];
const CREATE_SVC_CLUSTERIP: &[FlagSpec] = &[s("clusterip", None, "''")];
const CREATE_SVC_NODEPORT: &[FlagSpec] = &[int("node-port", None, 64, "0")];
const CREATE_SVC_EXTERNALNAME: &[FlagSpec] = &[s("external-name", None, "''")];
const CREATE_JOB: &[FlagSpec] = &[s("from", None, "''"), s("image", None, "''")];
const CREATE_CRONJOB: &[FlagSpec] = &[s("image", None, "''"), s("restart", None, "''"), s("schedule", None, "''")];
const CREATE_DATA: &[FlagSpec] = &[b("append-hash", None, "false"), slice("from-env-file", None), slice("from-file", None), array("from-literal", None)];
const CREATE_SECRET_GENERIC: &[FlagSpec] = &[s("type", None, "''")];
const CREATE_SECRET_DOCKER: &[FlagSpec] = &[
    b("append-hash", None, "false"),
    s("docker-email", None, "''"),
    s("docker-password", None, "''"),
    s("docker-server", None, "'https://index.docker.io/v1/'"),
    s("docker-username", None, "''"),
    slice("from-file", None),
];
const CREATE_SECRET_TLS: &[FlagSpec] = &[b("append-hash", None, "false"), s("cert", None, "''"), s("key", None, "''")];
const CREATE_INGRESS: &[FlagSpec] = &[array("annotation", None), s("class", None, "''"), s("default-backend", None, "''"), array("rule", None)];
const SET_SUBJECT: &[FlagSpec] = &[array("group", None), array("serviceaccount", None), array("user", None)];
const CREATE_ROLE: &[FlagSpec] = &[slice("resource", None), array("resource-name", None), slice("verb", None)];
const CREATE_CLUSTERROLE: &[FlagSpec] = &[array("aggregation-rule", None), slice("non-resource-url", None)];
const CREATE_BINDING: &[FlagSpec] = &[s("clusterrole", None, "''"), array("group", None), array("serviceaccount", None), array("user", None)];
const CREATE_ROLEBINDING: &[FlagSpec] = &[s("role", None, "''")];
const CREATE_PDB: &[FlagSpec] = &[s("max-unavailable", None, "''"), s("min-available", None, "''"), s("selector", None, "''")];
const CREATE_PRIORITYCLASS: &[FlagSpec] =
    &[s("description", None, "''"), b("global-default", None, "false"), s("preemption-policy", None, "'PreemptLowerPriority'"), int("value", None, 32, "0")];
const CREATE_QUOTA: &[FlagSpec] = &[s("hard", None, "''"), s("scopes", None, "''")];
const DELETE: &[FlagSpec] = &[
    b("all", None, "false"),
    b("all-namespaces", Some('A'), "false"),
    CASCADE,
    s("field-selector", None, "''"),
    b("force", None, "false"),
    int("grace-period", None, 64, "-1"),
    b("ignore-not-found", None, "false"),
    b("interactive", Some('i'), "false"),
    b("now", None, "false"),
    s("output", Some('o'), "''"),
    s("raw", None, "''"),
    dur("timeout", "0s"),
    b("wait", None, "true"),
];
const EDIT: &[FlagSpec] = &[
    s("field-manager", None, "'kubectl-edit'"),
    b("output-patch", None, "false"),
    b("save-config", None, "false"),
    s("subresource", None, "''"),
    b("windows-line-endings", None, "false"),
];
const EDIT_LAST_APPLIED: &[FlagSpec] = &[s("field-manager", None, "'kubectl-client-side-apply'"), b("windows-line-endings", None, "false")];
const EXPLAIN: &[FlagSpec] = &[s("api-version", None, "''"), s("output", Some('o'), "'plaintext'"), b("recursive", None, "false")];
const EXPOSE: &[FlagSpec] = &[
    s("cluster-ip", None, "''"),
    s("external-ip", None, "''"),
    s("field-manager", None, "'kubectl-expose'"),
    s("labels", Some('l'), "''"),
    s("load-balancer-ip", None, "''"),
    s("name", None, "''"),
    s("override-type", None, "'merge'"),
    s("overrides", None, "''"),
    s("port", None, "''"),
    s("protocol", None, "''"),
    b("save-config", None, "false"),
    s("selector", None, "''"),
    s("session-affinity", None, "''"),
    s("target-port", None, "''"),
    s("type", None, "''"),
];
const LABEL_ANNOTATE: &[FlagSpec] = &[
    b("all", None, "false"),
    b("all-namespaces", Some('A'), "false"),
    s("field-selector", None, "''"),
    b("list", None, "false"),
    b("local", None, "false"),
    b("overwrite", None, "false"),
    s("resource-version", None, "''"),
];
const LABEL_MANAGER: &[FlagSpec] = &[s("field-manager", None, "'kubectl-label'")];
const ANNOTATE_MANAGER: &[FlagSpec] = &[s("field-manager", None, "'kubectl-annotate'")];
const FILES_EXEC: &[FlagSpec] = &[slice("filename", Some('f'))];
const EXEC: &[FlagSpec] = &[
    s("container", Some('c'), "''"),
    dur("pod-running-timeout", "1m0s"),
    b("quiet", Some('q'), "false"),
    b("stdin", Some('i'), "false"),
    b("tty", Some('t'), "false"),
];
const ATTACH: &[FlagSpec] = &[
    s("container", Some('c'), "''"),
    dur("pod-running-timeout", "1m0s"),
    b("quiet", Some('q'), "false"),
    b("stdin", Some('i'), "false"),
    b("tty", Some('t'), "false"),
];
const CP: &[FlagSpec] = &[s("container", Some('c'), "''"), b("no-preserve", None, "false"), int("retries", None, 32, "0")];
const PORT_FORWARD: &[FlagSpec] = &[FlagSpec::new("address", None, FlagType::StrSlice, "[localhost]"), dur("pod-running-timeout", "1m0s")];
const PROXY: &[FlagSpec] = &[
    s("accept-hosts", None, r"'^localhost$,^127\.0\.0\.1$,^\[::1\]$'"),
    s("accept-paths", None, "'^.*'"),
    s("address", None, "'127.0.0.1'"),
    s("api-prefix", None, "'/'"),
    b("append-server-path", None, "false"),
    b("disable-filter", None, "false"),
    dur("keepalive", "0s"),
    int("port", Some('p'), 64, "8001"),
    s("reject-methods", None, "'^$'"),
    s("reject-paths", None, "'^/api/.*/pods/.*/exec,^/api/.*/pods/.*/attach'"),
    s("unix-socket", Some('u'), "''"),
    s("www", Some('w'), "''"),
    s("www-prefix", Some('P'), "'/static/'"),
];
const fn map(name: &'static str) -> FlagSpec {
    FlagSpec::new(name, None, FlagType::StrMap, "[]")
}
// Its own `--profile` (a debugging profile) hides the global one (pprof's).
const DEBUG: &[FlagSpec] = &[
    b("arguments-only", None, "false"),
    b("attach", None, "false"),
    s("container", Some('c'), "''"),
    s("copy-to", None, "''"),
    s("custom", None, "''"),
    map("env"),
    slice("filename", Some('f')),
    s("image", None, "''"),
    s("image-pull-policy", None, "''"),
    b("keep-annotations", None, "false"),
    b("keep-init-containers", None, "true"),
    b("keep-labels", None, "false"),
    b("keep-liveness", None, "false"),
    b("keep-readiness", None, "false"),
    b("keep-startup", None, "false"),
    s("profile", None, "'legacy'"),
    b("quiet", Some('q'), "false"),
    b("replace", None, "false"),
    b("same-node", None, "false"),
    map("set-image"),
    b("share-processes", None, "true"),
    b("stdin", Some('i'), "false"),
    s("target", None, "''"),
    b("tty", Some('t'), "false"),
];
const LOGS: &[FlagSpec] = &[
    b("all-containers", None, "false"),
    b("all-pods", None, "false"),
    s("container", Some('c'), "''"),
    b("follow", Some('f'), "false"),
    b("ignore-errors", None, "false"),
    b("insecure-skip-tls-verify-backend", None, "false"),
    int("limit-bytes", None, 64, "0"),
    int("max-log-requests", None, 64, "5"),
    dur("pod-running-timeout", "20s"),
    b("prefix", None, "false"),
    b("previous", Some('p'), "false"),
    dur("since", "0s"),
    s("since-time", None, "''"),
    int("tail", None, 64, "-1"),
    b("timestamps", None, "false"),
];
const PATCH: &[FlagSpec] = &[
    s("field-manager", None, "'kubectl-patch'"),
    b("local", None, "false"),
    s("patch", Some('p'), "''"),
    s("patch-file", None, "''"),
    s("subresource", None, "''"),
    s("type", None, "'strategic'"),
];
const REPLACE: &[FlagSpec] = &[
    CASCADE,
    s("field-manager", None, "'kubectl-replace'"),
    b("force", None, "false"),
    int("grace-period", None, 64, "-1"),
    s("raw", None, "''"),
    b("save-config", None, "false"),
    s("subresource", None, "''"),
    dur("timeout", "0s"),
    b("wait", None, "false"),
];
const ROLLOUT_HISTORY: &[FlagSpec] = &[int("revision", None, 64, "0")];
const ROLLOUT_MANAGER: &[FlagSpec] = &[s("field-manager", None, "'kubectl-rollout'")];
const ROLLOUT_STATUS: &[FlagSpec] = &[int("revision", None, 64, "0"), dur("timeout", "0s"), b("watch", Some('w'), "true")];
const ROLLOUT_UNDO: &[FlagSpec] = &[int("to-revision", None, 64, "0")];
const RUN: &[FlagSpec] = &[
    array("annotations", None),
    b("attach", None, "false"),
    CASCADE,
    b("command", None, "false"),
    array("env", None),
    b("expose", None, "false"),
    s("field-manager", None, "'kubectl-run'"),
    b("force", None, "false"),
    int("grace-period", None, 64, "-1"),
    s("image", None, "''"),
    s("image-pull-policy", None, "''"),
    s("labels", Some('l'), "''"),
    b("leave-stdin-open", None, "false"),
    s("override-type", None, "'merge'"),
    s("overrides", None, "''"),
    dur("pod-running-timeout", "1m0s"),
    s("port", None, "''"),
    b("privileged", None, "false"),
    b("quiet", Some('q'), "false"),
    s("restart", None, "'Always'"),
    b("rm", None, "false"),
    b("save-config", None, "false"),
    b("stdin", Some('i'), "false"),
    dur("timeout", "0s"),
    b("tty", Some('t'), "false"),
    b("wait", None, "false"),
];
const SCALE: &[FlagSpec] = &[
    b("all", None, "false"),
    int("current-replicas", None, 64, "-1"),
    int("replicas", None, 64, "0"),
    s("resource-version", None, "''"),
    dur("timeout", "0s"),
];
const SET_COMMON: &[FlagSpec] = &[b("all", None, "false"), s("field-manager", None, "'kubectl-set'"), b("local", None, "false")];
// set selector's builder flags: files without -k, recursive by default.
const SET_SELECTOR: &[FlagSpec] = &[slice("filename", Some('f')), b("recursive", Some('R'), "true"), s("resource-version", None, "''")];
const SET_RESOURCES: &[FlagSpec] = &[s("containers", Some('c'), "'*'"), s("limits", None, "''"), s("requests", None, "''")];
const SET_ENV: &[FlagSpec] = &[
    s("containers", Some('c'), "'*'"),
    array("env", Some('e')),
    s("from", None, "''"),
    slice("keys", None),
    b("list", None, "false"),
    b("overwrite", None, "true"),
    s("prefix", None, "''"),
    b("resolve", None, "false"),
];
const TAINT: &[FlagSpec] = &[b("all", None, "false"), s("field-manager", None, "'kubectl-taint'"), b("overwrite", None, "false")];
const TOP_NODE: &[FlagSpec] = &[
    b("no-headers", None, "false"),
    b("show-capacity", None, "false"),
    s("sort-by", None, "''"),
    b("use-protocol-buffers", None, "true"),
];
const TOP_POD: &[FlagSpec] = &[
    b("all-namespaces", Some('A'), "false"),
    b("containers", None, "false"),
    s("field-selector", None, "''"),
    b("no-headers", None, "false"),
    s("sort-by", None, "''"),
    b("sum", None, "false"),
    b("use-protocol-buffers", None, "true"),
];
const EVENTS: &[FlagSpec] = &[
    b("all-namespaces", Some('A'), "false"),
    int("chunk-size", None, 64, "500"),
    s("for", None, "''"),
    b("no-headers", None, "false"),
    slice("types", None),
    b("watch", Some('w'), "false"),
];
const WAIT: &[FlagSpec] = &[
    b("all", None, "false"),
    b("all-namespaces", Some('A'), "false"),
    s("field-selector", None, "''"),
    slice("filename", Some('f')),
    s("for", None, "''"),
    b("local", None, "false"),
    b("recursive", Some('R'), "true"),
    dur("timeout", "30s"),
];
const DRAIN: &[FlagSpec] = &[
    int("chunk-size", None, 64, "500"),
    b("delete-emptydir-data", None, "false"),
    b("disable-eviction", None, "false"),
    b("force", None, "false"),
    int("grace-period", None, 64, "-1"),
    b("ignore-daemonsets", None, "false"),
    s("pod-selector", None, "''"),
    int("skip-wait-for-delete-timeout", None, 64, "0"),
    dur("timeout", "0s"),
];
const VERSION: &[FlagSpec] = &[b("client", None, "false"), s("output", Some('o'), "''")];
const API_RESOURCES: &[FlagSpec] = &[
    s("api-group", None, "''"),
    b("cached", None, "false"),
    slice("categories", None),
    b("namespaced", None, "true"),
    b("no-headers", None, "false"),
    s("output", Some('o'), "''"),
    s("sort-by", None, "''"),
    slice("verbs", None),
];

const CREATE_TOKEN: &[FlagSpec] = &[
    array("audience", None),
    s("bound-object-kind", None, "''"),
    s("bound-object-name", None, "''"),
    s("bound-object-uid", None, "''"),
    dur("duration", "0s"),
];
const CAN_I: &[FlagSpec] = &[
    b("all-namespaces", Some('A'), "false"),
    b("list", None, "false"),
    b("no-headers", None, "false"),
    b("quiet", Some('q'), "false"),
    s("subresource", None, "''"),
];
const RECONCILE: &[FlagSpec] = &[b("remove-extra-permissions", None, "false"), b("remove-extra-subjects", None, "false")];
const AUTH_SUBS: &[CommandSpec] = &[
    cmd("can-i", "Check whether an action is allowed", &[CAN_I]),
    cmd("reconcile", "Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects", &[PRINT, DRY_RUN, FILES, RECONCILE]),
    cmd("whoami", "Experimental: Check self subject attributes", &[PRINT]),
];

const CREATE_SVC_SUB: &[&[FlagSpec]] = &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, TCP];

const CREATE_SUBS: &[CommandSpec] = &[
    cmd("configmap", "Create a config map from a local file, directory or literal value", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_DATA]).aliases(&["cm"]),
    cmd("cronjob", "Create a cron job with the specified name", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_CRONJOB]).aliases(&["cj"]),
    cmd("deployment", "Create a deployment with the specified name", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_DEPLOYMENT]).aliases(&["deploy"]),
    cmd("job", "Create a job with the specified name", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_JOB]),
    cmd("namespace", "Create a namespace with the specified name", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB]).aliases(&["ns"]),
    cmd("secret", "Create a secret using a specified subcommand", &[])
        .subs(
            &[
                cmd("docker-registry", "Create a secret for use with a Docker registry", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_SECRET_DOCKER]),
                cmd("generic", "Create a secret from a local file, directory, or literal value", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_DATA, CREATE_SECRET_GENERIC]),
                cmd("tls", "Create a TLS secret", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_SECRET_TLS]),
            ],
            true,
        ),
    cmd("service", "Create a service using a specified subcommand", &[])
        .aliases(&["svc"])
        .subs(
            &[
                cmd("clusterip", "Create a ClusterIP service", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, TCP, CREATE_SVC_CLUSTERIP]),
                cmd("externalname", "Create an ExternalName service", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, TCP, CREATE_SVC_EXTERNALNAME]),
                cmd("loadbalancer", "Create a LoadBalancer service", CREATE_SVC_SUB),
                cmd("nodeport", "Create a NodePort service", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, TCP, CREATE_SVC_NODEPORT]),
            ],
            true,
        ),
    cmd("clusterrole", "Create a cluster role", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_ROLE, CREATE_CLUSTERROLE]),
    cmd("clusterrolebinding", "Create a cluster role binding for a particular cluster role", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_BINDING]),
    cmd("ingress", "Create an ingress with the specified name", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_INGRESS]).aliases(&["ing"]),
    cmd("poddisruptionbudget", "Create a pod disruption budget with the specified name", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_PDB]).aliases(&["pdb"]),
    cmd("priorityclass", "Create a priority class with the specified name", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_PRIORITYCLASS]).aliases(&["pc"]),
    cmd("quota", "Create a quota with the specified name", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_QUOTA]).aliases(&["resourcequota"]),
    cmd("role", "Create a role with single rule", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_ROLE]),
    cmd("rolebinding", "Create a role binding for a particular role or cluster role", &[PRINT, DRY_RUN, VALIDATE, CREATE_SUB, CREATE_BINDING, CREATE_ROLEBINDING]),
    cmd("serviceaccount", "Create a service account with the specified name", &[PRINT, DRY_RUN, CREATE_SUB]).aliases(&["sa"]),
    cmd("token", "Request a service account token", &[PRINT, CREATE_TOKEN]),
];

const CONFIG_GET_CONTEXTS: &[FlagSpec] = &[b("no-headers", None, "false"), s("output", Some('o'), "''")];
// Its own `--cluster`, `--user` and `--namespace` hide the global ones (and `-n`).
const CONFIG_SET_CONTEXT: &[FlagSpec] = &[s("cluster", None, "''"), b("current", None, "false"), s("namespace", None, "''"), s("user", None, "''")];
const CONFIG_VIEW: &[FlagSpec] = &[b("flatten", None, "false"), b("merge", None, "true"), b("minify", None, "false"), b("raw", None, "false")];
// Their own flags hide the global ones of the same names (and `-s`).
const CONFIG_SET_CLUSTER: &[FlagSpec] =
    &[s("certificate-authority", None, "''"), b("embed-certs", None, "false"), b("insecure-skip-tls-verify", None, "false"), s("proxy-url", None, "''"), s("server", None, "''"), s("tls-server-name", None, "''")];
const CONFIG_SET_CREDENTIALS: &[FlagSpec] = &[
    s("auth-provider", None, "''"),
    slice("auth-provider-arg", None),
    s("client-certificate", None, "''"),
    s("client-key", None, "''"),
    b("embed-certs", None, "false"),
    s("exec-api-version", None, "''"),
    slice("exec-arg", None),
    s("exec-command", None, "''"),
    array("exec-env", None),
    s("password", None, "''"),
    s("token", None, "''"),
    s("username", None, "''"),
];
const CONFIG_SET: &[FlagSpec] = &[b("set-raw-bytes", None, "false")];

// The playground has one kubeconfig, in memory, holding kind's cluster
// and user and whatever the user adds.
const CONFIG_SUBS: &[CommandSpec] = &[
    cmd("current-context", "Display the current-context", &[]),
    cmd("delete-cluster", "Delete the specified cluster from the kubeconfig", &[]),
    cmd("delete-context", "Delete the specified context from the kubeconfig", &[]),
    cmd("delete-user", "Delete the specified user from the kubeconfig", &[]),
    cmd("get-clusters", "Display clusters defined in the kubeconfig", &[]),
    cmd("get-contexts", "Describe one or many contexts", &[CONFIG_GET_CONTEXTS]),
    cmd("get-users", "Display users defined in the kubeconfig", &[]),
    cmd("rename-context", "Rename a context from the kubeconfig file", &[]),
    cmd("set", "Set an individual value in a kubeconfig file", &[CONFIG_SET]),
    cmd("set-cluster", "Set a cluster entry in kubeconfig", &[CONFIG_SET_CLUSTER]),
    cmd("set-context", "Set a context entry in kubeconfig", &[CONFIG_SET_CONTEXT]),
    cmd("set-credentials", "Set a user entry in kubeconfig", &[CONFIG_SET_CREDENTIALS]),
    cmd("unset", "Unset an individual value in a kubeconfig file", &[]),
    cmd("use-context", "Set the current-context in a kubeconfig file", &[]).aliases(&["use"]),
    cmd("view", "Display merged kubeconfig settings or a specified kubeconfig file", &[PRINT, CONFIG_VIEW]),
];

// `cluster-info` stays runnable itself, as `apply` does. The dump's
// printer flags default to JSON (`WithDefaultOutput("json")`).
const CLUSTER_INFO_SUBS: &[CommandSpec] = &[cmd("dump", "Dump relevant information for debugging and diagnosis", &[CLUSTER_INFO_DUMP])];
const CLUSTER_INFO_DUMP: &[FlagSpec] = &[
    b("all-namespaces", Some('A'), "false"),
    b("allow-missing-template-keys", None, "true"),
    slice("namespaces", None),
    s("output", Some('o'), "'json'"),
    s("output-directory", None, "''"),
    dur("pod-running-timeout", "20s"),
    b("show-managed-fields", None, "false"),
    s("template", None, "''"),
];

// `apply` stays runnable itself (`apply -f`), as `create` does.
const APPLY_SUBS: &[CommandSpec] = &[
    cmd("edit-last-applied", "Edit latest last-applied-configuration annotations of a resource/object", &[PRINT, VALIDATE, FILES, EDIT_LAST_APPLIED]),
    cmd("set-last-applied", "Set the last-applied-configuration annotation on a live object to match the contents of a file", &[PRINT, DRY_RUN, SET_LAST_APPLIED]),
    cmd("view-last-applied", "View the latest last-applied-configuration annotations of a resource/object", &[FILES, SELECTOR, VIEW_LAST_APPLIED]),
];

const SET_SUBS: &[CommandSpec] = &[
    cmd("env", "Update environment variables on a pod template", &[PRINT, DRY_RUN, FILES, SELECTOR, SET_COMMON, SET_ENV]),
    cmd("image", "Update the image of a pod template", &[PRINT, DRY_RUN, FILES, SELECTOR, SET_COMMON, RECORD]),
    cmd("resources", "Update resource requests/limits on objects with pod templates", &[PRINT, DRY_RUN, FILES, SELECTOR, SET_COMMON, SET_RESOURCES, RECORD]),
    cmd("selector", "Set the selector on a resource", &[PRINT, DRY_RUN, SET_COMMON, SET_SELECTOR, RECORD]),
    cmd("serviceaccount", "Update the service account of a resource", &[PRINT, DRY_RUN, FILES, SET_COMMON, RECORD]).aliases(&["sa"]),
    cmd("subject", "Update the user, group, or service account in a role binding or cluster role binding", &[PRINT, DRY_RUN, FILES, SELECTOR, SET_COMMON, SET_SUBJECT]),
];

const ROLLOUT_SUBS: &[CommandSpec] = &[
    cmd("history", "View rollout history", &[PRINT, FILES, SELECTOR, ROLLOUT_HISTORY]),
    cmd("pause", "Mark the provided resource as paused", &[PRINT, FILES, SELECTOR, ROLLOUT_MANAGER]),
    cmd("restart", "Restart a resource", &[PRINT, FILES, SELECTOR, ROLLOUT_MANAGER]),
    cmd("resume", "Resume a paused resource", &[PRINT, FILES, SELECTOR, ROLLOUT_MANAGER]),
    cmd("status", "Show the status of the rollout", &[FILES, SELECTOR, ROLLOUT_STATUS]),
    cmd("undo", "Undo a previous rollout", &[PRINT, DRY_RUN, FILES, SELECTOR, ROLLOUT_UNDO]),
];

const CERTIFICATE: &[FlagSpec] = &[b("force", None, "false")];

const CERTIFICATE_SUBS: &[CommandSpec] = &[
    cmd("approve", "Approve a certificate signing request", &[PRINT, FILES, CERTIFICATE]),
    cmd("deny", "Deny a certificate signing request", &[PRINT, FILES, CERTIFICATE]),
];

const TOP_SUBS: &[CommandSpec] = &[
    cmd("node", "Display resource (CPU/memory) usage of nodes", &[SELECTOR, TOP_NODE]).aliases(&["nodes", "no"]),
    cmd("pod", "Display resource (CPU/memory) usage of pods", &[SELECTOR, TOP_POD]).aliases(&["pods", "po"]),
];

/// The root: `kubectl` and all its commands, sorted by name as cobra sorts them.
pub static KUBECTL: CommandSpec = CommandSpec {
    name: "kubectl",
    aliases: &[],
    short: "kubectl controls the Kubernetes cluster manager",
    flags: &[],
    group: false,
    supported: true,
    subcommands: &[
        cmd("annotate", "Update the annotations on a resource", &[PRINT, DRY_RUN, FILES, SELECTOR, LABEL_ANNOTATE, ANNOTATE_MANAGER, RECORD]),
        cmd("api-resources", "Print the supported API resources on the server", &[API_RESOURCES]),
        cmd("api-versions", "Print the supported API versions on the server, in the form of \"group/version\"", &[]),
        cmd("apply", "Apply a configuration to a resource by file name or stdin", &[PRINT, DRY_RUN, VALIDATE, FILES, SELECTOR, APPLY, RECORD]).subs(APPLY_SUBS, false),
        cmd("attach", "Attach to a running container", &[ATTACH]),
        cmd("auth", "Inspect authorization", &[]).subs(AUTH_SUBS, true),
        cmd("autoscale", "Auto-scale a deployment, replica set, stateful set, or replication controller", &[PRINT, DRY_RUN, FILES, AUTOSCALE, RECORD]),
        cmd("certificate", "Modify certificate resources", &[]).subs(CERTIFICATE_SUBS, true),
        cmd("cluster-info", "Display cluster information", &[]).subs(CLUSTER_INFO_SUBS, false),
        unsupported("completion", "Output shell completion code for the specified shell (bash, zsh, fish, or powershell)"),
        cmd("config", "Modify kubeconfig files", &[]).subs(CONFIG_SUBS, true),
        cmd("cordon", "Mark node as unschedulable", &[DRY_RUN, SELECTOR]),
        cmd("cp", "Copy files and directories to and from containers", &[CP]),
        cmd("create", "Create a resource from a file or from stdin", &[PRINT, DRY_RUN, VALIDATE, FILES, SELECTOR, CREATE, RECORD]).subs(CREATE_SUBS, false),
        cmd("debug", "Create debugging sessions for troubleshooting workloads and nodes", &[DEBUG]),
        cmd("delete", "Delete resources by file names, stdin, resources and names, or by resources and label selector", &[DRY_RUN, FILES, SELECTOR, DELETE]),
        cmd("describe", "Show details of a specific resource or group of resources", &[FILES, SELECTOR, DESCRIBE]),
        cmd("diff", "Diff the live version against a would-be applied version", &[FILES, SELECTOR, DIFF]),
        cmd("drain", "Drain node in preparation for maintenance", &[DRY_RUN, SELECTOR, DRAIN]),
        cmd("edit", "Edit a resource on the server", &[PRINT, VALIDATE, FILES, EDIT, RECORD]),
        cmd("events", "List events", &[PRINT, EVENTS]),
        cmd("exec", "Execute a command in a container", &[FILES_EXEC, EXEC]),
        cmd("explain", "Get documentation for a resource", &[EXPLAIN]),
        cmd("expose", "Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service", &[PRINT, DRY_RUN, FILES, EXPOSE, RECORD]),
        cmd("get", "Display one or many resources", &[PRINT, FILES, SELECTOR, GET]),
        cmd("kustomize", "Build a kustomization target from a directory or URL", &[KUSTOMIZE]),
        cmd("label", "Update the labels on a resource", &[PRINT, DRY_RUN, FILES, SELECTOR, LABEL_ANNOTATE, LABEL_MANAGER, RECORD]),
        cmd("logs", "Print the logs for a container in a pod", &[SELECTOR, LOGS]),
        cmd("options", "Print the list of flags inherited by all commands", &[]),
        cmd("patch", "Update fields of a resource", &[PRINT, DRY_RUN, FILES, PATCH, RECORD]),
        unsupported("plugin", "Provides utilities for interacting with plugins"),
        cmd("port-forward", "Forward one or more local ports to a pod", &[PORT_FORWARD]),
        cmd("proxy", "Run a proxy to the Kubernetes API server", &[PROXY]),
        cmd("replace", "Replace a resource by file name or stdin", &[PRINT, DRY_RUN, VALIDATE, FILES, REPLACE]),
        cmd("rollout", "Manage the rollout of a resource", &[]).subs(ROLLOUT_SUBS, true),
        cmd("run", "Run a particular image on the cluster", &[PRINT, DRY_RUN, FILES, RUN, RECORD]),
        cmd("scale", "Set a new size for a deployment, replica set, or replication controller", &[PRINT, DRY_RUN, FILES, SELECTOR, SCALE, RECORD]),
        cmd("set", "Set specific features on objects", &[]).subs(SET_SUBS, true),
        cmd("taint", "Update the taints on one or more nodes", &[PRINT, DRY_RUN, VALIDATE, SELECTOR, TAINT]),
        cmd("top", "Display resource (CPU/memory) usage", &[]).subs(TOP_SUBS, true),
        cmd("uncordon", "Mark node as schedulable", &[DRY_RUN, SELECTOR]),
        cmd("version", "Print the client and server version information", &[VERSION]),
        cmd("wait", "Experimental: Wait for a specific condition on one or many resources", &[PRINT, SELECTOR, WAIT]),
    ],
};

/// `kubectl create deployment` style path of a command.
pub fn path_of(chain: &[&CommandSpec]) -> String {
    chain.iter().map(|c| c.name).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_sorted_and_found_by_alias() {
        let names: Vec<_> = KUBECTL.subcommands.iter().map(|c| c.name).collect();
        let mut sorted = names.clone();
        kubeplay_model::sort::sort(&mut sorted);
        assert_eq!(names, sorted);
        let create = KUBECTL.find("create").unwrap();
        assert_eq!(create.find("deploy").unwrap().name, "deployment");
        assert_eq!(create.find("svc").unwrap().find("nodeport").unwrap().name, "nodeport");
        assert_eq!(KUBECTL.find("top").unwrap().find("po").unwrap().name, "pod");
        assert!(KUBECTL.find("apply").unwrap().find("view-last-applied").unwrap().supported);
        assert!(KUBECTL.find("apply").unwrap().find("set-last-applied").unwrap().supported);
        assert!(KUBECTL.find("apply").unwrap().find("edit-last-applied").unwrap().supported);
        assert!(KUBECTL.find("foo").is_none());
    }

    #[test]
    fn no_command_has_a_duplicate_flag() {
        fn check(c: &CommandSpec) {
            // A command's own flag may hide a global one of its name (pflag's inheritance).
            let own = || c.flags.iter().flat_map(|t| t.iter());
            let inherited = GLOBAL.iter().filter(|g| own().all(|f| f.name != g.name));
            let mut names: Vec<&str> = own().chain(inherited.clone()).map(|f| f.name).collect();
            let mut shorts: Vec<char> = own().chain(inherited).filter_map(|f| f.short).collect();
            let (n, s) = (names.len(), shorts.len());
            kubeplay_model::sort::sort(&mut names);
            names.dedup();
            kubeplay_model::sort::sort(&mut shorts);
            shorts.dedup();
            assert_eq!(names.len(), n, "duplicate flag name in {}", c.name);
            assert_eq!(shorts.len(), s, "duplicate shorthand in {}", c.name);
            c.subcommands.iter().for_each(check);
        }
        check(&KUBECTL);
    }
}
