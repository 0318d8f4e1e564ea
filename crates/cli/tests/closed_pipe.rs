//! A reader that stops early (`kubeplay run script | head -1`) closes the
//! pipe: kubeplay then ends as Unix tools do, killed by SIGPIPE with
//! nothing on stderr, not with a Rust panic message.
#![cfg(unix)]

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

#[test]
fn a_closed_stdout_ends_the_run_without_a_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kubeplay"))
        .args(["run", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kubeplay runs");
    // Enough output to fill the pipe's buffer after the reader has gone.
    let script = "kubectl get pods -A\n".repeat(2000);
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // kubeplay may die before reading all of it: a failed write is fine.
        let _ = stdin.write_all(script.as_bytes());
    });
    let mut first = [0u8; 16];
    child.stdout.take().expect("stdout").read_exact(&mut first).expect("some output");
    // Dropping the read end closes it.
    let status = child.wait().expect("kubeplay ends");
    let _ = writer.join();
    let mut stderr = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("stderr read");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(status.signal(), Some(13), "{status:?} {stderr}");
}
