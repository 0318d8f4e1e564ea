//! `kubectl describe` for the policy objects: PriorityClasses,
//! PodDisruptionBudgets, ResourceQuotas and LimitRanges, plus the quota and
//! limit tables the namespace page shares with them.

use super::{finish_with_events, Writer};
use crate::print::format::{label_selector, labels};
use kubeplay_model::api::{Event, LimitRange, LimitRangeSpec, PodDisruptionBudget, PriorityClass, ResourceList, ResourceQuota};
use kubeplay_model::{Quantity, Time};
use std::collections::BTreeSet;

/// `describePriorityClass`: annotations on one line, as `FormatLabels`.
pub fn describe_priority_class(pc: &PriorityClass, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    w.write(0, &format!("Name:\t{}\n", pc.metadata.name));
    w.write(0, &format!("Value:\t{}\n", pc.value));
    w.write(0, &format!("GlobalDefault:\t{}\n", pc.global_default.unwrap_or(false)));
    w.write(0, &format!("PreemptionPolicy:\t{}\n", pc.preemption_policy.as_deref().unwrap_or("")));
    w.write(0, &format!("Description:\t{}\n", pc.description.as_deref().unwrap_or("")));
    w.write(0, &format!("Annotations:\t{}\n", labels(&pc.metadata.annotations)));
    finish_with_events(w, events, now)
}

/// `describePodDisruptionBudgetV1`: the status figures sit two levels in.
pub fn describe_pdb(pdb: &PodDisruptionBudget, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let (spec, st) = (&pdb.spec, &pdb.status);
    w.write(0, &format!("Name:\t{}\n", pdb.metadata.name));
    w.write(0, &format!("Namespace:\t{}\n", pdb.metadata.namespace));
    if let Some(min) = &spec.min_available {
        w.write(0, &format!("Min available:\t{min}\n"));
    } else if let Some(max) = &spec.max_unavailable {
        w.write(0, &format!("Max unavailable:\t{max}\n"));
    }
    match &spec.selector {
        Some(s) => w.write(0, &format!("Selector:\t{}\n", label_selector(Some(s)))),
        None => w.write(0, "Selector:\t<unset>\n"),
    }
    w.write(0, "Status:\n");
    w.write(2, &format!("Allowed disruptions:\t{}\n", st.disruptions_allowed));
    w.write(2, &format!("Current:\t{}\n", st.current_healthy));
    w.write(2, &format!("Desired:\t{}\n", st.desired_healthy));
    w.write(2, &format!("Total:\t{}\n", st.expected_pods));
    finish_with_events(w, events, now)
}

/// `helpTextForResourceQuotaScope`.
fn scope_help(scope: &str) -> Option<&'static str> {
    Some(match scope {
        "Terminating" => "Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.",
        "NotTerminating" => "Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.",
        "BestEffort" => "Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.",
        "NotBestEffort" => "Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.",
        _ => return None,
    })
}

/// The `Scopes:` line and each scope's help text, at `level`, with the
/// bullet text kubectl uses there (`" * "` on the quota page, `"* "` on the
/// namespace page).
fn write_scopes(w: &mut Writer, q: &ResourceQuota, level: usize, bullet: &str) {
    let mut scopes = q.spec.scope_names();
    kubeplay_model::sort::sort(&mut scopes);
    if scopes.is_empty() {
        return;
    }
    w.write(level, &format!("Scopes:\t{}\n", scopes.join(", ")));
    for help in scopes.iter().filter_map(|s| scope_help(s)) {
        w.write(level, &format!("{bullet}{help}\n"));
    }
}

