//! The entry points that fuzzers and the no-panic property tests drive, in
//! one place so both exercise exactly the same code and the same checks:
//! every parser a user's text reaches, and the whole playground behind one
//! terminal line. Each function takes arbitrary bytes, must return without
//! panicking, and asserts the invariants a parser owes its callers (a
//! printed selector or quantity reads back as itself).
//!
//! Not part of the product: no front end depends on this crate.

use kubeplay_kubectl::shell::{arith, expand, parse_list, split_words, Command, List, Part, Pipeline};
use kubeplay_model::regex::{Options, Regex, Syntax};
use kubeplay_model::selector::FieldSelector;
use kubeplay_model::{Quantity, Selector};
use kubeplay_playground::Playground;

/// The manifest decoder and both printers.
pub fn decode(data: &[u8]) {
    kubeplay_codec::fuzz_decode(data);
}

/// Shell word splitting and the kubectl/sim command parser.
pub fn command_line(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else { return };
    if let Ok(words) = split_words(line) {
        for w in &words {
            // Offsets point into the line, at a character boundary, in order.
            assert!(line.is_char_boundary(w.start), "word offset {} inside a character", w.start);
        }
        assert!(words.windows(2).all(|p| p[0].start < p[1].start), "word offsets out of order");
    }
    match kubeplay_kubectl::parse_line(line) {
        Ok(parsed) => drop(format!("{parsed:?}")),
        Err(e) => drop(e.to_string()),
    }
    // The terminal's shell: lists and loops parsed, stages split, words in
    // order, expansions standing for themselves, arithmetic evaluated.
    match parse_list(line) {
        Ok(list) => {
            let mut pipelines = Vec::new();
            pipelines_of(&list, &mut pipelines);
            for p in pipelines {
                for stage in &p.stages {
                    assert!(p.heredocs.iter().any(|(i, _)| p.stages.get(*i) == Some(stage)) || !stage.is_empty(), "an empty stage in {line:?}");
                    assert!(stage.iter().all(|w| line.is_char_boundary(w.start)), "shell word offset inside a character");
                    assert!(stage.windows(2).all(|p| p[0].start < p[1].start), "shell word offsets out of order");
                    let mut value = |part: &Part| -> Result<String, ()> {
                        Ok(match part {
                            Part::Var { name, .. } => format!(" {name} "),
                            Part::Command { line, .. } => line.clone(),
                            Part::Arith { expr, .. } => {
                                let mut lookup = |n: &str| Some(n.len().to_string());
                                match arith::eval(expr, &mut lookup) {
                                    Ok(v) => v.to_string(),
                                    Err(e) => e.to_string(),
                                }
                            }
                            other => other.source(),
                        })
                    };
                    let _ = expand(stage, &mut value);
                }
            }
        }
        Err(e) => drop(e.to_string()),
    }
}

/// Every pipeline of a list, loops' and branches' included.
fn pipelines_of<'a>(list: &'a List, out: &mut Vec<&'a Pipeline>) {
    for ao in &list.items {
        for item in std::iter::once(&ao.first).chain(ao.rest.iter().map(|(_, i)| i)) {
            command_pipelines(&item.command, out);
        }
    }
}

fn command_pipelines<'a>(command: &'a Command, out: &mut Vec<&'a Pipeline>) {
    match command {
        Command::Pipeline(p) => out.push(p),
        Command::For { body, .. } => pipelines_of(body, out),
        Command::If { branches, otherwise } => {
            for (c, t) in branches {
                pipelines_of(c, out);
                pipelines_of(t, out);
            }
            if let Some(o) = otherwise {
                pipelines_of(o, out);
            }
        }
        Command::While { condition, body, .. } => {
            pipelines_of(condition, out);
            pipelines_of(body, out);
        }
        Command::Piped(segments) => {
            for c in segments {
                command_pipelines(c, out);
            }
        }
        Command::Group(list) | Command::Subshell(list) => pipelines_of(list, out),
        Command::Case { arms, .. } => {
            for (_, body) in arms {
                pipelines_of(body, out);
            }
        }
        Command::Function { body, .. } => command_pipelines(body, out),
        Command::ArithFor { body, .. } => pipelines_of(body, out),
        Command::Arith(_) => {}
    }
}

