//! Kustomize (v5.5, as kubectl v1.32 embeds it): `kubectl kustomize DIR`
//! and `-k DIR`. A kustomization directory is built from the caller's
//! files into plain objects: resources gathered recursively, components
//! applied, generators run, transformers applied level by level; then
//! generated names get their content hash, references follow renamed
//! objects, and the result is put in kustomize's legacy kind order.

mod file;
mod fs;
mod generator;
mod images;
mod labels;
mod nameref;
mod names;
mod patches;
mod paths;
mod res;
mod target;
mod vars;
mod yaml;

#[cfg(test)]
mod diff_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream_tests;

use crate::exec::ReadFile;
use serde_json::Value;

/// Why a build failed: kustomize's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KustomizeError(pub String);

impl std::fmt::Display for KustomizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A build: its deprecation warnings (printed to stderr even when the
/// build then fails), and its objects or its error.
#[derive(Debug)]
pub struct Built {
    pub warnings: Vec<String>,
    pub result: Result<Vec<Value>, KustomizeError>,
}

/// Builds the kustomization in `dir`.
pub fn build(dir: &str, read: ReadFile) -> Built {
    let fs = fs::Fs::new(read);
    let mut b = target::Builder {
        fs,
        visiting: Vec::new(),
        warnings: Vec::new(),
        sort: None,
        vars: Vec::new(),
    };
    let result = build_in(&mut b, dir).map_err(KustomizeError);
    Built {
        warnings: b.warnings,
        result,
    }
}

fn build_in(b: &mut target::Builder, dir: &str) -> Result<Vec<Value>, String> {
    let path = crate::gofmt::path_clean(dir);
    if b.fs.file(&path).is_some() {
        return Err(format!(
            "must build at directory: '{dir}': file is not directory"
        ));
    }
    if !b.fs.is_dir(&path) {
        return Err(format!("must build at directory: not a valid directory: evalsymlink failure on '{dir}' : lstat {dir}: no such file or directory"));
    }
    let mut list = b.accumulate(&path)?;
    for r in list.iter_mut().filter(|r| r.needs_hash) {
        let name = format!("{}-{}", r.name(), generator::hash(r));
        r.set_name(name);
    }
    nameref::fix(&mut list);
    let unused = vars::resolve(&mut list, &b.vars)?;
    if !unused.is_empty() {
        b.warnings.push(format!("well-defined vars that were never replaced: {}", unused.join(",")));
    }
    match b.sort.take().unwrap_or_default() {
        file::SortOptions::Legacy => res::legacy_sort(&mut list, None),
        file::SortOptions::LegacyWith(first, last) => {
            res::legacy_sort(&mut list, Some((&first, &last)))
        }
        file::SortOptions::Fifo | file::SortOptions::Invalid => {}
    }
    Ok(list.into_iter().map(|r| Value::Object(r.obj)).collect())
}

/// The objects as `kubectl kustomize` prints them: YAML documents
/// separated by `---`.
pub fn render(objects: &[Value]) -> String {
    let docs: Vec<String> = objects.iter().map(kubeplay_codec::to_yaml).collect();
    docs.join("---\n")
}