/// `describeQuota`. Unlike the namespace page, its rule is four dashes wide
/// and a used figure is reprinted in the hard limit's format.
pub fn describe_quota(q: &ResourceQuota) -> String {
    let mut w = Writer::new();
    w.write(0, &format!("Name:\t{}\n", q.metadata.name));
    w.write(0, &format!("Namespace:\t{}\n", q.metadata.namespace));
    write_scopes(&mut w, q, 0, " * ");
    w.write(0, "Resource\tUsed\tHard\n");
    w.write(0, "--------\t----\t----\n");
    for (name, hard) in &q.status.hard {
        let mut used = q.status.used.get(name).cloned().unwrap_or_default();
        if used.format() != hard.format() {
            used = Quantity::new(used.value(), hard.format());
        }
        w.write(0, &format!("{name}\t{used}\t{hard}\n"));
    }
    w.finish()
}

/// `DescribeResourceQuotas`: the namespace page's quota tables, by quota name.
pub(super) fn describe_quotas(w: &mut Writer, quotas: &[&ResourceQuota]) {
    if quotas.is_empty() {
        w.write(0, "No resource quota.\n");
        return;
    }
    let mut sorted = quotas.to_vec();
    kubeplay_model::sort::sort_by(&mut sorted, |a, b| a.metadata.name.cmp(&b.metadata.name));
    w.write(0, "Resource Quotas\n");
    for q in sorted {
        w.write(1, &format!("Name:\t{}\n", q.metadata.name));
        write_scopes(w, q, 1, "* ");
        w.write(1, "Resource\tUsed\tHard\n");
        w.write(1, "--------\t---\t---\n");
        for (name, hard) in &q.status.hard {
            let used = q.status.used.get(name).cloned().unwrap_or_default();
            w.write(1, &format!("{name}\t{used}\t{hard}\n"));
        }
    }
}

/// `describeLimitRangeSpec`: one row per limit item and resource, `-` where
/// a column has no value. describe.go walks a Go map of resource names
/// here; sorted names keep the output stable.
fn limit_range_rows(w: &mut Writer, spec: &LimitRangeSpec, prefix: &str) {
    for item in &spec.limits {
        let lists = [&item.min, &item.max, &item.default_request, &item.default, &item.max_limit_request_ratio];
        let names: BTreeSet<&String> = lists.iter().flat_map(|l| l.keys()).collect();
        for n in names {
            let cell = |l: &ResourceList| l.get(n).map_or_else(|| "-".to_string(), |q| q.to_string());
            let cells: Vec<String> = lists.iter().map(|l| cell(l)).collect();
            w.write(0, &format!("{prefix}{}\t{n}\t{}\n", item.type_, cells.join("\t")));
        }
    }
}

const LIMIT_HEADER: &str = "Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n";
const LIMIT_RULE: &str = "----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n";

/// `describeLimitRange`: no labels, annotations or events.
pub fn describe_limit_range(lr: &LimitRange) -> String {
    let mut w = Writer::new();
    w.write(0, &format!("Name:\t{}\n", lr.metadata.name));
    w.write(0, &format!("Namespace:\t{}\n", lr.metadata.namespace));
    w.write(0, LIMIT_HEADER);
    w.write(0, LIMIT_RULE);
    limit_range_rows(&mut w, &lr.spec, "");
    w.finish()
}

