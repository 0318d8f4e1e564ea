//! Go's `text/tabwriter`, which aligns every kubectl table and `describe`
//! page: tab-terminated cells form columns, a column block ends at the
//! first line without a cell in that column, and a line without any tab
//! flushes (so sections separated by such lines align independently).

#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    /// Bytes of text in the buffer.
    size: usize,
    /// Display width (runes), as Go counts it.
    width: usize,
    /// Whether the cell ended with a tab (rather than the end of the line).
    htab: bool,
}

/// An aligning writer with Go's tabwriter semantics (space padding, no flags).
pub struct TabWriter {
    minwidth: usize,
    padding: usize,
    buf: String,
    cell: Cell,
    cell_start: usize,
    lines: Vec<Vec<Cell>>,
    widths: Vec<usize>,
    out: String,
    /// kubectl's `RememberWidths` (liggitt/tabwriter): columns never shrink
    /// across flushes, so `get -w` rows flushed one at a time still line up.
    remember: bool,
    remembered: Vec<usize>,
}

impl TabWriter {
    /// A writer with Go's `minwidth` and `padding` (the pad character is a space).
    pub fn new(minwidth: usize, padding: usize) -> TabWriter {
        TabWriter { minwidth, padding, buf: String::new(), cell: Cell::default(), cell_start: 0, lines: vec![Vec::new()], widths: Vec::new(), out: String::new(), remember: false, remembered: Vec::new() }
    }

    /// This writer keeps each column at least as wide as it was at any
    /// earlier flush.
    pub fn remembering_widths(mut self) -> TabWriter {
        self.remember = true;
        self
    }

    /// Flushes and hands over what was formatted so far.
    pub fn take(&mut self) -> String {
        self.flush_internal();
        std::mem::take(&mut self.out)
    }

    /// kubectl's table writer (`printers.GetNewTabWriter`: minwidth 6, tabwidth 4, padding 3).
    pub fn kubectl() -> TabWriter {
        TabWriter::new(6, 3)
    }

    /// The writer `describe` and `rollout history` use (minwidth 0, tabwidth 8, padding 2).
    pub fn describe() -> TabWriter {
        TabWriter::new(0, 2)
    }

    pub fn write(&mut self, s: &str) {
        let mut n = 0;
        for (i, ch) in s.char_indices() {
            if matches!(ch, '\t' | '\u{b}' | '\n' | '\u{c}') {
                self.append(&s[n..i]);
                n = i + ch.len_utf8();
                let ncells = self.terminate_cell(ch == '\t');
                if ch == '\n' || ch == '\u{c}' {
                    self.lines.push(Vec::new());
                    if ch == '\u{c}' || ncells == 1 {
                        // A line without tabs cannot affect the alignment of later
                        // lines, so Go flushes here.
                        self.flush_internal();
                    }
                }
            }
        }
        self.append(&s[n..]);
    }

    /// Flushes buffered text and returns everything written so far.
    pub fn finish(mut self) -> String {
        self.flush_internal();
        self.out
    }

    /// Formats what is buffered so far (Go's `Flush`): later text aligns on its own.
    pub fn flush(&mut self) {
        self.flush_internal();
    }

    fn append(&mut self, text: &str) {
        self.buf.push_str(text);
        self.cell.size += text.len();
    }

    fn terminate_cell(&mut self, htab: bool) -> usize {
        self.cell.width += self.buf[self.cell_start..].chars().count();
        self.cell_start = self.buf.len();
        self.cell.htab = htab;
        let cell = std::mem::take(&mut self.cell);
        let line = self.lines.last_mut();
        match line {
            Some(l) => {
                l.push(cell);
                l.len()
            }
            None => {
                self.lines.push(vec![cell]);
                1
            }
        }
    }

    fn flush_internal(&mut self) {
        if self.cell.size > 0 {
            self.terminate_cell(false);
        }
        let n = self.lines.len();
        self.format(0, 0, n);
        self.buf.clear();
        self.cell = Cell::default();
        self.cell_start = 0;
        self.lines = vec![Vec::new()];
        self.widths.clear();
    }

