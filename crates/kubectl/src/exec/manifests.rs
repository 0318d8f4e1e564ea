//! `-f FILE`, `-f DIR`, `-f -` and `-k DIR`: reading manifests from
//! standard input or the caller's file system (building a kustomization)
//! and decoding them with the codec, as kubectl's resource builder reads
//! them before talking to the server.

use super::{Io, Output};
use crate::cli::{KUSTOMIZE, RECURSIVE};
use kubeplay_codec::{decode_manifests, DecodeError, DecodedObject, ErrorKind, Target};
use kubeplay_model::Object;
use std::borrow::Cow;

mod stream;

/// One decoded object and the source it came from (`STDIN` or the path).
#[derive(Clone, Debug, PartialEq)]
pub struct ManifestObject {
    pub source: String,
    pub decoded: DecodedObject,
    /// A value the API server's typed decoding refuses, for a writer that
    /// reads with [`read_manifests_for_write`]: `decoded` is then the
    /// object without it, never to be written.
    pub refused: Option<Refused>,
}

impl ManifestObject {
    /// Where no request reaches the server (`--dry-run=client`), a refused
    /// object is no object to print: the decoder's located error, as
    /// [`read_manifests`] words it.
    pub fn client_side_error(&self) -> Option<String> {
        self.refused.as_ref().map(|r| format!("error: error parsing {}: {}", self.source, r.located))
    }
}

/// A value of the wrong JSON type (see [`kubeplay_codec::Partial`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    pub error: kubeplay_codec::TypeError,
    /// The decoder's own words, with where: `document 1, line 16, column
    /// 26: spec.…containerPort: expected integer, got string "80"`.
    pub located: String,
}

/// Reads and decodes every `-f` source in order. Errors are whole kubectl
/// lines (`error: the path "x.yaml" does not exist`); decoding goes on past
/// a document the mapper refuses, as kubectl's builder does with
/// ContinueOnError, but a source ends at its first document that is not
/// YAML (see [`stream`]).
pub fn read_manifests(paths: &[String], io: Io) -> (Vec<ManifestObject>, Vec<String>) {
    let (objects, errors) = read_in_order(paths, io, false);
    (objects, errors.into_iter().map(|(_, e)| e).collect())
}

/// [`read_manifests`] for the commands that send each object to the API
/// server as it was written (apply, create, replace, diff): an object
/// with a value of the wrong type is read (with [`ManifestObject::refused`]),
/// since the server, not kubectl's builder, refuses it, in its turn.
pub fn read_manifests_for_write(paths: &[String], io: Io) -> (Vec<ManifestObject>, Vec<String>) {
    let (objects, errors) = read_in_order(paths, io, true);
    (objects, errors.into_iter().map(|(_, e)| e).collect())
}

/// [`read_manifests_for_write`] with, for each error, how many objects
/// were read before it: for a command that works through the objects as
/// kubectl's visitor reads them (`create`, `replace`), printing each error
/// in its turn.
pub fn read_manifests_in_order_for_write(paths: &[String], io: Io) -> (Vec<ManifestObject>, Vec<(usize, String)>) {
    read_in_order(paths, io, true)
}

