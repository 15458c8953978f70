//! Drawing the board of any of Tavli's games as text: two rows of twelve
//! points with a gap between the halves (Portes's bar, empty in the games
//! that never hit), the borne-off tray on the right, point numbers from one
//! side's point of view, laid out the same way in every game (the viewer's
//! 24 top right, its home bottom right), so that in Fevga both sides are
//! seen going round the same way. A pure function of what it is given, so
//! it is tested with snapshots.
//!
//! Colours are distinct by symbol as well as by colour (White `○`, Black
//! `●`), so the board reads without ANSI colour and over a pipe.

use tavli_core::tavli::{AnyPosition, GameKind};
use tavli_core::{Color, Dice};

use super::tavli_text;
use super::text::{self, Lang};

/// Checkers shown on one point before the stack is drawn with a count.
const STACK_ROWS: usize = 5;

/// Whether to use ANSI colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
}

impl Style {
    #[cfg(test)]
    pub const PLAIN: Style = Style { color: false };

    fn paint(&self, text: &str, code: &str) -> String {
        if self.color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() }
    }

    /// A checker symbol of `side`, coloured.
    pub fn checker(&self, side: Color) -> String {
        self.paint(symbol(side), side_code(side))
    }

    /// `text` in the colour of `side` (names in messages).
    pub fn side(&self, side: Color, text: &str) -> String {
        self.paint(text, side_code(side))
    }

    /// Bold text (dice, announcements).
    pub fn bold(&self, text: &str) -> String {
        self.paint(text, "1")
    }

    /// Dim text (point numbers, hints).
    pub fn dim(&self, text: &str) -> String {
        self.paint(text, "2")
    }
}

fn side_code(side: Color) -> &'static str {
    match side {
        Color::White => "1;36",
        Color::Black => "1;31",
    }
}

/// The symbol of a side's checkers.
pub const fn symbol(side: Color) -> &'static str {
    match side {
        Color::White => "○",
        Color::Black => "●",
    }
}

/// The last play, marked on the board: the points where the mover's
/// checkers left (`-`) and arrived (`+`), so the play can be followed
/// without reading its notation (written in the mover's numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// The side that played.
    pub mover: Color,
    /// For each point in White's numbering (index 1 to 24): -1 when the
    /// mover has fewer checkers there after the play, +1 more, 0 the same.
    points: [i8; 25],
    /// Did the play bear checkers off?
    off: bool,
}

impl Marks {
    /// The marks of the play by `mover` that led from `before` to `after`;
    /// `None` when nothing changed (a pass).
    pub fn between(before: &AnyPosition, after: &AnyPosition, mover: Color) -> Option<Marks> {
        let mut points = [0i8; 25];
        for p in 1..=24u8 {
            points[usize::from(p)] = match after.checkers(mover, p).cmp(&before.checkers(mover, p)) {
                std::cmp::Ordering::Less => -1,
                std::cmp::Ordering::Equal => 0,
                std::cmp::Ordering::Greater => 1,
            };
        }
        let off = after.off(mover) > before.off(mover);
        (off || points.iter().any(|&d| d != 0)).then_some(Marks { mover, points, off })
    }

    /// The mark of point `w` (White's numbering).
    fn at(&self, w: u8) -> &'static str {
        match self.points[usize::from(w)] {
            -1 => "-",
            1 => "+",
            _ => "",
        }
    }
}

