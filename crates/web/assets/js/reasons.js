// Why a move is illegal, in the page's language.

import { lang } from './text.js';

// The server's reasons are English sentences, points in the mover's
// numbering. In Greek the known ones are translated; anything else is
// shown as the server wrote it.
const REASONS_EL = [
  [/^you have no checker on point (\d+)$/, 'δεν έχεις πούλι στη θέση $1'],
  [/^you have only (\d+) checkers? on point (\d+)$/, 'έχεις μόνο $1 πούλι(α) στη θέση $2'],
  [/^your checker on point (\d+) is pinned and cannot move$/, 'το πούλι σου στη θέση $1 είναι πλακωμένο και δεν κινείται'],
  [/^point (\d+) is blocked: the opponent holds it with two or more checkers$/,
    'η θέση $1 είναι κλειστή: ο αντίπαλος έχει εκεί πόρτα (δύο ή περισσότερα πούλια)'],
  [/^point (\d+) is blocked: the opponent's checker there pins one of yours \(an anchor\)$/,
    'η θέση $1 είναι κλειστή: το πούλι του αντιπάλου εκεί πλακώνει δικό σου'],
  [/^(\d+)\/(\d+|off) goes backwards: .*$/, 'το $1/$2 πάει προς τα πίσω: τα πούλια πάνε από τις μεγάλες θέσεις στις μικρές'],
  [/^(\d+)\/(\d+|off) is (\d+) pips?, which the dice left \(none\) cannot make$/, 'το $1/$2 είναι $3 βήματα και δεν έμεινε ζάρι'],
  [/^(\d+)\/(\d+|off) is (\d+) pips?, which the dice left \((.*)\) cannot make$/, 'το $1/$2 είναι $3 βήματα, που δεν τα φέρνουν τα ζάρια που έμειναν ($4)'],
  [/^(\d+)\/(\d+|off) cannot be played: every way there lands on a blocked point \((.*)\)$/,
    'το $1/$2 δεν παίζεται: κάθε δρόμος εκεί πατά σε κλειστή θέση ($3)'],
  [/^you may not bear off yet: your checker on point (\d+) is outside your home board$/,
    'δεν μπορείς να μαζέψεις ακόμα: το πούλι σου στη θέση $1 είναι έξω από το σπίτι'],
  [/^you may not bear off while a checker of yours is pinned \(on point (\d+)\)$/,
    'δεν μπορείς να μαζέψεις όσο έχεις πλακωμένο πούλι (στη θέση $1)'],
  [/^(\d+)\/off with a (\d) is only allowed from your highest point, and you have a checker on (\d+)$/,
    'το $1/off με $2 επιτρέπεται μόνο από την πιο ψηλή σου θέση, κι έχεις πούλι στη θέση $3'],
  [/^you must use both dice: a play using both (.*) exists$/, 'πρέπει να παίξεις και τα δύο ζάρια: υπάρχει κίνηση που παίζει όλο το $1'],
  [/^you must play (\d) moves of (\d); a play using \d exists$/, 'πρέπει να παίξεις $1 φορές το $2: υπάρχει τέτοια κίνηση'],
  [/^only one die can be played, and then it must be the larger \((\d)\)$/, 'παίζεται μόνο ένα ζάρι, και τότε πρέπει να είναι το μεγαλύτερο ($1)'],
  [/^no play is possible with (.*): the turn passes.*$/, 'γκέλα με $1: η σειρά περνά'],
  [/^too many moves for a roll of (.*)$/, 'η ζαριά $1 παίχτηκε ήδη όλη'],
  [/^the game ended with the move (.*); moves after it are not played$/, 'η παρτίδα τελείωσε με την κίνηση $1'],
  [/^the game is over.*$/, 'η παρτίδα τελείωσε· δεν παίζεται τίποτα'],
];

export function reasonText(msg) {
  let s = String(msg || '');
  let prefix = '';
  // A refused move from /turn: "move 2 (19/14): <reason>".
  const m = s.match(/^move \d+ \(([^)]*)\): (.*)$/);
  if (m) { prefix = `${m[1]}: `; s = m[2]; }
  if (lang === 'el') {
    for (const [re, el] of REASONS_EL) {
      if (re.test(s)) { s = s.replace(re, el); break; }
    }
  }
  if (!prefix) s = s.charAt(0).toUpperCase() + s.slice(1);
  return `${prefix}${s}${/[.!?]$/.test(s) ? '' : '.'}`;
}