fn read_in_order(paths: &[String], io: Io, for_write: bool) -> (Vec<ManifestObject>, Vec<(usize, String)>) {
    let decode_into = |source: &str, text: &str, objects: &mut Vec<ManifestObject>, errors: &mut Vec<(usize, String)>, unmapped: &mut Vec<(usize, String, DecodeError)>| {
        decode_into(source, text, for_write, objects, errors, unmapped)
    };
    let mut objects = Vec::new();
    let mut errors = Vec::new();
    // Kinds not served: (index in `errors`, source, error).
    let mut unmapped = Vec::new();
    for path in paths {
        if let Some(dir) = path.strip_prefix(KUSTOMIZE) {
            match crate::kustomize::build(dir, io.read_file.unwrap_or(&|_| None)).result {
                Ok(built) => decode_into(dir, &crate::kustomize::render(&built), &mut objects, &mut errors, &mut unmapped),
                Err(e) => errors.push((objects.len(), with_no_files_hint(format!("error: {e}"), dir, io))),
            }
            continue;
        }
        if is_url(path) {
            // The caller downloaded it beforehand (kubectl's URLVisitor reads it while visiting); the body or why not.
            match io.read_file.and_then(|r| r(path)) {
                Some(text) => decode_into(path, &text, &mut objects, &mut errors, &mut unmapped),
                None => errors.push((objects.len(), io.read_file.and_then(|r| r(&format!("\0{path}"))).unwrap_or_else(|| not_downloaded(path)))),
            }
            continue;
        }
        let (path, recursive) = match path.strip_prefix(RECURSIVE) {
            Some(p) => (p, true),
            None => (path.as_str(), false),
        };
        // A name ending in `/` reads as a directory's listing, never as a file.
        if path != "-" && io.read_file.is_some_and(|r| path.ends_with('/') || r(path).is_none()) {
            if let Some(found) = walk(path.trim_end_matches('/'), recursive, io) {
                if found.is_empty() {
                    errors.push((objects.len(), format!("error: error reading [{path}]: recognized file extensions are [.json .yaml .yml]")));
                }
                for file in found {
                    if let Some(text) = io.read_file.and_then(|r| r(&file)) {
                        decode_into(&file, &text, &mut objects, &mut errors, &mut unmapped);
                    }
                }
                continue;
            }
        }
        let (source, text) = if path == "-" {
            ("STDIN".to_string(), Cow::Borrowed(io.stdin.unwrap_or("")))
        } else if let Some(stdin) = io.stdin.filter(|_| path == "/dev/stdin") {
            // The device is a file like any other to kubectl (the AppArmor
            // tutorial's `kubectl create -f /dev/stdin <<EOF`).
            (path.to_string(), Cow::Borrowed(stdin))
        } else {
            match io.read_file.filter(|_| !path.ends_with('/')).and_then(|read| read(path)) {
                Some(text) => (path.to_string(), Cow::Owned(text)),
                None => {
                    let mut msg = format!("error: the path {} does not exist", crate::gofmt::quote(path));
                    // A URL kubectl did not take as one (`HTTPS://…`) is no file to write.
                    if !path.contains("://") {
                        msg.push_str(&format!("\n{}", missing_file_hint(path, Some("pass the manifest on standard input with -f -"))));
                    }
                    errors.push((objects.len(), msg));
                    continue;
                }
            }
        };
        decode_into(&source, &text, &mut objects, &mut errors, &mut unmapped);
    }
    // The builder maps every object before the command creates any, so a
    // definition in the same input does not help its objects yet.
    for (i, source, e) in unmapped {
        errors[i].1 = decode_error(&source, &e, defined_in(&objects, &e));
    }
    (objects, errors)
}

/// Whether kubectl's builder reads `path` as a URL: it looks only at the prefix, case and all.
pub fn is_url(path: &str) -> bool {
    path.starts_with("http://") || path.starts_with("https://")
}

/// The host and port a URL dials (Go's net/http defaults the port by scheme).
fn host_port(url: &str) -> (&str, String) {
    let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let authority = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) if !p.contains(']') && (!h.contains(':') || h.ends_with(']')) => (h, p.to_string()),
        _ => (authority, if scheme == "https" { "443" } else { "80" }.to_string()),
    };
    (host, port)
}

/// The error Go's `http.Get` returns for a URL it could not reach, as
/// kubectl prints it: a name that does not resolve, or an address that
/// refuses the connection (`timeout`: one that does not answer).
pub fn url_error(url: &str, timeout: bool) -> String {
    let (host, port) = host_port(url);
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let dial = if timeout {
        format!("dial tcp {host}:{port}: i/o timeout")
    } else if bare.parse::<std::net::IpAddr>().is_ok() {
        format!("dial tcp {host}:{port}: connect: connection refused")
    } else {
        format!("dial tcp: lookup {bare}: no such host")
    };
    format!("error: Get {}: {dial}", crate::gofmt::quote(url))
}

fn not_downloaded(url: &str) -> String {
    format!(
        "{}\n(playground) the playground did not download {url}: the command line (kubeplay run) never downloads, and the page downloads only URLs written out after -f; save the manifest in a file and use -f FILE (or -f -)",
        url_error(url, false)
    )
}

