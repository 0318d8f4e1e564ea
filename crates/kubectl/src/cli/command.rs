//! The typed commands a kubectl line resolves to. Everything the client
//! checks before talking to the server has been checked; what needs the
//! cluster (does the object exist, is the patch valid) is left to execution.

pub use super::resources::Targets;
use crate::print::output::OutputFormat;
use kubeplay_model::Kind;

/// A resolved `kubectl …` line.
#[derive(Clone, Debug, PartialEq)]
pub struct Invocation {
    pub command: Command,
    /// `-n/--namespace`, when given.
    pub namespace: Option<String>,
    /// `--context`: the kubeconfig context to use instead of the current one.
    pub context: Option<String>,
    /// The current kubeconfig context's namespace, which stands in for
    /// `-n` when it is not given (without `-n`'s say over manifests).
    pub context_namespace: Option<String>,
    /// Warnings kubectl prints to stderr before running (deprecated flags…).
    pub warnings: Vec<String>,
    /// `--record`: the `kubernetes.io/change-cause` value kubectl would write.
    pub change_cause: Option<String>,
    /// `--as`, `--as-group`, `--as-uid`: whom the requests impersonate.
    pub impersonate: Option<kubeplay_apiserver::authz::Impersonation>,
    /// `-k DIR`: kustomize prints its build's warnings before the command runs.
    pub kustomize: Option<String>,
    /// `--user`: the kubeconfig user to use instead of the context's.
    pub user: Option<String>,
    /// `--kubeconfig`: the file to load instead of the playground's own
    /// kubeconfig (`/root/.kube/config`, kept in memory).
    pub kubeconfig: Option<String>,
    /// Whom the API server authenticated the kubeconfig's credentials as
    /// (set by execution, not parsing); `None` for kind's own admin.
    pub authenticated: Option<Authenticated>,
}

/// An authenticated user and the extra attributes its authenticator adds
/// (a service-account token's credential id, its pod and node), by key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Authenticated {
    pub user: kubeplay_apiserver::authz::UserInfo,
    pub extra: Vec<(String, Vec<String>)>,
}

/// `--dry-run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DryRun {
    #[default]
    None,
    Client,
    Server,
}

/// `--validate`: the `fieldValidation` kubectl asks the API server for
/// (`cmdutil.GetValidationDirective`), i.e. what happens to fields the
/// kind does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FieldValidation {
    /// `strict` or `true` (the default): the request fails.
    #[default]
    Strict,
    /// `warn`: the server drops them and sends a warning per field.
    Warn,
    /// `ignore` or `false`: dropped silently.
    Ignore,
}

/// What every object-changing command shares.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WriteOptions {
    pub dry_run: DryRun,
    pub output: Option<OutputFormat>,
    pub field_manager: String,
    /// `--save-config`: record the object as the last-applied configuration.
    pub save_config: bool,
    pub validate: FieldValidation,
}

/// `--cascade`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cascade {
    Background,
    Foreground,
    Orphan,
}

/// One command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Get(Get),
    /// `get --raw PATH`.
    GetRaw(String),
    Describe(Describe),
    Apply(Apply),
    ViewLastApplied(ViewLastApplied),
    SetLastApplied(SetLastApplied),
    Diff(Diff),
    Create(Create),
    Run(Run),
    Expose(Expose),
    Delete(Delete),
    Edit(Edit),
    Patch(Patch),
    Replace(Replace),
    Scale(Scale),
    Autoscale(Autoscale),
    SetImage(SetImage),
    SetResources(SetResources),
    SetEnv(SetEnv),
    SetServiceAccount(SetServiceAccount),
    SetSelector(SetSelector),
    SetSubject(SetSubject),
    Label(MetaUpdate),
    Annotate(MetaUpdate),
    Taint(Taint),
    Cordon(NodeToggle),
    Uncordon(NodeToggle),
    Certificate(CertificateCmd),
    Drain(Drain),
    Rollout(Rollout),
    Logs(Logs),
    Exec(Exec),
    Attach(Attach),
    Cp(Cp),
    PortForward(PortForward),
    Proxy(Proxy),
    Debug(Debug),
    Top(Top),
    Wait(Wait),
    Explain(Explain),
    ApiResources(ApiResources),
    ApiVersions,
    Events(Events),
    Config(ConfigCommand),
    Version(Version),
    Kustomize(Kustomize),
    ClusterInfo,
    ClusterInfoDump(ClusterInfoDump),
    /// `--help`, or a command group without a subcommand: the playground's help for `path`.
    Help { path: String },
    /// `auth can-i`.
    CanI(CanI),
    /// `auth whoami`.
    Whoami { output: Option<OutputFormat> },
    /// `create token`.
    CreateToken(CreateToken),
    AuthReconcile(AuthReconcile),
}

