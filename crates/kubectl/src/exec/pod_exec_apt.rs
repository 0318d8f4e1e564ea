//! `apt-get update` and `apt-get install` in a Debian-based container, as
//! the task pages type them to add ps, curl, tcpdump or lsof. Debian's
//! images ship without package lists, so an install before an update
//! cannot find the package. What a run leaves is files in the
//! container's layer (the lists, the programs' binaries), through the
//! same writes as `echo > FILE`: a restarted container has lost them, as
//! a real one has. The packages, versions and sizes are bookworm's
//! (Debian 12, the base of the nginx and redis images), a few kept here.

use super::fs::{Fs, Node};
use super::Output;
use kubeplay_engine::Engine;

/// Where `apt-get update` leaves its lists.
const LISTS: &str = "/var/lib/apt/lists";
const RELEASE: &str = "/var/lib/apt/lists/deb.debian.org_debian_dists_bookworm_InRelease";

/// One package: name, version, architecture-specific, size (kB) of the
/// download and of the installed files, and the programs it puts in /usr/bin.
struct Package {
    name: &'static str,
    version: &'static str,
    arch: bool,
    kb: u32,
    installed_kb: u32,
    programs: &'static [&'static str],
    /// Packages it pulls in that the images lack.
    needs: &'static [&'static str],
    suggests: &'static [&'static str],
}

const fn pkg(name: &'static str, version: &'static str, kb: u32, installed_kb: u32, programs: &'static [&'static str], needs: &'static [&'static str], suggests: &'static [&'static str]) -> Package {
    Package { name, version, arch: true, kb, installed_kb, programs, needs, suggests }
}

const PACKAGES: &[Package] = &[
    pkg("procps", "2:4.0.2-3", 709, 2234, &["ps", "top", "free", "pgrep", "pkill", "pmap", "uptime", "vmstat", "w", "watch"], &["libgpm2", "libncursesw6", "libproc2-0", "psmisc"], &["gpm"]),
    pkg("libgpm2", "1.20.7-10+b1", 14, 44, &[], &[], &[]),
    pkg("libncursesw6", "6.4-4", 134, 417, &[], &[], &[]),
    pkg("libproc2-0", "2:4.0.2-3", 62, 183, &[], &[], &[]),
    pkg("psmisc", "23.6-1", 259, 917, &["killall", "fuser", "pstree"], &[], &[]),
    pkg("tcpdump", "4.99.3-1", 462, 1293, &["tcpdump"], &["libpcap0.8"], &["apparmor"]),
    pkg("libpcap0.8", "1.10.3-1", 154, 402, &[], &[], &[]),
    pkg("lsof", "4.95.0-1", 314, 484, &["lsof"], &[], &["perl"]),
    pkg("curl", "7.88.1-10+deb12u12", 315, 500, &["curl"], &[], &[]),
];

fn find(name: &str) -> Option<&'static Package> {
    PACKAGES.iter().find(|p| p.name == name)
}

/// Whether `program` came from a package installed in this container.
pub fn installed_program(fs: &Fs, engine: &Engine, program: &str) -> bool {
    matches!(fs.stat(engine, &format!("/usr/bin/{program}")), Ok(Node::File { .. }))
}

fn is_installed(fs: &Fs, engine: &Engine, p: &Package, image_has: &dyn Fn(&str) -> bool) -> bool {
    match p.programs.first() {
        Some(prog) => image_has(prog) || installed_program(fs, engine, prog),
        None => matches!(fs.stat(engine, &format!("/usr/share/doc/{}/copyright", p.name)), Ok(Node::File { .. })),
    }
}