/// Everything the board drawing shows.
pub struct BoardView<'a> {
    /// The language of the labels.
    pub lang: Lang,
    /// The board; its side on roll is the one whose turn it is.
    pub position: &'a AnyPosition,
    /// Whose numbering the point labels use (the person on roll).
    pub viewpoint: Color,
    /// The dice of the side on roll, if rolled, and those not used yet.
    pub dice: Option<(Dice, &'a [u8])>,
    /// Players' names, indexed by `Color::index`.
    pub names: [&'a str; 2],
    pub score: [u32; 2],
    pub match_to: u32,
    /// Number of the game in the match, from 1.
    pub game: usize,
    /// In a match not of Plakoto alone, the title names the game, and
    /// in a Tavli match the game to come after it (`None` at the last).
    pub rotation: Option<Option<GameKind>>,
    /// Has the game ended (the side "on roll" is then the one that moved last)?
    pub over: bool,
    /// The last play, marked beside the point numbers.
    pub marks: Option<Marks>,
    /// A line under the board: what happened (`Black (expert) played 13/7* 6/2`).
    pub caption: Option<&'a str>,
}

/// One cell of a point's column, from the edge of the board inwards.
#[derive(Clone, Copy)]
enum Cell {
    Checker(Color),
    Pinned(Color),
    Count(u8),
}

/// Draws the board; lines end with `\n`.
pub fn render(v: &BoardView, style: Style) -> String {
    let me = v.viewpoint;
    let opp = me.opponent();
    // Points in the viewer's numbering, left to right.
    let top: Vec<u8> = (13..=24).collect();
    let bottom: Vec<u8> = (1..=12).rev().collect();
    let columns = |points: &[u8]| -> Vec<Vec<Cell>> { points.iter().map(|&p| cells(v.position, me, p)).collect() };
    let bars = [bar_cells(v.position, opp), bar_cells(v.position, me)];
    let (top_cols, bottom_cols) = (columns(&top), columns(&bottom));

    let lang = v.lang;
    let mut out = String::new();
    let score = format!(
        "{} {}, {} {}",
        style.side(Color::White, &format!("{} {}", text::letter(lang, Color::White), v.names[0])),
        v.score[0],
        style.side(Color::Black, &format!("{} {}", text::letter(lang, Color::Black), v.names[1])),
        v.score[1],
    );
    let length = if v.match_to == 1 { text::one_game(lang) } else { text::match_to(lang, v.match_to) };
    let kind = v.position.kind();
    let length = match v.rotation {
        None => length,
        Some(None) => format!("{} · {length}", tavli_text::game_name(lang, kind)),
        Some(Some(next)) => format!(
            "{} · {length}",
            tavli_text::game_and_next(lang, tavli_text::game_name(lang, kind), tavli_text::game_name(lang, next))
        ),
    };
    out.push_str(&format!(" {}\n\n", text::board_title(lang, v.game, &length, &score)));

    // Fevga and Gul bara: both sides go round the same way, shown by
    // arrows over and under the points (the viewer's way is the opponent's too).
    let parallel = kind.parallel();
    if parallel {
        out.push_str(&style.dim(&format!("  {}\n", "◄──".repeat(12).trim_end())));
    }
    out.push_str(&labels(&top, style));
    if let Some(m) = &v.marks {
        out.push_str(&marks_line(m, v.position, me, &top, m.mover == opp, style));
    }
    out.push_str(&frame());
    let pins = (1..=24).any(|p| v.position.pinned(p).is_some());
    let legend = if pins { style.dim(&format!("     {}", text::legend_pinned(lang))) } else { String::new() };
    let info_top = [player_line(v, opp, style), pips_line(v, opp), String::new(), legend];
    for row in 0..STACK_ROWS {
        let info = info_top.get(row).map_or("", String::as_str);
        let off = if row == 0 { tray(v.position, opp, style) } else { "    ".into() };
        out.push_str(&board_row(&top_cols, bars[0].get(row), row, style, &off, info));
    }
    out.push_str(&middle_row(v, style));
    let marks_legend =
        if v.marks.is_some() { style.dim(&format!("     {}", text::legend_marks(lang))) } else { String::new() };
    let info_bottom = ["", &marks_legend, "", &player_line(v, me, style), &pips_line(v, me)].map(str::to_string);
    for row in (0..STACK_ROWS).rev() {
        let info = &info_bottom[STACK_ROWS - 1 - row];
        let off = if row == 0 { tray(v.position, me, style) } else { "    ".into() };
        out.push_str(&board_row(&bottom_cols, bars[1].get(row), row, style, &off, info));
    }
    out.push_str(&frame());
    if let Some(m) = &v.marks {
        out.push_str(&marks_line(m, v.position, me, &bottom, m.mover == me, style));
    }
    out.push_str(&labels(&bottom, style));
    if parallel {
        out.push_str(&style.dim(&format!("  {}\n", "──►".repeat(12))));
    }
    // The games' own legends, under the board (too long for its side).
    let legend = if kind.has_bar() {
        Some(tavli_text::legend_bar(lang))
    } else if parallel {
        Some(tavli_text::legend_fevga(lang, &text::colour(lang, opp)))
    } else {
        None
    };
    if let Some(legend) = legend {
        out.push_str(&style.dim(&format!("  {legend}\n")));
    }
    // A game with a roll counter (Gul bara): whether doublets ladder, and
    // the dice to play before the next roll.
    if let Some(roll) = v.position.roll_counter() {
        out.push_str(&style.dim(&format!("  {}\n", tavli_text::roll_counter(lang, roll))));
    }
    if let Some(p) = v.position.pending().filter(|_| !v.over) {
        let who = text::colour(lang, v.position.turn());
        let line = if p.is_handed() {
            tavli_text::pending_handed(lang, &who, &p.to_string())
        } else {
            tavli_text::pending_ladder(lang, &who, &p.to_string())
        };
        out.push_str(&format!("  {line}\n"));
    }
    if let Some(c) = v.caption {
        out.push_str(&format!(" {c}\n"));
    }
    out
}

/// The marks of a half's points (viewer's numbering), aligned with their
/// columns, and of the tray when `tray` (the mover's tray is on this side)
/// and the play bore off.
fn marks_line(m: &Marks, pos: &AnyPosition, viewer: Color, points: &[u8], tray: bool, style: Style) -> String {
    let cell = |p: &u8| {
        let mark = m.at(pos.white_point(viewer, *p));
        if mark.is_empty() { "   ".to_string() } else { style.side(m.mover, &format!(" {mark} ")) }
    };
    let half = |ps: &[u8]| ps.iter().map(cell).collect::<String>();
    let off = if tray && m.off { style.side(m.mover, "  +") } else { String::new() };
    let line = format!("  {}     {}{off}", half(&points[..6]), half(&points[6..]));
    // A half the play did not touch gets no line.
    if line.trim().is_empty() { String::new() } else { format!("{}\n", line.trim_end()) }
}

/// The cells of the viewer's point `p`, from the edge inwards: the pinned
/// checker first (it lies under its pinners), then the checkers on top; a
/// stack too tall to show ends with its count.
fn cells(pos: &AnyPosition, viewer: Color, p: u8) -> Vec<Cell> {
    let w = pos.white_point(viewer, p);
    let mut cells = Vec::new();
    if let Some(c) = pos.pinned(w) {
        cells.push(Cell::Pinned(c));
    }
    if let Some((c, n)) = pos.top(w) {
        let room = STACK_ROWS - cells.len();
        if usize::from(n) <= room {
            cells.extend((0..n).map(|_| Cell::Checker(c)));
        } else {
            cells.extend((0..room - 1).map(|_| Cell::Checker(c)));
            cells.push(Cell::Count(n));
        }
    }
    cells
}

/// The cells of `side`'s checkers on Portes's bar, from the middle of the
/// board outwards (the count last when they are many).
fn bar_cells(pos: &AnyPosition, side: Color) -> Vec<Cell> {
    match pos.bar(side) {
        0 => Vec::new(),
        n if usize::from(n) <= STACK_ROWS => (0..n).map(|_| Cell::Checker(side)).collect(),
        n => (0..STACK_ROWS - 1).map(|_| Cell::Checker(side)).chain([Cell::Count(n)]).collect(),
    }
}

fn cell_text(cell: Option<&Cell>, style: Style) -> String {
    match cell {
        None => "   ".into(),
        Some(Cell::Checker(c)) => format!(" {} ", style.checker(*c)),
        Some(Cell::Pinned(c)) => format!("({})", style.checker(*c)),
        Some(Cell::Count(n)) => style.bold(&format!("{n:^3}")),
    }
}

fn labels(points: &[u8], style: Style) -> String {
    let text = |ps: &[u8]| ps.iter().map(|p| format!("{p:^3}")).collect::<String>();
    let line = format!("  {}     {}", text(&points[..6]), text(&points[6..]));
    format!("{}\n", style.dim(line.trim_end()))
}

fn frame() -> String {
    format!(" +{0}+---+{0}+----+\n", "-".repeat(18))
}

fn board_row(cols: &[Vec<Cell>], bar: Option<&Cell>, row: usize, style: Style, off: &str, info: &str) -> String {
    let half = |cs: &[Vec<Cell>]| cs.iter().map(|c| cell_text(c.get(row), style)).collect::<String>();
    // Portes's bar holds the hit checkers, each side's in its own half.
    let bar = cell_text(bar, style);
    let line = format!(" |{}|{bar}|{}|{off}|  {info}", half(&cols[..6]), half(&cols[6..]));
    format!("{}\n", line.trim_end())
}

/// The row between the halves: the dice of the side on roll
/// in its right half (as seen by that side), with whose turn it is beside
/// the board.
fn middle_row(v: &BoardView, style: Style) -> String {
    let (lang, side) = (v.lang, v.position.turn());
    let who = format!("{} {}", style.checker(side), text::letter(lang, side));
    let (dice, status) = match (v.over, v.dice) {
        (true, _) => (String::new(), text::game_over(lang)),
        (false, Some((d, left))) => {
            let shown: Vec<String> = left.iter().map(|x| format!("[{x}]")).collect();
            let status = if left.len() == d.moves_allowed() {
                text::to_play(lang, &who, &d.to_string())
            } else if left.is_empty() {
                text::all_dice_used(lang, &who, &d.to_string())
            } else {
                let left: Vec<String> = left.iter().map(u8::to_string).collect();
                text::to_play_left(lang, &who, &d.to_string(), &left.join(", "))
            };
            (shown.join(" "), status)
        }
        (false, None) => (String::new(), text::on_roll(lang, &who)),
    };
    let dice = style.bold(&format!("{dice:^18}"));
    // The dice lie in the right half for the viewer, the left for the opponent.
    let (left, right) = if side == v.viewpoint { (" ".repeat(18), dice) } else { (dice, " ".repeat(18)) };
    // The gap between the halves is Portes's bar (its legend says so),
    // empty in the games that never hit.
    let line = format!(" |{left}|   |{right}|    |  {status}");
    format!("{}\n", line.trim_end())
}

fn player_line(v: &BoardView, side: Color, style: Style) -> String {
    format!("{} {}  {}", style.checker(side), text::letter(v.lang, side), style.side(side, v.names[side.index()]))
}

fn pips_line(v: &BoardView, side: Color) -> String {
    format!("     {}", text::pips(v.lang, v.position.pips(side), v.position.off(side)))
}

fn tray(pos: &AnyPosition, side: Color, style: Style) -> String {
    match pos.off(side) {
        0 => "    ".into(),
        n => format!(" {}{n:<2}", style.checker(side)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::{Position, pos};

    fn view<'a>(position: &'a AnyPosition, viewpoint: Color, dice: Option<(Dice, &'a [u8])>) -> BoardView<'a> {
        BoardView {
            lang: Lang::En,
            position,
            viewpoint,
            dice,
            names: ["White (you)", "Black (heuristic)"],
            score: [1, 2],
            match_to: 5,
            game: 3,
            rotation: None,
            over: false,
            marks: None,
            caption: None,
        }
    }

    #[test]
    fn start_position_white_to_play() {
        let p = AnyPosition::from(Position::start());
        let d = Dice::new(6, 4).unwrap();
        insta::assert_snapshot!(render(&view(&p, Color::White, Some((d, &[6, 4]))), Style::PLAIN));
    }

    /// Pins of both colours, one under a tall stack, borne-off checkers on
    /// both sides, Black on roll halfway through a doublet.
    fn middle_game() -> AnyPosition {
        AnyPosition::from(pos!(Black;
            white {24: 1, 20: 7, 13: 2, 6: 1, 5: 2};
            black {1: 9, 19: 1, 22: 1};
            pinned {20: Black, 22: White, 6: Black}))
    }

    #[test]
    fn pins_stacks_and_borne_off_black_to_play() {
        let p = middle_game();
        let d = Dice::new(5, 5).unwrap();
        insta::assert_snapshot!(render(&view(&p, Color::Black, Some((d, &[5, 5]))), Style::PLAIN));
    }

    #[test]
    fn the_same_board_from_white_and_game_over() {
        let p = middle_game();
        let mut v = view(&p, Color::White, None);
        v.over = true;
        insta::assert_snapshot!(render(&v, Style::PLAIN));
    }

    /// A play of Black's in the middle game marked, seen from White, who
    /// is on roll: every mark stands under or over its point's number.
    #[test]
    fn the_last_play_is_marked_and_told() {
        let before = middle_game();
        let play = before.legal_plays(Dice::new(6, 3).unwrap())[0].clone();
        let after = &play.position();
        let marks = Marks::between(&before, after, Color::Black).unwrap();
        let mut v = view(after, Color::White, Some((Dice::new(5, 2).unwrap(), &[5, 2])));
        v.marks = Some(marks);
        let caption = format!("Black (heuristic) played {play}");
        v.caption = Some(&caption);
        let board = render(&v, Style::PLAIN);
        insta::assert_snapshot!(board);
        let lines: Vec<&str> = board.lines().collect();
        let (top_marks, bottom_marks) = (lines[3], lines[lines.len() - 3]);
        let mut seen = 0;
        for (line, label) in [(top_marks, lines[2]), (bottom_marks, lines[lines.len() - 2])] {
            if line.starts_with(" +") {
                continue; // no marks in this half: the frame
            }
            for (i, c) in line.char_indices().filter(|(_, c)| *c == '+' || *c == '-') {
                let w: u8 = label[i - 1..i + 1].trim().parse().unwrap();
                assert_eq!(c.to_string(), marks.at(w), "point {w}");
                seen += 1;
            }
        }
        assert_eq!(seen, (1..=24).filter(|&w| !marks.at(w).is_empty()).count());
        assert!(seen >= 2, "{board}");
        assert!(board.ends_with(&format!(" {caption}\n")), "{board}");
        assert!(board.contains("-/+ last play: from/to"), "{board}");
        // A pass marks nothing.
        assert_eq!(Marks::between(&before, &before.with_turn(Color::White), Color::Black), None);
    }

    fn greek<'a>(position: &'a AnyPosition, viewpoint: Color, dice: Option<(Dice, &'a [u8])>) -> BoardView<'a> {
        BoardView {
            lang: Lang::El, names: ["Άσπρα (εσύ)", "Μαύρα (ευρετικό)"], ..view(position, viewpoint, dice)
        }
    }

    #[test]
    fn greek_start_position_white_to_play() {
        let p = AnyPosition::from(Position::start());
        let d = Dice::new(6, 4).unwrap();
        insta::assert_snapshot!(render(&greek(&p, Color::White, Some((d, &[6, 4]))), Style::PLAIN));
    }

    /// Pins, the last play marked, a caption, the dice half used: every
    /// label of the board, in Greek.
    #[test]
    fn greek_labels_pins_marks_and_dice_left() {
        let before = middle_game();
        let play = before.legal_plays(Dice::new(6, 3).unwrap())[0].clone();
        let after = &play.position();
        let mut v = greek(after, Color::White, Some((Dice::new(5, 2).unwrap(), &[2])));
        v.marks = Marks::between(&before, after, Color::Black);
        let caption = format!("Τα Μαύρα (ευρετικό) έπαιξαν {play}");
        v.caption = Some(&caption);
        let board = render(&v, Style::PLAIN);
        insta::assert_snapshot!(board);
        for label in
            ["Παρτίδα 3 · αγώνας στους 5", "βήματα ", "μαζεμένα ", "πλακωμένο πούλι", "-/+ τελευταία: από/προς"]
        {
            assert!(board.contains(label), "{label}\n{board}");
        }
        assert!(board.contains("○ Α παίζουν 5-2 (μένουν 2)"), "{board}");
        assert_eq!(crate::cmd::play::text::tests::english_words(&board), Vec::<String>::new(), "{board}");
        for line in board.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        // The end of a game, and the side on roll before its dice.
        let mut v = greek(after, Color::Black, None);
        assert!(render(&v, Style::PLAIN).contains("○ Α έχουν σειρά"));
        v.over = true;
        assert!(render(&v, Style::PLAIN).contains("τέλος παρτίδας"));
        let used = render(&greek(after, Color::White, Some((Dice::new(5, 2).unwrap(), &[]))), Style::PLAIN);
        assert!(used.contains("○ Α 5-2: παίχτηκαν όλα τα ζάρια"), "{used}");
        let single = BoardView { match_to: 1, ..greek(after, Color::White, None) };
        assert!(
            render(&single, Style::PLAIN)
                .starts_with(" Παρτίδα 3 · μονή παρτίδα · Α Άσπρα (εσύ) 1, Μ Μαύρα (ευρετικό) 2\n")
        );
    }

    fn bulgarian<'a>(position: &'a AnyPosition, viewpoint: Color, dice: Option<(Dice, &'a [u8])>) -> BoardView<'a> {
        BoardView {
            lang: Lang::Bg, names: ["Белите (ти)", "Черните (евристичен)"], ..view(position, viewpoint, dice)
        }
    }

    /// Every label of the board in Bulgarian: the page's words (пипа,
    /// събрани, затапен пул), the sides' letters Б and Ч.
    #[test]
    fn bulgarian_labels_pins_marks_and_dice_left() {
        let before = middle_game();
        let play = before.legal_plays(Dice::new(6, 3).unwrap())[0].clone();
        let after = &play.position();
        let mut v = bulgarian(after, Color::White, Some((Dice::new(5, 2).unwrap(), &[2])));
        v.marks = Marks::between(&before, after, Color::Black);
        let board = render(&v, Style::PLAIN);
        for label in ["Партия 3 · мач до 5", "пипа ", "събрани ", "затапен пул", "-/+ последен ход: от/до"]
        {
            assert!(board.contains(label), "{label}\n{board}");
        }
        assert!(board.contains("○ Б играят 5-2 (остават 2)"), "{board}");
        assert!(board.contains("Б Белите (ти) ") && board.contains("Ч Черните (евристичен) "), "{board}");
        assert_eq!(crate::cmd::play::text::tests::english_words(&board), Vec::<String>::new(), "{board}");
        assert!(!crate::cmd::play::text::tests::has_greek(&board), "{board}");
        for line in board.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        let mut v = bulgarian(after, Color::Black, None);
        assert!(render(&v, Style::PLAIN).contains("○ Б са на ход"));
        v.over = true;
        assert!(render(&v, Style::PLAIN).contains("край на партията"));
        let used = render(&bulgarian(after, Color::White, Some((Dice::new(5, 2).unwrap(), &[]))), Style::PLAIN);
        assert!(used.contains("○ Б 5-2: всички зарове са изиграни"), "{used}");
        let single = BoardView { match_to: 1, ..bulgarian(after, Color::White, None) };
        assert!(
            render(&single, Style::PLAIN)
                .starts_with(" Партия 3 · една партия · Б Белите (ти) 1, Ч Черните (евристичен) 2\n")
        );
    }

    #[test]
    fn a_bear_off_is_marked_in_the_tray() {
        let before = AnyPosition::from(pos!(White; white {1: 1, 2: 1}; black {13: 15}));
        let after = before
            .legal_plays(Dice::new(2, 1).unwrap())
            .into_iter()
            .find(|p| p.result().is_some())
            .expect("the roll bears both off");
        let after = after.position();
        let marks = Marks::between(&before, &after, Color::White).unwrap();
        let mut v = view(&after, Color::White, None);
        v.over = true;
        v.marks = Some(marks);
        let board = render(&v, Style::PLAIN);
        let bottom_marks = board.lines().rev().nth(1).unwrap();
        assert!(bottom_marks.ends_with("  +"), "{board}");
        assert_eq!(bottom_marks.matches('-').count(), 2, "{board}");
    }

    #[test]
    fn colour_only_adds_escape_codes() {
        let p = middle_game();
        let d = Dice::new(5, 3).unwrap();
        let v = view(&p, Color::Black, Some((d, &[3])));
        let coloured = render(&v, Style { color: true });
        assert!(coloured.contains("\x1b["));
        assert_eq!(strip_ansi(&coloured), render(&v, Style::PLAIN));
    }

    #[test]
    fn fits_in_80_columns() {
        let p = middle_game();
        let d = Dice::new(5, 3).unwrap();
        for viewpoint in [Color::White, Color::Black] {
            for line in render(&view(&p, viewpoint, Some((d, &[5, 3]))), Style::PLAIN).lines() {
                assert!(line.chars().count() <= 80, "{line}");
            }
        }
    }

    /// Portes: checkers on the bar stand in the middle column, each side's
    /// in its own half (the opponent's at the top), counted past five.
    #[test]
    fn portes_bar_checkers_stand_in_the_middle_column() {
        let p = AnyPosition::parse(
            r#"{"game":"portes","turn":"white","bar":{"white":7,"black":1},"board":{"6":8,"12":-5,"17":-3,"19":-5,"1":-1}}"#,
            None,
        )
        .unwrap();
        for (lang, viewer) in [(Lang::En, Color::White), (Lang::El, Color::Black), (Lang::Bg, Color::White)] {
            let v = BoardView { lang, ..view(&p, viewer, None) };
            let board = render(&v, Style::PLAIN);
            let rows: Vec<Vec<char>> =
                board.lines().filter(|l| l.starts_with(" |")).map(|l| l.chars().collect()).collect();
            // The bar is the three characters after the left half's 18.
            let bar: Vec<String> = rows.iter().map(|r| r[21..24].iter().collect::<String>()).collect();
            let (top, bottom) = (&bar[..STACK_ROWS], &bar[STACK_ROWS + 1..]);
            let (me, opp) = (symbol(viewer), symbol(viewer.opponent()));
            let (mine, theirs) = if viewer == Color::White { (7, 1) } else { (1, 7) };
            let count = |half: &[String], s: &str| half.iter().filter(|c| c.contains(s)).count();
            assert_eq!(count(top, opp), theirs.min(STACK_ROWS - usize::from(theirs > STACK_ROWS)), "{board}");
            assert_eq!(count(bottom, me), mine.min(STACK_ROWS - usize::from(mine > STACK_ROWS)), "{board}");
            assert!(bar.iter().any(|c| c.trim() == "7"), "the count of a tall bar: {board}");
            let legend = match lang {
                Lang::En => "the middle column is the bar",
                Lang::El => "η μεσαία στήλη είναι η μπάρα",
                Lang::Bg => "средната колона е барът",
            };
            assert!(board.contains(legend), "{board}");
            for line in board.lines() {
                assert!(line.chars().count() <= 80, "{line}");
            }
        }
    }

    /// Fevga: each side's start where its numbering puts it, seen from
    /// either side, with the shared direction drawn over and under.
    #[test]
    fn fevga_starts_and_direction_from_either_side() {
        let p = AnyPosition::start(GameKind::Fevga);
        for viewer in [Color::White, Color::Black] {
            let board = render(&view(&p, viewer, None), Style::PLAIN);
            let lines: Vec<&str> = board.lines().collect();
            let rows: Vec<&str> = lines.iter().copied().filter(|l| l.starts_with(" |")).collect();
            // The viewer's own 24 is the top row's last point, its 12 the bottom row's first.
            let part = |row: &str, n: usize| row.chars().take(n).collect::<String>();
            assert!(part(rows[0], 43).trim_end().ends_with(symbol(viewer)), "{board}");
            assert!(part(rows[rows.len() - 1], 6).contains(symbol(viewer.opponent())), "{board}");
            assert!(lines[2].starts_with("  ◄──"), "{board}");
            assert!(board.contains("  ──►──►"), "{board}");
            let them = text::colour(Lang::En, viewer.opponent());
            assert!(board.contains(&format!("{them} starts on your 12")), "{board}");
        }
    }

    /// Gul bara: Fevga's board and arrows, the game's roll counter, and
    /// the dice its side on roll plays before rolling, with whose they are.
    #[test]
    fn gul_bara_shows_its_roll_counter_and_pending_dice() {
        let start = AnyPosition::start(GameKind::GulBara);
        let board = render(&view(&start, Color::White, None), Style::PLAIN);
        assert!(board.contains("  ──►──►") && board.contains("Black starts on your 12"), "{board}");
        assert!(board.contains("next roll: the game's roll 1; doublets ladder from roll 4"), "{board}");
        let handed = AnyPosition::parse(
            r#"{"game":"gulbara","turn":"black","board":{"24":15,"12":-15},"roll":9,"remainder":[5,5,5,6,6,6,6]}"#,
            None,
        )
        .unwrap();
        let board = render(&view(&handed, Color::Black, None), Style::PLAIN);
        assert!(board.contains("Black plays the dice handed over before rolling: 5,5,5,6,6,6,6"), "{board}");
        let ladder = AnyPosition::parse(
            r#"{"game":"gulbara","turn":"white","board":{"24":15,"12":-15},"roll":9,"ladder":[6,6,6,6]}"#,
            None,
        )
        .unwrap();
        let board = render(&view(&ladder, Color::White, None), Style::PLAIN);
        assert!(board.contains("White plays on up the ladder: 6,6,6,6"), "{board}");
        for line in board.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
    }

    fn strip_ansi(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }
}
