//! CustomResourceDefinition defaults (apiextensions v1's `SetDefaults_*`).

use crate::api::CustomResourceDefinition;

pub fn crd(_o: &mut CustomResourceDefinition) {}
