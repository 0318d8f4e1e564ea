//! Resource arguments (`TYPE NAME…`, `TYPE/NAME…`, `TYPE1,TYPE2`, `all`,
//! `-f FILE`, `-l SELECTOR`) resolved into targets with the resource
//! builder's rules and error messages.

use crate::error::ParseError;
use kubeplay_model::Kind;

/// The kinds the `all` category stands for, in discovery order.
pub const ALL_CATEGORY: &[Kind] = &[
    Kind::Pod,
    Kind::ReplicationController,
    Kind::Service,
    Kind::DaemonSet,
    Kind::Deployment,
    Kind::ReplicaSet,
    Kind::StatefulSet,
    Kind::HorizontalPodAutoscaler,
    Kind::CronJob,
    Kind::Job,
];

/// The built-in kinds of the `api-extensions` category, in discovery
/// order (the webhook configurations are not served here).
pub const API_EXTENSIONS_CATEGORY: &[Kind] = &[
    Kind::ValidatingAdmissionPolicy,
    Kind::ValidatingAdmissionPolicyBinding,
    Kind::CustomResourceDefinition,
    Kind::APIService,
];

/// What a command operates on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Targets {
    /// Objects named in manifest files (`-f`), optionally filtered by label.
    Files { paths: Vec<String>, recursive: bool, selector: Option<String> },
    /// Every object of these kinds matching the selectors (`get pods`, `-l app=x`, `--all`).
    List { kinds: Vec<Kind>, selector: Option<String>, field_selector: Option<String> },
    /// Named objects, in the order given.
    Named(Vec<(Kind, String)>),
}

impl Targets {
    /// Whether the user named exactly one object, so `-o json` prints it
    /// bare rather than in a `List` (kubectl's "single item implied").
    pub fn single_item(&self) -> bool {
        match self {
            Targets::Named(v) => v.len() == 1,
            // `-k` and `-R` never imply a single item.
            Targets::Files { paths, .. } => paths.len() == 1 && !paths[0].starts_with(super::KUSTOMIZE) && !paths[0].starts_with(super::RECURSIVE),
            Targets::List { .. } => false,
        }
    }
    /// The kinds involved (empty for files, which are read later).
    pub fn kinds(&self) -> Vec<Kind> {
        match self {
            Targets::Files { .. } => Vec::new(),
            Targets::List { kinds, .. } => kinds.clone(),
            Targets::Named(v) => {
                let mut out: Vec<Kind> = Vec::new();
                for (k, _) in v {
                    if !out.contains(k) {
                        out.push(*k);
                    }
                }
                out
            }
        }
    }
}

/// The builder's inputs besides the positional arguments.
#[derive(Clone, Debug, Default)]
pub struct BuildInputs<'a> {
    pub files: &'a [String],
    pub recursive: bool,
    pub selector: Option<String>,
    pub field_selector: Option<String>,
    /// `--all`.
    pub select_all: bool,
    /// `get`/`describe`: a bare type lists everything (`ResourceTypeOrNameArgs(true, …)`).
    pub allow_empty_selector: bool,
    /// `-A`: names cannot be looked up across all namespaces.
    pub all_namespaces: bool,
    /// The command hands the builder `--all` before `-l` and after the
    /// arguments (`apply view-last-applied`), which changes which of the
    /// two conflicting settings the builder complains about.
    pub selector_after_all: bool,
}

/// Resolves a typed resource name (`po`, `deployments.apps`) to a kind, with
/// kubectl's error for unknown types.
pub fn resolve_kind(typed: &str) -> Result<Kind, ParseError> {
    let kind = Kind::from_resource_name(typed);
    if kubeplay_model::api::events_v1::names(typed) {
        kubeplay_model::api::events_v1::request();
    }
    // `TYPE.VERSION.GROUP` asks the API server for that version.
    if let Some(s) = kind.and_then(kubeplay_model::custom_kind::served_kind) {
        if let Some(v) = kubeplay_model::custom_kind::typed_version(typed, &s) {
            kubeplay_model::custom_kind::request_version(s.kind, v);
        }
    }
    kind.ok_or_else(|| {
        let name = typed.split('.').next().unwrap_or("").to_string();
        match kubeplay_model::unserved::Unserved::by_resource_name(typed) {
            Some(kind) => ParseError::UnservedResourceType { typed: name, kind },
            None => ParseError::UnknownResourceType(name),
        }
    })
}

/// `SplitResourceArgument`: comma-separated, duplicates dropped, order kept.
fn split_types(arg: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in arg.split(',') {
        if !out.iter().any(|x| x == s) {
            out.push(s.to_string());
        }
    }
    out
}

