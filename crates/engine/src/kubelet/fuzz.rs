//! No-panic properties for the parsers that read user input: image
//! references, shell scripts in pod specs, and probe commands.

use super::image::ImageRef;
use super::registry;
use super::shell;
use proptest::prelude::*;

proptest! {
    #[test]
    fn image_references_never_panic(s in ".{0,80}") {
        if let Ok(r) = ImageRef::parse(&s) {
            // A parsed reference re-parses to itself.
            prop_assert_eq!(ImageRef::parse(&r.normalized()).map(|x| x.normalized()), Ok(r.normalized()));
            let _ = registry::resolve(&r, false);
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
}
