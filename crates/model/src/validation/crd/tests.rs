//! The messages a CRD gets, in the API server's words.

use super::*;
use serde_json::json;

fn crd_from(v: serde_json::Value) -> CustomResourceDefinition {
    let c: CustomResourceDefinition = serde_json::from_value(v).expect("test CRD decodes");
    let mut obj = crate::object::Object::CustomResourceDefinition(Box::new(c));
    crate::defaults::apply_defaults(&mut obj);
    match obj {
        crate::object::Object::CustomResourceDefinition(c) => *c,
        _ => unreachable!("defaulting keeps the kind"),
    }
}

fn messages(v: serde_json::Value) -> Vec<String> {
    crd(&crd_from(v)).iter().map(|e| e.to_string()).collect()
}

fn crontab(schema: serde_json::Value) -> serde_json::Value {
    json!({
        "metadata": {"name": "crontabs.stable.example.com"},
        "spec": {"group": "stable.example.com", "scope": "Namespaced", "names": {"plural": "crontabs", "kind": "CronTab", "shortNames": ["ct"]},
            "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": schema}}]}
    })
}

#[test]
fn a_valid_crd_passes() {
    let schema = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "cronSpec": {"type": "string"}, "image": {"type": "string"}, "replicas": {"type": "integer", "default": 1}}}}});
    assert_eq!(messages(crontab(schema)), Vec::<String>::new());
}

#[test]
fn names_group_scope_and_versions() {
    let mut v = crontab(json!({"type": "object"}));
    v["metadata"]["name"] = json!("crontab.stable.example.com");
    v["spec"]["scope"] = json!("Global");
    assert_eq!(
        messages(v),
        [
            r#"metadata.name: Invalid value: "crontab.stable.example.com": must be spec.names.plural+"."+spec.group"#,
            r#"spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced""#,
        ]
    );
    let mut v = crontab(json!({"type": "object"}));
    v["metadata"]["name"] = json!("crontabs.example");
    v["spec"]["group"] = json!("example");
    assert_eq!(
        messages(v),
        [r#"spec.group: Invalid value: "example": should be a domain with at least one dot"#]
    );

    let mut v = crontab(json!({"type": "object"}));
    v["spec"]["versions"][0]["storage"] = json!(false);
    assert_eq!(
        messages(v),
        [
            "spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{apiextensions.CustomResourceDefinitionVersion{Name:\"v1\", Served:true, Storage:false, Deprecated:false, DeprecationWarning:(*string)(nil), Schema:(*apiextensions.CustomResourceValidation)(nil), Subresources:(*apiextensions.CustomResourceSubresources)(nil), AdditionalPrinterColumns:[]apiextensions.CustomResourceColumnDefinition(nil), SelectableFields:[]apiextensions.SelectableField(nil)}}: must have exactly one version marked as storage version",
            "status.storedVersions: Invalid value: []string(nil): must have at least one stored version",
        ]
    );
}

#[test]
fn schemas_are_required_and_structural() {
    let mut v = crontab(json!({"type": "object"}));
    v["spec"]["versions"][0]
        .as_object_mut()
        .map(|m| m.remove("schema"));
    assert_eq!(
        messages(v),
        ["spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required"]
    );
    let v = crontab(
        json!({"type": "object", "properties": {"spec": {"properties": {"size": {"type": "string"}}}}}),
    );
    assert_eq!(messages(v), ["spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields"]);
    let v = crontab(
        json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {"replicas": {"type": "integer", "default": "one"}}}}}),
    );
    assert_eq!(
        messages(v),
        // The double space is upstream's (a default is validated as a root, named ""),
        // as real clusters print it.
        [
            r#"spec.validation.openAPIV3Schema.properties[spec].properties[replicas].default: Invalid value: "string":  in body must be of type integer: "string""#
        ]
    );
}

