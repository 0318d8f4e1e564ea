//! `IntOrString`: fields such as `maxSurge`, `targetPort` and `minAvailable`
//! take either a number or a string (a percentage or a port name).

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntOrString {
    Int(i32),
    Str(String),
}

impl IntOrString {
    /// Resolves an int-or-percent against a total, as
    /// `intstr.GetScaledValueFromIntOrPercent` does: `"25%"` of 10 is 2.5,
    /// rounded up or down as asked. A string without `%` is an error.
    pub fn scaled_value(&self, total: i32, round_up: bool) -> Result<i32, String> {
        match self {
            IntOrString::Int(i) => Ok(*i),
            IntOrString::Str(s) => {
                let Some(num) = s.strip_suffix('%') else {
                    return Err("invalid value for IntOrString: invalid type: string is not a percentage".to_string());
                };
                let p: i64 = num.parse().map_err(|_| format!("invalid value {s:?}: {num:?} is not an integer"))?;
                let prod = p * total as i64;
                let v = if round_up { (prod + 99).div_euclid(100) } else { prod.div_euclid(100) };
                Ok(v as i32)
            }
        }
    }
}

impl fmt::Display for IntOrString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntOrString::Int(i) => write!(f, "{i}"),
            IntOrString::Str(s) => f.write_str(s),
        }
    }
}

impl Serialize for IntOrString {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            IntOrString::Int(i) => s.serialize_i32(*i),
            IntOrString::Str(v) => s.serialize_str(v),
        }
    }
}

impl<'de> Deserialize<'de> for IntOrString {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = IntOrString;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer or a string")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<IntOrString, E> {
                i32::try_from(v).map(IntOrString::Int).map_err(|_| E::custom(format!("{v} is out of range for an int32")))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<IntOrString, E> {
                i32::try_from(v).map(IntOrString::Int).map_err(|_| E::custom(format!("{v} is out of range for an int32")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<IntOrString, E> {
                Ok(IntOrString::Str(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Cases from intstr's TestGetScaledValueFromIntOrPercent.
    #[test]
    fn scaled_values() {
        let s = |v: &str| IntOrString::Str(v.into());
        assert_eq!(IntOrString::Int(123).scaled_value(0, false), Ok(123));
        assert_eq!(s("90%").scaled_value(100, true), Ok(90));
        assert_eq!(s("90%").scaled_value(95, true), Ok(86));
        assert_eq!(s("90%").scaled_value(95, false), Ok(85));
        assert_eq!(s("25%").scaled_value(3, true), Ok(1));
        assert_eq!(s("25%").scaled_value(3, false), Ok(0));
        assert!(s("%").scaled_value(0, false).is_err());
        assert!(s("90#").scaled_value(0, false).is_err());
        assert!(s("#%").scaled_value(0, false).is_err());
    }
}
