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
        "create priorityclass" => CreateWhat::PriorityClass {
            name,
            value: c.f.int("value") as i32,
            global_default: c.f.bool("global-default"),
            description: c.f.str("description").to_string(),
            preemption_policy: if c.f.changed("preemption-policy") { c.f.str("preemption-policy").to_string() } else { "PreemptLowerPriority".into() },
        },
        "create quota" => CreateWhat::Quota { hard: resource_list(c.f.str("hard"))?, scopes: quota_scopes(c.f.str("scopes"))?, name },
        "create secret docker-registry" => docker_registry(c, name)?,
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

/// `create secret docker-registry`: a server, a user name and a password
/// are all needed (the server has a default, but an empty one counts as
/// missing).
fn docker_registry(c: &Ctx, name: String) -> Result<CreateWhat, ParseError> {
    if !c.f.list("from-file").is_empty() {
        return Err(ParseError::Invalid("(playground) --from-file is not supported for docker-registry secrets: give --docker-server, --docker-username and --docker-password".into()));
    }
    if c.f.bool("append-hash") {
        return Err(ParseError::Invalid("(playground) --append-hash is not supported".into()));
    }
    let server = if c.f.changed("docker-server") { c.f.str("docker-server").to_string() } else { "https://index.docker.io/v1/".into() };
    let (username, password) = (c.f.str("docker-username").to_string(), c.f.str("docker-password").to_string());
    if username.is_empty() || password.is_empty() || server.is_empty() {
        return Err(ParseError::Invalid("either --from-file or the combination of --docker-username, --docker-password and --docker-server is required".into()));
    }
    Ok(CreateWhat::DockerRegistrySecret { name, server, username, password, email: c.f.str("docker-email").to_string() })
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
    let target = parts.next().map(str::to_string).unwrap_or_else(|| port.to_string());
    Ok(TcpPort { port: port as i32, target, name: spec.replace(':', "-") })
}

fn is_dns1123_subdomain(s: &str) -> bool {
    s.len() <= 253 && s.split('.').all(|l| !l.is_empty() && l.len() <= 63 && l.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') && !l.starts_with('-') && !l.ends_with('-'))
}

fn data_sources(c: &Ctx, kind: &str, name: &str) -> Result<DataSources, ParseError> {
    let mut literals: Vec<(String, String)> = Vec::new();
    for lit in c.f.list("from-literal") {
        let (k, v) = lit.split_once('=').filter(|(k, _)| !k.is_empty()).ok_or_else(|| ParseError::Invalid(format!("invalid literal source {lit}, expected key=value")))?;
        // Checked key by key, before the duplicate check, as kubectl does.
        if let Some(e) = values::data_key_error(kind, k) {
            return Err(ParseError::Invalid(e));
        }
        if literals.iter().any(|(existing, _)| existing == k) {
            return Err(ParseError::Invalid(format!("cannot add key {}, another key by that name already exists in Data for {kind} {}", gofmt::quote(k), gofmt::quote(name))));
        }
        literals.push((k.to_string(), v.to_string()));
    }
    Ok(DataSources { literals, files: c.f.list("from-file").to_vec(), env_files: c.f.list("from-env-file").to_vec(), append_hash: c.f.bool("append-hash") })
}

pub(super) fn run(c: &mut Ctx) -> Result<Command, ParseError> {
    let Some(name) = c.args.first().cloned() else { return Err(c.usage("NAME is required for run")) };
    let (stdin, tty, attach) = (c.f.bool("stdin"), c.f.bool("tty"), c.f.bool("attach"));
    if stdin || tty || attach {
        return Err(ParseError::Invalid("(playground) interactive pods (-i, -t, --attach) are not supported; use kubectl logs to read a pod's output".into()));
    }
    // RunOptions.Run's checks, in its order, before the generator runs.
    if c.f.bool("expose") && c.f.str("port").is_empty() {
        return Err(c.usage("--port must be set when exposing a service"));
    }
    let restart = c.f.str("restart").to_string();
    if !matches!(restart.as_str(), "Always" | "OnFailure" | "Never") {
        return Err(c.usage(format!("invalid restart policy: {restart}")));
    }
    if c.f.bool("rm") {
        return Err(c.usage("--rm should only be used for attached containers"));
    }
    let pull = c.f.str("image-pull-policy");
    if !matches!(pull, "" | "Always" | "IfNotPresent" | "Never") {
        return Err(c.usage(format!("invalid image pull policy: {pull}")));
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
        let (k, v) = a.split_once('=').ok_or_else(|| ParseError::Invalid(format!("invalid annotation spec: {a}")))?;
        annotations.push((k.to_string(), v.to_string()));
    }
    let port = match c.f.opt_str("port") {
        None => None,
        Some(p) => Some(p.parse::<i32>().map_err(|_| ParseError::Invalid(format!("strconv.Atoi: parsing {}: invalid syntax", gofmt::quote(&p))))?),
    };
    let write = c.write()?;
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
        rm: false,
        stdin,
        tty,
        attach,
        overrides: c.f.opt_str("overrides"),
        override_type: c.f.str("override-type").to_string(),
        write,
    }))
}

pub(super) fn expose(c: &mut Ctx) -> Result<Command, ParseError> {
    let write = c.write()?;
    let output = c.output(Allowed::Objects)?;
    let targets = c.targets(&c.args.clone(), false)?;
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
