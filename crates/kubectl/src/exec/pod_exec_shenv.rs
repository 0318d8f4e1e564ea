//! The environment a shell passes to the programs it runs, as `env` and
//! `printenv` in it print it: the shells keep their variables in hash
//! tables and build a child's environment by walking them, so the order
//! is the table's, not the order the runtime gave. busybox ash and dash
//! hash a name into 39 buckets (the first byte times 16 plus every byte)
//! and append to a bucket's chain, after the few variables they define
//! at start-up (PATH; dash also TERM), which go first; bash hashes with
//! 32-bit FNV-1 into 1024 buckets and prepends, and gives the program
//! `_`, its path, last. At start-up ash and bash set SHLVL, all three PWD;
//! `cd` sets OLDPWD, exported.

/// Which shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Ash,
    Dash,
    Bash,
}

/// The environment `program` (as found on PATH) gets from a `kind` shell
/// started with `env` in the directory `pwd`.
pub fn environ(kind: Kind, env: &[(String, String)], pwd: &str, program: &str) -> Vec<(String, String)> {
    let mut vars: Vec<(String, String)> = env.to_vec();
    let mut set = |name: &str, value: String| match vars.iter_mut().find(|(k, _)| k == name) {
        Some(slot) => slot.1 = value,
        None => vars.push((name.to_string(), value)),
    };
    set("PWD", pwd.to_string());
    if kind != Kind::Dash {
        let level = env.iter().find(|(k, _)| k == "SHLVL").and_then(|(_, v)| v.parse::<i64>().ok()).unwrap_or(0);
        set("SHLVL", (level + 1).to_string());
    }
    let mut out = match kind {
        Kind::Ash | Kind::Dash => ash_order(kind, vars),
        Kind::Bash => bash_order(vars),
    };
    if kind == Kind::Bash {
        out.retain(|(k, _)| k != "_");
        out.push(("_".to_string(), program.to_string()));
    }
    out
}

fn ash_bucket(name: &str) -> usize {
    let bytes = name.as_bytes();
    let first = u32::from(bytes.first().copied().unwrap_or(0)) << 4;
    ((first + bytes.iter().map(|&b| u32::from(b)).sum::<u32>()) % 39) as usize
}

fn ash_order(kind: Kind, vars: Vec<(String, String)>) -> Vec<(String, String)> {
    // Set up before the environment is read, prepended to their chains.
    let builtin: &[&str] = if kind == Kind::Dash { &["TERM", "PATH"] } else { &["PATH"] };
    let mut buckets: Vec<Vec<(String, String)>> = vec![Vec::new(); 39];
    let (first, rest): (Vec<_>, Vec<_>) = vars.into_iter().partition(|(k, _)| builtin.contains(&k.as_str()));
    let mut first = first;
    first.sort_by_key(|(k, _)| builtin.iter().position(|b| b == k));
    for v in first.into_iter().chain(rest) {
        buckets[ash_bucket(&v.0)].push(v);
    }
    buckets.into_iter().flatten().collect()
}

fn fnv1(name: &str) -> u32 {
    name.bytes().fold(2_166_136_261u32, |h, b| h.wrapping_mul(16_777_619) ^ u32::from(b))
}

fn bash_order(vars: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut buckets: Vec<Vec<(String, String)>> = vec![Vec::new(); 1024];
    for v in vars {
        buckets[(fnv1(&v.0) & 1023) as usize].insert(0, v);
    }
    buckets.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A container's environment as the runtime gives it (with a terminal).
    fn container() -> Vec<(String, String)> {
        "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOSTNAME=dapi-envars-fieldref TERM=xterm MY_NODE_NAME=kubeplay-worker3 MY_POD_NAME=dapi-envars-fieldref MY_POD_NAMESPACE=default MY_POD_IP=10.244.3.2 MY_POD_SERVICE_ACCOUNT=default KUBERNETES_PORT=tcp://10.96.0.1:443 KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443 KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1 KUBERNETES_PORT_443_TCP_PORT=443 KUBERNETES_PORT_443_TCP_PROTO=tcp KUBERNETES_SERVICE_HOST=10.96.0.1 KUBERNETES_SERVICE_PORT=443 KUBERNETES_SERVICE_PORT_HTTPS=443 HOME=/root"
            .split(' ')
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                (k.to_string(), v.to_string())
            })
            .collect()
    }

    fn names(v: &[(String, String)]) -> String {
        v.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>().join(" ")
    }

    /// The orders busybox 1.35's ash, dash 0.5.12 and bash 5.2 print this
    /// environment in (`printenv` / `env` typed at an interactive prompt).
    #[test]
    fn the_shells_orders() {
        let cases = [
            (Kind::Ash, "MY_POD_SERVICE_ACCOUNT KUBERNETES_PORT KUBERNETES_SERVICE_PORT HOSTNAME SHLVL HOME MY_POD_NAMESPACE TERM MY_POD_IP KUBERNETES_PORT_443_TCP_ADDR PATH KUBERNETES_PORT_443_TCP_PORT KUBERNETES_PORT_443_TCP_PROTO MY_NODE_NAME KUBERNETES_PORT_443_TCP KUBERNETES_SERVICE_PORT_HTTPS KUBERNETES_SERVICE_HOST PWD MY_POD_NAME"),
            (Kind::Dash, "MY_POD_SERVICE_ACCOUNT KUBERNETES_PORT KUBERNETES_SERVICE_PORT HOSTNAME HOME MY_POD_NAMESPACE TERM MY_POD_IP KUBERNETES_PORT_443_TCP_ADDR PATH KUBERNETES_PORT_443_TCP_PORT KUBERNETES_PORT_443_TCP_PROTO MY_NODE_NAME KUBERNETES_PORT_443_TCP KUBERNETES_SERVICE_PORT_HTTPS KUBERNETES_SERVICE_HOST PWD MY_POD_NAME"),
            (Kind::Bash, "KUBERNETES_SERVICE_PORT_HTTPS KUBERNETES_SERVICE_PORT HOSTNAME MY_NODE_NAME MY_POD_NAMESPACE PWD HOME KUBERNETES_PORT_443_TCP MY_POD_IP TERM MY_POD_SERVICE_ACCOUNT SHLVL MY_POD_NAME KUBERNETES_PORT_443_TCP_PROTO KUBERNETES_PORT_443_TCP_ADDR KUBERNETES_SERVICE_HOST KUBERNETES_PORT KUBERNETES_PORT_443_TCP_PORT PATH _"),
        ];
        for (kind, want) in cases {
            let got = environ(kind, &container(), "/", "/usr/bin/env");
            assert_eq!(names(&got), want, "{kind:?}");
        }
        let bash = environ(Kind::Bash, &container(), "/data", "/usr/bin/env");
        assert_eq!(bash.last(), Some(&("_".to_string(), "/usr/bin/env".to_string())));
        assert!(bash.contains(&("PWD".to_string(), "/data".to_string())));
        assert!(bash.contains(&("SHLVL".to_string(), "1".to_string())));
    }
}
