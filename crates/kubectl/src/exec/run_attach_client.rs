//! A database client `kubectl run -i` attached to (`kubectl run -it --rm
//! --image=mysql:5.6 --restart=Never mysql-client -- mysql -h mysql
//! -ppassword`, the single-instance MySQL page's): what it prints on
//! connecting or failing to, and its prompt until `exit`.

use super::{finish, looping, Held, RunEnd};
use crate::exec::Output;
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;

/// A database client reading the terminal (`mysql -h mysql -ppassword`,
/// the single-instance MySQL page's): it connects, then shows its prompt;
/// each line's statements run on the server it reached (see
/// `pod_exec_mysql`), and `exit` ends the client and the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Client {
    end: Option<RunEnd>,
    host: Option<String>,
}

/// What the session did with a line.
pub struct ClientLine {
    pub output: Output,
    /// The client exited: the run ended (and printed how).
    pub closed: bool,
}

impl Client {
    /// The client `argv` runs, if it is one: `mysql` with its `-h`.
    pub(super) fn of(argv: &[String]) -> Option<Client> {
        if argv
            .first()
            .map(|a| kubeplay_engine::kubelet::shell::basename(a))
            != Some("mysql")
        {
            return None;
        }
        // `-e STATEMENTS` runs them and exits: no prompt to hold.
        if argv.iter().any(|a| a == "-e" || a.starts_with("--execute") || (a.starts_with("-e") && a.len() > 2 && !a.starts_with("--"))) {
            return None;
        }
        let mut host = None;
        let mut args = argv.iter().skip(1);
        while let Some(a) = args.next() {
            if a == "-h" || a == "--host" {
                host = args.next().cloned();
            } else if let Some(h) = a.strip_prefix("--host=") {
                host = Some(h.to_string());
            } else if let Some(h) = a.strip_prefix("-h").filter(|h| !h.is_empty()) {
                host = Some(h.to_string());
            }
        }
        Some(Client { end: None, host })
    }

    /// Connects to the server: its prompt when a MySQL server answers at
    /// the host; else mysql's error, and the run ends with its exit code 1.
    pub(super) fn connect(mut self, pod: &Pod, end: RunEnd, engine: &mut Engine, out: &mut Output) {
        if let Err(e) = crate::exec::pod_exec::mysql::reachable(&self.argv(), pod, engine) {
            out.note(&e);
            return finish(&end, Some(1), engine, out);
        }
        self.end = Some(end);
        out.held = Some(Box::new(Held::Client(self)));
    }

    /// The client's command line as far as the server it reaches goes.
    fn argv(&self) -> Vec<String> {
        ["mysql".to_string()].into_iter().chain(self.host.iter().flat_map(|h| ["-h".to_string(), h.clone()])).collect()
    }

    /// The prompt the client shows.
    pub fn prompt(&self) -> String {
        "mysql> ".to_string()
    }

    /// A line typed at the client's prompt.
    pub fn line(&self, text: &str, engine: &mut Engine) -> ClientLine {
        let mut output = Output::default();
        let words = text.trim().trim_end_matches(';').trim();
        if matches!(words.to_ascii_lowercase().as_str(), "exit" | "quit" | "\\q") {
            return self.bye(engine);
        }
        if let (false, Some(end)) = (words.is_empty(), &self.end) {
            if let Some(pod) = super::pod_now(engine, &end.ns, &end.name) {
                let (stdout, stderr) = crate::exec::pod_exec::mysql::interactive(&self.argv(), text, &pod, engine);
                output.stdout.push_str(&stdout);
                if !stderr.is_empty() {
                    output.note(&stderr);
                }
            }
        }
        ClientLine {
            output,
            closed: false,
        }
    }

    /// `exit`, `\q` or end of input: mysql says Bye and exits 0; the run
    /// ends as run.go's does.
    pub fn bye(&self, engine: &mut Engine) -> ClientLine {
        let mut output = Output::default();
        output.out("Bye");
        if let Some(end) = &self.end {
            finish(end, Some(0), engine, &mut output);
        }
        ClientLine {
            output,
            closed: true,
        }
    }

    /// Whether the client's pod still runs.
    pub fn alive(&self, engine: &Engine) -> bool {
        self.end.as_ref().is_some_and(|e| looping(e, engine))
    }
}
