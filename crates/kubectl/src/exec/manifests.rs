//! `-f FILE` and `-f -`: reading manifests from standard input or the
//! caller's file system and decoding them with the codec, as kubectl's
//! resource builder reads them before talking to the server.

use super::Io;
use kubeplay_codec::{decode_manifests, DecodedObject};
use std::borrow::Cow;

/// One decoded object and the source it came from (`STDIN` or the path).
#[derive(Clone, Debug, PartialEq)]
pub struct ManifestObject {
    pub source: String,
    pub decoded: DecodedObject,
}

/// Reads and decodes every `-f` source in order. Errors are whole kubectl
/// lines (`error: the path "x.yaml" does not exist`); decoding goes on past
/// a bad document as kubectl's builder does with ContinueOnError.
pub fn read_manifests(paths: &[String], io: Io) -> (Vec<ManifestObject>, Vec<String>) {
    let mut objects = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        let (source, text) = if path == "-" {
            ("STDIN".to_string(), Cow::Borrowed(io.stdin.unwrap_or("")))
        } else {
            match io.read_file.and_then(|read| read(path)) {
                Some(text) => (path.clone(), Cow::Owned(text)),
                None => {
                    let mut msg = format!("error: the path {} does not exist", crate::gofmt::quote(path));
                    if io.read_file.is_none() {
                        msg.push_str("\n(playground) there are no files here: pass the manifest on standard input with -f - (or paste it into the editor)");
                    }
                    errors.push(msg);
                    continue;
                }
            }
        };
        let decoded = decode_manifests(&text);
        objects.reserve(decoded.items.len());
        for item in decoded.items {
            match item {
                Ok(decoded) => objects.push(ManifestObject { source: source.clone(), decoded }),
                Err(e) => {
                    let mut msg = format!("error: error parsing {source}: {e}");
                    if let Some(h) = e.hint() {
                        msg.push_str(&format!("\n(playground) {h}"));
                    }
                    errors.push(msg);
                }
            }
        }
    }
    (objects, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_stdin_and_reports_missing_files() {
        let io = Io { stdin: Some("apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: b\n"), read_file: None, kubeconfig: None };
        let (objs, errs) = read_manifests(&["-".to_string(), "x.yaml".to_string()], io);
        assert_eq!(objs.iter().map(|o| o.decoded.object.name()).collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(objs[0].source, "STDIN");
        assert_eq!(errs.len(), 1);
        assert!(errs[0].starts_with("error: the path \"x.yaml\" does not exist\n(playground)"));
        let files = |p: &str| (p == "pod.yaml").then(|| "apiVersion: v1\nkind: Pod\nmetadata:\n  name: c\n".to_string());
        let io = Io { stdin: None, read_file: Some(&files), kubeconfig: None };
        let (objs, errs) = read_manifests(&["pod.yaml".to_string(), "nope.yaml".to_string()], io);
        assert_eq!(objs.len(), 1);
        assert_eq!(errs, ["error: the path \"nope.yaml\" does not exist"]);
    }
}
