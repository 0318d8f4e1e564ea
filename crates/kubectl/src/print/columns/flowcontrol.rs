//! Rows for API Priority and Fairness's kinds (`printFlowSchema`,
//! `printPriorityLevelConfiguration`). The API server sorts a list of
//! FlowSchemas as its dispatcher matches them: by matching precedence,
//! then name.

use crate::print::duration::since;
use crate::print::table::{col, name_col, Column};
use kubeplay_model::api::flowcontrol::{FlowSchema, PriorityLevelConfiguration, DANGLING};
use kubeplay_model::{Object, Time};

pub const FLOW_SCHEMA: &[Column] = &[name_col(), col("PriorityLevel"), col("MatchingPrecedence"), col("DistinguisherMethod"), col("Age"), col("MissingPL")];
pub const PRIORITY_LEVEL: &[Column] = &[name_col(), col("Type"), col("NominalConcurrencyShares"), col("Queues"), col("HandSize"), col("QueueLengthLimit"), col("Age")];

/// The distinguisher or `<none>`; `MissingPL` is the Dangling
/// condition's status, `?` before the controller wrote one.
pub fn flow_schema(fs: &FlowSchema, now: Time) -> Vec<String> {
    let method = fs.spec.distinguisher_method.as_ref().map_or("<none>".to_string(), |m| m.type_.clone());
    let missing = fs.status.conditions.iter().find(|c| c.type_ == DANGLING).map_or("?".to_string(), |c| c.status.to_string());
    vec![fs.metadata.name.clone(), fs.spec.priority_level_configuration.name.clone(), fs.spec.matching_precedence.to_string(), method, since(now, fs.metadata.creation_timestamp), missing]
}

/// An exempt level's shares and every queuing cell are `<none>`, as is
/// the queuing of a level that rejects.
pub fn priority_level(pl: &PriorityLevelConfiguration, now: Time) -> Vec<String> {
    let none = || "<none>".to_string();
    let (mut shares, mut queues, mut hand, mut limit) = (none(), none(), none(), none());
    if let Some(l) = &pl.spec.limited {
        shares = l.nominal_concurrency_shares.map_or_else(none, |s| s.to_string());
        if let Some(q) = &l.limit_response.queuing {
            (queues, hand, limit) = (q.queues.to_string(), q.hand_size.to_string(), q.queue_length_limit.to_string());
        }
    }
    vec![pl.metadata.name.clone(), pl.spec.type_.clone(), shares, queues, hand, limit, since(now, pl.metadata.creation_timestamp)]
}

/// The order of a FlowSchema list's rows: `FlowSchemaSequence`.
pub fn sort_schemas(objects: &mut [std::sync::Arc<Object>]) {
    let key = |o: &Object| o.as_flow_schema().map_or(i32::MAX, |f| f.spec.matching_precedence);
    objects.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.name().cmp(b.name())));
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::flowcontrol::*;
    use kubeplay_model::meta::Condition;

    #[test]
    fn cells_as_the_api_server_prints_them() {
        let t = kubeplay_model::time::EPOCH;
        let mut fs = FlowSchema::default();
        fs.metadata.name = "probes".into();
        fs.metadata.creation_timestamp = Some(t);
        fs.spec.priority_level_configuration.name = "exempt".into();
        fs.spec.matching_precedence = 2;
        assert_eq!(flow_schema(&fs, t.plus_secs(90)), ["probes", "exempt", "2", "<none>", "90s", "?"]);
        fs.spec.distinguisher_method = Some(DistinguisherMethod { type_: "ByUser".into() });
        fs.status.conditions.push(Condition { type_: DANGLING.into(), status: "True".into(), ..Default::default() });
        assert_eq!(flow_schema(&fs, t.plus_secs(90))[3..], ["ByUser", "90s", "True"]);

        let mut pl = PriorityLevelConfiguration::default();
        pl.metadata.name = "exempt".into();
        pl.spec.type_ = "Exempt".into();
        pl.spec.exempt = Some(ExemptPriorityLevel { nominal_concurrency_shares: Some(0), lendable_percent: Some(0) });
        assert_eq!(priority_level(&pl, t)[1..6], ["Exempt", "<none>", "<none>", "<none>", "<none>"]);
        pl.spec = PriorityLevelSpec { type_: "Limited".into(), limited: Some(LimitedPriorityLevel { nominal_concurrency_shares: Some(5), limit_response: LimitResponse { type_: "Reject".into(), queuing: None }, ..Default::default() }), exempt: None };
        assert_eq!(priority_level(&pl, t)[1..6], ["Limited", "5", "<none>", "<none>", "<none>"]);
        pl.spec.limited.as_mut().unwrap().limit_response = LimitResponse { type_: "Queue".into(), queuing: Some(Queuing { queues: 128, hand_size: 6, queue_length_limit: 50 }) };
        assert_eq!(priority_level(&pl, t)[1..6], ["Limited", "5", "128", "6", "50"]);
    }
}
