//! Resolvers for the commands that make new objects from arguments:
//! `create -f`, the `create …` generators, `run` and `expose`.

use super::command::*;
use super::resolve::Ctx;
use super::values;
use crate::error::ParseError;
use crate::gofmt;
use crate::print::output::Allowed;

pub(super) fn create_from_files(c: &mut Ctx) -> Result<Command, ParseError> {
    if !c.args.is_empty() {
        return Err(c.usage(format!("Unexpected args: [{}]", c.args.join(" "))));
    }
    c.no_kustomize()?;
    if c.files().is_empty() {
        return Err(ParseError::Invalid("must specify one of -f and -k".into()));
    }
    if c.f.changed("raw") {
        return Err(ParseError::Invalid("(playground) --raw is not supported".into()));
    }
    let write = c.write()?;
    Ok(Command::Create(Create {
        what: CreateWhat::Files { files: c.files(), recursive: c.f.bool("recursive"), edit: c.f.bool("edit"), selector: c.selector() },
        write,
    }))
}

/// `NameFromCommandArgs`: exactly one name before any `--`.
fn one_name(c: &Ctx) -> Result<String, ParseError> {
    let n = c.f.args_len_at_dash.unwrap_or(c.args.len());
    if n != 1 {
        return Err(c.usage(format!("exactly one NAME is required, got {n}")));
    }
    Ok(c.args[0].clone())
}

/// The words after `--` (a container command).
fn after_dash(c: &Ctx) -> Vec<String> {
    c.f.args_len_at_dash.map(|n| c.args[n..].to_vec()).unwrap_or_default()
}

pub(super) fn create_generator(c: &mut Ctx, sub: &str) -> Result<Command, ParseError> {
    // pflag rejects a malformed `--aggregation-rule` while parsing, before any check.
    let aggregation = if sub == "create clusterrole" { aggregation_rule(c)? } else { Vec::new() };
    let name = one_name(c)?;
    let write = c.write()?;
    let what = match sub {
        "create deployment" => {
            let images = c.f.list("image").to_vec();
            let command = after_dash(c);
            if images.len() > 1 && !command.is_empty() {
                return Err(ParseError::Invalid("cannot specify multiple --image options and command".into()));
            }
            let port = c.f.int("port");
            CreateWhat::Deployment { name, images, port: (port >= 0).then_some(port as i32), replicas: c.f.int("replicas") as i32, command }
        }
        "create service clusterip" | "create service nodeport" | "create service loadbalancer" | "create service externalname" => {
            let type_ = match sub {
                "create service clusterip" => ServiceType::ClusterIp,
                "create service nodeport" => ServiceType::NodePort,
                "create service loadbalancer" => ServiceType::LoadBalancer,
                _ => ServiceType::ExternalName,
            };
            let cluster_ip = c.f.opt_str("clusterip");
            let ports = c.f.list("tcp").iter().map(|t| tcp_port(t)).collect::<Result<Vec<_>, _>>()?;
            let headless = cluster_ip.as_deref() == Some("None");
            if ports.is_empty() && type_ != ServiceType::ExternalName && !headless {
                return Err(ParseError::Invalid("at least one tcp port specifier must be provided".into()));
            }
            let external_name = c.f.opt_str("external-name");
            if let Some(en) = &external_name {
                if !is_dns1123_subdomain(en) {
                    return Err(ParseError::Invalid(format!("invalid service external name {en}")));
                }
            }
            CreateWhat::Service { name, type_, ports, cluster_ip, node_port: c.f.int("node-port"), external_name }
        }
        "create job" => {
            let (image, from) = (c.f.opt_str("image"), c.f.opt_str("from"));
            let command = after_dash(c);
            if image.is_some() == from.is_some() {
                return Err(ParseError::Invalid("either --image or --from must be specified".into()));
            }
            if from.is_some() && !command.is_empty() {
                return Err(ParseError::Invalid("cannot specify --from and command".into()));
            }
            CreateWhat::Job { name, image, from, command }
        }
        "create cronjob" => CreateWhat::CronJob {
            name,
            image: c.f.str("image").to_string(),
            schedule: c.f.str("schedule").to_string(),
            restart: c.f.opt_str("restart"),
            command: after_dash(c),
        },
        "create poddisruptionbudget" => pod_disruption_budget(c, name)?,
        "create ingress" => ingress(c, name)?,
        "create role" | "create clusterrole" => CreateWhat::Role {
            name,
            cluster: sub == "create clusterrole",
            verbs: c.f.list("verb").to_vec(),
            resources: c.f.list("resource").to_vec(),
            resource_names: c.f.list("resource-name").to_vec(),
            non_resource_urls: if sub == "create clusterrole" { c.f.list("non-resource-url").to_vec() } else { Vec::new() },
            aggregation,
        },
        "create rolebinding" | "create clusterrolebinding" => CreateWhat::RoleBinding {
            name,
            cluster: sub == "create clusterrolebinding",
            role: if sub == "create rolebinding" { c.f.str("role").to_string() } else { String::new() },
            cluster_role: c.f.str("clusterrole").to_string(),
            users: c.f.list("user").to_vec(),
            groups: c.f.list("group").to_vec(),
            service_accounts: c.f.list("serviceaccount").to_vec(),
        },
        "create priorityclass" => CreateWhat::PriorityClass {
            name,
            value: c.f.int("value") as i32,
            global_default: c.f.bool("global-default"),
            description: c.f.str("description").to_string(),
            preemption_policy: if c.f.changed("preemption-policy") { c.f.str("preemption-policy").to_string() } else { "PreemptLowerPriority".into() },
        },
        "create quota" => CreateWhat::Quota { hard: resource_list(c.f.str("hard"))?, scopes: quota_scopes(c.f.str("scopes"))?, name },
        "create secret docker-registry" => docker_registry(c, name)?,
        "create secret tls" => {
            let (cert, key) = (c.f.str("cert").to_string(), c.f.str("key").to_string());
            if cert.is_empty() || key.is_empty() {
                return Err(ParseError::Invalid("key and cert must be specified".into()));
            }
            CreateWhat::TlsSecret { name, cert, key, append_hash: c.f.bool("append-hash") }
        }
        "create namespace" => CreateWhat::Namespace { name },
        "create serviceaccount" => CreateWhat::ServiceAccount { name },
        "create configmap" => CreateWhat::ConfigMap { data: data_sources(c, "ConfigMap", &name)?, name },
        _ => CreateWhat::Secret { data: data_sources(c, "Secret", &name)?, type_: c.f.opt_str("type"), name },
    };
    Ok(Command::Create(Create { what, write }))
}

