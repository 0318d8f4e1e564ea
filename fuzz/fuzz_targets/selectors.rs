//! libFuzzer target: see kubeplay_fuzzcheck::selectors for what it checks.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kubeplay_fuzzcheck::selectors(data));