/// The regex engine in every dialect: a pattern, a NUL byte, then the text
/// to search. Matches lie inside the text on character boundaries, in
/// order, and `is_match` agrees with the first `find_at`.
pub fn regex(data: &[u8]) {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let (pattern, text) = input.split_once('\0').unwrap_or((input, "abc"));
    for syntax in [Syntax::Basic, Syntax::Extended, Syntax::Ecma, Syntax::Fixed] {
        for opts in [Options::default(), Options { ignore_case: true, whole_word: true, whole_line: false }, Options { whole_line: true, ..Options::default() }] {
            let Ok(re) = Regex::with_options(&[pattern], syntax, opts) else { continue };
            let first = re.find_at(text, 0);
            assert_eq!(re.is_match(text), first.is_some(), "{pattern:?} {syntax:?} on {text:?}");
            let mut at = 0;
            while let Some((s, e)) = re.find_at(text, at) {
                assert!(at <= s && s <= e && e <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(e), "{pattern:?} found {s}..{e} from {at} in {text:?}");
                at = if e > s { e } else { e + text[e..].chars().next().map_or(1, char::len_utf8) };
                if at > text.len() {
                    break;
                }
            }
        }
    }
}

/// Label and field selectors: parsing, and printing as a fixed point (what
/// a selector prints reads back as the same selector).
pub fn selectors(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Selector::parse(text) {
        Ok(s) => {
            let printed = s.to_string();
            match Selector::parse(&printed) {
                Ok(again) => assert_eq!(again.to_string(), printed, "label selector {text:?} does not print as a fixed point"),
                Err(e) => panic!("label selector {text:?} printed as {printed:?}, which does not parse: {e}"),
            }
            let labels = [("app".to_string(), text.to_string())].into_iter().collect();
            let _ = s.matches(&labels);
        }
        Err(e) => drop(e.to_string()),
    }
    match FieldSelector::parse(text) {
        Ok(s) => {
            // Upstream sorts the raw terms before parsing them, so `a==x,a=b`
            // prints as `a=x,a=b`, which reads back as `a=b,a=x`: the same
            // terms (ANDed, so the same selector), in another order. From
            // the printed form on, printing is a fixed point.
            let printed = s.to_string();
            match FieldSelector::parse(&printed) {
                Ok(again) => {
                    let sorted = |f: &FieldSelector| {
                        let mut t: Vec<String> = f.terms.iter().map(|t| format!("{t:?}")).collect();
                        t.sort();
                        t
                    };
                    assert_eq!(sorted(&again), sorted(&s), "field selector {text:?} printed as {printed:?} reads back as other terms");
                    let reprinted = again.to_string();
                    assert_eq!(FieldSelector::parse(&reprinted).map(|f| f.to_string()).ok(), Some(reprinted.clone()), "field selector {printed:?} does not print as a fixed point");
                }
                Err(e) => panic!("field selector {text:?} printed as {printed:?}, which does not parse: {e}"),
            }
        }
        Err(e) => drop(e.to_string()),
    }
}

/// Resource quantities: parsing, the canonical form reading back as the
/// same amount, and the integer views.
pub fn quantity(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Quantity::parse(text) {
        Ok(q) => {
            let printed = q.to_string();
            match Quantity::parse(&printed) {
                Ok(again) => assert_eq!(again, q, "quantity {text:?} printed as {printed:?} reads back as another amount"),
                Err(e) => panic!("quantity {text:?} printed as {printed:?}, which does not parse: {e}"),
            }
            let _ = (q.value(), q.milli_value(), q.as_approximate_f64(), q.sign());
            let mut sum = q.clone();
            sum += &q;
            sum -= &q;
            let _ = sum.to_string();
        }
        Err(e) => drop(e.to_string()),
    }
}

/// CronJob schedules: parsing, and the next run times of a schedule that
/// parses strictly increasing from a fixed start (the search for the next
/// match is bounded, so it returns rather than spins).
pub fn cron(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match kubeplay_model::cron::parse(text) {
        Ok(schedule) => {
            let mut t = kubeplay_model::time::EPOCH;
            for _ in 0..3 {
                match schedule.next(t) {
                    Some(next) => {
                        assert!(next > t, "schedule {text:?}: next run {next:?} is not after {t:?}");
                        t = next;
                    }
                    None => break,
                }
            }
        }
        Err(e) => drop(e.to_string()),
    }
}

/// Most command lines one playground input runs: each is bounded by the
/// playground's own caps, so this bounds one run.
pub const MAX_SCRIPT_LINES: usize = 8;