/// `create poddisruptionbudget`'s checks, in kubectl's order: a selector,
/// exactly one bound, each bound a count or a percentage; then the
/// selector parsed.
fn pod_disruption_budget(c: &Ctx, name: String) -> Result<CreateWhat, ParseError> {
    let invalid = |m: &str| ParseError::Invalid(m.into());
    let selector = c.f.str("selector");
    if selector.is_empty() {
        return Err(invalid("a selector must be specified"));
    }
    let (min_available, max_unavailable) = (c.f.opt_str("min-available"), c.f.opt_str("max-unavailable"));
    match (&min_available, &max_unavailable) {
        (None, None) => return Err(invalid("one of min-available or max-unavailable must be specified")),
        (Some(_), Some(_)) => return Err(invalid("min-available and max-unavailable cannot be both specified")),
        _ => {}
    }
    // `^[0-9]+%?$`: 10 or 30%, not 10Gb.
    let bound = |v: &str| {
        let digits = v.strip_suffix('%').unwrap_or(v);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    if min_available.as_deref().is_some_and(|v| !bound(v)) {
        return Err(invalid("invalid format specified for min-available"));
    }
    if max_unavailable.as_deref().is_some_and(|v| !bound(v)) {
        return Err(invalid("invalid format specified for max-unavailable"));
    }
    let selector = kubeplay_model::LabelSelector::parse(selector).map_err(|e| ParseError::Invalid(e.to_string()))?;
    Ok(CreateWhat::PodDisruptionBudget { name, selector, min_available, max_unavailable })
}

/// `create ingress`'s `Validate`, in kubectl's order: something to route,
/// each rule in its format, each annotation a `key=value`, the default
/// backend a `service:port`.
fn ingress(c: &Ctx, name: String) -> Result<CreateWhat, ParseError> {
    let (rules, annotations) = (c.f.list("rule").to_vec(), c.f.list("annotation").to_vec());
    let default_backend = c.f.str("default-backend").to_string();
    if default_backend.is_empty() && rules.is_empty() {
        return Err(ParseError::Invalid(
            "not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)".into(),
        ));
    }
    if let Some(rule) = rules.iter().find(|r| !ingress_rule_matches(r)) {
        return Err(ParseError::Invalid(format!("rule {rule} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]")));
    }
    if let Some(a) = annotations.iter().find(|a| !a.contains('=')) {
        return Err(ParseError::Invalid(format!("annotation {a} is invalid and should be in format key=[value]")));
    }
    if !default_backend.is_empty() && default_backend.split(':').count() != 2 {
        return Err(ParseError::Invalid("default-backend should be in format servicename:serviceport".into()));
    }
    Ok(CreateWhat::Ingress { name, class: c.f.str("class").to_string(), default_backend, rules, annotations })
}

/// create_ingress.go's rule pattern, unanchored at the end:
/// `^[\w*.-]*/.*=[\w-]+:[\w-]+` (its optional `,tls[=secret]` tail
/// changes nothing a prefix match accepts). The host runs up to the first
/// `/`; the path, with no newline in it (RE2's `.`), up to any `=`
/// followed by `service:port`.
fn ingress_rule_matches(rule: &str) -> bool {
    let word = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-';
    let b = rule.as_bytes();
    let host_end = b.iter().position(|c| !(word(c) || *c == b'*' || *c == b'.')).unwrap_or(b.len());
    if b.get(host_end) != Some(&b'/') {
        return false;
    }
    let service_port = |rest: &[u8]| {
        let name = rest.iter().take_while(|c| word(c)).count();
        let port = rest.get(name + 1..).map_or(0, |p| p.iter().take_while(|c| word(c)).count());
        name > 0 && rest.get(name) == Some(&b':') && port > 0
    };
    let path = &b[host_end..];
    let line = path.iter().position(|c| *c == b'\n').unwrap_or(path.len());
    path[..line].iter().enumerate().any(|(i, c)| *c == b'=' && service_port(&path[i + 1..]))
}

/// `--aggregation-rule` (component-base's `MapStringString`): each value
/// splits at commas into `key=value` pairs, an empty piece skipped, key
/// and value trimmed; a later key replaces an earlier one.
fn aggregation_rule(c: &Ctx) -> Result<Vec<(String, String)>, ParseError> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for value in c.f.list("aggregation-rule") {
        for piece in value.split(',').filter(|p| !p.is_empty()) {
            let Some((k, v)) = piece.split_once('=') else {
                let kind = crate::error::FlagError::InvalidArgument { value: value.clone(), flag: "--aggregation-rule".into(), reason: "malformed pair, expect string=string".into() };
                return Err(ParseError::Flag { path: c.path.clone(), kind });
            };
            let (k, v) = (k.trim().to_string(), v.trim().to_string());
            match pairs.iter_mut().find(|(key, _)| *key == k) {
                Some(p) => p.1 = v,
                None => pairs.push((k, v)),
            }
        }
    }
    Ok(pairs)
}

