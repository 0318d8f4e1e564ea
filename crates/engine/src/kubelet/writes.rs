//! Files a container writes by itself as it starts, which `kubectl exec`
//! then reads (see `files.rs`): a postStart exec handler's `echo … > FILE`
//! (the kubelet runs the handler right after the container starts), and
//! an init container's `wget -O FILE URL` of a page the docs fetch, into
//! the volume mounted there. The simulator runs no programs; these are
//! the few writes the task pages read back.

use super::files::{Entry, Scope, Written};
use crate::world::World;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::Time;

/// The pages the docs' init containers download, as their servers send them.
const PAGES: &[(&str, &str)] = &[("http://info.cern.ch", INFO_CERN_CH)];

const INFO_CERN_CH: &str = r#"<html><head></head><body><header>
<title>http://info.cern.ch</title>
</header>

<h1>http://info.cern.ch - home of the first website</h1>
<p>From here you can:</p>
<ul>
<li><a href="http://info.cern.ch/hypertext/WWW/TheProject.html">Browse the first website</a></li>
<li><a href="http://line-mode.cern.ch/www/hypertext/WWW/TheProject.html">Browse the first website using the line-mode browser simulator</a></li>
<li><a href="http://home.web.cern.ch/topics/birth-web">Learn about the birth of the web</a></li>
<li><a href="http://home.web.cern.ch/about">Learn about CERN, the physics laboratory where the web was born</a></li>
</ul>
</body></html>
"#;

/// What container `c` (instance `id`) of `pod` writes as it starts.
pub(super) fn at_start(world: &mut World, pod: &Pod, id: &str, c: &Container, now: Time) {
    if let Some(hook) = c.lifecycle.as_ref().and_then(|l| l.post_start.as_ref()) {
        let argv: Vec<String> = hook
            .get("exec")
            .and_then(|e| e.get("command"))
            .and_then(|c| c.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|w| w.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        if let Some(script) = super::shell::shell_script(&argv) {
            for (path, text, append) in super::shell::echo_writes(script) {
                write(
                    world,
                    Scope::Layer(id.to_string()),
                    path,
                    &text,
                    append,
                    now,
                );
            }
        }
    }
    let argv: Vec<String> = c.command.iter().chain(&c.args).cloned().collect();
    if let Some((path, page)) = wget_download(&argv) {
        let (scope, inner) = where_written(pod, c, id, &path);
        write(world, scope, inner, page, false, now);
    }
    for (path, text, append) in own_echo_writes(&argv) {
        let (scope, inner) = where_written(pod, c, id, &path);
        write(world, scope, inner, &text, append, now);
    }
}

/// The `echo TEXT > FILE` lines of the container's own `sh -c` script
/// (the docs' two-container pod writes a page for its neighbour this
/// way). Only literal text: a line that expands variables or runs
/// commands (`echo $(date) >> log` in a loop) would need the script run,
/// which the simulator does not do.
fn own_echo_writes(argv: &[String]) -> Vec<(String, String, bool)> {
    let writes = super::shell::shell_script(argv).map(super::shell::echo_writes).unwrap_or_default();
    writes.into_iter().filter(|(_, text, _)| !text.contains(['$', '`'])).collect()
}

/// `wget -O PATH URL` of a known page: the file and what it gets.
fn wget_download(argv: &[String]) -> Option<(String, &'static str)> {
    if argv.first().map(|a| super::shell::basename(a)) != Some("wget") {
        return None;
    }
    let (mut path, mut url) = (None, None);
    let mut i = 1;
    while let Some(a) = argv.get(i) {
        match a.as_str() {
            "-O" => {
                path = argv.get(i + 1).cloned();
                i += 1;
            }
            a if a.starts_with("-O") => path = Some(a[2..].to_string()),
            a if a.starts_with('-') => {}
            a => url = Some(a.trim_end_matches('/').to_string()),
        }
        i += 1;
    }
    let page = PAGES.iter().find(|(u, _)| Some(*u) == url.as_deref())?.1;
    Some((path.filter(|p| p.starts_with('/'))?, page))
}

/// The storage `path` of container `c` lands in: the emptyDir mounted
/// above it (without a subPath), else the container's layer.
fn where_written(pod: &Pod, c: &Container, id: &str, path: &str) -> (Scope, String) {
    let mounted = c
        .volume_mounts
        .iter()
        .filter(|m| m.sub_path.is_none())
        .find_map(|m| {
            let rest = path
                .strip_prefix(m.mount_path.as_str().trim_end_matches('/'))?
                .strip_prefix('/')?;
            let vol = pod
                .spec
                .volumes
                .iter()
                .find(|v| v.name == m.name && v.empty_dir.is_some())?;
            Some(Scope::EmptyDir(
                pod.metadata.uid.to_string(),
                vol.name.to_string(),
            ))
            .map(|s| (s, format!("/{rest}")))
        });
    mounted.unwrap_or_else(|| (Scope::Layer(id.to_string()), path.to_string()))
}

fn write(world: &mut World, scope: Scope, path: String, text: &str, append: bool, now: Time) {
    let key = (scope, path);
    let before = match world.sim.files.get(&key).map(|w| &w.entry) {
        Some(Entry::File(t)) if append => t.to_string(),
        _ => String::new(),
    };
    world.sim.files.insert(
        key,
        Written {
            entry: Entry::File(format!("{before}{text}").into()),
            at: now,
            mode: 0o644,
        },
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn downloads() {
        let argv = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            super::wget_download(&argv("wget -O /work-dir/index.html http://info.cern.ch"))
                .map(|(p, _)| p),
            Some("/work-dir/index.html".into())
        );
        assert_eq!(
            super::wget_download(&argv("wget -O/x http://info.cern.ch/")).map(|(p, _)| p),
            Some("/x".into())
        );
        assert!(super::wget_download(&argv("wget -O /x http://example.com")).is_none());
        assert!(super::wget_download(&argv("curl -o /x http://info.cern.ch")).is_none());
    }

    #[test]
    fn own_echo_writes() {
        let argv = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let cases: &[(&[&str], &[(&str, &str, bool)])] = &[
            (&["/bin/sh", "-c", "echo Hello from the debian container > /pod-data/index.html"], &[("/pod-data/index.html", "Hello from the debian container\n", false)]),
            (&["sh", "-c", "while true; do echo $(date) >> /var/log/x; sleep 5; done"], &[]),
            (&["sh", "-c", "echo `hostname` > /x"], &[]),
            (&["echo", "hi", ">", "/x"], &[]),
        ];
        for (a, want) in cases {
            let want: Vec<(String, String, bool)> = want.iter().map(|(p, t, ap)| (p.to_string(), t.to_string(), *ap)).collect();
            assert_eq!(super::own_echo_writes(&argv(a)), want, "{a:?}");
        }
    }
}
