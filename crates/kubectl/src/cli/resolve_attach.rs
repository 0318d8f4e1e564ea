//! `kubectl attach`'s `Complete` and `Validate` (attach.go), in their
//! order, and `kubectl cp`'s Validate (cp.go; its file specs are read
//! as it runs).

use super::command::{Attach, Command, Cp};
use super::resolve::Ctx;
use super::resources;
use crate::error::ParseError;
use kubeplay_model::Kind;

pub(super) fn attach(c: &mut Ctx) -> Result<Command, ParseError> {
    // Complete's check, a usage error, before Validate's.
    if c.f.millis("pod-running-timeout") <= 0 {
        return Err(c.usage("--pod-running-timeout must be higher than zero"));
    }
    match c.args.len() {
        0 => return Err(ParseError::Invalid("at least 1 argument is required for attach".into())),
        1 | 2 => {}
        n => return Err(ParseError::Invalid(format!("expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw {n}: [{}]", c.args.join(" ")))),
    }
    let (kind, name) = match (c.args[0].split_once('/'), c.args.get(1)) {
        (_, Some(n)) => (resources::resolve_kind(&c.args[0])?, n.clone()),
        (Some((t, n)), None) => (resources::resolve_kind(t)?, n.to_string()),
        (None, None) => (Kind::Pod, c.args[0].clone()),
    };
    Ok(Command::Attach(Attach { kind, name, container: c.f.opt_str("container"), stdin: c.f.bool("stdin"), tty: c.f.bool("tty"), quiet: c.f.bool("quiet") }))
}

pub(super) fn cp(c: &mut Ctx) -> Result<Command, ParseError> {
    let [src, dest] = c.args.as_slice() else {
        return Err(ParseError::Invalid("source and destination are required".into()));
    };
    Ok(Command::Cp(Cp { src: src.clone(), dest: dest.clone(), container: c.f.opt_str("container"), no_preserve: c.f.bool("no-preserve"), retries: c.f.int("retries") }))
}

#[cfg(test)]
mod tests {
    use crate::cli::{Attach, Command};
    use crate::{parse_line, Line};
    use kubeplay_model::Kind;

    // attach_test.go's TestPodAndContainerAttach argument cases, with the
    // errors real kubectl v1.32 prints for them.
    #[test]
    fn arguments() {
        let attach = |kind, name: &str, container: Option<&str>, stdin, tty| Attach { kind, name: name.into(), container: container.map(Into::into), stdin, tty, quiet: false };
        for (line, want) in [
            ("kubectl attach", Err("error: at least 1 argument is required for attach")),
            ("kubectl attach foo bar baz", Err("error: expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw 3: [foo bar baz]")),
            ("kubectl attach --pod-running-timeout=0", Err("error: --pod-running-timeout must be higher than zero\nSee 'kubectl attach -h' for help and examples")),
            ("kubectl attach foo", Ok(attach(Kind::Pod, "foo", None, false, false))),
            ("kubectl attach foo -c bar -it", Ok(attach(Kind::Pod, "foo", Some("bar"), true, true))),
            ("kubectl attach deploy/web", Ok(attach(Kind::Deployment, "web", None, false, false))),
            ("kubectl attach rs web -i", Ok(attach(Kind::ReplicaSet, "web", None, true, false))),
        ] {
            let got = match parse_line(line) {
                Ok(Line::Kubectl(inv)) => match inv.command {
                    Command::Attach(a) => Ok(a),
                    other => panic!("{line}: {other:?}"),
                },
                Ok(other) => panic!("{line}: {other:?}"),
                Err(e) => Err(e.to_string()),
            };
            assert_eq!(got, want.map_err(String::from), "{line}");
        }
    }
}