/// `kubectl auth can-i`: the arguments and flags as given; kubectl checks
/// them while it talks to the server (its warnings come first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanI {
    pub args: Vec<String>,
    pub all_namespaces: bool,
    pub quiet: bool,
    pub list: bool,
    pub no_headers: bool,
    pub subresource: String,
}

/// `kubectl auth reconcile -f FILE`.
#[derive(Clone, Debug, PartialEq)]
pub struct AuthReconcile {
    pub files: Vec<String>,
    pub remove_extra_permissions: bool,
    pub remove_extra_subjects: bool,
    pub write: WriteOptions,
}

/// `kubectl create token SA`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreateToken {
    pub name: String,
    pub audiences: Vec<String>,
    /// `--duration` in milliseconds; 0 lets the server choose.
    pub duration_ms: i64,
    pub bound_kind: String,
    pub bound_name: String,
    pub bound_uid: String,
    pub output: Option<OutputFormat>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Get {
    pub targets: Targets,
    pub all_namespaces: bool,
    pub output: OutputFormat,
    pub no_headers: bool,
    pub show_labels: bool,
    pub label_columns: Vec<String>,
    pub show_kind: bool,
    pub sort_by: Option<String>,
    pub ignore_not_found: bool,
    pub watch: bool,
    pub watch_only: bool,
    /// `--output-watch-events`.
    pub watch_events: bool,
    pub subresource: Option<Subresource>,
    /// `--server-print` (default true); false: kubectl asks for plain
    /// objects and prints only NAME and AGE.
    pub server_print: bool,
}

/// The subresources `--subresource` names (kubectl v1.32's get, patch,
/// edit and replace know these two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subresource {
    Status,
    Scale,
}

