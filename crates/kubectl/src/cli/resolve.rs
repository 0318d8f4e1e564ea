//! The resolver: finds the command as cobra does, parses its flags, and
//! turns flags and positionals into a typed [`Command`] with the checks
//! each kubectl command makes before contacting the server, in its order.

use super::command::*;
use super::flags::{self, FlagSpec, ParsedFlags};
use super::resources::{self, BuildInputs};
use super::spec::{path_of, CommandSpec, GLOBAL, KUBECTL};
use super::values;
use crate::error::ParseError;
use crate::print::output::{parse_output_with_template, Allowed, OutputFormat};
use kubeplay_model::Kind;

/// Parses the words after `kubectl`.
pub fn parse_kubectl(args: &[String]) -> Result<Invocation, ParseError> {
    let (chain, rest) = find(args);
    let Some(&spec) = chain.last() else { return Err(ParseError::Invalid("empty command".into())) };
    let path = path_of(&chain);
    if chain.len() == 1 {
        let words = strip_flags(&rest, &[GLOBAL]);
        if let Some(first) = words.first() {
            // kubectl's `alpha` is in cobra's tree, hidden while it has no
            // subcommands, as in v1.32, whose help says so (on stderr).
            if first == "alpha" {
                return Ok(invocation(Command::Help { path: "kubectl alpha".into() }, None, Vec::new(), None));
            }
            flag_before_plugin_name(args)?;
            if let Some(inv) = hidden_root_command(first, &words[1..]) {
                return Ok(inv);
            }
            return Err(ParseError::UnknownCommand { name: first.clone(), suggestions: suggestions(first) });
        }
        flags::parse(&rest, &[GLOBAL]).map_err(|kind| ParseError::Flag { path: path.clone(), kind })?;
        return Ok(invocation(Command::Help { path }, None, Vec::new(), None));
    }
    let tables: Vec<&'static [FlagSpec]> = spec.flags.iter().copied().chain([GLOBAL]).collect();
    let f = match flags::parse(&rest, &tables) {
        Ok(f) => f,
        // A command the playground lacks has no flag table, so its own
        // flags (`apply set-last-applied -f`) are not the user's mistake.
        Err(_) if !spec.supported => return Err(ParseError::Unsupported { path }),
        Err(kind) => return Err(ParseError::Flag { path, kind }),
    };
    let namespace = f.opt_str("namespace");
    if f.help {
        return Ok(invocation(Command::Help { path }, namespace, f.warnings, None));
    }
    // The playground's terminal has no executables on a PATH, so no
    // plugins: what `plugin list` prints on a machine without any.
    if path == "kubectl plugin" && f.positionals.first().map(String::as_str) == Some("list") {
        return Err(ParseError::Invalid("unable to find any kubectl plugins in your PATH".into()));
    }
    if !spec.supported {
        return Err(ParseError::Unsupported { path });
    }
    if spec.group {
        if !f.positionals.is_empty() {
            return Err(ParseError::UnknownSubcommand { path, args: f.positionals.join(" ") });
        }
        return Ok(invocation(Command::Help { path }, namespace, f.warnings, None));
    }
    check_required(&path, &f)?;
    let change_cause = (f.bool("record")).then(|| change_cause(args, &tables));
    let mut ctx = Ctx { path: path.clone(), args: f.positionals.clone(), warnings: f.warnings.clone(), f };
    if let Some(note) = verbosity_note(ctx.f.int("v")) {
        ctx.warnings.push(note);
    }
    let command = dispatch(&mut ctx)?;
    let context = ctx.f.opt_str("context");
    let impersonate = impersonation(&ctx.f);
    let kustomize = ctx.f.opt_str("kustomize");
    let user = ctx.f.opt_str("user").filter(|u| !u.is_empty());
    let kubeconfig = ctx.f.opt_str("kubeconfig").filter(|k| !k.is_empty());
    Ok(Invocation { context, impersonate, kustomize, user, kubeconfig, ..invocation(command, namespace, ctx.warnings, change_cause) })
}

/// kubectl's `NewDefaultKubectlCommandWithArgs`: when cobra finds no
/// command, the words may name a plugin, unless the first is a flag
/// (`kubectl -A get pods`) or the first word is cobra's own `help`.
fn flag_before_plugin_name(args: &[String]) -> Result<(), ParseError> {
    let first_word = args.iter().find(|a| !a.starts_with('-')).map(String::as_str);
    if matches!(first_word, Some("help" | "__complete" | "__completeNoDesc")) {
        return Ok(());
    }
    match args.first() {
        Some(flag) if flag.starts_with('-') => Err(ParseError::FlagBeforePluginName(flag.clone())),
        _ => Ok(()),
    }
}

/// cobra's `help` command, not in the tree until cobra runs (`kubectl
/// help [COMMAND]...`, an unknown topic named on stderr before the root
/// help, exit 0).
fn hidden_root_command(first: &str, topic: &[String]) -> Option<Invocation> {
    let help = |path: String, warnings: Vec<String>| invocation(Command::Help { path }, None, warnings, None);
    match first {
        "help" if topic.first().map(String::as_str) == Some("alpha") => Some(help("kubectl alpha".into(), Vec::new())),
        "help" => {
            let (chain, _) = find(topic);
            if chain.len() == 1 && !topic.is_empty() {
                let quoted: Vec<String> = topic.iter().map(|t| format!("`{t}`")).collect();
                return Some(help("kubectl".into(), vec![format!("Unknown help topic [{}]", quoted.join(" "))]));
            }
            Some(help(path_of(&chain), Vec::new()))
        }
        _ => None,
    }
}

/// `-v=N` from 6 up makes kubectl log every HTTP request it sends (6: the
/// URLs, 7: headers, 8 and 9: bodies); the simulated API server is called,
/// not dialled, so there is no such log to show.
fn verbosity_note(level: i64) -> Option<String> {
    (level >= 6).then(|| format!("(playground) -v={level}: kubectl would log here each HTTP request it sends; the simulated cluster is reached without HTTP, so there are none to show"))
}

/// `--as`, `--as-group` and `--as-uid`, when any is given non-empty.
fn impersonation(f: &ParsedFlags) -> Option<kubeplay_apiserver::authz::Impersonation> {
    let user = f.str("as").to_string();
    let groups = f.list("as-group").to_vec();
    let uid = f.str("as-uid").to_string();
    (!user.is_empty() || !groups.is_empty() || !uid.is_empty()).then_some(kubeplay_apiserver::authz::Impersonation { user, groups, uid })
}

fn invocation(command: Command, namespace: Option<String>, warnings: Vec<String>, change_cause: Option<String>) -> Invocation {
    Invocation { command, namespace, context: None, context_namespace: None, warnings, change_cause, impersonate: None, kustomize: None, user: None, kubeconfig: None, authenticated: None }
}

/// Marks `-k`'s directory among the `-f` sources the commands read (no
/// path holds a NUL), so every command taking `-f` builds it in its place.
pub const KUSTOMIZE: &str = "\0kustomize:";

/// Marks a `-f` path given with `-R`: a directory's subdirectories are
/// walked too.
pub const RECURSIVE: &str = "\0recursive:";

