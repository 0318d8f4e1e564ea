//! Kubernetes' `ip` and `cidr` libraries (`apiserver/pkg/cel/library/ip.go`
//! and `cidr.go`, v1.32): addresses and prefixes parsed as Go's
//! `net/netip` parses them, with its error texts, IPv6 zones and
//! IPv4-mapped IPv6 addresses refused as upstream refuses them.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

/// An IPv4 or IPv6 address (`net.IP`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ip {
    V4([u8; 4]),
    V6([u8; 16]),
}

/// An address and a prefix length, the address not masked (`net.CIDR`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    pub ip: Ip,
    pub bits: u8,
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn addr_error(input: &str, msg: &str, at: &str) -> String {
    if at.is_empty() {
        format!("ParseAddr({}): {msg}", quote(input))
    } else {
        format!("ParseAddr({}): {msg} (at {})", quote(input), quote(at))
    }
}

/// Go's `parseIPv4Fields` over `input[off..end]`.
fn ipv4_fields(input: &str, off: usize, end: usize) -> Result<[u8; 4], String> {
    let s = &input.as_bytes()[off..end];
    let at = |i: usize| &input[off + i..end];
    let (mut fields, mut pos, mut val, mut digits) = ([0u8; 4], 0usize, 0u32, 0);
    for (i, &c) in s.iter().enumerate() {
        if c.is_ascii_digit() {
            if digits == 1 && val == 0 {
                return Err(addr_error(input, "IPv4 field has octet with leading zero", ""));
            }
            val = val * 10 + u32::from(c - b'0');
            digits += 1;
            if val > 255 {
                return Err(addr_error(input, "IPv4 field has value >255", ""));
            }
        } else if c == b'.' {
            if i == 0 || i == s.len() - 1 || s[i - 1] == b'.' {
                return Err(addr_error(input, "IPv4 field must have at least one digit", at(i)));
            }
            if pos == 3 {
                return Err(addr_error(input, "IPv4 address too long", ""));
            }
            fields[pos] = val as u8;
            pos += 1;
            val = 0;
            digits = 0;
        } else {
            return Err(addr_error(input, "unexpected character", at(i)));
        }
    }
    if pos < 3 {
        return Err(addr_error(input, "IPv4 address too short", ""));
    }
    fields[3] = val as u8;
    Ok(fields)
}

