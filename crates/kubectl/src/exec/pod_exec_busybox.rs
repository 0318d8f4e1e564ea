//! busybox's multi-call binary: `busybox APPLET [ARGS…]` runs the applet
//! its first argument names. The busybox image has no entrypoint and `sh`
//! for its command, so `kubectl run po busybox --image=busybox -- env`
//! (a pod named `po`, the words after it its args) runs `busybox env`;
//! alpine ships the same binary. Debian images have none.

use super::fs::Family;

/// The applet's own argv when `argv` calls the multi-call binary of an
/// image of `family`; None when it does not, or asks the binary itself
/// something (`busybox`, `busybox --list`: not simulated).
pub(super) fn applet(family: Family, argv: &[String]) -> Option<&[String]> {
    let ships = matches!(family, Family::Busybox | Family::Alpine);
    let called = argv
        .first()
        .is_some_and(|p| p.rsplit('/').next() == Some("busybox"));
    let rest = argv
        .get(1..)
        .filter(|r| r.first().is_some_and(|a| !a.starts_with('-')))?;
    (ships && called).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn applets_of_the_multi_call_binary() {
        let cases: &[(Family, &str, Option<&str>)] = &[
            (Family::Busybox, "busybox env", Some("env")),
            (
                Family::Busybox,
                "/bin/busybox echo hi there",
                Some("echo hi there"),
            ),
            (
                Family::Alpine,
                "busybox printenv HOME",
                Some("printenv HOME"),
            ),
            // The binary alone or its own options: its usage, not simulated.
            (Family::Busybox, "busybox", None),
            (Family::Busybox, "busybox --list", None),
            // Debian images ship no busybox.
            (Family::Debian, "busybox env", None),
            (Family::Busybox, "env", None),
        ];
        for (family, argv, want) in cases {
            let argv = words(argv);
            let got = applet(*family, &argv).map(|a| a.join(" "));
            assert_eq!(got.as_deref(), *want, "{family:?} {argv:?}");
        }
    }
}
