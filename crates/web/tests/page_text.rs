//! The page speaks English, Greek and Bulgarian: every word table of its
//! scripts (`TEXT` in text.js, `REVIEW_TEXT` in review-text.js, `WORDS` in
//! reasons.js) has the three languages, every English key is in the other
//! two, and Greek and Bulgarian have the same keys (the language-specific
//! ones too: a level's description, a side's genitive). The keys the page
//! asks for by name (`t('key')`, `rt('key')`, `data-i18n="key"`) are all
//! in English. The tables are read with a small tokenizer of the
//! JavaScript they are written in (strings, template literals, comments,
//! nested brackets), not evaluated.

use std::collections::BTreeSet;
use std::path::Path;

fn asset(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A bracket open while reading: an object literal (whose keys are
/// collected), another bracket, or a template literal's `${`.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    Object,
    Other,
    Template,
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    /// Skips a string literal opened by the quote at `self.i`.
    fn string(&mut self) {
        let q = self.s[self.i];
        self.i += 1;
        while self.i < self.s.len() && self.s[self.i] != q {
            self.i += if self.s[self.i] == b'\\' { 2 } else { 1 };
        }
        self.i += 1;
    }

    /// Skips a template literal opened at `self.i`, its `${…}` parts read
    /// as code (they may hold strings and templates of their own).
    fn template(&mut self) {
        self.i += 1;
        while self.i < self.s.len() {
            match self.s[self.i] {
                b'\\' => self.i += 2,
                b'`' => {
                    self.i += 1;
                    return;
                }
                b'$' if self.s.get(self.i + 1) == Some(&b'{') => {
                    self.i += 2;
                    self.code(Open::Template, &mut Vec::new(), &mut BTreeSet::new());
                }
                _ => self.i += 1,
            }
        }
    }

    /// Skips a comment at `self.i`, if one starts there.
    fn comment(&mut self) -> bool {
        match (self.s[self.i], self.s.get(self.i + 1)) {
            (b'/', Some(b'/')) => {
                while self.i < self.s.len() && self.s[self.i] != b'\n' {
                    self.i += 1;
                }
                true
            }
            (b'/', Some(b'*')) => {
                self.i += 2;
                while self.i + 1 < self.s.len() && !(self.s[self.i] == b'*' && self.s[self.i + 1] == b'/') {
                    self.i += 1;
                }
                self.i += 2;
                true
            }
            _ => false,
        }
    }

    /// A key at `self.i` (an identifier or a quoted name, then `:`), in an
    /// object literal where a key may stand.
    fn key(&mut self) -> Option<String> {
        let start = self.i;
        let name = match self.s[self.i] {
            b'\'' | b'"' => {
                self.string();
                String::from_utf8_lossy(&self.s[start + 1..self.i - 1]).into_owned()
            }
            c if c.is_ascii_alphanumeric() || c == b'_' => {
                while self.i < self.s.len() && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_') {
                    self.i += 1;
                }
                String::from_utf8_lossy(&self.s[start..self.i]).into_owned()
            }
            _ => return None,
        };
        let mut j = self.i;
        while j < self.s.len() && self.s[j].is_ascii_whitespace() {
            j += 1;
        }
        if self.s.get(j) == Some(&b':') {
            self.i = j + 1;
            Some(name)
        } else {
            self.i = start;
            None
        }
    }

    /// Reads code inside the bracket `open` (just opened) up to its close,
    /// adding each object key's path (`levelName.random`) under `path` to `keys`.
    fn code(&mut self, open: Open, path: &mut Vec<String>, keys: &mut BTreeSet<String>) {
        let mut at_key = open == Open::Object;
        let mut last_key: Option<String> = None;
        while self.i < self.s.len() {
            let c = self.s[self.i];
            if c.is_ascii_whitespace() {
                self.i += 1;
                continue;
            }
            if self.comment() {
                continue;
            }
            if at_key {
                at_key = false;
                if let Some(k) = self.key() {
                    path.push(k.clone());
                    keys.insert(path.join("."));
                    path.pop();
                    last_key = Some(k);
                    continue;
                }
            }
            match c {
                b'\'' | b'"' => self.string(),
                b'`' => self.template(),
                b'{' | b'(' | b'[' => {
                    self.i += 1;
                    let inner = if c == b'{' { Open::Object } else { Open::Other };
                    // Only an object that is a key's value names a path.
                    match (inner, open, last_key.take()) {
                        (Open::Object, Open::Object, Some(k)) => {
                            path.push(k);
                            self.code(inner, path, keys);
                            path.pop();
                        }
                        _ => self.code(inner, &mut Vec::new(), &mut BTreeSet::new()),
                    }
                }
                b'}' | b')' | b']' => {
                    self.i += 1;
                    return;
                }
                b',' => {
                    self.i += 1;
                    at_key = open == Open::Object;
                    last_key = None;
                }
                _ => self.i += 1,
            }
        }
    }
}

