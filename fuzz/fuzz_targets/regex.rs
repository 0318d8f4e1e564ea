//! libFuzzer target: see kubeplay_fuzzcheck::regex for what it checks.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kubeplay_fuzzcheck::regex(data));
