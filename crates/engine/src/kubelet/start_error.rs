//! A container whose command is not a program its image holds: runc's
//! init looks the first word up (Go's `exec.LookPath`, with the image's
//! PATH) before it execs, and the failure comes back through containerd as
//! the start's error. The container was created, so it exists, exited
//! with code 128 and reason `StartError` (containerd's CRI marks it so),
//! never having started; the kubelet reports `RunContainerError` and, for
//! a container that restarts, backs off as for any other failure.
//!
//! Judged only for the images whose contents the playground knows
//! (`image_programs`: the busybox images, Alpine- and Debian-based ones).
//! For any other image the command is taken to exist. Only the first word
//! is looked up (`sh -c '…'` runs whatever the shell then finds), and for
//! an image with an ENTRYPOINT it is the entrypoint's, not the args':
//! nginx's script then fails its own `exec "$@"` with 127
//! ([`entrypoint_exec_failure`]). Nothing a volume may bring in is judged:
//! a name when a volume is mounted on the PATH, a path below a mount.
//!
//! The same rules tell the kubelet's shell model (`shell`) and `kubectl
//! exec` which of a script's commands its shell does not find: those end
//! with 127 (126 for a path that is no program) and the script goes on.

use super::image::ImageRef;
use super::image_programs::{self, Contents};
use super::image_root;
use kubeplay_model::api::Container;
use kubeplay_model::goquote::quote;

/// The official image's applets (busybox's defconfig, which the image
/// builds, as its `busybox --help` lists them), with `ar` and `inotifyd`
/// that the image's build enables and `getconf` it copies in.
const BUSYBOX_PROGRAMS: &str = "[ [[ acpid add-shell addgroup adduser adjtimex ar arch arp arping ascii ash awk
base32 base64 basename bc beep blkdiscard blkid blockdev bootchartd brctl bunzip2 busybox bzcat bzip2
cal cat chat chattr chgrp chmod chown chpasswd chpst chroot chrt chvt cksum clear cmp comm conspy cp
cpio crc32 crond crontab cryptpw cttyhack cut date dc dd deallocvt delgroup deluser depmod devmem df
dhcprelay diff dirname dmesg dnsd dnsdomainname dos2unix dpkg dpkg-deb du dumpkmap dumpleases echo ed
egrep eject env envdir envuidgid ether-wake expand expr factor fakeidentd fallocate false fatattr
fbset fbsplash fdflush fdformat fdisk fgconsole fgrep find findfs flock fold free freeramdisk fsck
fsck.minix fsfreeze fstrim fsync ftpd ftpget ftpput fuser getconf getopt getty grep groups gunzip gzip
halt hd hdparm head hexdump hexedit hostid hostname httpd hush hwclock i2cdetect i2cdump i2cget i2cset
i2ctransfer id ifconfig ifdown ifenslave ifplugd ifup inetd init inotifyd insmod install ionice iostat
ip ipaddr ipcalc ipcrm ipcs iplink ipneigh iproute iprule iptunnel kbd_mode kill killall killall5
klogd last less link linux32 linux64 linuxrc ln loadfont loadkmap logger login logname logread
losetup lpd lpq lpr ls lsattr lsmod lsof lspci lsscsi lsusb lzcat lzma lzop makedevs makemime man
md5sum mdev mesg microcom mim mkdir mkdosfs mke2fs mkfifo mkfs.ext2 mkfs.minix mkfs.vfat mknod
mkpasswd mkswap mktemp modinfo modprobe more mount mountpoint mpstat mt mv nameif nanddump nandwrite
nbd-client nc netstat nice nl nmeter nohup nologin nproc nsenter nslookup ntpd od openvt partprobe
passwd paste patch pgrep pidof ping ping6 pipe_progress pivot_root pkill pmap popmaildir poweroff
powertop printenv printf ps pscan pstree pwd pwdx raidautorun rdate rdev readahead readlink
readprofile realpath reboot reformime remove-shell renice reset resize resume rev rm rmdir rmmod
route rpm rpm2cpio rtcwake run-init run-parts runlevel runsv runsvdir rx script scriptreplay sed
seedrng sendmail seq setarch setconsole setfattr setfont setkeycodes setlogcons setpriv setserial
setsid setuidgid sh sha1sum sha256sum sha3sum sha512sum showkey shred shuf slattach sleep smemcap
softlimit sort split ssl_client start-stop-daemon stat strings stty su sulogin sum sv svc svlogd svok
swapoff swapon switch_root sync sysctl syslogd tac tail tar taskset tc tcpsvd tee telnet telnetd test
tftp tftpd time timeout top touch tr traceroute traceroute6 tree true truncate ts tsort tty ttysize
tunctl ubiattach ubidetach ubimkvol ubirename ubirmvol ubirsvol ubiupdatevol udhcpc udhcpc6 udhcpd
udpsvd uevent umount uname unexpand uniq unix2dos unlink unlzma unshare unxz unzip uptime users
usleep uudecode uuencode vconfig vi vlock volname w wall watch watchdog wc wget which who whoami
whois xargs xxd xz xzcat yes zcat zcip";

