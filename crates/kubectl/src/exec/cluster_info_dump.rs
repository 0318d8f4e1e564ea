//! `kubectl cluster-info dump` (kubectl's clusterinfo_dump.go): the nodes,
//! then for each namespace its events, replication controllers, services,
//! daemon sets, deployments, replica sets and pods, each as the typed list
//! the API server answers (Go struct order, items without `kind` or
//! `apiVersion`) through `-o`'s printer (JSON by default), then every
//! pod's init and app containers' logs between kubectl's START and END
//! lines. All of it goes to standard output, or with `--output-directory`
//! into the user's files in kubectl's layout (`nodes.json`,
//! `NS/events.json`, …, `NS/POD/logs.txt`).
//!
//! kubectl stops at the first list the server refuses, with what it
//! printed so far kept; a log it cannot read is a line in the dump.

use super::{Cx, Output, ReadFile};
use crate::cli::ClusterInfoDump;
use crate::print::gotemplate::{self, Failure};
use crate::print::jsonpath;
use crate::print::output::OutputFormat;
use crate::print::structured::{json, sort_keys, typed_value, yaml_checked};
use kubeplay_apiserver::authz::{self, Attributes, UserInfo};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::{Kind, Object};
use serde_json::{Map, Value};

/// Each namespace's lists in the order kubectl asks for them, with the
/// file each goes to.
const PER_NAMESPACE: [(Kind, &str); 7] = [
    (Kind::Event, "events"),
    (Kind::ReplicationController, "replication-controllers"),
    (Kind::Service, "services"),
    (Kind::DaemonSet, "daemonsets"),
    (Kind::Deployment, "deployments"),
    (Kind::ReplicaSet, "replicasets"),
    (Kind::Pod, "pods"),
];

/// The namespace kubectl always adds to the current one.
const SYSTEM: &str = "kube-system";

pub fn run(d: &ClusterInfoDump, engine: &Engine, cx: &Cx, who: Option<&UserInfo>, out: &mut Output) {
    let dir = Some(d.output_directory.as_str()).filter(|s| !s.is_empty() && *s != "-");
    let mut sink = Sink { dir: dir.map(crate::gofmt::path_clean), read: cx.io.read_file, stdout: String::new(), files: Vec::new() };
    let mut printer = ListPrinter { format: &d.output, printed: 0 };
    let result = dump(d, engine, cx, who, &mut sink, &mut printer);
    out.stdout.push_str(&sink.stdout);
    out.local_writes.extend(sink.files);
    match result {
        // kubectl names the directory as it was given.
        Ok(()) => {
            if let Some(dir) = dir {
                out.stdout.push_str(&format!("Cluster info dumped to {dir}\n"));
            }
        }
        Err(e) => out.error(&e),
    }
}

/// The file extension of the lists: the `-o` word as typed picks it, so
/// `-o JSON` prints JSON into `.txt` files, as kubectl does.
fn extension(output_word: &str) -> &'static str {
    match output_word {
        "json" => ".json",
        "yaml" => ".yaml",
        _ => ".txt",
    }
}

/// The namespaces dumped: every one with `-A` (in name order, as the
/// server lists them), else `--namespaces` as given, else kube-system and
/// the current one (twice when they are the same, as kubectl does).
fn namespaces(d: &ClusterInfoDump, cx: &Cx, who: Option<&UserInfo>) -> Result<Vec<String>, String> {
    if d.all_namespaces {
        allowed(cx, who, Kind::Namespace, "")?;
        return Ok(cx.store.list(Kind::Namespace, None).map(|o| o.name().to_string()).collect());
    }
    if d.namespaces.is_empty() {
        return Ok(vec![SYSTEM.to_string(), cx.namespace.to_string()]);
    }
    Ok(d.namespaces.clone())
}

