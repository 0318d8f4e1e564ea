//! RetroactiveDefaultStorageClass (pv_controller_test.go's
//! "assign default class" cases, v1.32): a claim made while no class was
//! default gets the default once there is one, the newest of several; a
//! claim a classless volume serves, or one that named its class (even
//! ""), keeps what it had.
use super::*;
use crate::Engine;

fn set_default(e: &mut Engine, name: &str, value: &str) {
    let key = ObjectKey::new(Kind::StorageClass, "", name);
    e.user("update", key.clone(), |ctx| {
        let mut obj = (*ctx.get(&key).expect("class")).clone();
        if let Object::StorageClass(c) = &mut obj {
            c.metadata
                .annotations
                .insert(DEFAULT_CLASS_ANNOTATION.into(), value.into());
        }
        ctx.update(obj).map(|_| ())
    })
    .unwrap();
}

fn create_claim(e: &mut Engine, name: &str, class: Option<&str>) {
    let mut c = PersistentVolumeClaim::default();
    c.metadata.name = name.into();
    c.metadata.namespace = "default".into();
    c.spec.storage_class_name = class.map(str::to_string);
    c.spec.access_modes = vec!["ReadWriteOnce".into()];
    c.spec
        .resources
        .requests
        .insert("storage".into(), Quantity::parse("1Gi").unwrap());
    e.user(
        "create",
        ObjectKey::new(Kind::PersistentVolumeClaim, "default", name),
        |ctx| {
            ctx.create(Object::PersistentVolumeClaim(Box::new(c)))
                .map(|_| ())
        },
    )
    .unwrap();
}

fn class_of(e: &Engine, name: &str) -> Option<String> {
    e.world()
        .store
        .get_by(Kind::PersistentVolumeClaim, "default", name)
        .and_then(|o| o.as_pvc().cloned())
        .and_then(|c| c.spec.storage_class_name)
}

#[test]
fn a_claim_without_a_class_gets_the_default_made_later() {
    let mut e = Engine::with_default_cluster(1);
    set_default(&mut e, "standard", "false");
    create_claim(&mut e, "none", None);
    create_claim(&mut e, "empty", Some(""));
    e.settle(crate::DEFAULT_SETTLE_MS);
    assert_eq!(class_of(&e, "none"), None);
    set_default(&mut e, "standard", "true");
    e.settle(crate::DEFAULT_SETTLE_MS);
    assert_eq!(class_of(&e, "none").as_deref(), Some("standard"));
    assert_eq!(class_of(&e, "empty").as_deref(), Some(""));
}

#[test]
fn of_several_defaults_the_newest() {
    let mut e = Engine::with_default_cluster(1);
    set_default(&mut e, "standard", "false");
    create_claim(&mut e, "none", None);
    e.settle(crate::DEFAULT_SETTLE_MS);
    e.advance(1_000);
    let mut gold = StorageClass {
        provisioner: "rancher.io/local-path".into(),
        ..Default::default()
    };
    gold.metadata.name = "gold".into();
    gold.metadata
        .annotations
        .insert(DEFAULT_CLASS_ANNOTATION.into(), "true".into());
    set_default(&mut e, "standard", "true");
    e.user(
        "create",
        ObjectKey::new(Kind::StorageClass, "", "gold"),
        |ctx| ctx.create(Object::StorageClass(Box::new(gold))).map(|_| ()),
    )
    .unwrap();
    e.settle(crate::DEFAULT_SETTLE_MS);
    assert_eq!(class_of(&e, "none").as_deref(), Some("gold"));
}
