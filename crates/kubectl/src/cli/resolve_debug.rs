//! `kubectl debug`'s `Complete`: the targets and the command after `--`,
//! `-i` implying `--attach`, the environment and the profile. Its
//! `Validate` runs with the command (`exec::debug`), since it prints.

use super::command::{Command, Debug, DebugKeep, DebugProfile};
use super::resolve::Ctx;
use crate::error::ParseError;

pub(super) fn debug(c: &mut Ctx) -> Result<Command, ParseError> {
    let f = &c.f;
    let (targets, args) = match f.args_len_at_dash {
        Some(at) if c.args.len() > at => (c.args[..at].to_vec(), c.args[at..].to_vec()),
        _ => (c.args.clone(), Vec::new()),
    };
    let interactive = f.bool("stdin");
    let attach_changed = f.changed("attach");
    let attach = if attach_changed { f.bool("attach") } else { interactive };
    let profile = profile(f.str("profile")).ok_or_else(|| ParseError::Invalid(format!("unknown profile: {}", f.str("profile"))))?;
    Ok(Command::Debug(Debug {
        targets,
        files: f.list("filename").to_vec(),
        args,
        args_only: f.bool("arguments-only"),
        attach,
        attach_changed,
        container: f.opt_str("container"),
        copy_to: f.opt_str("copy-to"),
        replace: f.bool("replace"),
        env: pairs(f.list("env"), true),
        image: f.opt_str("image"),
        interactive,
        tty: f.bool("tty"),
        keep: DebugKeep {
            labels: f.bool("keep-labels"),
            annotations: f.bool("keep-annotations"),
            liveness: f.bool("keep-liveness"),
            readiness: f.bool("keep-readiness"),
            startup: f.bool("keep-startup"),
            init_containers: f.bool("keep-init-containers"),
        },
        pull_policy: f.opt_str("image-pull-policy"),
        quiet: f.bool("quiet"),
        same_node: f.bool("same-node"),
        set_images: pairs(f.list("set-image"), false),
        share_processes: f.changed("share-processes").then(|| f.bool("share-processes")),
        target_container: f.opt_str("target"),
        profile,
        custom: f.opt_str("custom"),
    }))
}

/// `NewProfileApplier`'s names.
fn profile(name: &str) -> Option<DebugProfile> {
    Some(match name {
        "legacy" => DebugProfile::Legacy,
        "general" => DebugProfile::General,
        "baseline" => DebugProfile::Baseline,
        "restricted" => DebugProfile::Restricted,
        "netadmin" => DebugProfile::Netadmin,
        "sysadmin" => DebugProfile::Sysadmin,
        _ => return None,
    })
}

/// A `stringToString` flag's pairs as the Go map holds them: one per key,
/// the last given winning. kubectl ranges over the environment's map, in
/// Go's random order; sorting makes the playground's order one of those.
fn pairs(raw: &[String], sorted: bool) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for p in raw {
        let (k, v) = p.split_once('=').unwrap_or((p, ""));
        match out.iter_mut().find(|(key, _)| key == k) {
            Some(e) => e.1 = v.to_string(),
            None => out.push((k.to_string(), v.to_string())),
        }
    }
    if sorted {
        kubeplay_model::sort::sort_by(&mut out, |a, b| a.0.cmp(&b.0));
    }
    out
}
