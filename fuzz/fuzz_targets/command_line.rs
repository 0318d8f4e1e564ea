//! libFuzzer target: see kubeplay_fuzzcheck::command_line for what it checks.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kubeplay_fuzzcheck::command_line(data));
