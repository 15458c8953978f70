// Why a move or play is illegal, in the page's language. The server sends
// each reason as a stable code with its parameters (docs/INTERFACE.md,
// "Why a play is illegal"), made from the core's PlayError; the page words
// each code here, in the Greek terms the terminal uses (RULES.md, "Terms").
// Points are in the mover's numbering.

import { lang } from './text.js';

const pt = (p) => (p === 0 ? 'off' : String(p));
const dice = (d) => (Array.isArray(d) ? `${d[0]}-${d[1]}` : '');
const list = (xs) => (Array.isArray(xs) ? xs.join(', ') : '');

const WORDS = {
  en: {
    'syntax': (p) => `cannot read \`${p.token}\`: ${p.why}`,
    'game-over': () => 'the game is over; there is nothing to play',
    'must-pass': (p) => `no play is possible with ${dice(p.dice)}: the turn passes`,
    'cannot-pass': (p) => `a play is possible with ${dice(p.dice)}; you must play`,
    'no-checker': (p) => `you have no checker on point ${p.point}`,
    'too-few-checkers': (p) => `you have only ${p.have} checker${p.have === 1 ? '' : 's'} on point ${p.point}`,
    'no-point': (p) => `there is no point ${p.point}: points are 1 to 24`,
    'pinned': (p) => `your checker on point ${p.point} is pinned and cannot move`,
    'backwards': (p) => `${p.from}/${pt(p.to)} goes backwards: checkers move from higher to lower points`,
    'no-dice': (p) => (p.left?.length
      ? `${p.from}/${pt(p.to)} is ${p.pips} pip${p.pips === 1 ? '' : 's'}, which the dice left (${list(p.left)}) cannot make`
      : `${p.from}/${pt(p.to)} is ${p.pips} pip${p.pips === 1 ? '' : 's'}, which the dice left (none) cannot make`),
    'point-blocked': (p) => `point ${p.point} is blocked: the opponent holds it with two or more checkers`,
    'anchor-blocked': (p) => `point ${p.point} is blocked: the opponent's checker there pins one of yours (an anchor)`,
    'path-blocked': (p) => `${p.from}/${pt(p.to)} cannot be played: every way there lands on a blocked point (${list(p.blocked)})`,
    'not-all-home': (p) => `you may not bear off yet: your checker on point ${p.point} is outside your home board`,
    'pinned-no-bear-off': (p) => `you may not bear off while a checker of yours is pinned (on point ${p.point})`,
    'not-highest': (p) => `${p.from}/off with a ${p.die} is only allowed from your highest point, and you have a checker on ${p.highest}`,
    'after-game-end': (p) => `the game ended with the move ${p.moves}; moves after it are not played`,
    'too-many-moves': (p) => `too many moves for a roll of ${dice(p.dice)}`,
    'must-use-both': (p) => `you must use both dice: a play using both ${dice(p.dice)} exists`,
    'must-use-more': (p) => `you must play ${p.needed} moves of ${p.die}; a play using ${p.needed} exists`,
    'must-use-larger': (p) => `only one die can be played, and then it must be the larger (${p.die})`,
    'not-legal': (p) => `\`${p.play}\` is not a legal play`,
    // The page's own: a click on the opponent's checker.
    'opponents-checker': (p) => `the checker on point ${p.point} is your opponent's; you move your own`,
  },
  el: {
    'syntax': (p) => `${p.token}: δεν είναι κίνηση σε συμβολισμό`,
    'game-over': () => 'η παρτίδα τελείωσε· δεν παίζεται τίποτα',
    'must-pass': (p) => `καμία κίνηση δεν παίζεται με ${dice(p.dice)}: γκέλα, η σειρά περνά`,
    'cannot-pass': (p) => `με ${dice(p.dice)} υπάρχει κίνηση· πρέπει να παίξεις`,
    'no-checker': (p) => `δεν έχεις πούλι στη θέση ${p.point}`,
    'too-few-checkers': (p) => `έχεις μόνο ${p.have} ${p.have === 1 ? 'πούλι' : 'πούλια'} στη θέση ${p.point}`,
    'no-point': (p) => `δεν υπάρχει θέση ${p.point}: οι θέσεις είναι 1 έως 24`,
    'pinned': (p) => `το πούλι σου στη θέση ${p.point} είναι πλακωμένο και δεν κινείται`,
    'backwards': (p) => `το ${p.from}/${pt(p.to)} πάει προς τα πίσω: τα πούλια πάνε από τις μεγάλες θέσεις στις μικρές`,
    'no-dice': (p) => (p.left?.length
      ? `το ${p.from}/${pt(p.to)} είναι ${p.pips} βήματα, που δεν τα φέρνουν τα ζάρια που έμειναν (${list(p.left)})`
      : `το ${p.from}/${pt(p.to)}: δεν έμεινε ζάρι`),
    'point-blocked': (p) => `η θέση ${p.point} είναι κλειστή: ο αντίπαλος έχει εκεί πόρτα (δύο ή περισσότερα πούλια)`,
    'anchor-blocked': (p) => `η θέση ${p.point} είναι κλειστή: το πούλι του αντιπάλου εκεί πλακώνει δικό σου`,
    'path-blocked': (p) => `το ${p.from}/${pt(p.to)} δεν παίζεται: κάθε δρόμος ως εκεί πατά σε κλειστή θέση (${list(p.blocked)})`,
    'not-all-home': (p) => `δεν μπορείς να μαζέψεις ακόμα: το πούλι σου στη θέση ${p.point} είναι έξω από το σπίτι σου`,
    'pinned-no-bear-off': (p) => `δεν μπορείς να μαζέψεις όσο έχεις πλακωμένο πούλι (στη θέση ${p.point})`,
    'not-highest': (p) => `το ${p.from}/off με ${p.die} επιτρέπεται μόνο από την πιο ψηλή σου θέση, κι έχεις πούλι στη θέση ${p.highest}`,
    'after-game-end': (p) => `η παρτίδα τελείωσε με την κίνηση ${p.moves}· όσες ακολουθούν δεν παίζονται`,
    'too-many-moves': (p) => `η ζαριά ${dice(p.dice)} παίχτηκε ήδη όλη`,
    'must-use-both': (p) => `πρέπει να παίξεις και τα δύο ζάρια: υπάρχει κίνηση που παίζει ολόκληρο το ${dice(p.dice)}`,
    'must-use-more': (p) => `πρέπει να παίξεις ${p.needed} φορές το ${p.die}: υπάρχει κίνηση που τα παίζει`,
    'must-use-larger': (p) => `παίζεται μόνο ένα ζάρι, και τότε πρέπει να είναι το μεγαλύτερο (${p.die})`,
    'not-legal': (p) => `το ${p.play} δεν είναι νόμιμη κίνηση`,
    'opponents-checker': (p) => `το πούλι στη θέση ${p.point} είναι του αντιπάλου· κινείς τα δικά σου`,
  },
};

// `why`: a reason from the server ({code, params}), or { reason, message }
// as an error carries it. Worded in the page's language from its code; an
// unknown code (a newer server) falls back to the server's English message.
export function reasonText(why) {
  if (!why) return '';
  const reason = why.reason || (why.code ? why : null);
  const word = reason && WORDS[lang][reason.code];
  const s = word ? word(reason.params || {}) : String(why.message || '');
  const text = s.charAt(0).toUpperCase() + s.slice(1);
  return `${text}${/[.!?]$/.test(text) ? '' : '.'}`;
}
