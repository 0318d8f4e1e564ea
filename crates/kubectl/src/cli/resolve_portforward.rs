//! `kubectl port-forward`'s Complete, as far as it goes without the
//! cluster: the arguments, the timeout, and the resource type; and
//! `kubectl proxy`'s Complete and Validate.

use super::command::{Command, PortForward, Proxy};
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

/// proxy.go's Complete (prefixes end in `/`) and Validate. Arguments are
/// ignored, as cobra ignores them for a command that declares none.
pub(super) fn proxy(c: &mut Ctx) -> Result<Command, ParseError> {
    let slash = |s: &str| if s.ends_with('/') { s.to_string() } else { format!("{s}/") };
    let port = c.f.int("port");
    let unix_socket = c.f.str("unix-socket").to_string();
    if port != 8001 && !unix_socket.is_empty() {
        return Err(ParseError::Invalid("cannot set --unix-socket and --port at the same time".into()));
    }
    Ok(Command::Proxy(Proxy {
        port,
        address: c.f.str("address").to_string(),
        api_prefix: slash(c.f.str("api-prefix")),
        www: c.f.str("www").to_string(),
        unix_socket,
        disable_filter: c.f.bool("disable-filter"),
        accept_hosts: c.f.str("accept-hosts").to_string(),
        accept_paths: c.f.str("accept-paths").to_string(),
        reject_paths: c.f.str("reject-paths").to_string(),
        reject_methods: c.f.str("reject-methods").to_string(),
    }))
}