/// Go's `parseIPv6`; the zone, if any, comes back with the address.
fn parse_ipv6(input: &str) -> Result<([u8; 16], String), String> {
    let (mut s, zone) = match input.split_once('%') {
        Some((_, "")) => return Err(addr_error(input, "zone must be a non-empty string", "")),
        Some((a, z)) => (a, z.to_string()),
        None => (input, String::new()),
    };
    let mut ip = [0u8; 16];
    let mut ellipsis: Option<usize> = None;
    if s.starts_with("::") {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Ok((ip, zone));
        }
    }
    let mut i = 0;
    while i < 16 {
        let b = s.as_bytes();
        let (mut off, mut acc) = (0usize, 0u32);
        while off < b.len() {
            let d = match b[off] {
                c @ b'0'..=b'9' => c - b'0',
                c @ b'a'..=b'f' => c - b'a' + 10,
                c @ b'A'..=b'F' => c - b'A' + 10,
                _ => break,
            };
            acc = (acc << 4) + u32::from(d);
            if off > 3 {
                return Err(addr_error(input, "each group must have 4 or less digits", s));
            }
            if acc > 0xffff {
                return Err(addr_error(input, "IPv6 field has value >=2^16", s));
            }
            off += 1;
        }
        if off == 0 {
            return Err(addr_error(input, "each colon-separated field must have at least one digit", s));
        }
        if off < b.len() && b[off] == b'.' {
            if ellipsis.is_none() && i != 12 {
                return Err(addr_error(input, "embedded IPv4 address must replace the final 2 fields of the address", s));
            }
            if i + 4 > 16 {
                return Err(addr_error(input, "too many hex fields to fit an embedded IPv4 at the end of the address", s));
            }
            let end = input.len() - if zone.is_empty() { 0 } else { zone.len() + 1 };
            let v4 = ipv4_fields(input, end - s.len(), end)?;
            ip[i..i + 4].copy_from_slice(&v4);
            s = "";
            i += 4;
            break;
        }
        ip[i] = (acc >> 8) as u8;
        ip[i + 1] = acc as u8;
        i += 2;
        s = &s[off..];
        if s.is_empty() {
            break;
        }
        if !s.starts_with(':') {
            return Err(addr_error(input, "unexpected character, want colon", s));
        } else if s.len() == 1 {
            return Err(addr_error(input, "colon must be followed by more characters", s));
        }
        s = &s[1..];
        if s.starts_with(':') {
            if ellipsis.is_some() {
                return Err(addr_error(input, "multiple :: in address", s));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return Err(addr_error(input, "trailing garbage after address", s));
    }
    if i < 16 {
        let Some(e) = ellipsis else {
            return Err(addr_error(input, "address string too short", ""));
        };
        let n = 16 - i;
        for j in (e..i).rev() {
            ip[j + n] = ip[j];
        }
        ip[e..e + n].iter_mut().for_each(|b| *b = 0);
    } else if ellipsis.is_some() {
        return Err(addr_error(input, "the :: must expand to at least one field of zeros", s));
    }
    Ok((ip, zone))
}

/// Go's `netip.ParseAddr`, with the zone (IPv6 only).
fn parse_addr(s: &str) -> Result<(Ip, String), String> {
    for c in s.bytes() {
        match c {
            b'.' => return ipv4_fields(s, 0, s.len()).map(|f| (Ip::V4(f), String::new())),
            b':' => return parse_ipv6(s).map(|(a, z)| (Ip::V6(a), z)),
            b'%' => return Err(addr_error(s, "missing IPv6 address", "")),
            _ => {}
        }
    }
    Err(addr_error(s, "unable to parse IP", ""))
}

impl Ip {
    /// `parseIPAddr`: an address without a zone, not IPv4-mapped.
    pub fn parse(raw: &str) -> Result<Ip, String> {
        let (ip, zone) = parse_addr(raw).map_err(|e| {
            format!("IP Address {} parse error during conversion from string: {e}", quote(raw))
        })?;
        if !zone.is_empty() {
            return Err(format!("IP address {} with zone value is not allowed", quote(raw)));
        }
        if ip.is_4in6() {
            return Err(format!("IPv4-mapped IPv6 address {} is not allowed", quote(raw)));
        }
        Ok(ip)
    }

    fn is_4in6(&self) -> bool {
        matches!(self, Ip::V6(b) if b[..10].iter().all(|x| *x == 0) && b[10] == 0xff && b[11] == 0xff)
    }

    pub fn family(&self) -> i64 {
        match self {
            Ip::V4(_) => 4,
            Ip::V6(_) => 6,
        }
    }

    fn bits(&self) -> u8 {
        match self {
            Ip::V4(_) => 32,
            Ip::V6(_) => 128,
        }
    }

    fn bytes(&self) -> &[u8] {
        match self {
            Ip::V4(b) => b,
            Ip::V6(b) => b,
        }
    }

    pub fn is_unspecified(&self) -> bool {
        self.bytes().iter().all(|b| *b == 0)
    }

    pub fn is_loopback(&self) -> bool {
        match self {
            Ip::V4(b) => b[0] == 127,
            Ip::V6(b) => b[..15].iter().all(|x| *x == 0) && b[15] == 1,
        }
    }

    fn is_multicast(&self) -> bool {
        match self {
            Ip::V4(b) => b[0] & 0xf0 == 0xe0,
            Ip::V6(b) => b[0] == 0xff,
        }
    }

    pub fn is_link_local_multicast(&self) -> bool {
        match self {
            Ip::V4(b) => b[0] == 224 && b[1] == 0 && b[2] == 0,
            Ip::V6(b) => b[0] == 0xff && b[1] & 0x0f == 0x02,
        }
    }

    pub fn is_link_local_unicast(&self) -> bool {
        match self {
            Ip::V4(b) => b[0] == 169 && b[1] == 254,
            Ip::V6(b) => b[0] == 0xfe && b[1] & 0xc0 == 0x80,
        }
    }

    pub fn is_global_unicast(&self) -> bool {
        if matches!(self, Ip::V4([255, 255, 255, 255])) {
            return false;
        }
        !self.is_unspecified()
            && !self.is_loopback()
            && !self.is_multicast()
            && !self.is_link_local_unicast()
    }

    /// The first `bits` bits kept, the rest zero.
    fn masked(&self, bits: u8) -> Ip {
        let mut out = *self;
        let bytes: &mut [u8] = match &mut out {
            Ip::V4(b) => b,
            Ip::V6(b) => b,
        };
        for (i, b) in bytes.iter_mut().enumerate() {
            let start = (i * 8) as u32;
            let keep = u32::from(bits).saturating_sub(start).min(8);
            *b &= if keep == 0 { 0 } else { 0xffu8 << (8 - keep) };
        }
        out
    }
}

/// Go's `Addr.String()`: dotted quad, or RFC 5952's canonical IPv6 form.
impl fmt::Display for Ip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ip::V4(b) => write!(f, "{}", Ipv4Addr::from(*b)),
            Ip::V6(b) => {
                let groups: Vec<u16> = b.chunks(2).map(|c| u16::from(c[0]) << 8 | u16::from(c[1])).collect();
                // The longest run of two or more zero groups, the first of equals.
                let (mut best, mut best_len, mut i) = (usize::MAX, 1, 0);
                while i < 8 {
                    let len = groups[i..].iter().take_while(|g| **g == 0).count();
                    if len > best_len {
                        best = i;
                        best_len = len;
                    }
                    i += len.max(1);
                }
                if best == usize::MAX {
                    // Rust and Go agree when nothing is compressed.
                    return write!(f, "{}", Ipv6Addr::from(*b));
                }
                let hex = |gs: &[u16]| gs.iter().map(|g| format!("{g:x}")).collect::<Vec<_>>().join(":");
                write!(f, "{}::{}", hex(&groups[..best]), hex(&groups[best + best_len..]))
            }
        }
    }
}

