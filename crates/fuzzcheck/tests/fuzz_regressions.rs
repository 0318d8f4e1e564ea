//! Inputs the long fuzz runs (scripts/fuzz.sh) failed on, kept so they
//! stay fixed. Each names the target and what was wrong.

/// selectors: upstream's field-selector parser sorts the raw terms, so
/// `app==we;,app=b` (sorted `app==we;` < `app=b`) prints as `app=we;,app=b`,
/// which sorts the other way round when read back. Same terms, so the
/// check compares them as a set (it used to require the same order).
#[test]
fn field_selector_terms_reorder_after_printing_but_stay_the_same() {
    kubeplay_fuzzcheck::selectors(b"app==we;,app=b");
    let s = kubeplay_model::selector::FieldSelector::parse("app==we;,app=b").unwrap();
    assert_eq!(s.to_string(), "app=we;,app=b");
    assert_eq!(kubeplay_model::selector::FieldSelector::parse("app=we;,app=b").unwrap().to_string(), "app=b,app=we;");
}

/// command_line: an integer flag of more than 39 digits overflowed the
/// u128 accumulator of `strconv.ParseInt` (a panic with overflow checks on).
/// Go stops at the first digit that overflows, with a range error.
#[test]
fn a_forty_digit_flag_value_is_out_of_range_not_a_panic() {
    let digits = "8".repeat(60);
    let line = format!("kubectl scale deployment web --replicas={digits}");
    kubeplay_fuzzcheck::command_line(line.as_bytes());
    let err = kubeplay_kubectl::parse_line(&line).unwrap_err().to_string();
    assert!(err.contains(&format!("invalid argument \"{digits}\" for \"--replicas\" flag: strconv.ParseInt: parsing \"{digits}\": value out of range")), "{err}");
    assert_eq!(kubeplay_kubectl::gofmt::parse_int(&"9".repeat(40), 64).unwrap_err().to_string(), format!("strconv.ParseInt: parsing \"{}\": value out of range", "9".repeat(40)));
}