/// The keys of each language of the table `const NAME = {…}` in `source`:
/// (language, its key paths).
fn table(source: &str, name: &str) -> Vec<(String, BTreeSet<String>)> {
    let head = format!("const {name} = {{");
    let start = source.find(&head).unwrap_or_else(|| panic!("no `{head}`")) + head.len();
    let mut keys = BTreeSet::new();
    let mut r = Reader { s: source.as_bytes(), i: start };
    r.code(Open::Object, &mut Vec::new(), &mut keys);
    let languages: Vec<String> = keys.iter().filter(|k| !k.contains('.')).cloned().collect();
    languages
        .into_iter()
        .map(|l| {
            let prefix = format!("{l}.");
            let own = keys.iter().filter_map(|k| k.strip_prefix(&prefix)).map(str::to_string).collect();
            (l, own)
        })
        .collect()
}

/// English, Greek and Bulgarian, English's keys in both others, theirs alike.
fn check(file: &str, name: &str) -> BTreeSet<String> {
    let langs = table(&asset(file), name);
    let names: Vec<&str> = langs.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(names, ["bg", "el", "en"], "{file}: {name} has the languages {names:?}");
    let of = |l: &str| langs.iter().find(|(x, _)| x == l).map(|(_, k)| k.clone()).unwrap();
    let (en, el, bg) = (of("en"), of("el"), of("bg"));
    assert!(en.len() > 20, "{file}: {name}: only {} English keys read", en.len());
    for (lang, keys) in [("Greek", &el), ("Bulgarian", &bg)] {
        let missing: Vec<&String> = en.difference(keys).collect();
        assert!(missing.is_empty(), "{file}: {name}: {lang} lacks {missing:?}");
    }
    let only_el: Vec<&String> = el.difference(&bg).collect();
    let only_bg: Vec<&String> = bg.difference(&el).collect();
    assert!(
        only_el.is_empty() && only_bg.is_empty(),
        "{file}: {name}: Greek alone has {only_el:?}, Bulgarian alone {only_bg:?}"
    );
    en
}

/// The keys `source` asks for by name with `call('key'`.
fn asked(source: &str, call: &str) -> BTreeSet<String> {
    let pattern = format!("{call}('");
    let mut out = BTreeSet::new();
    let mut rest = source;
    while let Some(i) = rest.find(&pattern) {
        let before = rest[..i].chars().next_back();
        rest = &rest[i + pattern.len()..];
        // `rt(` is not `t(`, nor `sort(` …
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
            continue;
        }
        let key: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if rest[key.len()..].starts_with('\'') && !key.is_empty() {
            out.insert(key);
        }
    }
    out
}

#[test]
fn the_page_words_every_text_in_english_greek_and_bulgarian() {
    let text = check("js/text.js", "TEXT");
    let review = check("js/review-text.js", "REVIEW_TEXT");
    check("js/reasons.js", "WORDS");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/js");
    let mut scripts: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    scripts.sort();
    for file in scripts.iter().filter(|f| f.ends_with(".js")) {
        let source = asset(&format!("js/{file}"));
        for key in asked(&source, "t") {
            assert!(text.contains(&key), "{file} asks for t('{key}'), which text.js does not have");
        }
        for key in asked(&source, "rt") {
            assert!(review.contains(&key), "{file} asks for rt('{key}'), which review-text.js does not have");
        }
    }
    let index = asset("index.html");
    for part in index.split("data-i18n=\"").skip(1) {
        let key = part.split('"').next().unwrap();
        assert!(text.contains(key), "index.html's data-i18n=\"{key}\" is not in text.js");
    }
}

#[test]
fn the_reader_finds_nested_keys_and_skips_code() {
    let src = "const T = {\n  en: { a: 'x', 'b-c': (p) => `${p.x ? 'y: 1' : `z ${ {q: 1}.q }`}`, n: { k: 1, // c: 2\n m: [1, {r: 2}] } },\n  el: { a: \"{\", n: {} },\n};";
    let t = table(src, "T");
    assert_eq!(t[0].0, "el");
    assert_eq!(t[0].1, ["a", "n"].map(String::from).into_iter().collect());
    assert_eq!(t[1].1, ["a", "b-c", "n", "n.k", "n.m"].map(String::from).into_iter().collect());
}
