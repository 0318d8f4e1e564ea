//! Kubernetes' ip, cidr and url libraries: the cases of upstream's
//! ip_test.go and cidr_test.go (v1.32) and the examples of urls.go's
//! documentation, each written as an expression that must be true, or
//! fail with upstream's text.

use crate::{compile, Value};

fn eval(src: &str) -> Result<Value, String> {
    let p = compile(src, &[]).map_err(|e| e.to_string())?;
    p.eval(&[]).map_err(|e| e.to_string())
}

#[test]
fn true_expressions() {
    let cases = [
        // ip_test.go
        r#"ip("192.168.0.1") == ip("192.168.0.1")"#,
        r#"isIP("192.168.0.1")"#,
        r#"!isIP("192.168.0.1.0")"#,
        r#"ip.isCanonical("127.0.0.1")"#,
        r#"ip("192.168.0.1").family() == 4"#,
        r#"ip("0.0.0.0").isUnspecified()"#,
        r#"!ip("127.0.0.1").isUnspecified()"#,
        r#"ip("127.0.0.1").isLoopback()"#,
        r#"!ip("1.2.3.4").isLoopback()"#,
        r#"ip("224.0.0.1").isLinkLocalMulticast()"#,
        r#"!ip("224.0.1.1").isLinkLocalMulticast()"#,
        r#"ip("169.254.169.254").isLinkLocalUnicast()"#,
        r#"!ip("192.168.0.1").isLinkLocalUnicast()"#,
        r#"ip("192.168.0.1").isGlobalUnicast()"#,
        r#"!ip("255.255.255.255").isGlobalUnicast()"#,
        r#"ip("2001:db8::68") == ip("2001:db8:0::68")"#,
        r#"isIP("2001:db8::68")"#,
        r#"!isIP("2001:db8:::68")"#,
        r#"ip.isCanonical("2001:db8::68")"#,
        r#"!ip.isCanonical("2001:DB8::68")"#,
        r#"ip("2001:db8::68").family() == 6"#,
        r#"ip("::").isUnspecified()"#,
        r#"!ip("::1").isUnspecified()"#,
        r#"ip("::1").isLoopback()"#,
        r#"!ip("2001:db8::abcd").isLoopback()"#,
        r#"ip("ff02::1").isLinkLocalMulticast()"#,
        r#"!ip("fd00::1").isLinkLocalMulticast()"#,
        r#"ip("fe80::1").isLinkLocalUnicast()"#,
        r#"!ip("fd80::1").isLinkLocalUnicast()"#,
        r#"ip("2001:db8::abcd").isGlobalUnicast()"#,
        r#"!ip("ff00::1").isGlobalUnicast()"#,
        r#"string(ip("192.168.0.1")) == "192.168.0.1""#,
        r#"string(ip("2001:0db8:0:0:0:0:0:68")) == "2001:db8::68""#,
        r#"string(ip("1:0:0:2:0:0:0:3")) == "1:0:0:2::3""#,
        r#"type(ip("192.168.0.1")) == net.IP"#,
        // cidr_test.go
        r#"cidr(dyn("192.168.0.0/24")) == cidr("192.168.0.0/24")"#,
        r#"cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))"#,
        r#"!cidr("192.168.0.0/24").containsIP(ip("192.168.1.1"))"#,
        r#"cidr("192.168.0.0/24").containsIP("192.168.0.1")"#,
        r#"!cidr("192.168.0.0/24").containsIP("192.168.1.1")"#,
        r#"cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/25"))"#,
        r#"!cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/23"))"#,
        r#"cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")"#,
        r#"!cidr("192.168.0.0/24").containsCIDR("192.168.0.0/23")"#,
        r#"cidr("192.168.0.0/24").ip() == ip("192.168.0.0")"#,
        r#"cidr("192.168.0.0/24").masked() == cidr("192.168.0.0/24")"#,
        r#"cidr("192.168.0.1/24").masked() == cidr("192.168.0.0/24")"#,
        r#"cidr("192.168.0.0/24").prefixLength() == 24"#,
        r#"cidr("2001:db8::/32").containsIP(ip("2001:db8::1"))"#,
        r#"!cidr("2001:db8::/32").containsIP(ip("2001:dc8::1"))"#,
        r#"cidr("2001:db8::/32").containsIP("2001:db8::1")"#,
        r#"!cidr("2001:db8::/32").containsIP("2001:dc8::1")"#,
        r#"cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))"#,
        r#"!cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/31"))"#,
        r#"cidr("2001:db8::/32").containsCIDR("2001:db8::/33")"#,
        r#"!cidr("2001:db8::/32").containsCIDR("2001:db8::/31")"#,
        r#"cidr("2001:db8::/32").ip() == ip("2001:db8::")"#,
        r#"cidr("2001:db8::/32").masked() == cidr("2001:db8::/32")"#,
        r#"cidr("2001:db8:1::/32").masked() == cidr("2001:db8::/32")"#,
        r#"cidr("2001:db8::/32").prefixLength() == 32"#,
        r#"string(cidr("192.168.0.0/24")) == "192.168.0.0/24""#,
        r#"type(cidr("192.168.0.0/24")) == net.CIDR"#,
        r#"isCIDR("10.0.0.0/8") && !isCIDR("10.0.0.0/33")"#,
        // urls.go's examples
        "isURL('https://user:pass@example.com:80/path?query=val#fragment')",
        "isURL('/absolute-path')",
        "!isURL('https://a:b:c/')",
        "!isURL('../relative-path')",
        "url('/path').getScheme() == ''",
        "url('https://example.com/').getScheme() == 'https'",
        "url('https://example.com:80/').getHost() == 'example.com:80'",
        "url('https://example.com/').getHost() == 'example.com'",
        "url('https://[::1]:80/').getHost() == '[::1]:80'",
        "url('https://[::1]/').getHost() == '[::1]'",
        "url('/path').getHost() == ''",
        "url('https://example.com:80/').getHostname() == 'example.com'",
        "url('https://127.0.0.1:80/').getHostname() == '127.0.0.1'",
        "url('https://[::1]:80/').getHostname() == '::1'",
        "url('/path').getHostname() == ''",
        "url('https://example.com:80/').getPort() == '80'",
        "url('https://example.com/').getPort() == ''",
        "url('/path').getPort() == ''",
        "url('https://example.com/path').getEscapedPath() == '/path'",
        "url('https://example.com/path with spaces/').getEscapedPath() == '/path%20with%20spaces/'",
        "url('https://example.com').getEscapedPath() == ''",
        "url('https://example.com/path?k1=a&k2=b&k2=c').getQuery() == {'k1': ['a'], 'k2': ['b', 'c']}",
        "url('https://example.com/path?key with spaces=value with spaces').getQuery() == {'key with spaces': ['value with spaces']}",
        "url('https://example.com/path?').getQuery() == {}",
        "url('https://example.com/path').getQuery() == {}",
        "url('https://example.com/path#frag').getEscapedPath() == '/path'",
    ];
    for src in cases {
        match eval(src) {
            Ok(Value::Bool(true)) => {}
            other => panic!("{src}: {other:?}"),
        }
    }
}