fn dispatch(c: &mut Ctx) -> Result<Command, ParseError> {
    let sub = c.path.strip_prefix("kubectl ").unwrap_or("").to_string();
    match sub.as_str() {
        "get" => get(c),
        "describe" => describe(c),
        "apply" => apply(c),
        "diff" => diff(c),
        "apply view-last-applied" => view_last_applied(c),
        "apply set-last-applied" => set_last_applied(c),
        "create" => super::resolve_create::create_from_files(c),
        "create deployment" | "create service clusterip" | "create service nodeport" | "create service loadbalancer" | "create service externalname" | "create job" | "create cronjob"
        | "create namespace" | "create serviceaccount" | "create configmap" | "create secret generic" | "create poddisruptionbudget" | "create priorityclass"
        | "create quota" | "create secret docker-registry" | "create secret tls" | "create ingress" | "create role" | "create clusterrole" | "create rolebinding" | "create clusterrolebinding" => {
            super::resolve_create::create_generator(c, &sub)
        }
        "run" => super::resolve_create::run(c),
        "expose" => super::resolve_create::expose(c),
        "delete" => delete(c),
        "edit" => edit(c, false),
        "apply edit-last-applied" => edit(c, true),
        "patch" => patch(c),
        "replace" => replace(c),
        "scale" => scale(c),
        "autoscale" => autoscale(c),
        "set image" => set_image(c),
        "set resources" => set_resources(c),
        "set env" => set_env(c),
        "set serviceaccount" => set_service_account(c),
        "set selector" => set_selector(c),
        "set subject" => set_subject(c),
        "label" => meta_update(c, true),
        "annotate" => meta_update(c, false),
        "taint" => super::resolve_nodes::taint(c),
        "cordon" => super::resolve_nodes::cordon(c).map(Command::Cordon),
        "uncordon" => super::resolve_nodes::cordon(c).map(Command::Uncordon),
        "drain" => super::resolve_nodes::drain(c),
        "certificate approve" | "certificate deny" => super::resolve_nodes::certificate(c, sub == "certificate approve"),
        "rollout history" | "rollout pause" | "rollout restart" | "rollout resume" | "rollout status" | "rollout undo" => rollout(c, &sub["rollout ".len()..]),
        "logs" => logs(c),
        "exec" => exec(c),
        "attach" => super::resolve_attach::attach(c),
        "cp" => super::resolve_attach::cp(c),
        "port-forward" => super::resolve_portforward::port_forward(c),
        "proxy" => super::resolve_portforward::proxy(c),
        "debug" => super::resolve_debug::debug(c),
        "top node" | "top pod" => top(c, sub == "top node"),
        "wait" => wait(c),
        "explain" => explain(c),
        "api-resources" => api_resources(c),
        "api-versions" if !c.args.is_empty() => Err(c.usage(format!("unexpected arguments: [{}]", c.args.join(" ")))),
        "api-versions" => Ok(Command::ApiVersions),
        // The global flags are help too: printed from the same table.
        "options" => Ok(Command::Help { path: c.path.clone() }),
        "events" => events(c),
        "config current-context" | "config get-contexts" | "config get-clusters" | "config get-users" | "config use-context" | "config set-context" | "config delete-context"
        | "config rename-context" | "config view" | "config set-cluster" | "config set-credentials" | "config delete-cluster" | "config delete-user" | "config set"
        | "config unset" => config(c, &sub["config ".len()..]),
        "version" => version(c),
        "kustomize" => kustomize(c),
        "cluster-info" => Ok(Command::ClusterInfo),
        "cluster-info dump" => cluster_info_dump(c),
        "auth can-i" => Ok(Command::CanI(CanI {
            args: c.args.clone(),
            all_namespaces: c.f.bool("all-namespaces"),
            quiet: c.f.bool("quiet"),
            list: c.f.bool("list"),
            no_headers: c.f.bool("no-headers"),
            subresource: c.f.str("subresource").to_string(),
        })),
        "auth whoami" => Ok(Command::Whoami { output: c.output(Allowed::Objects)? }),
        "create token" => create_token(c),
        "auth reconcile" => auth_reconcile(c),
        _ => Err(ParseError::Unsupported { path: c.path.clone() }),
    }
}

/// `auth reconcile`: Complete's checks, in its order.
fn auth_reconcile(c: &mut Ctx) -> Result<Command, ParseError> {
    c.no_kustomize()?;
    let files = c.files();
    if files.is_empty() {
        return Err(ParseError::Invalid("must specify one of -f and -k".into()));
    }
    if !c.args.is_empty() {
        return Err(ParseError::Invalid("no arguments are allowed".into()));
    }
    let write = c.write()?;
    if write.dry_run == DryRun::Server {
        return Err(ParseError::Invalid("--dry-run=server for command reconcile is not supported yet".into()));
    }
    Ok(Command::AuthReconcile(AuthReconcile { files, remove_extra_permissions: c.f.bool("remove-extra-permissions"), remove_extra_subjects: c.f.bool("remove-extra-subjects"), write }))
}

/// `create token`: `NameFromCommandArgs`, then the options' `Validate`.
fn create_token(c: &mut Ctx) -> Result<Command, ParseError> {
    let name = match c.args.as_slice() {
        [] => return Err(c.usage("NAME is required")),
        [name] => name.clone(),
        more => return Err(c.usage(format!("exactly one NAME is required, got {}", more.len()))),
    };
    let output = c.output(Allowed::Objects)?;
    let duration_ms = c.f.millis("duration");
    let (bound_kind, bound_name, bound_uid) = (c.f.str("bound-object-kind").to_string(), c.f.str("bound-object-name").to_string(), c.f.str("bound-object-uid").to_string());
    let audiences = c.f.list("audience").to_vec();
    let invalid = |m: &str| Err(ParseError::Invalid(m.to_string()));
    if duration_ms < 0 {
        return invalid("--duration must be greater than or equal to 0");
    }
    if duration_ms % 1000 != 0 {
        return invalid("--duration cannot be expressed in units less than seconds");
    }
    if audiences.iter().any(String::is_empty) {
        return invalid("--audience must not be an empty string");
    }
    if bound_kind.is_empty() {
        if !bound_name.is_empty() {
            return invalid("--bound-object-name can only be set if --bound-object-kind is provided");
        }
        if !bound_uid.is_empty() {
            return invalid("--bound-object-uid can only be set if --bound-object-kind is provided");
        }
    } else {
        if !matches!(bound_kind.as_str(), "Pod" | "Secret") {
            return invalid("supported --bound-object-kind values are Pod, Secret");
        }
        if bound_name.is_empty() {
            return invalid("--bound-object-name is required if --bound-object-kind is provided");
        }
    }
    Ok(Command::CreateToken(CreateToken { name, audiences, duration_ms, bound_kind, bound_name, bound_uid, output }))
}

// ---- finding the command (cobra's Find) ----

