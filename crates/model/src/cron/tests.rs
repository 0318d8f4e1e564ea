//! Vectors from robfig/cron v3.0.1's parser_test.go and spec_test.go, and
//! from running the real ParseStandard(spec).Next(t) (reference notes
//! cron.md §3–§6), plus Kubernetes' CronJob validation messages.

use super::*;

fn t(s: &str) -> Time {
    Time::parse_rfc3339(s).unwrap_or_else(|| panic!("bad time {s}"))
}

fn next(spec: &str, from: &str) -> Option<String> {
    parse(spec).unwrap_or_else(|e| panic!("{spec}: {e}")).next(t(from)).map(|x| x.rfc3339())
}

fn err(spec: &str) -> String {
    match parse(spec) {
        Ok(_) => panic!("{spec:?} parsed"),
        Err(e) => e.to_string(),
    }
}

// cron.md §3: exact error strings from the real code.
#[test]
fn error_strings() {
    let cases = [
        ("", "empty spec string"),
        (" ", "expected exactly 5 fields, found 0: []"),
        ("xyz", "expected exactly 5 fields, found 1: [xyz]"),
        ("* * * *", "expected exactly 5 fields, found 4: [* * * *]"),
        ("* * * * * *", "expected exactly 5 fields, found 6: [* * * * * *]"),
        ("60 0 * * *", "end of range (60) above maximum (59): 60"),
        ("0 60 * * *", "end of range (60) above maximum (23): 60"),
        ("0 24 * * *", "end of range (24) above maximum (23): 24"),
        ("0 0 0 * *", "beginning of range (0) below minimum (1): 0"),
        ("0 0 32 * *", "end of range (32) above maximum (31): 32"),
        ("0 0 * 0 *", "beginning of range (0) below minimum (1): 0"),
        ("0 0 * 13 *", "end of range (13) above maximum (12): 13"),
        ("0 0 * * 7", "end of range (7) above maximum (6): 7"),
        ("0 0 * * 7-7", "end of range (7) above maximum (6): 7-7"),
        ("0 0 * * XYZ", "failed to parse int from XYZ: strconv.Atoi: parsing \"XYZ\": invalid syntax"),
        ("0 0 * * sunday", "failed to parse int from sunday: strconv.Atoi: parsing \"sunday\": invalid syntax"),
        ("0 0 * JANUARY *", "failed to parse int from JANUARY: strconv.Atoi: parsing \"JANUARY\": invalid syntax"),
        ("5 j * * *", "failed to parse int from j: strconv.Atoi: parsing \"j\": invalid syntax"),
        ("a * * * *", "failed to parse int from a: strconv.Atoi: parsing \"a\": invalid syntax"),
        ("1.5 * * * *", "failed to parse int from 1.5: strconv.Atoi: parsing \"1.5\": invalid syntax"),
        ("L * * * *", "failed to parse int from L: strconv.Atoi: parsing \"L\": invalid syntax"),
        ("0 0 L * *", "failed to parse int from L: strconv.Atoi: parsing \"L\": invalid syntax"),
        ("0 0 * * 5L", "failed to parse int from 5L: strconv.Atoi: parsing \"5L\": invalid syntax"),
        ("0 0 * * 1#2", "failed to parse int from 1#2: strconv.Atoi: parsing \"1#2\": invalid syntax"),
        ("5-* * * * *", "failed to parse int from *: strconv.Atoi: parsing \"*\": invalid syntax"),
        ("-1 * * * *", "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"),
        ("*/0 * * * *", "step of range should be a positive number: */0"),
        ("15/0 * * * *", "step of range should be a positive number: 15/0"),
        ("*/-12 * * * *", "negative number (-12) not allowed: -12"),
        ("5--5 * * * *", "too many hyphens: 5--5"),
        ("1-2-3 * * * *", "too many hyphens: 1-2-3"),
        ("*//2 * * * *", "too many slashes: *//2"),
        ("1-5/2/3 * * * *", "too many slashes: 1-5/2/3"),
        ("5-3 * * * *", "beginning of range (5) beyond end of range (3): 5-3"),
        ("0 0 40/5 * *", "beginning of range (40) beyond end of range (31): 40/5"),
        ("0 0 * * MON-SUN", "beginning of range (1) beyond end of range (0): MON-SUN"),
        ("0 0 * * SAT-SUN", "beginning of range (6) beyond end of range (0): SAT-SUN"),
        ("0 0 * dec-jan *", "beginning of range (12) beyond end of range (1): dec-jan"),
        ("@every Xm", "failed to parse duration @every Xm: time: invalid duration \"Xm\""),
        ("@every 1d", "failed to parse duration @every 1d: time: unknown unit \"d\" in duration \"1d\""),
        ("@every 1h ", "failed to parse duration @every 1h : time: unknown unit \"h \" in duration \"1h \""),
        ("@every", "unrecognized descriptor: @every"),
        ("@unrecognized", "unrecognized descriptor: @unrecognized"),
        ("@Daily", "unrecognized descriptor: @Daily"),
        ("@reboot", "unrecognized descriptor: @reboot"),
        ("@daily ", "unrecognized descriptor: @daily "),
        ("@weekly 1", "unrecognized descriptor: @weekly 1"),
        (" @daily", "expected exactly 5 fields, found 1: [@daily]"),
        ("TZ=Bad/Zone 0 0 * * *", "provided bad location Bad/Zone: unknown time zone Bad/Zone"),
        ("TZ=UTC\t0 0 * * *", "provided bad location UTC\t0: unknown time zone UTC\t0"),
        ("TZ=UTC ", "expected exactly 5 fields, found 0: []"),
    ];
    for (spec, want) in cases {
        assert_eq!(err(spec), want, "{spec:?}");
    }
}

