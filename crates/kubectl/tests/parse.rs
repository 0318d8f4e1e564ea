//! Command lines resolved end to end. Expected error texts are what real
//! kubectl v1.32 prints for the same line (checked with the installed
//! client; client-side errors need no cluster).

use kubeplay_kubectl::cli::*;
use kubeplay_kubectl::print::output::OutputFormat;
use kubeplay_kubectl::{parse_line, Line};
use kubeplay_model::Kind;

fn inv(line: &str) -> Invocation {
    match parse_line(line) {
        Ok(Line::Kubectl(i)) => i,
        other => panic!("{line}: {other:?}"),
    }
}

fn cmd(line: &str) -> Command {
    inv(line).command
}

fn err(line: &str) -> String {
    match parse_line(line) {
        Err(e) => e.to_string(),
        Ok(other) => panic!("{line}: expected an error, got {other:?}"),
    }
}

#[test]
fn get_forms() {
    let Command::Get(g) = cmd("kubectl get pods -n kube-system -o wide --show-labels") else { panic!() };
    assert_eq!(g.targets, Targets::List { kinds: vec![Kind::Pod], selector: None, field_selector: None });
    assert_eq!(g.output, OutputFormat::Wide);
    assert!(g.show_labels);
    assert_eq!(inv("kubectl get pods -n kube-system").namespace.as_deref(), Some("kube-system"));
    assert_eq!(inv("kubectl -n kube-system get pods").namespace.as_deref(), Some("kube-system"));
    assert_eq!(inv("kubectl get --namespace=a po").namespace.as_deref(), Some("a"));
    let Command::Get(g) = cmd("kubectl get deploy,rs,po -l app=nginx -L tier") else { panic!() };
    assert_eq!(g.targets, Targets::List { kinds: vec![Kind::Deployment, Kind::ReplicaSet, Kind::Pod], selector: Some("app=nginx".into()), field_selector: None });
    assert_eq!(g.label_columns, ["tier"]);
    let Command::Get(g) = cmd("kubectl get deployment/nginx -o jsonpath='{.spec.replicas}'") else { panic!() };
    assert_eq!(g.targets, Targets::Named(vec![(Kind::Deployment, "nginx".into())]));
    assert_eq!(g.output, OutputFormat::JsonPath { template: "{.spec.replicas}".into(), allow_missing: true });
    let Command::Get(g) = cmd("kubectl get all -A") else { panic!() };
    assert!(g.all_namespaces);
    assert_eq!(g.targets.kinds().len(), 10);
}

#[test]
fn root_errors() {
    assert_eq!(err("kubectl foo"), "error: unknown command \"foo\" for \"kubectl\"\n\nDid you mean this?\n\ttop");
    // A flag first when no command is found: kubectl's plugin lookup
    // refuses it, unless the first word is cobra's help.
    for (line, flag) in [
        ("kubectl -A get pods", "-A"),
        ("kubectl --foo get pods", "--foo"),
        ("kubectl -n default help", "-n"),
        ("kubectl -n x foo", "-n"),
    ] {
        assert_eq!(err(line), format!("Error: flags cannot be placed before plugin name: {flag}"), "{line}");
    }
    assert_eq!(err("kubectl -A foo"), "error: unknown shorthand flag: 'A' in -A\nSee 'kubectl --help' for usage.");
    assert_eq!(err("kubectl foo -A"), "error: unknown command \"foo\" for \"kubectl\"\n\nDid you mean this?\n\ttop");
    assert!(parse_line("kubectl -n x alpha").is_ok());
    assert!(parse_line("kubectl -n x get pods").is_ok());
    assert!(parse_line("kubectl help -n x").is_ok());
    assert_eq!(err("kubectl start service x"), "error: unknown command \"start\" for \"kubectl\"");
    assert_eq!(err("kubectl appy -f x.yaml"), "error: unknown command \"appy\" for \"kubectl\"\n\nDid you mean this?\n\tapply");
    assert_eq!(err("kubectl -n"), "error: flag needs an argument: 'n' in -n\nSee 'kubectl --help' for usage.");
    assert!(matches!(cmd("kubectl"), Command::Help { .. }));
    assert!(matches!(cmd("kubectl get --help"), Command::Help { .. }));
    assert!(matches!(cmd("kubectl rollout"), Command::Help { .. }));
}