/// Runs `apt-get ARGS`; its exit status. `tty`: stdin and stdout are a
/// terminal (the progress lines end in "Done"; a question waits for
/// an answer). `image_has` says which programs the image itself ships.
pub fn run(argv: &[String], fs: &Fs, engine: &mut Engine, tty: bool, image_has: &dyn Fn(&str) -> bool, out: &mut Output) -> i32 {
    let args: Vec<&str> = argv[1..].iter().map(String::as_str).collect();
    let yes = args.iter().any(|a| matches!(*a, "-y" | "--yes" | "--assume-yes" | "-qy" | "-yq"));
    let words: Vec<&str> = args.iter().copied().filter(|a| !a.starts_with('-')).collect();
    let done = if tty { " Done" } else { "" };
    match words.as_slice() {
        ["update"] => update(fs, engine, done, out),
        ["install", names @ ..] if !names.is_empty() => install(names, yes, fs, engine, tty, image_has, out),
        ["install"] => {
            out.out(&format!("Reading package lists...{done}\nBuilding dependency tree...{done}\nReading state information...{done}\n0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded."));
            0
        }
        [] => {
            out.out("apt 2.6.1 (amd64)\nUsage: apt-get [options] command\n       apt-get [options] install|remove pkg1 [pkg2 ...]\n       apt-get [options] source pkg1 [pkg2 ...]");
            1
        }
        [other, ..] if !matches!(*other, "upgrade" | "remove" | "purge" | "clean" | "autoremove" | "dist-upgrade" | "source" | "download" | "check") => {
            out.note(&format!("E: Invalid operation {other}"));
            100
        }
        _ => {
            out.note(&format!("(playground) apt-get runs here only as apt-get update and apt-get install PACKAGE (not {})", crate::gofmt::quote(&argv.join(" "))));
            1
        }
    }
}

fn update(fs: &Fs, engine: &mut Engine, done: &str, out: &mut Output) -> i32 {
    let again = matches!(fs.stat(engine, RELEASE), Ok(Node::File { .. }));
    if again {
        out.out("Hit:1 http://deb.debian.org/debian bookworm InRelease\nHit:2 http://deb.debian.org/debian bookworm-updates InRelease\nHit:3 http://deb.debian.org/debian-security bookworm-security InRelease");
    } else {
        out.out(
            "Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]
Get:2 http://deb.debian.org/debian bookworm-updates InRelease [55.4 kB]
Get:3 http://deb.debian.org/debian-security bookworm-security InRelease [48.0 kB]
Get:4 http://deb.debian.org/debian bookworm/main amd64 Packages [8792 kB]
Get:5 http://deb.debian.org/debian bookworm-updates/main amd64 Packages [13.5 kB]
Get:6 http://deb.debian.org/debian-security bookworm-security/main amd64 Packages [246 kB]
Fetched 9306 kB in 1s (7038 kB/s)",
        );
        for dir in ["/var/lib/apt", LISTS] {
            let _ = fs.mkdir(engine, dir);
        }
        let _ = fs.write(engine, RELEASE, "", false);
    }
    out.out(&format!("Reading package lists...{done}"));
    0
}

