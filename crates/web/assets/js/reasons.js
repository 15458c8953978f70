// Why a move or play is illegal, in the page's language. The server sends
// each reason as a stable code with its parameters (docs/INTERFACE.md,
// "Why a play is illegal"), made from the core's PlayError; the page words
// each code here, in the Greek terms the terminal uses (RULES.md and
// TAVLI.md, "Terms") and a Bulgarian player's (поле, пул, капия, тапа). Points are in the mover's numbering; in Portes 25 is
// the bar (`bar` in notation).

import { lang } from './text.js';

const pt = (p) => (p === 0 ? 'off' : p === 25 ? 'bar' : String(p));
const s_ = (n) => (n === 1 ? '' : 's');
const dice = (d) => (Array.isArray(d) ? `${d[0]}-${d[1]}` : '');
const list = (xs) => (Array.isArray(xs) ? xs.join(', ') : '');

const WORDS = {
  en: {
    'syntax': (p) => `cannot read \`${p.token}\`: ${p.why}`,
    'game-over': () => 'the game is over; there is nothing to play',
    'must-pass': (p) => `no play is possible with ${dice(p.dice)}: the turn passes`,
    'cannot-pass': (p) => `a play is possible with ${dice(p.dice)}; you must play`,
    'no-checker': (p) => (p.point === 25 ? 'you have no checker on the bar' : `you have no checker on point ${p.point}`),
    'too-few-checkers': (p) => `you have only ${p.have} checker${s_(p.have)} ${p.point === 25 ? 'on the bar' : `on point ${p.point}`}`,
    'no-point': (p) => `there is no point ${p.point}: points are 1 to 24`,
    'pinned': (p) => `your checker on point ${p.point} is pinned and cannot move`,
    'backwards': (p) => `${pt(p.from)}/${pt(p.to)} goes backwards: checkers move from higher to lower points`,
    'no-dice': (p) => (p.left?.length
      ? `${pt(p.from)}/${pt(p.to)} is ${p.pips} pip${s_(p.pips)}, which the dice left (${list(p.left)}) cannot make`
      : `${pt(p.from)}/${pt(p.to)} is ${p.pips} pip${s_(p.pips)}, which the dice left (none) cannot make`),
    // Two or more checkers hold a point in Plakoto and Portes, one in Fevga.
    'point-blocked': (p) => `point ${p.point} is blocked: the opponent holds it`,
    'anchor-blocked': (p) => `point ${p.point} is blocked: the opponent's checker there pins one of yours (an anchor)`,
    'path-blocked': (p) => `${pt(p.from)}/${pt(p.to)} cannot be played: every way there lands on a blocked point (${list(p.blocked)})`,
    'not-all-home': (p) => `you may not bear off yet: your checker ${p.point === 25 ? 'on the bar' : `on point ${p.point}`} is outside your home board`,
    'pinned-no-bear-off': (p) => `you may not bear off while a checker of yours is pinned (on point ${p.point})`,
    'not-highest': (p) => `${p.from}/off with a ${p.die} is only allowed from your highest point, and you have a checker on ${p.highest}`,
    'after-game-end': (p) => `the game ended with the move ${p.moves}; moves after it are not played`,
    'too-many-moves': (p) => `too many moves for a roll of ${dice(p.dice)}`,
    'must-use-both': (p) => `you must use both dice: a play using both ${dice(p.dice)} exists`,
    'must-use-more': (p) => `you must play ${p.needed} moves of ${p.die}; a play using ${p.needed} exists`,
    'must-use-larger': (p) => `only one die can be played, and then it must be the larger (${p.die})`,
    'not-legal': (p) => `\`${p.play}\` is not a legal play`,
    // Portes.
    'must-enter-first': (p) => `you have ${p.bar} checker${s_(p.bar)} on the bar: enter ${p.bar === 1 ? 'it' : 'them all'} before moving another checker`,
    'entry-blocked': (p) => `you cannot enter on point ${p.point}: the opponent holds it with two or more checkers`,
    // Fevga.
    'runner': (p) => `only your runner may move until it ${p.passing ? 'passes' : 'reaches'} your 12-point (or a checker is borne off); the checker on ${p.from} must wait`,
    'quarter-ban': (p) => `you may not hold all six points of your starting quarter (19-24)${p.landing ? ' at any landing' : ' at the end of your play'}`,
    'prime': (p) => `you may not hold six points in a row (${list(p.points)}) with no opposing checker ahead of them`,
    'unblocking-duty': (p) => `the opponent is trapped on your point ${p.trapped} behind your points ${list(p.wall)}: your play must leave one of them empty`,
    // Gul bara's ladder: stages of four moves of one number, the rest handed over.
    'stage-moves': (p) => `this stage has ${p.left} move${s_(p.left)} of ${p.die} to play; the rest of the ladder comes after it`,
    'one-stage': (p) => `a ladder is played a stage at a time: enter the moves of this stage (the ${p.die}s) only`,
    'not-a-ladder': (p) => `${dice(p.dice)} on the game's roll ${p.roll} is played at once, not in stages: doublets ladder from the game's 4th roll`,
    'after-stall': (p) => `the stage of ${p.die}s stopped after ${p.played} move${s_(p.played)}: the turn ends there`,
    'remainder': (p) => `this play hands over ${p.actual?.length ? list(p.actual) : 'nothing'}, not ${p.written}`,
    // The page's own: a click on the opponent's checker.
    'opponents-checker': (p) => `the checker on point ${p.point} is your opponent's; you move your own`,
  },
  el: {
    'syntax': (p) => `${p.token}: δεν είναι κίνηση σε συμβολισμό`,
    'game-over': () => 'η παρτίδα τελείωσε· δεν παίζεται τίποτα',
    'must-pass': (p) => `καμία κίνηση δεν παίζεται με ${dice(p.dice)}: γκέλα, η σειρά περνά`,
    'cannot-pass': (p) => `με ${dice(p.dice)} υπάρχει κίνηση· πρέπει να παίξεις`,
    'no-checker': (p) => (p.point === 25 ? 'δεν έχεις χτυπημένο πούλι' : `δεν έχεις πούλι στη θέση ${p.point}`),
    'too-few-checkers': (p) => (p.point === 25
      ? `έχεις μόνο ${p.have} ${p.have === 1 ? 'χτυπημένο πούλι' : 'χτυπημένα πούλια'}`
      : `έχεις μόνο ${p.have} ${p.have === 1 ? 'πούλι' : 'πούλια'} στη θέση ${p.point}`),
    'no-point': (p) => `δεν υπάρχει θέση ${p.point}: οι θέσεις είναι 1 έως 24`,
    'pinned': (p) => `το πούλι σου στη θέση ${p.point} είναι πλακωμένο και δεν κινείται`,
    'backwards': (p) => `το ${pt(p.from)}/${pt(p.to)} πάει προς τα πίσω: τα πούλια πάνε από τις μεγάλες θέσεις στις μικρές`,
    'no-dice': (p) => (p.left?.length
      ? `το ${pt(p.from)}/${pt(p.to)} είναι ${p.pips} βήματα, που δεν τα φέρνουν τα ζάρια που έμειναν (${list(p.left)})`
      : `το ${pt(p.from)}/${pt(p.to)}: δεν έμεινε ζάρι`),
    // Πόρτα: δύο ή περισσότερα πούλια στο Πλακωτό και στις Πόρτες, ένα στη Φεύγα.
    'point-blocked': (p) => `η θέση ${p.point} είναι κλειστή: ο αντίπαλος έχει εκεί πόρτα`,
    'anchor-blocked': (p) => `η θέση ${p.point} είναι κλειστή: το πούλι του αντιπάλου εκεί πλακώνει δικό σου`,
    'path-blocked': (p) => `το ${pt(p.from)}/${pt(p.to)} δεν παίζεται: κάθε δρόμος ως εκεί πατά σε κλειστή θέση (${list(p.blocked)})`,
    'not-all-home': (p) => (p.point === 25
      ? 'δεν μπορείς να μαζέψεις ακόμα: έχεις χτυπημένο πούλι'
      : `δεν μπορείς να μαζέψεις ακόμα: το πούλι σου στη θέση ${p.point} είναι έξω από το σπίτι σου`),
    'pinned-no-bear-off': (p) => `δεν μπορείς να μαζέψεις όσο έχεις πλακωμένο πούλι (στη θέση ${p.point})`,
    'not-highest': (p) => `το ${p.from}/off με ${p.die} επιτρέπεται μόνο από την πιο ψηλή σου θέση, κι έχεις πούλι στη θέση ${p.highest}`,
    'after-game-end': (p) => `η παρτίδα τελείωσε με την κίνηση ${p.moves}· όσες ακολουθούν δεν παίζονται`,
    'too-many-moves': (p) => `η ζαριά ${dice(p.dice)} παίχτηκε ήδη όλη`,
    'must-use-both': (p) => `πρέπει να παίξεις και τα δύο ζάρια: υπάρχει κίνηση που παίζει ολόκληρο το ${dice(p.dice)}`,
    'must-use-more': (p) => `πρέπει να παίξεις ${p.needed} φορές το ${p.die}: υπάρχει κίνηση που τα παίζει`,
    'must-use-larger': (p) => `παίζεται μόνο ένα ζάρι, και τότε πρέπει να είναι το μεγαλύτερο (${p.die})`,
    'not-legal': (p) => `το ${p.play} δεν είναι νόμιμη κίνηση`,
    // Πόρτες.
    'must-enter-first': (p) => (p.bar === 1
      ? 'έχεις χτυπημένο πούλι: βάλε το πρώτα στο παιχνίδι και μετά κίνησε άλλο'
      : `έχεις ${p.bar} χτυπημένα πούλια: βάλε τα όλα πρώτα στο παιχνίδι και μετά κίνησε άλλο`),
    'entry-blocked': (p) => `το χτυπημένο πούλι δεν μπαίνει στη θέση ${p.point}: ο αντίπαλος έχει εκεί πόρτα`,
    // Φεύγα.
    'runner': (p) => `μέχρι το πρώτο σου πούλι να ${p.passing ? 'περάσει' : 'φτάσει'} τη θέση 12 (ή να μαζέψεις πούλι) κινείται μόνο αυτό· το πούλι στη θέση ${p.from} περιμένει`,
    'quarter-ban': (p) => `δεν μπορείς να πιάσεις και τις έξι θέσεις της περιοχής εκκίνησής σου (19–24)${p.landing ? ' σε κανένα βήμα της κίνησης' : ' στο τέλος της κίνησής σου'}`,
    'prime': (p) => `δεν μπορείς να έχεις έξι συνεχόμενες πόρτες (${list(p.points)}) χωρίς πούλι του αντιπάλου μπροστά τους`,
    'unblocking-duty': (p) => `ο αντίπαλος είναι κλεισμένος στη θέση ${p.trapped} πίσω από τις πόρτες σου ${list(p.wall)}: η κίνησή σου πρέπει να ανοίξει μία`,
    'stage-moves': (p) => `αυτό το σκαλί έχει ${p.left} ${p.left === 1 ? 'κίνηση' : 'κινήσεις'} του ${p.die}· η υπόλοιπη σκάλα έρχεται μετά`,
    'one-stage': (p) => `η σκάλα παίζεται ένα σκαλί τη φορά: γράψε μόνο τις κινήσεις αυτού του σκαλιού (τα ${p.die})`,
    'not-a-ladder': (p) => `το ${dice(p.dice)} στη ζαριά ${p.roll} της παρτίδας παίζεται μονομιάς, όχι σε σκαλιά: οι διπλές γίνονται σκάλα από την 4η ζαριά`,
    'after-stall': (p) => `το σκαλί των ${p.die} σταμάτησε μετά από ${p.played} ${p.played === 1 ? 'κίνηση' : 'κινήσεις'}: η σειρά τελειώνει εκεί`,
    'remainder': (p) => `η κίνηση δίνει στον αντίπαλο ${p.actual?.length ? list(p.actual) : 'τίποτα'}, όχι ${p.written}`,
    'opponents-checker': (p) => `το πούλι στη θέση ${p.point} είναι του αντιπάλου· κινείς τα δικά σου`,
  },
  bg: {
    'syntax': (p) => `${p.token}: не е ход в запис`,
    'game-over': () => 'партията свърши; няма какво да се играе',
    'must-pass': (p) => `с ${dice(p.dice)} няма възможен ход: пас, ходът минава`,
    'cannot-pass': (p) => `с ${dice(p.dice)} има ход; трябва да играеш`,
    'no-checker': (p) => (p.point === 25 ? 'нямаш ударен пул на бара' : `нямаш пул на поле ${p.point}`),
    'too-few-checkers': (p) => (p.point === 25
      ? `имаш само ${p.have} ${p.have === 1 ? 'ударен пул' : 'ударени пула'} на бара`
      : `имаш само ${p.have} ${p.have === 1 ? 'пул' : 'пула'} на поле ${p.point}`),
    'no-point': (p) => `няма поле ${p.point}: полетата са от 1 до 24`,
    'pinned': (p) => `пулът ти на поле ${p.point} е затапен и не може да мърда`,
    'backwards': (p) => `${pt(p.from)}/${pt(p.to)} е назад: пуловете вървят от по-големите полета към по-малките`,
    'no-dice': (p) => (p.left?.length
      ? `${pt(p.from)}/${pt(p.to)} е ${p.pips} ${p.pips === 1 ? 'пип' : 'пипа'}, а останалите зарове (${list(p.left)}) не го дават`
      : `${pt(p.from)}/${pt(p.to)}: не остана зар`),
    // Затворено поле: капия (два или повече пула) в Плакото и Портес, и
    // един пул във Февга и Гюлбара.
    'point-blocked': (p) => `поле ${p.point} е затворено: противникът го държи`,
    'anchor-blocked': (p) => `поле ${p.point} е затворено: пулът на противника там е затапил твой`,
    'path-blocked': (p) => `${pt(p.from)}/${pt(p.to)} не може да се изиграе: всеки път дотам стъпва на затворено поле (${list(p.blocked)})`,
    'not-all-home': (p) => (p.point === 25
      ? 'още не може да събираш: имаш ударен пул на бара'
      : `още не може да събираш: пулът ти на поле ${p.point} е извън къщата ти`),
    'pinned-no-bear-off': (p) => `не може да събираш, докато имаш затапен пул (на поле ${p.point})`,
    'not-highest': (p) => `${p.from}/off с ${p.die} е позволено само от най-горното ти поле, а имаш пул на ${p.highest}`,
    'after-game-end': (p) => `партията свърши с хода ${p.moves}; следващите не се играят`,
    'too-many-moves': (p) => `твърде много ходове за хвърляне ${dice(p.dice)}`,
    'must-use-both': (p) => `трябва да изиграеш и двата зара: има ход, който изиграва целия ${dice(p.dice)}`,
    'must-use-more': (p) => `трябва да изиграеш ${p.needed} пъти по ${p.die}: има ход, който ги изиграва`,
    'must-use-larger': (p) => `може да се изиграе само един зар, и тогава той трябва да е по-големият (${p.die})`,
    'not-legal': (p) => `${p.play} не е позволен ход`,
    // Портес.
    'must-enter-first': (p) => (p.bar === 1
      ? 'имаш ударен пул на бара: първо го вкарай и после мести друг'
      : `имаш ${p.bar} ударени пула на бара: първо ги вкарай всичките и после мести друг`),
    'entry-blocked': (p) => `не можеш да влезеш на поле ${p.point}: противникът държи капия там`,
    // Февга.
    'runner': (p) => `докато първият ти пул не ${p.passing ? 'подмине' : 'стигне'} поле 12 (или не събереш пул), мести се само той; пулът на ${p.from} чака`,
    'quarter-ban': (p) => `не може да държиш и шестте полета на началната си четвърт (19–24)${p.landing ? ' при никое кацане в хода' : ' в края на хода'}`,
    'prime': (p) => `не може да държиш шест поредни капии (${list(p.points)}) без пул на противника пред тях`,
    'unblocking-duty': (p) => `противникът е заклещен на твоето поле ${p.trapped} зад капиите ти ${list(p.wall)}: ходът ти трябва да отвори една от тях`,
    // Гюлбара: стълбата, по четири хода от число, остатъкът — у противника.
    'stage-moves': (p) => `това стъпало има още ${p.left} ${p.left === 1 ? 'ход' : 'хода'} по ${p.die}; останалата стълба идва след него`,
    'one-stage': (p) => `стълбата се играе стъпало по стъпало: въведи само ходовете на това стъпало (по ${p.die})`,
    'not-a-ladder': (p) => `чифтът ${dice(p.dice)} на хвърляне ${p.roll} в партията се играе наведнъж, не на стъпала: чифтовете стават стълба от четвъртото хвърляне`,
    'after-stall': (p) => `стъпалото по ${p.die} спря след ${p.played} ${p.played === 1 ? 'ход' : 'хода'}: ходът свършва там`,
    'remainder': (p) => `този ход предава ${p.actual?.length ? list(p.actual) : 'нищо'}, а не ${p.written}`,
    'opponents-checker': (p) => `пулът на поле ${p.point} е на противника; местиш своите`,
  },
};

// `why`: a reason from the server ({code, params}), or { reason, message }
// as an error carries it. Worded in the page's language from its code; an
// unknown code (a newer server) falls back to the server's English message.
export function reasonText(why) {
  if (!why) return '';
  const reason = why.reason || (why.code ? why : null);
  const word = reason && (WORDS[lang] || WORDS.en)[reason.code];
  const s = word ? word(reason.params || {}) : String(why.message || '');
  const text = s.charAt(0).toUpperCase() + s.slice(1);
  return `${text}${/[.!?]$/.test(text) ? '' : '.'}`;
}
