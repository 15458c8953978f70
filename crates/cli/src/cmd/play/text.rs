//! Every sentence and label that `play` and `replay` print, in English,
//! Greek and Bulgarian side by side: one function per text, taking the
//! [`Lang`] first. The words only a match played online says (`play
//! --join`) are in `online_text`, made the same way.
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
//! The Bulgarian is the web page's (crates/web/assets/js/text.js,
//! reasons.js): a checker is a "пул", a point a "поле", a die a "зар", a
//! roll a "хвърляне", a doublet a "чифт", a point held a "капия", pinning
//! "затапвам" (a pinned checker is "затапен"), the mother "майката", the
//! bar "барът", bearing off "събиране", home the "къща", a double win a
//! "марс", a draw "реми"; pips are "пипа", so that "точки" only ever means
//! points scored. A play, and a turn, are a "ход"; where a single move of a
//! checker must be told from the whole play it is a "преместване". The
//! sides are "Белите" and "Черните" (plural verbs; "на белите" in a
//! possessive, lower case as on the page); the person playing the computer
//! is spoken to in the singular ("играеш"). Numbers take a decimal comma,
//! as in Greek.
//!
//! Commands are typed as the English words (`hint`, `undo`), which the Greek
//! and Bulgarian texts quote in backticks; [`super::input::parse`] takes
//! Greek and Bulgarian aliases too.

use tavli_core::Color;

/// The language of the messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Greek (Ελληνικά).
    El,
    /// Bulgarian (Български).
    Bg,
}

impl Lang {
    /// The language the environment asks for: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty decides; Greek if
    /// it starts with `el` (`el_GR.UTF-8`), Bulgarian if with `bg`
    /// (`bg_BG.UTF-8`), else English.
    pub fn from_env() -> Lang {
        Lang::from_locale(|name| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned()))
    }

    /// [`Lang::from_env`] with the variables read through `var`.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        let chosen = ["LC_ALL", "LC_MESSAGES", "LANG"].into_iter().find_map(|name| var(name).filter(|v| !v.is_empty()));
        match chosen {
            Some(v) if v.starts_with("el") => Lang::El,
            Some(v) if v.starts_with("bg") => Lang::Bg,
            _ => Lang::En,
        }
    }

    /// `--lang` if given, else the environment's.
    pub fn choose(flag: Option<Lang>) -> Lang {
        flag.unwrap_or_else(Lang::from_env)
    }
}