fn flag_takes_value(tables: &[&'static [FlagSpec]], long: Option<&str>, short: Option<char>) -> bool {
    let spec = tables.iter().flat_map(|t| t.iter()).find(|f| match (long, short) {
        (Some(n), _) => f.name == n.replace('_', "-"),
        (_, Some(c)) => f.short == Some(c),
        _ => false,
    });
    // Unknown flags are assumed to take a value, as cobra assumes.
    spec.is_none_or(|f| f.no_opt.is_none())
}

/// cobra's `stripFlags`: the non-flag words, skipping flag values.
fn strip_flags(args: &[String], tables: &[&'static [FlagSpec]]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let s = &args[i];
        i += 1;
        if s == "--" {
            break;
        }
        let long_with_value = s.starts_with("--") && !s.contains('=') && flag_takes_value(tables, Some(&s[2..]), None);
        let short_with_value = !s.starts_with("--") && s.starts_with('-') && !s.contains('=') && s.chars().count() == 2 && flag_takes_value(tables, None, s.chars().nth(1));
        if long_with_value || short_with_value {
            if args.len() - i <= 1 {
                break;
            }
            i += 1;
        } else if !s.is_empty() && !s.starts_with('-') {
            out.push(s.clone());
        }
    }
    out
}

/// cobra's `argsMinusFirstX`: removes the first non-flag occurrence of `x`.
fn args_minus_first(args: &[String], x: &str, tables: &[&'static [FlagSpec]]) -> Vec<String> {
    let mut pos = 0;
    while pos < args.len() {
        let s = &args[pos];
        if s == "--" {
            break;
        }
        let is_flag = (s.len() >= 3 && s.starts_with("--")) || (s.len() >= 2 && s.starts_with('-') && !s.starts_with("--"));
        if is_flag && !s.contains('=') {
            let takes = if let Some(l) = s.strip_prefix("--") { flag_takes_value(tables, Some(l), None) } else { s.chars().count() == 2 && flag_takes_value(tables, None, s.chars().nth(1)) };
            if takes {
                pos += 2;
                continue;
            }
        }
        if !is_flag && s == x {
            let mut v = args.to_vec();
            v.remove(pos);
            return v;
        }
        pos += 1;
    }
    args.to_vec()
}

fn find(args: &[String]) -> (Vec<&'static CommandSpec>, Vec<String>) {
    let mut chain: Vec<&'static CommandSpec> = vec![&KUBECTL];
    let mut rest = args.to_vec();
    while let Some(&cur) = chain.last() {
        let tables: Vec<&'static [FlagSpec]> = cur.flags.iter().copied().chain([GLOBAL]).collect();
        let words = strip_flags(&rest, &tables);
        let Some(next) = words.first().and_then(|w| cur.find(w).map(|c| (w.clone(), c))) else { break };
        rest = args_minus_first(&rest, &next.0, &tables);
        chain.push(next.1);
    }
    (chain, rest)
}

/// The root commands in the order kubectl's `NewKubectlCommand` adds them
/// (its help groups, then the ungrouped ones; cobra adds `help` last).
/// kubectl turns cobra's command sorting off, so this is the order
/// `SuggestionsFor` offers them in.
const ADD_ORDER: &[&str] = &[
    "create", "expose", "run", "set", "explain", "get", "edit", "delete", "rollout", "scale", "autoscale", "certificate",
    "cluster-info", "top", "cordon", "uncordon", "drain", "taint", "describe", "logs", "attach", "exec", "port-forward",
    "proxy", "cp", "auth", "debug", "events", "diff", "apply", "patch", "replace", "wait", "kustomize", "label", "annotate",
    "completion", "alpha", "config", "plugin", "version", "api-versions", "api-resources", "options", "help",
];

/// cobra's `SuggestionsFor` over the root commands.
fn suggestions(typed: &str) -> Vec<String> {
    let lower = typed.to_ascii_lowercase();
    // `alpha` has no subcommands in v1.32, so cobra does not offer it.
    let served = |n: &str| n == "help" || (n != "alpha" && KUBECTL.subcommands.iter().any(|c| c.name == n));
    ADD_ORDER.iter().filter(|n| served(n) && (levenshtein(&lower, n) <= 2 || n.starts_with(&lower))).map(|n| n.to_string()).collect()
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

fn check_required(path: &str, f: &ParsedFlags) -> Result<(), ParseError> {
    let required: &[&str] = match path {
        "kubectl create deployment" | "kubectl run" => &["image"],
        "kubectl create cronjob" => &["image", "schedule"],
        "kubectl create service externalname" => &["external-name"],
        "kubectl create clusterrolebinding" => &["clusterrole"],
        "kubectl scale" => &["replicas"],
        "kubectl autoscale" => &["max"],
        _ => &[],
    };
    let missing: Vec<String> = required.iter().filter(|n| !f.changed(n)).map(|n| n.to_string()).collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(ParseError::RequiredFlags { names: missing })
    }
}

/// The `kubernetes.io/change-cause` kubectl's `--record` writes: the
/// command's words, then every flag given as ` --name=value`.
fn change_cause(all_args: &[String], tables: &[&'static [FlagSpec]]) -> String {
    let Ok(f) = flags::parse(all_args, tables) else { return String::new() };
    let mut s = String::from("kubectl");
    if !f.positionals.is_empty() {
        s.push(' ');
        s.push_str(&f.positionals.join(" "));
    }
    for (name, value) in &f.occurrences {
        s.push_str(&format!(" --{name}={value}"));
    }
    s
}

// ---- shared helpers ----

/// One command's parsed flags and positionals, with helpers for the
/// checks many commands share.
pub(super) struct Ctx {
    pub path: String,
    pub f: ParsedFlags,
    pub args: Vec<String>,
    pub warnings: Vec<String>,
}

impl Ctx {
    pub fn usage(&self, msg: impl Into<String>) -> ParseError {
        ParseError::Usage { path: self.path.clone(), message: msg.into() }
    }
    pub fn dry_run(&mut self) -> Result<DryRun, ParseError> {
        let (d, w) = values::dry_run(self.f.str("dry-run")).map_err(ParseError::Invalid)?;
        self.warnings.extend(w);
        Ok(d)
    }
    /// `-o` (with `--template`), or None when neither is given.
    pub fn output(&self, allowed: Allowed) -> Result<Option<OutputFormat>, ParseError> {
        let mut out = parse_output_with_template(self.f.str("output"), self.f.str("template"), allowed)?;
        if let Some(OutputFormat::GoTemplate { allow_missing, .. } | OutputFormat::JsonPath { allow_missing, .. } | OutputFormat::JsonPathAsJson { allow_missing, .. }) = &mut out {
            *allow_missing = !self.f.changed("allow-missing-template-keys") || self.f.bool("allow-missing-template-keys");
        }
        Ok(out)
    }
    pub fn write(&mut self) -> Result<WriteOptions, ParseError> {
        let validate = match self.f.changed("validate") {
            true => values::validate_option(self.f.str("validate")).map_err(ParseError::Invalid)?,
            false => FieldValidation::default(),
        };
        let dry_run = self.dry_run()?;
        Ok(WriteOptions {
            dry_run,
            output: self.output(Allowed::Objects)?,
            field_manager: self.f.str("field-manager").to_string(),
            save_config: self.f.bool("save-config"),
            validate,
        })
    }
    /// `FilenameOptions.validate`: `-k` stands alone.
    pub fn no_kustomize(&self) -> Result<(), ParseError> {
        if self.f.str("kustomize").is_empty() {
            return Ok(());
        }
        if !self.f.list("filename").is_empty() {
            return Err(ParseError::Invalid("only one of -f or -k can be specified".into()));
        }
        if self.f.bool("recursive") {
            return Err(ParseError::Invalid("the -k flag can't be used with -f or -R".into()));
        }
        Ok(())
    }
    /// `-f`'s files (marked for `-R`, see [`RECURSIVE`]), or `-k`'s
    /// directory marked as one (see [`KUSTOMIZE`]).
    pub fn files(&self) -> Vec<String> {
        match self.f.opt_str("kustomize") {
            Some(dir) => vec![format!("{KUSTOMIZE}{dir}")],
            None if self.f.bool("recursive") => self.f.list("filename").iter().map(|f| if f == "-" { f.clone() } else { format!("{RECURSIVE}{f}") }).collect(),
            None => self.f.list("filename").to_vec(),
        }
    }
    pub fn selector(&self) -> Option<String> {
        self.f.opt_str("selector")
    }
    /// The resource builder over `args` with this command's flags.
    pub fn targets(&self, args: &[String], allow_empty_selector: bool) -> Result<Targets, ParseError> {
        let field_selector = self.f.opt_str("field-selector");
        self.build(args, field_selector, self.f.bool("all"), allow_empty_selector, self.f.bool("all-namespaces"))
    }
    /// The builder of the `set` commands: their `--all` is
    /// `ResourceTypeOrNameArgs`'s allowEmptySelector, not SelectAllParam,
    /// so a selector with named objects is the builder's later complaint.
    pub fn set_targets(&self, args: &[String]) -> Result<Targets, ParseError> {
        self.build(args, None, false, self.f.bool("all"), false)
    }
    fn build(&self, args: &[String], field_selector: Option<String>, select_all: bool, allow_empty_selector: bool, all_namespaces: bool) -> Result<Targets, ParseError> {
        self.no_kustomize()?;
        let files = self.files();
        resources::build(
            args,
            &BuildInputs {
                files: &files,
                recursive: self.f.bool("recursive"),
                selector: self.selector(),
                field_selector,
                select_all,
                allow_empty_selector,
                all_namespaces,
                selector_after_all: false,
            },
        )
    }
    /// `--grace-period`, where -1 means "the object's default".
    pub fn grace_period(&self) -> Option<i64> {
        Some(self.f.int("grace-period")).filter(|g| *g >= 0)
    }
}

// ---- commands ----

fn get(c: &mut Ctx) -> Result<Command, ParseError> {
    let raw = c.f.str("raw").to_string();
    if !raw.is_empty() {
        // Complete's check, then Validate's, in get.go's order.
        if !c.args.is_empty() {
            return Err(ParseError::Invalid("arguments may not be passed when --raw is specified".into()));
        }
        if c.f.bool("watch") || c.f.bool("watch-only") || c.f.opt_str("selector").is_some() {
            return Err(ParseError::Invalid("--raw may not be specified with other flags that filter the server request or alter the output".into()));
        }
        if !c.f.str("output").is_empty() {
            return Err(ParseError::Invalid("--raw and --output are mutually exclusive".into()));
        }
        if !raw.starts_with('/') {
            return Err(ParseError::Invalid(format!("--raw must be a valid URL path: parse {}: invalid URI for request", crate::gofmt::quote(&raw))));
        }
        return Ok(Command::GetRaw(raw));
    }
    if c.args.is_empty() && c.files().is_empty() && !c.f.bool("watch") && !c.f.bool("watch-only") {
        return Err(ParseError::GetNeedsResource);
    }
    let out = c.f.str("output").to_string();
    if c.f.bool("show-labels") && !out.is_empty() && out != "wide" {
        return Err(ParseError::Invalid(format!("--show-labels option cannot be used with {out} printer")));
    }
    if c.f.bool("output-watch-events") && !(c.f.bool("watch") || c.f.bool("watch-only")) {
        return Err(c.usage("--output-watch-events option can only be used with --watch or --watch-only"));
    }
    let subresource = subresource(c)?;
    let targets = c.targets(&c.args.clone(), true)?;
    Ok(Command::Get(Get {
        targets,
        all_namespaces: c.f.bool("all-namespaces"),
        output: c.output(Allowed::Get)?.unwrap_or(OutputFormat::Default),
        no_headers: c.f.bool("no-headers"),
        show_labels: c.f.bool("show-labels"),
        label_columns: c.f.list("label-columns").to_vec(),
        show_kind: c.f.bool("show-kind"),
        sort_by: c.f.opt_str("sort-by"),
        ignore_not_found: c.f.bool("ignore-not-found"),
        watch: c.f.bool("watch"),
        watch_only: c.f.bool("watch-only"),
        subresource,
        watch_events: c.f.bool("output-watch-events"),
        server_print: c.f.bool("server-print"),
    }))
}

fn describe(c: &mut Ctx) -> Result<Command, ParseError> {
    if c.args.is_empty() && c.files().is_empty() {
        return Err(ParseError::Invalid("You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.".into()));
    }
    let targets = c.targets(&c.args.clone(), true)?;
    Ok(Command::Describe(Describe { targets, all_namespaces: c.f.bool("all-namespaces"), show_events: c.f.bool("show-events") }))
}

fn apply(c: &mut Ctx) -> Result<Command, ParseError> {
    if !c.args.is_empty() {
        return Err(c.usage(format!("Unexpected args: [{}]", c.args.join(" "))));
    }
    c.no_kustomize()?;
    if c.files().is_empty() {
        return Err(ParseError::Invalid("must specify one of -f and -k".into()));
    }
    let write = c.write()?;
    let prune = c.f.bool("prune");
    if let Some(e) = apply_flag_conflict(c, &write, prune) {
        return Err(ParseError::Invalid(e.into()));
    }
    if !c.f.str("subresource").is_empty() && !c.f.bool("server-side") {
        return Err(ParseError::Invalid("--subresource can only be specified for --server-side".into()));
    }
    if c.f.bool("server-side") {
        return Err(ParseError::Invalid(
            "(playground) kubectl apply --server-side is not supported: the playground keeps no field managers; kubectl apply without it applies the same manifest".into(),
        ));
    }
    Ok(Command::Apply(Apply {
        files: c.files(),
        recursive: c.f.bool("recursive"),
        selector: c.selector(),
        server_side: c.f.bool("server-side"),
        force: c.f.bool("force"),
        prune,
        all: c.f.bool("all"),
        write,
    }))
}

/// apply.go's Validate, in its order (without the alpha --applyset).
fn apply_flag_conflict(c: &Ctx, write: &WriteOptions, prune: bool) -> Option<&'static str> {
    let server_side = c.f.bool("server-side");
    let force = c.f.bool("force");
    let all = c.f.bool("all");
    let selector = c.selector().is_some_and(|s| !s.is_empty());
    if c.f.bool("force-conflicts") && !server_side {
        return Some("--force-conflicts only works with --server-side");
    }
    if write.dry_run == DryRun::Client && server_side {
        return Some("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)");
    }
    if server_side && force {
        return Some("--force cannot be used with --server-side");
    }
    if write.dry_run == DryRun::Server && force {
        return Some("--dry-run=server cannot be used with --force");
    }
    if all && selector {
        return Some("cannot set --all and --selector at the same time");
    }
    if !prune {
        return None;
    }
    if force {
        return Some("--force cannot be used with --prune");
    }
    if !all && !selector {
        return Some("all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector");
    }
    server_side.then_some("--prune is in alpha and doesn't currently work on objects created by server-side apply")
}

/// kubectl hands the builder `-n`'s enforcement flag as its allow-empty
/// selector argument, so with `-n` a lone type selects everything; and it
/// sets `--all` before `-l`.
fn view_last_applied(c: &mut Ctx) -> Result<Command, ParseError> {
    c.no_kustomize()?;
    let files = c.files();
    let inputs = BuildInputs {
        files: &files,
        recursive: c.f.bool("recursive"),
        selector: c.selector(),
        select_all: c.f.bool("all"),
        allow_empty_selector: c.f.opt_str("namespace").is_some(),
        selector_after_all: true,
        ..Default::default()
    };
    let targets = resources::build(&c.args, &inputs)?;
    let output = match c.f.str("output") {
        "yaml" => LastAppliedFormat::Yaml,
        "json" => LastAppliedFormat::Json,
        other => LastAppliedFormat::Unexpected(other.to_string()),
    };
    Ok(Command::ViewLastApplied(ViewLastApplied { targets, output }))
}

/// Arguments are ignored, as the builder is given only the files.
fn set_last_applied(c: &mut Ctx) -> Result<Command, ParseError> {
    let files = c.f.list("filename").to_vec();
    let write = WriteOptions { dry_run: c.dry_run()?, output: c.output(Allowed::Objects)?, ..WriteOptions::default() };
    if files.is_empty() {
        return Err(ParseError::NoResources);
    }
    Ok(Command::SetLastApplied(SetLastApplied { files, create_annotation: c.f.bool("create-annotation"), write }))
}

fn diff(c: &mut Ctx) -> Result<Command, ParseError> {
    if !c.args.is_empty() {
        return Err(c.usage(format!("Unexpected args: [{}]", c.args.join(" "))));
    }
    c.no_kustomize()?;
    if c.files().is_empty() {
        return Err(ParseError::Invalid("must specify one of -f and -k".into()));
    }
    for flag in ["server-side", "prune"] {
        if c.f.bool(flag) {
            return Err(ParseError::Invalid(format!("(playground) kubectl diff --{flag} is not supported; kubectl diff without it shows what kubectl apply would change")));
        }
    }
    Ok(Command::Diff(Diff { files: c.files(), selector: c.selector() }))
}

fn delete(c: &mut Ctx) -> Result<Command, ParseError> {
    let (cascade, warning) = values::cascade(c.f.str("cascade")).map_err(ParseError::Invalid)?;
    c.warnings.extend(warning);
    let selecting = c.f.bool("all") || c.selector().is_some() || c.f.opt_str("field-selector").is_some();
    let ignore_not_found = if c.f.changed("ignore-not-found") { c.f.bool("ignore-not-found") } else { selecting };
    let force = c.f.bool("force");
    let mut grace = c.f.int("grace-period");
    if c.f.bool("now") {
        if grace != -1 {
            return Err(ParseError::Invalid("--now and --grace-period cannot be specified together".into()));
        }
        grace = 1;
    }
    if grace == 0 && !force {
        grace = 1;
    }
    if force && grace < 0 {
        grace = 0;
    }
    let dry_run = c.dry_run()?;
    let out = c.f.str("output");
    if !out.is_empty() && out != "name" {
        return Err(ParseError::Invalid(format!("unexpected -o output mode: {out}. We only support '-o name'")));
    }
    let targets = c.targets(&c.args.clone(), false)?;
    if c.f.bool("all") && c.selector().is_some() {
        return Err(ParseError::Invalid("cannot set --all and --selector at the same time".into()));
    }
    if grace == 0 && force {
        c.warnings.push("Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.".into());
    } else if grace > 0 && force {
        return Err(ParseError::Invalid("--force and --grace-period greater than 0 cannot be specified together".into()));
    }
    Ok(Command::Delete(Delete {
        targets,
        all_namespaces: c.f.bool("all-namespaces"),
        cascade,
        grace_period: Some(grace).filter(|g| *g >= 0),
        force,
        wait: c.f.bool("wait"),
        timeout_ms: c.f.millis("timeout"),
        ignore_not_found,
        dry_run,
        output_name: out == "name",
        interactive: c.f.bool("interactive"),
    }))
}

/// `kubectl edit` and `apply edit-last-applied` (`last_applied`):
/// Complete's checks (the builder's targets) before Validate's
/// (edit supports only the status subresource).
fn edit(c: &mut Ctx, last_applied: bool) -> Result<Command, ParseError> {
    let output = c.output(Allowed::Objects)?;
    let validate = match c.f.changed("validate") {
        true => values::validate_option(c.f.str("validate")).map_err(ParseError::Invalid)?,
        false => FieldValidation::default(),
    };
    let output_patch = !last_applied && c.f.bool("output-patch");
    // `ResourceTypeOrNameArgs(true, …)`: a bare type edits all of its objects.
    let targets = c.targets(&c.args.clone(), true)?;
    let subresource = match (last_applied, c.f.str("subresource")) {
        (true, _) | (false, "") => None,
        (false, "status") => Some(Subresource::Status),
        (false, other) => return Err(ParseError::Invalid(format!("invalid subresource value: {}. Must be one of [status]", crate::gofmt::quote(other)))),
    };
    Ok(Command::Edit(Edit {
        targets,
        output,
        output_flag: c.f.str("output").to_string(),
        output_patch,
        save_config: !last_applied && c.f.bool("save-config"),
        subresource,
        field_manager: c.f.str("field-manager").to_string(),
        validate,
        windows_line_endings: c.f.bool("windows-line-endings"),
        last_applied,
    }))
}

fn patch(c: &mut Ctx) -> Result<Command, ParseError> {
    let type_ = match c.f.str("type").to_ascii_lowercase().as_str() {
        "json" => PatchType::Json,
        "merge" => PatchType::Merge,
        "strategic" => PatchType::Strategic,
        _ => return Err(ParseError::Invalid(format!("--type must be one of [json merge strategic], not {}", crate::gofmt::quote(c.f.str("type"))))),
    };
    let write = c.write()?;
    let targets = c.targets(&c.args.clone(), false)?;
    let (p, pf) = (c.f.opt_str("patch"), c.f.opt_str("patch-file"));
    match (&p, &pf) {
        (None, None) => return Err(ParseError::Invalid("must specify --patch or --patch-file containing the contents of the patch".into())),
        (Some(_), Some(_)) => return Err(ParseError::Invalid("cannot specify --patch and --patch-file together".into())),
        _ => {}
    }
    let subresource = subresource(c)?;
    Ok(Command::Patch(Patch { targets, patch: p, patch_file: pf, type_, local: c.f.bool("local"), subresource, write }))
}

/// `--subresource`, checked as the Validate of get, patch, edit and
/// replace check it.
fn subresource(c: &Ctx) -> Result<Option<Subresource>, ParseError> {
    match c.f.str("subresource") {
        "" => Ok(None),
        "status" => Ok(Some(Subresource::Status)),
        "scale" => Ok(Some(Subresource::Scale)),
        other => Err(ParseError::Invalid(format!("invalid subresource value: {}. Must be one of [status scale]", crate::gofmt::quote(other)))),
    }
}

/// `kubectl replace`: Complete's checks (validation, dry-run, printer,
/// delete flags, then the files) before Validate's (the deletion flags
/// only `--force` uses, then `--raw`).
fn replace(c: &mut Ctx) -> Result<Command, ParseError> {
    let write = c.write()?;
    let (cascade, warning) = values::cascade(c.f.str("cascade")).map_err(ParseError::Invalid)?;
    c.warnings.extend(warning);
    c.no_kustomize()?;
    let files = c.files();
    if files.is_empty() {
        return Err(ParseError::Invalid("must specify one of -f and -k".into()));
    }
    let force = c.f.bool("force");
    // A period of 0 is sent as 1 (and waited out), so replace never
    // force-deletes.
    let refusal = if c.f.int("grace-period") >= 0 && !force {
        Some("--grace-period must have --force specified")
    } else if c.f.millis("timeout") != 0 && !force {
        Some("--timeout must have --force specified")
    } else if force && write.dry_run != DryRun::None {
        Some("--dry-run can not be used when --force is set")
    } else {
        None
    };
    if let Some(r) = refusal {
        return Err(ParseError::Invalid(r.into()));
    }
    let raw = c.f.str("raw");
    if !raw.is_empty() {
        let refusal = if files.len() != 1 {
            "--raw can only use a single local file or stdin".to_string()
        } else if files[0].starts_with("http://") || files[0].starts_with("https://") {
            "--raw cannot read from a url".to_string()
        } else if c.f.bool("recursive") {
            "--raw and --recursive are mutually exclusive".to_string()
        } else if !c.f.str("output").is_empty() {
            "--raw and --output are mutually exclusive".to_string()
        } else if !raw.starts_with('/') {
            format!("--raw must be a valid URL path: parse {}: invalid URI for request", crate::gofmt::quote(raw))
        } else {
            "(playground) --raw is not supported".to_string()
        };
        return Err(ParseError::Invalid(refusal));
    }
    if subresource(c)?.is_some() {
        return Err(ParseError::Invalid("(playground) kubectl replace --subresource is not supported: kubectl patch --subresource writes the status or scale subresource".into()));
    }
    Ok(Command::Replace(Replace { files, recursive: c.f.bool("recursive"), force, cascade, grace_period: c.grace_period().map(|g| g.max(1)), write }))
}

fn scale(c: &mut Ctx) -> Result<Command, ParseError> {
    let replicas = c.f.int("replicas");
    if replicas < 0 {
        return Err(ParseError::Invalid("The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0".into()));
    }
    if c.f.int("current-replicas") < -1 {
        return Err(ParseError::Invalid("The --current-replicas must specify an integer of -1 or greater".into()));
    }
    let write = c.write()?;
    // scale's `--all` is ResourceTypeOrNameArgs' allowEmptySelector, as
    // the `set` commands' is: a selector narrows it, a name ignores it.
    let targets = c.set_targets(&c.args.clone())?;
    Ok(Command::Scale(Scale {
        targets,
        replicas,
        current_replicas: Some(c.f.int("current-replicas")).filter(|v| *v >= 0),
        resource_version: c.f.opt_str("resource-version"),
        timeout_ms: c.f.millis("timeout"),
        write,
    }))
}

fn autoscale(c: &mut Ctx) -> Result<Command, ParseError> {
    let (max, min) = (c.f.int("max"), c.f.int("min"));
    let write = c.write()?;
    let targets = c.targets(&c.args.clone(), false)?;
    if max < 1 {
        return Err(ParseError::Invalid(format!("--max=MAXPODS is required and must be at least 1, max: {max}")));
    }
    if max < min {
        return Err(ParseError::Invalid(format!("--max=MAXPODS must be larger or equal to --min=MINPODS, max: {max}, min: {min}")));
    }
    Ok(Command::Autoscale(Autoscale {
        targets,
        // Zero means unset, as kubectl leaves minReplicas out unless positive.
        min: (min > 0).then_some(min as i32),
        max: max as i32,
        cpu_percent: Some(c.f.int("cpu-percent")).filter(|v| *v >= 0).map(|v| v as i32),
        name: c.f.opt_str("name"),
        write,
    }))
}

/// Errors collected as kubectl's `NewAggregate` prints them.
fn aggregate(errs: Vec<String>) -> Result<(), ParseError> {
    match errs.len() {
        0 => Ok(()),
        1 => Err(ParseError::Invalid(errs.into_iter().next().unwrap_or_default())),
        _ => Err(ParseError::Invalid(format!("[{}]", errs.join(", ")))),
    }
}

/// `set image` and `set resources` refuse resource arguments with
/// `--local` before anything else (their `Complete`'s own error).
fn local_needs_files(c: &Ctx, res: &[String]) -> Result<(), ParseError> {
    if c.f.bool("local") && !res.is_empty() {
        return Err(ParseError::Invalid(
            "you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'".into(),
        ));
    }
    Ok(())
}

/// The `set` commands' refusal of `--local` with `--dry-run=server`.
fn local_with_server_dry_run(c: &Ctx, write: &WriteOptions) -> Result<(), ParseError> {
    if c.f.bool("local") && write.dry_run == DryRun::Server {
        return Err(ParseError::Invalid("cannot specify --local and --dry-run=server - did you mean --dry-run=client?".into()));
    }
    Ok(())
}

fn set_image(c: &mut Ctx) -> Result<Command, ParseError> {
    let (res, pairs) = values::resources_and_pairs(&c.args, "image").map_err(ParseError::Invalid)?;
    let (images, _) = values::parse_pairs(&pairs, "image", false).map_err(ParseError::Invalid)?;
    local_needs_files(c, &res)?;
    let write = c.write()?;
    let targets = c.set_targets(&res)?;
    let mut errs = Vec::new();
    if c.f.bool("all") && c.selector().is_some() {
        errs.push("cannot set --all and --selector at the same time".to_string());
    }
    if images.is_empty() {
        errs.push("at least one image update is required".to_string());
    } else if images.len() > 1 && images.iter().any(|(k, _)| k == "*") {
        errs.push("all containers are already specified by *, but saw more than one container_name=container_image pairs".to_string());
    }
    if c.f.bool("local") && write.dry_run == DryRun::Server {
        errs.push("cannot specify --local and --dry-run=server - did you mean --dry-run=client?".to_string());
    }
    aggregate(errs)?;
    Ok(Command::SetImage(SetImage { targets, images, local: c.f.bool("local"), write }))
}

/// `set serviceaccount`: the last argument names the account, the ones
/// before it the objects.
fn set_service_account(c: &mut Ctx) -> Result<Command, ParseError> {
    let Some((name, res)) = c.args.split_last() else { return Err(ParseError::Invalid("serviceaccount is required".into())) };
    let local = c.f.bool("local");
    // Locally the builder reads only the files: resource arguments are ignored.
    let (name, res) = (name.clone(), if local { Vec::new() } else { res.to_vec() });
    let write = c.write()?;
    local_with_server_dry_run(c, &write)?;
    let targets = c.set_targets(&res)?;
    Ok(Command::SetServiceAccount(SetServiceAccount { targets, name, local, write }))
}

/// `set subject`: bindings from arguments or files (`--local`: files only).
fn set_subject(c: &mut Ctx) -> Result<Command, ParseError> {
    let write = c.write()?;
    let local = c.f.bool("local");
    if local && !c.args.is_empty() {
        return Err(ParseError::Invalid(
            "you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'".into(),
        ));
    }
    let args = c.args.clone();
    let targets = c.set_targets(&args)?;
    let list = |name: &str| c.f.list(name).to_vec();
    Ok(Command::SetSubject(SetSubject { targets, users: list("user"), groups: list("group"), service_accounts: list("serviceaccount"), local, write }))
}

/// `set selector`: the last argument is the selector, the ones before it
/// the objects.
fn set_selector(c: &mut Ctx) -> Result<Command, ParseError> {
    let write = c.write()?;
    let (res, selector) = match c.args.split_last() {
        Some((last, rest)) => {
            let sel = kubeplay_model::selector::LabelSelector::parse(last).map_err(|e| ParseError::Invalid(e.to_string()))?;
            (rest.to_vec(), Some(sel))
        }
        None => (Vec::new(), None),
    };
    let Some(selector) = selector else { return Err(ParseError::Invalid("one selector is required".into())) };
    let local = c.f.bool("local");
    if local && !res.is_empty() {
        return Err(ParseError::Invalid(
            "you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'".into(),
        ));
    }
    let targets = c.set_targets(&res)?;
    Ok(Command::SetSelector(SetSelector { targets, selector, local, resource_version: c.f.opt_str("resource-version"), write }))
}

fn resource_list(s: &str) -> Result<Vec<(String, String)>, ParseError> {
    if s.is_empty() {
        return Ok(Vec::new());
    }
    let mut pairs = Vec::new();
    for part in s.split(',') {
        match part.split_once('=') {
            Some((k, v)) => pairs.push((k.to_string(), v.to_string())),
            None => return Err(ParseError::Invalid(format!("Invalid argument syntax {part}, expected <resource>=<value>"))),
        }
    }
    for (_, q) in &pairs {
        kubeplay_model::Quantity::parse(q).map_err(|e| ParseError::Invalid(e.to_string()))?;
    }
    Ok(pairs)
}

fn set_resources(c: &mut Ctx) -> Result<Command, ParseError> {
    local_needs_files(c, &c.args)?;
    let write = c.write()?;
    local_with_server_dry_run(c, &write)?;
    let targets = c.set_targets(&c.args.clone())?;
    let (limits, requests) = (c.f.str("limits").to_string(), c.f.str("requests").to_string());
    if limits.is_empty() && requests.is_empty() {
        return Err(ParseError::Invalid("you must specify an update to requests or limits (in the form of --requests/--limits)".into()));
    }
    Ok(Command::SetResources(SetResources {
        targets,
        containers: c.f.str("containers").to_string(),
        limits: resource_list(&limits)?,
        requests: resource_list(&requests)?,
        local: c.f.bool("local"),
        write,
    }))
}

fn set_env(c: &mut Ctx) -> Result<Command, ParseError> {
    let (res, pairs) = values::resources_and_pairs(&c.args, "env").map_err(ParseError::Invalid)?;
    let specs: Vec<String> = c.f.list("env").iter().cloned().chain(pairs).collect();
    let (set, remove) = values::parse_env(&specs).map_err(ParseError::Invalid)?;
    let write = c.write()?;
    local_with_server_dry_run(c, &write)?;
    if res.is_empty() && c.files().is_empty() {
        return Err(ParseError::Invalid("one or more resources must be specified as <resource> <name> or <resource>/<name>".into()));
    }
    let list = c.f.bool("list");
    if list && write.output.is_some() {
        return Err(ParseError::Invalid("--list and --output may not be specified together".into()));
    }
    let from = c.f.opt_str("from");
    if !c.f.list("keys").is_empty() && from.is_none() {
        return Err(ParseError::Invalid("when specifying --keys, a configmap or secret must be provided with --from".into()));
    }
    // No variables is no error: nothing changes, so kubectl skips every
    // object and prints nothing (its "at least one environment variable"
    // check comes after that skip, so it never fires).
    // Locally the builder reads only the files: resource arguments are ignored.
    let res = if c.f.bool("local") { Vec::new() } else { res };
    let targets = c.set_targets(&res)?;
    Ok(Command::SetEnv(SetEnv {
        targets,
        containers: c.f.str("containers").to_string(),
        set,
        stdin_at: values::stdin_env_at(&specs),
        remove,
        from,
        keys: c.f.list("keys").to_vec(),
        prefix: c.f.opt_str("prefix"),
        list,
        overwrite: c.f.bool("overwrite"),
        resolve: c.f.bool("resolve"),
        local: c.f.bool("local"),
        write,
    }))
}

fn meta_update(c: &mut Ctx, labels: bool) -> Result<Command, ParseError> {
    let what = if labels { "label" } else { "annotation" };
    let write = c.write()?;
    let (res, pairs) = values::resources_and_pairs(&c.args, what).map_err(ParseError::Invalid)?;
    let (set, remove) = if labels { values::parse_labels(&pairs) } else { values::parse_pairs(&pairs, what, true) }.map_err(ParseError::Invalid)?;
    let (all, local, list) = (c.f.bool("all"), c.f.bool("local"), c.f.bool("list"));
    // Only label refuses the two together; annotate lists and ignores -o.
    if labels && list && write.output.is_some() {
        return Err(ParseError::Invalid("--list and --output may not be specified together".into()));
    }
    if all && c.selector().is_some() {
        return Err(ParseError::Invalid("cannot set --all and --selector at the same time".into()));
    }
    if all && c.f.opt_str("field-selector").is_some() {
        return Err(ParseError::Invalid("cannot set --all and --field-selector at the same time".into()));
    }
    // The two commands' messages name different example files.
    let example = if labels { "pod.yaml or --filename=pod.json" } else { "rsrc.yaml or --filename=rsrc.json" };
    if local {
        if write.dry_run == DryRun::Server {
            return Err(ParseError::Invalid("cannot specify --local and --dry-run=server - did you mean --dry-run=client?".into()));
        }
        if !res.is_empty() {
            return Err(ParseError::Invalid(format!("can only use local files by -f {example} when --local=true is set")));
        }
        if c.files().is_empty() {
            return Err(ParseError::Invalid(format!("one or more files must be specified as -f {example}")));
        }
    } else if res.is_empty() && c.files().is_empty() {
        return Err(ParseError::Invalid("one or more resources must be specified as <resource> <name> or <resource>/<name>".into()));
    }
    if set.is_empty() && remove.is_empty() && !list {
        return Err(ParseError::Invalid(format!("at least one {what} update is required")));
    }
    if !labels {
        let both: Vec<&str> = remove.iter().filter(|r| set.iter().any(|(k, _)| k == *r)).map(String::as_str).collect();
        if !both.is_empty() {
            return Err(ParseError::Invalid(format!("can not both modify and remove the following annotation(s) in the same command: {}", both.join(", "))));
        }
    }
    let targets = c.targets(&res, all)?;
    let u = MetaUpdate {
        targets,
        all_namespaces: c.f.bool("all-namespaces"),
        set,
        remove,
        overwrite: c.f.bool("overwrite"),
        list,
        local,
        resource_version: c.f.opt_str("resource-version"),
        write,
    };
    Ok(if labels { Command::Label(u) } else { Command::Annotate(u) })
}

fn rollout(c: &mut Ctx, action: &str) -> Result<Command, ParseError> {
    if c.args.is_empty() && c.files().is_empty() {
        return Err(ParseError::Invalid("required resource not specified".into()));
    }
    let nonzero = |flag: &str| Some(c.f.int(flag)).filter(|v| *v != 0);
    // status and history validate --revision alike.
    if matches!(action, "status" | "history") && c.f.int("revision") < 0 {
        return Err(ParseError::Invalid(format!("revision must be a positive integer: {}", c.f.int("revision"))));
    }
    let action = match action {
        "status" => RolloutAction::Status { revision: nonzero("revision"), watch: c.f.bool("watch"), timeout_ms: c.f.millis("timeout") },
        "history" => RolloutAction::History { revision: nonzero("revision"), output: c.output(Allowed::Objects)? },
        "undo" => RolloutAction::Undo { to_revision: nonzero("to-revision"), write: c.write()? },
        "pause" => RolloutAction::Pause { output: c.output(Allowed::Objects)? },
        "resume" => RolloutAction::Resume { output: c.output(Allowed::Objects)? },
        _ => RolloutAction::Restart { output: c.output(Allowed::Objects)? },
    };
    let targets = c.targets(&c.args.clone(), true)?;
    if matches!(action, RolloutAction::Status { .. }) && targets.kinds().len() > 1 {
        return Err(ParseError::Invalid("you may only specify a single resource type".into()));
    }
    Ok(Command::Rollout(Rollout { targets, action }))
}

/// kubectl logs' Complete: its usage errors and `--since-time`'s parse;
/// the checks of its Validate run once the object is found.
fn logs(c: &mut Ctx) -> Result<Command, ParseError> {
    const USAGE: &str = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";
    let selector = c.selector();
    let mut container = c.f.opt_str("container");
    let container_twice = c.f.changed("container") && c.args.len() == 2;
    let object = match (c.args.len(), &selector) {
        (0, None) => return Err(c.usage(USAGE)),
        (0, Some(_)) => None,
        (1, Some(_)) => return Err(c.usage("only a selector (-l) or a POD name is allowed")),
        (1 | 2, _) => {
            if c.args.len() == 2 {
                container = c.args.get(1).cloned();
            }
            let a = c.args[0].clone();
            Some(match a.split_once('/') {
                Some((t, n)) => (resources::resolve_kind(t)?, n.to_string()),
                None => (Kind::Pod, a),
            })
        }
        _ => return Err(c.usage(USAGE)),
    };
    let since_time = match c.f.opt_str("since-time") {
        Some(t) => Some(super::gotime::parse_rfc3339(&t).map_err(ParseError::Invalid)?),
        None => None,
    };
    // The API takes whole seconds: kubectl rounds --since to the nearest one.
    let since = c.f.millis("since");
    let since_ms = (since + if since < 0 { -500 } else { 500 }) / 1000 * 1000;
    let tail = c.f.int("tail");
    let tail = match tail {
        -1 if selector.is_some() && !c.f.changed("tail") => Some(10),
        -1 => None,
        t => Some(t),
    };
    Ok(Command::Logs(Logs {
        object,
        selector,
        container,
        container_twice,
        all_containers: c.f.bool("all-containers"),
        all_pods: c.f.bool("all-pods"),
        previous: c.f.bool("previous"),
        follow: c.f.bool("follow"),
        tail,
        since_ms,
        since_time,
        limit_bytes: c.f.int("limit-bytes"),
        max_log_requests: c.f.int("max-log-requests"),
        timestamps: c.f.bool("timestamps"),
        prefix: c.f.bool("prefix") || c.f.bool("all-pods"),
    }))
}

/// `kubectl config …`: each subcommand's arguments as kubectl checks them.
fn config(c: &mut Ctx, sub: &str) -> Result<Command, ParseError> {
    // Complete's `cmd.Help()` before its error: the help on stdout, then
    // `Unexpected args` on stderr (delete-context prints the help alone).
    let wrong_args = |c: &Ctx, error: bool| {
        let error = error.then(|| format!("Unexpected args: [{}]", c.args.join(" ")));
        Ok(Command::Config(ConfigCommand::Usage { path: c.path.clone(), error }))
    };
    Ok(Command::Config(match sub {
        "current-context" => ConfigCommand::CurrentContext,
        "get-clusters" => ConfigCommand::GetClusters,
        "get-users" => ConfigCommand::GetUsers,
        "get-contexts" => {
            // Every other -o, known to kubectl or not, gets the one refusal.
            let names_only = match c.f.opt_str("output").as_deref() {
                None | Some("") => false,
                Some("name") => true,
                Some(o) => return Err(ParseError::Invalid(format!("--output {o} is not available in kubectl config get-contexts; resetting to default output format"))),
            };
            ConfigCommand::GetContexts { names: c.args.clone(), no_headers: c.f.bool("no-headers"), names_only }
        }
        "use-context" => match c.args.as_slice() {
            [name] if name.is_empty() => return Err(ParseError::Invalid("empty context names are not allowed".into())),
            [name] => ConfigCommand::UseContext(name.clone()),
            _ => return wrong_args(c, true),
        },
        "delete-context" => match c.args.as_slice() {
            [name] => ConfigCommand::DeleteContext(name.clone()),
            _ => return wrong_args(c, false),
        },
        "rename-context" => match c.args.as_slice() {
            [_, to] if to.is_empty() => return Err(ParseError::Invalid("You must specify a new non-empty context name".into())),
            [from, to] => ConfigCommand::RenameContext { from: from.clone(), to: to.clone() },
            _ => return wrong_args(c, true),
        },
        "set-context" => {
            if c.args.len() > 1 {
                return wrong_args(c, true);
            }
            let current = c.f.bool("current");
            let name = c.args.first().cloned().filter(|n| !n.is_empty());
            if current && name.is_some() {
                return Err(ParseError::Invalid("you cannot specify both a context name and --current".into()));
            }
            if !current && name.is_none() {
                return Err(ParseError::Invalid("you must specify a non-empty context name or --current".into()));
            }
            let given = |flag: &str| c.f.changed(flag).then(|| c.f.str(flag).to_string());
            ConfigCommand::SetContext { name, cluster: given("cluster"), user: given("user"), namespace: given("namespace") }
        }
        "set-cluster" => match c.args.as_slice() {
            [name] => {
                let given = |flag: &str| c.f.changed(flag).then(|| c.f.str(flag).to_string());
                ConfigCommand::SetCluster(Box::new(SetCluster {
                    name: name.clone(),
                    server: given("server"),
                    tls_server_name: given("tls-server-name"),
                    insecure_skip_tls_verify: c.f.changed("insecure-skip-tls-verify").then(|| c.f.bool("insecure-skip-tls-verify")),
                    certificate_authority: given("certificate-authority"),
                    embed_certs: c.f.bool("embed-certs"),
                    proxy_url: given("proxy-url"),
                }))
            }
            _ => return wrong_args(c, true),
        },
        "set-credentials" => return config_set_credentials(c),
        "delete-cluster" => match c.args.as_slice() {
            [name] => ConfigCommand::DeleteCluster(name.clone()),
            _ => return wrong_args(c, false),
        },
        "delete-user" => match c.args.as_slice() {
            [name] => ConfigCommand::DeleteUser(Some(name.clone())),
            _ => return Err(c.usage("user to delete is required")),
        },
        "set" => match c.args.as_slice() {
            [property, value] => ConfigCommand::Set { property: property.clone(), value: value.clone(), raw_bytes: c.f.bool("set-raw-bytes") },
            _ => return wrong_args(c, true),
        },
        "unset" => match c.args.as_slice() {
            [property] => ConfigCommand::Unset { property: property.clone() },
            _ => return wrong_args(c, true),
        },
        _ => {
            if !c.args.is_empty() {
                return Err(c.usage(format!("unexpected arguments: [{}]", c.args.join(" "))));
            }
            let output = c.output(crate::print::output::Allowed::Objects)?.unwrap_or(OutputFormat::Yaml);
            // Only --kubeconfig names a precise file ($KUBECONFIG does not).
            if !c.f.bool("merge") && c.f.opt_str("kubeconfig").is_none_or(|k| k.is_empty()) {
                return Err(ParseError::Invalid("if merge==false a precise file must be specified".into()));
            }
            let (raw, flatten) = (c.f.bool("raw"), c.f.bool("flatten"));
            ConfigCommand::View { minify: c.f.bool("minify"), context: c.f.opt_str("context").filter(|n| !n.is_empty()), output, raw, flatten }
        }
    }))
}

/// `kubectl config set-credentials`: its Complete (one name; the pairs of
/// `--auth-provider-arg` and `--exec-env`), whose errors print the help
/// first, in its own lower-case words.
fn config_set_credentials(c: &mut Ctx) -> Result<Command, ParseError> {
    let usage = |c: &Ctx, e: String| Ok(Command::Config(ConfigCommand::Usage { path: c.path.clone(), error: Some(e) }));
    let [name] = c.args.as_slice() else {
        return usage(c, format!("unexpected args: [{}]", c.args.join(" ")));
    };
    let (auth_provider_args, auth_provider_args_to_remove) = match values::parse_pairs(c.f.list("auth-provider-arg"), "auth-provider-arg", true) {
        Ok(p) => p,
        Err(e) => return usage(c, e),
    };
    let (exec_env, exec_env_to_remove) = match values::parse_pairs(c.f.list("exec-env"), "exec-env", true) {
        Ok(p) => p,
        Err(e) => return usage(c, e),
    };
    let given = |flag: &str| c.f.changed(flag).then(|| c.f.str(flag).to_string());
    let exec_args = c.f.list("exec-arg");
    Ok(Command::Config(ConfigCommand::SetCredentials(Box::new(SetCredentials {
        name: name.clone(),
        client_certificate: given("client-certificate"),
        client_key: given("client-key"),
        token: given("token"),
        username: given("username"),
        password: given("password"),
        embed_certs: c.f.bool("embed-certs"),
        auth_provider: given("auth-provider"),
        auth_provider_args,
        auth_provider_args_to_remove,
        exec_command: given("exec-command"),
        exec_api_version: given("exec-api-version"),
        exec_args: (!exec_args.is_empty()).then(|| exec_args.to_vec()),
        exec_env,
        exec_env_to_remove,
    }))))
}

/// `kubectl events`: `--for` read as `resource/name` (its type resolved
/// as any other), then `-o`, then `--types` checked, in the order
/// ToOptions and Validate meet them; positional arguments ignored as
/// kubectl ignores them.
/// `cluster-info dump`: Complete's checks, in its order (the printer,
/// then the timeout). Arguments are ignored, as cobra lets them be.
fn cluster_info_dump(c: &mut Ctx) -> Result<Command, ParseError> {
    // `--template` alone picks go-template only while `-o` keeps its
    // default (PrintFlags' OutputFlagSpecified).
    // An empty `-o` matches the name printer, template or not.
    let word = c.f.str("output").to_string();
    let mut output = match (c.f.changed("output"), word.is_empty()) {
        (true, true) => OutputFormat::Name,
        (true, false) => parse_output_with_template(&word, c.f.str("template"), Allowed::Objects)?.unwrap_or(OutputFormat::Json),
        (false, _) => parse_output_with_template("", c.f.str("template"), Allowed::Objects)?.unwrap_or(OutputFormat::Json),
    };
    if let OutputFormat::GoTemplate { allow_missing, .. } | OutputFormat::JsonPath { allow_missing, .. } | OutputFormat::JsonPathAsJson { allow_missing, .. } = &mut output {
        *allow_missing = c.f.bool("allow-missing-template-keys");
    }
    if c.f.millis("pod-running-timeout") <= 0 {
        return Err(ParseError::Invalid("--pod-running-timeout must be higher than zero".into()));
    }
    Ok(Command::ClusterInfoDump(ClusterInfoDump {
        output,
        output_word: word,
        output_directory: c.f.str("output-directory").to_string(),
        namespaces: c.f.list("namespaces").to_vec(),
        all_namespaces: c.f.bool("all-namespaces"),
        show_managed_fields: c.f.bool("show-managed-fields"),
    }))
}

fn events(c: &mut Ctx) -> Result<Command, ParseError> {
    let for_object = match c.f.opt_str("for") {
        None => None,
        Some(f) => {
            let Some((resource, name)) = f.split_once('/') else { return Err(ParseError::Invalid("--for must be in resource/name form".into())) };
            if name.contains('/') {
                return Err(ParseError::Invalid("arguments in resource/name form may not have more than one slash".into()));
            }
            Some((super::resources::resolve_kind(resource)?, name.to_string()))
        }
    };
    // A bare `--template` does not pick a printer here: ToOptions looks
    // at `-o` alone before falling back to the events table.
    let output = if c.f.str("output").is_empty() { None } else { c.output(Allowed::Objects)? };
    let mut types = c.f.list("types").to_vec();
    kubeplay_model::sort::sort(&mut types);
    types.dedup();
    if types.iter().any(|t| !t.eq_ignore_ascii_case("Normal") && !t.eq_ignore_ascii_case("Warning")) {
        return Err(ParseError::Invalid("valid --types are Normal or Warning".into()));
    }
    Ok(Command::Events(Events {
        all_namespaces: c.f.bool("all-namespaces"),
        for_object,
        types,
        no_headers: c.f.bool("no-headers"),
        watch: c.f.bool("watch"),
        output,
        show_managed_fields: c.f.bool("show-managed-fields"),
    }))
}

fn top(c: &mut Ctx, nodes: bool) -> Result<Command, ParseError> {
    if c.args.len() > 1 {
        return Err(c.usage(if nodes { "node [NAME | -l label]" } else { "pod [NAME | -l label]" }));
    }
    let name = c.args.first().cloned();
    let selector = c.selector();
    let sort_by = c.f.opt_str("sort-by");
    if let Some(s) = &sort_by {
        if s != "cpu" && s != "memory" {
            return Err(ParseError::Invalid("--sort-by accepts only cpu or memory".to_string()));
        }
    }
    let field_selector = !nodes && c.f.opt_str("field-selector").is_some();
    if name.is_some() && (selector.is_some() || field_selector) {
        // top pod's Validate also counts a field selector, and words it so.
        let what = if nodes { "--selector" } else { "selector" };
        return Err(ParseError::Invalid(format!("only one of NAME or {what} can be provided")));
    }
    Ok(Command::Top(if nodes {
        Top::Nodes { name, selector, no_headers: c.f.bool("no-headers"), sort_by, show_capacity: c.f.bool("show-capacity") }
    } else {
        Top::Pods {
            name,
            selector,
            all_namespaces: c.f.bool("all-namespaces"),
            containers: c.f.bool("containers"),
            no_headers: c.f.bool("no-headers"),
            sort_by,
            sum: c.f.bool("sum"),
        }
    }))
}

/// kubectl exec's `Complete` and `Validate`, in their order.
fn exec(c: &mut Ctx) -> Result<Command, ParseError> {
    let dash = c.f.args_len_at_dash;
    let resource = if !c.args.is_empty() && dash != Some(0) { c.args[0].clone() } else { String::new() };
    let command: Vec<String> = match dash {
        Some(at) => c.args[at.min(c.args.len())..].to_vec(),
        None if c.args.len() > 1 => return Err(c.usage("exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead")),
        None => Vec::new(),
    };
    if resource.is_empty() && c.f.list("filename").is_empty() {
        return Err(ParseError::Invalid("pod, type/name or --filename must be specified".into()));
    }
    if command.is_empty() {
        return Err(ParseError::Invalid("you must specify at least one command for the container".into()));
    }
    if resource.is_empty() {
        return Err(ParseError::Invalid("(playground) kubectl exec -f is not supported; name the pod".into()));
    }
    let (kind, name) = match resource.split_once('/') {
        Some((t, n)) => (resources::resolve_kind(t)?, n.to_string()),
        None => (Kind::Pod, resource),
    };
    Ok(Command::Exec(Exec { kind, name, container: c.f.opt_str("container"), command, quiet: c.f.bool("quiet"), stdin: c.f.bool("stdin"), tty: c.f.bool("tty") }))
}

fn wait(c: &mut Ctx) -> Result<Command, ParseError> {
    let cond = c.f.str("for").to_string();
    let for_ = if cond.eq_ignore_ascii_case("delete") {
        WaitFor::Delete
    } else if cond.eq_ignore_ascii_case("create") {
        WaitFor::Create
    } else if let Some(rest) = cond.strip_prefix("condition=") {
        let (t, s) = rest.split_once('=').unwrap_or((rest, "true"));
        WaitFor::Condition { type_: t.to_string(), status: s.to_string() }
    } else if let Some(rest) = cond.strip_prefix("jsonpath=") {
        let (path, value) = wait_jsonpath(rest).map_err(ParseError::Invalid)?;
        WaitFor::JsonPath { path, value }
    } else {
        return Err(ParseError::Invalid(format!("unrecognized condition: {}", crate::gofmt::quote(&cond))));
    };
    let targets = c.targets(&c.args.clone(), true)?;
    Ok(Command::Wait(Wait { targets, all_namespaces: c.f.bool("all-namespaces"), for_, timeout_ms: c.f.millis("timeout") }))
}

/// wait.go's processJSONPathInput: the expression (relaxed, as `get -o
/// jsonpath` takes it) and the value to compare with, if any.
pub(crate) fn wait_jsonpath(input: &str) -> Result<(String, Option<String>), String> {
    let parts = split_single_equals(input);
    let format = "jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'";
    let Some((expr, rest)) = parts.split_first().filter(|(_, rest)| rest.len() <= 1) else {
        return Err(format.into());
    };
    let path = crate::print::jsonpath::relaxed_expression(expr)?;
    let value = match rest.first() {
        None => None,
        Some(v) => {
            let v = v.trim_matches(|c| c == '\'' || c == '"');
            if v.is_empty() {
                return Err("jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3".into());
            }
            Some(v.to_string())
        }
    };
    if path.is_empty() {
        return Err("jsonpath expression cannot be empty".into());
    }
    Ok((path, value))
}

/// Splits on each lone `=`; a `==` (a filter's comparison) stays whole.
fn split_single_equals(input: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut part = String::new();
    let mut chars = input.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '=' if chars.peek() == Some(&'=') => {
                chars.next();
                part.push_str("==");
            }
            '=' => parts.push(std::mem::take(&mut part)),
            c => part.push(c),
        }
    }
    parts.push(part);
    parts
}

