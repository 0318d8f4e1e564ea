//! bmuschko/nodejs-hello-world, the CKAD crash course's app for its probe
//! and resource exercises (exercises/18-pod-probes/app/index.js, on
//! node:12): Node's http server on port 3000, answering every request
//! with `Hello World` as text/plain after logging one line as it starts
//! listening. The image is node:12's Debian, so it has dash and curl.

use super::tools::Reply;

pub(in crate::exec) const REPOSITORY: &str = "docker.io/bmuschko/nodejs-hello-world";

/// index.js's `console.log` once the server listens.
pub(in crate::exec) const START_LINE: &str = "Magic happens on port 3000";

const BODY: &str = "Hello World\n";

/// The answer to any request: the header index.js sets, then Node's own
/// (Date, Connection, and Content-Length, as `res.end(body)` computes it).
pub(in crate::exec) fn reply(date: String, connection: &str) -> Reply {
    let headers = vec!["Content-Type: text/plain".into(), date, connection.into(), format!("Content-Length: {}", BODY.len())];
    Reply { headers, body: Some(BODY.into()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_gets_hello_world() {
        let r = reply("Date: Wed, 01 Jan 2025 00:00:05 GMT".into(), "Connection: close");
        assert_eq!(r.body.as_deref(), Some("Hello World\n"));
        assert_eq!(r.headers, ["Content-Type: text/plain", "Date: Wed, 01 Jan 2025 00:00:05 GMT", "Connection: close", "Content-Length: 12"]);
    }
}