#[test]
fn flag_errors_name_the_command() {
    // Flag errors print as `error:`, as every other error (kubectl v1.29 to v1.33, each case run).
    assert_eq!(err("kubectl get --foo"), "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.");
    // pflag names an unknown flag without the value given with it
    // (`kubectl run x --image=nginx --requests=cpu=100m` in kubectl v1.32).
    assert_eq!(err("kubectl run x --image=nginx --requests=cpu=100m"), "error: unknown flag: --requests\nSee 'kubectl run --help' for usage.");
    assert_eq!(err("kubectl get -z"), "error: unknown shorthand flag: 'z' in -z\nSee 'kubectl get --help' for usage.");
    assert_eq!(err("kubectl get pods --no-headers=maybe"), "error: invalid argument \"maybe\" for \"--no-headers\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax\nSee 'kubectl get --help' for usage.");
    assert_eq!(err("kubectl scale --replicas=x deploy/a"), "error: invalid argument \"x\" for \"--replicas\" flag: strconv.ParseInt: parsing \"x\": invalid syntax\nSee 'kubectl scale --help' for usage.");
    assert_eq!(err("kubectl create deployment x --image=nginx --replicas=x"), "error: invalid argument \"x\" for \"-r, --replicas\" flag: strconv.ParseInt: parsing \"x\": invalid syntax\nSee 'kubectl create deployment --help' for usage.");
    assert_eq!(err("kubectl apply -f"), "error: flag needs an argument: 'f' in -f\nSee 'kubectl apply --help' for usage.");
    assert_eq!(err("kubectl delete pod/red --force --grace-period"), "error: flag needs an argument: --grace-period\nSee 'kubectl delete --help' for usage.");
    assert_eq!(err("kubectl create deployment x --image=nginx --record"), "error: unknown flag: --record\nSee 'kubectl create deployment --help' for usage.");
}

#[test]
fn group_and_subcommand_errors() {
    assert_eq!(err("kubectl rollout foo"), "error: unknown command \"foo\"\nSee 'kubectl rollout -h' for help and examples");
    assert_eq!(err("kubectl set foo"), "error: unknown command \"foo\"\nSee 'kubectl set -h' for help and examples");
    assert_eq!(err("kubectl create foo"), "error: Unexpected args: [foo]\nSee 'kubectl create -h' for help and examples");
    // proxy.go's Complete and Validate (the playground runs the rest).
    let Command::Proxy(p) = cmd("kubectl proxy -p 0 --api-prefix=/k8s-api --address 0.0.0.0") else { panic!() };
    assert_eq!((p.port, p.api_prefix.as_str(), p.address.as_str()), (0, "/k8s-api/", "0.0.0.0"));
    assert_eq!(err("kubectl proxy --port=8002 --unix-socket=/tmp/s"), "error: cannot set --unix-socket and --port at the same time");
    assert_eq!(err("kubectl proxy --port=abc"), "error: invalid argument \"abc\" for \"-p, --port\" flag: strconv.ParseInt: parsing \"abc\": invalid syntax\nSee 'kubectl proxy --help' for usage.");
    // Their own flags (unknown to the playground) do not turn this into a flag error.
    assert_eq!(err("kubectl plugin list --name-only"), "error: (playground) \"kubectl plugin\" is not supported by the simulated cluster");
    // cp.go's Validate; the file specs are read as it runs.
    let Command::Cp(c) = cmd("kubectl cp -c app web:/etc/hosts hosts --no-preserve") else { panic!() };
    assert_eq!((c.src.as_str(), c.dest.as_str(), c.container.as_deref(), c.no_preserve), ("web:/etc/hosts", "hosts", Some("app"), true));
    assert_eq!(err("kubectl cp a b c"), "error: source and destination are required");
    // portforward.go's Complete: arguments, then the timeout, then the type.
    assert_eq!(err("kubectl port-forward web"), "error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples");
    assert_eq!(err("kubectl port-forward web 80 --pod-running-timeout=0s"), "error: --pod-running-timeout must be higher than zero\nSee 'kubectl port-forward -h' for help and examples");
    assert_eq!(err("kubectl port-forward foo/web 80"), "error: the server doesn't have a resource type \"foo\"");
    let Command::PortForward(p) = cmd("kubectl port-forward --address 0.0.0.0,localhost svc/web 8080:80 :http") else { panic!() };
    assert_eq!((p.kind, p.name.as_str(), p.ports.join(" "), p.addresses.join(",")), (Kind::Service, "web", "8080:80 :http".to_string(), "0.0.0.0,localhost".to_string()));
    let Command::PortForward(p) = cmd("kubectl port-forward web 8080") else { panic!() };
    assert_eq!((p.kind, p.addresses.join(","), p.timeout_ms), (Kind::Pod, "localhost".to_string(), 60_000));
    assert_eq!(err("kubectl exec web ls"), "error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples");
    assert_eq!(err("kubectl exec"), "error: pod, type/name or --filename must be specified");
    assert_eq!(err("kubectl exec web"), "error: you must specify at least one command for the container");
    let Command::Exec(x) = cmd("kubectl exec -c app deploy/web -- printenv HOME") else { panic!() };
    assert_eq!((x.kind, x.name.as_str(), x.container.as_deref(), x.command.join(" ")), (kubeplay_model::Kind::Deployment, "web", Some("app"), "printenv HOME".to_string()));
}