/// Expands the `all` category inside a comma list.
fn expand_all(arg: &str) -> String {
    let served = kubeplay_model::custom_kind::served();
    // The custom kinds whose CRD lists `category` among its categories.
    let in_category = |category: &str| served.iter().filter(|s| s.categories.iter().any(|c| c == category)).map(|s| format!("{}.{}", s.plural, s.group)).collect::<Vec<_>>();
    arg.split(',')
        .map(|t| {
            if t == "all" {
                ALL_CATEGORY.iter().map(|k| k.info().group_resource()).chain(in_category("all")).collect::<Vec<_>>().join(",")
            } else if t == "api-extensions" {
                API_EXTENSIONS_CATEGORY.iter().map(|k| k.info().group_resource()).chain(in_category(t)).collect::<Vec<_>>().join(",")
            } else if Kind::from_resource_name(t).is_none() && !in_category(t).is_empty() {
                in_category(t).join(",")
            } else {
                t.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn split_type_name(s: &str) -> Result<(String, String), ParseError> {
    let seg: Vec<&str> = s.split('/').collect();
    if seg.len() != 2 {
        return Err(ParseError::Invalid("arguments in resource/name form may not have more than one slash".into()));
    }
    let (resource, name) = (seg[0], seg[1]);
    if resource.is_empty() || name.is_empty() || split_types(resource).len() != 1 {
        return Err(ParseError::Invalid("arguments in resource/name form must have a single resource and name".into()));
    }
    Ok((resource.to_string(), name.to_string()))
}

fn kinds_of(types: &[String]) -> Result<Vec<Kind>, ParseError> {
    let mut out = Vec::new();
    for t in types {
        let k = resolve_kind(t)?;
        if !out.contains(&k) {
            out.push(k);
        }
    }
    Ok(out)
}

fn err(msg: &str) -> ParseError {
    ParseError::Invalid(msg.to_string())
}

/// Turns positional arguments and flags into targets, applying the resource
/// builder's checks in its order.
pub fn build(args: &[String], inp: &BuildInputs) -> Result<Targets, ParseError> {
    // normalizeMultipleResourcesArgs: `a,b x y` becomes `a/x a/y b/x b/y`.
    let mut args: Vec<String> = args.to_vec();
    if args.len() >= 2 {
        let types = split_types(&args[0]);
        if types.len() > 1 {
            args = types.iter().flat_map(|t| args[1..].iter().map(move |n| format!("{t}/{n}"))).collect();
        }
    }
    let mut tuples: Vec<(String, String)> = Vec::new();
    let mut types: Vec<String> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let slashed = args.iter().filter(|a| a.contains('/')).count();
    if slashed > 0 {
        if slashed != args.len() {
            return Err(err("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'"));
        }
        for a in &args {
            tuples.push(split_type_name(a)?);
        }
    } else if let Some(first) = args.first() {
        types = split_types(&expand_all(first));
        names = args[1..].to_vec();
    }
    let mut selector = inp.selector.clone().filter(|s| !s.trim().is_empty());
    let field_selector = inp.field_selector.clone().filter(|s| !s.trim().is_empty());
    if inp.select_all && inp.selector_after_all {
        // ResourceTypeOrNameArgs has already set the empty selector a lone
        // type means, so SelectAllParam sees a selector; otherwise
        // LabelSelectorParam finds --all set.
        if args.len() == 1 && slashed == 0 && inp.allow_empty_selector {
            return Err(err("setting 'all' parameter but found a non empty selector. "));
        }
        if let Some(s) = &selector {
            return Err(ParseError::Invalid(format!("found non-empty label selector {} with previously set 'all' parameter. ", crate::gofmt::quote(s))));
        }
    } else if inp.select_all && (selector.is_some() || field_selector.is_some()) {
        return Err(err("setting 'all' parameter but found a non empty selector. "));
    }
    let select_everything = inp.select_all || (args.len() == 1 && slashed == 0 && inp.allow_empty_selector);

    if !inp.files.is_empty() {
        if !types.is_empty() {
            return Err(err("when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well"));
        }
        if !names.is_empty() {
            return Err(err("name cannot be provided when a path is specified"));
        }
        if !tuples.is_empty() {
            return Err(err("resource/name arguments cannot be provided when a path is specified"));
        }
        return Ok(Targets::Files { paths: inp.files.to_vec(), recursive: inp.recursive, selector });
    }
    if selector.is_some() || field_selector.is_some() || select_everything {
        if !names.is_empty() {
            return Err(err("name cannot be provided when a selector is specified"));
        }
        if !tuples.is_empty() {
            return Err(err("selectors and the all flag cannot be used when passing resource/name arguments"));
        }
        if types.is_empty() {
            return Err(err("at least one resource must be specified to use a selector"));
        }
        if selector.as_deref() == Some("") {
            selector = None;
        }
        return Ok(Targets::List { kinds: kinds_of(&types)?, selector, field_selector });
    }
    let check_ns = |k: Kind| -> Result<(), ParseError> {
        if inp.all_namespaces && k.namespaced() {
            return Err(err("a resource cannot be retrieved by name across all namespaces"));
        }
        Ok(())
    };
    if !tuples.is_empty() {
        let mut out = Vec::new();
        for (t, n) in tuples {
            let k = resolve_kind(&t)?;
            check_ns(k)?;
            out.push((k, n));
        }
        return Ok(Targets::Named(out));
    }
    if !names.is_empty() {
        if types.len() > 1 {
            return Err(err("you must specify only one resource"));
        }
        let k = kinds_of(&types)?.first().copied().ok_or_else(|| err("you must provide a resource and a resource name together"))?;
        check_ns(k)?;
        return Ok(Targets::Named(names.into_iter().map(|n| (k, n)).collect()));
    }
    if !types.is_empty() {
        kinds_of(&types)?;
        return Err(err("resource(s) were provided, but no name was specified"));
    }
    Err(ParseError::NoResources)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }
    fn get(v: &[&str]) -> Result<Targets, ParseError> {
        build(&args(v), &BuildInputs { allow_empty_selector: true, ..Default::default() })
    }

    #[test]
    fn resource_forms() {
        assert_eq!(get(&["po"]).unwrap(), Targets::List { kinds: vec![Kind::Pod], selector: None, field_selector: None });
        assert_eq!(get(&["deploy,rs,po"]).unwrap().kinds(), vec![Kind::Deployment, Kind::ReplicaSet, Kind::Pod]);
        assert_eq!(get(&["po,pods"]).unwrap().kinds(), vec![Kind::Pod]);
        assert_eq!(get(&["pod", "a", "b"]).unwrap(), Targets::Named(vec![(Kind::Pod, "a".into()), (Kind::Pod, "b".into())]));
        assert_eq!(get(&["deploy/web", "svc/web"]).unwrap(), Targets::Named(vec![(Kind::Deployment, "web".into()), (Kind::Service, "web".into())]));
        assert_eq!(
            get(&["deploy,svc", "web"]).unwrap(),
            Targets::Named(vec![(Kind::Deployment, "web".into()), (Kind::Service, "web".into())])
        );
        assert_eq!(get(&["all"]).unwrap().kinds(), ALL_CATEGORY.to_vec());
        assert_eq!(get(&["api-extensions"]).unwrap().kinds(), API_EXTENSIONS_CATEGORY.to_vec());
        assert_eq!(get(&["all,cm"]).unwrap().kinds().last(), Some(&Kind::ConfigMap));
        assert!(get(&["pod", "a"]).unwrap().single_item());
        assert!(!get(&["pods"]).unwrap().single_item());
    }

    // Messages from cli-runtime's builder.go (and its builder_test.go cases).
    #[test]
    fn builder_errors() {
        let e = |v: &[&str]| get(v).unwrap_err().to_string();
        assert_eq!(e(&["foo"]), "error: the server doesn't have a resource type \"foo\"");
        assert_eq!(e(&["foo.bar"]), "error: the server doesn't have a resource type \"foo\"");
        assert_eq!(e(&["rc/foo", "bar"]), "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'");
        assert_eq!(e(&["a/b/c"]), "error: arguments in resource/name form may not have more than one slash");
        assert_eq!(e(&["/b"]), "error: arguments in resource/name form must have a single resource and name");
        assert_eq!(e(&["pods,svc/x"]), "error: arguments in resource/name form must have a single resource and name");
        assert_eq!(e(&["all", "x"]), "error: you must specify only one resource");
        assert!(matches!(get(&[]).unwrap_err(), ParseError::NoResources));
        let sel = |v: &[&str], s: &str| build(&args(v), &BuildInputs { selector: Some(s.into()), ..Default::default() }).unwrap_err().to_string();
        assert_eq!(sel(&["pods", "x"], "a=b"), "error: name cannot be provided when a selector is specified");
        assert_eq!(sel(&["pods/x"], "a=b"), "error: selectors and the all flag cannot be used when passing resource/name arguments");
        assert_eq!(sel(&[], "a=b"), "error: at least one resource must be specified to use a selector");
        let del = build(&args(&["pods"]), &BuildInputs::default()).unwrap_err().to_string();
        assert_eq!(del, "error: resource(s) were provided, but no name was specified");
        let files = vec!["x.yaml".to_string()];
        let f = build(&args(&["pods"]), &BuildInputs { files: &files, ..Default::default() }).unwrap_err().to_string();
        assert_eq!(f, "error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well");
        let f = build(&args(&["pods/x"]), &BuildInputs { files: &files, ..Default::default() }).unwrap_err().to_string();
        assert_eq!(f, "error: resource/name arguments cannot be provided when a path is specified");
        let after_all = |v: &[&str], s: &str, allow_empty| {
            let inputs = BuildInputs { selector: Some(s.into()), select_all: true, selector_after_all: true, allow_empty_selector: allow_empty, ..Default::default() };
            build(&args(v), &inputs).unwrap_err().to_string()
        };
        // As kubectl v1.32 words them for `apply view-last-applied cm --all` with -l, and with -n.
        assert_eq!(after_all(&["cm"], " a=b", false), "error: found non-empty label selector \" a=b\" with previously set 'all' parameter. ");
        assert_eq!(after_all(&["cm"], "", true), "error: setting 'all' parameter but found a non empty selector. ");
        let all_ns = build(&args(&["pods", "x"]), &BuildInputs { all_namespaces: true, ..Default::default() }).unwrap_err().to_string();
        assert_eq!(all_ns, "error: a resource cannot be retrieved by name across all namespaces");
        assert!(build(&args(&["nodes", "x"]), &BuildInputs { all_namespaces: true, ..Default::default() }).is_ok());
    }
}
