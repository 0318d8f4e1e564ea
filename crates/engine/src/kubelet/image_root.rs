//! What a container's script finds at the top of its file system, for the
//! commands whose exit status depends on a path being there (`ls
//! /notexist` fails, and the container with it). Only the first component
//! of an absolute path is judged: every image's root holds some of the
//! usual directories and no other (busybox's a dozen, Debian's a score),
//! and a volume mounted at the top adds its own; deeper paths are not
//! known here and are taken to exist.

/// The top-level directories of the images' roots (busybox, alpine and
/// Debian together), and what the kubelet and runtime add.
const ROOT_DIRS: &[&str] = &[
    "bin", "boot", "dev", "etc", "home", "lib", "lib32", "lib64", "libx32", "media", "mnt", "opt",
    "proc", "root", "run", "sbin", "srv", "sys", "tmp", "usr", "var",
];

/// One container's root: the volumes mounted in it and which `ls` runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Root {
    /// Where the container's volumes are mounted.
    pub mounts: Vec<String>,
    /// busybox's applets (`ls` exits 1 on a missing path; GNU's exits 2).
    pub busybox: bool,
}

impl Root {
    /// Whether `path` surely does not exist in the container.
    pub fn missing(&self, path: &str) -> bool {
        let Some(rest) = path.strip_prefix('/') else {
            return false;
        };
        let top = rest
            .split('/')
            .find(|c| !c.is_empty() && *c != ".")
            .unwrap_or_default();
        if top.is_empty() || top == ".." || ROOT_DIRS.contains(&top) {
            return false;
        }
        !self
            .mounts
            .iter()
            .any(|m| m.trim_start_matches('/').split('/').next() == Some(top))
    }

    /// `ls`'s exit status when a path it lists is missing.
    pub fn ls_missing_code(&self) -> i32 {
        if self.busybox {
            1
        } else {
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_only_the_top_of_absolute_paths() {
        let root = Root {
            mounts: vec!["/data/cache".into(), "/work-dir".into()],
            busybox: true,
        };
        let cases: &[(&str, bool)] = &[
            ("/notexist", true),
            ("/notexist/deeper", true),
            ("//notexist", true),
            ("/etc/notexist", false),
            ("/etc", false),
            ("/", false),
            ("/data", false),
            ("/work-dir/index.html", false),
            ("relative", false),
            ("/../etc", false),
        ];
        for (path, missing) in cases {
            assert_eq!(root.missing(path), *missing, "{path}");
        }
        assert_eq!(root.ls_missing_code(), 1);
        assert_eq!(
            Root {
                busybox: false,
                ..root
            }
            .ls_missing_code(),
            2
        );
    }

    #[test]
    fn a_script_listing_a_missing_path_exits_as_ls_does() {
        use crate::kubelet::shell::{run_script, run_script_in, End};
        let busybox = Root {
            mounts: vec!["/data".into()],
            busybox: true,
        };
        let gnu = Root {
            mounts: Vec::new(),
            busybox: false,
        };
        let cases: &[(&str, &Root, i32)] = &[
            ("ls /notexist", &busybox, 1),
            ("ls /notexist", &gnu, 2),
            ("ls -l /notexist", &busybox, 1),
            ("ls /etc /data", &busybox, 0),
            ("ls /notexist; echo done", &busybox, 0),
            ("touch /made; ls /made", &busybox, 0),
            ("ls /notexist || exit 3", &busybox, 3),
        ];
        for (script, root, code) in cases {
            assert_eq!(
                run_script_in(script, (*root).clone()).end,
                End::At { ms: 0, code: *code },
                "{script}"
            );
        }
        // Without a known root nothing is judged.
        assert_eq!(run_script("ls /notexist").end, End::At { ms: 0, code: 0 });
    }
}
