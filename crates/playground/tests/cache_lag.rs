//! `sim cache-lag` from the facade: the setting is the engine's, shown
//! and set by the command line and the API alike, and kept by time
//! travel as part of the cluster's state.

use kubeplay_playground::{Playground, DEFAULT_EXAMPLE};

#[test]
fn the_cache_lag_is_set_by_command_or_call_and_travels_with_the_cluster() {
    let mut pg = Playground::new(1);
    assert_eq!(pg.cache_lag_ms(), 0);
    let out = pg.run("sim cache-lag 250ms", None);
    assert!(!out.failed && out.stdout.starts_with("cache lag set to 250ms"), "{out:?}");
    assert_eq!(pg.cache_lag_ms(), 250);
    assert!(!pg.apply(DEFAULT_EXAMPLE).failed);
    let applied = pg.position().0;
    assert!(pg.settle());
    pg.set_cache_lag(5 * 60_000);
    assert_eq!(pg.cache_lag_ms(), 60_000, "clamped to a minute");
    assert!(pg.run("sim cache-lag", None).stdout.starts_with("cache lag: 1m0s ("));
    // Back to just after the apply: the lag then was 250ms.
    assert!(pg.jump(applied));
    assert_eq!(pg.cache_lag_ms(), 250);
    pg.set_cache_lag(0);
    assert_eq!(pg.run("sim cache-lag", None).stdout.trim_end(), "cache lag: off (every controller sees each change as soon as it is written)");
}