/// The manifests under a directory in the order kubectl's builder walks
/// them (by name; subdirectories only with `-R`); `None` when `dir` is no
/// directory.
fn walk(dir: &str, recursive: bool, io: Io) -> Option<Vec<String>> {
    let entries = io.read_file.and_then(|r| r(&format!("{dir}/")))?;
    let mut out = Vec::new();
    for name in entries.lines().filter(|n| !n.is_empty()) {
        match name.strip_suffix('/') {
            Some(sub) if recursive => out.extend(walk(&format!("{dir}/{sub}"), true, io).unwrap_or_default()),
            Some(_) => {}
            // filepath.Walk joins, and so cleans, each path it visits: `-f ./` reads "a.yaml".
            None if [".json", ".yaml", ".yml"].iter().any(|e| name.ends_with(e)) => out.push(crate::gofmt::path_clean(&format!("{dir}/{name}"))),
            None => {}
        }
    }
    Some(out)
}

/// The playground's line under kubectl's error for a file (or, ending in
/// `/`, a directory) that is not there: a user's own files are not in
/// the playground until written in its terminal, and what else will do.
pub(crate) fn missing_file_hint(path: &str, instead: Option<&str>) -> String {
    let or = instead.map(|i| format!(" or {i}")).unwrap_or_default();
    match path.strip_suffix('/') {
        Some(dir) => format!("(playground) no directory named {dir} here: make it first (mkdir {dir}, then cat <<EOF > {dir}/NAME.yaml … EOF){or}"),
        None => format!("(playground) no file named {path} here: write it first (cat <<EOF > {path} … EOF){or}"),
    }
}

/// A kustomization that failed to build while no file was written yet:
/// its files are the user's to write first.
fn with_no_files_hint(mut msg: String, dir: &str, io: Io) -> String {
    // A reader that lists an empty root has no files either (it may still answer URLs).
    if io.read_file.is_none_or(|r| r("./").is_some_and(|l| l.is_empty())) {
        let dir = dir.trim_end_matches('/');
        msg.push_str(&format!("\n(playground) there are no files here yet: write the kustomization first (cat <<EOF > {dir}/kustomization.yaml … EOF)"));
    }
    msg
}

fn decode_into(source: &str, text: &str, for_write: bool, objects: &mut Vec<ManifestObject>, errors: &mut Vec<(usize, String)>, unmapped: &mut Vec<(usize, String, DecodeError)>) {
    let decoded = decode_manifests(text);
    objects.reserve(decoded.items.len());
    for item in decoded.items {
        match item {
            Ok(decoded) => objects.push(ManifestObject { source: source.to_string(), decoded, refused: None }),
            Err(mut e) if for_write && e.partial.is_some() => {
                let Some(partial) = e.partial.take() else { continue };
                let refused = Refused { error: partial.error, located: e.to_string() };
                objects.push(ManifestObject { source: source.to_string(), decoded: partial.decoded, refused: Some(refused) });
            }
            Err(e) if e.mapping_target().is_some() => {
                // Worded once every source is read (see `read_manifests`).
                unmapped.push((errors.len(), source.to_string(), e));
                errors.push((objects.len(), String::new()));
            }
            Err(e) if stream::stops_stream(&e) => {
                let msg = match stream::conversion_error(text, &e) {
                    // kubectl does not say which document; the editor marks the line named here.
                    Some(go) => with_hint(format!("error: error parsing {source}: {go}"), Some(format!("at {}", e.location()))),
                    None => decode_error(source, &e, None),
                };
                errors.push((objects.len(), msg));
                break;
            }
            Err(e) => errors.push((objects.len(), decode_error(source, &e, None))),
        }
    }
}

/// sigs.k8s.io/yaml's `ToJSON` error for `text` (a `kubectl patch -p`
/// argument): go-yaml's words without the `error converting YAML to JSON`
/// that only its `Unmarshal` adds; `None` for the playground's own limits.
pub(crate) fn to_json_error(text: &str, e: &DecodeError) -> Option<String> {
    let go = stream::conversion_error(text, e)?;
    Some(go.strip_prefix("error converting YAML to JSON: ").map_or(go.clone(), str::to_string))
}

