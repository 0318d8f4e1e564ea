//! The start-up lines of the official server images (nginx, redis,
//! httpd) as `kubectl logs` shows them, for the release the image's tag
//! runs (`registry_env::software_version`, which the env and the HTTP
//! `Server` header name too, so all of them agree).
//!
//! Only the lines that do not depend on the host are printed: nginx's
//! build and kernel notices, its one line per worker, and redis's
//! warnings about the host's settings are left out.

use kubeplay_model::time::civil;
use kubeplay_model::Time;

/// Whether `version` (`1.14.2`) is below `v` (`[1, 21]`).
fn below(version: &str, v: &[u32]) -> bool {
    let parts: Vec<u32> = version.split('.').map_while(|p| p.parse().ok()).collect();
    !parts.is_empty() && parts.as_slice() < v
}

/// `2025/01/01 00:00:05`, as nginx stamps its error log.
fn nginx_time(t: Time) -> String {
    let (y, mo, d, h, mi, s) = civil(t.millis().div_euclid(1000));
    format!("{y:04}/{mo:02}/{d:02} {h:02}:{mi:02}:{s:02}")
}

/// nginx `version`'s lines. Before 1.19 the image had no entrypoint
/// script and its error log kept warnings only, so nothing is printed;
/// 1.19 and 1.20 print the entrypoint's lines only; from 1.21 on the
/// log level is `notice` (the start notices follow), the IPv6 script
/// tags its lines `info:` and the worker-tuning script is there; from
/// 1.24 on the local-resolvers script is sourced too.
pub(super) fn nginx(version: &str, t: Time) -> Vec<String> {
    if below(version, &[1, 19]) {
        return Vec::new();
    }
    let modern = !below(version, &[1, 21]);
    let ep = "/docker-entrypoint.sh";
    let ipv6 = "10-listen-on-ipv6-by-default.sh";
    let info = if modern { "info: " } else { "" };
    let mut v = vec![
        format!("{ep}: /docker-entrypoint.d/ is not empty, will attempt to perform configuration"),
        format!("{ep}: Looking for shell scripts in /docker-entrypoint.d/"),
        format!("{ep}: Launching /docker-entrypoint.d/{ipv6}"),
        format!("{ipv6}: {info}Getting the checksum of /etc/nginx/conf.d/default.conf"),
        format!("{ipv6}: {info}Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf"),
    ];
    if !below(version, &[1, 24]) {
        v.push(format!(
            "{ep}: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh"
        ));
    }
    v.push(format!(
        "{ep}: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh"
    ));
    if modern {
        v.push(format!(
            "{ep}: Launching /docker-entrypoint.d/30-tune-worker-processes.sh"
        ));
    }
    v.push(format!("{ep}: Configuration complete; ready for start up"));
    if modern {
        let t = nginx_time(t);
        v.push(format!(
            "{t} [notice] 1#1: using the \"epoll\" event method"
        ));
        v.push(format!("{t} [notice] 1#1: nginx/{version}"));
        v.push(format!("{t} [notice] 1#1: start worker processes"));
    }
    v
}

/// redis `version`'s lines, stamped `01 Jan 2025 00:00:05.120`. From 7.2
/// on the start lines are notices (`*`, warnings `#` before) and the
/// ready line names the listener.
pub(super) fn redis(version: &str, t: Time) -> Vec<String> {
    let (y, mo, d, h, mi, s) = civil(t.millis().div_euclid(1000));
    let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = months[usize::try_from(mo - 1).unwrap_or(0).min(11)];
    let t = format!(
        "{d:02} {month} {y:04} {h:02}:{mi:02}:{s:02}.{:03}",
        t.millis().rem_euclid(1000)
    );
    let old = below(version, &[7, 2]);
    let (level, listener) = if old { ('#', "") } else { ('*', " tcp") };
    vec![
        format!("1:C {t} {level} oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo"),
        // The images build from release tarballs: no git commit, not modified.
        format!("1:C {t} {level} Redis version={version}, bits=64, commit=00000000, modified=0, pid=1, just started"),
        format!("1:M {t} * Ready to accept connections{listener}"),
    ]
}