impl Cidr {
    /// `parseCIDR` (`netip.ParsePrefix`), its error prefixed once more as
    /// `stringToCIDR` does.
    pub fn parse(raw: &str) -> Result<Cidr, String> {
        Cidr::parse_inner(raw).map_err(|e| format!("network address parse error during conversion from string: {e}"))
    }

    fn parse_inner(raw: &str) -> Result<Cidr, String> {
        let wrap = |msg: String| {
            format!("network address parse error during conversion from string: netip.ParsePrefix({}): {msg}", quote(raw))
        };
        let Some(slash) = raw.rfind('/') else {
            return Err(wrap("no '/'".into()));
        };
        let (ip, zone) = parse_addr(&raw[..slash]).map_err(wrap)?;
        if !zone.is_empty() {
            return Err(wrap("IPv6 zones cannot be present in a prefix".into()));
        }
        let bits_str = &raw[slash + 1..];
        let bad_bits = || wrap(format!("bad bits after slash: {}", quote(bits_str)));
        if bits_str.len() > 1 && !matches!(bits_str.as_bytes()[0], b'1'..=b'9') {
            return Err(bad_bits());
        }
        let bits: i64 = bits_str.parse().map_err(|_| bad_bits())?;
        if bits < 0 || bits > i64::from(ip.bits()) {
            return Err(wrap("prefix length out of range".into()));
        }
        if ip.is_4in6() {
            return Err(format!("IPv4-mapped IPv6 address {} is not allowed", quote(raw)));
        }
        Ok(Cidr { ip, bits: bits as u8 })
    }

    pub fn prefix_length(&self) -> i64 {
        i64::from(self.bits)
    }

    pub fn masked(&self) -> Cidr {
        Cidr { ip: self.ip.masked(self.bits), bits: self.bits }
    }

    pub fn contains_ip(&self, ip: &Ip) -> bool {
        self.ip.family() == ip.family() && ip.masked(self.bits) == self.ip.masked(self.bits)
    }

    /// `Overlaps` and no longer a prefix than `other`'s.
    pub fn contains_cidr(&self, other: &Cidr) -> bool {
        self.bits <= other.bits && self.contains_ip(&other.ip)
    }
}

impl fmt::Display for Cidr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.ip, self.bits)
    }
}