/// A document that did not decode, in kubectl's words. A kind the server
/// does not serve is the RESTMapper's failure, which mapper.go words with
/// the object it was mapping; the playground adds where it is and, when it
/// knows, why (`crd`: the definition of the kind later in the same input).
fn decode_error(source: &str, e: &DecodeError, crd: Option<&str>) -> String {
    let q = crate::gofmt::quote;
    let msg = match e.mapping_target() {
        Some(Target::Document { name, namespace }) => format!(
            "error: resource mapping not found for name: {} namespace: {} from {}: {}\nensure CRDs are installed first",
            q(name),
            q(namespace),
            q(source),
            e.kind
        ),
        Some(Target::ListItem) => format!("error: unable to recognize {}", e.kind),
        None => return with_hint(format!("error: error parsing {source}: {e}"), e.hint()),
    };
    let hint = match crd {
        Some(crd) => Some(format!(
            "the CustomResourceDefinition {crd} is in this same input, but kubectl looks up every object's kind before it sends any: run the command again once the CRD is Established (kubectl wait --for condition=established crd/{crd})"
        )),
        None => e.hint(),
    };
    // kubectl does not say which document; the editor marks the line named here.
    let at = e.location();
    with_hint(msg, Some(hint.map_or_else(|| format!("at {at}"), |h| format!("{at}: {h}"))))
}

/// The name of a CustomResourceDefinition among `objects` that serves the
/// unmapped kind of `e`.
fn defined_in<'a>(objects: &'a [ManifestObject], e: &DecodeError) -> Option<&'a str> {
    let (ErrorKind::UnknownKind { api_version, kind, .. } | ErrorKind::WrongVersion { api_version, kind, .. }) = &e.kind else {
        return None;
    };
    let (group, version) = api_version.rsplit_once('/')?;
    objects.iter().find_map(|m| match &m.decoded.object {
        Object::CustomResourceDefinition(c) if c.spec.group == group && c.spec.names.kind == *kind && c.spec.versions.iter().any(|v| v.name == version) => {
            Some(m.decoded.object.name())
        }
        _ => None,
    })
}

fn with_hint(mut msg: String, hint: Option<String>) -> String {
    if let Some(h) = hint {
        msg.push_str(&format!("\n(playground) {h}"));
    }
    msg
}

/// `kubectl kustomize DIR`: the build's YAML, its warnings on stderr.
pub fn kustomize(dir: &str, io: Io, out: &mut Output) {
    let built = crate::kustomize::build(dir, io.read_file.unwrap_or(&|_| None));
    for w in &built.warnings {
        out.note(w);
    }
    match built.result {
        Ok(objects) => out.stdout.push_str(&crate::kustomize::render(&objects)),
        Err(e) => out.error(&with_no_files_hint(format!("error: {e}"), dir, io)),
    }
}

