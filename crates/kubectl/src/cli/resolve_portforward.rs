//! `kubectl port-forward`'s Complete, as far as it goes without the
//! cluster: the arguments, the timeout, and the resource type.

use super::command::{Command, PortForward};
use super::resolve::Ctx;
use super::resources;
use crate::error::ParseError;
use kubeplay_model::Kind;

pub(super) fn port_forward(c: &mut Ctx) -> Result<Command, ParseError> {
    if c.args.len() < 2 {
        return Err(c.usage("TYPE/NAME and list of ports are required for port-forward"));
    }
    let timeout_ms = c.f.millis("pod-running-timeout");
    if timeout_ms <= 0 {
        return Err(c.usage("--pod-running-timeout must be higher than zero"));
    }
    // The builder takes a bare name as a pod's.
    let (kind, name) = match c.args[0].split_once('/') {
        Some((t, n)) => (resources::resolve_kind(t)?, n.to_string()),
        None => (Kind::Pod, c.args[0].clone()),
    };
    if name.is_empty() {
        return Err(ParseError::Invalid("arguments in resource/name form must have a single resource and name".into()));
    }
    let addresses = match c.f.list("address") {
        [] => vec!["localhost".to_string()],
        list => list.to_vec(),
    };
    Ok(Command::PortForward(PortForward { kind, name, ports: c.args[1..].to_vec(), addresses, timeout_ms }))
}
