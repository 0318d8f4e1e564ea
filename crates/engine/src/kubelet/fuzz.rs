//! No-panic properties for the parsers that read user input: image
//! references, shell scripts in pod specs, and probe commands; and the
//! eviction ranking's order.

use super::image::ImageRef;
use super::registry;
use super::eviction::{rank, Candidate};
use super::shell;
use proptest::prelude::*;

proptest! {
    #[test]
    fn image_references_never_panic(s in ".{0,80}") {
        if let Ok(r) = ImageRef::parse(&s) {
            // A parsed reference re-parses to itself.
            prop_assert_eq!(ImageRef::parse(&r.normalized()).map(|x| x.normalized()), Ok(r.normalized()));
            let _ = registry::resolve(&r, registry::Declared::Nothing);
        }
    }

    #[test]
    fn scripts_never_panic(s in "[a-z0-9 ;&|'\"$(){}\\[\\]!\n.-]{0,120}") {
        let script = shell::run_script(&s);
        if let shell::End::At { ms, .. } = script.end {
            prop_assert!(ms >= 0);
        }
    }

    #[test]
    fn argv_never_panics(words in proptest::collection::vec("[a-z0-9 .=-]{0,12}", 0..6)) {
        let _ = shell::run(&words);
    }

    #[test]
    fn tags_never_panic(tag in "[a-z0-9.-]{0,20}") {
        for repo in registry::CATALOG {
            let _ = repo.tags.has(&tag);
        }
    }

    // rankMemoryPressure: pods without stats first; then, among measured
    // pods, those above their request; within each group lower priority
    // first, and at equal priority the larger use above request first.
    #[test]
    fn eviction_ranking_orders_as_upstream(pods in proptest::collection::vec((0i32..3, proptest::option::of(0i64..1000), 0i64..1000), 0..12)) {
        let mut ranked: Vec<Candidate> = pods.iter().enumerate().map(|(i, (priority, usage, request))| Candidate { name: i.to_string(), priority: *priority, usage: *usage, request: *request }).collect();
        rank(&mut ranked);
        prop_assert_eq!(ranked.len(), pods.len());
        let group = |c: &Candidate| match c.usage { None => 0, Some(u) if u > c.request => 1, Some(_) => 2 };
        for w in ranked.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            prop_assert!(group(a) <= group(b));
            if group(a) == group(b) && group(a) > 0 {
                prop_assert!(a.priority <= b.priority);
                if a.priority == b.priority {
                    prop_assert!(a.usage.unwrap_or(0) - a.request >= b.usage.unwrap_or(0) - b.request);
                }
            }
        }
    }
}
