//! BIND's `dig`, as the DNS debugging pages run it from the
//! jessie-dnsutils image (dig 9.9) against the cluster's CoreDNS: the
//! query as given (no search list unless `+search`), its type (A, SRV,
//! CNAME), `+short`, and the full answer layout with CoreDNS's flags and
//! kubeadm's 30 s TTL. The query id comes from the name and the clock, so
//! a transcript stays the same run after run without drawing on the
//! simulation's random source.

use super::tools::{Dns, Lookup, Printed};
use kubeplay_model::time::{civil, Time};

/// What one dig run asks.
#[derive(Debug, PartialEq, Eq)]
struct Query {
    name: String,
    qtype: &'static str,
    short: bool,
    search: bool,
}

fn parse(args: &[String]) -> Result<Query, String> {
    let mut q = Query {
        name: String::new(),
        qtype: "A",
        short: false,
        search: false,
    };
    let mut it = args.iter();
    let qtype = |t: &str| match t.to_ascii_uppercase().as_str() {
        "A" => Some("A"),
        "SRV" => Some("SRV"),
        "CNAME" => Some("CNAME"),
        _ => None,
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "+short" => q.short = true,
            "+search" => q.search = true,
            "+nosearch" | "+noshort" | "+cmd" => {}
            "-t" => {
                let t = it.next().ok_or("dig: option requires an argument -- 't'")?;
                q.qtype = qtype(t).ok_or_else(|| {
                    format!("(playground) dig answers A, SRV and CNAME queries here, not {t}")
                })?;
            }
            s if s.starts_with('@') => {}
            s if s.starts_with('+') || s.starts_with('-') => {
                return Err(format!("(playground) dig's {s} is not simulated"));
            }
            s if !q.name.is_empty() && qtype(s).is_some() => q.qtype = qtype(s).unwrap_or("A"),
            s if q.name.is_empty() => q.name = s.to_string(),
            s => {
                return Err(format!(
                    "(playground) dig asks one name at a time here, not also {s}"
                ))
            }
        }
    }
    if q.name.is_empty() {
        q.name = ".".into();
    }
    Ok(q)
}