#[test]
fn errors() {
    let cases = [
        (r#"ip("192.168.0.1.0")"#, r#"IP Address "192.168.0.1.0" parse error during conversion from string: ParseAddr("192.168.0.1.0"): IPv4 address too long"#),
        (r#"ip.isCanonical("127.0.0.1.0")"#, r#"IP Address "127.0.0.1.0" parse error during conversion from string: ParseAddr("127.0.0.1.0"): IPv4 address too long"#),
        (r#"ip("2001:db8:::68")"#, r#"IP Address "2001:db8:::68" parse error during conversion from string: ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit (at ":68")"#),
        (r#"ip.isCanonical("2001:db8:::68")"#, r#"IP Address "2001:db8:::68" parse error during conversion from string: ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit (at ":68")"#),
        (r#"ip("::ffff:1.2.3.4")"#, r#"IPv4-mapped IPv6 address "::ffff:1.2.3.4" is not allowed"#),
        (r#"ip("fe80::1%eth0")"#, r#"IP address "fe80::1%eth0" with zone value is not allowed"#),
        (r#"ip("010.0.0.1")"#, r#"IP Address "010.0.0.1" parse error during conversion from string: ParseAddr("010.0.0.1"): IPv4 field has octet with leading zero"#),
        (r#"cidr("192.168.0.0/")"#, r#"network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("192.168.0.0/"): bad bits after slash: """#),
        (r#"cidr("2001:db8::/")"#, r#"network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("2001:db8::/"): bad bits after slash: """#),
        ("url('https://a:b:c/')", r#"URL parse error during conversion from string: parse "https://a:b:c/": invalid port ":c" after host"#),
        ("url('../relative-path')", r#"URL parse error during conversion from string: parse "../relative-path": invalid URI for request"#),
        // Compile errors.
        (r#"isIP(cidr("192.168.0.0/24"))"#, "ERROR: <input>:1:5: found no matching overload for 'isIP' applied to '(net.CIDR)'\n | isIP(cidr(\"192.168.0.0/24\"))\n | ....^"),
        ("cidr(192168)", "ERROR: <input>:1:5: found no matching overload for 'cidr' applied to '(int)'\n | cidr(192168)\n | ....^"),
    ];
    for (src, want) in cases {
        match eval(src) {
            Err(e) => assert_eq!(e, want, "{src}"),
            other => panic!("{src}: {other:?}"),
        }
    }
}
