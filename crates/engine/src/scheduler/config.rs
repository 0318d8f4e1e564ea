//! The scheduler's configuration (`KubeSchedulerConfiguration`): profiles
//! by schedulerName, each with its NodeResourcesFit scoring strategy and
//! score weights, plus the queue's back-off and how many nodes a cycle
//! looks at.

use super::resources::ResourceName;
use std::collections::BTreeMap;

pub const DEFAULT_SCHEDULER_NAME: &str = "default-scheduler";

/// How NodeResourcesFit scores a node (`scoringStrategy.type`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoringStrategy {
    LeastAllocated,
    MostAllocated,
    /// `shape`: (utilization 0..=100, score 0..=10) points, ascending.
    RequestedToCapacityRatio { shape: Vec<(i64, i64)> },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileConfig {
    pub scheduler_name: String,
    pub fit_strategy: ScoringStrategy,
    /// Resources NodeResourcesFit scores, with weights (default cpu 1, memory 1).
    pub fit_resources: Vec<(ResourceName, i64)>,
    /// Resources NodeResourcesBalancedAllocation compares (default cpu, memory).
    pub balanced_resources: Vec<(ResourceName, i64)>,
    /// InterPodAffinity `hardPodAffinityWeight` (default 1).
    pub hard_pod_affinity_weight: i64,
    /// InterPodAffinity `ignorePreferredTermsOfExistingPods`.
    pub ignore_preferred_terms_of_existing_pods: bool,
    /// Overrides of the default score weights by plugin name (0 disables).
    pub score_weights: BTreeMap<String, i64>,
    /// Per-profile percentageOfNodesToScore; None uses the global one.
    pub percentage_of_nodes_to_score: Option<u32>,
}

impl ProfileConfig {
    pub fn default_named(name: &str) -> ProfileConfig {
        ProfileConfig {
            scheduler_name: name.to_string(),
            fit_strategy: ScoringStrategy::LeastAllocated,
            fit_resources: vec![(ResourceName::Cpu, 1), (ResourceName::Memory, 1)],
            balanced_resources: vec![(ResourceName::Cpu, 1), (ResourceName::Memory, 1)],
            hard_pod_affinity_weight: 1,
            ignore_preferred_terms_of_existing_pods: false,
            score_weights: BTreeMap::new(),
            percentage_of_nodes_to_score: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchedulerConfig {
    pub profiles: Vec<ProfileConfig>,
    /// 0 = adaptive (upstream default).
    pub percentage_of_nodes_to_score: u32,
    pub pod_initial_backoff_ms: i64,
    pub pod_max_backoff_ms: i64,
    /// How long a pod may wait for an event before it is retried anyway.
    pub pod_max_in_unschedulable_ms: i64,
    /// Keep per-topology-domain pod counts instead of walking every node
    /// each cycle (not a kube-scheduler setting: a speed-up that must not
    /// change any decision; off, the plain walk serves as the reference).
    pub domain_counts: bool,
}

impl Default for SchedulerConfig {
    fn default() -> SchedulerConfig {
        SchedulerConfig {
            profiles: vec![ProfileConfig::default_named(DEFAULT_SCHEDULER_NAME)],
            percentage_of_nodes_to_score: 0,
            pod_initial_backoff_ms: 1_000,
            pod_max_backoff_ms: 10_000,
            pod_max_in_unschedulable_ms: 5 * 60 * 1000,
            domain_counts: true,
        }
    }
}

impl SchedulerConfig {
    pub fn profile(&self, scheduler_name: &str) -> Option<&ProfileConfig> {
        self.profiles.iter().find(|p| p.scheduler_name == scheduler_name)
    }

    /// Back-off after `attempts` failed attempts: 1s doubling, capped at 10s.
    pub fn backoff_ms(&self, attempts: u32) -> i64 {
        let mut d = self.pod_initial_backoff_ms;
        for _ in 1..attempts {
            d = d.saturating_mul(2);
            if d > self.pod_max_backoff_ms {
                return self.pod_max_backoff_ms;
            }
        }
        d.min(self.pod_max_backoff_ms)
    }
}

/// How many feasible nodes a cycle looks for before it stops filtering
/// (`numFeasibleNodesToFind`): all below 100 nodes; otherwise
/// `percentage` of them (adaptive `50 - n/125`, at least 5%), at least 100.
pub fn num_feasible_nodes_to_find(percentage: u32, num_all_nodes: usize) -> usize {
    const MIN_FEASIBLE: usize = 100;
    const MIN_PERCENT: i64 = 5;
    if num_all_nodes < MIN_FEASIBLE {
        return num_all_nodes;
    }
    let mut pct = percentage as i64;
    if pct == 0 {
        pct = (50 - num_all_nodes as i64 / 125).max(MIN_PERCENT);
    }
    if pct >= 100 {
        return num_all_nodes;
    }
    let n = num_all_nodes * pct as usize / 100;
    n.max(MIN_FEASIBLE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn num_feasible_nodes_to_find_table() {
        // schedule_one_test.go TestNumFeasibleNodesToFind
        assert_eq!(num_feasible_nodes_to_find(0, 10), 10);
        assert_eq!(num_feasible_nodes_to_find(40, 10), 10);
        assert_eq!(num_feasible_nodes_to_find(0, 1000), 420);
        assert_eq!(num_feasible_nodes_to_find(40, 1000), 400);
        assert_eq!(num_feasible_nodes_to_find(0, 6000), 300);
        assert_eq!(num_feasible_nodes_to_find(40, 6000), 2400);
        // Derived from the same rules.
        assert_eq!(num_feasible_nodes_to_find(0, 99), 99);
        assert_eq!(num_feasible_nodes_to_find(0, 100), 100);
        assert_eq!(num_feasible_nodes_to_find(0, 250), 120);
        assert_eq!(num_feasible_nodes_to_find(0, 5000), 500);
    }

    #[test]
    fn backoff_doubles_from_one_second_to_ten() {
        let c = SchedulerConfig::default();
        let got: Vec<i64> = (1..=6).map(|a| c.backoff_ms(a)).collect();
        assert_eq!(got, [1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    }
}