/// `-k DIR`'s deprecation warnings, which kustomize prints as it loads the
/// kustomization files, before the command's own output.
pub fn kustomize_warnings(inv: &crate::cli::Invocation, io: Io, out: &mut Output) {
    if let Some(dir) = &inv.kustomize {
        for w in crate::kustomize::build(dir, io.read_file.unwrap_or(&|_| None)).warnings {
            out.note(&w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // What `kubectl patch --local -p TEXT` (v1.32) printed after
    // `unable to parse "TEXT": ` for each patch text.
    #[test]
    fn patch_text_errors_read_as_sigs_yaml_to_json() {
        let cases = [
            ("spec:\\n template:\\n  spec:\\n   containers:\\n   - name: patch-demo-ctr-2\\n     image: redis", "yaml: mapping values are not allowed in this context"),
            ("a: [1", "yaml: line 1: did not find expected ',' or ']'"),
            ("spec: {replicas: 3", "yaml: line 1: did not find expected ',' or '}'"),
            ("a:\n  b: 1\n c: 2", "yaml: line 2: did not find expected key"),
            ("a: *x", "yaml: unknown anchor 'x' referenced"),
        ];
        for (text, want) in cases {
            let e = kubeplay_codec::parse_value(text).expect_err(text);
            assert_eq!(to_json_error(text, &e).as_deref(), Some(want), "{text:?}");
        }
    }

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
        // Files or none, the missing one gets the same line.
        assert_eq!(errs, ["error: the path \"nope.yaml\" does not exist\n(playground) no file named nope.yaml here: write it first (cat <<EOF > nope.yaml … EOF) or pass the manifest on standard input with -f -"]);
    }

    // The source a directory's file is named by, as filepath.Walk joins it.
    #[test]
    fn directory_files_are_named_as_filepath_joins_them() {
        let files = |p: &str| match p.trim_start_matches("./") {
            "" | "app/" => Some("a.yaml\nsub/\nnotes.txt\n".to_string()),
            "app/sub/" => Some("b.yml\n".to_string()),
            "a.yaml" | "app/a.yaml" | "app/sub/b.yml" => Some("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n".to_string()),
            _ => None,
        };
        let io = Io { stdin: None, read_file: Some(&files), kubeconfig: None };
        for (dir, want) in [("./", vec!["a.yaml"]), (".", vec!["a.yaml"]), ("app/", vec!["app/a.yaml"]), ("./app", vec!["app/a.yaml"])] {
            assert_eq!(walk(dir.trim_end_matches('/'), false, io), Some(want.iter().map(|s| s.to_string()).collect()), "{dir}");
        }
        assert_eq!(walk("./app", true, io), Some(vec!["app/a.yaml".to_string(), "app/sub/b.yml".to_string()]));
    }

    // mapper.go's infoForData wraps a NoKindMatchError with the object it
    // was mapping; FlattenListVisitor's items go through infoForObject's
    // "unable to recognize". kubectl maps everything before sending, so a
    // CRD in the same input is named in the playground's line.
    #[test]
    fn kinds_not_served_are_the_mappers_failure() {
        let crd = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: crontabs.stable.example.com\nspec:\n  group: stable.example.com\n  scope: Namespaced\n  names: {plural: crontabs, kind: CronTab}\n  versions:\n  - {name: v1, served: true, storage: true}\n";
        let cr = "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: c\n  namespace: ns\n";
        let cases: &[(&str, &str)] = &[
            (
                cr,
                "error: resource mapping not found for name: \"c\" namespace: \"ns\" from \"STDIN\": no matches for kind \"CronTab\" in version \"stable.example.com/v1\"\nensure CRDs are installed first\n\
                 (playground) document 1, line 2, column 7: no CustomResourceDefinition serves CronTab in stable.example.com/v1 yet: apply the CRD, wait until it is Established, then apply its objects",
            ),
            (
                "apiVersion: v1\nkind: Foo\n",
                "error: resource mapping not found for name: \"\" namespace: \"\" from \"STDIN\": no matches for kind \"Foo\" in version \"v1\"\nensure CRDs are installed first\n(playground) at document 1, line 2, column 7",
            ),
            (
                "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: a.example.com/v1, kind: Foo, metadata: {name: f}}\n",
                "error: unable to recognize no matches for kind \"Foo\" in version \"a.example.com/v1\"\n\
                 (playground) document 1, line 4, column 40: no CustomResourceDefinition serves Foo in a.example.com/v1 yet: apply the CRD, wait until it is Established, then apply its objects",
            ),
            ("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: 3\n", "error: error parsing STDIN: document 1, line 4, column 7: spec: expected map, got integer 3"),
        ];
        for (input, want) in cases {
            let io = Io { stdin: Some(input), read_file: None, kubeconfig: None };
            let (_, errs) = read_manifests(&["-".to_string()], io);
            assert_eq!(errs, [*want], "{input}");
        }
        // The definition after its object, in another file of the same command.
        let files = |p: &str| match p {
            "cr.yaml" => Some(cr.to_string()),
            "crd.yaml" => Some(crd.to_string()),
            _ => None,
        };
        let io = Io { stdin: None, read_file: Some(&files), kubeconfig: None };
        let (objs, errs) = read_manifests(&["cr.yaml".to_string(), "crd.yaml".to_string()], io);
        assert_eq!(objs.len(), 1);
        assert_eq!(
            errs,
            ["error: resource mapping not found for name: \"c\" namespace: \"ns\" from \"cr.yaml\": no matches for kind \"CronTab\" in version \"stable.example.com/v1\"\nensure CRDs are installed first\n\
              (playground) document 1, line 2, column 7: the CustomResourceDefinition crontabs.stable.example.com is in this same input, but kubectl looks up every object's kind before it sends any: run the command again once the CRD is Established (kubectl wait --for condition=established crd/crontabs.stable.example.com)"]
        );
    }

    // `-f /dev/stdin` is a file that holds the standard input, named as
    // itself in errors; without input it is as missing as any path.
    #[test]
    fn reads_dev_stdin_as_a_file() {
        let io = Io { stdin: Some("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: 3\n"), read_file: None, kubeconfig: None };
        let (_, errs) = read_manifests(&["/dev/stdin".to_string()], io);
        assert_eq!(errs, ["error: error parsing /dev/stdin: document 1, line 4, column 7: spec: expected map, got integer 3"]);
        let io = Io { stdin: Some("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n"), read_file: None, kubeconfig: None };
        let (objs, errs) = read_manifests(&["/dev/stdin".to_string()], io);
        assert_eq!((objs.len(), objs[0].source.as_str(), errs.len()), (1, "/dev/stdin", 0));
    }

    // visitor.go's StreamVisitor returns at the first document it cannot
    // turn into JSON: the documents before it are used, the ones after it
    // in the same file are not, and the next file is read (ContinueOnError).
    // A document the mapper refuses does not stop it.
    #[test]
    fn a_file_ends_at_its_first_yaml_error() {
        let cm = |n: &str| format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {n}\n");
        let bad = format!("{}---\n{}   bad: [\n---\n{}---\napiVersion: v1\nkind: Foo\n", cm("a"), cm("b"), cm("c"));
        let unmapped = format!("apiVersion: v1\nkind: Foo\n---\n{}", cm("e"));
        let files = |p: &str| match p {
            "bad.yaml" => Some(bad.clone()),
            "good.yaml" => Some(cm("d")),
            "unmapped.yaml" => Some(unmapped.clone()),
            _ => None,
        };
        let io = Io { stdin: None, read_file: Some(&files), kubeconfig: None };
        let (objs, errs) = read_manifests(&["bad.yaml", "good.yaml", "unmapped.yaml"].map(String::from), io);
        assert_eq!(objs.iter().map(|o| (o.source.as_str(), o.decoded.object.name())).collect::<Vec<_>>(), [("bad.yaml", "a"), ("good.yaml", "d"), ("unmapped.yaml", "e")]);
        assert_eq!(errs.len(), 2);
        assert_eq!(
            errs[0],
            "error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context\n(playground) at document 2, line 10, column 7"
        );
        assert!(errs[1].starts_with("error: resource mapping not found for name: \"\" namespace: \"\" from \"unmapped.yaml\""), "{}", errs[1]);
    }

    // builder.go's FilenameParam reads a name as a URL by its prefix alone;
    // its URLVisitor returns http.Get's error as it is.
    #[test]
    fn reads_urls_through_the_callers_downloads() {
        let pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: u\n";
        let read = |p: &str| match p {
            "https://a/pod.yaml" => Some(pod.to_string()),
            "\0https://a/gone.yaml" => Some("error: unable to read URL \"https://a/gone.yaml\", server reported 404 Not Found, status code=404".to_string()),
            _ => None,
        };
        let io = Io { stdin: None, read_file: Some(&read), kubeconfig: None };
        let paths = ["https://a/pod.yaml", "https://a/gone.yaml", "http://10.0.0.1/x.yaml", "HTTPS://a/pod.yaml"].map(String::from);
        let (objs, errs) = read_manifests(&paths, io);
        assert_eq!(objs.iter().map(|o| (o.source.as_str(), o.decoded.object.name())).collect::<Vec<_>>(), [("https://a/pod.yaml", "u")]);
        assert_eq!(errs[0], "error: unable to read URL \"https://a/gone.yaml\", server reported 404 Not Found, status code=404");
        assert!(errs[1].starts_with("error: Get \"http://10.0.0.1/x.yaml\": dial tcp 10.0.0.1:80: connect: connection refused\n(playground) "), "{}", errs[1]);
        assert_eq!(errs[2], "error: the path \"HTTPS://a/pod.yaml\" does not exist");
        assert_eq!(url_error("https://user@k8s.io:8443/x", false), "error: Get \"https://user@k8s.io:8443/x\": dial tcp: lookup k8s.io: no such host");
        assert_eq!(url_error("https://[::1]/x", true), "error: Get \"https://[::1]/x\": dial tcp [::1]:443: i/o timeout");
    }
}
