//! What an Alpine-based image's PATH holds before the image adds its own
//! programs: the applets Alpine's busybox package links into /bin,
//! /sbin, /usr/bin and /usr/sbin (aports' main/busybox/busyboxconfig, the
//! `CONFIG_…=y` applets, with the few later releases enabled: bc, base32,
//! tree, seedrng), and the other packages of the alpine base image
//! (alpine-baselayout, apk-tools, musl-utils, scanelf, ssl_client).
//! Not there, as learners find out: bash, curl, nano, vim, git, python3.

/// Alpine's busybox applets.
const APPLETS: &str = "[ [[ acpid add-shell addgroup adduser adjtimex arch arp arping ash awk
base32 base64 basename bbconfig bc beep blkdiscard blkid blockdev brctl bunzip2 busybox bzcat bzip2
cal cat chgrp chmod chown chpasswd chroot chvt cksum clear cmp comm conspy cp cpio crond crontab
cryptpw cut date dc dd deallocvt delgroup deluser depmod df diff dirname dmesg dnsdomainname
dos2unix du dumpkmap dumpleases echo ed egrep eject env ether-wake expand expr factor fallocate
false fatattr fbset fbsplash fdflush fdformat fdisk fgrep find findfs flock fold free fsck fstrim
fsync fuser getopt getty grep groups gunzip gzip halt hd hdparm head hexdump hostid hostname
hwclock id ifconfig ifdown ifenslave ifup init inotifyd insmod install ionice iostat ip ipaddr
ipcalc ipcrm ipcs iplink ipneigh iproute iprule iptunnel kbd_mode kill killall killall5 klogd less
link linux32 linux64 ln loadfont loadkmap logger login logread losetup ls lsmod lsof lspci lsusb
lzcat lzma lzop lzopcat makemime md5sum mdev mesg microcom mkdir mkdosfs mkfifo mkfs.vfat mknod
mkpasswd mkswap mktemp modinfo modprobe more mount mountpoint mpstat mv nameif nanddump nandwrite
nbd-client nc netstat nice nl nmeter nohup nologin nproc nsenter nslookup ntpd od openvt partprobe
passwd paste patch pgrep pidof ping ping6 pipe_progress pkill pmap poweroff powertop printenv
printf ps pscan pstree pwd pwdx raidautorun rdate rdev readahead readlink readprofile realpath
reboot reformime remove-shell renice reset resize rev rfkill rm rmdir rmmod route run-parts sed
seedrng sendmail seq setconsole setfont setkeycodes setlogcons setpriv setserial setsid sh sha1sum
sha256sum sha3sum sha512sum showkey shred shuf slattach sleep smemcap sort split stat strings stty
su sum swapoff swapon switch_root sync sysctl syslogd tac tail tar tee test time timeout top touch
tr traceroute traceroute6 tree true truncate tty ttysize tunctl udhcpc udhcpc6 umount uname
unexpand uniq unix2dos unlink unlzma unlzop unshare unxz unzip uptime usleep uudecode uuencode
vconfig vi vlock volname watch watchdog wc wget which whoami whois xargs xxd xzcat yes zcat";

/// The base image's other packages' programs.
const BASE: &[&str] = &[
    // apk-tools
    "apk",
    // musl-utils
    "getconf",
    "getent",
    "iconv",
    "ldconfig",
    "ldd",
    // scanelf, ssl_client
    "scanelf",
    "ssl_client",
    // alpine-baselayout (older releases)
    "mkmntdirs",
];

/// Whether an Alpine base image holds `name` on its PATH.
pub fn has(name: &str) -> bool {
    BASE.contains(&name) || APPLETS.split_ascii_whitespace().any(|a| a == name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn busybox_applets_and_base_packages_but_no_gnu_extras() {
        let cases: &[(&str, bool)] = &[
            ("sh", true),
            ("ash", true),
            ("wget", true),
            ("ps", true),
            ("ping", true),
            ("ip", true),
            ("netstat", true),
            ("vi", true),
            ("less", true),
            ("nslookup", true),
            ("apk", true),
            ("getent", true),
            ("ssl_client", true),
            ("bash", false),
            ("curl", false),
            ("nano", false),
            ("vim", false),
            ("git", false),
            ("python3", false),
            ("dig", false),
            ("httpd", false),
            ("telnet", false),
        ];
        for (name, want) in cases {
            assert_eq!(super::has(name), *want, "{name}");
        }
    }
}