/// Whether `name` is one of the official busybox image's applets.
pub fn busybox_applet(name: &str) -> bool {
    BUSYBOX_PROGRAMS.split_ascii_whitespace().any(|a| a == name)
}

/// The repositories that are busybox's multi-call binary and nothing else.
pub(super) const BUSYBOX_IMAGES: &[&str] = &[
    "docker.io/library/busybox",
    "registry.k8s.io/busybox",
    "k8s.gcr.io/busybox",
    "gcr.io/google_containers/busybox",
    "gcr.io/google-containers/busybox",
    "registry.k8s.io/e2e-test-images/busybox",
];

/// The image's PATH (its config's `Env`), in the order Go searches it.
const PATH: &[&str] = &[
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
];

/// Files every container of a judged image holds that are not programs:
/// the image's own and what the kubelet mounts.
const PLAIN_FILES: &[&str] = &[
    "/etc/passwd",
    "/etc/group",
    "/etc/shadow",
    "/etc/hosts",
    "/etc/hostname",
    "/etc/resolv.conf",
    "/dev/termination-log",
];

/// Why Go's `exec.LookPath` refused the name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    NotInPath,
    NoSuchFile,
    Directory,
    NotExecutable,
}

/// The runtime's error when `c`'s command is not in its image: the text
/// the `Failed` event, the waiting message and the terminated status all
/// carry. None when it is there or the image is not one judged.
pub fn message(c: &Container) -> Option<String> {
    let programs = programs(c)?;
    // Without an ENTRYPOINT args alone are the command (and neither is
    // the image's CMD); with one, runc runs the image's own entrypoint.
    let first = match (c.command.first(), programs.contents.entrypoint) {
        (Some(first), _) => first,
        (None, None) => c.args.first()?,
        (None, Some(_)) => return None,
    };
    let refusal = programs.lookup(first)?;
    Some(runc_error(first, refusal))
}

/// What an image's entrypoint script prints when the args it is given
/// name no program (`kubectl run web --image=nginx -- foo`): its shell's
/// `exec "$@"` fails, the container exits 127 with that line in its log.
/// None when the args run, or the image's script is not known.
pub fn entrypoint_exec_failure(c: &Container) -> Option<String> {
    if !c.command.is_empty() {
        return None;
    }
    let first = c.args.first()?;
    let programs = programs(c)?;
    match programs.lookup(first)? {
        Refusal::NotInPath | Refusal::NoSuchFile => programs.contents.entrypoint_exec_failure(first),
        Refusal::Directory | Refusal::NotExecutable => None,
    }
}

/// What `c`'s processes find to run, when its image is one judged.
pub fn programs(c: &Container) -> Option<Programs> {
    let image = ImageRef::parse(c.image.as_deref()?).ok()?;
    let contents = image_programs::contents(&image)?;
    Some(Programs {
        contents,
        mounts: c
            .volume_mounts
            .iter()
            .map(|m| m.mount_path.to_string())
            .collect(),
        path_set: c.env.iter().any(|e| e.name.as_str() == "PATH") || !c.env_from.is_empty(),
    })
}