#[test]
fn prefix_without_a_schedule_is_an_error_not_a_panic() {
    for spec in ["TZ=UTC", "TZ=", "CRON_TZ=UTC"] {
        assert_eq!(err(spec), "expected exactly 5 fields, found 0: []", "{spec}");
    }
}

// cron.md §3, accepted edge cases: next after 2024-01-15T10:07:30Z (a Monday).
#[test]
fn accepted_edge_cases() {
    let from = "2024-01-15T10:07:30Z";
    let cases = [
        ("* * * * ? ", "2024-01-15T10:08:00Z"),
        ("  0  0  *  *  *  ", "2024-01-16T00:00:00Z"),
        ("0\t0\t*\t*\t*", "2024-01-16T00:00:00Z"),
        ("00 09 * * *", "2024-01-16T09:00:00Z"),
        ("+5 * * * *", "2024-01-15T11:05:00Z"),
        ("*-5 * * * *", "2024-01-15T10:08:00Z"),
        ("? * * * *", "2024-01-15T10:08:00Z"),
        ("*/5,10 * * * *", "2024-01-15T10:10:00Z"),
        ("*/60 * * * *", "2024-01-15T11:00:00Z"),
        ("0-59/60 * * * *", "2024-01-15T11:00:00Z"),
        ("0 0 */40 * *", "2024-02-01T00:00:00Z"),
        ("0 0 5/40 * *", "2024-02-05T00:00:00Z"),
        ("0 0 1, * *", "2024-02-01T00:00:00Z"),
        (",0 0 * * *", "2024-01-16T00:00:00Z"),
        ("0 0 * * 0-6", "2024-01-16T00:00:00Z"),
        ("0 0 * * sun-sat", "2024-01-16T00:00:00Z"),
        ("0 0 * Jan-Mar *", "2024-01-16T00:00:00Z"),
        ("0 0 * * Mon,Wed,Fri", "2024-01-17T00:00:00Z"),
        ("@every 0s", "2024-01-15T10:07:31Z"),
        ("@every -1h", "2024-01-15T10:07:31Z"),
        ("@every 1.5h", "2024-01-15T11:37:30Z"),
        ("TZ=UTC  0 0 * * *", "2024-01-16T00:00:00Z"),
        ("TZ= 0 0 * * *", "2024-01-16T00:00:00Z"),
        ("TZ=Local 0 0 * * *", "2024-01-16T00:00:00Z"),
        ("CRON_TZ=Europe/Paris @daily", "2024-01-15T23:00:00Z"),
    ];
    for (spec, want) in cases {
        assert_eq!(next(spec, from).as_deref(), Some(want), "{spec:?}");
    }
    assert_eq!(next("0 0 ,, * *", from), None, "no day ever matches");
}

fn bounds(min: i64, max: i64) -> Bounds {
    Bounds { min, max, names: &[] }
}

// parser_test.go TestRange / TestField / TestBits.
#[test]
fn ranges_and_bits() {
    let ok = [
        ("5", 0, 7, bits(5, 5, 1)),
        ("0", 0, 7, bits(0, 0, 1)),
        ("7", 0, 7, bits(7, 7, 1)),
        ("5-5", 0, 7, bits(5, 5, 1)),
        ("5-6", 0, 7, 0b110_0000),
        ("5-7", 0, 7, 0b1110_0000),
        ("5-6/2", 0, 7, 1 << 5),
        ("5-7/2", 0, 7, 1 << 5 | 1 << 7),
        ("5-7/1", 0, 7, 0b1110_0000),
        ("*", 1, 3, 0b1110 | STAR),
        ("*/2", 1, 3, 0b1010),
    ];
    for (expr, min, max, want) in ok {
        assert_eq!(range(expr, &bounds(min, max)), Ok(want), "{expr}");
    }
    let bad = [
        ("5--5", 0, 0, "too many hyphens"),
        ("jan-x", 0, 0, "failed to parse int from"),
        ("2-x", 1, 5, "failed to parse int from"),
        ("*/-12", 0, 0, "negative number"),
        ("*//2", 0, 0, "too many slashes"),
        ("1", 3, 5, "below minimum"),
        ("6", 3, 5, "above maximum"),
        ("5-3", 3, 5, "beyond end of range"),
        ("*/0", 0, 0, "should be a positive number"),
    ];
    for (expr, min, max, want) in bad {
        let e = range(expr, &bounds(min, max)).unwrap_err().to_string();
        assert!(e.contains(want), "{expr}: {e}");
    }
    assert_eq!(field("5", &bounds(1, 7)), Ok(1 << 5));
    assert_eq!(field("5,6", &bounds(1, 7)), Ok(1 << 5 | 1 << 6));
    assert_eq!(field("5,6,7", &bounds(1, 7)), Ok(1 << 5 | 1 << 6 | 1 << 7));
    assert_eq!(field("1,5-7/2,3", &bounds(1, 7)), Ok(1 << 1 | 1 << 5 | 1 << 7 | 1 << 3));
    assert_eq!(all(&MINUTES), 0x0fff_ffff_ffff_ffff | STAR);
    assert_eq!(all(&HOURS), 0xff_ffff | STAR);
    assert_eq!(all(&DOM), 0xffff_fffe | STAR);
    assert_eq!(all(&MONTHS), 0x1ffe | STAR);
    assert_eq!(all(&DOW), 0x7f | STAR);
    assert_eq!((bits(0, 0, 1), bits(1, 1, 1), bits(1, 5, 2), bits(1, 4, 2)), (0x1, 0x2, 0x2a, 0xa));
}