fn dump(d: &ClusterInfoDump, engine: &Engine, cx: &Cx, who: Option<&UserInfo>, sink: &mut Sink, printer: &mut ListPrinter) -> Result<(), String> {
    let ext = extension(&d.output_word);
    allowed(cx, who, Kind::Node, "")?;
    let nodes = list(cx, Kind::Node, None, d.show_managed_fields);
    printer.print(sink, "nodes", ext, Kind::Node, &nodes)?;
    for ns in namespaces(d, cx, who)? {
        // An empty name (`--namespaces a,`) is client-go's every namespace.
        let scope = Some(ns.as_str()).filter(|n| !n.is_empty());
        for (kind, file) in PER_NAMESPACE {
            allowed(cx, who, kind, &ns)?;
            let value = list(cx, kind, scope, d.show_managed_fields);
            printer.print(sink, &format!("{ns}/{file}"), ext, kind, &value)?;
        }
        for obj in cx.store.list(Kind::Pod, scope) {
            let Some(pod) = obj.as_pod() else { continue };
            let text: String = pod.spec.init_containers.iter().chain(&pod.spec.containers).map(|c| container_section(pod, c, engine, cx, who)).collect();
            sink.emit(&format!("{ns}/{}/logs", pod.metadata.name), ".txt", &text)?;
        }
    }
    Ok(())
}

/// The API server's answer to a list `who` may not make, in kubectl's words.
fn allowed(cx: &Cx, who: Option<&UserInfo>, kind: Kind, namespace: &str) -> Result<(), String> {
    let Some(who) = who else { return Ok(()) };
    authz::check(cx.store, &authz::resource_attributes(who, "list", kind, namespace, "")).map_err(|e| e.kubectl_message())
}

/// The typed list the API server answers (`raw.rs` answers the same
/// path the same way): the kind's list type, the store's revision, the
/// items in key order without their own `kind` and `apiVersion`.
fn list(cx: &Cx, kind: Kind, namespace: Option<&str>, show_managed_fields: bool) -> Value {
    let items: Vec<Value> = cx.store.list(kind, namespace).map(|o| item(o, show_managed_fields)).collect();
    let mut m = Map::new();
    m.insert("kind".into(), format!("{}List", kind.name()).into());
    m.insert("apiVersion".into(), kind.info().api_version().into());
    let mut meta = Map::new();
    meta.insert("resourceVersion".into(), cx.store.resource_version().to_string().into());
    m.insert("metadata".into(), Value::Object(meta));
    m.insert("items".into(), Value::Array(items));
    Value::Object(m)
}

fn item(obj: &Object, show_managed_fields: bool) -> Value {
    let mut v = typed_value(obj, show_managed_fields);
    if let Value::Object(m) = &mut v {
        m.shift_remove("kind");
        m.shift_remove("apiVersion");
    }
    v
}

/// One container's part of its pod's `logs.txt`. A refused log request
/// reaches kubectl as a bare error status, which client-go words from the
/// status code alone (`NewGenericServerResponse`): 400 for a container not
/// started, 403 (server message "unknown") for a user who may not read it.
fn container_section(pod: &Pod, c: &Container, engine: &Engine, cx: &Cx, who: Option<&UserInfo>) -> String {
    let (ns, name) = (&pod.metadata.namespace, &pod.metadata.name);
    let mut s = format!("==== START logs for container {} of pod {ns}/{name} ====\n", c.name);
    let may_read = who.is_none_or(|w| authz::check(cx.store, &Attributes { subresource: "log", ..authz::resource_attributes(w, "get", Kind::Pod, ns, name) }).is_ok());
    match super::logs::plain_log(pod, c, engine, cx.now) {
        _ if !may_read => s.push_str(&format!("Request log error: unknown (get pods {name})\n")),
        Some(text) => s.push_str(&text),
        None => s.push_str(&format!("Request log error: the server rejected our request for an unknown reason (get pods {name})\n")),
    }
    s.push_str(&format!("==== END logs for container {} of pod {ns}/{name} ====\n", c.name));
    s
}