/// The programs of a judged container: its image's and whatever its
/// volumes or a PATH of its own may bring.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Programs {
    contents: Contents,
    mounts: Vec<String>,
    path_set: bool,
}

/// The shells' builtins, which they run before looking the PATH up:
/// busybox ash's, dash's and bash's together (a name one of them has is
/// taken to run in all: dash's `source: not found` is not judged).
const SHELL_BUILTINS: &[&str] = &[
    ".", ":", "[", "[[", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "chdir",
    "command", "compgen", "complete", "compopt", "continue", "declare", "dirs", "disown", "echo",
    "enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "getopts", "hash", "help",
    "history", "jobs", "kill", "let", "local", "logout", "mapfile", "popd", "printf", "pushd",
    "pwd", "read", "readarray", "readonly", "return", "set", "shift", "shopt", "source",
    "suspend", "test", "times", "trap", "true", "type", "typeset", "ulimit", "umask", "unalias",
    "unset", "wait",
];

impl Programs {
    fn lookup(&self, name: &str) -> Option<Refusal> {
        let mounts: Vec<&str> = self.mounts.iter().map(String::as_str).collect();
        lookup(&self.contents, name, &mounts, self.path_set)
    }

    /// The status the image's shell ends a simple command with when its
    /// first word is nothing it can run: 127 for a name it does not find
    /// (`sh: NAME: not found`), 126 for a path that is no program (`sh:
    /// PATH: Permission denied`). None when it runs, or may.
    pub fn shell_status(&self, name: &str) -> Option<i32> {
        if SHELL_BUILTINS.contains(&name) {
            return None;
        }
        match self.lookup(name)? {
            Refusal::NotInPath | Refusal::NoSuchFile => Some(127),
            Refusal::Directory | Refusal::NotExecutable => Some(126),
        }
    }
}

/// Looks `name` up in a judged image as `exec.LookPath` does.
fn lookup(contents: &Contents, name: &str, mounts: &[&str], path_set: bool) -> Option<Refusal> {
    let applet = |n: &str| contents.has(n);
    if !name.contains('/') {
        // A PATH of the pod's own, or a volume on the image's, may hold it.
        let path_mounted = mounts
            .iter()
            .any(|m| PATH.iter().any(|d| under(d, m) || under(m, d)));
        return (!path_set && !path_mounted && !applet(name)).then_some(Refusal::NotInPath);
    }
    // Relative to the working directory: not judged.
    if !name.starts_with('/') || mounts.iter().any(|m| under(name, m)) || contents.root_files.iter().any(|f| under(name, f)) {
        return None;
    }
    let trimmed = name.trim_end_matches('/');
    let top = trimmed.trim_start_matches('/');
    if top.is_empty() || (!top.contains('/') && !image_root::Root::default().missing(trimmed)) {
        return Some(Refusal::Directory);
    }
    if PLAIN_FILES.contains(&name) {
        return Some(Refusal::NotExecutable);
    }
    let root = image_root::Root {
        mounts: mounts.iter().map(|m| m.to_string()).collect(),
        busybox: true,
    };
    if root.missing(name) {
        return Some(Refusal::NoSuchFile);
    }
    let (dir, base) = name.rsplit_once('/').unwrap_or(("", name));
    (PATH.contains(&dir) && !applet(base)).then_some(Refusal::NoSuchFile)
}

/// Whether `path` is `dir` or below it.
fn under(path: &str, dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    path.strip_prefix(dir)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/') || dir.is_empty())
}

