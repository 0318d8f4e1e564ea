//! Native and wasm runs of the self-check scenario give the same hash.
//! The test command computes the native hash first (`kubeplay selfcheck`)
//! and builds this test with it in `KUBEPLAY_NATIVE_HASH`; without it the
//! test fails rather than passing vacuously.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn wasm_trace_hash_equals_native() {
    let native = option_env!("KUBEPLAY_NATIVE_HASH").expect("build with KUBEPLAY_NATIVE_HASH=$(kubeplay selfcheck)");
    let wasm = format!("{:016x}", kubeplay_engine::selfcheck::scenario_hash(1));
    assert_eq!(wasm, native.trim());
}