#[test]
fn apply_view_last_applied() {
    let view = |line: &str| match cmd(line) {
        Command::ViewLastApplied(v) => v,
        other => panic!("{line}: {other:?}"),
    };
    let v = view("kubectl apply view-last-applied deploy/web");
    assert_eq!((v.targets, v.output), (Targets::Named(vec![(Kind::Deployment, "web".into())]), LastAppliedFormat::Yaml));
    // -f before the subcommand's name is still its flag, as cobra finds it.
    let v = view("kubectl apply -f - view-last-applied -o json");
    assert_eq!((v.targets, v.output), (Targets::Files { paths: vec!["-".into()], recursive: false, selector: None }, LastAppliedFormat::Json));
    // kubectl checks -o only when it has something to print.
    assert_eq!(view("kubectl apply view-last-applied cm x -o wide").output, LastAppliedFormat::Unexpected("wide".into()));
    // -n makes a lone type list everything (kubectl passes it as allowEmptySelector).
    assert_eq!(view("kubectl -n default apply view-last-applied cm").targets, Targets::List { kinds: vec![Kind::ConfigMap], selector: None, field_selector: None });
    assert_eq!(err("kubectl apply view-last-applied cm"), "error: resource(s) were provided, but no name was specified");
    assert_eq!(err("kubectl -n default apply view-last-applied cm --all"), "error: setting 'all' parameter but found a non empty selector. ");
    assert_eq!(err("kubectl apply view-last-applied cm -l a=b --all"), "error: found non-empty label selector \"a=b\" with previously set 'all' parameter. ");
    assert_eq!(err("kubectl apply view-last-applied -l a=b"), "error: at least one resource must be specified to use a selector");
    // The playground has no flag table for what it does not implement, so
    // their flags do not turn into flag errors.
    assert_eq!(err("kubectl apply edit-last-applied deploy/web --output-patch"), "error: unknown flag: --output-patch\nSee 'kubectl apply edit-last-applied --help' for usage.");
    assert!(matches!(cmd("kubectl config set-credentials u --token=abc"), Command::Config(kubeplay_kubectl::cli::ConfigCommand::SetCredentials(s)) if s.name == "u" && s.token.as_deref() == Some("abc")));
    assert_eq!(err("kubectl create secret tls t --cert=a.crt"), "error: key and cert must be specified");
    assert_eq!(err("kubectl apply foo -f x.yaml"), "error: Unexpected args: [foo]\nSee 'kubectl apply -h' for help and examples");
    assert!(matches!(cmd("kubectl apply -f x.yaml"), Command::Apply(_)));
    // set-last-applied takes files only; its arguments are ignored.
    assert!(matches!(cmd("kubectl apply set-last-applied x -f x.yaml --create-annotation"), Command::SetLastApplied(s) if s.create_annotation && s.files == ["x.yaml"]));
    assert!(err("kubectl apply set-last-applied").starts_with("error: You must provide one or more resources by argument or filename."));
    assert!(err("kubectl apply set-last-applied -k dir").starts_with("error: unknown shorthand flag: 'k'"));
}

