//! `kubectl config …` on the playground's one kubeconfig, kept in memory
//! by whoever runs the terminal: kind's cluster and user, and the
//! clusters, users and contexts a user adds, switches, renames and
//! deletes. The current context's namespace is the namespace commands use
//! without `-n`; a context whose cluster is not kind's API server leaves
//! kubectl talking to nothing; its user's credentials are what the API
//! server authenticates (`config_authn`).
//!
//! The editing commands are in `config_edit`, `view` in `config_view`.

use super::Output;
use crate::cli::ConfigCommand;
use crate::print::tabwriter::TabWriter;

/// kind's name for the cluster, its user and its context.
pub const CLUSTER: &str = "kind-kubeplay";
/// Where kubectl says the file is (messages name the file they changed).
pub(super) const PATH: &str = "/root/.kube/config";
/// The directory relative file names are taken from (kubectl writes them
/// into the file as absolute paths).
pub(super) const HOME: &str = "/root";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    pub name: String,
    pub cluster: String,
    pub user: String,
    pub namespace: String,
}

/// A `clusters` entry (clientcmd's `Cluster`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cluster {
    pub name: String,
    pub server: String,
    pub tls_server_name: String,
    pub insecure_skip_tls_verify: bool,
    pub certificate_authority: String,
    pub certificate_authority_data: Vec<u8>,
    pub proxy_url: String,
    pub disable_compression: bool,
}

/// A `users` entry (clientcmd's `AuthInfo`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuthInfo {
    pub name: String,
    pub client_certificate: String,
    pub client_certificate_data: Vec<u8>,
    pub client_key: String,
    pub client_key_data: Vec<u8>,
    pub token: String,
    pub username: String,
    pub password: String,
    pub auth_provider: Option<AuthProvider>,
    pub exec: Option<ExecConfig>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuthProvider {
    pub name: String,
    /// Sorted by key (a Go map).
    pub config: Vec<(String, String)>,
}

/// An exec credential plugin: kept and shown, never run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExecConfig {
    pub command: String,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    pub api_version: String,
}

/// The kubeconfig: contexts, clusters and users by name, and the current
/// context's name (which may name a context since deleted, as a real
/// kubeconfig's may).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kubeconfig {
    pub current: String,
    pub contexts: Vec<Context>,
    pub clusters: Vec<Cluster>,
    pub users: Vec<AuthInfo>,
    /// `preferences.colors`.
    pub colors: bool,
    /// `$KUBECONFIG` as the terminal's environment has it for the line
    /// about to run (the front end sets it): when it lists files, kubectl
    /// loads and changes those instead (see `config_file`), this one among
    /// them only where the list names `/root/.kube/config`.
    pub env: Option<String>,
}

impl Default for Kubeconfig {
    fn default() -> Kubeconfig {
        Kubeconfig {
            current: CLUSTER.into(),
            contexts: vec![Context { name: CLUSTER.into(), cluster: CLUSTER.into(), user: CLUSTER.into(), namespace: String::new() }],
            clusters: vec![kind_cluster()],
            users: vec![kind_user()],
            colors: false,
            env: None,
        }
    }
}

/// kind's cluster: its API server, and the cluster CA every pod's
/// `kube-root-ca.crt` holds.
pub fn kind_cluster() -> Cluster {
    let ca = match kubeplay_engine::controllers::rootca::root_ca_config_map("kube-system") {
        kubeplay_model::Object::ConfigMap(cm) => cm.data.get("ca.crt").cloned().unwrap_or_default(),
        _ => String::new(),
    };
    Cluster { name: CLUSTER.into(), server: super::discovery::SERVER_URL.into(), certificate_authority_data: ca.into_bytes(), ..Default::default() }
}

/// kind's user: admin.conf's client certificate and key (see
/// [`super::config_admin`]).
pub fn kind_user() -> AuthInfo {
    let (cert, key) = super::config_admin::credentials();
    AuthInfo { name: CLUSTER.into(), client_certificate_data: cert.into_bytes(), client_key_data: key.into_bytes(), ..Default::default() }
}

/// `filepath.Abs` from the home directory, the path cleaned as Go cleans it.
pub(super) fn absolute(path: &str) -> String {
    if path.is_empty() {
        return String::new();
    }
    super::pod_exec::normalize(HOME, path)
}

/// The kubeconfig's directory: kubectl writes a path below it relative to
/// it, and reads relative paths from it.
const DIR: &str = "/root/.kube";

/// A path as kubectl writes it into the file (`RelativizePathWithNoBacksteps`):
/// relative to the file's directory unless that needs a `../` (Go's check
/// lets a bare `..` through).
pub(super) fn stored(absolute_path: &str) -> String {
    match absolute_path.strip_prefix(DIR) {
        Some("") => ".".into(),
        Some(rest) if rest.starts_with('/') => rest[1..].to_string(),
        _ if absolute_path == HOME => "..".into(),
        _ => absolute_path.to_string(),
    }
}

