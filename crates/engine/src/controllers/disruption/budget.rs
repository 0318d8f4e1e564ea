//! A PodDisruptionBudget's arithmetic (`getExpectedPodCount`,
//! `updatePdbStatus`): how many pods are expected and must stay healthy,
//! and how many disruptions that leaves.

use kubeplay_model::IntOrString;

/// The summed scale of the pods' controllers, or why it is unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    Scale { total: i32, unmanaged: bool },
    Error(String),
}

/// (desiredHealthy, expectedPods, unmanaged pods seen). An integer
/// minAvailable counts the selected pods; a percentage or maxUnavailable
/// needs the controllers' scale, and rounds up.
pub fn desired_and_expected(min_available: Option<&IntOrString>, max_unavailable: Option<&IntOrString>, selected: i32, expected: &Expected) -> Result<(i32, i32, bool), String> {
    let scale = || match expected {
        Expected::Scale { total, unmanaged } => Ok((*total, *unmanaged)),
        Expected::Error(e) => Err(e.clone()),
    };
    if let Some(mu) = max_unavailable {
        let (count, unmanaged) = scale()?;
        let n = mu.scaled_value(count, true)?;
        return Ok(((count - n).max(0), count, unmanaged));
    }
    match min_available {
        Some(IntOrString::Int(n)) => Ok((*n, selected, false)),
        Some(v @ IntOrString::Str(_)) => {
            let (count, unmanaged) = scale()?;
            Ok((v.scaled_value(count, true)?, count, unmanaged))
        }
        None => Ok((0, 0, false)),
    }
}

