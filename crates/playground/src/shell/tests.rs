//! The shell's tools against the real ones. Every expected output here
//! was produced by running the same line under bash 5.2 with GNU grep 3.8,
//! coreutils 9.1, gawk 5.2 and util-linux's column, in C.UTF-8, with the
//! given standard input (`bash -c LINE <<< STDIN`; bash's "line 1: "
//! prefix on its own errors dropped, as an interactive shell prints them).

use crate::{CommandOutput, Playground};

const PODS: &str = "NAME                     READY   STATUS    RESTARTS   AGE
web-7c5ddbdf54-abcde     1/1     Running   0          5m
web-7c5ddbdf54-fghij     1/1     Running   2          5m
db-0                     0/1     Pending   0          12s
cache-5d9f8b7c6-xyz12    1/1     Running   10         1h
";
const T: &str = "b 2\na 10\nc 1\na 10\nB 3\n\n";

#[rustfmt::skip]
const GNU: &[(&str, &str, &str, &str, i32)] = &[
    ("grep web", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\n", "", 0),
    ("grep -v Running", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\ndb-0                     0/1     Pending   0          12s\n", "", 0),
    ("grep -c Running", PODS, "3\n", "", 0),
    ("grep -n Pending", PODS, "4:db-0                     0/1     Pending   0          12s\n", "", 0),
    ("grep -i RUNNING", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("grep -o 'web-[a-z0-9]*'", PODS, "web-7c5ddbdf54\nweb-7c5ddbdf54\n", "", 0),
    ("grep -w db", PODS, "db-0                     0/1     Pending   0          12s\n", "", 0),
    ("grep -x 'a 10'", T, "a 10\na 10\n", "", 0),
    ("grep -E 'Pending|[0-9]+h$'", PODS, "db-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("egrep '^(db|cache)'", PODS, "db-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("grep -F '1/1'", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("grep -e db -e cache", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ndb-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("grep -q web", PODS, "", "", 0),
    ("grep -q nope", PODS, "", "", 1),
    ("grep nope", PODS, "", "", 1),
    ("grep -A1 db", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ndb-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("grep -B1 -n db", PODS, "1-NAME                     READY   STATUS    RESTARTS   AGE\n2:web-7c5ddbdf54-abcde     1/1     Running   0          5m\n3:web-7c5ddbdf54-fghij     1/1     Running   2          5m\n4:db-0                     0/1     Pending   0          12s\n", "", 0),
    ("grep -C1 fghij", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ndb-0                     0/1     Pending   0          12s\n", "", 0),
    ("grep -A1 'web\\|cache'", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ndb-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("grep -m1 web", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\n", "", 0),
    ("grep -c -v web", PODS, "3\n", "", 0),
    ("grep -in running", PODS, "2:web-7c5ddbdf54-abcde     1/1     Running   0          5m\n3:web-7c5ddbdf54-fghij     1/1     Running   2          5m\n5:cache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("grep '('", PODS, "", "", 1),
    ("grep -E '('", PODS, "", "grep: Unmatched ( or \\(\n", 2),
    ("grep", PODS, "", "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", 2),
    ("grep -l web", PODS, "(standard input)\n", "", 0),
    ("grep '[[:digit:]]\\{2\\}'", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ndb-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("grep -o '[0-9]\\+'", "a1b22c333\n", "1\n22\n333\n", "", 0),
    ("grep -ow 'a.'", "ab a ac abc\n", "ab\nac\n", "", 0),
    ("grep x", "x", "x\n", "", 0),
    ("grep --count web", PODS, "2\n", "", 0),
    ("grep --color=auto db", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ndb-0                     0/1     Pending   0          12s\n", "", 0),
    ("grep -e", PODS, "", "grep: option requires an argument -- 'e'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", 2),
    ("grep web nofile", PODS, "", "grep: nofile: No such file or directory\n", 2),
    ("head -2", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\nweb-7c5ddbdf54-abcde     1/1     Running   0          5m\n", "", 0),
    ("head -n 2", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\nweb-7c5ddbdf54-abcde     1/1     Running   0          5m\n", "", 0),
    ("head -n -2", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\nweb-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\n", "", 0),
    ("head", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "", 0),
    ("tail -2", PODS, "db-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("tail -n 2", PODS, "db-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("tail -n +2", PODS, "web-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ndb-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("tail -1", "a\nb", "b", "", 0),
    ("head -c 5", PODS, "NAME ", "", 0),
    ("tail -c 4", PODS, " 1h\n", "", 0),
    ("head -n x", PODS, "", "head: invalid number of lines: ‘x’\n", 1),
    ("head -z", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\nweb-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ndb-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("head --foo", PODS, "", "head: unrecognized option '--foo'\nTry 'head --help' for more information.\n", 1),
    ("tail -n +10", PODS, "", "", 0),
    ("wc", PODS, "      5      25     287\n", "", 0),
    ("wc -l", PODS, "5\n", "", 0),
    ("wc -w", PODS, "25\n", "", 0),
    ("wc -c", PODS, "287\n", "", 0),
    ("wc -lw", PODS, "      5      25\n", "", 0),
    ("wc -l -c", PODS, "      5     287\n", "", 0),
    ("wc", "", "      0       0       0\n", "", 0),
    ("wc -x", PODS, "", "wc: invalid option -- 'x'\nTry 'wc --help' for more information.\n", 1),
    ("wc -m", "héllo\n", "6\n", "", 0),
    ("sort", T, "\nB 3\na 10\na 10\nb 2\nc 1\n", "", 0),
    ("sort -r", T, "c 1\nb 2\na 10\na 10\nB 3\n\n", "", 0),
    ("sort -n", T, "\nB 3\na 10\na 10\nb 2\nc 1\n", "", 0),
    ("sort -u", T, "\nB 3\na 10\nb 2\nc 1\n", "", 0),
    ("sort -k2", T, "\nc 1\na 10\na 10\nb 2\nB 3\n", "", 0),
    ("sort -k2 -n", T, "\nc 1\nb 2\nB 3\na 10\na 10\n", "", 0),
    ("sort -k2,2n -r", T, "\nc 1\nb 2\nB 3\na 10\na 10\n", "", 0),
    ("sort -t' ' -k2", T, "\nc 1\na 10\na 10\nb 2\nB 3\n", "", 0),
    ("sort -k 3", PODS, "db-0                     0/1     Pending   0          12s\nweb-7c5ddbdf54-abcde     1/1     Running   0          5m\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\nNAME                     READY   STATUS    RESTARTS   AGE\n", "", 0),
    ("sort -k4 -n", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\ndb-0                     0/1     Pending   0          12s\nweb-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("sort -k2", PODS, "db-0                     0/1     Pending   0          12s\nNAME                     READY   STATUS    RESTARTS   AGE\nweb-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("sort -nr -k4", PODS, "cache-5d9f8b7c6-xyz12    1/1     Running   10         1h\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\nweb-7c5ddbdf54-abcde     1/1     Running   0          5m\ndb-0                     0/1     Pending   0          12s\nNAME                     READY   STATUS    RESTARTS   AGE\n", "", 0),
    ("sort -k", T, "", "sort: option requires an argument -- 'k'\nTry 'sort --help' for more information.\n", 2),
    ("sort -k0", T, "", "sort: field number is zero: invalid field specification ‘0’\n", 2),
    ("sort -t ab", T, "", "sort: multi-character tab ‘ab’\n", 2),
    ("sort -f", T, "\na 10\na 10\nb 2\nB 3\nc 1\n", "", 0),
    ("sort -n", "10\n9\n-1\nx\n1.5\n\n", "-1\n\nx\n1.5\n9\n10\n", "", 0),
    ("sort -un", "1\n01\n2\n", "1\n2\n", "", 0),
    ("uniq", "a\na\nb\na\n", "a\nb\na\n", "", 0),
    ("uniq -c", "a\na\nb\na\n", "      2 a\n      1 b\n      1 a\n", "", 0),
    ("uniq -d", "a\na\nb\nc\nc\n", "a\nc\n", "", 0),
    ("uniq -u", "a\na\nb\nc\nc\n", "b\n", "", 0),
    ("uniq -c", "x\nx", "      2 x\n", "", 0),
    ("cut -d' ' -f1", PODS, "NAME\nweb-7c5ddbdf54-abcde\nweb-7c5ddbdf54-fghij\ndb-0\ncache-5d9f8b7c6-xyz12\n", "", 0),
    ("cut -c1-10", PODS, "NAME      \nweb-7c5ddb\nweb-7c5ddb\ndb-0      \ncache-5d9f\n", "", 0),
    ("cut -d: -f2", "a:b:c\nnone\n", "b\nnone\n", "", 0),
    ("cut -d: -f2-", "a:b:c\n", "b:c\n", "", 0),
    ("cut -d: -f-2", "a:b:c\n", "a:b\n", "", 0),
    ("cut -d: -f1,3", "a:b:c\n", "a:c\n", "", 0),
    ("cut -d: -s -f2", "a:b\nnone\n", "b\n", "", 0),
    ("cut", "x\n", "", "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.\n", 1),
    ("cut -f0", "x\n", "", "cut: fields are numbered from 1\nTry 'cut --help' for more information.\n", 1),
    ("cut -d ab -f1", "x\n", "", "cut: the delimiter must be a single character\nTry 'cut --help' for more information.\n", 1),
    ("cut -f2", "a\tb\n", "b\n", "", 0),
    ("cut -c2,4", "abcdef\n", "bd\n", "", 0),
    ("cut -f3-1", "x\n", "", "cut: invalid decreasing range\nTry 'cut --help' for more information.\n", 1),
    ("cut -f a", "x\n", "", "cut: invalid field value ‘a’\nTry 'cut --help' for more information.\n", 1),
    ("tr a-z A-Z", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\nWEB-7C5DDBDF54-ABCDE     1/1     RUNNING   0          5M\nWEB-7C5DDBDF54-FGHIJ     1/1     RUNNING   2          5M\nDB-0                     0/1     PENDING   0          12S\nCACHE-5D9F8B7C6-XYZ12    1/1     RUNNING   10         1H\n", "", 0),
    ("tr '[:lower:]' '[:upper:]'", "Hello\n", "HELLO\n", "", 0),
    ("tr -d 0-9", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\nweb-cddbdf-abcde     /     Running             m\nweb-cddbdf-fghij     /     Running             m\ndb-                     /     Pending             s\ncache-dfbc-xyz    /     Running            h\n", "", 0),
    ("tr -s ' '", PODS, "NAME READY STATUS RESTARTS AGE\nweb-7c5ddbdf54-abcde 1/1 Running 0 5m\nweb-7c5ddbdf54-fghij 1/1 Running 2 5m\ndb-0 0/1 Pending 0 12s\ncache-5d9f8b7c6-xyz12 1/1 Running 10 1h\n", "", 0),
    ("tr -s ' ' '\\t'", "a  b   c\n", "a\tb\tc\n", "", 0),
    ("tr abc x", "aabbcc\n", "xxxxxx\n", "", 0),
    ("tr -d '\\n'", "a\nb\n", "ab", "", 0),
    ("tr", "x", "", "tr: missing operand\nTry 'tr --help' for more information.\n", 1),
    ("tr a", "x", "", "tr: missing operand after ‘a’\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n", 1),
    ("tr z-a x", "x\n", "", "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n", 1),
    ("tr -ds a b", "aabbcc\n", "bcc\n", "", 0),
    ("column -t", "a b\nccc d e\n\nf\n", "a    b  \nccc  d  e\nf       \n", "", 0),
    ("column -t", PODS, "NAME                   READY  STATUS   RESTARTS  AGE\nweb-7c5ddbdf54-abcde   1/1    Running  0         5m\nweb-7c5ddbdf54-fghij   1/1    Running  2         5m\ndb-0                   0/1    Pending  0         12s\ncache-5d9f8b7c6-xyz12  1/1    Running  10        1h\n", "", 0),
    ("column -t -s:", "a:bb\nccc:d\n", "a    bb\nccc  d\n", "", 0),
    ("column", "a b\n", "a b\n", "", 0),
    ("awk '{print $1}'", PODS, "NAME\nweb-7c5ddbdf54-abcde\nweb-7c5ddbdf54-fghij\ndb-0\ncache-5d9f8b7c6-xyz12\n", "", 0),
    ("awk '{print $1, $3}'", PODS, "NAME STATUS\nweb-7c5ddbdf54-abcde Running\nweb-7c5ddbdf54-fghij Running\ndb-0 Pending\ncache-5d9f8b7c6-xyz12 Running\n", "", 0),
    ("awk '{print $NF}'", PODS, "AGE\n5m\n5m\n12s\n1h\n", "", 0),
    ("awk '{print NF}'", "a b  c\n\nx\n", "3\n0\n1\n", "", 0),
    ("awk '{print $(NF-1)}'", PODS, "RESTARTS\n0\n2\n0\n10\n", "", 0),
    ("awk '{print $1 \"-\" $2}'", "a b\n", "a-b\n", "", 0),
    ("awk -F: '{print $2}'", "a:b:c\n", "b\n", "", 0),
    ("awk -F':' '{print $1,$3}'", "a:b:c\n", "a c\n", "", 0),
    ("awk 'NR>1 {print $1}'", PODS, "web-7c5ddbdf54-abcde\nweb-7c5ddbdf54-fghij\ndb-0\ncache-5d9f8b7c6-xyz12\n", "", 0),
    ("awk '$3==\"Running\" {print $1}'", PODS, "web-7c5ddbdf54-abcde\nweb-7c5ddbdf54-fghij\ncache-5d9f8b7c6-xyz12\n", "", 0),
    ("awk '/Pending/'", PODS, "db-0                     0/1     Pending   0          12s\n", "", 0),
    ("awk '$4 > 1 {print $1, $4}'", PODS, "NAME RESTARTS\nweb-7c5ddbdf54-fghij 2\ncache-5d9f8b7c6-xyz12 10\n", "", 0),
    ("awk '{print}'", "x y\n", "x y\n", "", 0),
    ("awk '{print $0}'", "x y\n", "x y\n", "", 0),
    ("awk '{ print $2 }'", "x y\n", "y\n", "", 0),
    ("awk '{print $5}'", "x y\n", "\n", "", 0),
    ("awk -F'\\t' '{print $2}'", "a\tb c\n", "b c\n", "", 0),
    ("awk '{printf \"%s=%s\\n\", $1, $2}'", "a b\nc d\n", "a=b\nc=d\n", "", 0),
    ("awk '$1 ~ /^web/ {print $1}'", PODS, "web-7c5ddbdf54-abcde\nweb-7c5ddbdf54-fghij\n", "", 0),
    ("awk '{print NR\": \"$1}'", "a\nb\n", "1: a\n2: b\n", "", 0),
    ("awk '{print $2+1}'", "a 1\nb x\n", "2\n1\n", "", 0),
    ("awk '{print $1/3}'", "1.5\n0.1\n1234567.8\n0.00001234\n", "0.5\n0.0333333\n411523\n4.11333e-06\n", "", 0),
    ("awk -F, '{print $2}'", "a,,b\n", "\n", "", 0),
    ("base64", "admin", "YWRtaW4=\n", "", 0),
    ("base64", "a longer secret value that goes past seventy-six characters of encoded output, surely\n", "YSBsb25nZXIgc2VjcmV0IHZhbHVlIHRoYXQgZ29lcyBwYXN0IHNldmVudHktc2l4IGNoYXJhY3Rl\ncnMgb2YgZW5jb2RlZCBvdXRwdXQsIHN1cmVseQo=\n", "", 0),
    ("base64 -w0", "a longer secret value that goes past seventy-six characters of encoded output, surely\n", "YSBsb25nZXIgc2VjcmV0IHZhbHVlIHRoYXQgZ29lcyBwYXN0IHNldmVudHktc2l4IGNoYXJhY3RlcnMgb2YgZW5jb2RlZCBvdXRwdXQsIHN1cmVseQo=", "", 0),
    ("base64 -d", "YWRtaW4=", "admin", "", 0),
    ("base64 --decode", "czNjcjN0\n", "s3cr3t", "", 0),
    ("base64 -d", "YWRta!W4=", "adm", "base64: invalid input\n", 1),
    ("base64 -d", "YWRtaW4", "admin", "base64: invalid input\n", 1),
    ("base64 -w 10", "hello world\n", "aGVsbG8gd2\n9ybGQK\n", "", 0),
    ("base64", "", "", "", 0),
    ("echo hello world", "", "hello world\n", "", 0),
    ("echo -n x", "", "x", "", 0),
    ("echo -e 'a\\tb'", "", "a\tb\n", "", 0),
    ("echo 'a\\tb'", "", "a\\tb\n", "", 0),
    ("echo -ne 'x\\n'", "", "x\n", "", 0),
    ("echo -x y", "", "-x y\n", "", 0),
    ("echo", "", "\n", "", 0),
    ("printf '%s\\n' a b c", "", "a\nb\nc\n", "", 0),
    ("printf '%s=%d\\n' a 1 b 2", "", "a=1\nb=2\n", "", 0),
    ("printf 'x'", "", "x", "", 0),
    ("printf '%5s|%-5s|\\n' ab cd", "", "   ab|cd   |\n", "", 0),
    ("printf '%d\\n' abc", "", "0\n", "bash: printf: abc: invalid number\n", 1),
    ("printf '%03d\\n' 7", "", "007\n", "", 0),
    ("printf", "", "", "printf: usage: printf [-v var] format [arguments]\n", 2),
    ("printf '100%%\\n'", "", "100%\n", "", 0),
    ("cat", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\nweb-7c5ddbdf54-abcde     1/1     Running   0          5m\nweb-7c5ddbdf54-fghij     1/1     Running   2          5m\ndb-0                     0/1     Pending   0          12s\ncache-5d9f8b7c6-xyz12    1/1     Running   10         1h\n", "", 0),
    ("cat -n", "a\nb\n", "     1\ta\n     2\tb\n", "", 0),
    ("less", "x\n", "x\n", "", 0),
    ("more", "y\n", "y\n", "", 0),
    ("cat missing.yaml", "", "", "cat: missing.yaml: No such file or directory\n", 1),
    ("grep Running | wc -l", PODS, "3\n", "", 0),
    ("sort -k4 -n | tail -1 | awk '{print $1}'", PODS, "cache-5d9f8b7c6-xyz12\n", "", 0),
    ("grep -v NAME | cut -d' ' -f1 | sort -r", PODS, "web-7c5ddbdf54-fghij\nweb-7c5ddbdf54-abcde\ndb-0\ncache-5d9f8b7c6-xyz12\n", "", 0),
    ("awk '{print $3}' | sort | uniq -c", PODS, "      1 Pending\n      3 Running\n      1 STATUS\n", "", 0),
    ("echo YWRtaW4= | base64 -d", "", "admin", "", 0),
    ("tr a-z A-Z | head -1", PODS, "NAME                     READY   STATUS    RESTARTS   AGE\n", "", 0),
];

#[test]
fn tools_print_what_gnu_prints() {
    let mut pg = Playground::new(1);
    let mut failures = Vec::new();
    for &(line, stdin, stdout, stderr, status) in GNU {
        let out = pg.run(line, Some(stdin));
        if (out.stdout.as_str(), out.stderr.as_str(), out.failed) != (stdout, stderr, status != 0) {
            failures.push(format!(
                "{line:?}\n  got  {:?} {:?} {}\n  want {stdout:?} {stderr:?} {status}",
                out.stdout, out.stderr, out.failed
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        GNU.len(),
        failures.join("\n")
    );
}

#[test]
fn refuses_what_it_does_not_run() {
    let mut pg = Playground::new(1);
    for line in [
        "awk 'BEGIN {print 1}'",
        "awk '{x=1}'",
        "awk -v a=1 '{print a}'",
        "grep -P 'a(\\Kb)'",
        "tail -f",
        "echo x | xargs -p echo",
        "sort -h",
        "cd metallb",
    ] {
        let out = pg.run(line, Some("x\n"));
        assert!(
            out.failed && out.stderr.contains("(playground)"),
            "{line}: {out:?}"
        );
    }
}

#[test]
fn variables_and_substitutions_live_in_the_session() {
    let mut pg = Playground::new(1);
    assert_eq!(pg.run("X='a  b'", None), CommandOutput::default());
    assert_eq!(pg.run("echo $X \"$X\"", None).stdout, "a b a  b\n");
    assert!(!pg.run("export Y=$(echo one; echo two)", None).failed);
    assert_eq!(pg.run("echo \"$Y\"", None).stdout, "one\ntwo\n");
    pg.run("Y=$(printf '%s\\n' one two '')", None);
    assert_eq!(pg.run("echo \"$Y\"", None).stdout, "one\ntwo\n");
    // A clone (time travel, what-if) keeps the terminal's variables.
    assert_eq!(pg.clone().run("echo $X", None).stdout, "a b\n");
    // A write inside $(…) happens, as in bash.
    pg.run("N=$(kubectl create namespace team -o name)", None);
    assert_eq!(pg.run("echo $N", None).stdout, "namespace/team\n");
    assert!(pg.run("kubectl get ns team", None).stdout.contains("team"));
}

#[test]
fn stderr_comes_first_and_status_is_the_last_stages() {
    let mut pg = Playground::new(1);
    let out = pg.run("kubectl get pods -n nowhere | wc -l", None);
    assert_eq!(out.shown(), "No resources found in nowhere namespace.\n0\n");
    assert!(!out.failed);
    let out = pg.run("kubectl get nope | grep x", None);
    assert!(
        out.failed
            && out.stdout.is_empty()
            && out
                .stderr
                .starts_with("error: the server doesn't have a resource type \"nope\"")
    );
    let out = pg.run("echo $(kubectl get pod nope) done", None);
    assert_eq!(
        out.shown(),
        "Error from server (NotFound): pods \"nope\" not found\ndone\n"
    );
    assert!(!out.failed);
    assert!(pg.run("A=$(kubectl get pod nope)", None).failed);
    assert!(!pg.run("A=$(kubectl get pods)", None).failed);
}

#[test]
fn a_pipe_feeds_kubectl_apply() {
    let mut pg = Playground::new(1);
    let out = pg.run("kubectl create configmap c --from-literal=a=b --dry-run=client -o yaml | kubectl apply -f -", None);
    assert_eq!(out.stdout, "configmap/c created\n");
    // A here-document still reaches the first stage.
    let out = pg.run(
        "cat | kubectl apply -f -",
        Some("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: d}\n"),
    );
    assert_eq!(out.stdout, "configmap/d created\n");
}

#[test]
fn expansions_are_bounded() {
    let mut pg = Playground::new(1);
    pg.run("X=0123456789abcdef", None);
    for _ in 0..17 {
        pg.run("X=$X$X", None);
    }
    assert_eq!(pg.run("echo $X | wc -c", None).stdout, "2097153\n");
    let out = pg.run("echo $X $X $X", None);
    assert!(
        out.failed && out.stderr.contains("expansions add up to more than"),
        "{out:?}"
    );
}

#[test]
fn heredocs_feed_the_command_they_are_attached_to() {
    let mut pg = Playground::new(1);
    let cm = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: $N\n";
    assert!(!pg.run("N=settings", None).failed);
    let out = pg.run(&format!("cat <<EOF | kubectl apply -f -\n{cm}EOF"), None);
    assert_eq!(out.stdout, "configmap/settings created\n", "{}", out.stderr);
    let out = pg.run(&format!("kubectl apply -f - <<'EOF'\n{cm}EOF\n"), None);
    assert!(out.stderr.contains("$N"), "quoted: the body is literal: {out:?}");
    // The here-document, not the standard input given, feeds the command.
    let out = pg.run("cat <<EOF\n$N\nEOF", Some("ignored"));
    assert_eq!(out.stdout, "settings\n");
}

// bash warns and runs with the body it has; the terminal says so too.
#[test]
fn an_unclosed_heredoc_warns_and_lines_after_it_are_commands() {
    let mut pg = Playground::new(1);
    let out = pg.run("cat <<EOF\nonly line", None);
    assert_eq!(out.stdout, "only line\n");
    assert_eq!(out.stderr, "bash: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')\n");
    let out = pg.run("cat <<EOF", None);
    assert_eq!((out.stdout.as_str(), out.failed), ("", false));
    // After its closing line the next line is a command, as in bash.
    let out = pg.run("cat <<EOF\nx\nEOF\nkubectl get pods", None);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("x\n", "No resources found in default namespace.\n"));
    // Without a here-document a newline separates commands, as in bash.
    assert_eq!(pg.run("echo a\necho b", None).stdout, "a\nb\n");
}

#[test]
fn kubectl_edit_expands_its_words_first() {
    let mut pg = Playground::new(1);
    assert!(!pg.run("kubectl create deployment web --image=nginx", None).failed);
    assert!(!pg.run("D=web", None).failed);
    match pg.run_outcome("kubectl edit deployment $D") {
        crate::RunOutcome::OpenInEditor { text, .. } => assert!(text.contains("name: web"), "{text}"),
        other => panic!("{other:?}"),
    }
    // The page holds one edit at a time: close it.
    pg.finish_edit(None);
    match pg.run_outcome("kubectl edit $(kubectl get deploy -o name)") {
        crate::RunOutcome::OpenInEditor { text, .. } => assert!(text.contains("name: web"), "{text}"),
        other => panic!("{other:?}"),
    }
    // The page holds one edit at a time: close it.
    pg.finish_edit(None);
    match pg.run_outcome("kubectl edit deployment nope$D") {
        crate::RunOutcome::Printed(out) => assert!(out.stderr.contains("\"nopeweb\" not found"), "{out:?}"),
        other => panic!("{other:?}"),
    }
    // A here-document mentioning edit is no edit, and its body runs once.
    match pg.run_outcome("cat <<EOF | kubectl apply -f -\nkind: ConfigMap\napiVersion: v1\nmetadata:\n  name: edit\n  annotations:\n    n: \"$(kubectl get cm -o name | wc -l)\"\nEOF") {
        crate::RunOutcome::Printed(out) => assert_eq!(out.stdout, "configmap/edit created\n", "{out:?}"),
        other => panic!("{other:?}"),
    }
    // Not an edit: runs once, as any line.
    match pg.run_outcome("kubectl get deploy $D -o name") {
        crate::RunOutcome::Printed(out) => assert_eq!(out.stdout, "deployment.apps/web\n"),
        other => panic!("{other:?}"),
    }
}

// bash 5.2: `X='a b'; echo hi > $X` prints "bash: $X: ambiguous redirect".
#[test]
fn output_goes_to_the_playgrounds_files() {
    let mut pg = Playground::new(1);
    assert_eq!(pg.run("echo one > f.txt", None), CommandOutput::default());
    assert_eq!(pg.run("echo two >> ./f.txt", None), CommandOutput::default());
    assert_eq!(pg.file("f.txt"), Some("one\ntwo\n"));
    assert_eq!(pg.run("cat f.txt | wc -l", None).stdout, "2\n");
    assert!(!pg.run("X='a b'", None).failed);
    let out = pg.run("echo hi > $X", None);
    assert_eq!((out.stderr.as_str(), out.failed), ("bash: $X: ambiguous redirect\n", true));
    let out = pg.run("kubectl get nope > err.txt", None);
    assert!(out.failed && out.stderr.contains("nope"), "{out:?}");
    assert_eq!(pg.file("err.txt"), Some(""));
}

// touch makes empty files where open(2) can, and reports where it cannot
// as GNU touch does.
#[test]
fn touch_makes_empty_files() {
    let mut pg = Playground::new(1);
    for (line, stderr, failed) in [
        ("touch a", "", false),
        ("echo hi > b; touch b", "", false),
        ("touch data/file", "touch: cannot touch ‘data/file’: No such file or directory\n", true),
        ("mkdir data; touch data/file data/other", "", false),
        ("touch a/x", "touch: cannot touch ‘a/x’: Not a directory\n", true),
        ("touch new/", "touch: cannot touch ‘new/’: Is a directory\n", true),
        ("touch -c none", "", false),
        ("touch", "touch: missing file operand\nTry 'touch --help' for more information.\n", true),
    ] {
        let out = pg.run(line, None);
        assert_eq!((out.stderr.as_str(), out.failed), (stderr, failed), "{line}");
    }
    assert_eq!((pg.file("a"), pg.file("b"), pg.file("data/file"), pg.file("none")), (Some(""), Some("hi\n"), Some(""), None));
    assert_eq!(pg.run("ls data", None).stdout, "file\nother\n");
}

// A command over several lines (see kubectl's shell::lines) runs as one.
#[test]
fn a_command_over_several_lines_runs_as_one() {
    let mut pg = Playground::new(1);
    let out = pg.run("kubectl create deployment web \\\n  --image=nginx", None);
    assert_eq!(out.stdout, "deployment.apps/web created\n", "{}", out.stderr);
    assert_eq!(pg.run("for i in 1 2; do\n  # each\n  echo $i\ndone", None).stdout, "1\n2\n");
    assert_eq!(pg.run("kubectl get deployment -o name |\n  wc -l", None).stdout, "1\n");
    // Errors point into the line the backslash joined.
    let out = pg.run("echo a \\\n  b <x", None);
    assert!(out.stderr.contains("(column 12)"), "{}", out.stderr);
    // At the end of the input: bash's words; a last backslash goes with
    // the newline it escapes, as `printf 'echo a \\\n' | bash` prints `a`.
    assert_eq!(pg.run("echo a \\", None).stdout, "a\n");
    assert_eq!(pg.run("for i in 1 2; do", None).stderr, "error: syntax error: unexpected end of file\n");
    assert_eq!(pg.run("echo 'a", None).stderr, "error: unexpected EOF while looking for matching `''\n");
    assert!(crate::shell::one_command("for i in 1; do\n echo\ndone"));
    assert!(crate::shell::one_command("cat <<EOF\nx\nEOF\n"));
    assert!(!crate::shell::one_command("for i in 1; do\n echo"));
    assert!(!crate::shell::one_command("echo a\necho b"));
}
