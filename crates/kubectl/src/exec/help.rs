//! `kubectl --help`, `kubectl CMD --help`, `kubectl help [CMD]` and bare
//! command groups: the playground's own short help, built from the command
//! tree (summaries, subcommands, flags with their defaults), not kubectl's
//! long texts; and v1.32's hidden, empty `alpha`, whose help is one line.

use super::Output;
use crate::cli::spec::{CommandSpec, GLOBAL, KUBECTL};

fn find(path: &str) -> Option<&'static CommandSpec> {
    let mut cur: &'static CommandSpec = &KUBECTL;
    for word in path.split_whitespace().skip(1) {
        cur = cur.find(word)?;
    }
    Some(cur)
}

fn column(rows: &[(String, String)]) -> String {
    let w = rows.iter().map(|(a, _)| a.chars().count()).max().unwrap_or(0);
    rows.iter().map(|(a, b)| format!("  {a:<w$}   {b}\n")).collect()
}

/// The help text for a command path such as `kubectl rollout`.
pub fn text(path: &str) -> String {
    let Some(spec) = find(path) else { return format!("(playground) no help for {path}\n") };
    let mut s = format!("{}\n\n", spec.short);
    let parent = spec.subcommands.iter().any(|c| c.supported);
    s.push_str("Usage:\n");
    if spec.group || path == "kubectl" {
        s.push_str(&format!("  {path} [command] [flags]\n\n"));
    } else {
        s.push_str(&format!("  {path} [flags]\n\n"));
    }
    if parent {
        s.push_str("Commands:\n");
        let rows: Vec<(String, String)> = spec
            .subcommands
            .iter()
            .map(|c| (c.name.to_string(), if c.supported { c.short.to_string() } else { format!("{} (not in the playground)", c.short) }))
            .collect();
        s.push_str(&column(&rows));
        s.push('\n');
    }
    let flags: Vec<(String, String)> = spec
        .flags
        .iter()
        .flat_map(|t| t.iter())
        .map(|f| {
            let name = match f.short {
                Some(c) => format!("-{c}, --{}", f.name),
                None => format!("    --{}", f.name),
            };
            (name, format!("default {}", f.default))
        })
        .collect();
    if !flags.is_empty() {
        s.push_str("Flags:\n");
        s.push_str(&column(&flags));
        s.push('\n');
    }
    if path == "kubectl" {
        s.push_str(&format!("Global flags: -n/--namespace and {} others that this cluster ignores.\n", GLOBAL.len() - 1));
    }
    s.push_str("(playground) a short summary; the kubectl reference documentation has each command's full help.\n");
    s
}

pub fn run(path: &str, out: &mut Output) {
    // v1.32's `alpha` has no subcommands; its help is this one line (cobra's Println: stderr).
    if path == "kubectl alpha" {
        out.note("No alpha commands are available in this version of kubectl");
        return;
    }
    if path == "kubectl options" {
        out.stdout.push_str(&options());
        return;
    }
    out.stdout.push_str(&text(path));
}

/// `kubectl options`: each global flag as kubectl lists it (`--name=default:`),
/// without kubectl's description under each.
fn options() -> String {
    let mut s = String::from("The following options can be passed to any command:\n\n");
    for f in GLOBAL {
        let short = f.short.map(|c| format!("-{c}, ")).unwrap_or_default();
        s.push_str(&format!("    {short}--{}={}:\n", f.name, f.default));
    }
    s.push_str("(playground) the flags and their defaults, without kubectl's description of each (the kubectl reference documentation has them)\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_subcommands_and_flags() {
        let t = text("kubectl rollout");
        assert!(t.starts_with("Manage the rollout of a resource\n\nUsage:\n  kubectl rollout [command] [flags]\n"));
        assert!(t.contains("  undo      Undo a previous rollout\n"));
        let t = text("kubectl scale");
        assert!(t.contains("--replicas"));
        assert!(text("kubectl").contains("  api-versions"));
    }

    #[test]
    fn options_lists_the_global_flags_as_kubectl_does() {
        let o = options();
        assert!(o.starts_with("The following options can be passed to any command:\n\n    --as='':\n    --as-group=[]:\n"));
        // Lines as the installed kubectl v1.32 prints them.
        for line in ["    -n, --namespace='':\n", "    -s, --server='':\n", "    -v, --v=0:\n", "    --vmodule=:\n", "    --log-flush-frequency=5s:\n", "    --cache-dir='/root/.kube/cache':\n"] {
            assert!(o.contains(line), "{line}");
        }
    }
}