fn install(names: &[&str], yes: bool, fs: &Fs, engine: &mut Engine, tty: bool, image_has: &dyn Fn(&str) -> bool, out: &mut Output) -> i32 {
    let done = if tty { " Done" } else { "" };
    out.out(&format!("Reading package lists...{done}\nBuilding dependency tree...{done}\nReading state information...{done}"));
    let listed = matches!(fs.stat(engine, RELEASE), Ok(Node::File { .. }));
    let mut wanted: Vec<&Package> = Vec::new();
    for n in names {
        match find(n).filter(|_| listed) {
            Some(p) => wanted.push(p),
            None if listed => {
                out.note(&format!("(playground) apt-get installs here only {} (not {n})", PACKAGES.iter().filter(|p| !p.programs.is_empty()).map(|p| p.name).collect::<Vec<_>>().join(", ")));
                return 100;
            }
            None => {
                out.note(&format!("E: Unable to locate package {n}"));
                return 100;
            }
        }
    }
    let mut already = Vec::new();
    let mut new: Vec<&Package> = Vec::new();
    let mut extra: Vec<&Package> = Vec::new();
    let mut suggested: Vec<&str> = Vec::new();
    for p in &wanted {
        if is_installed(fs, engine, p, image_has) {
            already.push(*p);
            continue;
        }
        new.push(p);
        for d in p.needs.iter().filter_map(|d| find(d)) {
            if !is_installed(fs, engine, d, image_has) && !extra.iter().any(|e| e.name == d.name) && !wanted.iter().any(|w| w.name == d.name) {
                extra.push(d);
            }
        }
        suggested.extend(p.suggests);
    }
    for p in &already {
        out.out(&format!("{} is already the newest version ({}).", p.name, p.version));
    }
    let mut all: Vec<&Package> = new.iter().chain(&extra).copied().collect();
    all.sort_by_key(|p| p.name);
    if all.is_empty() {
        out.out("0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.");
        return 0;
    }
    let list = |ps: &[&Package]| {
        let mut names: Vec<&str> = ps.iter().map(|p| p.name).collect();
        names.sort_unstable();
        format!("  {}", names.join(" "))
    };
    if !extra.is_empty() {
        out.out(&format!("The following additional packages will be installed:\n{}", list(&extra)));
    }
    if !suggested.is_empty() {
        suggested.sort_unstable();
        out.out(&format!("Suggested packages:\n  {}", suggested.join(" ")));
    }
    out.out(&format!("The following NEW packages will be installed:\n{}", list(&all)));
    let (kb, installed_kb): (u32, u32) = (all.iter().map(|p| p.kb).sum(), all.iter().map(|p| p.installed_kb).sum());
    out.out(&format!("0 upgraded, {} newly installed, 0 to remove and 0 not upgraded.", all.len()));
    out.out(&format!("Need to get {} kB of archives.\nAfter this operation, {} kB of additional disk space will be used.", thousands(kb), thousands(installed_kb)));
    // apt asks only when it installs more than was named.
    if !extra.is_empty() && !yes {
        if !tty {
            out.out("Do you want to continue? [Y/n] Abort.");
            return 1;
        }
        out.out("Do you want to continue? [Y/n] ");
        out.note("(playground) the session answers apt-get's question with Enter: yes");
    }
    for (i, p) in all.iter().enumerate() {
        out.out(&format!("Get:{} http://deb.debian.org/debian bookworm/main amd64 {} {} {} [{} kB]", i + 1, p.name, if p.arch { "amd64" } else { "all" }, p.version, p.kb));
    }
    out.out(&format!("Fetched {} in 0s ({}/s)", size(kb), size(kb * 10)));
    out.out("debconf: delaying package configuration, since apt-utils is not installed");
    let many = all.len() > 1;
    for (i, p) in all.iter().enumerate() {
        out.out(&format!("Selecting previously unselected package {}.", qualified(p)));
        if i == 0 {
            out.out("(Reading database ... 7580 files and directories currently installed.)");
        }
        let prefix = if many { format!("{i}-") } else { String::new() };
        out.out(&format!("Preparing to unpack .../{prefix}{}_{}_amd64.deb ...", p.name, p.version.replace(':', "%3a")));
        out.out(&format!("Unpacking {} ({}) ...", qualified(p), p.version));
    }
    for p in &all {
        out.out(&format!("Setting up {} ({}) ...", qualified(p), p.version));
        for prog in p.programs {
            let _ = fs.write(engine, &format!("/usr/bin/{prog}"), "", false);
        }
        if p.programs.is_empty() {
            for dir in ["/usr/share/doc", &format!("/usr/share/doc/{}", p.name)] {
                let _ = fs.mkdir(engine, dir);
            }
            let _ = fs.write(engine, &format!("/usr/share/doc/{}/copyright", p.name), "", false);
        }
    }
    out.out("Processing triggers for libc-bin (2.36-9+deb12u10) ...");
    0
}

/// dpkg names a library with its architecture.
fn qualified(p: &Package) -> String {
    if p.name.starts_with("lib") {
        format!("{}:amd64", p.name)
    } else {
        p.name.to_string()
    }
}

/// apt's short sizes (`SizeToStr`): `9306 kB`, `12.5 MB`.
fn size(kb: u32) -> String {
    if kb < 10_000 {
        return format!("{kb} kB");
    }
    let mb = f64::from(kb) / 1000.0;
    if mb < 100.0 {
        format!("{mb:.1} MB")
    } else {
        format!("{mb:.0} MB")
    }
}

/// apt's sizes in its plan: `1,253`.
fn thousands(n: u32) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn sizes_group_thousands() {
        for (n, want) in [(0, "0"), (999, "999"), (1253, "1,253"), (9306000, "9,306,000")] {
            assert_eq!(super::thousands(n), want);
        }
        for (n, want) in [(1253, "1253 kB"), (12530, "12.5 MB"), (404000, "404 MB")] {
            assert_eq!(super::size(n), want);
        }
    }
}