/// `create secret docker-registry`: a config file (`--from-file`, under
/// `.dockerconfigjson` unless it names its key), or else a server, a user
/// name and a password, all needed (the server has a default, but an
/// empty one counts as missing).
fn docker_registry(c: &Ctx, name: String) -> Result<CreateWhat, ParseError> {
    let files = c.f.list("from-file");
    let append_hash = c.f.bool("append-hash");
    if !files.is_empty() {
        let files = files.iter().map(|f| if f.contains('=') { f.clone() } else { format!(".dockerconfigjson={f}") }).collect();
        let data = DataSources { literals: Vec::new(), files, env_files: Vec::new(), append_hash };
        return Ok(CreateWhat::Secret { name, type_: Some("kubernetes.io/dockerconfigjson".into()), data });
    }
    let server = if c.f.changed("docker-server") { c.f.str("docker-server").to_string() } else { "https://index.docker.io/v1/".into() };
    let (username, password) = (c.f.str("docker-username").to_string(), c.f.str("docker-password").to_string());
    if username.is_empty() || password.is_empty() || server.is_empty() {
        return Err(ParseError::Invalid("either --from-file or the combination of --docker-username, --docker-password and --docker-server is required".into()));
    }
    Ok(CreateWhat::DockerRegistrySecret { name, server, username, password, email: c.f.str("docker-email").to_string(), append_hash })
}