/// A whole playground session on a fresh default cluster: the input is a
/// script of terminal lines, then optionally a NUL byte and the standard
/// input every line gets (so `kubectl apply -f -` sees manifests).
pub fn playground(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (script, stdin) = match text.split_once('\0') {
        Some((s, i)) => (s, Some(i)),
        None => (text, None),
    };
    let mut pg = fresh_playground();
    // Lines grouped into commands as `kubeplay run` reads a script: a
    // command may go on over several lines (a trailing `\`, an open loop
    // or quote, a here-document), and the reader must say where it ends.
    let lines: Vec<&str> = script.lines().take(MAX_SCRIPT_LINES).collect();
    let mut rest = &lines[..];
    while !rest.is_empty() {
        let (taken, _) = kubeplay_kubectl::shell::read_command(rest);
        assert!((1..=rest.len()).contains(&taken), "a command of {taken} lines out of {}", rest.len());
        let joined = rest[..taken].join("\n");
        rest = &rest[taken..];
        let line = joined.as_str();
        let out = pg.run(line, stdin);
        // A failure always says something, but grep finding nothing (or
        // `grep -q`), `false` and `! CMD` fail in silence, as in a shell.
        assert!(!out.failed || !out.stderr.is_empty() || !out.stdout.is_empty() || may_fail_silently(line), "{line:?} failed silently");
    }
    let _ = pg.view();
    let _ = pg.steps(20);
}

fn may_fail_silently(line: &str) -> bool {
    let Ok(list) = parse_list(line) else { return false };
    if list.simple().is_none() {
        // Lists, loops and `!`: their status is some command's, and that
        // command may be one of these.
        return true;
    }
    let mut pipelines = Vec::new();
    pipelines_of(&list, &mut pipelines);
    pipelines.iter().any(|p| {
        // A program named by an expansion (`$i false`, with i unset, runs
        // false) may be any of them. bash's `shift` past the last argument
        // fails without a word unless `shift_verbose` is set.
        let program = p.stages.last().and_then(|s| s.first()).map(|w| w.literal());
        matches!(program, Some(None)) || matches!(program.flatten().as_deref(), Some("grep" | "egrep" | "fgrep" | "false" | "test" | "[" | "shift"))
    })
}

/// A copy of one default cluster built once per thread: building it is
/// most of a run's cost, and a copy is exactly as fresh.
fn fresh_playground() -> Playground {
    thread_local! {
        static TEMPLATE: Playground = Playground::new(1);
    }
    TEMPLATE.with(Playground::clone)
}

/// The share-link decoder: arbitrary text must decode or be refused with a
/// typed error, and whatever decodes re-encodes to a link that decodes to
/// the same session (links are canonical enough to round-trip).
pub fn share(data: &[u8]) {
    use kubeplay_playground::share;
    let Ok(text) = std::str::from_utf8(data) else { return };
    for input in [text.to_string(), format!("{}{text}", share::PREFIX_V1)] {
        match share::decode(&input) {
            Ok(s) => {
                // The JSON may be near the cap; re-encoding may then be too
                // long, which is a typed error too.
                if let Ok(again) = share::encode(&s) {
                    assert_eq!(share::decode(&again).as_ref(), Ok(&s), "a decoded link must round-trip");
                }
            }
            Err(e) => drop(e.to_string()),
        }
    }
}

/// Kustomize over a small tree: the input is the kustomization file, then
/// after a NUL a resource file it lists as `r.yaml`, then after another a
/// patch file `p.yaml`; a base holds a Deployment for `../base`.
pub fn kustomize(data: &[u8]) {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let mut parts = input.splitn(3, '\0');
    let (k, r, p) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let base_k = "resources: [d.yaml]\nconfigMapGenerator: [{name: c, literals: [a=b]}]\n";
    let base_d = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers: [{name: c, image: nginx, envFrom: [{configMapRef: {name: c}}]}]\n";
    let read = |name: &str| -> Option<String> {
        Some(match name {
            "app/kustomization.yaml" => k.to_string(),
            "app/r.yaml" => r.to_string(),
            "app/p.yaml" => p.to_string(),
            "base/kustomization.yaml" => base_k.to_string(),
            "base/d.yaml" => base_d.to_string(),
            "./" => "app/\nbase/".to_string(),
            "app/" => "kustomization.yaml\np.yaml\nr.yaml".to_string(),
            "base/" => "d.yaml\nkustomization.yaml".to_string(),
            _ => return None,
        })
    };
    let built = kubeplay_kubectl::kustomize::build("app", &read);
    if let Ok(objects) = built.result {
        // What kubectl kustomize prints reads back as the same objects.
        let text = kubeplay_kubectl::kustomize::render(&objects);
        let docs = kubeplay_codec::read_documents(&text, &kubeplay_codec::Limits::default());
        assert_eq!(docs.len(), objects.len(), "{text}");
    }
}