/// containerd's error around runc's: the task was not created because
/// runc's init failed (runc 1.2 names the stage), and the shim's gRPC
/// code, unknown, ends it.
fn runc_error(name: &str, refusal: Refusal) -> String {
    let why = match refusal {
        Refusal::NotInPath => "executable file not found in $PATH".to_string(),
        Refusal::NoSuchFile => format!("stat {name}: no such file or directory"),
        Refusal::Directory => "is a directory".to_string(),
        Refusal::NotExecutable => "permission denied".to_string(),
    };
    format!(
        "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: {}: {why}: unknown",
        quote(name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (image, command, args, what is wanted).
    type Case<'a> = (&'a str, &'a [&'a str], &'a [&'a str], Option<&'a str>);

    /// Go's `exec.LookPath` cases (os/exec's lp_unix tests) as they fall
    /// in a busybox image.
    #[test]
    fn looks_names_up_as_go_does() {
        let cases: &[(&str, &[&str], bool, Option<Refusal>)] = &[
            ("sh", &[], false, None),
            ("sleep", &[], false, None),
            ("nslookup", &[], false, None),
            ("getconf", &[], false, None),
            ("notexist", &[], false, Some(Refusal::NotInPath)),
            ("bash", &[], false, Some(Refusal::NotInPath)),
            ("curl", &[], false, Some(Refusal::NotInPath)),
            ("", &[], false, Some(Refusal::NotInPath)),
            // The pod's own PATH, or a volume on the image's, may hold it.
            ("notexist", &[], true, None),
            ("notexist", &["/usr/local/bin"], false, None),
            ("notexist", &["/usr"], false, None),
            ("notexist", &["/data"], false, Some(Refusal::NotInPath)),
            ("/bin/sh", &[], false, None),
            ("/usr/bin/env", &[], false, None),
            ("/bin/notexist", &[], false, Some(Refusal::NoSuchFile)),
            ("/bin/bash", &[], false, Some(Refusal::NoSuchFile)),
            ("/usr/local/bin/app", &[], false, Some(Refusal::NoSuchFile)),
            ("/app/run.sh", &[], false, Some(Refusal::NoSuchFile)),
            ("/app/run.sh", &["/app"], false, None),
            ("/scripts/run.sh", &["/scripts/"], false, None),
            // Deeper than the image's known places: taken to exist.
            ("/opt/tool/bin/x", &[], false, None),
            ("./run.sh", &[], false, None),
            ("bin/sh", &[], false, None),
            ("/", &[], false, Some(Refusal::Directory)),
            ("/bin", &[], false, Some(Refusal::Directory)),
            ("/tmp/", &[], false, Some(Refusal::Directory)),
            ("/etc/passwd", &[], false, Some(Refusal::NotExecutable)),
        ];
        for (name, mounts, path_set, want) in cases {
            assert_eq!(
                lookup(&Contents::default(), name, mounts, *path_set),
                *want,
                "{name} {mounts:?} {path_set}"
            );
        }
    }

    fn container(image: &str, command: &[&str], args: &[&str]) -> Container {
        Container {
            image: Some(image.into()),
            command: command.iter().map(|w| w.to_string()).collect(),
            args: args.iter().map(|w| w.to_string()).collect(),
            ..Default::default()
        }
    }

    /// The word runc looks up is the command's first, else the args'
    /// (busybox has no ENTRYPOINT), in the images the playground knows.
    #[test]
    fn judges_the_first_word_of_known_images() {
        let cases: &[Case] = &[
            (
                "busybox",
                &[],
                &["notexist"],
                Some(r#"exec: "notexist": executable file not found in $PATH"#),
            ),
            (
                "busybox:1.36",
                &["/bin/notexist"],
                &["x"],
                Some(r#"exec: "/bin/notexist": stat /bin/notexist: no such file or directory"#),
            ),
            (
                "registry.k8s.io/busybox",
                &["bash"],
                &["-c", "echo hi"],
                Some(r#"exec: "bash": executable file not found in $PATH"#),
            ),
            (
                "busybox",
                &[],
                &["-c", "echo"],
                Some(r#"exec: "-c": executable file not found in $PATH"#),
            ),
            ("busybox", &["sh", "-c"], &["notexist"], None),
            ("busybox", &[], &[], None),
            (
                "busybox",
                &["tab\there"],
                &[],
                Some(r#"exec: "tab\there": executable file not found in $PATH"#),
            ),
            // The Alpine and Debian families.
            (
                "nginx",
                &["foo"],
                &[],
                Some(r#"exec: "foo": executable file not found in $PATH"#),
            ),
            (
                "alpine",
                &[],
                &["bash"],
                Some(r#"exec: "bash": executable file not found in $PATH"#),
            ),
            (
                "ubuntu:24.04",
                &[],
                &["ping", "-c", "1", "web"],
                Some(r#"exec: "ping": executable file not found in $PATH"#),
            ),
            (
                "python:3.12-slim",
                &["curl"],
                &["http://web"],
                Some(r#"exec: "curl": executable file not found in $PATH"#),
            ),
            (
                "httpd:2.4",
                &[],
                &["/usr/bin/notexist"],
                Some(r#"exec: "/usr/bin/notexist": stat /usr/bin/notexist: no such file or directory"#),
            ),
            ("nginx:alpine", &["ps"], &[], None),
            ("nginx", &["curl"], &["-s", "web"], None),
            ("nginx", &["/docker-entrypoint.sh"], &["nginx"], None),
            ("debian", &[], &["bash", "-c", "notexist"], None),
            ("python:3.12-alpine", &[], &["python3", "-m", "http.server"], None),
            // An ENTRYPOINT runs the args: runc looks the entrypoint up.
            ("nginx", &[], &["foo"], None),
            ("redis", &[], &["foo"], None),
            // Before 1.19 nginx had none.
            (
                "nginx:1.14.2",
                &[],
                &["foo"],
                Some(r#"exec: "foo": executable file not found in $PATH"#),
            ),
            // Images whose contents the playground does not know.
            ("myorg/myapp:1.0", &["notexist"], &[], None),
            ("python:3.12", &["notexist"], &[], None),
            ("mysql:8.0", &["notexist"], &[], None),
        ];
        for (image, command, args, want) in cases {
            let got = message(&container(image, command, args));
            let want = want.map(|w| format!("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: {w}: unknown"));
            assert_eq!(got, want, "{image} {command:?} {args:?}");
        }
    }

    fn script_code(script: &str, programs: Option<Programs>) -> Option<i32> {
        let root = image_root::Root {
            mounts: Vec::new(),
            busybox: true,
        };
        match super::super::shell::run_script_with(script, root, programs).end {
            super::super::shell::End::At { code, .. } => Some(code),
            _ => None,
        }
    }

    /// Each script's exit status, as `busybox sh -c SCRIPT` (BusyBox
    /// v1.35.0) ends with it.
    #[test]
    fn ash_fails_the_commands_it_does_not_find() {
        let cases: &[(&str, i32)] = &[
            ("notexist", 127),
            ("notexist foo bar", 127),
            ("echo a; notexist", 127),
            ("notexist; echo $?", 0),
            ("notexist; exit", 127),
            ("notexist && echo y", 127),
            ("notexist || exit 3", 3),
            ("notexist || true", 0),
            ("x=1 notexist", 127),
            ("notexist >/dev/null 2>&1", 127),
            ("exec notexist", 127),
            ("sh -c notexist", 127),
            ("sh -c 'notexist; exit 5'", 5),
            ("/bin/notexist", 127),
            ("/bin", 126),
            ("/etc/passwd", 126),
            ("/", 126),
            ("if notexist; then exit 1; else exit 2; fi", 2),
            ("notexist(){ :; }; notexist", 0),
            ("sleep 0; echo ok", 0),
            ("[ -f /x ] || echo no", 0),
            ("true; exit", 0),
            ("for i in 1 2; do notexist; done", 127),
            // Not busybox: bash, curl and the rest are not in the image.
            ("bash -c 'exit 0'", 127),
            ("curl -s http://web || exit 1", 1),
            ("nginx -g 'daemon off;'", 127),
        ];
        for (script, want) in cases {
            assert_eq!(
                script_code(script, Some(Programs::default())),
                Some(*want),
                "{script}"
            );
        }
    }

    /// What the shell may find, or where this model cannot tell: taken
    /// to run, as in any image the playground does not know.
    #[test]
    fn commands_that_may_exist_run() {
        let path_set = Programs {
            path_set: true,
            ..Programs::default()
        };
        let tools = Programs {
            mounts: vec!["/usr/local/bin".into()],
            ..Programs::default()
        };
        let app = Programs {
            mounts: vec!["/app".into()],
            ..Programs::default()
        };
        let cases: &[(&str, Option<Programs>)] = &[
            ("notexist", None),
            ("notexist", Some(path_set)),
            ("notexist", Some(tools)),
            ("/app/run.sh", Some(app)),
            ("./run.sh", Some(Programs::default())),
            (
                "export PATH=/opt/bin:$PATH; notexist",
                Some(Programs::default()),
            ),
            (
                "wget -O /tmp/tool http://x/tool; chmod +x /tmp/tool; tool",
                Some(Programs::default()),
            ),
            ("cat <<EOF\nnot a command\nEOF", Some(Programs::default())),
            ("alias ll='ls -l'; ll", Some(Programs::default())),
            ("ping -c 1 web > /dev/null 2>&1", Some(Programs::default())),
            ("case $x in a) echo;; esac", Some(Programs::default())),
            ("$CMD", Some(Programs::default())),
        ];
        for (script, programs) in cases {
            assert_eq!(script_code(script, programs.clone()), Some(0), "{script}");
        }
    }

    /// nginx's entrypoint handed args that name no program: its shell's
    /// line (dash's or ash's), the container then exits 127.
    #[test]
    fn an_entrypoint_that_cannot_exec_its_args() {
        let cases: &[Case] = &[
            ("nginx", &[], &["foo"], Some("/docker-entrypoint.sh: 47: exec: foo: not found")),
            ("nginx:1.27-alpine", &[], &["ps"], None),
            ("nginx:1.27-alpine", &[], &["bash"], Some("/docker-entrypoint.sh: exec: line 47: bash: not found")),
            ("nginx:1.21.6", &[], &["/app/run"], Some("/docker-entrypoint.sh: 38: exec: /app/run: not found")),
            ("nginx", &[], &["nginx", "-g", "daemon off;"], None),
            ("nginx", &[], &["-g", "daemon off;"], Some("/docker-entrypoint.sh: 47: exec: -g: not found")),
            ("nginx", &["foo"], &[], None),
            // Entrypoints whose text the playground does not have.
            ("redis", &[], &["foo"], None),
            ("busybox", &[], &["foo"], None),
        ];
        for (image, command, args, want) in cases {
            let got = entrypoint_exec_failure(&container(image, command, args));
            assert_eq!(got.as_deref(), *want, "{image} {command:?} {args:?}");
        }
    }

    /// A script's exit status in each family's shell (dash and bash
    /// find the same names; only their messages differ).
    #[test]
    fn every_familys_shell_fails_the_commands_it_does_not_find() {
        let programs = |image: &str| programs(&container(image, &[], &[]));
        let cases: &[(&str, &str, i32)] = &[
            ("alpine", "ps; echo $?", 0),
            ("alpine", "bash -c 'echo hi'", 127),
            ("alpine", "curl -s http://web || exit 3", 3),
            ("alpine", "wget -q -O- http://web", 0),
            ("debian", "ps aux", 127),
            ("debian", "ping -c 1 web && echo up", 127),
            ("debian", "bash -c 'echo hi'", 0),
            ("ubuntu:22.04", "curl http://web", 127),
            ("ubuntu:22.04", "apt-get update && apt-get install -y curl && curl http://web", 0),
            ("nginx", "curl -s localhost", 0),
            ("nginx", "nginx -t; netstat -tlnp", 127),
            ("nginx:alpine", "netstat -tlnp", 0),
            ("redis:7", "redis-cli ping", 0),
            ("python:3.12-slim", "python3 -c 'print(1)'; pip --version", 0),
            ("python:3.12-slim", "vim app.py", 127),
            ("node:20-alpine", "npx --version && yarn --version && corepack --version", 0),
            ("node:20-alpine", "bash -c true", 127),
            // Not judged.
            ("python:3.12", "curl http://web", 0),
            ("myorg/app", "notexist", 0),
        ];
        for (image, script, want) in cases {
            assert_eq!(script_code(script, programs(image)), Some(*want), "{image}: {script}");
        }
    }

    #[test]
    fn a_path_of_the_pods_own_is_not_judged() {
        let mut c = container("busybox", &["notexist"], &[]);
        c.env.push(kubeplay_model::api::EnvVar {
            name: "PATH".into(),
            value: Some("/opt/bin".into()),
            value_from: None,
        });
        assert_eq!(message(&c), None);
    }
}