/// A path from the file, as kubectl resolves it: relative to the file's directory.
pub(super) fn resolved(path: &str) -> String {
    if path.starts_with('/') {
        absolute(path)
    } else {
        absolute(&format!("{DIR}/{path}"))
    }
}

/// The playground's file for an absolute path: files live under the home
/// directory; anything elsewhere is not there.
pub(super) fn file_name(absolute_path: &str) -> Option<&str> {
    absolute_path.strip_prefix(HOME).and_then(|p| p.strip_prefix('/')).filter(|p| !p.is_empty())
}

impl Kubeconfig {
    pub(super) fn context(&self, name: &str) -> Option<&Context> {
        self.contexts.iter().find(|c| c.name == name)
    }

    pub(super) fn cluster(&self, name: &str) -> Option<&Cluster> {
        self.clusters.iter().find(|c| c.name == name)
    }

    pub(super) fn user(&self, name: &str) -> Option<&AuthInfo> {
        self.users.iter().find(|c| c.name == name)
    }

    /// The current context's namespace, when it sets one.
    pub fn namespace(&self) -> Option<&str> {
        self.namespace_in(&self.current)
    }

    /// A context's namespace, when it sets one.
    pub fn namespace_in(&self, context: &str) -> Option<&str> {
        self.context(context).map(|c| c.namespace.as_str()).filter(|n| !n.is_empty())
    }

    /// Whether kubectl reaches the cluster through the current context; the
    /// error it prints when it does not.
    pub fn reach(&self) -> Result<(), String> {
        self.reach_in(&self.current)
    }

    /// [`Kubeconfig::reach`] through a named context (`--context`): the
    /// context's cluster must be one whose server is kind's API server.
    /// Without a server kubectl falls back to localhost:8080.
    pub fn reach_in(&self, context: &str) -> Result<(), String> {
        let refused = |host: &str| format!("The connection to the server {host} was refused - did you specify the right host or port?");
        match self.context(context) {
            None if context.is_empty() => Err(refused("localhost:8080")),
            None => Err(format!("Error in configuration: context was not found for specified context: {context}")),
            Some(c) => match self.cluster(&c.cluster).map(|c| c.server.as_str()) {
                Some(super::discovery::SERVER_URL) => Ok(()),
                None | Some("") => Err(refused("localhost:8080")),
                // Nothing else listens: the URL's host (and port, if it names one).
                Some(server) => {
                    let rest = server.split_once("://").map_or(server, |(_, r)| r);
                    Err(refused(rest.split(['/', '?', '#']).next().unwrap_or(rest)))
                }
            },
        }
    }

    /// Whether a context's cluster names a server (else kubectl falls
    /// back to localhost:8080, over plain HTTP, without credentials).
    pub fn has_server(&self, context: &str) -> bool {
        self.context(context).and_then(|c| self.cluster(&c.cluster)).is_some_and(|c| !c.server.is_empty())
    }