/// `DescribeLimitRanges`: the namespace page's merged table, indented one space.
pub(super) fn describe_limit_ranges(w: &mut Writer, ranges: &[&LimitRange]) {
    if ranges.is_empty() {
        w.write(0, "No LimitRange resource.\n");
        return;
    }
    w.write(0, &format!("Resource Limits\n {LIMIT_HEADER}"));
    w.write(0, &format!(" {LIMIT_RULE}"));
    for lr in ranges {
        limit_range_rows(w, &lr.spec, " ");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::LimitRangeItem;
    use kubeplay_model::{IntOrString, LabelSelector, ObjectMeta};
    use serde_json::json;

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn meta(name: &str, namespace: &str) -> ObjectMeta {
        ObjectMeta { name: name.into(), namespace: namespace.into(), ..Default::default() }
    }

    fn list(pairs: &[(&str, &str)]) -> ResourceList {
        pairs.iter().map(|(k, v)| (k.to_string(), Quantity::parse(v).unwrap())).collect()
    }

    // describe_test.go's TestDescribePriorityClass cases, laid out in full.
    #[test]
    fn priority_class_pages() {
        let cases = [
            (PriorityClass { metadata: meta("bar", ""), value: 10, preemption_policy: Some("PreemptLowerPriority".into()), description: Some("test1".into()), ..Default::default() }, "bar", "10", "false", "PreemptLowerPriority", "test1"),
            (PriorityClass { metadata: meta("bar", ""), value: 100, global_default: Some(true), preemption_policy: Some("Never".into()), description: Some("test2".into()) }, "bar", "100", "true", "Never", "test2"),
        ];
        for (pc, name, value, global, policy, desc) in cases {
            let want = format!(
                "Name:              {name}\nValue:             {value}\nGlobalDefault:     {global}\nPreemptionPolicy:  {policy}\nDescription:       {desc}\nAnnotations:       <none>\nEvents:            <none>\n"
            );
            assert_eq!(describe_priority_class(&pc, Some(&[]), NOW), want);
        }
        let mut pc = PriorityClass { metadata: meta("x", ""), ..Default::default() };
        pc.metadata.annotations = [("b".to_string(), "2".to_string()), ("a".to_string(), "1".to_string())].into_iter().collect::<std::collections::BTreeMap<_, _>>().into();
        assert!(describe_priority_class(&pc, None, NOW).ends_with("PreemptionPolicy:  \nDescription:       \nAnnotations:       a=1,b=2\n"));
    }

    // describePodDisruptionBudgetV1 (TestDescribePodDisruptionBudgetV1's object
    // plus a selector): the status block aligns with Events, not with Name.
    #[test]
    fn pdb_pages() {
        let mut pdb = PodDisruptionBudget { metadata: meta("pdb1", "ns1"), ..Default::default() };
        pdb.spec.min_available = Some(IntOrString::Int(22));
        pdb.spec.selector = Some(LabelSelector { match_labels: [("app".to_string(), "web".to_string())].into(), ..Default::default() });
        pdb.status.disruptions_allowed = 5;
        let want = "\
Name:           pdb1
Namespace:      ns1
Min available:  22
Selector:       app=web
Status:
    Allowed disruptions:  5
    Current:              0
    Desired:              0
    Total:                0
Events:                   <none>
";
        assert_eq!(describe_pdb(&pdb, Some(&[]), NOW), want);

        let mut bare = PodDisruptionBudget { metadata: meta("p", "default"), ..Default::default() };
        assert!(describe_pdb(&bare, None, NOW).starts_with("Name:       p\nNamespace:  default\nSelector:   <unset>\nStatus:\n"));
        bare.spec.max_unavailable = Some(IntOrString::Str("25%".into()));
        bare.spec.selector = Some(LabelSelector::default());
        assert!(describe_pdb(&bare, None, NOW).contains("\nMax unavailable:  25%\nSelector:         <none>\n"));
    }

    // describe_test.go's TestDescribeResourceQuota object: rows sorted by name,
    // used reprinted in hard's format.
    #[test]
    fn quota_page() {
        let mut q = ResourceQuota { metadata: meta("bar", "foo"), ..Default::default() };
        q.status.hard = list(&[("cpu", "1"), ("limits.cpu", "2"), ("limits.memory", "2G"), ("memory", "1G"), ("requests.cpu", "1"), ("requests.memory", "1G")]);
        q.status.used = list(&[("cpu", "0"), ("limits.cpu", "0"), ("limits.memory", "0G"), ("memory", "0G"), ("requests.cpu", "0"), ("requests.memory", "0G")]);
        let want = "\
Name:            bar
Namespace:       foo
Resource         Used  Hard
--------         ----  ----
cpu              0     1
limits.cpu       0     2
limits.memory    0     2G
memory           0     1G
requests.cpu     0     1
requests.memory  0     1G
";
        assert_eq!(describe_quota(&q), want);
    }

    #[test]
    fn quota_scopes_and_formats() {
        let mut q = ResourceQuota { metadata: meta("q", "default"), ..Default::default() };
        q.spec.scopes = Some(json!(["NotTerminating", "BestEffort", "PriorityClass"]));
        q.status.hard = list(&[("pods", "10"), ("requests.memory", "1Gi")]);
        q.status.used = list(&[("requests.memory", "500Mi")]);
        let want = "\
Name:       q
Namespace:  default
Scopes:     BestEffort, NotTerminating, PriorityClass
 * Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.
 * Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.
Resource         Used   Hard
--------         ----   ----
pods             0      10
requests.memory  500Mi  1Gi
";
        assert_eq!(describe_quota(&q), want);
        // Decimal used against a binary hard limit prints as a plain byte count.
        q.spec.scopes = None;
        q.status.used = list(&[("requests.memory", "500M")]);
        assert!(describe_quota(&q).ends_with("requests.memory  500000000  1Gi\n"), "{}", describe_quota(&q));
        assert_eq!(describe_quota(&ResourceQuota::default()), "Name:       \nNamespace:  \nResource    Used  Hard\n--------    ----  ----\n");
    }

    // describeLimitRange on describe_test.go's TestDescribeLimitRange object.
    #[test]
    fn limit_range_page() {
        let item = |type_: &str, max: &[(&str, &str)], min: &[(&str, &str)], def: &[(&str, &str)], req: &[(&str, &str)], ratio: &[(&str, &str)]| LimitRangeItem {
            type_: type_.into(),
            max: list(max),
            min: list(min),
            default: list(def),
            default_request: list(req),
            max_limit_request_ratio: list(ratio),
        };
        let mut lr = LimitRange { metadata: meta("mylr", "foo"), ..Default::default() };
        let cpu_mem = |cpu: &'static str, mem: &'static str| -> Vec<(&'static str, &'static str)> { [("cpu", cpu), ("memory", mem)].into_iter().filter(|(_, v)| !v.is_empty()).collect() };
        lr.spec.limits = vec![
            item("Pod", &cpu_mem("100m", "10000Mi"), &cpu_mem("5m", "100Mi"), &[], &[], &cpu_mem("10", "")),
            item("Container", &cpu_mem("100m", "10000Mi"), &cpu_mem("5m", "100Mi"), &cpu_mem("50m", "500Mi"), &cpu_mem("10m", "200Mi"), &cpu_mem("10", "")),
            item("PersistentVolumeClaim", &[("storage", "10Gi")], &[("storage", "5Gi")], &[], &[], &[]),
        ];
        let want = "\
Name:                  mylr
Namespace:             foo
Type                   Resource  Min    Max      Default Request  Default Limit  Max Limit/Request Ratio
----                   --------  ---    ---      ---------------  -------------  -----------------------
Pod                    cpu       5m     100m     -                -              10
Pod                    memory    100Mi  10000Mi  -                -              -
Container              cpu       5m     100m     10m              50m            10
Container              memory    100Mi  10000Mi  200Mi            500Mi          -
PersistentVolumeClaim  storage   5Gi    10Gi     -                -              -
";
        assert_eq!(describe_limit_range(&lr), want);
        assert_eq!(describe_limit_range(&LimitRange::default()), "Name:       \nNamespace:  \nType        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio\n----        --------  ---  ---  ---------------  -------------  -----------------------\n");
    }

    // DescribeResourceQuotas on the namespace page: three-dash rule, scope help
    // one level in.
    #[test]
    fn namespace_quota_table() {
        let mut q = ResourceQuota { metadata: meta("q", "default"), ..Default::default() };
        q.spec.scopes = Some(json!(["Terminating"]));
        q.status.hard = list(&[("pods", "10")]);
        let mut w = Writer::new();
        describe_quotas(&mut w, &[&q]);
        assert_eq!(
            w.finish(),
            "Resource Quotas\n  Name:    q\n  Scopes:  Terminating\n  * Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.\n  Resource  Used  Hard\n  --------  ---   ---\n  pods      0     10\n"
        );
    }
}