fn explain(c: &mut Ctx) -> Result<Command, ParseError> {
    match c.args.len() {
        0 => return Err(ParseError::Invalid("You must specify the type of resource to explain. Use \"kubectl api-resources\" for a complete list of supported resources.".into())),
        1 => {}
        _ => return Err(ParseError::Invalid("We accept only this format: explain RESOURCE".into())),
    }
    let out = c.f.str("output");
    if out != "plaintext" && out != "plaintext-openapiv2" {
        return Err(ParseError::Invalid(format!("supported output format are, plaintext and plaintext-openapiv2, got {out}")));
    }
    let mut parts = c.args[0].split('.');
    let kind = resources::resolve_kind(parts.next().unwrap_or(""))?;
    Ok(Command::Explain(Explain {
        kind,
        fields: parts.map(str::to_string).collect(),
        recursive: c.f.bool("recursive"),
        api_version: c.f.opt_str("api-version"),
    }))
}

fn api_resources(c: &mut Ctx) -> Result<Command, ParseError> {
    if !c.args.is_empty() {
        return Err(c.usage(format!("unexpected arguments: [{}]", c.args.join(" "))));
    }
    let out = c.f.opt_str("output");
    if let Some(o) = &out {
        if o != "wide" && o != "name" {
            return Err(ParseError::Invalid(format!("--output {o} is not available")));
        }
    }
    let sort_by = c.f.opt_str("sort-by");
    if let Some(s) = &sort_by {
        if s != "name" && s != "kind" {
            return Err(ParseError::Invalid("--sort-by accepts only name or kind".to_string()));
        }
    }
    Ok(Command::ApiResources(ApiResources {
        namespaced: c.f.changed("namespaced").then(|| c.f.bool("namespaced")),
        // Given but empty means the core group, as kubectl compares it.
        api_group: c.f.changed("api-group").then(|| c.f.str("api-group").to_string()),
        no_headers: c.f.bool("no-headers"),
        output: out,
        sort_by,
        verbs: c.f.list("verbs").to_vec(),
        categories: c.f.list("categories").to_vec(),
    }))
}