/// `create quota --hard`: `resource=quantity` pairs split at commas.
fn resource_list(spec: &str) -> Result<Vec<(String, kubeplay_model::Quantity)>, ParseError> {
    if spec.is_empty() {
        return Ok(Vec::new());
    }
    spec.split(',')
        .map(|statement| {
            let parts: Vec<&str> = statement.split('=').collect();
            let [resource, value] = parts.as_slice() else {
                return Err(ParseError::Invalid(format!("Invalid argument syntax {statement}, expected <resource>=<value>")));
            };
            let quantity = kubeplay_model::Quantity::parse(value).map_err(|e| ParseError::Invalid(e.to_string()))?;
            Ok((resource.to_string(), quantity))
        })
        .collect()
}

/// `create quota --scopes`: not checked against the known scopes (the API
/// server does that), only for empty ones.
fn quota_scopes(spec: &str) -> Result<Vec<String>, ParseError> {
    if spec.is_empty() {
        return Ok(Vec::new());
    }
    spec.split(',').map(|scope| if scope.is_empty() { Err(ParseError::Invalid("invalid resource quota scope \"\"".into())) } else { Ok(scope.to_string()) }).collect()
}

/// One `--tcp` value: `port[:target]`, the port name being the value with `:` as `-`.
fn tcp_port(spec: &str) -> Result<TcpPort, ParseError> {
    let mut parts = spec.split(':');
    let port_s = parts.next().unwrap_or("");
    // strconv.ParseUint(s, 10, 16): digits only, at most 65535.
    let bad = |why: &str| ParseError::Invalid(format!("strconv.ParseUint: parsing {}: {why}", gofmt::quote(port_s)));
    if port_s.is_empty() || !port_s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("invalid syntax"));
    }
    let port: u32 = port_s.parse().ok().filter(|p| *p <= 65535).ok_or_else(|| bad("value out of range"))?;
    let target = match parts.next() {
        None => port.to_string(),
        Some(t) => {
            // strconv.Atoi decides between a number and a named port.
            let errs = match t.parse::<i64>() {
                Ok(n) => kubeplay_model::names::is_valid_port_num(n),
                Err(_) => kubeplay_model::names::is_valid_port_name(t),
            };
            if !errs.is_empty() {
                return Err(ParseError::Invalid(errs.join(",")));
            }
            t.to_string()
        }
    };
    Ok(TcpPort { port: port as i32, target, name: spec.replace(':', "-") })
}

