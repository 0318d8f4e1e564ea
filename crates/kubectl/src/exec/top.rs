//! `kubectl top pods|nodes`: needs the metrics API (metrics-server). The
//! simulated cluster does not serve it yet, so this answers as kubectl
//! does against a cluster without metrics-server.

use super::Output;
use crate::cli::Top;

pub fn run(_t: &Top, out: &mut Output) {
    out.error("error: Metrics API not available");
}