impl Subresource {
    pub fn as_str(self) -> &'static str {
        match self {
            Subresource::Status => "status",
            Subresource::Scale => "scale",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Describe {
    pub targets: Targets,
    pub all_namespaces: bool,
    pub show_events: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Apply {
    pub files: Vec<String>,
    pub recursive: bool,
    pub selector: Option<String>,
    pub server_side: bool,
    pub force: bool,
    pub prune: bool,
    pub all: bool,
    pub write: WriteOptions,
}

/// `kubectl diff`.
#[derive(Clone, Debug, PartialEq)]
pub struct Diff {
    pub files: Vec<String>,
    pub selector: Option<String>,
}

/// `kubectl apply view-last-applied`.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewLastApplied {
    pub targets: Targets,
    pub output: LastAppliedFormat,
}

/// `kubectl apply set-last-applied`: only `-f`, no `-k` or `-R`.
#[derive(Clone, Debug, PartialEq)]
pub struct SetLastApplied {
    pub files: Vec<String>,
    pub create_annotation: bool,
    pub write: WriteOptions,
}

/// `apply view-last-applied -o`. kubectl checks it only when it has a
/// configuration to print, so a wrong value is kept for execution to report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LastAppliedFormat {
    Yaml,
    Json,
    Unexpected(String),
}

/// `kubectl create …`.
#[derive(Clone, Debug, PartialEq)]
pub struct Create {
    pub what: CreateWhat,
    pub write: WriteOptions,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CreateWhat {
    /// `create -f FILE`.
    Files { files: Vec<String>, recursive: bool, edit: bool, selector: Option<String> },
    Deployment { name: String, images: Vec<String>, port: Option<i32>, replicas: i32, command: Vec<String> },
    Service { name: String, type_: ServiceType, ports: Vec<TcpPort>, cluster_ip: Option<String>, node_port: i64, external_name: Option<String> },
    Job { name: String, image: Option<String>, from: Option<String>, command: Vec<String> },
    CronJob { name: String, image: String, schedule: String, restart: Option<String>, command: Vec<String> },
    Namespace { name: String },
    ServiceAccount { name: String },
    ConfigMap { name: String, data: DataSources },
    Secret { name: String, type_: Option<String>, data: DataSources },
    /// `create poddisruptionbudget`: exactly one of the two bounds, as
    /// written (a number or a percentage).
    PodDisruptionBudget { name: String, selector: kubeplay_model::LabelSelector, min_available: Option<String>, max_unavailable: Option<String> },
    PriorityClass { name: String, value: i32, global_default: bool, description: String, preemption_policy: String },
    /// `create ingress`: the flags as given, once kubectl's checks passed.
    Ingress { name: String, class: String, default_backend: String, rules: Vec<String>, annotations: Vec<String> },
    /// `create role` and `create clusterrole` (`cluster`): the flags as
    /// given; kubectl's checks need discovery, so they run with the command.
    Role {
        name: String,
        cluster: bool,
        verbs: Vec<String>,
        resources: Vec<String>,
        resource_names: Vec<String>,
        non_resource_urls: Vec<String>,
        aggregation: Vec<(String, String)>,
    },
    /// `create rolebinding` and `create clusterrolebinding` (`cluster`).
    RoleBinding { name: String, cluster: bool, role: String, cluster_role: String, users: Vec<String>, groups: Vec<String>, service_accounts: Vec<String> },
    /// `create secret docker-registry` from credentials.
    DockerRegistrySecret { name: String, server: String, username: String, password: String, email: String, append_hash: bool },
    /// `create secret tls`: the certificate's and the key's file paths.
    TlsSecret { name: String, cert: String, key: String, append_hash: bool },
    /// `create quota`: the limits in the order given (a later one for the
    /// same resource wins), quantities checked.
    Quota { name: String, hard: Vec<(String, kubeplay_model::Quantity)>, scopes: Vec<String> },
}

/// `create service <type>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServiceType {
    ClusterIp,
    NodePort,
    LoadBalancer,
    ExternalName,
}

/// One `--tcp=port[:targetPort]` of `create service`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TcpPort {
    pub port: i32,
    /// The target as written: a number or a port name.
    pub target: String,
    /// The port's name kubectl derives: `80-8080`, or `80` when no target.
    pub name: String,
}