#[test]
fn get_and_describe_errors() {
    assert_eq!(
        err("kubectl get"),
        "You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples"
    );
    assert_eq!(err("kubectl get foo"), "error: the server doesn't have a resource type \"foo\"");
    assert_eq!(err("kubectl get pod/red -o yaml ? red.yaml"), "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'");
    assert_eq!(err("kubectl get --show-labels -o yaml pods"), "error: --show-labels option cannot be used with yaml printer");
    assert_eq!(err("kubectl describe"), "error: You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.");
    assert_eq!(err("kubectl get pods -o foo"), "error: unable to match a printer suitable for the output format \"foo\", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml");
}

#[test]
fn required_flags_and_usage() {
    assert_eq!(err("kubectl create deployment"), "error: required flag(s) \"image\" not set");
    assert_eq!(err("kubectl create deployment x y --image=a"), "error: exactly one NAME is required, got 2\nSee 'kubectl create deployment -h' for help and examples");
    assert_eq!(err("kubectl create deployment x --image=a --image=b -- sleep 1"), "error: cannot specify multiple --image options and command");
    assert_eq!(err("kubectl scale deploy/x"), "error: required flag(s) \"replicas\" not set");
    assert_eq!(err("kubectl scale deploy/x --replicas=-1"), "error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0");
    assert_eq!(err("kubectl autoscale deploy/x"), "error: required flag(s) \"max\" not set");
    assert_eq!(err("kubectl autoscale deploy/x --max=0"), "error: --max=MAXPODS is required and must be at least 1, max: 0");
    assert_eq!(err("kubectl autoscale deploy/x --max=2 --min=3"), "error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 2, min: 3");
    assert_eq!(err("kubectl create cronjob x --image=a"), "error: required flag(s) \"schedule\" not set");
    assert_eq!(err("kubectl create service externalname x"), "error: required flag(s) \"external-name\" not set");
    assert_eq!(err("kubectl create service clusterip"), "error: exactly one NAME is required, got 0\nSee 'kubectl create service clusterip -h' for help and examples");
    assert_eq!(err("kubectl create service clusterip x"), "error: at least one tcp port specifier must be provided");
    assert_eq!(err("kubectl create job x"), "error: either --image or --from must be specified");
    assert_eq!(err("kubectl create configmap x --from-literal=a"), "error: invalid literal source a, expected key=value");
    assert_eq!(err("kubectl create configmap x --from-literal=a=b --from-literal=a=c"), "error: cannot add key \"a\", another key by that name already exists in Data for ConfigMap \"x\"");
    assert_eq!(err("kubectl create namespace x y"), "error: exactly one NAME is required, got 2\nSee 'kubectl create namespace -h' for help and examples");
    assert_eq!(err("kubectl run x"), "error: required flag(s) \"image\" not set");
    assert_eq!(err("kubectl run x --image=nginx --restart=Foo"), "error: invalid restart policy: Foo\nSee 'kubectl run -h' for help and examples");
    assert_eq!(err("kubectl run x --image=nginx --port=abc"), "error: strconv.Atoi: parsing \"abc\": invalid syntax");
    assert_eq!(err("kubectl run x --image=nginx --env=FOO"), "error: invalid env: FOO");
    assert_eq!(err("kubectl run x --image=nginx --labels=a"), "error: unexpected label spec: a");
    assert_eq!(err("kubectl apply"), "error: must specify one of -f and -k");
    assert_eq!(err("kubectl apply foo"), "error: Unexpected args: [foo]\nSee 'kubectl apply -h' for help and examples");
    assert_eq!(err("kubectl replace"), "error: must specify one of -f and -k");
    assert_eq!(err("kubectl create deployment x --image=nginx -o foo"), "error: unable to match a printer suitable for the output format \"foo\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml");
    assert_eq!(err("kubectl create deployment x --image=nginx -o jsonpath"), "error: template format specified but no template given");
}

