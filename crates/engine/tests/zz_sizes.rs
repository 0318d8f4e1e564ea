#[test]
fn sizes() {
    use std::mem::size_of;
    use kubeplay_model::api::*;
    println!("Event {}", size_of::<core::Event>());
    println!("ObjectMeta {}", size_of::<kubeplay_model::meta::ObjectMeta>());
    println!("Pod {}", size_of::<pod::Pod>());
    println!("PodSpec {}", size_of::<pod::PodSpec>());
    println!("PodStatus {}", size_of::<pod::PodStatus>());
    println!("Container {}", size_of::<pod::Container>());
    println!("ContainerStatus {}", size_of::<pod::ContainerStatus>());
    println!("Condition {}", size_of::<kubeplay_model::meta::Condition>());
    println!("Object {}", size_of::<kubeplay_model::Object>());
    println!("Volume {}", size_of::<pod::Volume>());
    println!("Toleration {}", size_of::<pod::Toleration>());
}