// TestStandardSpecSchedule / TestParseSchedule.
#[test]
fn standard_parses() {
    let s = parse("5 * * * *").unwrap();
    assert_eq!(s.kind, Kind::Fields(Fields { minute: 1 << 5, hour: all(&HOURS), dom: all(&DOM), month: all(&MONTHS), dow: all(&DOW) }));
    assert_eq!(s.zone, None);
    assert_eq!(parse("@every 5m").unwrap().kind, Kind::Every(300));
    assert_eq!(parse("CRON_TZ=UTC  5 * * * *").unwrap().zone.map(|z| z.name), Some("UTC".to_string()));
    let midnight = parse("@midnight").unwrap();
    assert_eq!(midnight.kind, Kind::Fields(Fields { minute: 1, hour: 1, dom: all(&DOM), month: all(&MONTHS), dow: all(&DOW) }));
    assert_eq!(parse("@yearly").unwrap().kind, parse("@annually").unwrap().kind);
    assert_eq!(parse("@yearly").unwrap().kind, Kind::Fields(Fields { minute: 1, hour: 1, dom: 1 << 1, month: 1 << 1, dow: all(&DOW) }));
    assert!(parse("TZ=America/New_York 15/0 * * * *").is_err(), "step 0 must not hang");
}

// spec_test.go TestActivation: fires at `time` iff Next(time − 1s) == time.
#[test]
fn activation() {
    let cases = [
        ("2012-07-09T15:00:00Z", "0/15 * * * *", true),
        ("2012-07-09T15:45:00Z", "0/15 * * * *", true),
        ("2012-07-09T15:40:00Z", "0/15 * * * *", false),
        ("2012-07-09T15:05:00Z", "5/15 * * * *", true),
        ("2012-07-09T15:20:00Z", "5/15 * * * *", true),
        ("2012-07-09T15:50:00Z", "5/15 * * * *", true),
        ("2012-07-15T15:00:00Z", "0/15 * * Jul *", true),
        ("2012-07-15T15:00:00Z", "0/15 * * Jun *", false),
        ("2012-07-15T08:30:00Z", "30 08 ? Jul Sun", true),
        ("2012-07-15T08:30:00Z", "30 08 15 Jul ?", true),
        ("2012-07-16T08:30:00Z", "30 08 ? Jul Sun", false),
        ("2012-07-16T08:30:00Z", "30 08 15 Jul ?", false),
        ("2012-07-09T15:00:00Z", "@hourly", true),
        ("2012-07-09T15:04:00Z", "@hourly", false),
        ("2012-07-09T15:00:00Z", "@daily", false),
        ("2012-07-09T00:00:00Z", "@daily", true),
        ("2012-07-09T00:00:00Z", "@weekly", false),
        ("2012-07-08T00:00:00Z", "@weekly", true),
        ("2012-07-08T01:00:00Z", "@weekly", false),
        ("2012-07-08T00:00:00Z", "@monthly", false),
        ("2012-07-01T00:00:00Z", "@monthly", true),
        ("2012-07-15T00:00:00Z", "* * 1,15 * Sun", true),
        ("2012-06-15T00:00:00Z", "* * 1,15 * Sun", true),
        ("2012-08-01T00:00:00Z", "* * 1,15 * Sun", true),
        ("2012-07-15T00:00:00Z", "* * */10 * Sun", true),
        ("2012-07-15T00:00:00Z", "* * * * Mon", false),
        ("2012-07-09T00:00:00Z", "* * 1,15 * *", false),
        ("2012-07-15T00:00:00Z", "* * 1,15 * *", true),
        ("2012-07-15T00:00:00Z", "* * */2 * Sun", true),
    ];
    for (at, spec, fires) in cases {
        let s = parse(spec).unwrap();
        let at = t(at);
        assert_eq!(s.next(at.plus_secs(-1)) == Some(at), fires, "{spec} at {}", at.rfc3339());
    }
}

