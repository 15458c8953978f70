//! Every sentence and label `tavli review` prints, in English, Greek and
//! Bulgarian side by side, made as `play`'s are (`play::text`, whose header
//! gives the terms): one function per text, taking the [`Lang`] first. A
//! play is a "κίνηση" (feminine: its marks are "αμφίβολη", "κακή"); a roll
//! played, a "ζαριά"; a rollout, "δοκιμαστικές παρτίδες". In Bulgarian a
//! play is a "ход" (masculine: "съмнителен", "лош", as on the page's
//! review), the error rate "грешки", a rollout "пробни партии".

use crate::cmd::play::text::{Lang, texts};

texts! {
    // ----- the report -----

    head(ply: u8, unit: &str) =
        "Review at {ply}-ply; losses and luck in {unit}.",
        "Ανάλυση σε βάθος {ply}· απώλειες και τύχη σε {unit}.",
        "Анализ на дълбочина {ply}; загуби и късмет в {unit}.";
    head_rollout(ply: u8, n: u64, unit: &str) =
        "Review at {ply}-ply, the doubted plays judged by rollouts of {n} trials; losses and luck in {unit}.",
        "Ανάλυση σε βάθος {ply}, οι αμφίβολες κινήσεις κρίθηκαν με {n} δοκιμαστικές παρτίδες η καθεμία· \
         απώλειες και τύχη σε {unit}.",
        "Анализ на дълбочина {ply}, съмнителните ходове преценени с по {n} пробни партии всеки; загуби и късмет в \
         {unit}.";
    unit_points() = "points", "πόντους", "точки";
    unit_match() =
        "points (match-winning chance at the score)", "πόντους (πιθανότητα νίκης στον αγώνα, με το σκορ)",
        "точки (шанс за победа в мача при този резултат)";
    game(n: usize, white: u32, black: u32) =
        "Game {n} (score {white}-{black})",
        "Παρτίδα {n} (σκορ {white}-{black})",
        "Партия {n} (резултат {white}-{black})";
    game_named(n: usize, name: &str, white: u32, black: u32) =
        "Game {n}: {name} (score {white}-{black})", "Παρτίδα {n}: {name} (σκορ {white}-{black})",
        "Партия {n}: {name} (резултат {white}-{black})";
    /// A side's figures in one game, or over the games of one kind.
    figures(side: &str, rate: &str, rating: &str, luck: &str) =
        "{side}: error rate {rate} ({rating}), luck {luck}",
        "{side}: ρυθμός λαθών {rate} ({rating}), τύχη {luck}",
        "{side}: грешки {rate} ({rating}), късмет {luck}";
    by_game_head() = "By game:", "Ανά παιχνίδι:", "По игри:";
    kind_one(name: &str) = "{name}, 1 game:", "{name}, 1 παρτίδα:", "{name}, 1 партия:";
    kind_many(name: &str, games: usize) =
        "{name}, {games} games:",
        "{name}, {games} παρτίδες:",
        "{name}, {games} партии:";
    best(best: &str, x: &str) =
        "  best {best} (loses {x})",
        "  καλύτερη {best} (χάνει {x})",
        "  най-добър {best} (губи {x})";
    forced() = "  (forced)", "  (αναγκαστική)", "  (принуден)";
    luck(x: &str) = "luck {x}", "τύχη {x}", "късмет {x}";
    doubtful() = "?! doubtful", "?! αμφίβολη", "?! съмнителен";
    bad() = "? bad", "? κακή", "? лош";
    very_bad() = "?? very bad", "?? πολύ κακή", "?? много лош";
    /// A resignation judged: what it gave, what it lost against playing on.
    resigned(side: &str, points: &str, x: &str, worth: &str) =
        "       {side} resigns, giving {points}: loses {x} against playing on ({worth})",
        "       Τα {side} παραιτούνται και δίνουν {points}: χάνουν {x} σε σχέση με τη συνέχιση ({worth})",
        "       {side} се предават и дават {points}: губят {x} спрямо продължаване на играта ({worth})";
    worth(equity: &str) = "equity {equity}", "αξία {equity}", "очаквани точки {equity}";
    worth_match(equity: &str, chance: &str) =
        "equity {equity}, match-winning chance {chance}",
        "αξία {equity}, πιθανότητα νίκης στον αγώνα {chance}",
        "очаквани точки {equity}, шанс за победа в мача {chance}";
    column_plays() = "plays", "κινήσεις", "ходове";
    column_unforced() = "unforced", "με επιλογή", "с избор";
    column_lost() = "lost", "απώλεια", "загуба";
    column_error_rate() = "error rate", "ρυθμός λαθών", "грешки";
    column_rating() = "rating", "επίπεδο", "ниво";
    column_marked() = "marked", "σημάδια", "отбелязани";
    column_luck() = "luck", "τύχη", "късмет";
    column_adjusted() = "adjusted", "διορθωμένο", "без късмет";
    column_result() = "result", "αποτέλεσμα", "резултат";
    column_match_lost() = "match lost", "χαμένος αγώνας", "изпуснат мач";
    footnote() =
        "(marked: doubtful/bad/very bad; error rate in thousandths of a point per unforced decision, \
         resignations included; result: points won less points lost; adjusted: the result less the player's own \
         luck plus the opponent's)",
        "(σημάδια: αμφίβολες/κακές/πολύ κακές· ρυθμός λαθών σε χιλιοστά του πόντου ανά απόφαση με επιλογή, \
         μαζί με τις παραιτήσεις· αποτέλεσμα: πόντοι που κέρδισε μείον πόντοι που έχασε· διορθωμένο: το \
         αποτέλεσμα μείον τη δική του τύχη συν την τύχη του αντιπάλου)",
        "(отбелязани: съмнителни/лоши/много лоши; грешки: хилядни от точката на решение с избор, с предаванията; \
         резултат: спечелените точки минус загубените; без късмет: резултатът минус собственият късмет плюс \
         късмета на противника)";
    footnote_match() =
        "\n(match lost: the chance to win the match the player's plays gave away, in all)",
        "\n(χαμένος αγώνας: η πιθανότητα νίκης στον αγώνα που έδωσαν οι κινήσεις του παίκτη, συνολικά)",
        "\n(изпуснат мач: шансът за победа в мача, изпуснат с ходовете на играча, общо)";

    // ----- gnubg's rating bands -----

    supernatural() = "Supernatural", "Υπερφυσικός", "Свръхестествено";
    world_class() = "World class", "Παγκόσμιας κλάσης", "Световна класа";
    expert() = "Expert", "Έμπειρος", "Експерт";
    advanced() = "Advanced", "Προχωρημένος", "Напреднал";
    intermediate() = "Intermediate", "Μέτριος", "Среден";
    casual() = "Casual player", "Ερασιτέχνης", "Любител";
    beginner() = "Beginner", "Αρχάριος", "Начинаещ";
    awful() = "Awful!", "Απαίσιος!", "Ужасно!";

    // ----- on standard error, as the review goes -----

    progress_turns() = "turns", "ζαριές", "хода";
    progress_rolled_out() = "turns rolled out", "ζαριές σε δοκιμαστικές παρτίδες", "хода в пробни партии";
    reviewed(turns: usize, ply: u8, secs: &str) =
        "tavli: {turns} turns reviewed at {ply}-ply in {secs} s",
        "tavli: {turns} ζαριές αναλύθηκαν σε βάθος {ply} σε {secs} δευτ.",
        "tavli: {turns} хода анализирани на дълбочина {ply} за {secs} с";
    rolled_out(n: usize, trials: u64, secs: &str, early: &str) =
        "tavli: {n} doubted plays rolled out ({trials} trials each) in {secs} s{early}",
        "tavli: {n} αμφίβολες κινήσεις κρίθηκαν με {trials} δοκιμαστικές παρτίδες η καθεμία σε {secs} δευτ.{early}",
        "tavli: {n} съмнителни хода преценени с по {trials} пробни партии всеки за {secs} с{early}";
    stopped_early() =
        ", stopped early: the rest as the search judged",
        ", διακόπηκε νωρίς: οι υπόλοιπες όπως τις έκρινε η αναζήτηση",
        ", спряно рано: останалите както ги прецени търсенето";
    graph_in(path: &str) =
        "tavli: the graph is in {path}",
        "tavli: το γράφημα είναι στο {path}",
        "tavli: графиката е в {path}";
    nothing_to_review(file: &str) =
        "{file}: no turn has been played yet: nothing to review",
        "{file}: δεν έχει παιχτεί ακόμα καμία ζαριά· τίποτα για ανάλυση",
        "{file}: още не е изигран нито един ход; няма какво да се анализира";
}

/// gnubg's rating band (`tavli_engine::review::rating`'s name) in `lang`.
pub fn rating(lang: Lang, band: &str) -> String {
    let word = match band {
        "Supernatural" => supernatural,
        "World class" => world_class,
        "Expert" => expert,
        "Advanced" => advanced,
        "Intermediate" => intermediate,
        "Casual player" => casual,
        "Beginner" => beginner,
        "Awful!" => awful,
        _ => return band.to_string(),
    };
    word(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::text::tests::check_texts;

    #[test]
    fn every_text_has_greek_and_bulgarian_versions_in_their_own_words() {
        check_texts(ALL);
    }

    #[test]
    fn every_rating_band_has_its_words() {
        for e in [0.001, 0.003, 0.006, 0.01, 0.015, 0.02, 0.03, 0.1] {
            let band = tavli_engine::review::rating(e);
            assert_eq!(rating(Lang::En, band), band);
            assert_ne!(rating(Lang::El, band), band, "{band}");
            assert_ne!(rating(Lang::Bg, band), band, "{band}");
        }
    }
}