/// Defines one function per text, `name(lang, args…) -> String`, from an
/// English, a Greek and a Bulgarian format string (the arguments named
/// inside them), and `ALL`: every text's name and its three format
/// strings, for the tests.
macro_rules! texts {
    ($($(#[doc = $doc:literal])* $name:ident($($arg:ident: $ty:ty),*) = $en:literal, $el:literal, $bg:literal;)*) => {
        $(
            $(#[doc = $doc])*
            // A text names each of its parts: some have many.
            #[allow(clippy::too_many_arguments)]
            pub fn $name(lang: Lang, $($arg: $ty),*) -> String {
                match lang {
                    Lang::En => format!($en),
                    Lang::El => format!($el),
                    Lang::Bg => format!($bg),
                }
            }
        )*

        /// Every text: its name, its English, Greek and Bulgarian format strings.
        #[cfg(test)]
        pub const ALL: &[(&str, &str, &str, &str)] = &[$((stringify!($name), $en, $el, $bg)),*];
    };
}
// Other commands' texts (`review`) are made the same way.
pub(crate) use texts;

texts! {
    // ----- sides and players -----

    white() = "White", "Άσπρα", "Белите";
    black() = "Black", "Μαύρα", "Черните";
    /// The colour word in a possessive: English adds `'s` after the colour
    /// itself; Greek has the genitive (`της μάνας των Άσπρων`).
    white_genitive() = "White", "Άσπρων", "белите";
    black_genitive() = "Black", "Μαύρων", "черните";
    /// The letters beside the checker symbols.
    white_letter() = "W", "Α", "Б";
    black_letter() = "B", "Μ", "Ч";
    /// The person's side named on the board when they play the computer.
    you_name(colour: &str) = "{colour} (you)", "{colour} (εσύ)", "{colour} (ти)";

    // ----- the session -----

    saving(path: &str) =
        "Saving every move to {path}",
        "Κάθε κίνηση αποθηκεύεται στο {path}",
        "Всеки ход се записва в {path}";
    resuming(game: usize, turn: usize) =
        "Resuming game {game} at turn {turn}.", "Συνεχίζεται η παρτίδα {game} από τη ζαριά {turn}.",
        "Продължава партия {game} от ход {turn}.";
    end_of_input() = "\nEnd of input. ", "\nΤέλος εισόδου. ", "\nКрай на входа. ";
    interrupted() = "\nInterrupted. ", "\nΔιακοπή. ", "\nПрекъсване. ";
    saved_continue(path: &str) =
        "Saved to {path}. Continue with: tavli play --resume {path}",
        "Αποθηκεύτηκε στο {path}. Συνέχεια με: tavli play --resume {path}",
        "Записано в {path}. Продължи с: tavli play --resume {path}";
    line_not_shown() =
        "(a line too long to show)",
        "(γραμμή πολύ μεγάλη για να φανεί)",
        "(ред, твърде дълъг, за да се покаже)";
    line_too_long(max: usize) =
        "That line is too long (over {max} characters); it was ignored.",
        "Η γραμμή είναι πολύ μεγάλη (πάνω από {max} χαρακτήρες)· αγνοήθηκε.",
        "Този ред е твърде дълъг (над {max} знака); пропуснат е.";
    enter_your_play() =
        "Enter your play (like 24/18 13/7), or `?` for the legal plays, `help` for commands.",
        "Γράψε την κίνησή σου (π.χ. 24/18 13/7), ή `?` για τις νόμιμες κινήσεις, `help` για τις εντολές.",
        "Въведи хода си (напр. 24/18 13/7), или `?` за позволените ходове, `help` за командите.";
    turn_not_complete(left: &str) =
        "The turn is not complete: dice left {left}. Enter a move or `undo`.",
        "Η ζαριά δεν παίχτηκε ολόκληρη: μένουν τα ζάρια {left}. Γράψε μια κίνηση ή `undo`.",
        "Ходът не е изигран докрай: остават заровете {left}. Въведи преместване или `undo`.";
    not_played(why: &str) = "Not played: {why}", "Δεν παίχτηκε: {why}", "Не е изиграно: {why}";
    took_back(moved: &str) = "Took back {moved}.", "Πήρες πίσω την κίνηση {moved}.", "Върна преместването {moved}.";
    nothing_to_undo() = "Nothing to undo.", "Δεν υπάρχει τίποτα για αναίρεση.", "Няма какво да се отмени.";
    saved_anyway(path: &str) =
        "Saved to {path} (every play is saved anyway).",
        "Αποθηκεύτηκε στο {path} (κάθε κίνηση αποθηκεύεται έτσι κι αλλιώς).",
        "Записано в {path} (всеки ход се записва и без това).";
    saved_later_one(moves: &str) =
        "The record holds whole plays: {moves} of this turn is saved once you finish the turn.",
        "Η καταγραφή κρατά ολόκληρες κινήσεις: η κίνηση {moves} αυτής της ζαριάς θα αποθηκευτεί μόλις \
         τελειώσεις τη ζαριά.",
        "Записът пази цели ходове: преместването {moves} от този ход ще се запише, щом довършиш хода.";
    saved_later_many(moves: &str) =
        "The record holds whole plays: {moves} of this turn are saved once you finish the turn.",
        "Η καταγραφή κρατά ολόκληρες κινήσεις: οι κινήσεις {moves} αυτής της ζαριάς θα αποθηκευτούν μόλις \
         τελειώσεις τη ζαριά.",
        "Записът пази цели ходове: преместванията {moves} от този ход ще се запишат, щом довършиш хода.";
    not_resigned() =
        "Not resigned; play on.",
        "Δεν παραιτήθηκες· συνέχισε το παιχνίδι.",
        "Не се предаде; играта продължава.";
    unknown_command(what: &str) =
        "`{what}` is not a play or a command: enter a play like 24/18 13/7, or `help`.",
        "Το `{what}` δεν είναι ούτε κίνηση ούτε εντολή: γράψε μια κίνηση όπως 24/18 13/7, ή `help`.",
        "`{what}` не е нито ход, нито команда: въведи ход като 24/18 13/7, или `help`.";
    prompt_confirm(name: &str, dice: &str, play: &str) =
        "{name} {dice}: play {play}? Enter to confirm, or undo > ",
        "{name} {dice}: να παιχτεί η {play}; Enter για επιβεβαίωση, ή undo > ",
        "{name} {dice}: да се изиграе ли {play}? Enter за потвърждение, или undo > ";
    legal_plays_one(dice: &str) = "1 legal play with {dice}:", "1 νόμιμη κίνηση με {dice}:", "1 позволен ход с {dice}:";
    legal_plays_many(n: usize, dice: &str) =
        "{n} legal plays with {dice}:",
        "{n} νόμιμες κινήσεις με {dice}:",
        "{n} позволени хода с {dice}:";
    and_more_plays(n: usize) =
        "… and {n} more. Enter a single move (like 24/18) and `?` lists what can follow.",
        "… και {n} ακόμα. Γράψε μία κίνηση πουλιού (π.χ. 24/18) και το `?` δείχνει τι μπορεί να ακολουθήσει.",
        "… и още {n}. Въведи едно преместване на пул (напр. 24/18) и `?` ще покаже какво може да последва.";
    no_more_moves() =
        "No more moves: press Enter to play, or `undo`.",
        "Καμία άλλη κίνηση: πάτα Enter για να παίξεις, ή `undo`.",
        "Няма повече премествания: натисни Enter, за да изиграеш хода, или `undo`.";
    next_moves(moves: &str) = "Next moves: {moves}", "Επόμενες κινήσεις: {moves}", "Следващи премествания: {moves}";
    or_enter_to_play(play: &str) =
        "Or press Enter to play {play}.",
        "Ή πάτα Enter για να παίξεις {play}.",
        "Или натисни Enter, за да изиграеш {play}.";
    engine_rolls(name: &str, dice: &str) =
        "{name} rolls {dice} and plays ",
        "Τα {name} φέρνουν {dice} και παίζουν ",
        "{name} хвърлят {dice} и играят ";
    resign_prompt_one(name: &str) =
        "Resign this game and give {name} 1 point? (yes/no) > ",
        "Παραιτείσαι από την παρτίδα και δίνεις 1 πόντο στα {name}; (ναι/όχι) > ",
        "Да се предадеш ли в тази партия и да дадеш 1 точка на {name}? (да/не) > ";
    resign_prompt_single_or_double(name: &str) =
        "Resign a single game (1 point to {name}) or a double game (2 points)? (1/2/no) > ",
        "Παραιτείσαι με μονό (1 πόντος στα {name}) ή με διπλό (2 πόντοι); (1/2/όχι) > ",
        "Да се предадеш ли с единична игра (1 точка за {name}) или с двойна (2 точки)? (1/2/не) > ";
    resign_prompt_up_to(name: &str, due: u8) =
        "Resign this game: how many points to give {name}, 1 to {due}? (a number, or no) > ",
        "Παραιτείσαι από την παρτίδα: πόσους πόντους δίνεις στα {name}, από 1 ως {due}; (αριθμός, ή όχι) > ",
        "Предаваш ли се в тази партия: колко точки даваш на {name}, от 1 до {due}? (число, или не) > ";
    offer_to_person(offerer: &str, pts: &str, other: &str) =
        "{offerer} offers to resign, giving {pts}. {other}, do you accept? (yes/no) > ",
        "Τα {offerer} προτείνουν να παραιτηθούν δίνοντας {pts}. Τα {other} δέχονται; (ναι/όχι) > ",
        "{offerer} предлагат да се предадат, като дадат {pts}. {other}, приемате ли? (да/не) > ";
    offer_accepted(name: &str) =
        "{name} accepts.",
        "Τα {name} δέχονται.",
        "{name} приемат.";
    offer_declined(name: &str, pts: &str) =
        "{name} declines {pts}: play on.",
        "Τα {name} δεν δέχονται {pts}· το παιχνίδι συνεχίζεται.",
        "{name} не приемат {pts}; играта продължава.";
    unsaved_one(moves: &str) =
        "The move {moves} of this turn is not saved; you will play the whole turn again.",
        "Η κίνηση {moves} αυτής της ζαριάς δεν αποθηκεύτηκε· θα παίξεις ξανά όλη τη ζαριά.",
        "Преместването {moves} от този ход не е записано; ще изиграеш целия ход отново.";
    unsaved_many(moves: &str) =
        "The moves {moves} of this turn are not saved; you will play the whole turn again.",
        "Οι κινήσεις {moves} αυτής της ζαριάς δεν αποθηκεύτηκαν· θα παίξεις ξανά όλη τη ζαριά.",
        "Преместванията {moves} от този ход не са записани; ще изиграеш целия ход отново.";
    position_id(id: &str, when: &str, side: &str, dice: &str) =
        "Position ID {id}{when}: {side} to play {dice}.\n`tavli hint {id} {dice}` ranks its plays;\n\
         `tavli play --position {id}` plays a game from it.",
        "Κωδικός θέσης {id}{when}: παίζουν τα {side} {dice}.\nΤο `tavli hint {id} {dice}` κατατάσσει τις \
         κινήσεις της·\nτο `tavli play --position {id}` ξεκινά μια παρτίδα από αυτήν.",
        "Код на позицията {id}{when}: на ход са {side} с {dice}.\n`tavli hint {id} {dice}` подрежда възможните \
         ходове;\n`tavli play --position {id}` започва партия от нея.";
    position_id_mid_turn() =
        " (the position at the start of this turn)",
        " (η θέση στην αρχή αυτής της ζαριάς)",
        " (позицията в началото на този ход)";
    game_head(n: usize) = "Game {n}", "Παρτίδα {n}", "Партия {n}";
    game_head_match(n: usize, to: u32) =
        "Game {n} of the match to {to}",
        "Παρτίδα {n} του αγώνα στους {to}",
        "Партия {n} от мача до {to}";
    next_game_opening() =
        "The next game starts with an opening roll.",
        "Η επόμενη παρτίδα ξεκινά με πρώτη ζαριά.",
        "Следващата партия започва с първо хвърляне.";
    /// Between games: the next one starts when the person is ready.
    press_enter_for_game(n: usize, game: &str) =
        "Game {n}, {game}, is next: press Enter to begin, or type quit",
        "Ακολουθεί η παρτίδα {n}, {game}: πάτα Enter για να ξεκινήσει, ή γράψε quit",
        "Следва партия {n}, {game}: натисни Enter, за да започне, или напиши quit";
    record_saved(path: &str) =
        "The record is saved in {path}; watch it again with `tavli replay {path}`, or have the engine go \
         through your plays with `tavli review {path}`.",
        "Η καταγραφή αποθηκεύτηκε στο {path}· δες την ξανά με `tavli replay {path}` ή βάλε τη μηχανή να \
         κρίνει τις κινήσεις σου με `tavli review {path}`.",
        "Записът е запазен в {path}; виж го отново с `tavli replay {path}` или остави компютъра да прецени ходовете \
         ти с `tavli review {path}`.";
    record_player(side: &str, name: &str, why: &str) =
        "the record's {side} player `{name}`: {why}", "ο παίκτης των {side} στην καταγραφή, `{name}`: {why}",
        "играчът на {side} в записа, `{name}`: {why}";
    unknown_level(name: &str, levels: &str) =
        "unknown level `{name}`; the levels are: {levels}", "άγνωστο επίπεδο `{name}`· τα επίπεδα είναι: {levels}",
        "непознато ниво `{name}`; нивата са: {levels}";
    match_is_over(file: &str, winner: &str, a: u32, b: u32) =
        "the match in {file} is over ({winner} won {a}-{b}); watch it with `tavli replay {file}`",
        "ο αγώνας στο {file} έχει τελειώσει (τα {winner} κέρδισαν {a}-{b})· δες τον με `tavli replay {file}`",
        "мачът в {file} е свършил ({winner} спечелиха {a}-{b}); виж го с `tavli replay {file}`";
    bad_position(why: &str) = "bad --position: {why}", "λάθος --position: {why}", "грешна позиция в --position: {why}";

    // ----- hints and ratings -----

    no_hint(why: &str) = "No hint: {why}", "Καμία υπόδειξη: {why}", "Няма подсказка: {why}";
    hint_head(dice: &str, after: &str, ply: u8, whom: &str) =
        "The engine's choice for {dice}{after}, searched {ply}-ply (equity and chances for {whom}):",
        "Η επιλογή του υπολογιστή για {dice}{after}, με αναζήτηση σε βάθος {ply} (αξία και πιθανότητες για {whom}):",
        "Изборът на компютъра за {dice}{after}, с търсене на дълбочина {ply} (очаквани точки и шансове за {whom}):";
    hint_head_match(dice: &str, after: &str, ply: u8, mine: u32, theirs: u32, to: u32, whom: &str) =
        "The engine's choice for {dice}{after}, searched {ply}-ply, ranked by the chance to win the match \
         (match) at {mine}-{theirs} in a match to {to} (equity and chances for {whom}):",
        "Η επιλογή του υπολογιστή για {dice}{after}, με αναζήτηση σε βάθος {ply}, κατά την πιθανότητα νίκης \
         στον αγώνα (αγώνας) με σκορ {mine}-{theirs} σε αγώνα στους {to} (αξία και πιθανότητες για {whom}):",
        "Изборът на компютъра за {dice}{after}, с търсене на дълбочина {ply}, подреден по шанса за победа в мача \
         (мач) при {mine}-{theirs} в мач до {to} (очаквани точки и шансове за {whom}):";
    hint_after(moves: &str) = " after {moves}", " μετά το {moves}", " след {moves}";
    /// Whom a hint's chances are for: the person spoken to.
    hint_for_you() = "you", "σένα", "теб";
    /// Whom a hint's chances are for: a side by its colour.
    hint_for_side(colour: &str) = "{colour}", "τα {colour}", "{colour}";
    column_play() = "play", "κίνηση", "ход";
    column_equity() = "equity", "αξία", "точки";
    /// The chance to win the match, beside the equity in a match.
    column_match() = "match", "αγώνας", "мач";
    column_win() = "win", "νίκη", "победа";
    column_win_double() = "win double", "διπλό υπέρ", "марс";
    column_lose_double() = "lose double", "διπλό κατά", "губи с марс";
    ply_note(ply: u8) = "  ({ply}-ply)", "  (βάθος {ply})", "  (дълбочина {ply})";
    loss(x: &str) = "loss {x}", "χάνει {x}", "губи {x}";
    more_plays_one() = "  … and 1 more play.", "  … και 1 ακόμα κίνηση.", "  … и още 1 ход.";
    more_plays_many(n: usize) = "  … and {n} more plays.", "  … και {n} ακόμα κινήσεις.", "  … и още {n} хода.";
    so_far_best_one(moves: &str, best: &str) =
        "Your move so far, {moves}, is the start of the best play, {best}.",
        "Η κίνησή σου ως εδώ, {moves}, είναι η αρχή της καλύτερης κίνησης, {best}.",
        "Преместването ти досега, {moves}, е началото на най-добрия ход, {best}.";
    so_far_best_many(moves: &str, best: &str) =
        "Your moves so far, {moves}, are the start of the best play, {best}.",
        "Οι κινήσεις σου ως εδώ, {moves}, είναι η αρχή της καλύτερης κίνησης, {best}.",
        "Преместванията ти досега, {moves}, са началото на най-добрия ход, {best}.";
    so_far_loses_one(moves: &str, x: &str, best: &str) =
        "Your move so far, {moves}, loses {x} against the best play, {best}.",
        "Η κίνησή σου ως εδώ, {moves}, χάνει {x} σε σχέση με την καλύτερη κίνηση, {best}.",
        "Преместването ти досега, {moves}, губи {x} спрямо най-добрия ход, {best}.";
    so_far_loses_many(moves: &str, x: &str, best: &str) =
        "Your moves so far, {moves}, lose {x} against the best play, {best}.",
        "Οι κινήσεις σου ως εδώ, {moves}, χάνουν {x} σε σχέση με την καλύτερη κίνηση, {best}.",
        "Преместванията ти досега, {moves}, губят {x} спрямо най-добрия ход, {best}.";
    not_played_yet() =
        "You have not played yet in this match.",
        "Δεν έχεις παίξει ακόμα σε αυτόν τον αγώνα.",
        "Още не си играл в този мач.";
    in_game(n: usize) = " (in game {n})", " (στην παρτίδα {n})", " (в партия {n})";
    last_not_legal(earlier: &str, play: &str) =
        "Your last play{earlier}, {play}, is not a legal play: a bug.",
        "Η τελευταία σου κίνηση{earlier}, {play}, δεν είναι νόμιμη: σφάλμα του προγράμματος.",
        "Последният ти ход{earlier}, {play}, не е позволен ход: грешка в програмата.";
    last_roll_passed(earlier: &str, dice: &str) =
        "Your last roll{earlier}, {dice}, had no legal move.",
        "Η τελευταία σου ζαριά{earlier}, {dice}, ήταν γκέλα: καμία νόμιμη κίνηση.",
        "Последното ти хвърляне{earlier}, {dice}, нямаше позволен ход: пас.";
    cannot_rate() =
        "That play cannot be rated (the game was over).",
        "Αυτή η κίνηση δεν αξιολογείται (η παρτίδα είχε τελειώσει).",
        "Този ход не може да се оцени (партията беше свършила).";
    rating_only(earlier: &str, play: &str, dice: &str) =
        "Your last play{earlier}, {play} ({dice}), was the only legal play.",
        "Η τελευταία σου κίνηση{earlier}, {play} ({dice}), ήταν η μόνη νόμιμη κίνηση.",
        "Последният ти ход{earlier}, {play} ({dice}), беше единственият позволен ход.";
    rating_best(earlier: &str, play: &str, dice: &str, of: usize, tie: &str, depth: &str) =
        "Your last play{earlier}, {play} ({dice}), was the best of {of} plays{tie} ({depth}).",
        "Η τελευταία σου κίνηση{earlier}, {play} ({dice}), ήταν η καλύτερη από {of} κινήσεις{tie} ({depth}).",
        "Последният ти ход{earlier}, {play} ({dice}), беше най-добрият от {of} хода{tie} ({depth}).";
    rating_worse(earlier: &str, play: &str, dice: &str, rank: &str, of: usize, x: &str, best: &str, depth: &str) =
        "Your last play{earlier}, {play} ({dice}), was {rank} of {of} plays: loss {x} against the best, {best} \
         ({depth}).",
        "Η τελευταία σου κίνηση{earlier}, {play} ({dice}), ήταν {rank} από {of} κινήσεις: χάνει {x} από την \
         καλύτερη, {best} ({depth}).",
        "Последният ти ход{earlier}, {play} ({dice}), беше {rank} от {of} хода: губи {x} спрямо най-добрия, {best} \
         ({depth}).";
    rating_tie(best: &str) = ", as good as {best}", ", ισάξια με την {best}", ", равен на {best}";
    rating_depth(ply: u8) = "searched {ply}-ply", "αναζήτηση σε βάθος {ply}", "търсене на дълбочина {ply}";
    rating_depth_match(ply: u8) =
        "searched {ply}-ply, by the chance to win the match",
        "αναζήτηση σε βάθος {ply}, κατά την πιθανότητα νίκης στον αγώνα",
        "търсене на дълбочина {ply}, по шанса за победа в мача";
    rating_as_good() = "as good as the best", "ισάξια με την καλύτερη", "равен на най-добрия";
    rating_nth(ordinal: &str) = "the {ordinal} best", "η {ordinal} καλύτερη", "на {ordinal} място";

    // ----- announcements (see `announce`) -----

    plays_you(play: &str) = "You play {play}.", "Παίζεις {play}.", "Играеш {play}.";
    plays_named(name: &str, play: &str) = "{name} plays {play}.", "Τα {name} παίζουν {play}.", "{name} играят {play}.";
    passes_you(dice: &str) =
        "You roll {dice}: no legal move, the turn passes.",
        "Φέρνεις {dice}: γκέλα, καμία νόμιμη κίνηση· η σειρά περνά.",
        "Хвърляш {dice}: няма позволен ход, пас.";
    passes_named(name: &str, dice: &str) =
        "{name} rolls {dice}: no legal move, the turn passes.",
        "Τα {name} φέρνουν {dice}: γκέλα, καμία νόμιμη κίνηση· η σειρά περνά.",
        "{name} хвърлят {dice}: няма позволен ход, пас.";
    played_you(play: &str) = "You played {play}", "Έπαιξες {play}", "Изигра {play}";
    played_named(name: &str, play: &str) = "{name} played {play}", "Τα {name} έπαιξαν {play}", "{name} изиграха {play}";
    /// After a play written in its mover's numbering, the same play in
    /// the reader's, as the board labels the points.
    on_your_board(play: &str) = "your {play}", "στη δική σου αρίθμηση {play}", "по твоята номерация {play}";
    passed_you(dice: &str) =
        "You rolled {dice}: no legal move",
        "Έφερες {dice}: γκέλα",
        "Хвърли {dice}: няма позволен ход";
    passed_named(name: &str, dice: &str) =
        "{name} rolled {dice}: no legal move",
        "Τα {name} έφεραν {dice}: γκέλα",
        "{name} хвърлиха {dice}: няма позволен ход";
    won_last_you() =
        "You won the last game and start.",
        "Κέρδισες την προηγούμενη παρτίδα και ξεκινάς.",
        "Ти спечели предната партия и започваш.";
    won_last_named(name: &str) =
        "{name} won the last game and starts.", "Τα {name} κέρδισαν την προηγούμενη παρτίδα και ξεκινούν.",
        "{name} спечелиха предната партия и започват.";
    wins_match_you(a: u32, b: u32) =
        "You win the match {a}-{b}.",
        "Κερδίζεις τον αγώνα {a}-{b}.",
        "Печелиш мача {a}-{b}.";
    wins_match_named(name: &str, a: u32, b: u32) =
        "{name} wins the match {a}-{b}.", "Τα {name} κερδίζουν τον αγώνα {a}-{b}.",
        "{name} печелят мача {a}-{b}.";
    score(white: &str, black: &str, to: u32) =
        "Score: {white}, {black} (match to {to}).", "Σκορ: {white}, {black} (αγώνας στους {to}).",
        "Резултат: {white}, {black} (мач до {to}).";
    score_you(colour: &str, n: u32) = "you ({colour}) {n}", "εσύ ({colour}) {n}", "ти ({colour}) {n}";
    starts_from_you(id: &str) =
        "The game starts from position {id}; you play first.", "Η παρτίδα ξεκινά από τη θέση {id}· ξεκινάς εσύ.",
        "Партията започва от позиция {id}; започваш ти.";
    starts_from_named(id: &str, name: &str) =
        "The game starts from position {id}; {name} plays first.",
        "Η παρτίδα ξεκινά από τη θέση {id}· ξεκινούν τα {name}.",
        "Партията започва от позиция {id}; започват {name}.";
    opening(white: &str, black: &str, verdict: &str) =
        "Opening roll: {white}, {black}: {verdict}", "Πρώτη ζαριά: {white}, {black}: {verdict}",
        "Първо хвърляне: {white}, {black}: {verdict}";
    opening_roll_you(n: u8) = "you roll {n}", "φέρνεις {n}", "хвърляш {n}";
    opening_roll_named(name: &str, n: u8) = "{name} rolls {n}", "τα {name} φέρνουν {n}", "{name} хвърлят {n}";
    opening_equal() = "equal, roll again.", "ισοπαλία, ξαναρίχνουν.", "равни, хвърлят отново.";
    opening_equal_you() = "equal, roll again.", "ισοπαλία, ξαναρίχνετε.", "равни, хвърляте отново.";
    opening_starts_you() = "you start.", "ξεκινάς εσύ.", "започваш ти.";
    opening_starts_named(name: &str) = "{name} starts.", "ξεκινούν τα {name}.", "започват {name}.";
    mother_pinned_by_you() =
        "You have pinned the computer's mother: you win as soon as your last checker leaves your starting point, \
         unless it pins your mother first (a draw).",
        "Πλάκωσες τη μάνα του υπολογιστή: κερδίζεις μόλις φύγει το τελευταίο σου πούλι από την αφετηρία σου, \
         εκτός αν πλακώσει πρώτα εκείνος τη δική σου μάνα (ισοπαλία).",
        "Затапи майката на компютъра: печелиш, щом последният ти пул напусне началното ти поле, освен ако той първи \
         не затапи твоята майка (реми).";
    mother_pinned_by_computer() =
        "The computer has pinned your mother: it wins as soon as its last checker leaves its starting point, \
         unless you pin its mother first (a draw).",
        "Ο υπολογιστής πλάκωσε τη μάνα σου: κερδίζει μόλις φύγει το τελευταίο του πούλι από την αφετηρία του, \
         εκτός αν πλακώσεις πρώτα εσύ τη δική του μάνα (ισοπαλία).",
        "Компютърът затапи майката ти: печели, щом последният му пул напусне началното му поле, освен ако ти първи не \
         затапиш неговата майка (реми).";
    mother_pinned_named(pinner: &str, of_pinned: &str, pinner_colour: &str, pinned_colour: &str, of_pinner: &str) =
        "{pinner} has pinned {of_pinned} mother: {pinner_colour} wins as soon as its last checker leaves its \
         starting point, unless {pinned_colour} pins {of_pinner} mother first (a draw).",
        "Τα {pinner} πλάκωσαν τη μάνα των {of_pinned}: τα {pinner_colour} κερδίζουν μόλις φύγει το τελευταίο τους \
         πούλι από την αφετηρία τους, εκτός αν τα {pinned_colour} πλακώσουν πρώτα τη μάνα των {of_pinner} (ισοπαλία).",
        "{pinner} затапиха майката на {of_pinned}: {pinner_colour} печелят, щом последният им пул напусне началното \
         им поле, освен ако {pinned_colour} първи не затапят майката на {of_pinner} (реми).";
    mother_freed_you() =
        "Your mother is free again.",
        "Η μάνα σου είναι πάλι ελεύθερη.",
        "Майката ти отново е свободна.";
    mother_freed_computer() =
        "The computer's mother is free again.",
        "Η μάνα του υπολογιστή είναι πάλι ελεύθερη.",
        "Майката на компютъра отново е свободна.";
    mother_freed_named(of: &str) =
        "{of} mother is free again.",
        "Η μάνα των {of} είναι πάλι ελεύθερη.",
        "Майката на {of} отново е свободна.";
    /// A mother pinned where the mother is played out (Mahbusa's rule).
    mother_played_out(of: &str) =
        "{of} mother is pinned: in this game the mother is played out, so the game goes on, and that side cannot \
         bear off while the pin holds (both mothers pinned is a draw).",
        "Η μάνα των {of} πλακώθηκε: σε αυτή την παρτίδα η μάνα παίζεται ως το τέλος, η παρτίδα συνεχίζεται και δεν \
         μαζεύουν όσο μένει πλακωμένη (αν πλακωθούν και οι δύο μάνες, ισοπαλία).",
        "Майката на {of} е затапена: в тази партия майката се играе докрай, така че партията продължава, а тази \
         страна не може да събира, докато тапата стои (ако и двете майки са затапени, е реми).";
    points_one() = "1 point", "1 πόντο", "1 точка";
    points_many(n: u8) = "{n} points", "{n} πόντους", "{n} точки";
    draw() =
        "Both mothers are pinned: the game is a draw, no points.",
        "Πλακώθηκαν και οι δύο μάνες: η παρτίδα είναι ισοπαλία, κανένας πόντος.",
        "И двете майки са затапени: партията е реми, без точки.";
    mother_win_you(pts: &str) =
        "You have pinned the computer's mother and your starting point is empty: you win {pts}.",
        "Πλάκωσες τη μάνα του υπολογιστή και άδειασε η αφετηρία σου: κερδίζεις {pts} (διπλό).",
        "Затапи майката на компютъра и началното ти поле е празно: печелиш {pts} (марс).";
    mother_win_computer(name: &str, pts: &str) =
        "The computer has pinned your mother and its starting point is empty: {name} wins {pts}.",
        "Ο υπολογιστής πλάκωσε τη μάνα σου και άδειασε η αφετηρία του: τα {name} κερδίζουν {pts} (διπλό).",
        "Компютърът затапи майката ти и началното му поле е празно: {name} печелят {pts} (марс).";
    mother_win_named(of_loser: &str, of_winner: &str, name: &str, pts: &str) =
        "{of_loser} mother is pinned and {of_winner} starting point is empty: {name} wins {pts}.",
        "Η μάνα των {of_loser} είναι πλακωμένη και άδειασε η αφετηρία των {of_winner}: τα {name} κερδίζουν {pts} \
         (διπλό).",
        "Майката на {of_loser} е затапена и началното поле на {of_winner} е празно: {name} печелят {pts} (марс).";
    resign_you(name: &str, pts: &str) =
        "You resign: {name} wins {pts}.",
        "Παραιτείσαι: τα {name} κερδίζουν {pts}.",
        "Предаваш се: {name} печелят {pts}.";
    resign_to_you(name: &str, pts: &str) =
        "{name} resigns: you win {pts}.",
        "Τα {name} παραιτούνται: κερδίζεις {pts}.",
        "{name} се предават: печелиш {pts}.";
    resign_named(loser: &str, winner: &str, pts: &str) =
        "{loser} resigns: {winner} wins {pts}.", "Τα {loser} παραιτούνται: τα {winner} κερδίζουν {pts}.",
        "{loser} се предават: {winner} печелят {pts}.";
    bear_off_you(pts: &str, double: &str) =
        "You bear off your last checker and win {pts}{double}.",
        "Μαζεύεις το τελευταίο σου πούλι και κερδίζεις {pts}{double}.",
        "Събираш последния си пул и печелиш {pts}{double}.";
    bear_off_computer(name: &str, pts: &str, double: &str) =
        "{name} bears off its last checker and wins {pts}{double}.",
        "Τα {name} μαζεύουν το τελευταίο τους πούλι και κερδίζουν {pts}{double}.",
        "{name} събират последния си пул и печелят {pts}{double}.";
    bear_off_named(name: &str, pts: &str, double: &str) =
        "{name} bears off the last checker and wins {pts}{double}.",
        "Τα {name} μαζεύουν το τελευταίο τους πούλι και κερδίζουν {pts}{double}.",
        "{name} събират последния си пул и печелят {pts}{double}.";
    double_you() =
        " (you have borne off no checker: a double)",
        " (δεν μάζεψες κανένα πούλι: διπλό)",
        " (не си събрал нито един пул: марс)";
    double_computer() =
        " (the computer has borne off no checker: a double)", " (ο υπολογιστής δεν μάζεψε κανένα πούλι: διπλό)",
        " (компютърът не е събрал нито един пул: марс)";
    double_named(name: &str) =
        " ({name} has borne off no checker: a double)",
        " (τα {name} δεν μάζεψαν κανένα πούλι: διπλό)",
        " ({name} не са събрали нито един пул: марс)";
    wins_you(pts: &str) = "You win {pts}.", "Κερδίζεις {pts}.", "Печелиш {pts}.";
    wins_named(name: &str, pts: &str) = "{name} wins {pts}.", "Τα {name} κερδίζουν {pts}.", "{name} печелят {pts}.";

    // ----- the board (see `render`) -----

    one_game() = "one game", "μονή παρτίδα", "една партия";
    match_to(n: u32) = "match to {n}", "αγώνας στους {n}", "мач до {n}";
    board_title(game: usize, length: &str, score: &str) =
        "Game {game} · {length} · {score}",
        "Παρτίδα {game} · {length} · {score}",
        "Партия {game} · {length} · {score}";
    legend_pinned() = "(x) a pinned checker", "(x) πλακωμένο πούλι", "(x) затапен пул";
    legend_marks() = "-/+ last play: from/to", "-/+ τελευταία: από/προς", "-/+ последен ход: от/до";
    game_over() = "game over", "τέλος παρτίδας", "край на партията";
    to_play(who: &str, dice: &str) = "{who} to play {dice}", "{who} παίζουν {dice}", "{who} играят {dice}";
    to_play_left(who: &str, dice: &str, left: &str) =
        "{who} to play {dice} ({left} left)",
        "{who} παίζουν {dice} (μένουν {left})",
        "{who} играят {dice} (остават {left})";
    all_dice_used(who: &str, dice: &str) =
        "{who} {dice}: all dice used",
        "{who} {dice}: παίχτηκαν όλα τα ζάρια",
        "{who} {dice}: всички зарове са изиграни";
    on_roll(who: &str) = "{who} on roll", "{who} έχουν σειρά", "{who} са на ход";
    pips(pips: u32, off: u8) = "pips {pips}, off {off}", "βήματα {pips}, μαζεμένα {off}", "пипа {pips}, събрани {off}";

    // ----- replay -----

    seed_shown(seed: &str) = "seed {seed}", "σπόρος {seed}", "начално число {seed}";
    seed_hidden_sha(start: &str) =
        "seed hidden until the match ends (SHA-256 {start}…)",
        "ο σπόρος μένει κρυφός ως το τέλος του αγώνα (SHA-256 {start}…)",
        "началното число е скрито до края на мача (SHA-256 {start}…)";
    seed_hidden() =
        "seed hidden until the match ends",
        "ο σπόρος μένει κρυφός ως το τέλος του αγώνα",
        "началното число е скрито до края на мача";
    dice_written_down() =
        "dice written down (a game played elsewhere)", "ζάρια καταγραμμένα (παρτίδα που παίχτηκε αλλού)",
        "записани зарове (партия, играна другаде)";
    position_id_line(id: &str) = "Position ID {id}", "Κωδικός θέσης {id}", "Код на позицията {id}";
    replay_starts_from(id: &str, name: &str) =
        "The game starts from position {id}; {name} to play.", "Η παρτίδα ξεκινά από τη θέση {id}· παίζουν τα {name}.",
        "Партията започва от позиция {id}; на ход са {name}.";
    replay_pass(turn: usize, name: &str, dice: &str) =
        "Turn {turn}: {name} rolls {dice}: no legal move, the turn passes.",
        "Ζαριά {turn}: τα {name} φέρνουν {dice}: γκέλα, η σειρά περνά.",
        "Ход {turn}: {name} хвърлят {dice}: няма позволен ход, пас.";
    replay_play(turn: usize, name: &str, dice: &str, play: &str) =
        "Turn {turn}: {name} rolls {dice} and plays {play}",
        "Ζαριά {turn}: τα {name} φέρνουν {dice} και παίζουν {play}",
        "Ход {turn}: {name} хвърлят {dice} и играят {play}";
    replay_pending(name: &str, dice: &str) =
        "{name} rolled {dice} and is to play: the record stops here.",
        "Τα {name} έφεραν {dice} και είναι να παίξουν: η καταγραφή σταματά εδώ.",
        "{name} хвърлиха {dice} и са на ход: записът спира тук.";
    replay_goes_on() =
        "The game goes on: the record stops here.",
        "Η παρτίδα συνεχίζεται: η καταγραφή σταματά εδώ.",
        "Партията продължава: записът спира тук.";
    replay_place_start(game: usize) = "Game {game}, start", "Παρτίδα {game}, αρχή", "Партия {game}, начало";
    replay_place_turn(game: usize, turn: usize, turns: usize) =
        "Game {game}, turn {turn} of {turns}", "Παρτίδα {game}, ζαριά {turn} από {turns}",
        "Партия {game}, ход {turn} от {turns}";
    replay_enter_quit() = "Enter: quit (the end)", "Enter: έξοδος (τέλος)", "Enter: изход (край)";
    replay_enter_next() = "Enter: next", "Enter: επόμενη", "Enter: напред";
    replay_prompt(place: &str, next: &str) =
        "{place} · {next}, b: back, help, q > ",
        "{place} · {next}, b: πίσω, help, q > ",
        "{place} · {next}, b: назад, help, q > ";
    replay_at_start() =
        "This is the start of the record.",
        "Αυτή είναι η αρχή της καταγραφής.",
        "Това е началото на записа.";
    replay_no_turn(game: usize, turns: usize) =
        "Game {game} has turns 1 to {turns} (t 0: its start).",
        "Η παρτίδα {game} έχει ζαριές 1 έως {turns} (t 0: η αρχή της).",
        "Партия {game} има ходове от 1 до {turns} (t 0: началото на партията).";
    replay_no_game(games: usize) =
        "The record has games 1 to {games}.",
        "Η καταγραφή έχει παρτίδες 1 έως {games}.",
        "Записът има партии от 1 до {games}.";
    replay_unknown(what: &str) =
        "`{what}` is not a replay command; `help` lists them.",
        "Το `{what}` δεν είναι εντολή αναπαραγωγής· το `help` τις δείχνει.",
        "`{what}` не е команда за преглед; `help` ги показва.";
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
Και στα ελληνικά: επόμενη, πίσω, ζαριά N, παρτίδα N, τέλος, βοήθεια, έξοδος.",
        "\
Команди за преглед:
  Enter, n     следващият ход             b, back   предишният ход
  t N          ход N от тази партия (t 0: началото ѝ)
  g N          началото на партия N       end       последният ход
  help         този текст                 q, quit   изход
И на български: напред, назад, ход N, партия N, край, помощ, изход.";
}

/// A side's colour word: `White`, `Άσπρα`, `Белите`.
pub fn colour(lang: Lang, side: Color) -> String {
    match side {
        Color::White => white(lang),
        Color::Black => black(lang),
    }
}

/// A side's colour word as a possessive takes it: `White` (followed by
/// `'s`), `Άσπρων`, `белите` (after `на`).
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

/// The engine's levels in Bulgarian, as the web page names them.
const LEVELS_BG: &[(&str, &str)] = &[
    ("random", "случаен"),
    ("beginner", "начинаещ"),
    ("heuristic", "евристичен"),
    ("casual", "любител"),
    ("advanced", "напреднал"),
    ("expert", "експерт"),
    ("master", "майстор"),
];

/// A computer level as shown beside its side's colour: `expert`,
/// `έμπειρος`, `експерт` (a level without a name in the language keeps its
/// own).
pub fn level_name(lang: Lang, level: &str) -> String {
    let names = match lang {
        Lang::En => return level.to_string(),
        Lang::El => LEVELS_EL,
        Lang::Bg => LEVELS_BG,
    };
    names.iter().find(|(en, _)| *en == level).map_or(level, |(_, name)| name).to_string()
}

/// `1 point`, `2 points`; `1 πόντο`, `2 πόντους`; `1 точка`, `2 точки`
/// (what a win scores).
pub fn points(lang: Lang, n: u8) -> String {
    if n == 1 { points_one(lang) } else { points_many(lang, n) }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`; Greek `1η`, `2η`;
/// Bulgarian, of `място` (neuter) as the page writes it, `1-во`, `2-ро`,
/// `3-то`, `5-о`, `7-мо`, `11-о`, `21-во`, `100-но`.
pub fn ordinal(lang: Lang, n: usize) -> String {
    let suffix = match lang {
        Lang::El => "η",
        Lang::Bg => match (n % 10, n % 100) {
            (_, 11..=19) => "-о",
            (0, 0) if n > 0 => "-но",
            (1, _) => "-во",
            (2, _) => "-ро",
            (3 | 4, _) => "-то",
            (7 | 8, _) => "-мо",
            _ => "-о",
        },
        Lang::En => match (n % 10, n % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        },
    };
    format!("{n}{suffix}")
}

/// A number as the language writes it: Greek and Bulgarian take a
/// decimal comma.
pub fn number(lang: Lang, text: String) -> String {
    match lang {
        Lang::En => text,
        Lang::El | Lang::Bg => text.replace('.', ","),
    }
}

/// An answer to how many points to resign for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Resign for these points.
    Points(u8),
    /// Do not resign.
    No,
    /// Neither: ask again.
    Unclear,
}

/// Reads the answer to a resignation prompt where the rules give `due`
/// points: a yes gives them all; a number from 1 to `due` that many; the
/// words for a single or a double game 1 or 2 (up to `due`); anything
/// else but an empty line or a number out of range is a no.
pub fn resignation_answer(answer: &str, due: u8) -> Answer {
    let word = unaccented(&answer.trim().to_lowercase());
    let points = match word.as_str() {
        "" => return Answer::Unclear,
        "single" | "s" | "μονο" | "μονη" | "единична" => 1,
        "double" | "d" | "διπλο" | "διπλη" | "двойна" => 2,
        w if is_yes(w) => due,
        w => match w.parse::<u8>() {
            Ok(n) => n,
            Err(_) if w.chars().all(|c| c.is_ascii_digit()) => return Answer::Unclear,
            Err(_) => return Answer::No,
        },
    };
    if (1..=due).contains(&points) { Answer::Points(points) } else { Answer::Unclear }
}

/// Is `answer` a yes (to resigning)? `y`, `yes`, `ν`, `ναι`, `д`, `да` in
/// any of the languages, any case, with or without the accent.
pub fn is_yes(answer: &str) -> bool {
    matches!(unaccented(&answer.to_lowercase()).as_str(), "y" | "yes" | "ν" | "ναι" | "д" | "да")
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

    #[test]
    fn a_resignation_is_answered_by_points_words_or_no() {
        for (answer, due, read) in [
            ("1", 2, Answer::Points(1)),
            ("2", 2, Answer::Points(2)),
            ("yes", 2, Answer::Points(2)),
            ("ναι", 1, Answer::Points(1)),
            ("Single", 2, Answer::Points(1)),
            ("διπλό", 2, Answer::Points(2)),
            ("единична", 2, Answer::Points(1)),
            ("7", 15, Answer::Points(7)),
            ("no", 2, Answer::No),
            ("όχι", 2, Answer::No),
            ("3", 2, Answer::Unclear),
            ("0", 2, Answer::Unclear),
            ("double", 1, Answer::Unclear),
            ("", 2, Answer::Unclear),
            ("999", 2, Answer::Unclear),
        ] {
            assert_eq!(resignation_answer(answer, due), read, "{answer:?} with {due} due");
        }
    }

    /// English words that must never appear in a Greek or Bulgarian text.
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

    pub fn has_cyrillic(text: &str) -> bool {
        text.chars().any(|c| ('\u{0400}'..='\u{04ff}').contains(&c))
    }

    /// Every text of `all` (a `texts!` list) has a Greek version in Greek
    /// words and a Bulgarian one in Cyrillic, neither with an English word
    /// nor the other's letters; a Bulgarian text is the English only where
    /// that is pure notation (no words outside its placeholders and code).
    /// All three name the same arguments, and no name is used twice.
    pub fn check_texts(all: &[(&str, &str, &str, &str)]) {
        for (name, en, el, bg) in all {
            assert!(!en.is_empty() && !el.is_empty() && !bg.is_empty(), "{name}");
            assert!(!has_greek(en) && !has_cyrillic(en), "{name}: not English: {en}");
            assert!(has_greek(&prose(el)), "{name}: no Greek letters: {el}");
            assert!(!has_cyrillic(el), "{name}: Cyrillic in the Greek: {el}");
            assert_eq!(english_words(el), Vec::<String>::new(), "{name}: {el}");
            assert!(!has_greek(bg), "{name}: Greek in the Bulgarian: {bg}");
            assert_eq!(english_words(bg), Vec::<String>::new(), "{name}: {bg}");
            if prose(en).chars().any(char::is_alphabetic) {
                assert!(has_cyrillic(&prose(bg)), "{name}: no Cyrillic letters: {bg}");
                assert_ne!(bg, en, "{name}");
            }
        }
        same_arguments(all);
        let mut names: Vec<&str> = all.iter().map(|t| t.0).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
    }

    #[test]
    fn every_text_has_greek_and_bulgarian_versions_in_their_own_words() {
        assert!(ALL.len() > 150, "{}", ALL.len());
        check_texts(ALL);
    }

    /// A text whose Bulgarian is left English, or is missing an argument,
    /// is caught.
    #[test]
    #[should_panic(expected = "no_args")]
    fn a_text_without_its_arguments_is_caught() {
        check_texts(&[("no_args", "Game {n}", "Παρτίδα {n}", "Партия")]);
    }

    #[test]
    #[should_panic(expected = "left_english")]
    fn a_text_left_in_english_is_caught() {
        check_texts(&[("left_english", "Game {n}", "Παρτίδα {n}", "Game {n}")]);
    }

    fn same_arguments(all: &[(&str, &str, &str, &str)]) {
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
        for (name, en, el, bg) in all {
            assert_eq!(args(en), args(el), "{name}");
            assert_eq!(args(en), args(bg), "{name}");
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
        for no in ["n", "no", "ο", "όχι", "", "maybe", "не", "н"] {
            assert!(!is_yes(no), "{no}");
        }
    }

    #[test]
    fn bulgarian_words_made_of_parts() {
        assert_eq!(colour(Lang::Bg, Color::White), "Белите");
        assert_eq!(genitive(Lang::Bg, Color::Black), "черните");
        assert_eq!(letter(Lang::Bg, Color::Black), "Ч");
        assert_eq!(points(Lang::Bg, 1), "1 точка");
        assert_eq!(points(Lang::Bg, 2), "2 точки");
        assert_eq!(
            [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 17, 20, 21, 22, 23, 27, 100, 101, 111, 200]
                .map(|n| ordinal(Lang::Bg, n))
                .join(" "),
            "1-во 2-ро 3-то 4-то 5-о 6-о 7-мо 8-мо 9-о 10-о 11-о 12-о 17-о 20-о 21-во 22-ро 23-то 27-мо 100-но \
             101-во 111-о 200-но"
        );
        assert_eq!(number(Lang::Bg, "-0.125".into()), "-0,125");
        for l in tavli_engine::LEVELS {
            assert!(has_cyrillic(&level_name(Lang::Bg, l.name)), "{}", l.name);
        }
        assert_eq!(level_name(Lang::Bg, "expert"), "експерт");
        assert_eq!(level_name(Lang::Bg, "external:x"), "external:x");
        for yes in ["да", "Да", "ДА", "д"] {
            assert!(is_yes(yes), "{yes}");
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
        // Bulgarian as Greek.
        assert_eq!(Lang::from_locale(env(&[("LANG", "bg_BG.UTF-8")])), Lang::Bg);
        assert_eq!(Lang::from_locale(env(&[("LANG", "bg")])), Lang::Bg);
        assert_eq!(Lang::from_locale(env(&[("LC_ALL", "C"), ("LANG", "bg_BG.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[("LC_MESSAGES", "bg_BG.UTF-8"), ("LANG", "el_GR")])), Lang::Bg);
        assert_eq!(Lang::from_locale(env(&[("LC_ALL", ""), ("LANG", "bg_BG.UTF-8")])), Lang::Bg);
        // `--lang` wins over the environment.
        assert_eq!(Lang::choose(Some(Lang::Bg)), Lang::Bg);
        assert_eq!(Lang::choose(Some(Lang::El)), Lang::El);
        assert_eq!(Lang::choose(Some(Lang::En)), Lang::En);
    }
}
