//! `kubectl config …` on the playground's one kubeconfig, kept in memory
//! by whoever runs the terminal: kind's cluster and user, and contexts a
//! user may add, switch, rename and delete. The current context's
//! namespace is the namespace commands use without `-n`; a context that
//! does not point at the cluster leaves kubectl talking to nothing.

use super::Output;
use crate::cli::ConfigCommand;
use crate::print::output::OutputFormat;
use crate::print::{gotemplate, jsonpath, structured, tabwriter::TabWriter};
use serde_json::{json, Map, Value};

/// kind's name for the cluster, its user and its context.
pub const CLUSTER: &str = "kind-kubeplay";
/// Where kubectl says the file is (messages name the file they changed).
const PATH: &str = "/root/.kube/config";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    pub name: String,
    pub cluster: String,
    pub user: String,
    pub namespace: String,
}

/// The kubeconfig: contexts by name, and the current one's name (which
/// may name a context since deleted, as a real kubeconfig's may).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kubeconfig {
    pub current: String,
    pub contexts: Vec<Context>,
}

impl Default for Kubeconfig {
    fn default() -> Kubeconfig {
        Kubeconfig { current: CLUSTER.into(), contexts: vec![Context { name: CLUSTER.into(), cluster: CLUSTER.into(), user: CLUSTER.into(), namespace: String::new() }] }
    }
}

impl Kubeconfig {
    fn context(&self, name: &str) -> Option<&Context> {
        self.contexts.iter().find(|c| c.name == name)
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

    /// [`Kubeconfig::reach`] through a named context (`--context`).
    pub fn reach_in(&self, context: &str) -> Result<(), String> {
        match self.context(context) {
            None if context.is_empty() => Err("The connection to the server localhost:8080 was refused - did you specify the right host or port?".into()),
            None => Err(format!("Error in configuration: context was not found for specified context: {context}")),
            Some(c) if c.cluster != CLUSTER => Err("The connection to the server localhost:8080 was refused - did you specify the right host or port?".into()),
            Some(_) => Ok(()),
        }
    }

    /// The file as `config view` shows it, in kubectl's JSON field order
    /// (credentials redacted); when minified, only the parts of the
    /// context `minify` names, which must exist, as the cluster and user
    /// it names must.
    fn view(&self, minify: Option<&str>) -> Result<Value, String> {
        let mut contexts: Vec<&Context> = self.contexts.iter().collect();
        kubeplay_model::sort::sort_by(&mut contexts, |a, b| a.name.cmp(&b.name));
        let (mut with_cluster, mut with_user) = (true, true);
        if let Some(name) = minify {
            if name.is_empty() {
                return Err("current-context must exist in order to minify".into());
            }
            let c = self.context(name).ok_or_else(|| format!("cannot locate context {name}"))?;
            for (what, named) in [("cluster", &c.cluster), ("user", &c.user)] {
                if !named.is_empty() && named != CLUSTER {
                    return Err(format!("cannot locate {what} {named}"));
                }
            }
            (with_cluster, with_user) = (!c.cluster.is_empty(), !c.user.is_empty());
            contexts = vec![c];
        }
        let context_value = |c: &Context| {
            // Cluster and user always (empty or not), the namespace when set.
            let mut m = Map::new();
            m.insert("cluster".into(), json!(c.cluster));
            m.insert("user".into(), json!(c.user));
            if !c.namespace.is_empty() {
                m.insert("namespace".into(), json!(c.namespace));
            }
            json!({"name": c.name, "context": Value::Object(m)})
        };
        let clusters: Vec<Value> =
            if with_cluster { vec![json!({"name": CLUSTER, "cluster": {"server": super::discovery::SERVER_URL, "certificate-authority-data": "DATA+OMITTED"}})] } else { Vec::new() };
        let users: Vec<Value> =
            if with_user { vec![json!({"name": CLUSTER, "user": {"client-certificate-data": "DATA+OMITTED", "client-key-data": "DATA+OMITTED"}})] } else { Vec::new() };
        // Go's nil slices: an empty list is `null`.
        let list = |items: Vec<Value>| if items.is_empty() { Value::Null } else { Value::Array(items) };
        Ok(json!({
            "kind": "Config",
            "apiVersion": "v1",
            "preferences": {},
            "clusters": list(clusters),
            "users": list(users),
            "contexts": list(contexts.into_iter().map(context_value).collect()),
            "current-context": minify.unwrap_or(&self.current),
        }))
    }
}

/// Runs a `kubectl config` subcommand, changing `kc` as kubectl would
/// change the file.
pub fn run(cmd: &ConfigCommand, kc: &mut Kubeconfig, out: &mut Output) {
    match cmd {
        ConfigCommand::CurrentContext => {
            if kc.current.is_empty() {
                out.error("error: current-context is not set");
            } else {
                out.out(&kc.current);
            }
        }
        ConfigCommand::GetClusters => out.out(&format!("NAME\n{CLUSTER}")),
        ConfigCommand::GetUsers => out.out(&format!("NAME\n{CLUSTER}")),
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
        ConfigCommand::View { minify, context, output } => match kc.view(minify.then(|| context.as_deref().unwrap_or(&kc.current))) {
            Err(e) => out.error(&format!("error: {e}")),
            Ok(v) => match output {
                OutputFormat::Json => out.stdout.push_str(&structured::json(&v)),
                OutputFormat::JsonPath { template, allow_missing } => out.printed(jsonpath::print(template, &v, *allow_missing, false).map_err(Into::into)),
                OutputFormat::JsonPathAsJson { template, allow_missing } => out.printed(jsonpath::print(template, &v, *allow_missing, true).map_err(Into::into)),
                OutputFormat::GoTemplate { template, allow_missing } => out.printed(gotemplate::print(template, &v, *allow_missing)),
                OutputFormat::Yaml => {
                    let mut sorted = v;
                    structured::sort_keys(&mut sorted);
                    out.stdout.push_str(&structured::yaml(&sorted));
                }
                // The name printer on an object without a name.
                OutputFormat::Name => out.out("config/<unknown>"),
                _ => out.error("error: (playground) kubectl config view prints yaml, json or jsonpath"),
            },
        },
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
