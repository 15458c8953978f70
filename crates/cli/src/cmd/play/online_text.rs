//! The texts of a match played online at the terminal (`play --join`,
//! [`super::online`]), English, Greek and Bulgarian side by side as in
//! [`super::text`], whose header gives the terms: taking a seat,
//! waiting for the other player, the server lost and found again, and the
//! dice checked once the match is over. What a local game says too (a
//! play refused, a move taken back) is [`super::text`]'s.

use super::text::{Lang, texts};

texts! {
    online_joined(side: &str) =
        "You took the seat of {side}; it is kept on this computer, so the same command brings you back.",
        "Πήρες τη θέση των {side}· φυλάγεται σε αυτόν τον υπολογιστή, οπότε η ίδια εντολή σε φέρνει πίσω.",
        "Зае мястото на {side}; то се пази на този компютър, така че същата команда те връща на него.";
    online_seat_again(side: &str) =
        "Back in your seat: you play {side}.",
        "Ξανά στη θέση σου: παίζεις με τα {side}.",
        "Отново на мястото си: играеш с {side}.";
    online_watching() =
        "You are watching this match: only its two players can move.",
        "Παρακολουθείς αυτόν τον αγώνα: μόνο οι δύο παίκτες του κινούν πούλια.",
        "Гледаш този мач: само двамата му играчи местят пулове.";
    online_join_refused(why: &str) =
        "Could not take the seat: {why}",
        "Δεν πήρες τη θέση: {why}",
        "Не успя да заемеш мястото: {why}";
    online_waiting(side: &str) =
        "Waiting for {side} to play…",
        "Περιμένουμε να παίξουν τα {side}…",
        "Чакаме {side} да изиграят…";
    online_your_turn(dice: &str) =
        "Your turn, {dice}: enter your play (like 24/18 13/7), `?` for the legal plays, `resign` or `quit` > ",
        "Σειρά σου, {dice}: γράψε την κίνησή σου (π.χ. 24/18 13/7), `?` για τις νόμιμες κινήσεις, `resign` ή `quit` > ",
        "Твой ход, {dice}: въведи хода си (напр. 24/18 13/7), `?` за позволените ходове, `resign` или `quit` > ";
    online_help() =
        "Online, enter a play (like 24/18 13/7) or its moves one at a time (24/18, then Enter when done), \
         `undo`, `?`, `resign` or `quit`.",
        "Online γράψε την κίνηση (π.χ. 24/18 13/7) ή τα πούλια ένα ένα (24/18, και Enter στο τέλος), \
         `undo`, `?`, `resign` ή `quit`.",
        "Онлайн въведи ход (напр. 24/18 13/7) или преместванията едно по едно (24/18, накрая Enter), `undo`, `?`, \
         `resign` или `quit`.";
    /// `hint` in a match between two people.
    online_no_hints() =
        "Hints are off in a match between two people: the computer helps neither side.",
        "Δεν δίνονται υποδείξεις σε αγώνα μεταξύ δύο ανθρώπων: ο υπολογιστής δεν βοηθά καμία πλευρά.",
        "В мач между двама души няма подсказки: компютърът не помага на никоя страна.";
    online_resign_prompt() =
        "Resign this game? (yes/no) > ",
        "Παραιτείσαι από την παρτίδα; (ναι/όχι) > ",
        "Да се предадеш ли в тази партия? (да/не) > ";
    online_offer_to_you(side: &str) =
        "{side} offers to resign a single game (1 point). Accept? (yes/no) > ",
        "Τα {side} προτείνουν παραίτηση με μονό (1 πόντος). Δέχεσαι; (ναι/όχι) > ",
        "{side} предлагат да се предадат с единична игра (1 точка). Приемаш ли? (да/не) > ";
    online_offer_waiting(other: &str) =
        "You offered a single game (1 point): waiting for {other}'s answer.",
        "Πρότεινες μονό (1 πόντος): περιμένεις την απάντηση των {other}.",
        "Предложи единична игра (1 точка): чакаш отговора на {other}.";
    online_left(url: &str) =
        "Left the match; your seat is kept. Come back with: tavli play --join {url}",
        "Έφυγες από τον αγώνα· η θέση σου φυλάγεται. Επιστροφή με: tavli play --join {url}",
        "Излезе от мача; мястото ти се пази. Върни се с: tavli play --join {url}";
    online_match_over(side: &str, a: u64, b: u64) =
        "{side} wins the match {a}–{b}.", "Τα {side} κερδίζουν τον αγώνα {a}–{b}.",
        "{side} печелят мача {a}–{b}.";
    online_you_win_match(a: u64, b: u64) =
        "You win the match {a}–{b}.",
        "Κερδίζεις τον αγώνα {a}–{b}.",
        "Печелиш мача {a}–{b}.";
    online_reconnecting(why: &str, secs: u64) =
        "Lost the server ({why}); trying again in {secs} s…",
        "Χάθηκε η σύνδεση με τον διακομιστή ({why})· νέα προσπάθεια σε {secs} δευτ.…",
        "Връзката със сървъра прекъсна ({why}); нов опит след {secs} с…";
    online_reconnected() =
        "Back in touch with the server.",
        "Η σύνδεση με τον διακομιστή αποκαταστάθηκε.",
        "Връзката със сървъра е възстановена.";
    online_gave_up(url: &str) =
        "The server has not answered for 10 minutes; your seat is kept. Come back with: tavli play --join {url}",
        "Ο διακομιστής δεν απαντά εδώ και 10 λεπτά· η θέση σου φυλάγεται. Επιστροφή με: tavli play --join {url}",
        "Сървърът не отговаря от 10 минути; мястото ти се пази. Върни се с: tavli play --join {url}";
    online_dice_fair(dice: u64, commitment: &str) =
        "The dice check out: all {dice} came from the server's secret (sealed from the start: {commitment}…) and both players' contributions, yours included.",
        "Τα ζάρια ελέγχθηκαν: και τα {dice} βγήκαν από το μυστικό του διακομιστή (σφραγισμένο από την αρχή: {commitment}…) και τις συνεισφορές και των δύο παικτών, και τη δική σου.",
        "Заровете са проверени: всичките {dice} идват от тайната на сървъра (запечатана от началото: {commitment}…) и \
         от дяловете на двамата играчи, включително твоя.";
    online_dice_checked(dice: u64, commitment: &str) =
        "The dice check out: all {dice} came from the server's secret, sealed from the start ({commitment}…), and the players' contributions.",
        "Τα ζάρια ελέγχθηκαν: και τα {dice} βγήκαν από το μυστικό του διακομιστή, σφραγισμένο από την αρχή ({commitment}…), και τις συνεισφορές των παικτών.",
        "Заровете са проверени: всичките {dice} идват от тайната на сървъра, запечатана от началото ({commitment}…), \
         и от дяловете на играчите.";
    online_dice_unfair(why: &str) =
        "WARNING: the dice of this match do not check out: {why}",
        "ΠΡΟΣΟΧΗ: τα ζάρια αυτού του αγώνα δεν επαληθεύονται: {why}",
        "ВНИМАНИЕ: заровете на този мач не минават проверката: {why}";
    /// Why the dice do not check out: this terminal's share is not among
    /// those the server drew them with.
    online_share_not_used() =
        "your contribution is not the one the dice were drawn with",
        "η συνεισφορά σου δεν είναι αυτή με την οποία βγήκαν τα ζάρια",
        "твоят дял не е този, с който са изтеглени заровете";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_has_greek_and_bulgarian_and_the_same_arguments() {
        crate::cmd::play::text::tests::check_texts(ALL);
    }
}
