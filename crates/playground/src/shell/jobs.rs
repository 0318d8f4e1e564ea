//! Bash's job table: the commands a line runs in the background (`cmd
//! &`), and the port-forwards and proxies the playground keeps running
//! there (they are jobs as `kubectl proxy &` would make them, without the
//! `[1] PID` line when no `&` was typed). Job numbers, the `+`/`-` marks,
//! `jobs`, `kill` and the notices bash prints when a job ends, in its
//! words and columns. Process ids come from a counter, so a session
//! replays to the same ones.

/// How a job stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum JobState {
    Running,
    /// Ended by itself with this status.
    Exited(i32),
    /// Ended by a signal (bash's word for it: `Terminated`, `Killed`).
    Signalled(&'static str),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Job {
    pub number: u32,
    pub pid: u32,
    /// The command as typed, without its `&`.
    pub text: String,
    pub state: JobState,
    /// Typed with `&`: bash announces its end.
    pub announced: bool,
}

/// What `kill` stops (process ids, with bash's word for the signal) and
/// its complaints about the rest.
pub(crate) type Killed = (Vec<(u32, &'static str)>, String);

/// The first process id a session hands out.
const FIRST_PID: u32 = 2718;

#[derive(Clone, Debug, Default)]
pub(crate) struct Jobs {
    list: Vec<Job>,
    spawned: u32,
    /// While a `cmd &` runs: the process id its background kubectl takes.
    pub background_pid: Option<u32>,
}

/// One line of `jobs` or of a notice: `[1]+  Running                 cmd &`.
fn line(job: &Job, mark: char, with_pid: bool) -> String {
    let state = match &job.state {
        JobState::Running => "Running".to_string(),
        JobState::Exited(0) => "Done".to_string(),
        JobState::Exited(n) => format!("Exit {n}"),
        JobState::Signalled(word) => word.to_string(),
    };
    let amp = if job.state == JobState::Running {
        " &"
    } else {
        ""
    };
    let pid = if with_pid {
        format!(" {}", job.pid)
    } else {
        " ".to_string()
    };
    format!("[{}]{mark}{pid} {state:<24}{}{amp}", job.number, job.text)
}

/// bash's words for the signals `kill` sends, by name or number.
fn signal(spec: &str) -> Option<&'static str> {
    let spec = spec.strip_prefix("SIG").unwrap_or(spec);
    Some(match spec.to_ascii_uppercase().as_str() {
        "1" | "HUP" => "Hangup",
        "2" | "INT" => "Interrupt",
        "9" | "KILL" => "Killed",
        "15" | "TERM" => "Terminated",
        _ => return None,
    })
}

impl Jobs {
    /// A new process id.
    pub fn spawn(&mut self) -> u32 {
        self.spawned += 1;
        FIRST_PID + 2 * (self.spawned - 1)
    }

    /// Starts job `text` as a new process: its number and process id.
    pub fn start(&mut self, text: &str, announced: bool) -> (u32, u32) {
        let pid = self.spawn();
        let number = self.list.iter().map(|j| j.number).max().unwrap_or(0) + 1;
        self.list.push(Job {
            number,
            pid,
            text: text.to_string(),
            state: JobState::Running,
            announced,
        });
        (number, pid)
    }

    /// Adds process `pid` (already spawned) as a running job.
    pub fn adopt(&mut self, pid: u32, text: &str) {
        let number = self.list.iter().map(|j| j.number).max().unwrap_or(0) + 1;
        self.list.push(Job {
            number,
            pid,
            text: text.to_string(),
            state: JobState::Running,
            announced: false,
        });
    }

    /// The `+` (latest) and `-` (the one before) marks.
    fn mark(&self, i: usize) -> char {
        let n = self.list.len();
        if i + 1 == n {
            '+'
        } else if i + 2 == n {
            '-'
        } else {
            ' '
        }
    }

    /// Marks the job of `pid` ended; bash's notice for it when it was
    /// typed with `&` or a signal ended it (the job is then gone from
    /// the table).
    pub fn end(&mut self, pid: u32, state: JobState) -> Option<String> {
        let i = self.list.iter().position(|j| j.pid == pid)?;
        let killed = matches!(state, JobState::Signalled(_));
        self.list[i].state = state;
        let notice = line(&self.list[i], self.mark(i), false);
        let job = self.list.remove(i);
        (job.announced || killed).then_some(notice)
    }

    /// The job number of process `pid`, if it is a job.
    pub fn number_of(&self, pid: u32) -> Option<u32> {
        self.list.iter().find(|j| j.pid == pid).map(|j| j.number)
    }

    /// The running jobs' process ids.
    pub fn running(&self) -> Vec<u32> {
        self.list
            .iter()
            .filter(|j| j.state == JobState::Running)
            .map(|j| j.pid)
            .collect()
    }

    /// `jobs [-l|-p]`: stdout, stderr, status.
    pub fn jobs(&self, args: &[String]) -> (String, String, i32) {
        let (mut long, mut pids) = (false, false);
        for a in args {
            match a.as_str() {
                "-l" => long = true,
                "-p" => pids = true,
                "-r" | "-s" | "--" => {}
                other if other.starts_with('-') => return (String::new(), format!("bash: jobs: {other}: invalid option\njobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]\n"), 2),
                other => return (String::new(), format!("bash: jobs: {other}: no such job\n"), 1),
            }
        }
        let mut out = String::new();
        for (i, j) in self.list.iter().enumerate() {
            if pids {
                out.push_str(&format!("{}\n", j.pid));
            } else {
                out.push_str(&line(j, self.mark(i), long));
                out.push('\n');
            }
        }
        (out, String::new(), 0)
    }

    /// The job a jobspec names (`%1`, `%+`, `%%`, `%-`, `%kubectl`).
    fn find(&self, spec: &str) -> Result<usize, String> {
        let n = self.list.len();
        let found = match spec {
            "%" | "%%" | "%+" => n.checked_sub(1),
            "%-" => n.checked_sub(2).or(n.checked_sub(1)),
            s => match s[1..].parse::<u32>() {
                Ok(k) => self.list.iter().position(|j| j.number == k),
                Err(_) => {
                    let hits: Vec<usize> = (0..n)
                        .filter(|&i| self.list[i].text.starts_with(&s[1..]))
                        .collect();
                    match hits.as_slice() {
                        [one] => Some(*one),
                        [] => None,
                        _ => return Err(format!("bash: kill: {s}: ambiguous job spec")),
                    }
                }
            },
        };
        found.ok_or_else(|| format!("bash: kill: {spec}: no such job"))
    }

    /// `kill [-SIGNAL | -s SIGNAL] %JOB|PID…`: the process ids to stop
    /// with bash's word for how they ended, and its complaints.
    pub fn kill(&mut self, args: &[String]) -> Result<Killed, (String, i32)> {
        let usage = "bash: kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n".to_string();
        let mut word = "Terminated";
        let mut rest = args;
        match rest {
            [flag, sig, tail @ ..] if flag == "-s" || flag == "-n" => {
                word = signal(sig).ok_or_else(|| {
                    (
                        format!("bash: kill: {sig}: invalid signal specification\n"),
                        1,
                    )
                })?;
                rest = tail;
            }
            [flag, tail @ ..] if flag.starts_with('-') && flag.len() > 1 && flag != "--" => {
                word = signal(&flag[1..]).ok_or_else(|| {
                    (
                        format!("bash: kill: {}: invalid signal specification\n", &flag[1..]),
                        1,
                    )
                })?;
                rest = tail;
            }
            [flag, tail @ ..] if flag == "--" => rest = tail,
            _ => {}
        }
        if rest.is_empty() {
            return Err((usage, 2));
        }
        let mut stopped = Vec::new();
        let mut errors = String::new();
        for target in rest {
            if target.starts_with('%') {
                match self.find(target) {
                    Ok(i) => stopped.push((self.list[i].pid, word)),
                    Err(e) => errors.push_str(&format!("{e}\n")),
                }
            } else if let Ok(pid) = target.parse::<u32>() {
                if self.list.iter().any(|j| j.pid == pid) {
                    stopped.push((pid, word));
                } else {
                    errors.push_str(&format!("bash: kill: ({pid}) - No such process\n"));
                }
            } else {
                errors.push_str(&format!(
                    "bash: kill: {target}: arguments must be process or job IDs\n"
                ));
            }
        }
        Ok((stopped, errors))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    // Lines as bash 5.2 prints them (checked in an interactive bash).
    #[test]
    fn table_and_notices_in_bashs_columns() {
        let mut j = Jobs::default();
        let (n1, p1) = j.start("sleep 30", true);
        let (n2, _) = j.start("sleep 31", true);
        assert_eq!((n1, n2), (1, 2));
        let (out, _, _) = j.jobs(&[]);
        assert_eq!(
            out,
            "[1]-  Running                 sleep 30 &\n[2]+  Running                 sleep 31 &\n"
        );
        let (out, _, _) = j.jobs(&words(&["-l"]));
        assert_eq!(out, format!("[1]- {p1} Running                 sleep 30 &\n[2]+ {} Running                 sleep 31 &\n", p1 + 2));
        let (stopped, errors) = j.kill(&words(&["%1"])).unwrap();
        assert_eq!((stopped, errors.as_str()), (vec![(p1, "Terminated")], ""));
        assert_eq!(
            j.end(p1, JobState::Signalled("Terminated")).as_deref(),
            Some("[1]-  Terminated              sleep 30")
        );
        // Numbers count on from the highest job left.
        let (n3, p3) = j.start("false", true);
        assert_eq!(n3, 3);
        assert_eq!(
            j.end(p3, JobState::Exited(1)).as_deref(),
            Some("[3]+  Exit 1                  false")
        );
        let (n, p) = j.start("true", true);
        assert_eq!(
            j.end(p, JobState::Exited(0)).as_deref(),
            Some(&*format!("[{n}]+  Done                    true"))
        );
    }

    #[test]
    fn kill_errors_as_bash_words_them() {
        let mut j = Jobs::default();
        assert_eq!(j.kill(&[]).unwrap_err().1, 2);
        let (_, errors) = j.kill(&words(&["%4"])).unwrap();
        assert_eq!(errors, "bash: kill: %4: no such job\n");
        let (_, errors) = j.kill(&words(&["99999"])).unwrap();
        assert_eq!(errors, "bash: kill: (99999) - No such process\n");
        assert_eq!(
            j.kill(&words(&["-FOO", "%1"])).unwrap_err().0,
            "bash: kill: FOO: invalid signal specification\n"
        );
        let (_, p) = j.start("kubectl proxy", true);
        assert_eq!(
            j.kill(&words(&["-9", "%kubectl"])).unwrap().0,
            vec![(p, "Killed")]
        );
        assert_eq!(
            j.kill(&words(&["-s", "KILL", "%%"])).unwrap().0,
            vec![(p, "Killed")]
        );
    }
}
