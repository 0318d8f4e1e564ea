//! cel-go's optional values, as CRD rules with `optionalOldSelf` use
//! them: cases after cel-go's optional tests (the library Kubernetes
//! v1.32 enables), each expression true or failing with cel-go's text.

use crate::{compile, Type, Value};

fn eval(src: &str) -> Result<Value, String> {
    let t = Type::Optional(std::rc::Rc::new(Type::Int));
    let p = compile(src, &[("some", t.clone()), ("none", t)]).map_err(|e| e.to_string())?;
    let vars = [("some", Value::Optional(Some(std::rc::Rc::new(Value::Int(3))))), ("none", Value::Optional(None))];
    p.eval(&vars).map_err(|e| e.to_string())
}

#[test]
fn optional_values() {
    let cases = [
        "some.hasValue() && !none.hasValue()",
        "some.value() == 3",
        "none.orValue(7) == 7 && some.orValue(7) == 3",
        "none.or(optional.of(5)).value() == 5",
        "some.or(optional.of(5)).value() == 3",
        "!optional.none().hasValue()",
        "optional.of(1) == optional.of(1) && optional.none() == optional.none()",
        "!optional.ofNonZeroValue(0).hasValue() && optional.ofNonZeroValue('a').hasValue()",
        "!none.hasValue() || none.value() > 1",
        "type(none) == type(some)",
    ];
    for src in cases {
        match eval(src) {
            Ok(Value::Bool(true)) => {}
            other => panic!("{src}: {other:?}"),
        }
    }
    assert_eq!(eval("none.value()").err().as_deref(), Some("optional.none() dereference"));
    assert_eq!(
        eval("some > 1").err().as_deref(),
        Some("ERROR: <input>:1:6: found no matching overload for '_>_' applied to '(optional_type(int), int)'\n | some > 1\n | .....^")
    );
}

/// `m` is `{'a': 1}` (a map of ints), `l` is `[1, 2]`.
fn eval_syntax(src: &str) -> Result<Value, String> {
    let mt = Type::map(Type::String, Type::Int);
    let lt = Type::list(Type::Int);
    let p = compile(src, &[("m", mt), ("l", lt)]).map_err(|e| e.to_string())?;
    let m = Value::map(vec![(Value::string("a"), Value::Int(1))]);
    let l = Value::list(vec![Value::Int(1), Value::Int(2)]);
    p.eval(&[("m", m), ("l", l)]).map_err(|e| e.to_string())
}

#[test]
fn optional_syntax() {
    let cases = [
        "m.?a.hasValue() && m.?a.value() == 1",
        "!m.?z.hasValue() && m.?z.orValue(7) == 7",
        "m[?'a'] == optional.of(1) && m[?'z'] == optional.none()",
        "l[?0].value() == 1 && !l[?5].hasValue() && !l[?-1].hasValue()",
        "optional.of(m).a == optional.of(1) && !optional.of(m).z.hasValue()",
        "optional.of(l)[1] == optional.of(2) && !optional.none()[0].hasValue()",
        "m.?a.optMap(v, v * 2).value() == 2 && !m.?z.optMap(v, v * 2).hasValue()",
        "m.?a.optFlatMap(v, v > 5 ? optional.of(v) : optional.none()) == optional.none()",
        "m.?z.or(m.?a).value() == 1",
        "optional.ofNonZeroValue('').orValue('x') == 'x'",
        "optional.ofNonZeroValue([]).orValue([3]) == [3]",
        "type(m.?a) == type(optional.none())",
    ];
    for src in cases {
        match eval_syntax(src) {
            Ok(Value::Bool(true)) => {}
            other => panic!("{src}: {other:?}"),
        }
    }
    let errors = [
        (
            "has(m.?a)",
            "ERROR: <input>:1:4: invalid argument to has() macro\n | has(m.?a)\n | ...^",
        ),
        (
            "m.?a + 1",
            "ERROR: <input>:1:6: found no matching overload for '_+_' applied to '(optional_type(int), int)'\n | m.?a + 1\n | .....^",
        ),
        ("m.?z.value()", "optional.none() dereference"),
    ];
    for (src, want) in errors {
        assert_eq!(eval_syntax(src).err().as_deref(), Some(want), "{src}");
    }
}