/// `--from-literal`, `--from-file`, `--from-env-file`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DataSources {
    /// As given (`key=value`): parsed when the object is built, in
    /// kubectl's order of sources.
    pub literals: Vec<String>,
    pub files: Vec<String>,
    pub env_files: Vec<String>,
    pub append_hash: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub name: String,
    pub image: String,
    pub port: Option<i32>,
    pub env: Vec<(String, String)>,
    pub labels: Vec<(String, String)>,
    pub annotations: Vec<(String, String)>,
    pub restart: String,
    /// Positional arguments after the name (args, or the command with `--command`).
    pub args: Vec<String>,
    pub command: bool,
    pub image_pull_policy: Option<String>,
    /// `--privileged`: the container's `securityContext.privileged`.
    pub privileged: bool,
    pub expose: bool,
    pub rm: bool,
    pub stdin: bool,
    pub tty: bool,
    pub attach: bool,
    /// `--leave-stdin-open`.
    pub leave_stdin_open: bool,
    /// `-q/--quiet`: no prompt messages while attached.
    pub quiet: bool,
    /// `--pod-running-timeout`, in milliseconds.
    pub pod_running_timeout_ms: i64,
    pub overrides: Option<String>,
    /// `--override-type`: `merge`, `strategic` or `json`.
    pub override_type: String,
    pub write: WriteOptions,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expose {
    pub targets: Targets,
    pub port: Option<String>,
    pub target_port: Option<String>,
    pub protocol: Option<String>,
    pub name: Option<String>,
    pub type_: Option<String>,
    pub labels: Option<String>,
    pub selector: Option<String>,
    pub cluster_ip: Option<String>,
    pub external_ip: Option<String>,
    pub load_balancer_ip: Option<String>,
    pub session_affinity: Option<String>,
    pub overrides: Option<String>,
    pub override_type: String,
    pub write: WriteOptions,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Delete {
    pub targets: Targets,
    pub all_namespaces: bool,
    pub cascade: Cascade,
    /// `--grace-period` (with `--now` as 1 and `--force` without a period as 0); None = the object's default.
    pub grace_period: Option<i64>,
    pub force: bool,
    pub wait: bool,
    pub timeout_ms: i64,
    pub ignore_not_found: bool,
    pub dry_run: DryRun,
    pub output_name: bool,
    /// `-i`: list what would go and delete only if standard input says `y`.
    pub interactive: bool,
}

/// `kubectl edit` and `kubectl apply edit-last-applied`.
#[derive(Clone, Debug, PartialEq)]
pub struct Edit {
    pub targets: Targets,
    /// `-o`: also what the editor shows (JSON for `json`, else YAML).
    pub output: Option<OutputFormat>,
    /// `-o` as typed, which the editor's printer quotes when it has no
    /// such format.
    pub output_flag: String,
    pub output_patch: bool,
    pub save_config: bool,
    /// `--subresource=status` (edit supports no other).
    pub subresource: Option<Subresource>,
    pub field_manager: String,
    pub validate: FieldValidation,
    pub windows_line_endings: bool,
    /// `apply edit-last-applied`: the last-applied annotations are edited.
    pub last_applied: bool,
}

/// `patch --type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatchType {
    Json,
    Merge,
    Strategic,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Patch {
    pub targets: Targets,
    /// The patch text from `-p`, or None when it comes from `--patch-file`.
    pub patch: Option<String>,
    pub patch_file: Option<String>,
    pub type_: PatchType,
    pub local: bool,
    pub subresource: Option<Subresource>,
    pub write: WriteOptions,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Replace {
    pub files: Vec<String>,
    pub recursive: bool,
    pub force: bool,
    pub cascade: Cascade,
    pub grace_period: Option<i64>,
    pub write: WriteOptions,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scale {
    pub targets: Targets,
    pub replicas: i64,
    pub current_replicas: Option<i64>,
    pub resource_version: Option<String>,
    pub timeout_ms: i64,
    pub write: WriteOptions,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Autoscale {
    pub targets: Targets,
    pub min: Option<i32>,
    pub max: i32,
    pub cpu_percent: Option<i32>,
    pub name: Option<String>,
    pub write: WriteOptions,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SetImage {
    pub targets: Targets,
    /// `container=image` pairs; container `*` means every container.
    pub images: Vec<(String, String)>,
    pub local: bool,
    pub write: WriteOptions,
}

/// `set serviceaccount TARGETS NAME`.
#[derive(Clone, Debug, PartialEq)]
pub struct SetServiceAccount {
    pub targets: Targets,
    pub name: String,
    pub local: bool,
    pub write: WriteOptions,
}

/// `set subject TARGETS`: users, groups and service accounts added to bindings.
#[derive(Clone, Debug, PartialEq)]
pub struct SetSubject {
    pub targets: Targets,
    pub users: Vec<String>,
    pub groups: Vec<String>,
    pub service_accounts: Vec<String>,
    pub local: bool,
    pub write: WriteOptions,
}

/// `set selector TARGETS EXPRESSIONS`: a Service's whole selector replaced.
#[derive(Clone, Debug, PartialEq)]
pub struct SetSelector {
    pub targets: Targets,
    pub selector: kubeplay_model::selector::LabelSelector,
    pub local: bool,
    pub resource_version: Option<String>,
    pub write: WriteOptions,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SetResources {
    pub targets: Targets,
    /// `-c`: a container name or glob (`*`).
    pub containers: String,
    pub limits: Vec<(String, String)>,
    pub requests: Vec<(String, String)>,
    pub local: bool,
    pub write: WriteOptions,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SetEnv {
    pub targets: Targets,
    pub containers: String,
    pub set: Vec<(String, String)>,
    /// `-e -`: where the settings read from standard input go in `set`.
    pub stdin_at: Option<usize>,
    /// `NAME-` removals.
    pub remove: Vec<String>,
    pub from: Option<String>,
    pub keys: Vec<String>,
    pub prefix: Option<String>,
    pub list: bool,
    pub overwrite: bool,
    pub resolve: bool,
    pub local: bool,
    pub write: WriteOptions,
}

/// `label` / `annotate`.
#[derive(Clone, Debug, PartialEq)]
pub struct MetaUpdate {
    pub targets: Targets,
    pub all_namespaces: bool,
    pub set: Vec<(String, String)>,
    pub remove: Vec<String>,
    pub overwrite: bool,
    pub list: bool,
    pub local: bool,
    pub resource_version: Option<String>,
    pub write: WriteOptions,
}

/// One `key[=value]:Effect` of `kubectl taint`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaintSpec {
    pub key: String,
    pub value: Option<String>,
    pub effect: String,
}

/// One `key[:Effect]-` removal of `kubectl taint`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaintRemoval {
    pub key: String,
    pub effect: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Taint {
    pub targets: Targets,
    pub add: Vec<TaintSpec>,
    pub remove: Vec<TaintRemoval>,
    pub overwrite: bool,
    pub write: WriteOptions,
}

/// `cordon` / `uncordon`.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeToggle {
    pub targets: Targets,
    pub dry_run: DryRun,
}

/// `kubectl certificate approve|deny`.
#[derive(Clone, Debug, PartialEq)]
pub struct CertificateCmd {
    pub approve: bool,
    pub targets: Targets,
    /// `--force`: write the condition even when it is already there.
    pub force: bool,
    pub output: Option<OutputFormat>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Drain {
    pub targets: Targets,
    pub force: bool,
    pub ignore_daemonsets: bool,
    pub delete_emptydir_data: bool,
    pub disable_eviction: bool,
    pub grace_period: Option<i64>,
    pub timeout_ms: i64,
    pub pod_selector: Option<String>,
    /// `--skip-wait-for-delete-timeout` in seconds (0: never skip).
    pub skip_wait_for_delete_timeout: i64,
    pub dry_run: DryRun,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Rollout {
    pub targets: Targets,
    pub action: RolloutAction,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RolloutAction {
    Status { revision: Option<i64>, watch: bool, timeout_ms: i64 },
    History { revision: Option<i64>, output: Option<OutputFormat> },
    Undo { to_revision: Option<i64>, write: WriteOptions },
    Pause { output: Option<OutputFormat> },
    Resume { output: Option<OutputFormat> },
    Restart { output: Option<OutputFormat> },
}

/// `kubectl logs`, as Complete leaves it: the flags kubectl's Validate
/// checks are kept raw, since Validate runs only after the object is found.
#[derive(Clone, Debug, PartialEq)]
pub struct Logs {
    /// `POD`, or `TYPE/NAME` (a workload whose pod is picked).
    pub object: Option<(Kind, String)>,
    pub selector: Option<String>,
    pub container: Option<String>,
    /// `-c` was given as well as an inline `[CONTAINER]` argument.
    pub container_twice: bool,
    pub all_containers: bool,
    /// `--all-pods`: every pod of a workload, each line prefixed.
    pub all_pods: bool,
    pub previous: bool,
    pub follow: bool,
    /// Lines from the end (`None`: all); below -1 is refused by Validate.
    pub tail: Option<i64>,
    /// `--since`, rounded to whole seconds (0: not given; negative is refused).
    pub since_ms: i64,
    /// `--since-time`, parsed.
    pub since_time: Option<kubeplay_model::Time>,
    pub limit_bytes: i64,
    pub max_log_requests: i64,
    pub timestamps: bool,
    pub prefix: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Top {
    Nodes { name: Option<String>, selector: Option<String>, no_headers: bool, sort_by: Option<String>, show_capacity: bool },
    Pods { name: Option<String>, selector: Option<String>, all_namespaces: bool, containers: bool, no_headers: bool, sort_by: Option<String>, sum: bool },
}

/// `wait --for=…`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaitFor {
    Delete,
    Create,
    /// `condition=Available[=true]`: the condition type and the wanted status (lower-cased as kubectl compares).
    Condition { type_: String, status: String },
    /// `jsonpath='{.status.phase}'=Running`; no value waits for the field to exist.
    JsonPath { path: String, value: Option<String> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Wait {
    pub targets: Targets,
    pub all_namespaces: bool,
    pub for_: WaitFor,
    pub timeout_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explain {
    /// `pods.spec.containers`: the resource then field path.
    pub kind: Kind,
    pub fields: Vec<String>,
    pub recursive: bool,
    pub api_version: Option<String>,
}

/// `kubectl config …`, on the playground's kubeconfig.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigCommand {
    CurrentContext,
    /// `get-contexts [NAME...]`: every context, or the named ones in the
    /// order given (each missing one an error).
    GetContexts { names: Vec<String>, no_headers: bool, names_only: bool },
    GetClusters,
    GetUsers,
    UseContext(String),
    /// `set-context NAME` or `--current` (`name: None`); each field when given.
    SetContext { name: Option<String>, cluster: Option<String>, user: Option<String>, namespace: Option<String> },
    DeleteContext(String),
    RenameContext { from: String, to: String },
    /// `view`; `--minify` keeps the current context's parts, or those of
    /// the context `--context` names; `--raw` shows the credentials,
    /// `--flatten` reads the files the kubeconfig names into it.
    View { minify: bool, context: Option<String>, output: OutputFormat, raw: bool, flatten: bool },
    /// `set-cluster NAME`: each field when its flag is given.
    SetCluster(Box<SetCluster>),
    /// `set-credentials NAME`: each field when its flag is given.
    SetCredentials(Box<SetCredentials>),
    DeleteCluster(String),
    /// `delete-user NAME` (`None`: no name given).
    DeleteUser(Option<String>),
    /// `set PROPERTY VALUE`; `raw_bytes`: `--set-raw-bytes` (a `…-data`
    /// value is taken as is, not base64-decoded).
    Set { property: String, value: String, raw_bytes: bool },
    Unset { property: String },
    /// A command that reads the user's files, with what it read: (path as
    /// given, its text or `None` when there is no such file). Execution
    /// fills these in before the kubeconfig's keeper runs the command.
    Files { command: Box<ConfigCommand>, files: Vec<(String, Option<String>)> },
    /// A subcommand given the wrong number of arguments: kubectl prints its
    /// help, then (unless it only wants help) `error: …`.
    Usage { path: String, error: Option<String> },
}

/// `kubectl config set-cluster`'s flags, each `Some` when given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetCluster {
    pub name: String,
    pub server: Option<String>,
    pub tls_server_name: Option<String>,
    pub insecure_skip_tls_verify: Option<bool>,
    pub certificate_authority: Option<String>,
    pub embed_certs: bool,
    pub proxy_url: Option<String>,
}

/// `kubectl config set-credentials`'s flags, each `Some` when given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetCredentials {
    pub name: String,
    pub client_certificate: Option<String>,
    pub client_key: Option<String>,
    pub token: Option<String>,
    pub username: Option<String>,
    pub password: Option<String>,
    pub embed_certs: bool,
    pub auth_provider: Option<String>,
    /// `--auth-provider-arg`: `key=value` pairs to set, `key-` to remove.
    pub auth_provider_args: Vec<(String, String)>,
    pub auth_provider_args_to_remove: Vec<String>,
    pub exec_command: Option<String>,
    pub exec_api_version: Option<String>,
    /// `--exec-arg`, when given (the whole list replaces the old one).
    pub exec_args: Option<Vec<String>>,
    pub exec_env: Vec<(String, String)>,
    pub exec_env_to_remove: Vec<String>,
}

/// `kubectl cluster-info dump`, as Complete leaves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClusterInfoDump {
    /// The printer; `Name` also for `-o ''` (kubectl's name printer
    /// either way, which refuses the typed lists the dump prints).
    pub output: OutputFormat,
    /// `-o` as typed: the files' extension follows the word, not the printer.
    pub output_word: String,
    /// `--output-directory`: empty or `-` is standard output.
    pub output_directory: String,
    /// `--namespaces`, as given (empty: the current namespace and kube-system).
    pub namespaces: Vec<String>,
    pub all_namespaces: bool,
    pub show_managed_fields: bool,
}

/// `kubectl events`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Events {
    pub all_namespaces: bool,
    /// `--for TYPE/NAME`: only events about that object (by kind and name).
    pub for_object: Option<(kubeplay_model::Kind, String)>,
    /// `--types`, sorted and deduplicated, as written (matched ignoring case).
    pub types: Vec<String>,
    pub no_headers: bool,
    pub watch: bool,
    /// `-o`: the objects printers only (no tables, wide or custom columns).
    pub output: Option<OutputFormat>,
    pub show_managed_fields: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiResources {
    /// `--namespaced=true|false` when given.
    pub namespaced: Option<bool>,
    /// `--api-group` when given (`Some("")` is the core group).
    pub api_group: Option<String>,
    pub no_headers: bool,
    /// `wide` or `name`, when given.
    pub output: Option<String>,
    pub sort_by: Option<String>,
    pub verbs: Vec<String>,
    /// `--categories`: only resources in all of these categories.
    pub categories: Vec<String>,
}

/// `kubectl kustomize [DIR]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kustomize {
    pub dir: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    pub client_only: bool,
    /// `yaml` or `json`, when given.
    pub output: Option<String>,
}

/// `kubectl exec (POD | TYPE/NAME) [-c CONTAINER] -- COMMAND [args...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exec {
    pub kind: Kind,
    pub name: String,
    pub container: Option<String>,
    pub command: Vec<String>,
    pub quiet: bool,
    /// `-i` and `-t`: a shell then reads the terminal's lines.
    pub stdin: bool,
    pub tty: bool,
}

/// `kubectl cp SRC DEST`: one side local, the other `[[NS/]POD:]PATH`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cp {
    pub src: String,
    pub dest: String,
    pub container: Option<String>,
    pub no_preserve: bool,
    pub retries: i64,
}

/// `kubectl attach (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attach {
    pub kind: Kind,
    pub name: String,
    pub container: Option<String>,
    pub stdin: bool,
    pub tty: bool,
    pub quiet: bool,
}

/// `kubectl port-forward TYPE/NAME [LOCAL:]REMOTE...`: what Complete
/// resolves before it needs the cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortForward {
    pub kind: Kind,
    pub name: String,
    /// The port specs as typed (`8080:80`, `:5000`, `http`).
    pub ports: Vec<String>,
    /// `--address`: `localhost` or IPs.
    pub addresses: Vec<String>,
    /// `--pod-running-timeout`, in milliseconds.
    pub timeout_ms: i64,
}

/// `kubectl proxy`: its flags once Complete has normalised them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proxy {
    /// `--port`/`-p` as typed (0: the system picks one).
    pub port: i64,
    pub address: String,
    /// `--api-prefix`, ending in `/`.
    pub api_prefix: String,
    /// `--www`/`-w`: static files the playground has no directory for.
    pub www: String,
    pub unix_socket: String,
    pub disable_filter: bool,
    /// `--accept-hosts`, `--accept-paths`, `--reject-paths`, `--reject-methods`.
    pub accept_hosts: String,
    pub accept_paths: String,
    pub reject_paths: String,
    pub reject_methods: String,
}

/// `kubectl debug`'s debugging profile (`--profile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugProfile {
    Legacy,
    General,
    Baseline,
    Restricted,
    Netadmin,
    Sysadmin,
}

