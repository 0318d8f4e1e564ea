//! Tables ported from upstream kubectl's apiresources_test.go: its fake
//! discovery's resources printed by the playground's `api-resources`
//! printer, and the command line's checks.

use super::{print_resources, Resource};
use crate::cli::{ApiResources, Command};
use crate::exec::Output;

/// The fake discovery of TestAPIResourcesRun (a group with no resources
/// adds nothing; a resource without verbs is never listed).
fn fake() -> Vec<Resource<'static>> {
    let r = |name, short_names, group, namespaced, kind, verbs, categories| Resource {
        name,
        short_names,
        group,
        version: "v1",
        namespaced,
        kind,
        verbs,
        categories,
    };
    vec![
        r(
            "foos",
            &["f", "fo"],
            "",
            false,
            "Foo",
            &["get", "list"],
            &["some-category"],
        ),
        r(
            "bars",
            &[],
            "",
            true,
            "Bar",
            &["get", "list", "create"],
            &[],
        ),
        r(
            "bazzes",
            &["b"],
            "somegroup",
            true,
            "Baz",
            &["get", "list", "create", "delete"],
            &["some-category", "another-category"],
        ),
        r("NoVerbs", &["b"], "somegroup", true, "NoVerbs", &[], &[]),
    ]
}

fn parse(flags: &str) -> Result<ApiResources, String> {
    match crate::parse_line(&format!("kubectl api-resources {flags}")) {
        Ok(crate::Line::Kubectl(inv)) => match inv.command {
            Command::ApiResources(a) => Ok(a),
            other => panic!("{flags}: {other:?}"),
        },
        Ok(other) => panic!("{flags}: {other:?}"),
        Err(e) => Err(e.to_string()),
    }
}

// apiresources_test.go's TestAPIResourcesComplete and
// TestAPIResourcesValidate.
#[test]
fn complete_and_validate() {
    let cases: &[(&str, Option<&str>)] = &[
        ("", None),
        ("foo", Some("error: unexpected arguments: [foo]\nSee 'kubectl api-resources -h' for help and examples")),
        ("-o foo", Some("error: --output foo is not available")),
        ("--sort-by=foo", Some("error: --sort-by accepts only name or kind")),
    ];
    for (flags, want) in cases {
        assert_eq!(parse(flags).err().as_deref(), *want, "{flags}");
    }
}

// apiresources_test.go's TestAPIResourcesRun (its "cached" case is the
// defaults here: the playground's discovery is never stale).
#[test]
fn run() {
    let header = "NAME     SHORTNAMES   APIVERSION     NAMESPACED   KIND\n";
    let cases: &[(&str, String)] = &[
        ("", format!("{header}bars                  v1             true         Bar\nfoos     f,fo         v1             false        Foo\nbazzes   b            somegroup/v1   true         Baz\n")),
        ("--no-headers", "bars            v1             true    Bar\nfoos     f,fo   v1             false   Foo\nbazzes   b      somegroup/v1   true    Baz\n".into()),
        ("--api-group=somegroup", format!("{header}bazzes   b            somegroup/v1   true         Baz\n")),
        (
            "-o wide",
            "NAME     SHORTNAMES   APIVERSION     NAMESPACED   KIND   VERBS                    CATEGORIES\nbars                  v1             true         Bar    get,list,create          \nfoos     f,fo         v1             false        Foo    get,list                 some-category\nbazzes   b            somegroup/v1   true         Baz    get,list,create,delete   some-category,another-category\n".into(),
        ),
        ("-o name", "bars\nfoos\nbazzes.somegroup\n".into()),
        ("--namespaced=true", format!("{header}bars                  v1             true         Bar\nbazzes   b            somegroup/v1   true         Baz\n")),
        ("--verbs=create", format!("{header}bars                  v1             true         Bar\nbazzes   b            somegroup/v1   true         Baz\n")),
        ("--verbs=create,delete", format!("{header}bazzes   b            somegroup/v1   true         Baz\n")),
        ("--categories=some-category", format!("{header}foos     f,fo         v1             false        Foo\nbazzes   b            somegroup/v1   true         Baz\n")),
        ("--categories=some-category,another-category", format!("{header}bazzes   b            somegroup/v1   true         Baz\n")),
        ("--sort-by=name", format!("{header}bars                  v1             true         Bar\nbazzes   b            somegroup/v1   true         Baz\nfoos     f,fo         v1             false        Foo\n")),
        ("--sort-by=kind", format!("{header}bars                  v1             true         Bar\nbazzes   b            somegroup/v1   true         Baz\nfoos     f,fo         v1             false        Foo\n")),
        ("--cached", format!("{header}bars                  v1             true         Bar\nfoos     f,fo         v1             false        Foo\nbazzes   b            somegroup/v1   true         Baz\n")),
    ];
    for (flags, want) in cases {
        let a = parse(flags).unwrap_or_else(|e| panic!("{flags}: {e}"));
        let mut out = Output::default();
        print_resources(fake(), &a, &mut out);
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str()),
            (want.as_str(), ""),
            "{flags}"
        );
    }
}
