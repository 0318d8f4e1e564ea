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
}