// spec_test.go TestNext (the 5-field equivalents, cron.md §5b).
#[test]
fn next_vectors() {
    let cases = [
        ("2012-07-09T14:45:00Z", "0/15 * * * *", "2012-07-09T15:00:00Z"),
        ("2012-07-09T14:59:00Z", "0/15 * * * *", "2012-07-09T15:00:00Z"),
        ("2012-07-09T14:59:59Z", "0/15 * * * *", "2012-07-09T15:00:00Z"),
        ("2012-07-09T15:45:00Z", "20-35/15 * * * *", "2012-07-09T16:20:00Z"),
        ("2012-07-09T23:46:00Z", "*/15 * * * *", "2012-07-10T00:00:00Z"),
        ("2012-07-09T23:45:00Z", "20-35/15 * * * *", "2012-07-10T00:20:00Z"),
        ("2012-07-09T23:35:00Z", "0 0 9 Apr-Oct ?", "2012-08-09T00:00:00Z"),
        ("2012-07-09T23:35:00Z", "0 0 */5 Apr,Aug,Oct Mon", "2012-08-01T00:00:00Z"),
        ("2012-07-09T23:35:00Z", "0 0 */5 Oct Mon", "2012-10-01T00:00:00Z"),
        ("2012-07-09T23:35:00Z", "0 0 * Feb Mon", "2013-02-04T00:00:00Z"),
        ("2012-07-09T23:35:00Z", "0 0 * Feb Mon/2", "2013-02-01T00:00:00Z"),
        ("2012-12-31T23:59:45Z", "* * * * *", "2013-01-01T00:00:00Z"),
        ("2012-07-09T23:35:00Z", "0 0 29 Feb ?", "2016-02-29T00:00:00Z"),
        // America/New_York around DST (2012-03-11 spring forward, 2012-11-04 fall back).
        ("2012-03-11T05:00:00Z", "TZ=America/New_York 30 2 11 Mar ?", "2013-03-11T06:30:00Z"),
        ("2012-03-11T05:00:00Z", "TZ=America/New_York 0 * * * ?", "2012-03-11T06:00:00Z"),
        ("2012-03-11T06:00:00Z", "TZ=America/New_York 0 * * * ?", "2012-03-11T07:00:00Z"),
        ("2012-03-11T07:00:00Z", "TZ=America/New_York 0 * * * ?", "2012-03-11T08:00:00Z"),
        ("2012-03-11T05:00:00Z", "CRON_TZ=America/New_York 0 * * * ?", "2012-03-11T06:00:00Z"),
        ("2012-03-11T05:00:00Z", "TZ=America/New_York 0 1 * * ?", "2012-03-11T06:00:00Z"),
        ("2012-03-11T06:00:00Z", "TZ=America/New_York 0 1 * * ?", "2012-03-12T05:00:00Z"),
        ("2012-03-11T05:00:00Z", "TZ=America/New_York 0 2 * * ?", "2012-03-12T06:00:00Z"),
        ("2012-11-04T04:00:00Z", "TZ=America/New_York 30 2 04 Nov ?", "2012-11-04T07:30:00Z"),
        ("2012-11-04T05:45:00Z", "TZ=America/New_York 30 1 04 Nov ?", "2012-11-04T06:30:00Z"),
        ("2012-11-04T04:00:00Z", "TZ=America/New_York 0 * * * ?", "2012-11-04T05:00:00Z"),
        ("2012-11-04T05:00:00Z", "TZ=America/New_York 0 * * * ?", "2012-11-04T06:00:00Z"),
        ("2012-11-04T06:00:00Z", "TZ=America/New_York 0 * * * ?", "2012-11-04T07:00:00Z"),
        ("2012-11-04T04:00:00Z", "TZ=America/New_York 0 1 * * ?", "2012-11-04T05:00:00Z"),
        ("2012-11-04T05:00:00Z", "TZ=America/New_York 0 1 * * ?", "2012-11-04T06:00:00Z"),
        ("2012-11-04T06:00:00Z", "TZ=America/New_York 0 1 * * ?", "2012-11-05T06:00:00Z"),
        ("2012-11-04T04:00:00Z", "TZ=America/New_York 0 2 * * ?", "2012-11-04T07:00:00Z"),
        ("2012-11-04T07:00:00Z", "TZ=America/New_York 0 2 * * ?", "2012-11-05T07:00:00Z"),
        ("2012-11-04T04:00:00Z", "TZ=America/New_York 0 3 * * ?", "2012-11-04T08:00:00Z"),
        ("2012-11-04T08:00:00Z", "TZ=America/New_York 0 3 * * ?", "2012-11-05T08:00:00Z"),
        ("2012-11-04T04:00:00Z", "TZ=America/New_York 0 3 3 * ?", "2012-12-03T08:00:00Z"),
    ];
    for (from, spec, want) in cases {
        assert_eq!(next(spec, from).as_deref(), Some(want), "{spec} from {from}");
    }
    assert_eq!(next("0 0 30 Feb ?", "2012-07-09T23:35:00Z"), None);
    assert_eq!(next("0 0 31 Apr ?", "2012-07-09T23:35:00Z"), None);
}

