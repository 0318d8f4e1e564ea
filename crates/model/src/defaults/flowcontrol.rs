//! `flowcontrol/v1`'s defaults: a schema's matching precedence, a limited
//! level's shares, lendable percent and queuing, an exempt level's
//! shares and lendable percent.

use crate::api::flowcontrol::{FlowSchema, PriorityLevelConfiguration};

/// `FlowSchemaDefaultMatchingPrecedence`.
const DEFAULT_MATCHING_PRECEDENCE: i32 = 1000;
/// `PriorityLevelConfigurationDefaultNominalConcurrencyShares`.
const DEFAULT_NOMINAL_SHARES: i32 = 30;
/// `PriorityLevelConfigurationDefault{Queues,HandSize,QueueLengthLimit}`.
const DEFAULT_QUEUES: i32 = 64;
const DEFAULT_HAND_SIZE: i32 = 8;
const DEFAULT_QUEUE_LENGTH_LIMIT: i32 = 50;

pub fn flow_schema(fs: &mut FlowSchema) {
    if fs.spec.matching_precedence == 0 {
        fs.spec.matching_precedence = DEFAULT_MATCHING_PRECEDENCE;
    }
}

pub fn priority_level(pl: &mut PriorityLevelConfiguration) {
    if let Some(l) = &mut pl.spec.limited {
        l.nominal_concurrency_shares.get_or_insert(DEFAULT_NOMINAL_SHARES);
        l.lendable_percent.get_or_insert(0);
        if let Some(q) = &mut l.limit_response.queuing {
            for (field, default) in [(&mut q.queues, DEFAULT_QUEUES), (&mut q.hand_size, DEFAULT_HAND_SIZE), (&mut q.queue_length_limit, DEFAULT_QUEUE_LENGTH_LIMIT)] {
                if *field == 0 {
                    *field = default;
                }
            }
        }
    }
    if let Some(e) = &mut pl.spec.exempt {
        e.nominal_concurrency_shares.get_or_insert(0);
        e.lendable_percent.get_or_insert(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::flowcontrol::{LimitResponse, LimitedPriorityLevel, PriorityLevelSpec, Queuing};

    // defaults_test.go: an empty queuing block and no shares get v1's values.
    #[test]
    fn a_limited_level_gets_shares_and_queuing() {
        let mut pl = PriorityLevelConfiguration {
            spec: PriorityLevelSpec { type_: "Limited".into(), limited: Some(LimitedPriorityLevel { limit_response: LimitResponse { type_: "Queue".into(), queuing: Some(Queuing::default()) }, ..Default::default() }), exempt: None },
            ..Default::default()
        };
        priority_level(&mut pl);
        let l = pl.spec.limited.as_ref().unwrap();
        assert_eq!((l.nominal_concurrency_shares, l.lendable_percent), (Some(30), Some(0)));
        assert_eq!(l.limit_response.queuing, Some(Queuing { queues: 64, hand_size: 8, queue_length_limit: 50 }));
        // Zero shares are kept: v1 allows them.
        let mut zero = pl.clone();
        zero.spec.limited.as_mut().unwrap().nominal_concurrency_shares = Some(0);
        priority_level(&mut zero);
        assert_eq!(zero.spec.limited.unwrap().nominal_concurrency_shares, Some(0));
    }

    #[test]
    fn a_schema_gets_precedence_1000() {
        let mut fs = FlowSchema::default();
        flow_schema(&mut fs);
        assert_eq!(fs.spec.matching_precedence, 1000);
        fs.spec.matching_precedence = 7;
        flow_schema(&mut fs);
        assert_eq!(fs.spec.matching_precedence, 7);
    }
}
