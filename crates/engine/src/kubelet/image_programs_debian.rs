//! What a Debian-based image's PATH holds before the image adds its own
//! programs: Debian bookworm's essential and required packages, as the
//! debian:bookworm (and -slim) image installs them with apt, by package
//! (their file lists): coreutils, dash, bash, bsdutils, debianutils,
//! diffutils, dpkg, apt, debconf, e2fsprogs, findutils, grep, gzip,
//! hostname, init-system-helpers, libc-bin, login, mawk, mount,
//! ncurses-bin, passwd, perl-base, sed, sensible-utils, sysvinit-utils,
//! tar, util-linux, gpgv, base-passwd, adduser, the PAM helpers. Ubuntu's
//! images (focal to noble) are the same set, with `unminimize`.
//!
//! Not there, as learners find out (and as `kubectl exec` answers):
//! procps (ps, top, free, kill, pgrep, sysctl, watch), iputils-ping,
//! curl, wget, iproute2 (ip, ss), net-tools (netstat, ifconfig), dnsutils,
//! netcat, vim, nano, less, xz-utils, git, python3, sudo.

const PROGRAMS: &str = "[ arch b2sum base32 base64 basename basenc cat chcon chgrp chmod chown chroot
cksum comm cp csplit cut date dd df dir dircolors dirname du echo env expand expr factor false fmt fold
groups head hostid id install join link ln logname ls md5sum mkdir mkfifo mknod mktemp mv nice nl
nohup nproc numfmt od paste pathchk pinky pr printenv printf ptx pwd readlink realpath rm rmdir runcon
seq sha1sum sha224sum sha256sum sha384sum sha512sum shred shuf sleep sort split stat stdbuf stty sum
sync tac tail tee test timeout touch tr true truncate tsort tty uname unexpand uniq unlink users vdir
wc who whoami yes
dash sh bash rbash bashbug clear_console
logger renice script scriptlive scriptreplay wall
add-shell installkernel ischroot remove-shell run-parts savelog tempfile update-shells which
cmp diff diff3 sdiff
dpkg dpkg-deb dpkg-divert dpkg-maintscript-helper dpkg-query dpkg-realpath dpkg-split
dpkg-statoverride dpkg-trigger start-stop-daemon update-alternatives
apt apt-cache apt-cdrom apt-config apt-get apt-key apt-mark
debconf debconf-apt-progress debconf-communicate debconf-copydb debconf-escape
debconf-set-selections debconf-show dpkg-preconfigure dpkg-reconfigure
badblocks chattr debugfs dumpe2fs e2freefrag e2fsck e2image e2label e2mmpstatus e2scrub
e2scrub_all e2undo e4crypt e4defrag filefrag fsck.ext2 fsck.ext3 fsck.ext4 logsave lsattr mke2fs
mkfs.ext2 mkfs.ext3 mkfs.ext4 mklost+found resize2fs tune2fs
find xargs
grep egrep fgrep rgrep
gzip gunzip zcat gzexe uncompress zcmp zdiff zegrep zfgrep zforce zgrep zless zmore znew
hostname dnsdomainname domainname nisdomainname ypdomainname
deb-systemd-helper deb-systemd-invoke invoke-rc.d service update-rc.d
getconf getent iconv ldconfig ldd locale localedef tzselect zdump zic pldd catchsegv gencat
sotruss sprof
login faillog lastlog newgrp sg nologin
mawk awk
mount umount losetup swapon swapoff
clear infocmp tabs tic toe tput tset reset captoinfo infotocap
chage chfn chgpasswd chpasswd chsh expiry gpasswd groupadd groupdel groupmems groupmod grpck
grpconv grpunconv newusers passwd pwck pwconv pwunconv useradd userdel usermod vipw vigr cpgr
cppw shadowconfig
perl
sed
sensible-browser sensible-editor sensible-pager select-editor
fstab-decode killall5 pidof
tar rmt tarcat
addpart agetty blkdiscard blkid blkzone blockdev chcpu chmem choom chrt ctrlaltdel delpart dmesg
fallocate fincore findfs findmnt flock fsck fsck.cramfs fsck.minix fsfreeze fstrim getopt getty
hardlink hwclock i386 ionice ipcmk ipcrm ipcs isosize last lastb ldattach linux32 linux64 lsblk
lscpu lsfd lsipc lsirq lslocks lslogins lsmem lsns mcookie mesg mkfs mkfs.bfs mkfs.cramfs
mkfs.minix mkswap more mountpoint namei nsenter partx pivot_root prlimit readprofile rename.ul
resizepart rev rtcwake runuser setarch setpriv setsid setterm su sulogin swaplabel switch_root
taskset uname26 unshare utmpdump wdctl whereis wipefs x86_64 zramctl
gpgv update-passwd adduser addgroup deluser delgroup
pam-auth-update pam_getenv mkhomedir_helper pam_namespace_helper pam_timestamp_check unix_chkpwd
unix_update faillock
unminimize";

/// Whether a Debian (or Ubuntu) base image holds `name` on its PATH.
pub fn has(name: &str) -> bool {
    // perl-base's versioned name (`perl5.36.0`).
    name.starts_with("perl5.") || PROGRAMS.split_ascii_whitespace().any(|p| p == name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_required_set_without_the_tools_learners_reach_for() {
        let cases: &[(&str, bool)] = &[
            ("sh", true),
            ("bash", true),
            ("dash", true),
            ("ls", true),
            ("awk", true),
            ("apt-get", true),
            ("perl", true),
            ("hostname", true),
            ("which", true),
            ("su", true),
            ("more", true),
            ("sleep", true),
            ("ps", false),
            ("top", false),
            ("kill", false),
            ("ping", false),
            ("curl", false),
            ("wget", false),
            ("ip", false),
            ("netstat", false),
            ("ifconfig", false),
            ("nslookup", false),
            ("vim", false),
            ("vi", false),
            ("nano", false),
            ("less", false),
            ("python3", false),
            ("git", false),
            ("busybox", false),
        ];
        for (name, want) in cases {
            assert_eq!(super::has(name), *want, "{name}");
        }
    }
}