fn is_dns1123_subdomain(s: &str) -> bool {
    s.len() <= 253 && s.split('.').all(|l| !l.is_empty() && l.len() <= 63 && l.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') && !l.starts_with('-') && !l.ends_with('-'))
}

/// `--from-*` sources, with `Validate`'s check. The sources are read when
/// the object is built; literals are checked here too when nothing read
/// before them could fail first (a ConfigMap reads its files first).
fn data_sources(c: &Ctx, kind: &str, name: &str) -> Result<DataSources, ParseError> {
    let (literals, files, env_files) = (c.f.list("from-literal").to_vec(), c.f.list("from-file").to_vec(), c.f.list("from-env-file").to_vec());
    if !env_files.is_empty() && (!files.is_empty() || !literals.is_empty()) {
        return Err(ParseError::Invalid("from-env-file cannot be combined with from-file or from-literal".into()));
    }
    if kind == "Secret" || files.is_empty() {
        add_literals(kind, name, &literals, &mut Vec::new()).map_err(ParseError::Invalid)?;
    }
    Ok(DataSources { literals, files, env_files, append_hash: c.f.bool("append-hash") })
}

/// One data key for a ConfigMap or Secret, checked and refused when taken,
/// in the words of the kind's own kubectl helper.
pub fn add_data_pair(kind: &str, name: &str, key: &str, value: String, out: &mut Vec<(String, String)>) -> Result<(), String> {
    if let Some(e) = values::data_key_error(kind, key) {
        return Err(e);
    }
    if out.iter().any(|(k, _)| k == key) {
        return Err(if kind == "Secret" {
            format!("cannot add key {key}, another key by that name already exists")
        } else {
            format!("cannot add key {}, another key by that name already exists in Data for {kind} {}", gofmt::quote(key), gofmt::quote(name))
        });
    }
    out.push((key.to_string(), value));
    Ok(())
}

/// `--from-literal` values (`ParseLiteralSource`: a key before the first `=`).
pub fn add_literals(kind: &str, name: &str, literals: &[String], out: &mut Vec<(String, String)>) -> Result<(), String> {
    for spec in literals {
        let (k, v) = spec.split_once('=').filter(|(k, _)| !k.is_empty()).ok_or_else(|| format!("invalid literal source {spec}, expected key=value"))?;
        add_data_pair(kind, name, k, v.to_string(), out)?;
    }
    Ok(())
}

pub(super) fn run(c: &mut Ctx) -> Result<Command, ParseError> {
    // `kubectl run -- foo` names nothing: the words after `--` are the command.
    let name = c.args.first().cloned().filter(|_| c.f.args_len_at_dash != Some(0));
    let Some(name) = name else { return Err(c.usage("NAME is required for run")) };
    let (stdin, tty) = (c.f.bool("stdin"), c.f.bool("tty"));
    // -i attaches unless --attach says otherwise.
    let attach = if c.f.changed("attach") { c.f.bool("attach") } else { c.f.bool("attach") || stdin };
    // RunOptions.Run's checks, in its order, before the generator runs.
    let image = c.f.str("image");
    if kubeplay_engine::kubelet::image::ImageRef::parse(image).is_err() {
        return Err(ParseError::Invalid(format!("Invalid image name {}: invalid reference format", gofmt::quote(image))));
    }
    if tty && !stdin {
        return Err(c.usage("-i/--stdin is required for containers with -t/--tty=true"));
    }
    if c.f.bool("expose") && c.f.str("port").is_empty() {
        return Err(c.usage("--port must be set when exposing a service"));
    }
    let restart = c.f.str("restart").to_string();
    let restart = match restart.as_str() {
        "" if stdin => "OnFailure".to_string(),
        "" => "Always".to_string(),
        "Always" | "OnFailure" | "Never" => restart,
        _ => return Err(c.usage(format!("invalid restart policy: {restart}"))),
    };
    if c.f.bool("rm") && !attach {
        return Err(c.usage("--rm should only be used for attached containers"));
    }
    let write = c.write()?;
    if attach && write.dry_run != DryRun::None {
        return Err(c.usage("--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)"));
    }
    let pull = c.f.str("image-pull-policy");
    if !matches!(pull, "" | "Always" | "IfNotPresent" | "Never") {
        return Err(c.usage(format!("invalid image pull policy: {pull}")));
    }
    if attach {
        attachable(&c.args[1..], c.f.str("image"))?;
    }
    // The generator's parsing: env, labels, annotations, then the port.
    let mut env = Vec::new();
    for e in c.f.list("env") {
        // parseEnvs: a name before `=` that IsEnvVarName accepts.
        let (k, v) = e.split_once('=').filter(|(k, _)| values::env_name_errors(k).is_empty()).ok_or_else(|| ParseError::Invalid(format!("invalid env: {e}")))?;
        env.push((k.to_string(), v.to_string()));
    }
    let labels = match c.f.opt_str("labels") {
        None => Vec::new(),
        Some(l) => values::parse_kv_list(&l).ok_or_else(|| ParseError::Invalid(format!("unexpected label spec: {l}")))?,
    };
    let mut annotations = Vec::new();
    for a in c.f.list("annotations") {
        let (k, v) = a.split_once('=').ok_or_else(|| ParseError::Invalid(format!("invalid annotations format: {a}")))?;
        annotations.push((k.to_string(), v.to_string()));
    }
    let port = match c.f.opt_str("port") {
        None => None,
        Some(p) => Some(p.parse::<i32>().map_err(|_| ParseError::Invalid(format!("strconv.Atoi: parsing {}: invalid syntax", gofmt::quote(&p))))?),
    };
    Ok(Command::Run(Run {
        name,
        image: c.f.str("image").to_string(),
        port,
        env,
        labels,
        annotations,
        restart,
        args: c.args[1..].to_vec(),
        command: c.f.bool("command"),
        image_pull_policy: c.f.opt_str("image-pull-policy"),
        privileged: c.f.bool("privileged"),
        expose: c.f.bool("expose"),
        rm: c.f.bool("rm"),
        stdin,
        tty,
        attach,
        leave_stdin_open: c.f.bool("leave-stdin-open"),
        quiet: c.f.bool("quiet"),
        pod_running_timeout_ms: c.f.millis("pod-running-timeout"),
        overrides: c.f.opt_str("overrides"),
        override_type: c.f.str("override-type").to_string(),
        write,
    }))
}

/// What the playground can attach to: one command that ends, whose output
/// it knows, or a shell (reading the terminal with `-i`); not the image's
/// own server process.
fn attachable(args: &[String], image: &str) -> Result<(), ParseError> {
    if !args.is_empty() || crate::exec::container_shell::default_shell(image).is_some() {
        return Ok(());
    }
    Err(ParseError::Invalid(
        "(playground) attaching to the image's own process (a server that never ends) is not supported: the terminal cannot type into it or stop it; give one command after --, as in kubectl run tmp --rm -it --image=busybox --restart=Never -- wget -qO- http://web, or open a shell with kubectl run tmp --rm -it --image=busybox --restart=Never -- sh".into(),
    ))
}

pub(super) fn expose(c: &mut Ctx) -> Result<Command, ParseError> {
    let write = c.write()?;
    let output = c.output(Allowed::Objects)?;
    // expose's --selector is the new service's, not the builder's.
    c.no_kustomize()?;
    let files = c.files();
    let inputs = super::resources::BuildInputs { files: &files, recursive: c.f.bool("recursive"), ..Default::default() };
    let targets = super::resources::build(&c.args, &inputs)?;
    Ok(Command::Expose(Expose {
        targets,
        port: c.f.opt_str("port"),
        target_port: c.f.opt_str("target-port"),
        protocol: c.f.opt_str("protocol"),
        name: c.f.opt_str("name"),
        type_: c.f.opt_str("type"),
        labels: c.f.opt_str("labels"),
        selector: c.f.opt_str("selector"),
        cluster_ip: c.f.opt_str("cluster-ip"),
        external_ip: c.f.opt_str("external-ip"),
        load_balancer_ip: c.f.opt_str("load-balancer-ip"),
        session_affinity: c.f.opt_str("session-affinity"),
        overrides: c.f.opt_str("overrides"),
        override_type: c.f.str("override-type").to_string(),
        write: WriteOptions { output, ..write },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Port names as `kubectl create service clusterip x --tcp=… --dry-run=client -o yaml` prints them.
    #[test]
    fn tcp_specs() {
        assert_eq!(tcp_port("80").unwrap(), TcpPort { port: 80, target: "80".into(), name: "80".into() });
        assert_eq!(tcp_port("80:b").unwrap(), TcpPort { port: 80, target: "b".into(), name: "80-b".into() });
        assert_eq!(tcp_port("80:8080:9").unwrap().name, "80-8080-9");
        assert_eq!(tcp_port("a").unwrap_err().to_string(), "error: strconv.ParseUint: parsing \"a\": invalid syntax");
        assert_eq!(tcp_port("-1").unwrap_err().to_string(), "error: strconv.ParseUint: parsing \"-1\": invalid syntax");
        assert_eq!(tcp_port("70000").unwrap_err().to_string(), "error: strconv.ParseUint: parsing \"70000\": value out of range");
    }
}