#[test]
fn mutation_command_errors() {
    assert_eq!(err("kubectl delete"), "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'");
    assert_eq!(err("kubectl delete pods --all x"), "error: name cannot be provided when a selector is specified");
    assert_eq!(err("kubectl delete --cascade=foo pod x"), "error: invalid cascade value (foo). Must be \"background\", \"foreground\", or \"orphan\"");
    assert_eq!(err("kubectl delete pod x --now --grace-period=5"), "error: --now and --grace-period cannot be specified together");
    assert_eq!(err("kubectl label"), "error: one or more resources must be specified as <resource> <name> or <resource>/<name>");
    assert_eq!(err("kubectl label pods x"), "error: at least one label update is required");
    assert_eq!(err("kubectl annotate pods x"), "error: at least one annotation update is required");
    assert_eq!(err("kubectl set image"), "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'");
    assert_eq!(err("kubectl patch deploy/x"), "error: must specify --patch or --patch-file containing the contents of the patch");
    assert_eq!(err("kubectl patch deploy/x -p '{}' --type=foo"), "error: --type must be one of [json merge strategic], not \"foo\"");
    assert_eq!(err("kubectl edit"), "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'");
    assert_eq!(err("kubectl rollout status"), "error: required resource not specified");
    assert_eq!(err("kubectl rollout history deploy/x --revision=-1"), "error: revision must be a positive integer: -1");
    assert_eq!(err("kubectl taint"), "error: one or more resources must be specified as <resource> <name>");
    assert_eq!(err("kubectl taint nodes n1"), "error: at least one taint update is required");
    assert_eq!(err("kubectl taint nodes n1 foo=bar:Bad"), "error: invalid taint effect: Bad, unsupported taint effect\nSee 'kubectl taint -h' for help and examples");
    assert_eq!(err("kubectl taint nodes n1 foo:NoSchedule x"), "error: all resources must be specified before taint changes: x");
    assert_eq!(err("kubectl cordon"), "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples");
    assert_eq!(err("kubectl drain"), "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples");
    assert_eq!(err("kubectl logs"), "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples");
    assert_eq!(err("kubectl top pod --containers x y"), "error: pod [NAME | -l label]\nSee 'kubectl top pod -h' for help and examples");
    assert_eq!(err("kubectl wait pod/x --for=foo"), "error: unrecognized condition: \"foo\"");
    assert_eq!(err("kubectl wait"), "error: unrecognized condition: \"\"");
    assert_eq!(err("kubectl explain"), "error: You must specify the type of resource to explain. Use \"kubectl api-resources\" for a complete list of supported resources.");
    assert_eq!(err("kubectl api-resources -o foo"), "error: --output foo is not available");
    assert_eq!(err("kubectl version --output=foo"), "error: --output must be 'yaml' or 'json'");
}

#[test]
fn delete_options() {
    let i = inv("kubectl delete pod x --force --grace-period=0");
    let Command::Delete(d) = &i.command else { panic!() };
    assert_eq!((d.grace_period, d.force, d.wait), (Some(0), true, true));
    assert_eq!(i.warnings, ["Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely."]);
    let Command::Delete(d) = cmd("kubectl delete pod x --grace-period=0") else { panic!() };
    assert_eq!(d.grace_period, Some(1));
    let Command::Delete(d) = cmd("kubectl delete deploy -l app=web --cascade=foreground --wait=false") else { panic!() };
    assert_eq!((d.cascade, d.wait, d.ignore_not_found), (Cascade::Foreground, false, true));
    let i = inv("kubectl delete --cascade=false pod x");
    assert_eq!(i.warnings, ["warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan."]);
}