/// `--keep-*`: what a pod copy keeps of the original (the profiles other
/// than `legacy` drop the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DebugKeep {
    pub labels: bool,
    pub annotations: bool,
    pub liveness: bool,
    pub readiness: bool,
    pub startup: bool,
    pub init_containers: bool,
}

/// `kubectl debug`, as its `Complete` leaves it: `Validate`'s checks run
/// with the command, since one of them prints.
#[derive(Clone, Debug, PartialEq)]
pub struct Debug {
    /// `POD` or `TYPE/NAME`, as given.
    pub targets: Vec<String>,
    pub files: Vec<String>,
    /// The words after `--`.
    pub args: Vec<String>,
    pub args_only: bool,
    pub attach: bool,
    /// `--attach` was given (not implied by `-i`).
    pub attach_changed: bool,
    pub container: Option<String>,
    pub copy_to: Option<String>,
    pub replace: bool,
    /// `--env`, sorted by name (kubectl reads them from a Go map).
    pub env: Vec<(String, String)>,
    pub image: Option<String>,
    pub interactive: bool,
    pub tty: bool,
    pub keep: DebugKeep,
    pub pull_policy: Option<String>,
    pub quiet: bool,
    pub same_node: bool,
    /// `--set-image` as `container=image`, by container name.
    pub set_images: Vec<(String, String)>,
    /// `--share-processes`, when given.
    pub share_processes: Option<bool>,
    pub target_container: Option<String>,
    pub profile: DebugProfile,
    pub custom: Option<String>,
}

