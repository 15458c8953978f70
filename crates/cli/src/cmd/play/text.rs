//! Every sentence and label that `play` and `replay` print, in English and
//! Greek side by side: one function per text, taking the [`Lang`] first.
//! The words only a match played online says (`play --join`) are in
//! `online_text`, made the same way.
//!
//! The Greek uses the terms of docs/RULES.md, "Terms (English, Greek)"
//! (πούλι, ζαριά, ζάρια, πόρτα, πλακώνω, πλακωμένο πούλι, μάνα, σπίτι,
//! μάζεμα, διπλό, γκέλα) and the wording of the web page's Greek
//! (crates/web/assets/app.js): pips are "βήματα", so that "πόντοι" only ever
//! means points scored; a hint is "Υπόδειξη". The sides are "τα Άσπρα" and
//! "τα Μαύρα" (plural: their verbs are plural); the one person playing the
//! computer is spoken to in the singular ("παίζεις"). A turn, one roll
//! played, is a "ζαριά"; a play, and a single move of a checker, are a
//! "κίνηση". Numbers keep the decimal point in English and take a comma in
//! Greek, as on the web page.
//!
//! Commands are typed as the English words (`hint`, `undo`), which the Greek
//! texts quote in backticks; [`super::input::parse`] takes Greek aliases too.

use tavli_core::Color;

/// The language of the messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Greek (Ελληνικά).
    El,
}

impl Lang {
    /// The language the environment asks for: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty decides; Greek if
    /// it starts with `el` (`el_GR.UTF-8`), else English.
    pub fn from_env() -> Lang {
        Lang::from_locale(|name| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned()))
    }

    /// [`Lang::from_env`] with the variables read through `var`.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        let chosen = ["LC_ALL", "LC_MESSAGES", "LANG"].into_iter().find_map(|name| var(name).filter(|v| !v.is_empty()));
        match chosen {
            Some(v) if v.starts_with("el") => Lang::El,
            _ => Lang::En,
        }
    }

    /// `--lang` if given, else the environment's.
    pub fn choose(flag: Option<Lang>) -> Lang {
        flag.unwrap_or_else(Lang::from_env)
    }
}