#[test]
fn record_writes_the_command_line() {
    let i = inv("kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1 --record");
    assert_eq!(i.change_cause.as_deref(), Some("kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1 --record=true"));
    assert_eq!(i.warnings, ["Flag --record has been deprecated, --record will be removed in the future"]);
    let i = inv("kubectl apply -f https://k8s.io/examples/controllers/nginx-deployment.yaml --record");
    assert_eq!(i.change_cause.as_deref(), Some("kubectl apply --filename=https://k8s.io/examples/controllers/nginx-deployment.yaml --record=true"));
    assert_eq!(inv("kubectl scale deploy/x --replicas=2").change_cause, None);
    assert_eq!(inv("kubectl scale deploy/x --replicas=2 --record=false").change_cause, None);
}

#[test]
fn set_label_taint_shapes() {
    let Command::SetImage(s) = cmd("kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1") else { panic!() };
    assert_eq!(s.images, vec![("nginx".to_string(), "nginx:1.9.1".to_string())]);
    assert_eq!(s.targets, Targets::Named(vec![(Kind::Deployment, "nginx-deployment".into())]));
    let Command::Label(l) = cmd("kubectl label pods web tier=fe env- --overwrite") else { panic!() };
    assert_eq!((l.set.len(), l.remove.clone(), l.overwrite), (1, vec!["env".to_string()], true));
    let Command::Taint(t) = cmd("kubectl taint nodes n1 n2 dedicated=gpu:NoSchedule old:NoExecute-") else { panic!() };
    assert_eq!(t.targets, Targets::Named(vec![(Kind::Node, "n1".into()), (Kind::Node, "n2".into())]));
    assert_eq!(t.add[0].effect, "NoSchedule");
    assert_eq!(t.remove[0].effect.as_deref(), Some("NoExecute"));
    let Command::Rollout(r) = cmd("kubectl rollout undo deployment/nginx --to-revision=2") else { panic!() };
    assert_eq!(r.action, RolloutAction::Undo { to_revision: Some(2), write: WriteOptions { field_manager: String::new(), ..Default::default() } });
    let Command::Wait(w) = cmd("kubectl wait --for=condition=Available deploy/web --timeout=60s") else { panic!() };
    assert_eq!((w.for_, w.timeout_ms), (WaitFor::Condition { type_: "Available".into(), status: "true".into() }, 60_000));
    let Command::Wait(w) = cmd("kubectl wait pod/x --for=jsonpath='{.status.phase}'=Running") else { panic!() };
    assert_eq!(w.for_, WaitFor::JsonPath { path: "{.status.phase}".into(), value: Some("Running".into()) });
    let Command::Logs(l) = cmd("kubectl logs deploy/web -c app --previous") else { panic!() };
    assert_eq!((l.object, l.container, l.previous), (Some((Kind::Deployment, "web".into())), Some("app".into()), true));
    let Command::Create(c) = cmd("kubectl create deployment web --image=nginx --replicas=3 --port=80") else { panic!() };
    assert_eq!(c.what, CreateWhat::Deployment { name: "web".into(), images: vec!["nginx".into()], port: Some(80), replicas: 3, command: vec![] });
    let Command::Create(c) = cmd("kubectl create job hello --image=busybox -- echo hi") else { panic!() };
    assert_eq!(c.what, CreateWhat::Job { name: "hello".into(), image: Some("busybox".into()), from: None, command: vec!["echo".into(), "hi".into()] });
    let Command::Explain(e) = cmd("kubectl explain deploy.spec.strategy") else { panic!() };
    assert_eq!((e.kind, e.fields), (Kind::Deployment, vec!["spec".to_string(), "strategy".to_string()]));
}
