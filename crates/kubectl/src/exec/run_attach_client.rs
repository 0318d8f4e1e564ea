//! A database client `kubectl run -i` attached to (`kubectl run -it --rm
//! --image=mysql:5.6 --restart=Never mysql-client -- mysql -h mysql
//! -ppassword`, the single-instance MySQL page's): what it prints on
//! connecting or failing to, and its prompt until `exit`.

use super::{finish, looping, Held, RunEnd};
use crate::exec::Output;
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::Kind;

/// A database client reading the terminal (`mysql -h mysql -ppassword`,
/// the single-instance MySQL page's): it connects, then shows its prompt;
/// the playground's servers run no SQL, so each statement gets a note,
/// and `exit` ends the client and the run.
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

    /// Connects to the server: its prompt when the host is a Service here;
    /// else mysql's error, and the run ends with its exit code 1.
    pub(super) fn connect(mut self, pod: &Pod, end: RunEnd, engine: &mut Engine, out: &mut Output) {
        let ns = pod.metadata.namespace.to_string();
        let error = match self.host.as_deref() {
            None | Some("localhost") => Some("ERROR 2002 (HY000): Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)".to_string()),
            Some(host) => {
                let mut labels = host.split('.');
                let service = labels.next().unwrap_or_default();
                let in_ns = labels.next().filter(|n| *n != "svc").unwrap_or(&ns).to_string();
                let known = engine.store().get_by(Kind::Service, &in_ns, service).is_some();
                (!known).then(|| format!("ERROR 2005 (HY000): Unknown MySQL server host '{host}' (-2)"))
            }
        };
        if let Some(e) = error {
            out.note(&e);
            return finish(&end, Some(1), engine, out);
        }
        self.end = Some(end);
        out.held = Some(Box::new(Held::Client(self)));
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
        if !words.is_empty() {
            output.note("(playground) the MySQL server here runs no SQL: the client is connected, but statements get no answer; exit (or \\q) leaves it");
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
