//! Every transcript (tests/transcripts/**/*.t) run in wasm through the
//! same checker as `kubeplay test`: what users see must be byte-identical
//! natively and in the browser, not only the engine's trace hashes.
#![cfg(target_arch = "wasm32")]

use kubeplay_playground::transcript;
use wasm_bindgen_test::{console_log, wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// (path from the repository root, contents), written by web/build.rs.
const TRANSCRIPTS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/transcripts.rs"));

/// Lets the browser's event loop run: the test runner's driver talks to
/// the page between tasks, and gives up on a page busy for 20 s at a
/// time, which all the transcripts in one go would be.
async fn yield_to_the_browser() {
    let timer = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(timer).await;
}

#[wasm_bindgen_test]
async fn every_transcript_gives_the_same_output_in_wasm() {
    // An empty list would pass vacuously: the build script found no files.
    assert!(TRANSCRIPTS.len() > 100, "only {} transcripts embedded", TRANSCRIPTS.len());
    let mut failures = Vec::new();
    for (name, src) in TRANSCRIPTS {
        match transcript::check(src) {
            Ok(c) => failures.extend(c.mismatches.iter().map(|m| m.report(name))),
            Err(e) => failures.push(format!("{name}:{}: {}", e.line, e.message)),
        }
        yield_to_the_browser().await;
    }
    console_log!("transcripts in wasm: {} files, {} mismatching commands", TRANSCRIPTS.len(), failures.len());
    assert!(failures.is_empty(), "outputs differ in wasm:\n{}", failures.join("\n"));
}

/// The check above is only worth its pass if a wrong output fails it here too.
#[wasm_bindgen_test]
fn a_wrong_output_is_reported_with_file_line_and_diff() {
    let c = transcript::check("# seed: 3\n$ kubectl get pods\nwrong\n").expect("parses");
    let reports: Vec<String> = c.mismatches.iter().map(|m| m.report("x.t")).collect();
    assert_eq!(reports, ["x.t:2: $ kubectl get pods\n--- expected\n+++ actual\n@@ -1,1 +1,1 @@\n-wrong\n+No resources found in default namespace.\n"]);
}