/// Where the dump goes (`setupOutputWriter`): standard output, or one
/// file per piece under the directory, its parents made as needed.
struct Sink<'a> {
    /// The directory, cleaned as Go's `path.Join` leaves it.
    dir: Option<String>,
    read: Option<ReadFile<'a>>,
    stdout: String,
    files: Vec<(String, String)>,
}

impl Sink<'_> {
    /// Writes `text` as file `name` + `ext` under the directory, or to
    /// standard output. A file where a parent directory should be fails
    /// as `os.MkdirAll` does.
    fn emit(&mut self, name: &str, ext: &str, text: &str) -> Result<(), String> {
        let Some(dir) = &self.dir else {
            self.stdout.push_str(text);
            return Ok(());
        };
        let path = format!("{}{ext}", crate::gofmt::path_clean(&format!("{dir}/{name}")));
        let parent = path.rsplit_once('/').map_or(".", |(p, _)| if p.is_empty() { "/" } else { p });
        if let Some(file) = self.read.and_then(|read| first_file(parent, read)) {
            return Err(format!("error: mkdir {file}: not a directory"));
        }
        self.files.push((path, text.to_string()));
        Ok(())
    }
}

/// The first of `dir` and its ancestors (shortest first) that is a file.
fn first_file(dir: &str, read: ReadFile) -> Option<String> {
    let mut prefix = String::new();
    for (i, part) in dir.split('/').enumerate() {
        if i > 0 {
            prefix.push('/');
        }
        prefix.push_str(part);
        if matches!(part, "" | "." | "..") {
            continue;
        }
        if read(&prefix).is_some() && read(&format!("{prefix}/")).is_none() {
            return Some(prefix);
        }
    }
    None
}

/// One printer for the whole dump, as kubectl makes one: the YAML printer
/// counts what it printed and starts every document after the first with
/// `---`, whichever file it goes to.
struct ListPrinter<'a> {
    format: &'a OutputFormat,
    printed: usize,
}

impl ListPrinter<'_> {
    fn print(&mut self, sink: &mut Sink, name: &str, ext: &str, kind: Kind, list: &Value) -> Result<(), String> {
        self.printed += 1;
        let separator = if self.printed > 1 && *self.format == OutputFormat::Yaml { "---\n" } else { "" };
        match self.text(kind, list) {
            Ok(text) => sink.emit(name, ext, &format!("{separator}{text}")),
            Err(f) => {
                sink.emit(name, ext, &format!("{separator}{}", f.stdout))?;
                Err(format!("error: {}", f.error))
            }
        }
    }

    /// The JSON printer marshals the typed list as it is; YAML goes through
    /// a map (keys sorted); JSONPath sees it decoded into `interface{}`
    /// (float numbers); the name printer takes no typed list.
    fn text(&self, kind: Kind, list: &Value) -> Result<String, Failure> {
        Ok(match self.format {
            OutputFormat::Json => json(list),
            OutputFormat::Yaml => {
                let mut sorted = list.clone();
                sort_keys(&mut sorted);
                yaml_checked(&sorted)?
            }
            OutputFormat::JsonPath { template, allow_missing } => jsonpath::print(template, &jsonpath::float_numbers(list), *allow_missing, false)?,
            OutputFormat::JsonPathAsJson { template, allow_missing } => jsonpath::print(template, &jsonpath::float_numbers(list), *allow_missing, true)?,
            OutputFormat::GoTemplate { template, allow_missing } => gotemplate::print(template, list, *allow_missing)?,
            OutputFormat::Name | OutputFormat::Default | OutputFormat::Wide | OutputFormat::CustomColumns(_) => {
                return Err(Failure::from(format!("list types are not supported by name printing: *v1.{}List", kind.name())))
            }
        })
    }
}

#[cfg(test)]
#[path = "cluster_info_dump_tests.rs"]
mod tests;