/// Disruptions allowed: healthy beyond desired, never negative, and none
/// while no pods are expected.
pub fn allowed(current_healthy: i32, desired_healthy: i32, expected: i32) -> i32 {
    let n = current_healthy - desired_healthy;
    if expected <= 0 || n <= 0 {
        0
    } else {
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> IntOrString {
        IntOrString::Str(v.into())
    }

    fn scale(n: i32) -> Expected {
        Expected::Scale { total: n, unmanaged: false }
    }

    // Cases in the spirit of disruption_test.go (TestNoSelector,
    // TestUnavailable, TestIntegerMaxUnavailable, TestReplicationController…).
    #[test]
    fn budgets() {
        // minAvailable 3 of 3 ready pods: nothing may go.
        let (d, e, _) = desired_and_expected(Some(&IntOrString::Int(3)), None, 3, &scale(3)).unwrap();
        assert_eq!((d, e, allowed(3, d, e)), (3, 3, 0));
        // minAvailable 2 with 3 ready: one may go.
        let (d, e, _) = desired_and_expected(Some(&IntOrString::Int(2)), None, 3, &scale(3)).unwrap();
        assert_eq!(allowed(3, d, e), 1);
        // minAvailable "34%" of an RC with 3 replicas: ceil(1.02) = 2 must stay.
        let (d, e, _) = desired_and_expected(Some(&s("34%")), None, 3, &scale(3)).unwrap();
        assert_eq!((d, e, allowed(3, d, e)), (2, 3, 1));
        // maxUnavailable 1 of 3: 2 must stay.
        let (d, e, _) = desired_and_expected(None, Some(&IntOrString::Int(1)), 3, &scale(3)).unwrap();
        assert_eq!((d, e, allowed(3, d, e)), (2, 3, 1));
        assert_eq!(allowed(2, d, e), 0, "one pod down: the budget is used up");
        // maxUnavailable "10%" of 5 rounds up to 1.
        let (d, _, _) = desired_and_expected(None, Some(&s("10%")), 5, &scale(5)).unwrap();
        assert_eq!(d, 4);
        // maxUnavailable larger than the scale: 0 must stay.
        let (d, _, _) = desired_and_expected(None, Some(&IntOrString::Int(10)), 3, &scale(3)).unwrap();
        assert_eq!(d, 0);
        // No pods expected: no disruptions, whatever the numbers.
        assert_eq!(allowed(0, 0, 0), 0);
        // An integer minAvailable works without knowing controllers.
        assert!(desired_and_expected(Some(&IntOrString::Int(1)), None, 2, &Expected::Error("x".into())).is_ok());
        assert_eq!(desired_and_expected(Some(&s("50%")), None, 2, &Expected::Error("found no controllers for pod \"p\"".into())), Err("found no controllers for pod \"p\"".into()));
    }
    /// disruption_test.go's status rows, as (disruptionsAllowed,
    /// currentHealthy, desiredHealthy, expectedPods): each case gives the
    /// budget, how many pods it selects, their controllers' summed scale
    /// (None: the pods have no controller) and how many pods are healthy.
    #[test]
    fn upstream_status_rows() {
        let i = IntOrString::Int;
        type Row = (&'static str, Option<IntOrString>, Option<IntOrString>, i32, Option<i32>, i32, (i32, i32, i32, i32));
        let rows: Vec<Row> = vec![
            // TestNoSelector: an integer minAvailable counts the selected pods.
            ("no selector, no pods", Some(i(3)), None, 0, None, 0, (0, 0, 3, 0)),
            ("no selector, one pod", Some(i(3)), None, 1, None, 1, (0, 1, 3, 1)),
            // TestUnavailable: counts go up pod by pod, then one turns unready.
            ("unavailable 0", Some(i(3)), None, 0, None, 0, (0, 0, 3, 0)),
            ("unavailable 1", Some(i(3)), None, 1, None, 1, (0, 1, 3, 1)),
            ("unavailable 2", Some(i(3)), None, 2, None, 2, (0, 2, 3, 2)),
            ("unavailable 3", Some(i(3)), None, 3, None, 3, (0, 3, 3, 3)),
            ("unavailable 4", Some(i(3)), None, 4, None, 4, (1, 4, 3, 4)),
            ("unavailable, one unready", Some(i(3)), None, 4, None, 3, (0, 3, 3, 4)),
            // TestIntegerMaxUnavailable: a naked pod has no scale, so nothing may go.
            ("max 1, no pods", None, Some(i(1)), 0, None, 0, (0, 0, 0, 0)),
            ("max 1, naked pod", None, Some(i(1)), 1, None, 1, (0, 1, 0, 0)),
            // TestIntegerMaxUnavailableWithScaling.
            ("max 2 of rs 7", None, Some(i(2)), 1, Some(7), 1, (0, 1, 5, 7)),
            ("max 2 of rs 5", None, Some(i(2)), 1, Some(5), 1, (0, 1, 3, 5)),
            // TestPercentageMaxUnavailableWithScaling: 30% rounds up.
            ("max 30% of rs 7", None, Some(s("30%")), 1, Some(7), 1, (0, 1, 4, 7)),
            ("max 30% of rs 3", None, Some(s("30%")), 1, Some(3), 1, (0, 1, 2, 3)),
            // TestNakedPod: a percentage over a naked pod allows nothing.
            ("min 28%, no pods", Some(s("28%")), None, 0, None, 0, (0, 0, 0, 0)),
            ("min 28%, naked pod", Some(s("28%")), None, 1, None, 1, (0, 1, 0, 0)),
            // TestReplicaSet: a ReplicaSet's scale counts without a Deployment.
            ("min 20% of rs 10", Some(s("20%")), None, 1, Some(10), 1, (0, 1, 2, 10)),
            // TestScaleResource: 4 of 10 pods, maxUnavailable 5.
            ("max 5 of scale 10", None, Some(i(5)), 4, Some(10), 4, (0, 4, 5, 10)),
            // TestReplicationController / TestStatefulSetController: 34% of 3 is 2.
            ("min 34%, no pods yet", Some(s("34%")), None, 0, Some(0), 0, (0, 0, 0, 0)),
            ("min 34% of 3, one pod", Some(s("34%")), None, 1, Some(3), 1, (0, 1, 2, 3)),
            ("min 34% of 3, two pods", Some(s("34%")), None, 2, Some(3), 2, (0, 2, 2, 3)),
            ("min 34% of 3, three pods", Some(s("34%")), None, 3, Some(3), 3, (1, 3, 2, 3)),
            ("min 34% of 3, plus a rogue pod", Some(s("34%")), None, 4, Some(3), 4, (2, 4, 2, 3)),
            // TestMultipleControllers: 1% of one replica rounds up to 1.
            ("min 1% of rc 1, two pods", Some(s("1%")), None, 2, Some(1), 2, (1, 2, 1, 1)),
            // TestTwoControllers: 28% of 11 is 4, of 22 is 7.
            ("28% of 11, 4 healthy", Some(s("28%")), None, 11, Some(11), 4, (0, 4, 4, 11)),
            ("28% of 11, 5 healthy", Some(s("28%")), None, 11, Some(11), 5, (1, 5, 4, 11)),
            ("28% of 22, 5 healthy", Some(s("28%")), None, 12, Some(22), 5, (0, 5, 7, 22)),
            ("28% of 22, 9 healthy", Some(s("28%")), None, 22, Some(22), 9, (2, 9, 7, 22)),
            ("28% of 22, 8 healthy", Some(s("28%")), None, 22, Some(22), 8, (1, 8, 7, 22)),
            ("28% of 22, 7 healthy", Some(s("28%")), None, 22, Some(22), 7, (0, 7, 7, 22)),
        ];
        for (name, min, max, selected, total, healthy, want) in rows {
            let expected = match total {
                Some(t) => scale(t),
                None => Expected::Scale { total: 0, unmanaged: selected > 0 },
            };
            let (d, e, _) = desired_and_expected(min.as_ref(), max.as_ref(), selected, &expected).unwrap();
            assert_eq!((allowed(healthy, d, e), healthy, d, e), want, "{name}");
        }
    }
}