/// The command as a user names it (`kubectl rollout undo`), for messages.
pub fn command_name(cmd: &Command) -> String {
    let name = match cmd {
        Command::Get(_) | Command::GetRaw(_) => "get",
        Command::Describe(_) => "describe",
        Command::Apply(_) => "apply",
        Command::ViewLastApplied(_) => "apply view-last-applied",
        Command::SetLastApplied(_) => "apply set-last-applied",
        Command::Diff(_) => "diff",
        Command::Create(_) => "create",
        Command::Run(_) => "run",
        Command::Expose(_) => "expose",
        Command::Delete(_) => "delete",
        Command::Edit(_) => "edit",
        Command::Patch(_) => "patch",
        Command::Replace(_) => "replace",
        Command::Scale(_) => "scale",
        Command::Autoscale(_) => "autoscale",
        Command::SetImage(_) => "set image",
        Command::SetResources(_) => "set resources",
        Command::SetEnv(_) => "set env",
        Command::SetServiceAccount(_) => "set serviceaccount",
        Command::SetSelector(_) => "set selector",
        Command::SetSubject(_) => "set subject",
        Command::Label(_) => "label",
        Command::Annotate(_) => "annotate",
        Command::Taint(_) => "taint",
        Command::Cordon(_) => "cordon",
        Command::Certificate(c) if c.approve => "certificate approve",
        Command::Certificate(_) => "certificate deny",
        Command::Uncordon(_) => "uncordon",
        Command::Drain(_) => "drain",
        Command::Rollout(_) => "rollout",
        Command::Logs(_) => "logs",
        Command::Exec(_) => "exec",
        Command::Attach(_) => "attach",
        Command::Cp(_) => "cp",
        Command::PortForward(_) => "port-forward",
        Command::Proxy(_) => "proxy",
        Command::Debug(_) => "debug",
        Command::Top(_) => "top",
        Command::Wait(_) => "wait",
        Command::Explain(_) => "explain",
        Command::ApiResources(_) => "api-resources",
        Command::ApiVersions => "api-versions",
        Command::Config(_) => "config",
        Command::Events(_) => "events",
        Command::Version(_) => "version",
        Command::Kustomize(_) => "kustomize",
        Command::ClusterInfo => "cluster-info",
        Command::ClusterInfoDump(_) => "cluster-info dump",
        Command::Help { .. } => "help",
        Command::CanI(_) => "auth can-i",
        Command::Whoami { .. } => "auth whoami",
        Command::CreateToken(_) => "create token",
        Command::AuthReconcile(_) => "auth reconcile",
    };
    format!("kubectl {name}")
}