/// httpd `version`'s lines: the unset ServerName's complaint (once from
/// the configuration check, once from the server), naming the address
/// the pod's hostname resolves to, then the event MPM's start notices,
/// stamped `[Wed Jan 01 00:00:05.120000 2025]`. The thread id is the
/// C library's address of the main thread, here one fixed value.
pub(super) fn httpd(version: &str, pod_ip: &str, t: Time) -> Vec<String> {
    let secs = t.millis().div_euclid(1000);
    let (y, mo, d, h, mi, s) = civil(secs);
    let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    let day = days[usize::try_from(secs.div_euclid(86_400).rem_euclid(7)).unwrap_or(0)];
    let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = months[usize::try_from(mo - 1).unwrap_or(0).min(11)];
    let stamp = format!(
        "[{day} {month} {d:02} {h:02}:{mi:02}:{s:02}.{:03}000 {y:04}]",
        t.millis().rem_euclid(1000)
    );
    let tid = "139872462481280";
    let fqdn = format!("AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using {pod_ip}. Set the 'ServerName' directive globally to suppress this message");
    vec![
        fqdn.clone(),
        fqdn,
        format!("{stamp} [mpm_event:notice] [pid 1:tid {tid}] AH00489: Apache/{version} (Unix) configured -- resuming normal operations"),
        format!("{stamp} [core:notice] [pid 1:tid {tid}] AH00094: Command line: 'httpd -D FOREGROUND'"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at() -> Time {
        kubeplay_model::time::EPOCH.plus_millis(5_120)
    }

    /// The entrypoint's output of each image generation, as the
    /// nginx/docker-nginx history has it (1.14.2 is the Deployment
    /// pages' image and logs nothing at start).
    #[test]
    fn nginx_generations() {
        assert!(nginx("1.14.2", at()).is_empty());
        assert!(nginx("1.17.10", at()).is_empty());
        assert_eq!(
            nginx("1.19.6", at()),
            [
                "/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration",
                "/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/",
                "/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh",
                "10-listen-on-ipv6-by-default.sh: Getting the checksum of /etc/nginx/conf.d/default.conf",
                "10-listen-on-ipv6-by-default.sh: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf",
                "/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh",
                "/docker-entrypoint.sh: Configuration complete; ready for start up",
            ]
        );
        let v = nginx("1.21.1", at());
        assert_eq!(v[3], "10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf");
        assert!(!v.iter().any(|l| l.contains("15-local-resolvers")));
        assert_eq!(
            nginx("1.29.1", at()),
            [
                "/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration",
                "/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/",
                "/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh",
                "10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf",
                "10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf",
                "/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh",
                "/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh",
                "/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh",
                "/docker-entrypoint.sh: Configuration complete; ready for start up",
                "2025/01/01 00:00:05 [notice] 1#1: using the \"epoll\" event method",
                "2025/01/01 00:00:05 [notice] 1#1: nginx/1.29.1",
                "2025/01/01 00:00:05 [notice] 1#1: start worker processes",
            ]
        );
    }

    #[test]
    fn redis_generations() {
        assert_eq!(
            redis("6.0.5", at()),
            [
                "1:C 01 Jan 2025 00:00:05.120 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo",
                "1:C 01 Jan 2025 00:00:05.120 # Redis version=6.0.5, bits=64, commit=00000000, modified=0, pid=1, just started",
                "1:M 01 Jan 2025 00:00:05.120 * Ready to accept connections",
            ]
        );
        assert_eq!(
            redis("7.4.2", at()),
            [
                "1:C 01 Jan 2025 00:00:05.120 * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo",
                "1:C 01 Jan 2025 00:00:05.120 * Redis version=7.4.2, bits=64, commit=00000000, modified=0, pid=1, just started",
                "1:M 01 Jan 2025 00:00:05.120 * Ready to accept connections tcp",
            ]
        );
    }

    #[test]
    fn httpd_start() {
        let v = httpd("2.4.63", "10.244.1.5", at());
        assert_eq!(v[0], "AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using 10.244.1.5. Set the 'ServerName' directive globally to suppress this message");
        assert_eq!(v[0], v[1]);
        // 2025-01-01 was a Wednesday.
        assert_eq!(v[2], "[Wed Jan 01 00:00:05.120000 2025] [mpm_event:notice] [pid 1:tid 139872462481280] AH00489: Apache/2.4.63 (Unix) configured -- resuming normal operations");
        assert_eq!(v[3], "[Wed Jan 01 00:00:05.120000 2025] [core:notice] [pid 1:tid 139872462481280] AH00094: Command line: 'httpd -D FOREGROUND'");
        let sunday = Time::from_millis(kubeplay_model::time::EPOCH.millis() + 4 * 86_400_000);
        assert!(httpd("2.4.63", "10.244.1.5", sunday)[2]
            .starts_with("[Sun Jan 05 00:00:00.000000 2025]"));
    }
}
