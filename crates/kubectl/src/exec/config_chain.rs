//! `$KUBECONFIG`: a `:`-separated list of kubeconfig files, loaded and
//! merged as clientcmd's loading rules do, and changed as its
//! `ModifyConfig` changes them. Empty and repeated names are dropped and
//! missing files skipped; the first file to define a cluster, user or
//! context wins it, and the first to set `current-context` sets it. A
//! change goes back to the file the entry came from; a new entry, and a
//! new current context, to the default file (the only one listed, else
//! the first that exists, else the last); clearing the current context
//! clears it in the first file that sets it. `/root/.kube/config` in the
//! list is the playground's own kubeconfig, kept in memory.

use super::config::{self, Kubeconfig};
use super::config_file::{encode, load_path, relativize};
use super::{Io, Output};
use crate::cli::ConfigCommand;

/// One listed file: its name as listed, and what it holds (`None`: no
/// such file).
struct Link {
    path: String,
    config: Option<Kubeconfig>,
    memory: bool,
}

/// The files `list` names, loaded.
struct Chain {
    links: Vec<Link>,
}

/// The names `$KUBECONFIG` lists, in order, each once.
pub(super) fn paths(list: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for p in list.split(':').filter(|p| !p.is_empty()) {
        if !out.iter().any(|o| o == p) {
            out.push(p.to_string());
        }
    }
    out
}

impl Chain {
    fn load(list: &str, memory: &Kubeconfig, io: &Io) -> Result<Chain, String> {
        let mut links = Vec::new();
        for path in paths(list) {
            let is_memory = config::absolute(&path) == config::PATH;
            let config = if is_memory {
                Some(Kubeconfig {
                    env: None,
                    ..memory.clone()
                })
            } else if super::config_file::exists(&path, io) {
                Some(load_path(&path, io)?)
            } else {
                None
            };
            links.push(Link {
                path,
                config,
                memory: is_memory,
            });
        }
        Ok(Chain { links })
    }

    fn merged(&self) -> Kubeconfig {
        let mut kc = super::config_file::empty();
        for c in self.links.iter().filter_map(|l| l.config.as_ref()) {
            for x in &c.clusters {
                if kc.cluster(&x.name).is_none() {
                    kc.clusters.push(x.clone());
                }
            }
            for x in &c.users {
                if kc.user(&x.name).is_none() {
                    kc.users.push(x.clone());
                }
            }
            for x in &c.contexts {
                if kc.context(&x.name).is_none() {
                    kc.contexts.push(x.clone());
                }
            }
            if kc.current.is_empty() {
                kc.current = c.current.clone();
            }
            kc.colors |= c.colors;
        }
        kc
    }

    /// `GetDefaultFilename`'s choice, as an index into the links.
    fn default_file(&self) -> usize {
        if self.links.len() == 1 {
            return 0;
        }
        self.links
            .iter()
            .position(|l| l.config.is_some())
            .unwrap_or(self.links.len() - 1)
    }

    /// The file an entry was loaded from, else the default file.
    fn origin(&self, has: impl Fn(&Kubeconfig) -> bool) -> usize {
        self.links
            .iter()
            .position(|l| l.config.as_ref().is_some_and(&has))
            .unwrap_or_else(|| self.default_file())
    }
}

/// The merged kubeconfig the files `list` names make, for commands that
/// talk to the cluster. Each file's paths are resolved against its directory first.
pub(super) fn load(list: &str, memory: &Kubeconfig, io: &Io) -> Result<Kubeconfig, String> {
    let mut chain = Chain::load(list, memory, io)?;
    for link in chain.links.iter_mut().filter(|l| !l.memory) {
        if let Some(c) = &mut link.config {
            super::config_file::resolve_paths(
                c,
                super::config_file::dir_of(&config::absolute(&link.path)),
            );
        }
    }
    Ok(chain.merged())
}

/// Runs a `kubectl config` subcommand on the files `list` names.
pub(super) fn run(cmd: ConfigCommand, list: &str, memory: &Kubeconfig, io: &Io) -> Output {
    let mut out = Output::default();
    let chain = match Chain::load(list, memory, io) {
        Ok(c) => c,
        Err(e) => {
            out.error(&e);
            return out;
        }
    };
    let before = chain.merged();
    let mut kc = before.clone();
    let default = chain.default_file();
    super::config_file::run_on(cmd, &mut kc, io, &mut out, &chain.links[default].path);
    if kc == before {
        return out;
    }
    let mut changed: Vec<Option<Kubeconfig>> = vec![None; chain.links.len()];
    let mut edit = |at: usize, change: &dyn Fn(&mut Kubeconfig)| {
        let slot = &mut changed[at];
        let c = slot.get_or_insert_with(|| {
            chain.links[at]
                .config
                .clone()
                .unwrap_or_else(super::config_file::empty)
        });
        change(c);
    };
    macro_rules! entries {
        ($list:ident, $find:ident) => {
            for x in &kc.$list {
                if before.$find(&x.name) != Some(x) {
                    let at = chain.origin(|c| c.$find(&x.name).is_some());
                    edit(at, &|c: &mut Kubeconfig| match c
                        .$list
                        .iter_mut()
                        .find(|y| y.name == x.name)
                    {
                        Some(y) => *y = x.clone(),
                        None => c.$list.push(x.clone()),
                    });
                }
            }
            for x in &before.$list {
                if kc.$find(&x.name).is_none() {
                    let at = chain.origin(|c| c.$find(&x.name).is_some());
                    edit(at, &|c: &mut Kubeconfig| {
                        c.$list.retain(|y| y.name != x.name)
                    });
                }
            }
        };
    }
    entries!(clusters, cluster);
    entries!(users, user);
    entries!(contexts, context);
    if kc.current != before.current {
        let at = if kc.current.is_empty() {
            chain
                .links
                .iter()
                .position(|l| l.config.as_ref().is_some_and(|c| !c.current.is_empty()))
                .unwrap_or(default)
        } else {
            default
        };
        edit(at, &|c: &mut Kubeconfig| c.current = kc.current.clone());
    }
    if kc.colors != before.colors {
        edit(default, &|c: &mut Kubeconfig| c.colors = kc.colors);
    }
    if let Some(link) = changed
        .iter()
        .zip(&chain.links)
        .find(|(c, l)| c.is_some() && l.memory)
        .map(|(_, l)| l)
    {
        let mut refused = Output::default();
        refused.error(&format!("error: (playground) {} is the playground's own kubeconfig, kept in memory: change it without KUBECONFIG, or list only files of your own", link.path));
        return refused;
    }
    for (new, link) in changed.into_iter().zip(&chain.links) {
        let Some(mut new) = new else { continue };
        let absolute = config::absolute(&link.path);
        let was = link
            .config
            .clone()
            .unwrap_or_else(super::config_file::empty);
        relativize(&mut new, &was, super::config_file::dir_of(&absolute));
        match config::file_name(&absolute) {
            Some(name) => out.local_writes.push((name.to_string(), encode(&new))),
            None => out.error(&format!("error: (playground) the playground's files live under {}: {absolute} cannot be written", config::HOME)),
        }
    }
    out
}

#[cfg(test)]
#[path = "config_chain_tests.rs"]
mod tests;