// constantdelay_test.go (delays in whole seconds; sub-second parts dropped).
#[test]
fn constant_delay() {
    let every = |secs: i64| Schedule { kind: Kind::Every(secs), zone: None };
    let cases = [
        ("2012-07-09T14:45:00Z", 15 * 60, "2012-07-09T15:00:00Z"),
        ("2012-07-09T14:59:00Z", 15 * 60, "2012-07-09T15:14:00Z"),
        ("2012-07-09T14:59:59Z", 15 * 60, "2012-07-09T15:14:59Z"),
        ("2012-07-09T15:45:00Z", 35 * 60, "2012-07-09T16:20:00Z"),
        ("2012-07-09T23:46:00Z", 14 * 60, "2012-07-10T00:00:00Z"),
        ("2012-07-09T23:45:00Z", 35 * 60, "2012-07-10T00:20:00Z"),
        ("2012-07-09T23:35:51Z", 44 * 60 + 24, "2012-07-10T00:20:15Z"),
        ("2012-07-09T23:35:51Z", 25 * 3600 + 44 * 60 + 24, "2012-07-11T01:20:15Z"),
        ("2012-07-09T23:35:00Z", 91 * 86400 + 25 * 60, "2012-10-09T00:00:00Z"),
        ("2012-12-31T23:59:45Z", 15, "2013-01-01T00:00:00Z"),
        ("2012-07-09T14:45:00.005Z", 15 * 60, "2012-07-09T15:00:00Z"),
    ];
    for (from, secs, want) in cases {
        assert_eq!(every(secs).next(t(from)).map(|x| x.rfc3339()).as_deref(), Some(want), "{secs}s from {from}");
    }
    assert_eq!(parse("@every 15ms").unwrap().kind, Kind::Every(1), "raised to 1s");
}

// cron.md §6a: the next three activations after 2024-01-15T10:07:30Z.
#[test]
fn generated_next_three() {
    let from = "2024-01-15T10:07:30Z";
    let cases: &[(&str, [&str; 3])] = &[
        ("* * * * *", ["2024-01-15T10:08:00Z", "2024-01-15T10:09:00Z", "2024-01-15T10:10:00Z"]),
        ("*/5 * * * *", ["2024-01-15T10:10:00Z", "2024-01-15T10:15:00Z", "2024-01-15T10:20:00Z"]),
        ("*/7 * * * *", ["2024-01-15T10:14:00Z", "2024-01-15T10:21:00Z", "2024-01-15T10:28:00Z"]),
        ("0 9 * * MON-FRI", ["2024-01-16T09:00:00Z", "2024-01-17T09:00:00Z", "2024-01-18T09:00:00Z"]),
        ("30 6-16/4 * * 1-5", ["2024-01-15T10:30:00Z", "2024-01-15T14:30:00Z", "2024-01-16T06:30:00Z"]),
        ("7 */3 * * *", ["2024-01-15T12:07:00Z", "2024-01-15T15:07:00Z", "2024-01-15T18:07:00Z"]),
        ("23 0-20/2 * * *", ["2024-01-15T10:23:00Z", "2024-01-15T12:23:00Z", "2024-01-15T14:23:00Z"]),
        ("0 0,12 * * *", ["2024-01-15T12:00:00Z", "2024-01-16T00:00:00Z", "2024-01-16T12:00:00Z"]),
        ("15 14 1 * *", ["2024-02-01T14:15:00Z", "2024-03-01T14:15:00Z", "2024-04-01T14:15:00Z"]),
        ("5 4 * * sun", ["2024-01-21T04:05:00Z", "2024-01-28T04:05:00Z", "2024-02-04T04:05:00Z"]),
        ("0 0 * * 0,6", ["2024-01-20T00:00:00Z", "2024-01-21T00:00:00Z", "2024-01-27T00:00:00Z"]),
        ("0 0 13 * 5", ["2024-01-19T00:00:00Z", "2024-01-26T00:00:00Z", "2024-02-02T00:00:00Z"]),
        ("0 0 */10 * *", ["2024-01-21T00:00:00Z", "2024-01-31T00:00:00Z", "2024-02-01T00:00:00Z"]),
        ("0 0 1-7 * 1", ["2024-01-22T00:00:00Z", "2024-01-29T00:00:00Z", "2024-02-01T00:00:00Z"]),
        ("0 0 1 */2 *", ["2024-03-01T00:00:00Z", "2024-05-01T00:00:00Z", "2024-07-01T00:00:00Z"]),
        ("0 0 31 * *", ["2024-01-31T00:00:00Z", "2024-03-31T00:00:00Z", "2024-05-31T00:00:00Z"]),
        ("0 0 29 2 *", ["2024-02-29T00:00:00Z", "2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z"]),
        ("0 12 * JAN,jul *", ["2024-01-15T12:00:00Z", "2024-01-16T12:00:00Z", "2024-01-17T12:00:00Z"]),
        ("59 23 31 12 *", ["2024-12-31T23:59:00Z", "2025-12-31T23:59:00Z", "2026-12-31T23:59:00Z"]),
        ("0 0 * * 6/2", ["2024-01-20T00:00:00Z", "2024-01-27T00:00:00Z", "2024-02-03T00:00:00Z"]),
        ("0 0 * * */2", ["2024-01-16T00:00:00Z", "2024-01-18T00:00:00Z", "2024-01-20T00:00:00Z"]),
        ("@weekly", ["2024-01-21T00:00:00Z", "2024-01-28T00:00:00Z", "2024-02-04T00:00:00Z"]),
        ("@monthly", ["2024-02-01T00:00:00Z", "2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"]),
        ("@yearly", ["2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z"]),
        ("@every 90m", ["2024-01-15T11:37:30Z", "2024-01-15T13:07:30Z", "2024-01-15T14:37:30Z"]),
        ("@every 1h30m10s", ["2024-01-15T11:37:40Z", "2024-01-15T13:07:50Z", "2024-01-15T14:38:00Z"]),
        ("@every 500ms", ["2024-01-15T10:07:31Z", "2024-01-15T10:07:32Z", "2024-01-15T10:07:33Z"]),
        ("TZ=America/New_York 0 9 * * *", ["2024-01-15T14:00:00Z", "2024-01-16T14:00:00Z", "2024-01-17T14:00:00Z"]),
        ("CRON_TZ=Asia/Tokyo 0 9 * * *", ["2024-01-16T00:00:00Z", "2024-01-17T00:00:00Z", "2024-01-18T00:00:00Z"]),
        ("TZ=Europe/London 30 2 * * *", ["2024-01-16T02:30:00Z", "2024-01-17T02:30:00Z", "2024-01-18T02:30:00Z"]),
    ];
    for (spec, want) in cases {
        let s = parse(spec).unwrap();
        let mut at = t(from);
        for w in want {
            at = s.next(at).unwrap_or_else(|| panic!("{spec}: none after {}", at.rfc3339()));
            assert_eq!(at.rfc3339(), *w, "{spec}");
        }
    }
    assert_eq!(next("0 0 30 2 *", from), None);
}