#[test]
fn printer_columns_and_scale() {
    let mut v = crontab(json!({"type": "object"}));
    v["spec"]["versions"][0]["additionalPrinterColumns"] = json!([{"name": "Spec", "type": "datetime", "jsonPath": "spec.cronSpec"}, {"name": "", "type": "string", "format": "url", "jsonPath": ""}]);
    v["spec"]["versions"][0]["subresources"] =
        json!({"scale": {"specReplicasPath": ".status.replicas", "statusReplicasPath": ""}});
    assert_eq!(
        messages(v),
        [
            "spec.subresources.scale.specReplicasPath: Invalid value: \".status.replicas\": should be a json path under .spec",
            "spec.subresources.scale.statusReplicasPath: Required value",
            r#"spec.additionalPrinterColumns[0].type: Invalid value: "datetime": must be one of boolean,date,integer,number,string"#,
            r#"spec.additionalPrinterColumns[0].JSONPath: Invalid value: "spec.cronSpec": must be a simple json path starting with ."#,
            "spec.additionalPrinterColumns[1].name: Required value",
            r#"spec.additionalPrinterColumns[1].format: Invalid value: "url": must be one of byte,date,date-time,double,float,int32,int64,password"#,
            "spec.additionalPrinterColumns[1].JSONPath: Required value",
        ]
    );
}

#[test]
fn protected_groups_need_approval() {
    let mut v = crontab(json!({"type": "object"}));
    v["metadata"]["name"] = json!("crontabs.apps.k8s.io");
    v["spec"]["group"] = json!("apps.k8s.io");
    assert_eq!(
        messages(v.clone()),
        [
            r#"metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111"#
        ]
    );
    v["metadata"]["annotations"] =
        json!({"api-approved.kubernetes.io": "unapproved, experimental"});
    assert_eq!(messages(v), Vec::<String>::new());
}

#[test]
fn items_must_be_one_schema() {
    let v = crontab(
        json!({"type": "object", "properties": {"tags": {"type": "array", "items": [{"type": "string"}]}}}),
    );
    assert_eq!(
        messages(v),
        ["spec.validation.openAPIV3Schema.properties[tags].items: Forbidden: items must be a schema object and not an array"]
    );
}

#[test]
fn cel_rules_compile_with_the_crd() {
    let spec = |props: serde_json::Value, rules: serde_json::Value| {
        json!({"type": "object", "properties": {"spec": {"type": "object", "properties": props, "x-kubernetes-validations": rules}}})
    };
    let at = "spec.validation.openAPIV3Schema.properties[spec]";
    let go_rule = |r: &str| format!("apiextensions.ValidationRule{{Rule:{r:?}, Message:\"\", MessageExpression:\"\", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:\"\", OptionalOldSelf:(*bool)(nil)}}");
    let int = json!({"replicas": {"type": "integer"}});
    assert_eq!(messages(crontab(spec(int.clone(), json!([{"rule": "self.replicas > 0"}])))), Vec::<String>::new());
    assert_eq!(
        messages(crontab(spec(int.clone(), json!([{"rule": "self.replicas == true"}])))),
        [format!("{at}.x-kubernetes-validations[0].rule: Invalid value: {}: compilation failed: ERROR: <input>:1:15: found no matching overload for '_==_' applied to '(int, bool)'\n | self.replicas == true\n | ..............^", go_rule("self.replicas == true"))]
    );
    assert_eq!(
        messages(crontab(spec(int.clone(), json!([{"rule": "fail to compile test"}])))),
        [format!("{at}.x-kubernetes-validations[0].rule: Invalid value: {}: compilation failed: ERROR: <input>:1:6: Syntax error: mismatched input 'to' expecting <EOF>\n | fail to compile test\n | .....^", go_rule("fail to compile test"))]
    );
    assert_eq!(
        messages(crontab(spec(int.clone(), json!([{"rule": "self.replicas"}])))),
        [format!("{at}.x-kubernetes-validations[0].rule: Invalid value: {}: cel expression must evaluate to a bool", go_rule("self.replicas"))]
    );
    assert_eq!(
        messages(crontab(spec(int, json!([{"rule": "self.replicas > 0", "fieldPath": ".nope"}])))),
        [format!("{at}.x-kubernetes-validations[0].fieldPath: Invalid value: \".nope\": fieldPath must be a valid path")]
    );
    let list = json!({"list": {"type": "array", "items": {"type": "string", "x-kubernetes-validations": [{"rule": "self == oldSelf"}]}}});
    assert_eq!(
        messages(crontab(spec(list, json!([])))),
        [format!("{at}.properties[list].items.x-kubernetes-validations[0].rule: Invalid value: \"self == oldSelf\": oldSelf cannot be used on the uncorrelatable portion of the schema within {at}.properties[list].items")]
    );
    let defaulted = json!({"replicas": {"type": "integer", "default": 0, "x-kubernetes-validations": [{"rule": "self >= 1"}]}});
    assert_eq!(
        messages(crontab(spec(defaulted, json!([])))),
        [format!("{at}.properties[replicas].default: Invalid value: \"integer\": failed rule: self >= 1")]
    );
}