/// `kubectl kustomize [DIR]`: the directory defaults to the current one;
/// what the playground cannot do (write `-o FILE`, load from outside the
/// root, plugins) is refused rather than ignored.
fn kustomize(c: &mut Ctx) -> Result<Command, ParseError> {
    let dir = match c.args.as_slice() {
        [] => ".".to_string(),
        [d] => d.clone(),
        _ => return Err(ParseError::Invalid("specify one path to kustomization.yaml".into())),
    };
    for flag in ["output", "enable-helm", "enable-alpha-plugins", "load-restrictor", "mount", "env", "network"] {
        if c.f.changed(flag) && !(flag == "load-restrictor" && c.f.str(flag) == "LoadRestrictionsRootOnly") {
            return Err(ParseError::Invalid(format!("(playground) kubectl kustomize --{flag} is not supported here")));
        }
    }
    Ok(Command::Kustomize(Kustomize { dir }))
}

fn version(c: &mut Ctx) -> Result<Command, ParseError> {
    let out = c.f.opt_str("output");
    if let Some(o) = &out {
        if o != "yaml" && o != "json" {
            return Err(ParseError::Invalid("--output must be 'yaml' or 'json'".into()));
        }
    }
    Ok(Command::Version(Version { client_only: c.f.bool("client"), output: out }))
}

#[cfg(test)]
mod suggestion_tests {
    use super::*;

    #[test]
    fn every_root_command_has_its_place_in_the_add_order() {
        for c in KUBECTL.subcommands {
            assert!(ADD_ORDER.contains(&c.name), "{} is missing from ADD_ORDER", c.name);
        }
    }

    /// What kubectl v1.32 prints under "Did you mean this?".
    #[test]
    fn suggestions_come_in_kubectls_order() {
        let cases: &[(&str, &[&str])] = &[
            ("a", &["autoscale", "attach", "cp", "auth", "apply", "annotate", "api-versions", "api-resources"]),
            ("c", &["create", "certificate", "cluster-info", "cordon", "cp", "completion", "config"]),
            ("gett", &["set", "get"]),
            ("foo", &["top"]),
            ("GET", &["set", "get"]),
        ];
        for (typed, want) in cases {
            assert_eq!(suggestions(typed), want.iter().map(|s| s.to_string()).collect::<Vec<_>>(), "{typed}");
        }
    }
}