// cron.md §6b: the day-of-month / day-of-week OR quirks.
#[test]
fn day_field_quirks() {
    let from = "2024-01-15T10:07:30Z";
    let cases: &[(&str, [&str; 5])] = &[
        ("0 0 */2 * 1", ["01-17", "01-19", "01-21", "01-22", "01-23"]),
        ("0 0 1-31 * 1", ["01-16", "01-17", "01-18", "01-19", "01-20"]),
        ("0 0 1/1 * 1", ["01-16", "01-17", "01-18", "01-19", "01-20"]),
        ("0 0 */1 * 1", ["01-22", "01-29", "02-05", "02-12", "02-19"]),
        ("0 0 ? * 1", ["01-22", "01-29", "02-05", "02-12", "02-19"]),
        ("0 0 1 * */1", ["02-01", "03-01", "04-01", "05-01", "06-01"]),
        ("0 0 1 * 1-5", ["01-16", "01-17", "01-18", "01-19", "01-22"]),
        ("0 0 1 * */2", ["01-16", "01-18", "01-20", "01-21", "01-23"]),
        ("0 0 15 * 0-6", ["01-16", "01-17", "01-18", "01-19", "01-20"]),
        ("0 0 1,15 * 3", ["01-17", "01-24", "01-31", "02-01", "02-07"]),
    ];
    for (spec, want) in cases {
        let s = parse(spec).unwrap();
        let mut at = t(from);
        for w in want {
            at = s.next(at).unwrap();
            assert_eq!(&at.rfc3339()[5..10], *w, "{spec}");
        }
    }
    assert_eq!(next("0 0 29 2 1", "2024-03-01T00:00:00Z").as_deref(), Some("2025-02-03T00:00:00Z"));
    assert_eq!(next("0 0 29 2 5", "2024-03-01T00:00:00Z").as_deref(), Some("2025-02-07T00:00:00Z"));
}

// cron.md §6c and §6d: boundaries and time zones.
#[test]
fn boundaries_and_zones() {
    let cases = [
        ("0 * * * *", "2024-01-15T10:00:00.000Z", Some("2024-01-15T11:00:00Z")),
        ("0 * * * *", "2024-01-15T09:59:59.999Z", Some("2024-01-15T10:00:00Z")),
        ("0 * * * *", "2024-01-15T10:00:00.500Z", Some("2024-01-15T11:00:00Z")),
        ("* * * * *", "2024-01-15T10:07:00.000Z", Some("2024-01-15T10:08:00Z")),
        ("*/5 * * * *", "2024-12-31T23:58:00Z", Some("2025-01-01T00:00:00Z")),
        ("0 0 29 2 *", "2024-02-29T00:00:00Z", Some("2028-02-29T00:00:00Z")),
        ("0 0 29 2 *", "2096-03-01T00:00:00Z", None),
        ("0 0 31 * *", "2024-01-31T00:00:00Z", Some("2024-03-31T00:00:00Z")),
        ("@every 1h", "2024-01-15T10:07:30.250Z", Some("2024-01-15T11:07:30Z")),
        ("@every 1m", "2024-01-15T10:07:30Z", Some("2024-01-15T10:08:30Z")),
        ("@weekly", "2024-01-14T00:00:00Z", Some("2024-01-21T00:00:00Z")),
        ("@monthly", "2024-01-31T23:59:59Z", Some("2024-02-01T00:00:00Z")),
        ("0 0 * * 1", "2024-01-15T00:00:00Z", Some("2024-01-22T00:00:00Z")),
        ("59 23 31 2 *", "2024-01-15T10:07:30Z", None),
        ("TZ=America/New_York 0 9 * * *", "2024-03-09T15:00:00Z", Some("2024-03-10T13:00:00Z")),
        ("TZ=America/New_York 0 9 * * *", "2024-03-10T15:00:00Z", Some("2024-03-11T13:00:00Z")),
        ("TZ=America/New_York 30 2 * * *", "2024-03-10T00:00:00Z", Some("2024-03-11T06:30:00Z")),
        ("TZ=America/New_York 30 1 * * *", "2024-11-03T05:00:00Z", Some("2024-11-03T05:30:00Z")),
        ("TZ=America/New_York 30 1 * * *", "2024-11-03T05:30:00Z", Some("2024-11-03T06:30:00Z")),
        ("TZ=Asia/Kolkata 0 0 * * *", "2024-01-15T10:00:00Z", Some("2024-01-15T18:30:00Z")),
        ("TZ=UTC 0 0 * * *", "2024-01-15T10:00:00Z", Some("2024-01-16T00:00:00Z")),
        ("TZ=Etc/GMT+5 0 0 * * *", "2024-01-15T10:00:00Z", Some("2024-01-16T05:00:00Z")),
    ];
    for (spec, from, want) in cases {
        assert_eq!(next(spec, from).as_deref(), want, "{spec} from {from}");
    }
}