    fn format(&mut self, pos0: usize, line0: usize, line1: usize) -> usize {
        let mut pos = pos0;
        let mut line0 = line0;
        let column = self.widths.len();
        let mut this = line0;
        while this < line1 {
            if column + 1 >= self.lines[this].len() {
                this += 1;
                continue;
            }
            // A cell in this column starts a block: print the lines above it first.
            pos = self.write_lines(pos, line0, this);
            line0 = this;
            let mut width = self.minwidth;
            while this < line1 {
                let line = &self.lines[this];
                if column + 1 >= line.len() {
                    break;
                }
                width = width.max(line[column].width + self.padding);
                this += 1;
            }
            if self.remember {
                if self.remembered.len() <= column {
                    self.remembered.resize(column + 1, 0);
                }
                width = width.max(self.remembered[column]);
                self.remembered[column] = width;
            }
            self.widths.push(width);
            pos = self.format(pos, line0, this);
            self.widths.pop();
            line0 = this;
            // Go's loop increments past the line that ended the block; it has
            // no cell in this column, so skipping it changes nothing.
            this += 1;
        }
        self.write_lines(pos, line0, line1)
    }

    fn write_lines(&mut self, pos0: usize, line0: usize, line1: usize) -> usize {
        let mut pos = pos0;
        for i in line0..line1.min(self.lines.len()) {
            for (j, c) in self.lines[i].iter().enumerate() {
                if c.size > 0 {
                    self.out.push_str(&self.buf[pos..pos + c.size]);
                    pos += c.size;
                }
                if let Some(w) = self.widths.get(j) {
                    for _ in c.width..*w {
                        self.out.push(' ');
                    }
                }
            }
            if i + 1 == self.lines.len() {
                // The last buffered line has no newline yet.
                self.out.push_str(&self.buf[pos..pos + self.cell.size]);
                pos += self.cell.size;
            } else {
                self.out.push('\n');
            }
        }
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(min: usize, pad: usize, text: &str) -> String {
        let mut w = TabWriter::new(min, pad);
        w.write(text);
        w.finish()
    }

    // kubectl's RememberWidths: a later flush never narrows a column,
    // and a wider cell widens it from then on.
    #[test]
    fn remembered_widths_only_grow() {
        let mut w = TabWriter::kubectl().remembering_widths();
        w.write("NAME\tSTATUS\tAGE\nweb\tPending\t0s\n");
        assert_eq!(w.take(), "NAME   STATUS    AGE\nweb    Pending   0s\n");
        w.write("web\tRunning\t4s\n");
        assert_eq!(w.take(), "web    Running   4s\n");
        w.write("web\tContainerCreating\t4s\n");
        assert_eq!(w.take(), "web    ContainerCreating   4s\n");
        w.write("web\tRunning\t5s\n");
        assert_eq!(w.take(), "web    Running             5s\n");
    }

    // The flag-free cases of Go's text/tabwriter tabwriter_test.go; Go's
    // pad characters ('.', '-', '_', '*') are spaces here.
    #[test]
    fn go_tabwriter_vectors() {
        let cases: &[(&str, usize, usize, char, &str, &str)] = &[
            ("1a", 8, 1, '.', "", ""),
            ("2", 8, 1, '.', "\n\n\n", "\n\n\n"),
            ("3", 8, 1, '.', "a\nb\nc", "a\nb\nc"),
            ("4a", 8, 1, '.', "\t", ""),
            ("5", 8, 1, '.', "*\t*", "*.......*"),
            ("5b", 8, 1, '.', "*\t*\n", "*.......*\n"),
            ("5c", 8, 1, '.', "*\t*\t", "*.......*"),
            ("6", 8, 1, '.', "\t\n", "........\n"),
            ("7a", 8, 1, '.', "a) foo", "a) foo"),
            ("7b", 8, 1, ' ', "b) foo\tbar", "b) foo  bar"),
            ("7c", 8, 1, '.', "c) foo\tbar\t", "c) foo..bar"),
            ("7d", 8, 1, '.', "d) foo\tbar\n", "d) foo..bar\n"),
            ("7e", 8, 1, '.', "e) foo\tbar\t\n", "e) foo..bar.....\n"),
            ("8", 8, 1, '*', "Hello, world!\n", "Hello, world!\n"),
            ("9a", 1, 0, '.', "1\t2\t3\t4\n11\t222\t3333\t44444\n", "1.2..3...4\n11222333344444\n"),
            ("9c", 1, 0, '.', "1\t2\t3\t4\u{c}11\t222\t3333\t44444\n", "1234\n11222333344444\n"),
            ("10a", 5, 0, '.', "1\t2\t3\t4\n", "1....2....3....4\n"),
            ("10b", 5, 0, '.', "1\t2\t3\t4\t\n", "1....2....3....4....\n"),
            (
                "11",
                8,
                1,
                '.',
                "本\tb\tc\naa\t本本本\tcccc\tddddd\naaa\tbbbb\n",
                "本.......b.......c\naa......本本本.....cccc....ddddd\naaa.....bbbb\n",
            ),
            ("12b", 2, 0, ' ', "a\tb\tc\naa\tbbb\tcccc\naaa\tbbbb\n", "a  b  c\naa bbbcccc\naaabbbb\n"),
            ("12c", 8, 1, '_', "a\tb\tc\naa\tbbb\tcccc\naaa\tbbbb\n", "a_______b_______c\naa______bbb_____cccc\naaa_____bbbb\n"),
            (
                "13a",
                4,
                1,
                '-',
                "4444\t日本語\t22\t1\t333\n999999999\t22\n7\t22\n\t\t\t88888888\n\n666666\t666666\t666666\t4444\n1\t1\t999999999\t0000000000\n",
                "4444------日本語-22--1---333\n999999999-22\n7---------22\n------------------88888888\n\n666666-666666-666666----4444\n1------1------999999999-0000000000\n",
            ),
            (
                "13b",
                4,
                3,
                '.',
                "4444\t333\t22\t1\t333\n999999999\t22\n7\t22\n\t\t\t88888888\n\n666666\t666666\t666666\t4444\n1\t1\t999999999\t0000000000\n",
                "4444........333...22...1...333\n999999999...22\n7...........22\n....................88888888\n\n666666...666666...666666......4444\n1........1........999999999...0000000000\n",
            ),
            ("15a", 4, 0, '.', "a\t\tb", "a.......b"),
        ];
        for (name, min, pad, padchar, src, want) in cases {
            assert_eq!(fmt(*min, *pad, src), want.replace(*padchar, " "), "{name}");
            // Go also writes the source in pieces; the result must not change.
            let mut w = TabWriter::new(*min, *pad);
            for ch in src.chars() {
                w.write(&ch.to_string());
            }
            assert_eq!(w.finish(), want.replace(*padchar, " "), "{name} (one char at a time)");
        }
    }

    // kubectl's layout: READY is 5 wide + 3 padding = 8 (the reference note's example).
    #[test]
    fn kubectl_table() {
        let mut w = TabWriter::kubectl();
        w.write("NAME\tREADY\tSTATUS\tRESTARTS\tAGE\n");
        w.write("nginx-7854ff8877-x2x9d\t1/1\tRunning\t0\t5s\n");
        assert_eq!(
            w.finish(),
            "NAME                     READY   STATUS    RESTARTS   AGE\nnginx-7854ff8877-x2x9d   1/1     Running   0          5s\n"
        );
    }

    #[test]
    fn lines_without_tabs_split_blocks() {
        let mut w = TabWriter::describe();
        w.write("Name:\tweb\nNamespace:\tdefault\nContainers:\n  app:\n    Image:\tnginx\n    Port:\t80/TCP\n");
        assert_eq!(w.finish(), "Name:       web\nNamespace:  default\nContainers:\n  app:\n    Image:  nginx\n    Port:   80/TCP\n");
    }

    #[test]
    fn widths_count_runes() {
        assert_eq!(fmt(0, 1, "é\tx\nab\ty\n"), "é  x\nab y\n");
    }
}
