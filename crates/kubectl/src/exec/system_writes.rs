//! Writes that name objects the cluster keeps for itself and the engine
//! presents rather than stores: the API server's bootstrap priority and
//! fairness configuration (`kubeplay_engine::flowcontrol`) and, once
//! deleted, the system Leases (`kubeplay_engine::leases`).
//!
//! Before the write, a bootstrap FlowSchema or PriorityLevelConfiguration
//! the command names (by name, as a list of its kind, or in manifests) is
//! stored as the API server made it, so a create is refused as existing
//! and a patch, label or delete finds it. After a delete, whatever of
//! these was stored before and is gone now is made again at once, with a
//! new uid, as the API server's configuration producer, a kubelet or a
//! leader elector makes it again.

use super::{manifests, Io};
use crate::cli::{Command, CreateWhat, Invocation, Targets};
use kubeplay_engine::Engine;
use kubeplay_model::{Kind, ObjectKey};

const KINDS: [Kind; 2] = [Kind::FlowSchema, Kind::PriorityLevelConfiguration];

/// What a command's targets pick among the bootstrap objects.
enum Picked {
    Named(Vec<(Kind, String)>),
    All(Vec<Kind>),
}

fn picked(targets: &Targets, io: Io) -> Option<Picked> {
    let p = match targets {
        Targets::Named(names) => Picked::Named(names.iter().filter(|(k, _)| KINDS.contains(k)).cloned().collect()),
        Targets::List { kinds, .. } => Picked::All(kinds.iter().filter(|k| KINDS.contains(k)).copied().collect()),
        Targets::Files { paths, .. } => return in_files(paths, io),
    };
    match &p {
        Picked::Named(v) if v.is_empty() => None,
        Picked::All(v) if v.is_empty() => None,
        _ => Some(p),
    }
}

fn in_files(paths: &[String], io: Io) -> Option<Picked> {
    let (objects, _) = manifests::read_manifests(paths, io);
    let named: Vec<(Kind, String)> = objects.iter().map(|m| &m.decoded.object).filter(|o| KINDS.contains(&o.kind())).map(|o| (o.kind(), o.name().to_string())).collect();
    (!named.is_empty()).then_some(Picked::Named(named))
}

fn command_picks(inv: &Invocation, io: Io) -> Option<Picked> {
    match &inv.command {
        Command::Delete(d) => picked(&d.targets, io),
        Command::Patch(p) => picked(&p.targets, io),
        Command::Label(m) | Command::Annotate(m) => picked(&m.targets, io),
        Command::Apply(a) => in_files(&a.files, io),
        Command::Replace(r) => in_files(&r.files, io),
        Command::Create(c) => match &c.what {
            CreateWhat::Files { files, .. } => in_files(files, io),
            _ => None,
        },
        _ => None,
    }
}

/// Stores the bootstrap objects `inv` names (see the module's comment).
pub fn store_named(inv: &Invocation, engine: &mut Engine, io: Io) {
    let Some(p) = command_picks(inv, io) else { return };
    kubeplay_engine::flowcontrol::materialize(engine, |kind, name| match &p {
        Picked::Named(v) => v.iter().any(|(k, n)| *k == kind && n == name),
        Picked::All(kinds) => kinds.contains(&kind),
    });
}

/// The system objects a delete may remove, as stored before it runs:
/// bootstrap configuration and system Leases that a write stored. Empty
/// for any other command.
pub fn before_delete(inv: &Invocation, engine: &Engine) -> Vec<ObjectKey> {
    let Command::Delete(d) = &inv.command else { return Vec::new() };
    let files = matches!(d.targets, Targets::Files { .. });
    let kinds = d.targets.kinds();
    let w = engine.world();
    let mut out = Vec::new();
    if files || kinds.iter().any(|k| KINDS.contains(k)) {
        for kind in KINDS {
            out.extend(w.store.list(kind, None).filter(|o| kubeplay_engine::flowcontrol::is_bootstrap(kind, o.name())).map(|o| o.key()));
        }
    }
    if files || kinds.contains(&Kind::Lease) {
        for l in kubeplay_engine::leases::system_leases(&w.store, &w.sim, w.now) {
            let key = ObjectKey::new(Kind::Lease, &l.metadata.namespace, &l.metadata.name);
            if w.store.get(&key).is_some() {
                out.push(key);
            }
        }
    }
    out
}

/// Makes again what `before` held and the delete removed.
pub fn recreate_deleted(before: &[ObjectKey], engine: &mut Engine) {
    if before.is_empty() {
        return;
    }
    let gone: Vec<ObjectKey> = before.iter().filter(|k| engine.world().store.get(k).is_none()).cloned().collect();
    let (leases, config): (Vec<ObjectKey>, Vec<ObjectKey>) = gone.into_iter().partition(|k| k.kind == Kind::Lease);
    kubeplay_engine::flowcontrol::recreate(engine, &config);
    kubeplay_engine::leases::recreate(engine, &leases);
}