    /// The files a command reads, as absolute paths: `--embed-certs`'s,
    /// and for `view --flatten` every file the kubeconfig names.
    pub fn files_read_by(&self, cmd: &ConfigCommand) -> Vec<String> {
        match cmd {
            ConfigCommand::SetCluster(s) if s.embed_certs => s.certificate_authority.iter().map(|p| absolute(p)).collect(),
            ConfigCommand::SetCredentials(s) if s.embed_certs => s.client_certificate.iter().chain(&s.client_key).map(|p| absolute(p)).collect(),
            ConfigCommand::View { flatten: true, .. } => {
                let clusters = self.clusters.iter().map(|c| &c.certificate_authority);
                let users = self.users.iter().flat_map(|u| [&u.client_certificate, &u.client_key]);
                clusters.chain(users).filter(|p| !p.is_empty()).map(|p| resolved(p)).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// Runs a `kubectl config` subcommand, changing `kc` as kubectl would
/// change the file.
pub fn run(cmd: &ConfigCommand, kc: &mut Kubeconfig, out: &mut Output) {
    run_with(cmd, kc, &[], out)
}

/// [`run`] with the files the command read (see [`ConfigCommand::Files`]).
fn run_with(cmd: &ConfigCommand, kc: &mut Kubeconfig, files: &[(String, Option<String>)], out: &mut Output) {
    match cmd {
        ConfigCommand::Files { command, files } => run_with(command, kc, files, out),
        ConfigCommand::CurrentContext => {
            if kc.current.is_empty() {
                out.error("error: current-context is not set");
            } else {
                out.out(&kc.current);
            }
        }
        // Go ranges over the map, in no fixed order: sorted here.
        ConfigCommand::GetClusters => names(kc.clusters.iter().map(|c| c.name.as_str()), out),
        ConfigCommand::GetUsers => names(kc.users.iter().map(|u| u.name.as_str()), out),
        ConfigCommand::GetContexts { names, no_headers, names_only } => get_contexts(kc, names, *no_headers, *names_only, out),
        ConfigCommand::Usage { path, error } => {
            out.stdout.push_str(&super::help::text(path));
            if let Some(e) = error {
                out.error(&format!("error: {e}"));
            }
        }
        ConfigCommand::UseContext(name) => {
            if kc.context(name).is_none() {
                out.error(&format!("error: no context exists with the name: {}", crate::gofmt::quote(name)));
                return;
            }
            kc.current = name.clone();
            out.out(&format!("Switched to context {}.", crate::gofmt::quote(name)));
        }
        ConfigCommand::SetContext { name, cluster, user, namespace } => {
            let name = match name {
                Some(n) => n.clone(),
                None if kc.current.is_empty() => return out.error("error: no current context is set"),
                None => kc.current.clone(),
            };
            let existed = kc.context(&name).is_some();
            if !existed {
                kc.contexts.push(Context { name: name.clone(), cluster: String::new(), user: String::new(), namespace: String::new() });
            }
            if let Some(c) = kc.contexts.iter_mut().find(|c| c.name == name) {
                for (field, value) in [(&mut c.cluster, cluster), (&mut c.user, user), (&mut c.namespace, namespace)] {
                    if let Some(v) = value {
                        *field = v.clone();
                    }
                }
            }
            out.out(&format!("Context {} {}.", crate::gofmt::quote(&name), if existed { "modified" } else { "created" }));
        }
        ConfigCommand::DeleteContext(name) => {
            let Some(at) = kc.contexts.iter().position(|c| &c.name == name) else {
                return out.error(&format!("error: cannot delete context {name}, not in {PATH}"));
            };
            if kc.current == *name {
                out.note("warning: this removed your active context, use \"kubectl config use-context\" to select a different one");
            }
            kc.contexts.remove(at);
            out.out(&format!("deleted context {name} from {PATH}"));
        }
        ConfigCommand::RenameContext { from, to } => {
            if kc.context(from).is_none() {
                return out.error(&format!("error: cannot rename the context {}, it's not in {PATH}", crate::gofmt::quote(from)));
            }
            if kc.context(to).is_some() {
                return out.error(&format!("error: cannot rename the context {}, the context {} already exists in {PATH}", crate::gofmt::quote(from), crate::gofmt::quote(to)));
            }
            if let Some(c) = kc.contexts.iter_mut().find(|c| &c.name == from) {
                c.name = to.clone();
            }
            if kc.current == *from {
                kc.current = to.clone();
            }
            out.out(&format!("Context {} renamed to {}.", crate::gofmt::quote(from), crate::gofmt::quote(to)));
        }
        ConfigCommand::View { .. } => super::config_view::run(cmd, kc, files, out),
        ConfigCommand::SetCluster(s) => super::config_edit::set_cluster(s, kc, files, out),
        ConfigCommand::SetCredentials(s) => super::config_edit::set_credentials(s, kc, files, out),
        ConfigCommand::DeleteCluster(name) => super::config_edit::delete_cluster(name, kc, out),
        ConfigCommand::DeleteUser(name) => super::config_edit::delete_user(name.as_deref(), kc, out),
        ConfigCommand::Set { property, value, raw_bytes } => super::config_edit::set(property, value, *raw_bytes, kc, out),
        ConfigCommand::Unset { property } => super::config_edit::unset(property, kc, out),
    }
}

fn names<'a>(names: impl Iterator<Item = &'a str>, out: &mut Output) {
    let mut names: Vec<&str> = names.collect();
    kubeplay_model::sort::sort_by(&mut names, |a, b| a.cmp(b));
    out.out("NAME");
    for n in names {
        out.out(n);
    }
}

/// `config get-contexts`: a table of contexts by name (the current one
/// starred), or of the named ones that exist (sorted, a name given twice
/// listed twice); each missing name is an error after the table.
fn get_contexts(kc: &Kubeconfig, names: &[String], no_headers: bool, names_only: bool, out: &mut Output) {
    let mut contexts: Vec<&Context> = if names.is_empty() { kc.contexts.iter().collect() } else { names.iter().filter_map(|n| kc.context(n)).collect() };
    kubeplay_model::sort::sort_by(&mut contexts, |a, b| a.name.cmp(&b.name));
    if names_only {
        for c in &contexts {
            out.out(&c.name);
        }
    } else {
        let mut text = String::new();
        if !no_headers {
            text.push_str("CURRENT\tNAME\tCLUSTER\tAUTHINFO\tNAMESPACE\n");
        }
        for c in &contexts {
            let star = if c.name == kc.current { "*" } else { "" };
            text.push_str(&format!("{star}\t{}\t{}\t{}\t{}\n", c.name, c.cluster, c.user, c.namespace));
        }
        let mut w = TabWriter::kubectl();
        w.write(&text);
        out.stdout.push_str(&w.finish());
    }
    // CheckErr on an aggregate: one error as `error: …`, several one a line.
    let missing: Vec<String> = names.iter().filter(|n| kc.context(n).is_none()).map(|n| format!("context {n} not found")).collect();
    match missing.as_slice() {
        [] => {}
        [one] => out.error(&format!("error: {one}")),
        many => out.error(&many.join("\n")),
    }
}

#[cfg(test)]
#[path = "config_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
#[path = "config_edit_tests.rs"]
mod edit_tests;
