//! The texts of a Tavli match at the terminal, English, Greek and
//! Bulgarian side by side as in [`super::text`]: the games' names, the
//! rotation, Portes's bar, Fevga's shared direction, and what the computer
//! plays each game with. The Greek names are TAVLI.md's (Πόρτες, Πλακωτό,
//! Φεύγα); the bar is the "μπάρα". The Bulgarian names are the web page's
//! ([`GameKind::bulgarian_title`]: Табла, Гюлбара, Тапа); the bar is the
//! "бар", a doublet's ladder a "стълба" of "стъпала".

use tavli_core::tavli::{GameKind, MatchGames};

use super::text::{self, Lang, texts};

/// The name of a game in `lang`.
pub fn game_name(lang: Lang, kind: GameKind) -> &'static str {
    match lang {
        Lang::En => kind.title(),
        Lang::El => kind.greek_title(),
        Lang::Bg => kind.bulgarian_title(),
    }
}

/// A game's heading in a match not of Plakoto alone (Plakoto's matches
/// keep theirs): `Game 2: Plakoto · Tavli match to 5`, `Game 3: Tapa ·
/// Tabla match to 5`, `Game 1: Fevga · one game`.
pub fn game_head(lang: Lang, n: usize, kind: GameKind, games: MatchGames, target: u32) -> String {
    let length = match games {
        MatchGames::Tavli => tavli_match_to(lang, target),
        MatchGames::Tabla => tabla_match_to(lang, target),
        MatchGames::Only(_) if target == 1 => text::one_game(lang),
        MatchGames::Only(_) => text::match_to(lang, target),
    };
    kind_game_head(lang, n, game_name(lang, kind), &length)
}

texts! {
    /// The game being played and the one to come, in the board's title.
    game_and_next(game: &str, next: &str) = "{game}, then {next}", "{game}, μετά {next}", "{game}, после {next}";
    /// A game's heading in a match that is not of Plakoto alone: its
    /// number, its game and the match (`Tavli match to 5`, `match to 3`).
    kind_game_head(n: usize, game: &str, length: &str) =
        "Game {n}: {game} · {length}",
        "Παρτίδα {n}: {game} · {length}",
        "Партия {n}: {game} · {length}";
    /// A Tavli match's length.
    tavli_match_to(target: u32) = "Tavli match to {target}", "αγώνας τάβλι στους {target}", "мач Тавли до {target}";
    /// A Tabla match's length.
    tabla_match_to(target: u32) = "Tabla match to {target}", "αγώνας τάμπλα στους {target}", "мач Табла до {target}";
    /// The games of a Tavli match, said when it begins.
    tavli_rotation() =
        "A Tavli match: Portes, Plakoto, Fevga, and round again until a side has the points.",
        "Αγώνας τάβλι: Πόρτες, Πλακωτό, Φεύγα, και πάλι από την αρχή ώσπου κάποιος να φτάσει τους πόντους.",
        "Мач Тавли: Портес, Плакото, Февга и пак отначало, докато някоя страна събере точките.";
    /// The games of a Tabla match, said when it begins.
    tabla_rotation() =
        "A Tabla match: Tabla, Gul bara, Tapa, and round again until a side has the points.",
        "Αγώνας τάμπλα: Τάμπλα, Γκιουλ μπαρά, Τάπα, και πάλι από την αρχή ώσπου κάποιος να φτάσει τους πόντους.",
        "Мач Табла: Табла, Гюлбара, Тапа и пак отначало, докато някоя страна събере точките.";
    /// After a drawn game the rotation goes on to the next game (Fevga
    /// after Plakoto, Tabla after Tapa).
    after_draw_rotates(next: &str) =
        "The rotation goes on to {next}; the one-die roll decides who starts.",
        "Συνεχίζουμε με {next}· η ζαριά με ένα ζάρι ο καθένας αποφασίζει ποιος αρχίζει.",
        "Редът продължава с {next}; хвърляне с по един зар решава кой започва.";
    /// Portes's legend: the column between the halves is the bar.
    legend_bar() =
        "the middle column is the bar: hit checkers enter first (`bar/22`)",
        "η μεσαία στήλη είναι η μπάρα: τα χτυπημένα μπαίνουν πρώτα (`bar/22`)",
        "средната колона е барът: ударените пулове влизат първи (`bar/22`)";
    /// Fevga's legend under the arrows (Gul bara's too).
    legend_fevga(them: &str) =
        "arrows: both sides go round the same way; {them} starts on your 12",
        "βέλη: ίδια φορά και για τους δύο· τα {them} ξεκινούν από το 12 σου",
        "стрелки: двете страни вървят в една посока; {them} започват от твоето поле 12";
    /// Gul bara's roll counter: from the game's 4th roll a doublet ladders.
    roll_counter(roll: u16) =
        "next roll: the game's roll {roll}; doublets ladder from roll 4",
        "επόμενη ζαριά: η ζαριά {roll} της παρτίδας· οι διπλές γίνονται σκάλα από τη ζαριά 4",
        "следва хвърляне {roll} в партията; от хвърляне 4 чифтовете стават стълба";
    /// Gul bara: the rest of the side's own ladder, played before it rolls again.
    pending_ladder(who: &str, dice: &str) =
        "{who} plays on up the ladder: {dice}",
        "τα {who} συνεχίζουν τη σκάλα: {dice}",
        "{who} продължават нагоре по стълбата: {dice}";
    /// Gul bara: the engine plays dice still to play without a throw (its
    /// ladder's next stages, or dice handed over), then its play follows.
    engine_plays_pending(name: &str, dice: &str) =
        "{name} plays on without a throw ({dice}): ",
        "Τα {name} παίζουν χωρίς ζαριά ({dice}): ",
        "{name} играят без хвърляне ({dice}): ";
    /// Gul bara: dice handed over by the opponent's stalled ladder.
    pending_handed(who: &str, dice: &str) =
        "{who} plays the dice handed over before rolling: {dice}",
        "τα {who} παίζουν πρώτα τα ζάρια που τους έδωσε ο αντίπαλος: {dice}",
        "{who} първо изиграват предадените зарове, после хвърлят: {dice}";
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::cmd::play::text::tests::{check_texts, has_cyrillic, has_greek};

    #[test]
    fn every_text_has_greek_and_bulgarian_and_the_same_arguments() {
        check_texts(ALL);
        for kind in GameKind::EVERY {
            assert!(has_greek(game_name(Lang::El, kind)));
            assert!(has_cyrillic(game_name(Lang::Bg, kind)));
        }
    }

    /// The Tabla match's three games by the names a Bulgarian player
    /// knows them by, as the page writes them.
    #[test]
    fn the_tabla_match_in_bulgarian() {
        assert_eq!(
            game_head(Lang::Bg, 2, GameKind::GulBara, MatchGames::Tabla, 5),
            "Партия 2: Гюлбара · мач Табла до 5"
        );
        assert_eq!(
            tabla_rotation(Lang::Bg),
            "Мач Табла: Табла, Гюлбара, Тапа и пак отначало, докато някоя страна събере точките."
        );
        assert_eq!(
            game_head(Lang::Bg, 1, GameKind::Fevga, MatchGames::Only(GameKind::Fevga), 1),
            "Партия 1: Февга · една партия"
        );
    }
}
