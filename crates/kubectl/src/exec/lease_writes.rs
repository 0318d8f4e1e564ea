//! Before a write that names one of the cluster's own Leases (a node's
//! heartbeat, a leader election, the API server's identity), the engine
//! stores it as its component made it (`kubeplay_engine::leases::materialize`):
//! those Leases are presented to reads, not stored, and a label, patch or
//! delete must find them as it would on a real cluster. A command that
//! names no such Lease stores nothing, so no other session's trace moves.
//!
//! The other kinds the engine presents are not stored on a write: a
//! ComponentStatus is read-only on a real cluster too (`MethodNotAllowed`),
//! and a write of an APIService or a CSINode gets a `(playground)` line
//! (see [`refused_presented_write`]).

use super::{manifests, write, Io};
use crate::cli::{Command, Invocation, Targets};
use kubeplay_engine::Engine;
use kubeplay_model::{Kind, Object};

/// Which system Leases the command may write: by namespace and name, or
/// every one in a namespace (a list of Leases; `None`: all namespaces).
enum Wanted {
    Named(Vec<(String, String)>),
    In(Option<String>),
}

fn wanted(targets: &Targets, all_namespaces: bool, ns: &str, io: Io) -> Option<Wanted> {
    match targets {
        Targets::Named(names) => {
            let named: Vec<(String, String)> = names.iter().filter(|(k, _)| *k == Kind::Lease).map(|(_, n)| (ns.to_string(), n.clone())).collect();
            (!named.is_empty()).then_some(Wanted::Named(named))
        }
        Targets::List { kinds, .. } => kinds.contains(&Kind::Lease).then(|| Wanted::In((!all_namespaces).then(|| ns.to_string()))),
        Targets::Files { paths, .. } => in_files(paths, ns, io),
    }
}

/// The Leases the manifests name.
fn in_files(paths: &[String], ns: &str, io: Io) -> Option<Wanted> {
    let (objects, _) = manifests::read_manifests(paths, io);
    let named: Vec<(String, String)> = objects
        .iter()
        .filter_map(|m| match &m.decoded.object {
            Object::Lease(l) => {
                let namespace = if l.metadata.namespace.is_empty() { ns.to_string() } else { l.metadata.namespace.to_string() };
                Some((namespace, l.metadata.name.clone()))
            }
            _ => None,
        })
        .collect();
    (!named.is_empty()).then_some(Wanted::Named(named))
}

/// Stores the system Leases `inv` may write (see the module's comment).
pub fn store_named(inv: &Invocation, engine: &mut Engine, io: Io) {
    let ns = write::namespace(inv);
    let found = match &inv.command {
        Command::Delete(d) => wanted(&d.targets, d.all_namespaces, ns, io),
        Command::Patch(p) => wanted(&p.targets, false, ns, io),
        Command::Label(m) | Command::Annotate(m) => wanted(&m.targets, m.all_namespaces, ns, io),
        Command::Apply(a) => in_files(&a.files, ns, io),
        Command::Replace(r) => in_files(&r.files, ns, io),
        _ => None,
    };
    let Some(found) = found else { return };
    kubeplay_engine::leases::materialize(engine, |l| match &found {
        Wanted::Named(names) => names.iter().any(|(n, name)| *n == l.metadata.namespace.as_str() && *name == l.metadata.name),
        Wanted::In(ns) => ns.as_deref().is_none_or(|n| n == l.metadata.namespace.as_str()),
    });
}

/// Whether `inv` writes ComponentStatuses by name or as a list: their
/// storage only answers reads, so the API server refuses the request
/// (`MethodNotAllowed`) whether or not the name is one it probes. A
/// manifest naming one reaches the store, which refuses it the same way.
pub fn writes_read_only(inv: &Invocation) -> bool {
    let targets = match &inv.command {
        Command::Delete(d) => &d.targets,
        Command::Patch(p) => &p.targets,
        Command::Label(m) | Command::Annotate(m) => &m.targets,
        _ => return false,
    };
    targets.kinds().contains(&Kind::ComponentStatus)
}

/// What the playground says to a write of an APIService.
pub const NO_AGGREGATION: &str = "(playground) the simulated cluster runs no extension API servers: its APIServices are the API server's own, and they cannot be changed or added to";

/// What it says to a write of a CSINode.
pub const KUBELETS_CSI_NODES: &str = "(playground) the kubelets keep the CSINodes, one per node with no CSI drivers: they cannot be changed or added to here";

/// The `(playground)` line for a write of a kind the engine presents and
/// does not store (APIService, CSINode), by name, as a list or in
/// manifests; `None` when `inv` writes none.
pub fn refused_presented_write(inv: &Invocation, io: Io) -> Option<&'static str> {
    [(Kind::APIService, NO_AGGREGATION), (Kind::CSINode, KUBELETS_CSI_NODES)].into_iter().find(|(k, _)| writes_kind(inv, io, *k)).map(|(_, line)| line)
}

fn writes_kind(inv: &Invocation, io: Io, kind: Kind) -> bool {
    let names = |t: &Targets| match t {
        Targets::Files { paths, .. } => files_name(paths, io, kind),
        t => t.kinds().contains(&kind),
    };
    match &inv.command {
        Command::Delete(d) => names(&d.targets),
        Command::Patch(p) => names(&p.targets),
        Command::Label(m) | Command::Annotate(m) => names(&m.targets),
        Command::Apply(a) => files_name(&a.files, io, kind),
        Command::Replace(r) => files_name(&r.files, io, kind),
        Command::Create(c) => matches!(&c.what, crate::cli::CreateWhat::Files { files, .. } if files_name(files, io, kind)),
        _ => false,
    }
}

fn files_name(paths: &[String], io: Io, kind: Kind) -> bool {
    let (objects, _) = manifests::read_manifests(paths, io);
    objects.iter().any(|m| m.decoded.object.kind() == kind)
}
