//! Resolvers for the node maintenance commands: `taint`, `cordon`,
//! `uncordon` and `drain`; and for `certificate approve|deny`, which
//! name their objects the same way.

use super::command::*;
use super::resolve::Ctx;
use super::resources::resolve_kind;
use super::values;
use crate::error::ParseError;
use kubeplay_model::Kind;

/// `ResourceNames("nodes", args…)`: bare names are nodes, `TYPE/NAME` is taken as given.
fn node_names(args: &[String]) -> Result<Targets, ParseError> {
    names_of(Kind::Node, args)
}

/// `ResourceNames(TYPE, args…)`.
fn names_of(kind: Kind, args: &[String]) -> Result<Targets, ParseError> {
    let mut out = Vec::new();
    for a in args {
        match a.split_once('/') {
            Some((t, n)) if !t.is_empty() && !n.is_empty() && !n.contains('/') => out.push((resolve_kind(t)?, n.to_string())),
            Some(_) => return Err(ParseError::Invalid("arguments in resource/name form must have a single resource and name".into())),
            None => out.push((kind, a.clone())),
        }
    }
    if out.iter().any(|(k, _)| *k != out[0].0) {
        return Err(ParseError::Invalid("you may only specify a single resource type".into()));
    }
    Ok(Targets::Named(out))
}

pub(super) fn taint(c: &mut Ctx) -> Result<Command, ParseError> {
    let mut resources = Vec::new();
    let mut taint_args: Vec<String> = Vec::new();
    for s in &c.args {
        let is_taint = s.contains('=') || s.contains(':') || s.ends_with('-');
        match (taint_args.is_empty(), is_taint) {
            (_, true) => taint_args.push(s.clone()),
            (true, false) => resources.push(s.clone()),
            (false, false) => return Err(ParseError::Invalid(format!("all resources must be specified before taint changes: {s}"))),
        }
    }
    if resources.is_empty() {
        return Err(ParseError::Invalid("one or more resources must be specified as <resource> <name>".into()));
    }
    if taint_args.is_empty() {
        return Err(ParseError::Invalid("at least one taint update is required".into()));
    }
    let (add, remove) = values::parse_taints(&taint_args).map_err(|e| c.usage(e))?;
    let write = c.write()?;
    let type_ = resources[0].to_ascii_lowercase();
    if resolve_kind(&type_)? != Kind::Node {
        return Err(ParseError::Invalid(format!("invalid resource type {type_}, only node types are supported")));
    }
    // Each (addition, removal) pair that clash, as upstream's Validate
    // writes them: `{"key":"effect of the removal"}`.
    let conflicts: Vec<String> = add
        .iter()
        .flat_map(|a| remove.iter().filter(move |r| a.key == r.key && r.effect.as_ref().is_none_or(|e| *e == a.effect)))
        .map(|r| format!("{{\"{}\":\"{}\"}}", r.key, r.effect.clone().unwrap_or_default()))
        .collect();
    if !conflicts.is_empty() {
        return Err(ParseError::Invalid(format!("can not both modify and remove the following taint(s) in the same command: {}", conflicts.join(", "))));
    }
    let (all, selector) = (c.f.bool("all"), c.selector());
    if all && selector.is_some() {
        return Err(ParseError::Invalid("setting 'all' parameter with a non empty selector is prohibited".into()));
    }
    let targets = if all || selector.is_some() {
        Targets::List { kinds: vec![Kind::Node], selector, field_selector: None }
    } else if resources.len() < 2 {
        return Err(ParseError::Invalid("at least one resource name must be specified since 'all' parameter is not set".into()));
    } else {
        node_names(&resources[1..])?
    };
    Ok(Command::Taint(Taint { targets, add, remove, overwrite: c.f.bool("overwrite"), write }))
}

/// The node targets shared by cordon, uncordon and drain.
fn nodes_to_act_on(c: &Ctx) -> Result<Targets, ParseError> {
    let verb = c.path.strip_prefix("kubectl ").unwrap_or("");
    let selector = c.selector();
    if c.args.is_empty() && !c.f.changed("selector") {
        return Err(c.usage(format!("USAGE: {verb} NODE [flags]")));
    }
    if !c.args.is_empty() && selector.is_some() {
        return Err(c.usage("cannot specify both a node name and a --selector option"));
    }
    if c.args.is_empty() {
        return Ok(Targets::List { kinds: vec![Kind::Node], selector, field_selector: None });
    }
    node_names(&c.args)
}

pub(super) fn cordon(c: &mut Ctx) -> Result<NodeToggle, ParseError> {
    let dry_run = c.dry_run()?;
    Ok(NodeToggle { targets: nodes_to_act_on(c)?, dry_run })
}

/// `certificate approve|deny`: Complete (the printer), then Validate.
pub(super) fn certificate(c: &mut Ctx, approve: bool) -> Result<Command, ParseError> {
    let output = c.output(crate::print::output::Allowed::Objects)?;
    let files = c.files();
    if c.args.is_empty() && files.is_empty() && !c.f.changed("kustomize") {
        return Err(ParseError::Invalid("one or more CSRs must be specified as <name> or -f <filename>".into()));
    }
    c.no_kustomize()?;
    let targets = match (files.is_empty(), c.args.is_empty()) {
        (true, _) => names_of(Kind::CertificateSigningRequest, &c.args)?,
        (false, true) => Targets::Files { paths: files, recursive: c.f.bool("recursive"), selector: None },
        (false, false) => return Err(ParseError::Invalid("when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well".into())),
    };
    Ok(Command::Certificate(CertificateCmd { approve, targets, force: c.f.bool("force"), output }))
}

pub(super) fn drain(c: &mut Ctx) -> Result<Command, ParseError> {
    let dry_run = c.dry_run()?;
    let targets = nodes_to_act_on(c)?;
    let pod_selector = c.f.opt_str("pod-selector");
    if pod_selector.as_deref().is_some_and(|s| kubeplay_model::Selector::parse(s).is_err()) {
        return Err(ParseError::Invalid("--pod-selector=<pod_selector> must be a valid label selector".into()));
    }
    Ok(Command::Drain(Drain {
        targets,
        force: c.f.bool("force"),
        ignore_daemonsets: c.f.bool("ignore-daemonsets"),
        delete_emptydir_data: c.f.bool("delete-emptydir-data"),
        disable_eviction: c.f.bool("disable-eviction"),
        grace_period: c.grace_period(),
        timeout_ms: c.f.millis("timeout"),
        pod_selector,
        skip_wait_for_delete_timeout: c.f.int("skip-wait-for-delete-timeout"),
        dry_run,
    }))
}
