//! Native and wasm runs of the self-check scenario give the same
//! fingerprints: the trace hash and the fuller hash of every step's whole
//! record and every object. The test command computes the native ones
//! first (`kubeplay selfcheck`, `TRACE-FULL` in hex) and builds this test
//! with them in `KUBEPLAY_NATIVE_HASH`; without it the test fails rather
//! than passing vacuously.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn wasm_fingerprints_equal_native() {
    let native = option_env!("KUBEPLAY_NATIVE_HASH").expect("build with KUBEPLAY_NATIVE_HASH=$(kubeplay selfcheck)");
    let wasm = kubeplay_engine::selfcheck::scenario_fingerprint(1);
    let (trace, full) = native.trim().split_once('-').expect("KUBEPLAY_NATIVE_HASH is TRACE-FULL, as kubeplay selfcheck prints it");
    assert_eq!(format!("{:016x}", wasm.trace), trace, "trace hashes differ");
    assert_eq!(format!("{:016x}", wasm.full), full, "the step records or the objects differ");
}