/// The A records CoreDNS adds for SRV targets, as (owner, address).
fn additional(answers: &[(String, String)], l: &Lookup) -> Vec<(String, String)> {
    answers
        .iter()
        .filter(|(t, _)| t == "SRV")
        .filter_map(|(_, data)| data.rsplit(' ').next())
        .flat_map(|target| match (l.answer)(target.trim_end_matches('.')) {
            Dns::A(ips) => ips.into_iter().map(|ip| (target.to_string(), ip)).collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// BIND's indent: tabs, then spaces, from column `col` to `to` (at least
/// one character), as its debug style lays out records.
fn indent(line: &mut String, col: &mut usize, to: usize) {
    let to = to.max(*col + 1);
    let tabs = (to / 8).saturating_sub(*col / 8);
    if tabs > 0 {
        line.extend(std::iter::repeat_n('\t', tabs));
        *col = (to / 8) * 8;
    }
    line.extend(std::iter::repeat_n(' ', to - *col));
    *col = to;
}

/// One record line: owner, TTL (none in the question), class, type, data.
fn record_line(owner: &str, ttl: Option<u32>, rtype: &str, data: Option<&str>) -> String {
    let mut line = owner.to_string();
    let mut col = line.len();
    indent(&mut line, &mut col, 24);
    if let Some(ttl) = ttl {
        let t = ttl.to_string();
        col += t.len();
        line.push_str(&t);
    }
    indent(&mut line, &mut col, 32);
    line.push_str("IN");
    col += 2;
    indent(&mut line, &mut col, 40);
    line.push_str(rtype);
    col += rtype.len();
    if let Some(d) = data {
        indent(&mut line, &mut col, 48);
        line.push_str(d);
    }
    line.push('\n');
    line
}

/// One answer record's type and data, as dig prints them.
fn records(q: &Query, l: &Lookup) -> Option<(String, Vec<(String, String)>)> {
    let name = q.name.trim_end_matches('.');
    let candidates: Vec<String> = if q.search && name.matches('.').count() < 5 {
        l.search
            .iter()
            .map(|s| format!("{name}.{s}"))
            .chain([name.to_string()])
            .collect()
    } else {
        vec![name.to_string()]
    };
    candidates.into_iter().find_map(|fqdn| {
        let found: Vec<(String, String)> = match q.qtype {
            "SRV" => (l.srv)(&fqdn)?
                .iter()
                .map(|r| {
                    (
                        "SRV".to_string(),
                        format!("{} {} {} {}.", r.priority, r.weight, r.port, r.target),
                    )
                })
                .collect(),
            _ => match (l.answer)(&fqdn) {
                Dns::A(ips) if q.qtype == "A" => {
                    ips.into_iter().map(|ip| ("A".to_string(), ip)).collect()
                }
                Dns::A(_) => Vec::new(),
                Dns::Cname(t) => vec![("CNAME".to_string(), format!("{t}."))],
                Dns::NxDomain => return None,
            },
        };
        Some((fqdn, found))
    })
}

/// dig's `WHEN:` line: ctime-like, the day zero-padded.
fn when(now: Time) -> String {
    let secs = now.millis().div_euclid(1000);
    let (y, mo, d, h, mi, s) = civil(secs);
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let day = DAYS[secs.div_euclid(86_400).rem_euclid(7) as usize];
    let month = MONTHS[(mo - 1).clamp(0, 11) as usize];
    format!("{day} {month} {d:02} {h:02}:{mi:02}:{s:02} UTC {y}")
}

/// A name's length on the wire (labels with their length bytes, the root).
fn wire_len(name: &str) -> usize {
    let name = name.trim_end_matches('.');
    if name.is_empty() {
        1
    } else {
        name.split('.').map(|l| l.len() + 1).sum::<usize>() + 1
    }
}

/// The reply's size: header, question, answers, the SOA of an NXDOMAIN,
/// and the EDNS OPT record. CoreDNS writes its small replies without name
/// compression (the 117 bytes dig reports for kubernetes.default's A).
fn msg_size(qname: &str, answers: &[(String, String)], soa: bool) -> usize {
    let answer_len: usize = answers
        .iter()
        .map(|(t, data)| {
            let rdata = match t.as_str() {
                "A" => 4,
                "SRV" => 6 + wire_len(data.rsplit(' ').next().unwrap_or_default()),
                _ => wire_len(data),
            };
            wire_len(qname) + 10 + rdata
        })
        .sum();
    // cluster.local. SOA ns.dns.cluster.local. hostmaster.cluster.local.
    let soa_len = if soa {
        wire_len("cluster.local")
            + 10
            + wire_len("ns.dns.cluster.local")
            + wire_len("hostmaster.cluster.local")
            + 20
    } else {
        0
    };
    12 + wire_len(qname) + 4 + answer_len + soa_len + 11
}

/// Runs dig; `outside` says whether a name CoreDNS would forward is asked.
pub fn dig(args: &[String], l: &Lookup, now: Time) -> Printed {
    let mut p = Printed::default();
    let q = match parse(args) {
        Ok(q) => q,
        Err(e) => {
            p.pieces.push((true, format!("{e}\n")));
            p.code = 1;
            return p;
        }
    };
    if l.blocked {
        p.pieces.push((
            false,
            if q.short {
                String::new()
            } else {
                format!(
                    "\n; <<>> DiG 9.9.5-9+deb8u19-Debian <<>> {}\n;; global options: +cmd\n",
                    args.join(" ")
                )
            },
        ));
        p.pieces.push((
            false,
            ";; connection timed out; no servers could be reached\n".into(),
        ));
        p.code = 9;
        return p;
    }
    let found = records(&q, l);
    if q.short {
        let lines: String = found
            .iter()
            .flat_map(|(_, rs)| rs.iter().map(|(_, d)| format!("{d}\n")))
            .collect();
        p.pieces.push((false, lines));
        return p;
    }
    let (qname, answers, status) = match &found {
        Some((fqdn, rs)) => (fqdn.clone(), rs.clone(), "NOERROR"),
        None => (
            q.name.trim_end_matches('.').to_string(),
            Vec::new(),
            "NXDOMAIN",
        ),
    };
    let in_zone = qname.ends_with("cluster.local");
    let soa = answers.is_empty() && in_zone;
    let id = qname.bytes().fold(now.millis() as u32, |h, b| {
        h.wrapping_mul(31).wrapping_add(b as u32)
    }) % 65_536;
    let extra = additional(&answers, l);
    let mut s = format!(
        "\n; <<>> DiG 9.9.5-9+deb8u19-Debian <<>> {}\n;; global options: +cmd\n;; Got answer:\n",
        args.join(" ")
    );
    s.push_str(&format!(
        ";; ->>HEADER<<- opcode: QUERY, status: {status}, id: {id}\n"
    ));
    let aa = if in_zone { " aa" } else { "" };
    s.push_str(&format!(
        ";; flags: qr{aa} rd ra; QUERY: 1, ANSWER: {}, AUTHORITY: {}, ADDITIONAL: {}\n\n",
        answers.len(),
        usize::from(soa),
        extra.len() + 1
    ));
    s.push_str(
        ";; OPT PSEUDOSECTION:\n; EDNS: version: 0, flags:; udp: 4096\n;; QUESTION SECTION:\n",
    );
    s.push_str(&record_line(&format!(";{qname}."), None, q.qtype, None));
    s.push('\n');
    if !answers.is_empty() {
        s.push_str(";; ANSWER SECTION:\n");
        for (t, data) in &answers {
            s.push_str(&record_line(&format!("{qname}."), Some(30), t, Some(data)));
        }
        s.push('\n');
    }
    if soa {
        // CoreDNS's serial is the time the cluster's objects last changed.
        let serial = now.millis().div_euclid(1000);
        s.push_str(";; AUTHORITY SECTION:\n");
        s.push_str(&record_line(
            "cluster.local.",
            Some(30),
            "SOA",
            Some(&format!(
                "ns.dns.cluster.local. hostmaster.cluster.local. {serial} 7200 1800 86400 30"
            )),
        ));
        s.push('\n');
    }
    if !extra.is_empty() {
        s.push_str(";; ADDITIONAL SECTION:\n");
        for (owner, ip) in &extra {
            s.push_str(&record_line(owner, Some(30), "A", Some(ip)));
        }
        s.push('\n');
    }
    let extra_len: usize = extra
        .iter()
        .map(|(owner, _)| wire_len(owner) + 10 + 4)
        .sum();
    s.push_str(&format!(
        ";; Query time: 0 msec\n;; SERVER: {}#53({})\n;; WHEN: {}\n;; MSG SIZE  rcvd: {}\n\n",
        l.server_ip,
        l.server_ip,
        when(now),
        msg_size(&qname, &answers, soa) + extra_len
    ));
    p.pieces.push((false, s));
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn parses_dig_lines() {
        let cases: Vec<(&str, Result<Query, ()>)> = vec![
            (
                "my-svc.ns.svc.cluster.local",
                Ok(Query {
                    name: "my-svc.ns.svc.cluster.local".into(),
                    qtype: "A",
                    short: false,
                    search: false,
                }),
            ),
            (
                "+short web",
                Ok(Query {
                    name: "web".into(),
                    qtype: "A",
                    short: true,
                    search: false,
                }),
            ),
            (
                "_http._tcp.web.default.svc.cluster.local SRV",
                Ok(Query {
                    name: "_http._tcp.web.default.svc.cluster.local".into(),
                    qtype: "SRV",
                    short: false,
                    search: false,
                }),
            ),
            (
                "-t srv +search _http._tcp.web",
                Ok(Query {
                    name: "_http._tcp.web".into(),
                    qtype: "SRV",
                    short: false,
                    search: true,
                }),
            ),
            (
                "@10.96.0.10 web +short",
                Ok(Query {
                    name: "web".into(),
                    qtype: "A",
                    short: true,
                    search: false,
                }),
            ),
            ("web MX", Err(())),
            ("+trace web", Err(())),
        ];
        for (line, want) in cases {
            assert_eq!(parse(&args(line)).map_err(|_| ()), want, "{line}");
        }
    }

    #[test]
    fn sizes_and_dates() {
        assert_eq!(wire_len("web.default.svc.cluster.local"), 31);
        // dig's count for CoreDNS's answer to kubernetes.default's A.
        assert_eq!(
            msg_size(
                "kubernetes.default.svc.cluster.local",
                &[("A".into(), "10.96.0.1".into())],
                false
            ),
            117
        );
        assert_eq!(
            when(Time::from_millis(1_735_689_610_000)),
            "Wed Jan 01 00:00:10 UTC 2025"
        );
    }

    // BIND's layout, as dig 9.9 printed it in kubernetes/kubernetes#16744
    // and kubernetes/dns#140.
    #[test]
    fn record_columns() {
        let cases = [
            (
                record_line(";kops.belamaric.com.", None, "A", None),
                ";kops.belamaric.com.\t\tIN\tA\n",
            ),
            (
                record_line(
                    "kops.belamaric.com.",
                    Some(60),
                    "SRV",
                    Some("1 10 1022 api.us-east-1.kops.belamaric.com."),
                ),
                "kops.belamaric.com.\t60\tIN\tSRV\t1 10 1022 api.us-east-1.kops.belamaric.com.\n",
            ),
            (
                record_line(
                    "rabbitmq-service.default.cluster.local.",
                    Some(30),
                    "A",
                    Some("10.0.147.152"),
                ),
                "rabbitmq-service.default.cluster.local.\t30 IN A\t10.0.147.152\n",
            ),
            (
                record_line(";foo.bar.svc.cluster.local.", None, "A", None),
                ";foo.bar.svc.cluster.local. \tIN\tA\n",
            ),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
        }
    }
}