// Kubernetes CronJob validation (cron.md §7) reports the parser's words.
#[test]
fn cronjob_validation_uses_the_parser() {
    use crate::validation::validate_cron_schedule;
    assert_eq!(validate_cron_schedule("* * * * ?"), Ok(()));
    assert_eq!(validate_cron_schedule("@hourly"), Ok(()));
    assert_eq!(validate_cron_schedule("error"), Err("expected exactly 5 fields, found 1: [error]".into()));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    // Any input parses or errors without panicking, and a parsed schedule's
    // next activation is strictly later, on a whole minute for field specs.
    #[test]
    fn never_panics_and_next_moves_forward(spec in "(TZ=[A-Za-z/_]{0,12} )?[0-9*?,/ a-zA-Z@-]{0,24}", from in 0i64..4_000_000_000) {
        if let Ok(s) = parse(&spec) {
            let at = Time::from_millis(from * 1000);
            if let Some(n) = s.next(at) {
                proptest::prop_assert!(n > at);
                if matches!(s.kind, Kind::Fields(_)) {
                    proptest::prop_assert_eq!(n.millis() % 60_000, 0);
                }
            }
        }
    }
}

/// Next activation of `spec` read in `zone` (Go: the from time's own
/// location, or Kubernetes' `spec.timeZone`), as RFC 3339 in UTC.
fn next_in(zone: &str, spec: &str, from: &str) -> Option<String> {
    let s = parse(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    s.in_zone(Zone::load(zone).unwrap()).next(t(from)).map(|x| x.rfc3339())
}

// spec_test.go TestNext rows not covered by `next_vectors`, with upstream's
// offsets kept (times compared as instants).
#[test]
fn upstream_next_remaining_rows() {
    let rows = [
        // hourly job, spring forward
        ("2012-03-11T04:00:00-04:00", "TZ=America/New_York 0 * * * ?", "2012-03-11T05:00:00-04:00"),
        // hourly job using CRON_TZ
        ("2012-03-11T00:00:00-05:00", "CRON_TZ=America/New_York 0 * * * ?", "2012-03-11T01:00:00-05:00"),
        ("2012-03-11T01:00:00-05:00", "CRON_TZ=America/New_York 0 * * * ?", "2012-03-11T03:00:00-04:00"),
        ("2012-03-11T03:00:00-04:00", "CRON_TZ=America/New_York 0 * * * ?", "2012-03-11T04:00:00-04:00"),
        ("2012-03-11T04:00:00-04:00", "CRON_TZ=America/New_York 0 * * * ?", "2012-03-11T05:00:00-04:00"),
        // Sao Paulo, after DST ended on 2018-02-18 (robfig issue #157).
        ("2018-02-14T05:00:00-05:00", "TZ=America/Sao_Paulo 0 9 22 * ?", "2018-02-22T07:00:00-05:00"),
    ];
    for (from, spec, want) in rows {
        assert_eq!(next(spec, from), Some(t(want).rfc3339()), "{spec} from {from}");
    }
}

// spec_test.go TestNext rows whose from time is in America/New_York and
// whose spec has no TZ: the search runs in that zone (Kubeplay: `in_zone`).
#[test]
fn upstream_next_in_from_location() {
    let rows = [
        // hourly job
        ("2012-11-04T00:00:00-04:00", "0 * * * ?", "2012-11-04T01:00:00-04:00"),
        ("2012-11-04T01:00:00-04:00", "0 * * * ?", "2012-11-04T01:00:00-05:00"),
        ("2012-11-04T01:00:00-05:00", "0 * * * ?", "2012-11-04T02:00:00-05:00"),
        // 1am nightly job (runs twice)
        ("2012-11-04T00:00:00-04:00", "0 1 * * ?", "2012-11-04T01:00:00-04:00"),
        ("2012-11-04T01:00:00-04:00", "0 1 * * ?", "2012-11-04T01:00:00-05:00"),
        ("2012-11-04T01:00:00-05:00", "0 1 * * ?", "2012-11-05T01:00:00-05:00"),
        // 2am nightly job
        ("2012-11-04T00:00:00-04:00", "0 2 * * ?", "2012-11-04T02:00:00-05:00"),
        ("2012-11-04T02:00:00-05:00", "0 2 * * ?", "2012-11-05T02:00:00-05:00"),
        // 3am nightly job
        ("2012-11-04T00:00:00-04:00", "0 3 * * ?", "2012-11-04T03:00:00-05:00"),
        ("2012-11-04T03:00:00-05:00", "0 3 * * ?", "2012-11-05T03:00:00-05:00"),
        // monthly job
        ("2012-11-04T00:00:00-04:00", "0 3 3 * ?", "2012-12-03T03:00:00-05:00"),
    ];
    for (from, spec, want) in rows {
        assert_eq!(next_in("America/New_York", spec, from), Some(t(want).rfc3339()), "{spec} from {from}");
    }
}

// spec_test.go TestNextWithTz: no TZ in the spec, from times at +05:30, so
// the search runs at +05:30 (Asia/Kolkata has no DST).
#[test]
fn upstream_next_with_tz() {
    let rows = [
        ("2016-01-03T13:09:03+05:30", "14 14 * * *", "2016-01-03T14:14:00+05:30"),
        ("2016-01-03T04:09:03+05:30", "14 14 * * ?", "2016-01-03T14:14:00+05:30"),
        ("2016-01-03T14:09:03+05:30", "14 14 * * *", "2016-01-03T14:14:00+05:30"),
        ("2016-01-03T14:00:00+05:30", "14 14 * * ?", "2016-01-03T14:14:00+05:30"),
    ];
    for (from, spec, want) in rows {
        assert_eq!(next_in("Asia/Kolkata", spec, from), Some(t(want).rfc3339()), "{spec} from {from}");
    }
}

// parser_test.go TestParseSchedule: descriptors after a zone prefix keep
// the zone.
#[test]
fn upstream_descriptor_with_zone_prefix() {
    let midnight = parse("@midnight").unwrap().kind;
    for (spec, zone) in [("TZ=UTC  @midnight", "UTC"), ("TZ=Asia/Tokyo @midnight", "Asia/Tokyo")] {
        let s = parse(spec).unwrap();
        assert_eq!(s.kind, midnight, "{spec}");
        assert_eq!(s.zone.map(|z| z.name).as_deref(), Some(zone), "{spec}");
    }
}

// constantdelay_test.go rows with sub-second delays, through the parser
// (`@every 15m50ns` is Every(15m + 50ns)).
#[test]
fn upstream_constant_delay_sub_second() {
    let rows = [
        ("2012-07-09T14:45:00Z", "@every 15m50ns", "2012-07-09T15:00:00Z"),
        ("2012-07-09T14:45:00Z", "@every 15ms", "2012-07-09T14:45:01Z"),
        ("2012-07-09T14:45:00.005Z", "@every 15m", "2012-07-09T15:00:00Z"),
        ("2012-07-09T14:45:00.005Z", "@every 15m50ns", "2012-07-09T15:00:00Z"),
    ];
    for (from, spec, want) in rows {
        assert_eq!(next(spec, from).as_deref(), Some(want), "{spec} from {from}");
    }
}

// Go library details behind robfig's messages (read in Go's time, strconv
// and strings sources): ParseDuration quotes with the time package's own
// quote (\xNN bytes), Atoi with strconv.Quote, LoadLocation refuses
// ".." and a leading slash, and names are lower-cased rune by rune.
#[test]
fn go_library_details() {
    let cases = [
        ("@every 1h\t", "failed to parse duration @every 1h\t: time: unknown unit \"h\\x09\" in duration \"1h\\x09\""),
        ("@every 1h\u{a0}", "failed to parse duration @every 1h\u{a0}: time: unknown unit \"h\\xc2\\xa0\" in duration \"1h\\xc2\\xa0\""),
        ("@every \u{e9}", "failed to parse duration @every \u{e9}: time: invalid duration \"\\xc3\\xa9\""),
        ("0 0 * * 1\u{7}", "failed to parse int from 1\u{7}: strconv.Atoi: parsing \"1\\a\": invalid syntax"),
        ("0 0 * * 1\u{8}", "failed to parse int from 1\u{8}: strconv.Atoi: parsing \"1\\b\": invalid syntax"),
        ("0 0 * * 1\u{200b}", "failed to parse int from 1\u{200b}: strconv.Atoi: parsing \"1\\u200b\": invalid syntax"),
        ("0 0 * * 1\u{9f}", "failed to parse int from 1\u{9f}: strconv.Atoi: parsing \"1\\u009f\": invalid syntax"),
        ("0 0 * * \u{e9}", "failed to parse int from \u{e9}: strconv.Atoi: parsing \"\u{e9}\": invalid syntax"),
        ("TZ=../etc/passwd 0 0 * * *", "provided bad location ../etc/passwd: time: invalid location name"),
        ("TZ=/UTC 0 0 * * *", "provided bad location /UTC: time: invalid location name"),
        ("TZ=Europe/..Paris 0 0 * * *", "provided bad location Europe/..Paris: time: invalid location name"),
    ];
    for (spec, want) in cases {
        assert_eq!(err(spec), want, "{spec:?}");
    }
    assert_eq!(parse("0 0 * * FR\u{130}").map(|s| s.kind), parse("0 0 * * fri").map(|s| s.kind), "İ lower-cases to i");
}
