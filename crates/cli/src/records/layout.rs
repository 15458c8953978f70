//! JSON laid out for reading: a container that holds objects is spread over
//! lines, one item per line; any other is written on one line. A game record
//! then shows one turn per line, in the struct's own field order.
//!
//! Serialisation runs twice: the first pass only notes which containers
//! hold objects (numbered in the order they open), the second writes.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

/// `value` as JSON in the layout above.
pub fn to_string<T: Serialize>(value: &T) -> serde_json::Result<String> {
    let mut survey = Survey::default();
    value.serialize(&mut Serializer::with_formatter(io::sink(), &mut survey))?;
    let expand = survey.holds_object;
    let mut out = Vec::new();
    value.serialize(&mut Serializer::with_formatter(&mut out, Layout { expand, next: 0, open: Vec::new() }))?;
    Ok(String::from_utf8(out).expect("serde_json writes UTF-8"))
}

/// First pass: for each container, does it hold an object?
#[derive(Default)]
struct Survey {
    holds_object: Vec<bool>,
    /// Open containers: (number, is an object).
    open: Vec<(usize, bool)>,
}

impl Survey {
    fn begin(&mut self, object: bool) {
        self.open.push((self.holds_object.len(), object));
        self.holds_object.push(false);
    }

    fn end(&mut self) {
        if let Some((n, object)) = self.open.pop()
            && let Some(&(parent, _)) = self.open.last()
            && (object || self.holds_object[n])
        {
            self.holds_object[parent] = true;
        }
    }
}

impl Formatter for &mut Survey {
    fn begin_array<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.begin(false);
        Ok(())
    }
    fn end_array<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.end();
        Ok(())
    }
    fn begin_object<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.begin(true);
        Ok(())
    }
    fn end_object<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.end();
        Ok(())
    }
}

/// Second pass: writes, spreading out the containers the survey marked.
struct Layout {
    expand: Vec<bool>,
    next: usize,
    /// Open containers: (spread over lines, has an item yet).
    open: Vec<(bool, bool)>,
}

impl Layout {
    fn begin<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        let expand = self.expand.get(self.next).copied().unwrap_or(false);
        self.next += 1;
        self.open.push((expand, false));
        w.write_all(bracket)
    }

    fn end<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        if let Some((true, true)) = self.open.pop() {
            self.newline(w)?;
        }
        w.write_all(bracket)
    }

    fn item<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if let Some(top) = self.open.last_mut() {
            top.1 = true;
        }
        if !first {
            w.write_all(b",")?;
        }
        match self.open.last() {
            Some((true, _)) => self.newline(w),
            _ if first => Ok(()),
            _ => w.write_all(b" "),
        }
    }

    fn newline<W: ?Sized + Write>(&self, w: &mut W) -> io::Result<()> {
        w.write_all(b"\n")?;
        (0..self.open.len()).try_for_each(|_| w.write_all(b"  "))
    }
}

impl Formatter for Layout {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.begin(w, b"[")
    }
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.end(w, b"]")
    }
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.begin(w, b"{")
    }
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.end(w, b"}")
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn spreads_only_containers_holding_objects() {
        let v = json!({"a": [1, 2], "b": {"c": [[1, 2]]}, "e": [], "list": [{"x": 1, "y": [3]}, {"x": 2, "y": []}]});
        let text = super::to_string(&v).unwrap();
        assert_eq!(
            text,
            "{\n  \"a\": [1, 2],\n  \"b\": {\"c\": [[1, 2]]},\n  \"e\": [],\n  \"list\": [\n    {\"x\": 1, \"y\": [3]},\n    {\"x\": 2, \"y\": []}\n  ]\n}"
        );
        assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), v);
    }
}
