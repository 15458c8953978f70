//! The texts of a match played online at the terminal (`play --join`,
//! [`super::online`]), English and Greek side by side as in
//! [`super::text`], whose header gives the Greek terms: taking a seat,
//! waiting for the other player, the server lost and found again, and the
//! dice checked once the match is over. What a local game says too (a
//! play refused, a move taken back) is [`super::text`]'s.

use super::text::{Lang, texts};

texts! {
    online_joined(side: &str) =
        "You took the seat of {side}; it is kept on this computer, so the same command brings you back.",
        "Πήρες τη θέση των {side}· φυλάγεται σε αυτόν τον υπολογιστή, οπότε η ίδια εντολή σε φέρνει πίσω.";
    online_seat_again(side: &str) = "Back in your seat: you play {side}.", "Ξανά στη θέση σου: παίζεις με τα {side}.";
    online_watching() =
        "You are watching this match: only its two players can move.",
        "Παρακολουθείς αυτόν τον αγώνα: μόνο οι δύο παίκτες του κινούν πούλια.";
    online_join_refused(why: &str) = "Could not take the seat: {why}", "Δεν πήρες τη θέση: {why}";
    online_waiting(side: &str) = "Waiting for {side} to play…", "Περιμένουμε να παίξουν τα {side}…";
    online_your_turn(dice: &str) =
        "Your turn, {dice}: enter your play (like 24/18 13/7), `?` for the legal plays, `resign` or `quit` > ",
        "Σειρά σου, {dice}: γράψε την κίνησή σου (π.χ. 24/18 13/7), `?` για τις νόμιμες κινήσεις, `resign` ή `quit` > ";
    online_help() =
        "Online, enter a play (like 24/18 13/7) or its moves one at a time (24/18, then Enter when done), \
         `undo`, `?`, `resign` or `quit`.",
        "Online γράψε την κίνηση (π.χ. 24/18 13/7) ή τα πούλια ένα ένα (24/18, και Enter στο τέλος), \
         `undo`, `?`, `resign` ή `quit`.";
    /// `hint` in a match between two people.
    online_no_hints() =
        "Hints are off in a match between two people: the computer helps neither side.",
        "Δεν δίνονται υποδείξεις σε αγώνα μεταξύ δύο ανθρώπων: ο υπολογιστής δεν βοηθά καμία πλευρά.";
    online_resign_prompt() =
        "Resign this game? (yes/no) > ",
        "Παραιτείσαι από την παρτίδα; (ναι/όχι) > ";
    online_left(url: &str) =
        "Left the match; your seat is kept. Come back with: tavli play --join {url}",
        "Έφυγες από τον αγώνα· η θέση σου φυλάγεται. Επιστροφή με: tavli play --join {url}";
    online_match_over(side: &str, a: u64, b: u64) =
        "{side} wins the match {a}–{b}.", "Τα {side} κερδίζουν τον αγώνα {a}–{b}.";
    online_you_win_match(a: u64, b: u64) = "You win the match {a}–{b}.", "Κερδίζεις τον αγώνα {a}–{b}.";
    online_reconnecting(why: &str, secs: u64) =
        "Lost the server ({why}); trying again in {secs} s…",
        "Χάθηκε η σύνδεση με τον διακομιστή ({why})· νέα προσπάθεια σε {secs} δευτ.…";
    online_reconnected() = "Back in touch with the server.", "Η σύνδεση με τον διακομιστή αποκαταστάθηκε.";
    online_gave_up(url: &str) =
        "The server has not answered for 10 minutes; your seat is kept. Come back with: tavli play --join {url}",
        "Ο διακομιστής δεν απαντά εδώ και 10 λεπτά· η θέση σου φυλάγεται. Επιστροφή με: tavli play --join {url}";
    online_dice_fair(dice: u64, commitment: &str) =
        "The dice check out: all {dice} came from the server's secret (sealed from the start: {commitment}…) and both players' contributions, yours included.",
        "Τα ζάρια ελέγχθηκαν: και τα {dice} βγήκαν από το μυστικό του διακομιστή (σφραγισμένο από την αρχή: {commitment}…) και τις συνεισφορές και των δύο παικτών, και τη δική σου.";
    online_dice_checked(dice: u64, commitment: &str) =
        "The dice check out: all {dice} came from the server's secret, sealed from the start ({commitment}…), and the players' contributions.",
        "Τα ζάρια ελέγχθηκαν: και τα {dice} βγήκαν από το μυστικό του διακομιστή, σφραγισμένο από την αρχή ({commitment}…), και τις συνεισφορές των παικτών.";
    online_dice_unfair(why: &str) =
        "WARNING: the dice of this match do not check out: {why}",
        "ΠΡΟΣΟΧΗ: τα ζάρια αυτού του αγώνα δεν επαληθεύονται: {why}";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_has_greek_and_the_same_arguments() {
        crate::cmd::play::text::tests::check_texts(ALL);
    }
}
