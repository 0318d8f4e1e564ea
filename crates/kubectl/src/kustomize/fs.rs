//! Paths over the caller's files: the read callback answers a name with a
//! file's text, and a name ending in `/` with the directory's entries (one
//! per line, subdirectories ending in `/`), or `None` when there is none.

use crate::exec::ReadFile;

/// `rel` relative to `dir` (an absolute `rel` stands alone).
pub fn join(dir: &str, rel: &str) -> String {
    if rel.starts_with('/') || dir == "." {
        crate::gofmt::path_clean(rel)
    } else {
        crate::gofmt::path_clean(&format!("{dir}/{rel}"))
    }
}

/// The last element of a path.
pub fn base(path: &str) -> &str {
    let p = path.trim_end_matches('/');
    p.rsplit('/').next().unwrap_or(p)
}

#[derive(Clone, Copy)]
pub struct Fs<'a> {
    read: ReadFile<'a>,
}

impl<'a> Fs<'a> {
    pub fn new(read: ReadFile<'a>) -> Fs<'a> {
        Fs { read }
    }

    pub fn file(&self, path: &str) -> Option<String> {
        if path.ends_with('/') || path == "." {
            return None;
        }
        (self.read)(path)
    }

    /// A file a kustomization in `root` may read: kubectl's default load
    /// restrictor keeps it in or below the root.
    pub fn load(&self, root: &str, path: &str) -> Result<String, String> {
        let inside = match root {
            "." => !path.starts_with("../") && path != ".." && !path.starts_with('/'),
            _ => path.starts_with(&format!("{root}/")),
        };
        match self.file(path) {
            Some(_) if !inside => Err(format!(
                "security; file '{path}' is not in or below '{root}'"
            )),
            Some(text) => Ok(text),
            None => Err(format!(
                "evalsymlink failure on '{path}' : lstat {path}: no such file or directory"
            )),
        }
    }

    /// The entries of a directory, or `None` when it is no directory.
    pub fn list(&self, path: &str) -> Option<Vec<String>> {
        let key = if path == "." {
            "./".to_string()
        } else {
            format!("{}/", path.trim_end_matches('/'))
        };
        (self.read)(&key).map(|l| {
            l.lines()
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        })
    }

    pub fn is_dir(&self, path: &str) -> bool {
        self.list(path).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleans_and_joins_like_filepath() {
        assert_eq!(crate::gofmt::path_clean("./a/b/../c/"), "a/c");
        assert_eq!(crate::gofmt::path_clean("a/.."), ".");
        assert_eq!(crate::gofmt::path_clean("../x"), "../x");
        assert_eq!(crate::gofmt::path_clean("/../x"), "/x");
        assert_eq!(join("overlays/dev", "../../base"), "base");
        assert_eq!(join(".", "base"), "base");
        assert_eq!(join("a", "/abs"), "/abs");
        assert_eq!(base("a/b.yaml"), "b.yaml");
    }
}