/// Defines one function per text, `name(lang, args…) -> String`, from an
/// English and a Greek format string (the arguments named inside them), and
/// `ALL`: every text's name and both format strings, for the tests.
macro_rules! texts {
    ($($(#[doc = $doc:literal])* $name:ident($($arg:ident: $ty:ty),*) = $en:literal, $el:literal;)*) => {
        $(
            $(#[doc = $doc])*
            // A text names each of its parts: some have many.
            #[allow(clippy::too_many_arguments)]
            pub fn $name(lang: Lang, $($arg: $ty),*) -> String {
                match lang {
                    Lang::En => format!($en),
                    Lang::El => format!($el),
                }
            }
        )*

        /// Every text: its name, its English and its Greek format string.
        #[cfg(test)]
        pub const ALL: &[(&str, &str, &str)] = &[$((stringify!($name), $en, $el)),*];
    };
}
// Other commands' texts (`review`) are made the same way.
pub(crate) use texts;

texts! {
    // ----- sides and players -----

    white() = "White", "Άσπρα";
    black() = "Black", "Μαύρα";
    /// The colour word in a possessive: English adds `'s` after the colour
    /// itself; Greek has the genitive (`της μάνας των Άσπρων`).
    white_genitive() = "White", "Άσπρων";
    black_genitive() = "Black", "Μαύρων";
    /// The letters beside the checker symbols.
    white_letter() = "W", "Α";
    black_letter() = "B", "Μ";
    /// The person's side named on the board when they play the computer.
    you_name(colour: &str) = "{colour} (you)", "{colour} (εσύ)";

    // ----- the session -----

    saving(path: &str) = "Saving every move to {path}", "Κάθε κίνηση αποθηκεύεται στο {path}";
    resuming(game: usize, turn: usize) =
        "Resuming game {game} at turn {turn}.", "Συνεχίζεται η παρτίδα {game} από τη ζαριά {turn}.";
    end_of_input() = "\nEnd of input. ", "\nΤέλος εισόδου. ";
    interrupted() = "\nInterrupted. ", "\nΔιακοπή. ";
    saved_continue(path: &str) =
        "Saved to {path}. Continue with: tavli play --resume {path}",
        "Αποθηκεύτηκε στο {path}. Συνέχεια με: tavli play --resume {path}";
    line_not_shown() = "(a line too long to show)", "(γραμμή πολύ μεγάλη για να φανεί)";
    line_too_long(max: usize) =
        "That line is too long (over {max} characters); it was ignored.",
        "Η γραμμή είναι πολύ μεγάλη (πάνω από {max} χαρακτήρες)· αγνοήθηκε.";
    enter_your_play() =
        "Enter your play (like 24/18 13/7), or `?` for the legal plays, `help` for commands.",
        "Γράψε την κίνησή σου (π.χ. 24/18 13/7), ή `?` για τις νόμιμες κινήσεις, `help` για τις εντολές.";
    turn_not_complete(left: &str) =
        "The turn is not complete: dice left {left}. Enter a move or `undo`.",
        "Η ζαριά δεν παίχτηκε ολόκληρη: μένουν τα ζάρια {left}. Γράψε μια κίνηση ή `undo`.";
    not_played(why: &str) = "Not played: {why}", "Δεν παίχτηκε: {why}";
    took_back(moved: &str) = "Took back {moved}.", "Πήρες πίσω την κίνηση {moved}.";
    nothing_to_undo() = "Nothing to undo.", "Δεν υπάρχει τίποτα για αναίρεση.";
    saved_anyway(path: &str) =
        "Saved to {path} (every play is saved anyway).",
        "Αποθηκεύτηκε στο {path} (κάθε κίνηση αποθηκεύεται έτσι κι αλλιώς).";
    saved_later_one(moves: &str) =
        "The record holds whole plays: {moves} of this turn is saved once you finish the turn.",
        "Η καταγραφή κρατά ολόκληρες κινήσεις: η κίνηση {moves} αυτής της ζαριάς θα αποθηκευτεί μόλις \
         τελειώσεις τη ζαριά.";
    saved_later_many(moves: &str) =
        "The record holds whole plays: {moves} of this turn are saved once you finish the turn.",
        "Η καταγραφή κρατά ολόκληρες κινήσεις: οι κινήσεις {moves} αυτής της ζαριάς θα αποθηκευτούν μόλις \
         τελειώσεις τη ζαριά.";
    not_resigned() = "Not resigned; play on.", "Δεν παραιτήθηκες· συνέχισε το παιχνίδι.";
    unknown_command(what: &str) =
        "`{what}` is not a play or a command: enter a play like 24/18 13/7, or `help`.",
        "Το `{what}` δεν είναι ούτε κίνηση ούτε εντολή: γράψε μια κίνηση όπως 24/18 13/7, ή `help`.";
    prompt_confirm(name: &str, dice: &str, play: &str) =
        "{name} {dice}: play {play}? Enter to confirm, or undo > ",
        "{name} {dice}: να παιχτεί η {play}; Enter για επιβεβαίωση, ή undo > ";
    legal_plays_one(dice: &str) = "1 legal play with {dice}:", "1 νόμιμη κίνηση με {dice}:";
    legal_plays_many(n: usize, dice: &str) = "{n} legal plays with {dice}:", "{n} νόμιμες κινήσεις με {dice}:";
    and_more_plays(n: usize) =
        "… and {n} more. Enter a single move (like 24/18) and `?` lists what can follow.",
        "… και {n} ακόμα. Γράψε μία κίνηση πουλιού (π.χ. 24/18) και το `?` δείχνει τι μπορεί να ακολουθήσει.";
    no_more_moves() =
        "No more moves: press Enter to play, or `undo`.",
        "Καμία άλλη κίνηση: πάτα Enter για να παίξεις, ή `undo`.";
    next_moves(moves: &str) = "Next moves: {moves}", "Επόμενες κινήσεις: {moves}";
    or_enter_to_play(play: &str) = "Or press Enter to play {play}.", "Ή πάτα Enter για να παίξεις {play}.";
    engine_rolls(name: &str, dice: &str) = "{name} rolls {dice} and plays ", "Τα {name} φέρνουν {dice} και παίζουν ";
    resign_prompt_one(name: &str) =
        "Resign this game and give {name} 1 point? (yes/no) > ",
        "Παραιτείσαι από την παρτίδα και δίνεις 1 πόντο στα {name}; (ναι/όχι) > ";
    resign_prompt_many(name: &str, points: u8) =
        "Resign this game and give {name} {points} points? (yes/no) > ",
        "Παραιτείσαι από την παρτίδα και δίνεις {points} πόντους στα {name}; (ναι/όχι) > ";
    unsaved_one(moves: &str) =
        "The move {moves} of this turn is not saved; you will play the whole turn again.",
        "Η κίνηση {moves} αυτής της ζαριάς δεν αποθηκεύτηκε· θα παίξεις ξανά όλη τη ζαριά.";
    unsaved_many(moves: &str) =
        "The moves {moves} of this turn are not saved; you will play the whole turn again.",
        "Οι κινήσεις {moves} αυτής της ζαριάς δεν αποθηκεύτηκαν· θα παίξεις ξανά όλη τη ζαριά.";
    position_id(id: &str, when: &str, side: &str, dice: &str) =
        "Position ID {id}{when}: {side} to play {dice}.\n`tavli hint {id} {dice}` ranks its plays;\n\
         `tavli play --position {id}` plays a game from it.",
        "Κωδικός θέσης {id}{when}: παίζουν τα {side} {dice}.\nΤο `tavli hint {id} {dice}` κατατάσσει τις \
         κινήσεις της·\nτο `tavli play --position {id}` ξεκινά μια παρτίδα από αυτήν.";
    position_id_mid_turn() = " (the position at the start of this turn)", " (η θέση στην αρχή αυτής της ζαριάς)";
    game_head(n: usize) = "Game {n}", "Παρτίδα {n}";
    game_head_match(n: usize, to: u32) = "Game {n} of the match to {to}", "Παρτίδα {n} του αγώνα στους {to}";
    next_game_opening() = "The next game starts with an opening roll.", "Η επόμενη παρτίδα ξεκινά με πρώτη ζαριά.";
    /// Between games: the next one starts when the person is ready.
    press_enter_for_game(n: usize, game: &str) =
        "Game {n}, {game}, is next: press Enter to begin, or type quit",
        "Ακολουθεί η παρτίδα {n}, {game}: πάτα Enter για να ξεκινήσει, ή γράψε quit";
    record_saved(path: &str) =
        "The record is saved in {path}; watch it again with `tavli replay {path}`, or have the engine go \
         through your plays with `tavli review {path}`.",
        "Η καταγραφή αποθηκεύτηκε στο {path}· δες την ξανά με `tavli replay {path}` ή βάλε τη μηχανή να \
         κρίνει τις κινήσεις σου με `tavli review {path}`.";
    record_player(side: &str, name: &str, why: &str) =
        "the record's {side} player `{name}`: {why}", "ο παίκτης των {side} στην καταγραφή, `{name}`: {why}";
    unknown_level(name: &str, levels: &str) =
        "unknown level `{name}`; the levels are: {levels}", "άγνωστο επίπεδο `{name}`· τα επίπεδα είναι: {levels}";
    match_is_over(file: &str, winner: &str, a: u32, b: u32) =
        "the match in {file} is over ({winner} won {a}-{b}); watch it with `tavli replay {file}`",
        "ο αγώνας στο {file} έχει τελειώσει (τα {winner} κέρδισαν {a}-{b})· δες τον με `tavli replay {file}`";
    bad_position(why: &str) = "bad --position: {why}", "λάθος --position: {why}";

    // ----- hints and ratings -----

    no_hint(why: &str) = "No hint: {why}", "Καμία υπόδειξη: {why}";
    hint_head(dice: &str, after: &str, ply: u8, whom: &str) =
        "The engine's choice for {dice}{after}, searched {ply}-ply (equity and chances for {whom}):",
        "Η επιλογή του υπολογιστή για {dice}{after}, με αναζήτηση σε βάθος {ply} (αξία και πιθανότητες για {whom}):";
    hint_head_match(dice: &str, after: &str, ply: u8, mine: u32, theirs: u32, to: u32, whom: &str) =
        "The engine's choice for {dice}{after}, searched {ply}-ply, ranked by the chance to win the match \
         (match) at {mine}-{theirs} in a match to {to} (equity and chances for {whom}):",
        "Η επιλογή του υπολογιστή για {dice}{after}, με αναζήτηση σε βάθος {ply}, κατά την πιθανότητα νίκης \
         στον αγώνα (αγώνας) με σκορ {mine}-{theirs} σε αγώνα στους {to} (αξία και πιθανότητες για {whom}):";
    hint_after(moves: &str) = " after {moves}", " μετά το {moves}";
    /// Whom a hint's chances are for: the person spoken to.
    hint_for_you() = "you", "σένα";
    /// Whom a hint's chances are for: a side by its colour.
    hint_for_side(colour: &str) = "{colour}", "τα {colour}";
    column_play() = "play", "κίνηση";
    column_equity() = "equity", "αξία";
    /// The chance to win the match, beside the equity in a match.
    column_match() = "match", "αγώνας";
    column_win() = "win", "νίκη";
    column_win_double() = "win double", "διπλό υπέρ";
    column_lose_double() = "lose double", "διπλό κατά";
    ply_note(ply: u8) = "  ({ply}-ply)", "  (βάθος {ply})";
    loss(x: &str) = "loss {x}", "χάνει {x}";
    more_plays_one() = "  … and 1 more play.", "  … και 1 ακόμα κίνηση.";
    more_plays_many(n: usize) = "  … and {n} more plays.", "  … και {n} ακόμα κινήσεις.";
    so_far_best_one(moves: &str, best: &str) =
        "Your move so far, {moves}, is the start of the best play, {best}.",
        "Η κίνησή σου ως εδώ, {moves}, είναι η αρχή της καλύτερης κίνησης, {best}.";
    so_far_best_many(moves: &str, best: &str) =
        "Your moves so far, {moves}, are the start of the best play, {best}.",
        "Οι κινήσεις σου ως εδώ, {moves}, είναι η αρχή της καλύτερης κίνησης, {best}.";
    so_far_loses_one(moves: &str, x: &str, best: &str) =
        "Your move so far, {moves}, loses {x} against the best play, {best}.",
        "Η κίνησή σου ως εδώ, {moves}, χάνει {x} σε σχέση με την καλύτερη κίνηση, {best}.";
    so_far_loses_many(moves: &str, x: &str, best: &str) =
        "Your moves so far, {moves}, lose {x} against the best play, {best}.",
        "Οι κινήσεις σου ως εδώ, {moves}, χάνουν {x} σε σχέση με την καλύτερη κίνηση, {best}.";
    not_played_yet() = "You have not played yet in this match.", "Δεν έχεις παίξει ακόμα σε αυτόν τον αγώνα.";
    in_game(n: usize) = " (in game {n})", " (στην παρτίδα {n})";
    last_not_legal(earlier: &str, play: &str) =
        "Your last play{earlier}, {play}, is not a legal play: a bug.",
        "Η τελευταία σου κίνηση{earlier}, {play}, δεν είναι νόμιμη: σφάλμα του προγράμματος.";
    last_roll_passed(earlier: &str, dice: &str) =
        "Your last roll{earlier}, {dice}, had no legal move.",
        "Η τελευταία σου ζαριά{earlier}, {dice}, ήταν γκέλα: καμία νόμιμη κίνηση.";
    cannot_rate() =
        "That play cannot be rated (the game was over).",
        "Αυτή η κίνηση δεν αξιολογείται (η παρτίδα είχε τελειώσει).";
    rating_only(earlier: &str, play: &str, dice: &str) =
        "Your last play{earlier}, {play} ({dice}), was the only legal play.",
        "Η τελευταία σου κίνηση{earlier}, {play} ({dice}), ήταν η μόνη νόμιμη κίνηση.";
    rating_best(earlier: &str, play: &str, dice: &str, of: usize, tie: &str, depth: &str) =
        "Your last play{earlier}, {play} ({dice}), was the best of {of} plays{tie} ({depth}).",
        "Η τελευταία σου κίνηση{earlier}, {play} ({dice}), ήταν η καλύτερη από {of} κινήσεις{tie} ({depth}).";
    rating_worse(earlier: &str, play: &str, dice: &str, rank: &str, of: usize, x: &str, best: &str, depth: &str) =
        "Your last play{earlier}, {play} ({dice}), was {rank} of {of} plays: loss {x} against the best, {best} \
         ({depth}).",
        "Η τελευταία σου κίνηση{earlier}, {play} ({dice}), ήταν {rank} από {of} κινήσεις: χάνει {x} από την \
         καλύτερη, {best} ({depth}).";
    rating_tie(best: &str) = ", as good as {best}", ", ισάξια με την {best}";
    rating_depth(ply: u8) = "searched {ply}-ply", "αναζήτηση σε βάθος {ply}";
    rating_depth_match(ply: u8) =
        "searched {ply}-ply, by the chance to win the match",
        "αναζήτηση σε βάθος {ply}, κατά την πιθανότητα νίκης στον αγώνα";
    rating_as_good() = "as good as the best", "ισάξια με την καλύτερη";
    rating_nth(ordinal: &str) = "the {ordinal} best", "η {ordinal} καλύτερη";

    // ----- announcements (see `announce`) -----

    plays_you(play: &str) = "You play {play}.", "Παίζεις {play}.";
    plays_named(name: &str, play: &str) = "{name} plays {play}.", "Τα {name} παίζουν {play}.";
    passes_you(dice: &str) =
        "You roll {dice}: no legal move, the turn passes.", "Φέρνεις {dice}: γκέλα, καμία νόμιμη κίνηση· η σειρά περνά.";
    passes_named(name: &str, dice: &str) =
        "{name} rolls {dice}: no legal move, the turn passes.",
        "Τα {name} φέρνουν {dice}: γκέλα, καμία νόμιμη κίνηση· η σειρά περνά.";
    played_you(play: &str) = "You played {play}", "Έπαιξες {play}";
    played_named(name: &str, play: &str) = "{name} played {play}", "Τα {name} έπαιξαν {play}";
    /// After a play written in its mover's numbering, the same play in
    /// the reader's, as the board labels the points.
    on_your_board(play: &str) = "your {play}", "στη δική σου αρίθμηση {play}";
    passed_you(dice: &str) = "You rolled {dice}: no legal move", "Έφερες {dice}: γκέλα";
    passed_named(name: &str, dice: &str) = "{name} rolled {dice}: no legal move", "Τα {name} έφεραν {dice}: γκέλα";
    won_last_you() = "You won the last game and start.", "Κέρδισες την προηγούμενη παρτίδα και ξεκινάς.";
    won_last_named(name: &str) =
        "{name} won the last game and starts.", "Τα {name} κέρδισαν την προηγούμενη παρτίδα και ξεκινούν.";
    wins_match_you(a: u32, b: u32) = "You win the match {a}-{b}.", "Κερδίζεις τον αγώνα {a}-{b}.";
    wins_match_named(name: &str, a: u32, b: u32) =
        "{name} wins the match {a}-{b}.", "Τα {name} κερδίζουν τον αγώνα {a}-{b}.";
    score(white: &str, black: &str, to: u32) =
        "Score: {white}, {black} (match to {to}).", "Σκορ: {white}, {black} (αγώνας στους {to}).";
    score_you(colour: &str, n: u32) = "you ({colour}) {n}", "εσύ ({colour}) {n}";
    starts_from_you(id: &str) =
        "The game starts from position {id}; you play first.", "Η παρτίδα ξεκινά από τη θέση {id}· ξεκινάς εσύ.";
    starts_from_named(id: &str, name: &str) =
        "The game starts from position {id}; {name} plays first.", "Η παρτίδα ξεκινά από τη θέση {id}· ξεκινούν τα {name}.";
    opening(white: &str, black: &str, verdict: &str) =
        "Opening roll: {white}, {black}: {verdict}", "Πρώτη ζαριά: {white}, {black}: {verdict}";
    opening_roll_you(n: u8) = "you roll {n}", "φέρνεις {n}";
    opening_roll_named(name: &str, n: u8) = "{name} rolls {n}", "τα {name} φέρνουν {n}";
    opening_equal() = "equal, roll again.", "ισοπαλία, ξαναρίχνουν.";
    opening_equal_you() = "equal, roll again.", "ισοπαλία, ξαναρίχνετε.";
    opening_starts_you() = "you start.", "ξεκινάς εσύ.";
    opening_starts_named(name: &str) = "{name} starts.", "ξεκινούν τα {name}.";
    mother_pinned_by_you() =
        "You have pinned the computer's mother: you win as soon as your last checker leaves your starting point, \
         unless it pins your mother first (a draw).",
        "Πλάκωσες τη μάνα του υπολογιστή: κερδίζεις μόλις φύγει το τελευταίο σου πούλι από την αφετηρία σου, \
         εκτός αν πλακώσει πρώτα εκείνος τη δική σου μάνα (ισοπαλία).";
    mother_pinned_by_computer() =
        "The computer has pinned your mother: it wins as soon as its last checker leaves its starting point, \
         unless you pin its mother first (a draw).",
        "Ο υπολογιστής πλάκωσε τη μάνα σου: κερδίζει μόλις φύγει το τελευταίο του πούλι από την αφετηρία του, \
         εκτός αν πλακώσεις πρώτα εσύ τη δική του μάνα (ισοπαλία).";
    mother_pinned_named(pinner: &str, of_pinned: &str, pinner_colour: &str, pinned_colour: &str, of_pinner: &str) =
        "{pinner} has pinned {of_pinned} mother: {pinner_colour} wins as soon as its last checker leaves its \
         starting point, unless {pinned_colour} pins {of_pinner} mother first (a draw).",
        "Τα {pinner} πλάκωσαν τη μάνα των {of_pinned}: τα {pinner_colour} κερδίζουν μόλις φύγει το τελευταίο τους \
         πούλι από την αφετηρία τους, εκτός αν τα {pinned_colour} πλακώσουν πρώτα τη μάνα των {of_pinner} (ισοπαλία).";
    mother_freed_you() = "Your mother is free again.", "Η μάνα σου είναι πάλι ελεύθερη.";
    mother_freed_computer() = "The computer's mother is free again.", "Η μάνα του υπολογιστή είναι πάλι ελεύθερη.";
    mother_freed_named(of: &str) = "{of} mother is free again.", "Η μάνα των {of} είναι πάλι ελεύθερη.";
    /// A mother pinned where the mother is played out (Mahbusa's rule).
    mother_played_out(of: &str) =
        "{of} mother is pinned: in this game the mother is played out, so the game goes on, and that side cannot \
         bear off while the pin holds (both mothers pinned is a draw).",
        "Η μάνα των {of} πλακώθηκε: σε αυτή την παρτίδα η μάνα παίζεται ως το τέλος, η παρτίδα συνεχίζεται και δεν \
         μαζεύουν όσο μένει πλακωμένη (αν πλακωθούν και οι δύο μάνες, ισοπαλία).";
    points_one() = "1 point", "1 πόντο";
    points_many(n: u8) = "{n} points", "{n} πόντους";
    draw() =
        "Both mothers are pinned: the game is a draw, no points.",
        "Πλακώθηκαν και οι δύο μάνες: η παρτίδα είναι ισοπαλία, κανένας πόντος.";
    mother_win_you(pts: &str) =
        "You have pinned the computer's mother and your starting point is empty: you win {pts}.",
        "Πλάκωσες τη μάνα του υπολογιστή και άδειασε η αφετηρία σου: κερδίζεις {pts} (διπλό).";
    mother_win_computer(name: &str, pts: &str) =
        "The computer has pinned your mother and its starting point is empty: {name} wins {pts}.",
        "Ο υπολογιστής πλάκωσε τη μάνα σου και άδειασε η αφετηρία του: τα {name} κερδίζουν {pts} (διπλό).";
    mother_win_named(of_loser: &str, of_winner: &str, name: &str, pts: &str) =
        "{of_loser} mother is pinned and {of_winner} starting point is empty: {name} wins {pts}.",
        "Η μάνα των {of_loser} είναι πλακωμένη και άδειασε η αφετηρία των {of_winner}: τα {name} κερδίζουν {pts} \
         (διπλό).";
    resign_you(name: &str, pts: &str) = "You resign: {name} wins {pts}.", "Παραιτείσαι: τα {name} κερδίζουν {pts}.";
    resign_to_you(name: &str, pts: &str) = "{name} resigns: you win {pts}.", "Τα {name} παραιτούνται: κερδίζεις {pts}.";
    resign_named(loser: &str, winner: &str, pts: &str) =
        "{loser} resigns: {winner} wins {pts}.", "Τα {loser} παραιτούνται: τα {winner} κερδίζουν {pts}.";
    bear_off_you(pts: &str, double: &str) =
        "You bear off your last checker and win {pts}{double}.",
        "Μαζεύεις το τελευταίο σου πούλι και κερδίζεις {pts}{double}.";
    bear_off_computer(name: &str, pts: &str, double: &str) =
        "{name} bears off its last checker and wins {pts}{double}.",
        "Τα {name} μαζεύουν το τελευταίο τους πούλι και κερδίζουν {pts}{double}.";
    bear_off_named(name: &str, pts: &str, double: &str) =
        "{name} bears off the last checker and wins {pts}{double}.",
        "Τα {name} μαζεύουν το τελευταίο τους πούλι και κερδίζουν {pts}{double}.";
    double_you() = " (you have borne off no checker: a double)", " (δεν μάζεψες κανένα πούλι: διπλό)";
    double_computer() =
        " (the computer has borne off no checker: a double)", " (ο υπολογιστής δεν μάζεψε κανένα πούλι: διπλό)";
    double_named(name: &str) = " ({name} has borne off no checker: a double)", " (τα {name} δεν μάζεψαν κανένα πούλι: διπλό)";
    wins_you(pts: &str) = "You win {pts}.", "Κερδίζεις {pts}.";
    wins_named(name: &str, pts: &str) = "{name} wins {pts}.", "Τα {name} κερδίζουν {pts}.";

    // ----- the board (see `render`) -----

    one_game() = "one game", "μονή παρτίδα";
    match_to(n: u32) = "match to {n}", "αγώνας στους {n}";
    board_title(game: usize, length: &str, score: &str) = "Game {game} · {length} · {score}", "Παρτίδα {game} · {length} · {score}";
    legend_pinned() = "(x) a pinned checker", "(x) πλακωμένο πούλι";
    legend_marks() = "-/+ last play: from/to", "-/+ τελευταία: από/προς";
    game_over() = "game over", "τέλος παρτίδας";
    to_play(who: &str, dice: &str) = "{who} to play {dice}", "{who} παίζουν {dice}";
    to_play_left(who: &str, dice: &str, left: &str) = "{who} to play {dice} ({left} left)", "{who} παίζουν {dice} (μένουν {left})";
    all_dice_used(who: &str, dice: &str) = "{who} {dice}: all dice used", "{who} {dice}: παίχτηκαν όλα τα ζάρια";
    on_roll(who: &str) = "{who} on roll", "{who} έχουν σειρά";
    pips(pips: u32, off: u8) = "pips {pips}, off {off}", "βήματα {pips}, μαζεμένα {off}";

    // ----- replay -----

    seed_shown(seed: &str) = "seed {seed}", "σπόρος {seed}";
    seed_hidden_sha(start: &str) =
        "seed hidden until the match ends (SHA-256 {start}…)",
        "ο σπόρος μένει κρυφός ως το τέλος του αγώνα (SHA-256 {start}…)";
    seed_hidden() = "seed hidden until the match ends", "ο σπόρος μένει κρυφός ως το τέλος του αγώνα";
    dice_written_down() =
        "dice written down (a game played elsewhere)", "ζάρια καταγραμμένα (παρτίδα που παίχτηκε αλλού)";
    position_id_line(id: &str) = "Position ID {id}", "Κωδικός θέσης {id}";
    replay_starts_from(id: &str, name: &str) =
        "The game starts from position {id}; {name} to play.", "Η παρτίδα ξεκινά από τη θέση {id}· παίζουν τα {name}.";
    replay_pass(turn: usize, name: &str, dice: &str) =
        "Turn {turn}: {name} rolls {dice}: no legal move, the turn passes.",
        "Ζαριά {turn}: τα {name} φέρνουν {dice}: γκέλα, η σειρά περνά.";
    replay_play(turn: usize, name: &str, dice: &str, play: &str) =
        "Turn {turn}: {name} rolls {dice} and plays {play}", "Ζαριά {turn}: τα {name} φέρνουν {dice} και παίζουν {play}";
    replay_pending(name: &str, dice: &str) =
        "{name} rolled {dice} and is to play: the record stops here.",
        "Τα {name} έφεραν {dice} και είναι να παίξουν: η καταγραφή σταματά εδώ.";
    replay_goes_on() = "The game goes on: the record stops here.", "Η παρτίδα συνεχίζεται: η καταγραφή σταματά εδώ.";
    replay_place_start(game: usize) = "Game {game}, start", "Παρτίδα {game}, αρχή";
    replay_place_turn(game: usize, turn: usize, turns: usize) =
        "Game {game}, turn {turn} of {turns}", "Παρτίδα {game}, ζαριά {turn} από {turns}";
    replay_enter_quit() = "Enter: quit (the end)", "Enter: έξοδος (τέλος)";
    replay_enter_next() = "Enter: next", "Enter: επόμενη";
    replay_prompt(place: &str, next: &str) = "{place} · {next}, b: back, help, q > ", "{place} · {next}, b: πίσω, help, q > ";
    replay_at_start() = "This is the start of the record.", "Αυτή είναι η αρχή της καταγραφής.";
    replay_no_turn(game: usize, turns: usize) =
        "Game {game} has turns 1 to {turns} (t 0: its start).",
        "Η παρτίδα {game} έχει ζαριές 1 έως {turns} (t 0: η αρχή της).";
    replay_no_game(games: usize) = "The record has games 1 to {games}.", "Η καταγραφή έχει παρτίδες 1 έως {games}.";
    replay_unknown(what: &str) =
        "`{what}` is not a replay command; `help` lists them.",
        "Το `{what}` δεν είναι εντολή αναπαραγωγής· το `help` τις δείχνει.";
    replay_help() = "\
Replay commands:
  Enter, n     the next turn              b, back   the turn before
  t N          turn N of this game (t 0: its start)
  g N          the start of game N        end       the last turn
  help         this text                  q, quit   stop", "\
Εντολές αναπαραγωγής:
  Enter, n     η επόμενη ζαριά            b, back   η προηγούμενη ζαριά
  t N          η ζαριά N αυτής της παρτίδας (t 0: η αρχή της)
  g N          η αρχή της παρτίδας N      end       η τελευταία ζαριά
  help         αυτό το κείμενο            q, quit   έξοδος
Και στα ελληνικά: επόμενη, πίσω, ζαριά N, παρτίδα N, τέλος, βοήθεια, έξοδος.";

    // ----- help -----

    /// The help's opening for a game whose checkers all start on the 24
    /// (Plakoto, Fevga); Portes's is [`help_intro_portes`].
    help_intro() = "\
Enter a play in notation, points in your own numbering (24 is your start,
you bear off past 1):", "\
Γράψε την κίνησή σου σε συμβολισμό, με τις θέσεις στη δική σου αρίθμηση
(το 24 είναι η αφετηρία σου, μαζεύεις πέρα από το 1):";
    help_intro_portes() = "\
Enter a play in notation, points in your own numbering (your checkers go
from 24 down to 1, and you bear off past 1):", "\
Γράψε την κίνησή σου σε συμβολισμό, με τις θέσεις στη δική σου αρίθμηση
(τα πούλια σου πάνε από το 24 προς το 1, μαζεύεις πέρα από το 1):";
    /// The help's lines on Plakoto's `*`.
    help_pin() = "  13/7*           a pin, marked `*` (optional)", "  13/7*         πλάκωμα, με `*` (προαιρετικό)";
    /// The help's lines on Gul bara's doubles ladder.
    help_ladder() =
        "  a doublet from the game's 4th roll climbs: four of it, then four of each
  higher number to 6, one stage at a time; a stage that cannot be played
  hands the rest of the ladder to your opponent",
        "  διπλή από την 4η ζαριά ανεβαίνει σκάλα: τέσσερα από αυτή, μετά τέσσερα
  από κάθε μεγαλύτερο ως το 6, ένα σκαλί τη φορά· ό,τι δεν παίζεται
  περνά στον αντίπαλο";
    /// The help's lines on Portes's bar and `*`.
    help_bar_hit() =
        "  bar/22          enter from the bar (before any other move)
  13/7*           a hit, marked `*` (a hop hits on its way only with it)",
        "  `bar/22`      μπάσιμο από την μπάρα (πριν από κάθε άλλη κίνηση)
  13/7*         χτύπημα, με `*` (ένα πέρασμα χτυπά στον δρόμο μόνο με αυτό)";

    /// The help after its opening and the game's own lines.
    help() = "  24/18 13/7      two checkers         24/20/14   one checker, both dice
  24/18(2)        the same move twice  6/off      bear off
  24/18           one checker at a time: each move is shown on the board;
                  press Enter (or `ok`) to confirm once the turn is complete
On the board, - and + mark where the last play moved from and to. Every play
is written in your numbering, as the board labels the points (the other
side's plays too).
Commands:
  ? or moves   the legal plays (mid-turn: the moves that can follow)
  hint         the engine's best plays (2-ply), with equities and chances;
               mid-turn: the plays that go on from your moves, and their cost
  last         how your last play ranked (also `rate`, `hint last`)
  undo         take back the last single move;  reset: take back all
  board        draw the board again
  id           the position ID (for `tavli hint`, `tavli play --position`)
  save         save now (every play is saved anyway)
  resign       give up this game
  quit         save and stop; `tavli play --resume FILE` continues
               (single moves of an unfinished turn are not saved)
  help         this text", "  24/18 13/7    δύο πούλια                24/20/14   ένα πούλι, και τα δύο ζάρια
  24/18(2)      η ίδια κίνηση δύο φορές   6/off      μάζεμα
  24/18         ένα πούλι τη φορά: κάθε κίνηση φαίνεται στο ταμπλό· πάτα
                Enter (ή `ok`, `ναι`) για επιβεβαίωση όταν ολοκληρωθεί η ζαριά
Στο ταμπλό, τα - και + δείχνουν από πού έφυγε και πού έφτασε η τελευταία
κίνηση. Κάθε κίνηση γράφεται στη δική σου αρίθμηση, όπως στο ταμπλό (και οι
κινήσεις του αντιπάλου).
Εντολές, στα αγγλικά ή στα ελληνικά (και χωρίς τόνους):
  ?, moves, κινήσεις   οι νόμιμες κινήσεις (στη μέση της ζαριάς: όσες μένουν)
  hint, υπόδειξη       οι καλύτερες κινήσεις κατά τον υπολογιστή (βάθος 2), με
                       αξία και πιθανότητες· στη μέση της ζαριάς: όσες
                       συνεχίζουν από τις κινήσεις σου, και τι κοστίζουν αυτές
  last, τελευταία      πού κατατάσσεται η τελευταία σου κίνηση (και `rate`,
                       `αξιολόγηση`, `hint last`)
  undo, αναίρεση       πάρε πίσω την τελευταία κίνηση πουλιού
  reset, επαναφορά     πάρε πίσω όλες τις κινήσεις της ζαριάς
  board, ταμπλό        δείξε ξανά το ταμπλό
  id, κωδικός          ο κωδικός θέσης (για `tavli hint` και
                       `tavli play --position`)
  save, αποθήκευση     αποθήκευση τώρα (κάθε κίνηση αποθηκεύεται ούτως ή άλλως)
  resign, παραίτηση    παραίτηση από αυτή την παρτίδα
  quit, έξοδος         αποθήκευση και τέλος· συνεχίζεις με
                       `tavli play --resume ΑΡΧΕΙΟ` (οι κινήσεις μιας ζαριάς
                       που δεν ολοκληρώθηκε δεν αποθηκεύονται)
  help, βοήθεια        αυτό το κείμενο";
}

/// A side's colour word: `White`, `Άσπρα`.
pub fn colour(lang: Lang, side: Color) -> String {
    match side {
        Color::White => white(lang),
        Color::Black => black(lang),
    }
}

/// A side's colour word as a possessive takes it: `White` (followed by
/// `'s`), `Άσπρων`.
pub fn genitive(lang: Lang, side: Color) -> String {
    match side {
        Color::White => white_genitive(lang),
        Color::Black => black_genitive(lang),
    }
}

/// The letter of a side, for text that must read without symbols too.
pub fn letter(lang: Lang, side: Color) -> String {
    match side {
        Color::White => white_letter(lang),
        Color::Black => black_letter(lang),
    }
}

/// The engine's levels in Greek, as the web page names them; English
/// names a level by its name for `--level`.
const LEVELS_EL: &[(&str, &str)] = &[
    ("random", "τυχαίο"),
    ("beginner", "αρχάριος"),
    ("heuristic", "ευρετικό"),
    ("casual", "ερασιτέχνης"),
    ("advanced", "προχωρημένος"),
    ("expert", "έμπειρος"),
    ("master", "μάστορας"),
];

/// A computer level as shown beside its side's colour: `expert`, `έμπειρος`
/// (a level without a Greek name keeps its own).
pub fn level_name(lang: Lang, level: &str) -> String {
    match lang {
        Lang::En => level.to_string(),
        Lang::El => LEVELS_EL.iter().find(|(en, _)| *en == level).map_or(level, |(_, el)| el).to_string(),
    }
}

/// `1 point`, `2 points`; `1 πόντο`, `2 πόντους` (what a win scores).
pub fn points(lang: Lang, n: u8) -> String {
    if n == 1 { points_one(lang) } else { points_many(lang, n) }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`; Greek `1η`, `2η`.
pub fn ordinal(lang: Lang, n: usize) -> String {
    if lang == Lang::El {
        return format!("{n}η");
    }
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A number as the language writes it: Greek takes a decimal comma.
pub fn number(lang: Lang, text: String) -> String {
    match lang {
        Lang::En => text,
        Lang::El => text.replace('.', ","),
    }
}

/// Is `answer` a yes (to resigning)? `y`, `yes`, `ν`, `ναι` in either
/// language, any case, with or without the accent.
pub fn is_yes(answer: &str) -> bool {
    matches!(unaccented(&answer.to_lowercase()).as_str(), "y" | "yes" | "ν" | "ναι")
}

/// Greek letters without their accents (`υπόδειξη` → `υποδειξη`), for
/// commands typed with or without them.
pub fn unaccented(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'ά' => 'α',
            'έ' => 'ε',
            'ή' => 'η',
            'ί' | 'ϊ' | 'ΐ' => 'ι',
            'ό' => 'ο',
            'ύ' | 'ϋ' | 'ΰ' => 'υ',
            'ώ' => 'ω',
            c => c,
        })
        .collect()
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// English words that must never appear in a Greek text.
    pub const ENGLISH: &[&str] = &[
        "the", "you", "your", "point", "points", "checker", "checkers", "win", "wins", "won", "pinned", "roll",
        "rolls", "rolled", "and", "with", "of", "is", "are", "has", "have", "no", "not", "to", "game", "turn",
        "mother", "dice", "saved", "record", "legal", "equity", "double", "bar",
    ];

    /// Text with `{placeholders}` and `` `code` `` taken out: what is left
    /// is words of the language.
    pub fn prose(text: &str) -> String {
        let mut out = String::new();
        let mut skip = None;
        for c in text.chars() {
            match (skip, c) {
                (None, '{') => skip = Some('}'),
                (None, '`') => skip = Some('`'),
                (Some(end), c) if c == end => {
                    skip = None;
                    out.push(' ');
                }
                (Some(_), _) => {}
                (None, c) => out.push(c),
            }
        }
        out
    }

    /// The English words of `ENGLISH` in `text` (outside placeholders and code).
    pub fn english_words(text: &str) -> Vec<String> {
        prose(text)
            .split(|c: char| !c.is_ascii_alphabetic() && c != '\'')
            .map(|w| w.trim_matches('\'').to_ascii_lowercase())
            .filter(|w| ENGLISH.contains(&w.as_str()) || w.ends_with("'s"))
            .collect()
    }

    pub fn has_greek(text: &str) -> bool {
        text.chars().any(|c| ('\u{0370}'..='\u{03ff}').contains(&c) || ('\u{1f00}'..='\u{1fff}').contains(&c))
    }

    /// Every text of `all` (a `texts!` list) has a Greek version in Greek
    /// words, both name the same arguments, and no name is used twice.
    pub fn check_texts(all: &[(&str, &str, &str)]) {
        for (name, en, el) in all {
            assert!(!en.is_empty() && !el.is_empty(), "{name}");
            assert!(!has_greek(en), "{name}: Greek in the English: {en}");
            assert!(has_greek(&prose(el)), "{name}: no Greek letters: {el}");
            assert_eq!(english_words(el), Vec::<String>::new(), "{name}: {el}");
        }
        same_arguments(all);
        let mut names: Vec<&str> = all.iter().map(|t| t.0).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
    }

    #[test]
    fn every_text_has_a_greek_version_in_greek_words() {
        assert!(ALL.len() > 150, "{}", ALL.len());
        check_texts(ALL);
    }

    fn same_arguments(all: &[(&str, &str, &str)]) {
        let args = |t: &str| {
            let mut v: Vec<String> = t
                .split('{')
                .skip(1)
                .filter_map(|s| s.split_once('}'))
                .map(|(a, _)| a.split(':').next().unwrap().to_string())
                .collect();
            v.sort();
            v
        };
        for (name, en, el) in all {
            assert_eq!(args(en), args(el), "{name}");
        }
    }

    #[test]
    fn the_help_fits_in_80_columns() {
        for lang in [Lang::En, Lang::El] {
            let help = [
                help_intro(lang),
                help_intro_portes(lang),
                help_pin(lang),
                help_bar_hit(lang),
                help_ladder(lang),
                help(lang),
            ];
            for text in help.into_iter().chain([replay_help(lang)]) {
                for line in text.lines() {
                    assert!(line.chars().count() <= 80, "{line}");
                }
            }
        }
        // Every Greek alias of a command is listed in the Greek help.
        let h = help(Lang::El);
        for alias in ["κινήσεις", "υπόδειξη", "τελευταία", "αξιολόγηση", "αναίρεση", "επαναφορά", "ταμπλό", "κωδικός"]
        {
            assert!(h.contains(alias), "{alias}");
        }
        for alias in ["αποθήκευση", "παραίτηση", "έξοδος", "βοήθεια", "ναι"] {
            assert!(h.contains(alias), "{alias}");
        }
    }

    #[test]
    fn words_made_of_parts() {
        assert_eq!(colour(Lang::El, Color::White), "Άσπρα");
        assert_eq!(genitive(Lang::El, Color::Black), "Μαύρων");
        assert_eq!(letter(Lang::En, Color::Black), "B");
        assert_eq!(points(Lang::El, 1), "1 πόντο");
        assert_eq!(points(Lang::El, 2), "2 πόντους");
        assert_eq!(ordinal(Lang::El, 3), "3η");
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(|n| ordinal(Lang::En, n)).join(" "),
            "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th"
        );
        assert_eq!(number(Lang::El, "-0.125".into()), "-0,125");
        assert_eq!(level_name(Lang::En, "expert"), "expert");
        for l in tavli_engine::LEVELS {
            assert!(has_greek(&level_name(Lang::El, l.name)), "{}", l.name);
        }
        assert_eq!(level_name(Lang::El, "external:x"), "external:x");
        for yes in ["y", "YES", "ν", "ναι", "Ναι", "ΝΑΙ", "ναί"] {
            assert!(is_yes(yes), "{yes}");
        }
        for no in ["n", "no", "ο", "όχι", "", "maybe"] {
            assert!(!is_yes(no), "{no}");
        }
    }

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn the_language_comes_from_lc_all_then_lc_messages_then_lang() {
        assert_eq!(Lang::from_locale(env(&[])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[("LANG", "el_GR.UTF-8")])), Lang::El);
        assert_eq!(Lang::from_locale(env(&[("LANG", "el")])), Lang::El);
        assert_eq!(Lang::from_locale(env(&[("LANG", "en_US.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[("LANG", "C.UTF-8")])), Lang::En);
        // The first set decides, even when it is not Greek.
        assert_eq!(Lang::from_locale(env(&[("LC_ALL", "C"), ("LANG", "el_GR.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[("LC_ALL", "el_GR.UTF-8"), ("LANG", "en_GB.UTF-8")])), Lang::El);
        assert_eq!(Lang::from_locale(env(&[("LC_MESSAGES", "el_CY.UTF-8"), ("LANG", "en_GB")])), Lang::El);
        assert_eq!(Lang::from_locale(env(&[("LC_MESSAGES", "en_GB"), ("LANG", "el_GR")])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[("LC_ALL", "el_GR"), ("LC_MESSAGES", "en_GB")])), Lang::El);
        // An empty variable counts as not set.
        assert_eq!(Lang::from_locale(env(&[("LC_ALL", ""), ("LC_MESSAGES", ""), ("LANG", "el_GR.UTF-8")])), Lang::El);
        // `--lang` wins over the environment.
        assert_eq!(Lang::choose(Some(Lang::El)), Lang::El);
        assert_eq!(Lang::choose(Some(Lang::En)), Lang::En);
    }
}
