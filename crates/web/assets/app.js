// Plakoto web app: draws the board in SVG and talks to /api/v1. It knows no
// rules: legal single moves, plays, results, hints, pip counts and the
// reasons a move is illegal all come from the server; this file only draws
// them and sends what the person chose.
'use strict';

// ---------------------------------------------------------------- language

// One language at a time: English strings hold no Greek, Greek strings use
// the terms of docs/RULES.md (πούλι, πλακωμένο, μάνα, διπλό, γκέλα, μάζεμα).
// Pips are "βήματα" in Greek, so that "πόντοι" only ever means match points.
const TEXT = {
  en: {
    title: 'Plakoto', newMatch: 'New match', undo: 'Undo', confirm: 'Confirm', pass: 'Pass',
    hint: 'Hint', resign: 'Resign', log: 'Game log', opponent: 'Opponent', vsEngine: 'The computer',
    vsHuman: 'A friend on this device', level: 'Level', yourColor: 'You play', whiteSide: 'White',
    blackSide: 'Black', randomSide: 'Random', length: 'Match to (points)', resume: 'Resume last match',
    cancel: 'Cancel', start: 'Start', white: 'White', black: 'Black', you: 'You', engine: 'Computer',
    pips: 'pips', off: 'off', matchTo: 'Match to {n}', game: 'Game {n}',
    yourTurn: 'Your turn: {dice}.', sideTurn: '{side} to play: {dice}.', thinking: 'The computer is thinking…',
    pickChecker: 'Click or drag a checker.', pickDest: 'Now click where it goes.',
    complete: 'Play complete: confirm it, or undo.', mustPass: 'No legal play with {dice}: the turn passes.',
    opening: 'Opening roll:', openingRoll: 'White {w}, Black {b}', openingTie: 'tie, roll again', starts: '{side} starts.',
    winnerStarts: '{side} won the last game and starts.',
    setUp: 'The game starts from a set-up position, {side} on roll.',
    winBearOff: '{side} bears off all checkers and wins {n} point{s}.', double: 'A double game!',
    winMother: '{side} pins the mother and wins 2 points.',
    draw: 'Draw: both mothers are pinned. No points; the opening roll decides who starts next.',
    winResign: '{loser} resigns: {side} wins {n} point{s}.',
    matchOver: '{side} wins the match {a}–{b}.', youWin: 'You win the match {a}–{b}!', youLose: 'The computer wins the match {a}–{b}.',
    confirmResign: 'Resign this game? The opponent scores {n} point{s}.', hintTitle: 'Best plays', playThis: 'Play this',
    equity: 'equity', noMatch: 'Start a new match.', notFound: 'That match does not exist. Start a new one.',
    busy: 'The server is busy; trying again…', pinned: 'pinned', score: 'Score',
    levelName: {
      random: 'Random', heuristic: 'Heuristic', beginner: 'Beginner', casual: 'Casual', advanced: 'Advanced',
      expert: 'Expert', master: 'Master',
    },
    pinnedBy: 'pinned checker', passLog: 'pass', board: 'Plakoto board',
    depth: '{n}-ply', win: 'win {p}', winDouble: 'double {p}',
    hintFrom: 'The plays that go on from your moves so far:',
    movesLose: 'Your moves so far lose {x}.', movesFine: 'Your moves so far lose nothing.',
    bestPlay: 'Best play: {play}.',
    rankButton: 'How good?', rankTitle: 'How did this play rank?', ranking: 'ranking…',
    rankBest: 'your play was the best of {of}', rankOnly: 'your play was the only legal play',
    rankNth: 'your play was the {nth} best of {of}, −{x} (best {best})',
    lastPlay: 'Last play, marked in violet: {side} {dice}: {play}.', lastPlain: 'Last play: {side} {dice}: {play}.',
    lastPass: 'Last turn: {side} {dice}: no legal play.',
    numbering: 'Each side writes its plays in its own numbering: the small numbers on the board are {other}’s.',
    positionId: 'Position ID', copy: 'Copy', copied: 'Copied',
    startFrom: 'Start from a position (optional)', startFromHint: 'a position ID or position JSON',
    vsOnline: 'A friend online', onlineAbout: 'You get a link to send to your friend, who plays in their own browser.',
    inviteHelp: 'Send this link to your friend; it works once.', friend: 'Your friend',
    waitFriend: 'Waiting for your friend ({side}) to play: {dice}.', watching: 'You are watching. {side} to play: {dice}.',
    friendWins: 'Your friend wins the match {a}–{b}.', youPlay: 'You play {side}.',
    friendOn: 'Your friend is connected.', friendOff: 'Your friend is not connected.',
    friendNotYet: 'Your friend has not opened the link yet.',
    waitJoin: 'The first roll comes when your friend takes the other seat.',
    diceShares: 'The dice come from the server’s sealed secret and from a random share each player’s browser adds, so nobody alone can know or choose them. Your share: {mine}…',
    diceSharesWatch: 'The dice come from the server’s sealed secret and from a random share each player’s browser adds.',
    diceCheck: 'The server’s secret is revealed now: anyone can check every roll with `plakoto verify` on the',
    recordLink: 'match record',
    sideOn: '{side} is connected.', sideOff: '{side} is not connected.',
    reconnecting: 'The connection to the server was lost; reconnecting…',
    inviteUsed: 'This invitation has been used already, and this browser holds no seat in the match: you are watching it.',
    watchNote: 'Only the two players can move; you see their moves as they make them.',
  },
  el: {
    title: 'Πλακωτό', newMatch: 'Νέος αγώνας', undo: 'Αναίρεση', confirm: 'Επιβεβαίωση', pass: 'Πάσο',
    hint: 'Υπόδειξη', resign: 'Παραίτηση', log: 'Κινήσεις παρτίδας', opponent: 'Αντίπαλος',
    vsEngine: 'Ο υπολογιστής', vsHuman: 'Φίλος στην ίδια συσκευή', level: 'Επίπεδο', yourColor: 'Παίζεις με',
    whiteSide: 'Άσπρα', blackSide: 'Μαύρα', randomSide: 'Τυχαία', length: 'Αγώνας στους (πόντους)',
    resume: 'Συνέχεια τελευταίου αγώνα', cancel: 'Άκυρο', start: 'Έναρξη', white: 'Άσπρα', black: 'Μαύρα',
    you: 'Εσύ', engine: 'Υπολογιστής', pips: 'βήματα', off: 'μαζεμένα', matchTo: 'Αγώνας στους {n}',
    game: 'Παρτίδα {n}', yourTurn: 'Σειρά σου: {dice}.', sideTurn: 'Παίζουν τα {side}: {dice}.',
    thinking: 'Ο υπολογιστής σκέφτεται…', pickChecker: 'Πάτησε ή σύρε ένα πούλι.',
    pickDest: 'Τώρα πάτησε πού πηγαίνει.', complete: 'Η κίνηση είναι πλήρης: επιβεβαίωσε ή αναίρεσε.',
    mustPass: 'Γκέλα: καμία κίνηση με {dice}· η σειρά περνά.',
    opening: 'Πρώτη ζαριά:', openingRoll: 'Άσπρα {w}, Μαύρα {b}', openingTie: 'ισοπαλία, ξαναρίχνουν', starts: 'Ξεκινούν τα {side}.',
    winnerStarts: 'Τα {side} κέρδισαν την προηγούμενη παρτίδα και ξεκινούν.',
    setUp: 'Η παρτίδα ξεκινά από στημένη θέση· παίζουν τα {side}.',
    winBearOff: 'Τα {side} μάζεψαν όλα τα πούλια και κερδίζουν {n} {pts}.', double: 'Διπλό!',
    winMother: 'Τα {side} πλάκωσαν τη μάνα και κερδίζουν 2 πόντους (διπλό).',
    draw: 'Ισοπαλία: πλακώθηκαν και οι δύο μάνες. Κανείς πόντος· η πρώτη ζαριά κρίνει ποιος ξεκινά.',
    winResign: 'Τα {loser} παραιτούνται: τα {side} κερδίζουν {n} {pts}.',
    matchOver: 'Τα {side} κερδίζουν τον αγώνα {a}–{b}.', youWin: 'Κέρδισες τον αγώνα {a}–{b}!',
    youLose: 'Ο υπολογιστής κερδίζει τον αγώνα {a}–{b}.',
    confirmResign: 'Παραιτείσαι από την παρτίδα; Ο αντίπαλος παίρνει {n} {pts}.', hintTitle: 'Καλύτερες κινήσεις',
    playThis: 'Παίξ’ την', equity: 'αναμενόμενοι πόντοι', noMatch: 'Ξεκίνα νέο αγώνα.',
    notFound: 'Αυτός ο αγώνας δεν υπάρχει. Ξεκίνα νέο.', busy: 'Ο διακομιστής είναι απασχολημένος· ξαναδοκιμάζω…',
    pinned: 'πλακωμένο', score: 'Σκορ', levelName: {
      random: 'Τυχαίο', heuristic: 'Ευρετικό', beginner: 'Αρχάριος', casual: 'Ερασιτέχνης',
      advanced: 'Προχωρημένος', expert: 'Έμπειρος', master: 'Μάστορας',
    },
    levelAbout: {
      random: 'οποιαδήποτε νόμιμη κίνηση, στην τύχη',
      beginner: 'το νευρωνικό δίκτυο με πολύ θόρυβο: ξέρει τις ιδέες, κάνει συχνά χοντρά λάθη',
      heuristic: 'αξιολόγηση γραμμένη με το χέρι: κούρσα, πλακώματα, μάνες, μονά πούλια, πόρτες',
      casual: 'το νευρωνικό δίκτυο με λίγο θόρυβο: σωστό, με κάποιο λάθος πού και πού',
      advanced: 'το νευρωνικό δίκτυο χωρίς αναζήτηση: ακαριαίο, δυνατό',
      expert: 'αναζήτηση σε βάθος 1 πάνω στις 21 ζαριές του αντιπάλου',
      master: 'αναζήτηση σε βάθος 2 με φίλτρα κινήσεων: το δυνατότερο',
    },
    pinnedBy: 'πλακωμένο πούλι', passLog: 'γκέλα', board: 'Ταμπλό πλακωτού',
    depth: 'βάθος {n}', win: 'νίκη {p}', winDouble: 'διπλό {p}',
    hintFrom: 'Οι κινήσεις που συνεχίζουν από όσα έπαιξες ως εδώ:',
    movesLose: 'Όσα έπαιξες ως εδώ χάνουν {x}.', movesFine: 'Όσα έπαιξες ως εδώ δεν χάνουν τίποτα.',
    bestPlay: 'Καλύτερη κίνηση: {play}.',
    rankButton: 'Πόσο καλή;', rankTitle: 'Πού κατατάσσεται αυτή η κίνηση;', ranking: 'υπολογίζω…',
    rankBest: 'η κίνησή σου ήταν η καλύτερη από {of}', rankOnly: 'η κίνησή σου ήταν η μόνη δυνατή',
    rankNth: 'η κίνησή σου ήταν η {nth} καλύτερη από {of}, −{x} (καλύτερη: {best})',
    lastPlay: 'Τελευταία κίνηση, σημειωμένη με μωβ: {side} {dice}: {play}.', lastPlain: 'Τελευταία κίνηση: {side} {dice}: {play}.',
    lastPass: 'Τελευταία ζαριά: {side} {dice}: γκέλα.',
    numbering: 'Κάθε πλευρά γράφει τις κινήσεις της με τη δική της αρίθμηση· τα μικρά νούμερα στο ταμπλό είναι των {other}.',
    positionId: 'Κωδικός θέσης', copy: 'Αντιγραφή', copied: 'Αντιγράφηκε',
    startFrom: 'Έναρξη από θέση (προαιρετικά)', startFromHint: 'κωδικός θέσης ή JSON θέσης',
    vsOnline: 'Φίλος μέσω διαδικτύου', onlineAbout: 'Θα πάρεις έναν σύνδεσμο να τον στείλεις στον φίλο σου, που παίζει από τον δικό του φυλλομετρητή.',
    inviteHelp: 'Στείλε αυτόν τον σύνδεσμο στον φίλο σου· ισχύει μία φορά.', friend: 'Ο φίλος σου',
    waitFriend: 'Περιμένεις τον φίλο σου ({side}) να παίξει: {dice}.', watching: 'Παρακολουθείς. Παίζουν τα {side}: {dice}.',
    friendWins: 'Ο φίλος σου κερδίζει τον αγώνα {a}–{b}.', youPlay: 'Παίζεις με τα {side}.',
    friendOn: 'Ο φίλος σου είναι συνδεδεμένος.', friendOff: 'Ο φίλος σου δεν είναι συνδεδεμένος.',
    friendNotYet: 'Ο φίλος σου δεν έχει ανοίξει ακόμα τον σύνδεσμο.',
    waitJoin: 'Η πρώτη ζαριά έρχεται μόλις ο φίλος σου πάρει την άλλη θέση.',
    diceShares: 'Τα ζάρια βγαίνουν από το σφραγισμένο μυστικό του διακομιστή και από ένα τυχαίο μερίδιο που προσθέτει ο φυλλομετρητής κάθε παίκτη, ώστε κανείς μόνος του να μην μπορεί να τα ξέρει ή να τα διαλέξει. Το μερίδιό σου: {mine}…',
    diceSharesWatch: 'Τα ζάρια βγαίνουν από το σφραγισμένο μυστικό του διακομιστή και από ένα τυχαίο μερίδιο που προσθέτει ο φυλλομετρητής κάθε παίκτη.',
    diceCheck: 'Το μυστικό του διακομιστή αποκαλύφθηκε: ο καθένας μπορεί να ελέγξει κάθε ζαριά με το `plakoto verify` στο',
    recordLink: 'αρχείο του αγώνα',
    sideOn: 'Τα {side} είναι συνδεδεμένα.', sideOff: 'Τα {side} δεν είναι συνδεδεμένα.',
    reconnecting: 'Χάθηκε η σύνδεση με τον διακομιστή· ξανασυνδέομαι…',
    inviteUsed: 'Η πρόσκληση έχει ήδη χρησιμοποιηθεί και αυτός ο φυλλομετρητής δεν έχει θέση στον αγώνα: τον παρακολουθείς.',
    watchNote: 'Μόνο οι δύο παίκτες κινούν πούλια· βλέπεις τις κινήσεις τους τη στιγμή που γίνονται.',
    sideGenitive: { white: 'Άσπρων', black: 'Μαύρων' },
  },
};

let lang = localStorage.getItem('plakoto-lang') || ((navigator.language || '').startsWith('el') ? 'el' : 'en');
if (!TEXT[lang]) lang = 'en';

function t(key, vars) {
  let s = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  for (const [k, v] of Object.entries(vars || {})) s = s.split(`{${k}}`).join(String(v));
  return s;
}

function sideName(c) { return t(c); }
function sideGenitive(c) { return (TEXT[lang].sideGenitive || {})[c] || sideName(c); }
const other = (c) => (c === 'white' ? 'black' : 'white');

function pointsWord(n) {
  if (lang === 'el') return n === 1 ? 'πόντο' : 'πόντους';
  return '';
}

// A number as the language writes it: a decimal comma in Greek.
function num(x, digits = 3) {
  const s = Math.abs(x).toFixed(digits);
  return lang === 'el' ? s.replace('.', ',') : s;
}
function signed(x, digits = 3) { return `${x < 0 ? '−' : '+'}${num(x, digits)}`; }
function percent(p) { return `${num(100 * p, 1)}%`; }

function ordinal(n) {
  if (lang === 'el') return `${n}η`;
  const s = (n % 100 >= 11 && n % 100 <= 13) ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th');
  return `${n}${s}`;
}

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

function reasonText(msg) {
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

// ---------------------------------------------------------------- state

const S = {
  match: null,        // the match state from the server
  stack: [],          // turn states of the turn being entered, the start first
  selected: null,     // point (White's numbering) of the picked checker
  hint: null,         // the hint for the current turn: { ply, plays, loss, best, mid }
  shownHint: null,    // index of the hint drawn on the board
  busy: false,
  error: '',
  why: '',            // why the last click could not move anything, as the server said it
  ranks: {},          // how the person's past plays ranked, by match:game:index
  copied: false,
  copiedInvite: false,
  logLen: -1,
  levels: [],
  watchReason: '',    // why this browser watches a match played online (an invitation used already)
};

const $ = (id) => document.getElementById(id);
const board = $('board');
const SVGNS = 'http://www.w3.org/2000/svg';

function engineDelay() {
  const v = localStorage.getItem('plakoto-engine-delay');
  return v === null ? 700 : Number(v);
}

// ---------------------------------------------------------------- server

// A match played online: each seat's secret is kept by the browser that holds
// the seat, per match, in localStorage (never in an address), and sent with
// every request about that match.
const seatKey = (id) => `plakoto-seat-${id}`;

function seatOf(id) {
  try {
    const s = JSON.parse(localStorage.getItem(seatKey(id)));
    return s && typeof s.token === 'string' ? s : null;
  } catch { return null; }
}

function saveSeat(id, seat) { localStorage.setItem(seatKey(id), JSON.stringify(seat)); }

// The Authorization header for a request about a match this browser holds a seat in.
function authFor(path) {
  const m = path.match(/^\/api\/v1\/matches\/([A-Za-z0-9_-]+)(?:[/?]|$)/);
  const seat = m && seatOf(m[1]);
  return seat ? { Authorization: `Bearer ${seat.token}` } : {};
}

async function api(method, path, body) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(path, {
      method,
      headers: { ...authFor(path), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    try { data = await res.json(); } catch { data = null; }
    // Busy: try again. A review or search that ran out of time would only run out again.
    if (res.status === 503 && data?.error?.code !== 'timeout' && attempt < 5) {
      showError(t('busy'));
      await sleep(800 * (attempt + 1));
      continue;
    }
    if (!res.ok) {
      const err = new Error(data?.error?.message || `HTTP ${res.status}`);
      err.status = res.status;
      err.code = data?.error?.code;
      throw err;
    }
    return data;
  }
}

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

// ---------------------------------------------------------------- helpers

const game = () => S.match?.game;
const turnState = () => S.stack[S.stack.length - 1] || null;
const mover = () => game()?.turn;
// Points in a move are in the mover's numbering; the board is drawn in White's.
const toWhite = (p, side) => (p === 0 ? 0 : side === 'black' ? 25 - p : p);
const fromWhite = (p, side) => (p === 0 ? 0 : side === 'black' ? 25 - p : p);

// Online, `to_act.who` is "human" for both sides: this browser acts only for
// the seat it holds.
const isOnline = () => S.match?.opponent === 'online';
const mySeat = () => (isOnline() ? S.match.online?.you || null : null);

function humanToAct() {
  const a = S.match?.to_act;
  if (!a || a.who !== 'human') return false;
  return isOnline() ? mySeat() === a.side : true;
}

function viewer() {
  // The board faces the person against the engine, and online the seat
  // this browser holds (a spectator sees it from White's side); for two
  // people on one device it turns to face the side on roll, as when
  // passing the board.
  if (isOnline()) return mySeat() || 'white';
  if (S.match?.human_color) return S.match.human_color;
  if (S.match?.opponent === 'human') return mover() || 'white';
  return 'white';
}

// Single moves of the turn in progress are kept in the browser, so a reload
// or a closed tab does not lose them; they apply only at the same version.
const pendingKey = (id) => `plakoto-pending-${id}`;

function savePending() {
  const m = S.match, ts = turnState();
  if (!m) return;
  if (ts && ts.moves.length && humanToAct()) {
    localStorage.setItem(pendingKey(m.id), JSON.stringify({ version: m.version, moves: ts.moves }));
  } else {
    localStorage.removeItem(pendingKey(m.id));
  }
  shareMoves();
}

// The turn states after each prefix of `moves` (one per single move, so
// undo takes back one checker at a time).
async function turnStates(moves) {
  const g = game();
  const out = [];
  for (let k = 1; k <= Math.min(moves.length, 4); k++) {
    out.push(await api('POST', '/api/v1/turn', { position: g.position, dice: g.dice, moves: moves.slice(0, k) }));
  }
  return out;
}

// Replays the saved single moves of this turn through the API. Anything
// stale is dropped.
async function restorePending() {
  const m = S.match;
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(pendingKey(m.id))); } catch { saved = null; }
  // Online the server also keeps the moves shown to the friend.
  if ((!saved || saved.version !== m.version) && m.pending && m.pending.side === mySeat()) {
    saved = { version: m.pending.version, moves: m.pending.moves };
  }
  if (!saved || saved.version !== m.version || !humanToAct() || !Array.isArray(saved.moves)) {
    localStorage.removeItem(pendingKey(m.id));
    return;
  }
  try {
    S.stack.push(...await turnStates(saved.moves));
  } catch {
    S.stack = S.stack.slice(0, 1);
    localStorage.removeItem(pendingKey(m.id));
  }
}

function diceText(d) { return d ? `${d[0]}-${d[1]}` : ''; }

function resultText(r) {
  if (!r) return '';
  const side = r.winner ? sideName(r.winner) : '';
  const n = r.points;
  const s = n === 1 ? '' : 's';
  switch (r.reason) {
    case 'bear-off': return t('winBearOff', { side, n, s, pts: pointsWord(n) }) + (n === 2 ? ' ' + t('double') : '');
    case 'mother': return t('winMother', { side });
    case 'both-mothers': return t('draw');
    case 'resign': return t('winResign', { side, loser: sideName(other(r.winner)), n, s, pts: pointsWord(n) });
    default: return '';
  }
}

// ---------------------------------------------------------------- board geometry

// Board units. MY (the frame above and below the points, where the point
// numbers are) and H grow on a small screen so the numbers stay legible.
const G = {
  W: 1030, H: 760, M: 20, MY: 40, GAP: 100, PW: 70, PH: 290, BAR: 50, R: 30,
  leftX: 20, rightX: 20 + 420 + 50, trayX: 20 + 420 + 50 + 420 + 20, trayW: 80,
};

// Text sizes in board units, chosen so that they render at least about
// 11 px (point numbers, pip counts) wherever the board is drawn.
let Z = {};
function boardScale() {
  const w = board.getBoundingClientRect().width;
  return w > 0 ? w / G.W : 1;
}
function layout() {
  const k = boardScale();
  const size = (min, px, max) => Math.min(max, Math.max(min, px / k));
  Z = {
    k,
    num: size(16, 11.5, 36),     // the viewer's point numbers
    num2: size(11, 8, 26),       // the opponent's point numbers, beside them
    label: size(17, 11.5, 36),   // pip counts, borne-off counts
    count: size(22, 10.5, 40),   // the count on a tall stack
    ring: size(5, 2.5, 12),      // the pin ring's stroke
  };
  G.MY = Math.round(Math.min(80, Math.max(40, 1.1 * (Z.num + Z.num2) + 8)));
  G.H = 2 * G.MY + 2 * G.PH + G.GAP;
  board.setAttribute('viewBox', `0 0 ${G.W} ${G.H}`);
}

// Display slot of a point in White's numbering: column x and whether it is on top.
function slot(p) {
  const d = viewer() === 'black' ? 25 - p : p;
  let x, top;
  if (d <= 6) { x = G.rightX + (6 - d) * G.PW; top = false; }
  else if (d <= 12) { x = G.leftX + (12 - d) * G.PW; top = false; }
  else if (d <= 18) { x = G.leftX + (d - 13) * G.PW; top = true; }
  else { x = G.rightX + (d - 19) * G.PW; top = true; }
  return { x, top, cx: x + G.PW / 2, base: top ? G.MY : G.H - G.MY };
}

// Centre of the i-th checker (0 at the edge) of a stack of n on point p,
// with `skip` checker-heights left free at the base (for a pinned checker).
function checkerXY(p, i, n, skip = 0) {
  const s = slot(p);
  const room = G.PH - 2 * G.R - skip;
  const step = n <= 1 ? 0 : Math.min(2 * G.R, room / (n - 1));
  const off = G.R + skip + i * step;
  return { x: s.cx, y: s.top ? s.base + off : s.base - off };
}

// Where one more checker on point p in pos would go.
function stackNext(p, pos) {
  const n = Math.abs(pos?.board[p] || 0), skip = pos?.pinned[p] ? G.R : 0;
  return checkerXY(p, n, n + 1, skip);
}

// The bear-off tray of a side: White's next to its 1-point, Black's next to its.
function traySlot(side) {
  const bottom = (side === viewer());
  return { x: G.trayX, y: bottom ? G.H / 2 + 20 : G.MY, h: G.H / 2 - 20 - G.MY, bottom };
}

function trayXY(side) {
  const tr = traySlot(side);
  return { x: tr.x + G.trayW / 2, y: tr.y + tr.h / 2 };
}

function svgPoint(evt) {
  const pt = board.createSVGPoint();
  pt.x = evt.clientX; pt.y = evt.clientY;
  return pt.matrixTransform(board.getScreenCTM().inverse());
}

// What is under board coordinates (x, y): a point (White's numbering), 'off' or null.
function hitTest(x, y) {
  if (x >= G.trayX && x <= G.trayX + G.trayW) return 'off';
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    if (x >= s.x && x < s.x + G.PW && (s.top ? y < G.H / 2 : y >= G.H / 2)) return p;
  }
  return null;
}

// ---------------------------------------------------------------- drawing

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function text(parent, x, y, cls, size, content, attrs = {}) {
  const e = el('text', { x, y, class: cls, style: `font-size:${size.toFixed(1)}px`, ...attrs }, parent);
  e.textContent = content;
  return e;
}

function currentPosition() {
  const rv = reviewTurn();
  if (rv) return rv.board;
  if (R.open && !S.match) return null;
  const ts = turnState();
  if (ts && S.stack.length > 1) return ts.position;
  return game()?.position;
}

// Pip counts of the board shown, as the server counted them.
function currentPips() {
  const ts = turnState();
  if (ts && S.stack.length > 1 && ts.pips) return ts.pips;
  return game()?.pips || { white: 0, black: 0 };
}

// Legal next moves in White's numbering: { from: [to, ...] }.
function legalByFrom() {
  const ts = turnState();
  const out = {};
  if (!ts || !humanToAct() || S.busy || R.open) return out;
  for (const [f, to] of ts.legal_moves) {
    const wf = toWhite(f, mover());
    (out[wf] ||= []).push(to === 0 ? 'off' : toWhite(to, mover()));
  }
  return out;
}

// The opponent's last play, while the person has not started the turn.
function lastOpponentTurn() {
  const g = game();
  if (!g || !g.log.length) return null;
  const e = g.log[g.log.length - 1];
  // A spectator of a match played online sees every last play marked.
  if (isOnline() && !mySeat()) return e;
  if (e.side === viewer()) return null;
  return e;
}
function lastPlayToMark() {
  const e = lastOpponentTurn();
  if (R.open || !e || !e.moves.length || S.stack.length > 1 || S.selected !== null || drag?.moved) return null;
  return e;
}

function drawChecker(g, x, y, color, cls = '') {
  el('circle', { cx: x, cy: y, r: G.R - 1, class: `checker ${color} ${cls}` }, g);
  el('circle', { cx: x, cy: y, r: G.R - 9, class: `checker inner ${color}`, stroke: color === 'white' ? '#5a4a36' : '#c9b89a' }, g);
}

function drawDie(g, x, y, size, value, color, used) {
  el('rect', { x, y, width: size, height: size, rx: size / 6, class: `die ${color} ${used ? 'used' : ''}` }, g);
  const pips = {
    1: [[.5, .5]], 2: [[.25, .25], [.75, .75]], 3: [[.25, .25], [.5, .5], [.75, .75]],
    4: [[.25, .25], [.75, .25], [.25, .75], [.75, .75]],
    5: [[.25, .25], [.75, .25], [.5, .5], [.25, .75], [.75, .75]],
    6: [[.25, .25], [.75, .25], [.25, .5], [.75, .5], [.25, .75], [.75, .75]],
  }[value] || [];
  for (const [px, py] of pips) {
    el('circle', {
      cx: x + px * size, cy: y + py * size, r: size / 11,
      class: `pip ${color === 'black' ? 'on-black' : ''}`, opacity: used ? .3 : 1,
    }, g);
  }
}

// A play as paths, one per checker moved: single moves that go on from
// where an earlier one landed are the same checker hopping on. Points in
// White's numbering, 'off' for the tray.
function playPaths(moves, side) {
  const paths = [];
  for (const [f, to] of moves) {
    const wf = toWhite(f, side), wt = to === 0 ? 'off' : toWhite(to, side);
    const prev = [...paths].reverse().find((q) => q[q.length - 1] === wf);
    if (prev) prev.push(wt); else paths.push([wf, wt]);
  }
  return paths;
}

// Draws paths on pos. `before`: the board is the one before the play (a
// hint: the checker is still at the start); else after it (the last play:
// it has landed). Returns, per path, the start and the end in board units.
function drawPaths(parent, paths, side, pos, before, cls, marker, attrs = {}) {
  const departures = {}, arrivals = {};
  const at = (p, kind) => {
    if (p === 'off') return trayXY(side);
    const n = Math.abs(pos?.board[p] || 0), skip = pos?.pinned[p] ? G.R : 0;
    const seen = kind === 'start' ? (departures[p] = (departures[p] || 0) + 1) - 1 : (arrivals[p] = (arrivals[p] || 0) + 1) - 1;
    // A hint starts from the stack's top and lands beyond it; the last play
    // started beyond the stack's top and has landed on it.
    const up = (kind === 'start') !== before;
    const i = up ? n + seen : Math.max(0, n - 1 - seen);
    return checkerXY(p, i, Math.max(n + (up ? seen + 1 : 0), 1), skip);
  };
  const out = [];
  for (const path of paths) {
    const pts = path.map((p, j) => (j === 0 ? at(p, 'start') : j === path.length - 1 ? at(p, 'end') : stackNext(p, pos)));
    const a = pts[pts.length - 2], b = pts[pts.length - 1];
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
    const short = Math.min(len / 2, G.R * 0.7);
    const end = { x: b.x - dx / len * short, y: b.y - dy / len * short };
    const d = [...pts.slice(0, -1), end].map((q, j) => `${j ? 'L' : 'M'}${q.x.toFixed(1)},${q.y.toFixed(1)}`).join(' ');
    el('path', { d, class: cls, 'marker-end': `url(#${marker})`, ...attrs }, parent);
    out.push({ from: path[0], to: path[path.length - 1], a: pts[0], b });
  }
  return out;
}

function render() {
  renderBoard();
  renderPanel();
  renderReview();
  document.body.dataset.phase = phase();
  document.body.dataset.version = S.match ? S.match.version : '';
  document.body.dataset.game = S.match ? S.match.game.number : '';
  document.body.dataset.pass = turnState()?.pass && humanToAct() ? '1' : '0';
  document.body.dataset.turns = S.match ? S.match.game.log.length : '';
  document.body.dataset.pending = turnState()?.moves?.length || 0;
  // The board shown (mid-turn too), and online: the seat held, the live
  // stream and who is connected.
  document.body.dataset.board = (reviewTurn()?.position ?? (S.stack.length > 1 ? turnState()?.id : game()?.position_id)) || '';
  const on = S.match?.online;
  document.body.dataset.seat = isOnline() ? (mySeat() || 'none') : '';
  document.body.dataset.live = isOnline() ? (LIVE.up ? '1' : '0') : '';
  document.body.dataset.connected = on ? ['white', 'black'].filter((c) => on.connected[c]).join(' ') : '';
}

function phase() {
  if (!S.match) return S.busy ? 'loading' : 'idle';
  if (S.busy) return 'busy';
  if (S.match.over) return 'over';
  if (humanToAct()) return 'human';
  // Online, the other seat's turn: this browser waits, or only watches.
  if (isOnline()) return mySeat() ? 'waiting' : 'watching';
  return 'engine';
}

function renderBoard() {
  layout();
  board.replaceChildren();
  board.setAttribute('aria-label', t('board'));
  const defs = el('defs', {}, board);
  for (const [id, colour] of [['arrowhead', '#1666c5'], ['lastarrowhead', '#8a2be2']]) {
    const mk = el('marker', { id, markerWidth: 4, markerHeight: 4, refX: 2, refY: 2, orient: 'auto' }, defs);
    el('path', { d: 'M0,0 L4,2 L0,4 z', fill: colour }, mk);
  }
  el('rect', { x: 0, y: 0, width: G.W, height: G.H, rx: 14, class: 'frame' }, board);
  el('rect', { x: G.leftX, y: G.MY, width: 420, height: G.H - 2 * G.MY, class: 'felt' }, board);
  el('rect', { x: G.rightX, y: G.MY, width: 420, height: G.H - 2 * G.MY, class: 'felt' }, board);
  el('rect', { x: G.leftX + 420, y: G.MY, width: G.BAR, height: G.H - 2 * G.MY, class: 'bar' }, board);
  el('rect', { x: G.trayX, y: G.MY, width: G.trayW, height: G.H - 2 * G.MY, rx: 6, class: 'tray' }, board);
  el('line', { x1: G.trayX, x2: G.trayX + G.trayW, y1: G.H / 2, y2: G.H / 2, stroke: '#6b3f1d', 'stroke-width': 4 }, board);

  const pos = currentPosition();
  const legal = legalByFrom();
  const dests = S.selected !== null ? (legal[S.selected] || []) : [];

  // Points.
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    const tipY = s.top ? s.base + G.PH : s.base - G.PH;
    el('polygon', {
      points: `${s.x},${s.base} ${s.x + G.PW},${s.base} ${s.cx},${tipY}`,
      class: p % 2 ? 'tri-a' : 'tri-b',
    }, board);
    if (dests.includes(p)) {
      el('polygon', { points: `${s.x},${s.base} ${s.x + G.PW},${s.base} ${s.cx},${tipY}`, class: 'dest' }, board);
    }
  }
  // Point numbers in the frame: the viewer's numbering large, next to the
  // point; the opponent's small, beyond it (the log writes each side's
  // plays in that side's numbering).
  const own = viewer(), theirs = other(own);
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    const sign = s.top ? -1 : 1;
    const edge = s.top ? G.MY : G.H - G.MY;
    const y1 = edge + sign * (0.55 * Z.num + 2);
    const y2 = y1 + sign * (0.5 * Z.num + 0.55 * Z.num2 + 1);
    text(board, s.cx, y1, 'num num-own', Z.num, fromWhite(p, own), { 'data-point': p, 'data-side': own });
    text(board, s.cx, y2, 'num num-other', Z.num2, fromWhite(p, theirs), { 'data-point': p, 'data-side': theirs });
  }

  if (pos) {
    for (let p = 1; p <= 24; p++) {
      const n = Math.abs(pos.board[p] || 0);
      if (!n && !pos.pinned[p]) continue;
      const color = (pos.board[p] || 0) > 0 ? 'white' : 'black';
      const g = el('g', { class: 'stack' }, board);
      const pinned = pos.pinned[p];
      let skip = 0;
      if (pinned) {
        const { x, y } = checkerXY(p, 0, 1);
        drawChecker(g, x, y, pinned, '');
        el('circle', { cx: x, cy: y, r: G.R + 1, class: 'pinned-halo', 'stroke-width': Z.ring * 2 }, g);
        el('circle', { cx: x, cy: y, r: G.R + 1, class: 'pinned-mark', 'stroke-width': Z.ring, 'data-pinned': p }, g);
        el('title', {}, g).textContent = t('pinnedBy');
        skip = G.R; // the pinner sits half over it
      }
      for (let i = 0; i < n; i++) {
        const { x, y } = checkerXY(p, i, n, skip);
        let cls = '';
        if (i === n - 1 && legal[p]) cls = S.selected === p ? 'selected' : 'movable';
        drawChecker(g, x, y, color, cls);
        if (i === n - 1 && n > 5) text(g, x, y, `count ${color}`, Z.count, n);
      }
    }
    // Borne-off trays, the count next to the checkers.
    for (const side of ['white', 'black']) {
      const tr = traySlot(side);
      const n = pos.off[side] || 0;
      let edge = tr.bottom ? tr.y + tr.h : tr.y;
      for (let i = 0; i < n; i++) {
        const y = tr.bottom ? tr.y + tr.h - (i + 1) * 17 : tr.y + i * 17 + 2;
        el('rect', { x: tr.x + 8, y, width: G.trayW - 16, height: 14, rx: 4, class: `off-slab ${side}` }, board);
        edge = tr.bottom ? y : y + 14;
      }
      if (n) {
        const y = tr.bottom ? edge - 4 - 0.5 * Z.label : edge + 4 + 0.5 * Z.label;
        text(board, tr.x + G.trayW / 2, y, 'off-count', Z.label, n, { 'data-off': side });
      }
    }
    if (dests.includes('off')) {
      const tr = traySlot(mover());
      el('rect', { x: tr.x, y: tr.y, width: G.trayW, height: tr.h, class: 'dest' }, board);
    }
    // Pip counts in the left half's middle gap: the opponent's above (their
    // side of the board), the viewer's below.
    const pips = currentPips();
    const dy = 0.62 * Z.label;
    if (!R.open) text(board, G.leftX + 14, G.H / 2 - dy, 'pip-count', Z.label, `${sideName(theirs)} ${pips[theirs]} ${t('pips')}`, { 'data-side': theirs });
    if (!R.open) text(board, G.leftX + 14, G.H / 2 + dy, 'pip-count', Z.label, `${sideName(own)} ${pips[own]} ${t('pips')}`, { 'data-side': own });
  }

  // Dice of the side on roll, in the right half's middle gap.
  const reviewed = reviewTurn();
  const d = reviewed ? reviewed.dice : R.open ? null : game()?.dice;
  const roller = reviewed ? reviewed.side : mover();
  if (d && (reviewed || !S.match.over)) {
    const ts = reviewed ? null : turnState();
    const dice = d[0] === d[1] ? [d[0], d[0], d[0], d[0]] : [d[0], d[1]];
    const left = ts ? [...ts.dice_left] : [...dice];
    const used = dice.map((v) => {
      const i = left.indexOf(v);
      if (i >= 0) { left.splice(i, 1); return false; }
      return true;
    });
    const size = dice.length === 4 ? 44 : 54;
    const total = dice.length * (size + 12) - 12;
    let x = G.rightX + 210 - total / 2;
    const g = el('g', { id: 'dice', 'data-dice': diceText(d) }, board);
    dice.forEach((v, i) => {
      drawDie(g, x, G.H / 2 - size / 2, size, v, roller, !reviewed && S.stack.length > 1 && used[i]);
      x += size + 12;
    });
  }

  // The opponent's last play, in violet: where each checker left (a dashed
  // ring), an arrow, and a ring round where it landed. It goes once the
  // person picks a checker.
  const last = lastPlayToMark();
  if (last && pos) {
    const g = el('g', { class: 'last-play', 'data-last-play': last.notation }, board);
    const drawn = drawPaths(g, playPaths(last.moves, last.side), last.side, pos, false, 'last-arrow', 'lastarrowhead', { 'data-last-play': 'arrow' });
    for (const { from, to, a, b } of drawn) {
      el('circle', { cx: a.x, cy: a.y, r: G.R - 3, class: 'last-from', 'data-last-play': 'from', 'data-point': from }, g);
      if (to !== 'off') el('circle', { cx: b.x, cy: b.y, r: G.R + 2, class: 'last-to', 'data-last-play': 'to', 'data-point': to }, g);
    }
  }

  // Reviewing: the play made and the best play of the chosen turn.
  if (reviewed && pos) drawReviewArrows(board, reviewed);

  // A hint drawn as arrows: the moves still to make.
  const h = R.open ? null : S.hint?.plays?.[S.shownHint];
  if (h && pos) {
    const made = [...(turnState()?.moves || [])];
    const rest = h.moves.filter(([f, to]) => {
      const i = made.findIndex(([a, b]) => a === f && b === to);
      if (i >= 0) { made.splice(i, 1); return false; }
      return true;
    });
    drawPaths(board, playPaths(rest, mover()), mover(), pos, true, 'arrow', 'arrowhead');
  }

  // Hit areas last, on top: one per point (the number in the frame too) and one for the tray.
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    el('rect', {
      x: s.x, y: s.top ? 0 : G.H / 2, width: G.PW, height: G.H / 2, class: 'hit',
      'data-point': p, 'data-movable': legal[p] ? '1' : '0', 'data-dest': dests.includes(p) ? '1' : '0',
    }, board);
  }
  const tr = traySlot(mover() || 'white');
  el('rect', {
    x: G.trayX, y: tr.y, width: G.trayW, height: tr.h, class: 'hit',
    'data-point': 'off', 'data-movable': '0', 'data-dest': dests.includes('off') ? '1' : '0',
  }, board);
}

function renderPanel() {
  document.documentElement.lang = lang;
  document.title = t('title');
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  $('lang').textContent = lang === 'en' ? 'Ελληνικά' : 'English';
  $('lang').lang = lang === 'en' ? 'el' : 'en';
  $('notice').textContent = noticeText();
  $('error').textContent = S.error;
  $('why').textContent = S.why ? reasonText(S.why) : '';
  $('copy-id').textContent = t(S.copied ? 'copied' : 'copy');
  $('copy-invite').textContent = t(S.copiedInvite ? 'copied' : 'copy');
  renderOnline();

  const m = S.match;
  if (!m) {
    $('score').textContent = '';
    $('status').textContent = t('noMatch');
    $('last-play').textContent = '';
    for (const id of ['undo', 'confirm', 'hint', 'resign']) $(id).disabled = true;
    $('players').replaceChildren();
    $('position-row').classList.add('hidden');
    $('log').replaceChildren();
    $('numbering').textContent = '';
    $('opening').textContent = '';
    $('game-result').textContent = '';
    $('hints').replaceChildren();
    $('games').textContent = '';
    return;
  }
  $('score').textContent = `${t('matchTo', { n: m.match_to })} · ${t('white')} ${m.score.white} – ${m.score.black} ${t('black')} · ${t('game', { n: m.game.number })}`;

  // Players with pip counts and borne-off checkers.
  const pos = currentPosition();
  const rows = [];
  for (const side of ['white', 'black']) {
    let who = m.players[side] === 'human'
      ? (m.opponent === 'engine' ? t('you') : sideName(side))
      : `${t('engine')} (${levelName(m.level)})`;
    if (isOnline() && mySeat()) who = side === mySeat() ? t('you') : t('friend');
    const dot = document.createElement('span');
    dot.className = `dot ${side}`;
    const name = document.createElement('span');
    name.textContent = `${who}`;
    if (m.to_act && m.to_act.side === side) name.className = 'on-roll';
    const pips = document.createElement('span');
    pips.className = 'pips';
    pips.textContent = `${currentPips()[side]} ${t('pips')} · ${pos.off[side]} ${t('off')}`;
    rows.push(dot, name, pips);
  }
  $('players').replaceChildren(...rows);

  // The position ID of the turn's start (a mid-turn board has none of its own).
  $('position-row').classList.remove('hidden');
  $('position-id').textContent = m.game.position_id;

  $('status').textContent = statusText();
  const last = lastOpponentTurn();
  $('last-play').textContent = !last || m.game.log.length === 0 ? ''
    : t(!last.moves.length ? 'lastPass' : lastPlayToMark() ? 'lastPlay' : 'lastPlain', { side: sideName(last.side), dice: diceText(last.dice), play: last.notation });

  const ts = turnState();
  const mine = humanToAct() && !S.busy;
  $('undo').disabled = !mine || S.stack.length <= 1;
  const canConfirm = mine && ts && (ts.complete || ts.pass);
  $('confirm').disabled = !canConfirm;
  $('confirm').textContent = ts?.pass ? t('pass') : t('confirm');
  $('hint').disabled = !mine || !ts || ts.pass;
  // Online a seat's holder may resign its own game on either turn; a
  // spectator may not.
  $('resign').disabled = S.busy || m.over || !m.to_act || (m.opponent === 'engine' && !m.human_color)
    || (isOnline() && !mySeat());

  renderHints();
  renderLog();
}

// The previous game's result stays in view at the start of the next game;
// a spectator of a match played online is told why it only watches.
function noticeText() {
  const m = S.match;
  if (!m) return '';
  const out = [];
  if (isOnline() && !mySeat() && S.watchReason) out.push(t(S.watchReason));
  if (m.game.number >= 2 && m.game.log.length < 2) {
    const prev = m.games[m.game.number - 2];
    out.push(`${t('game', { n: prev.number })}: ${resultText(prev.result)}`);
  }
  return out.join(' ');
}

// The invitation link while the friend's seat is free, and who is connected.
function renderOnline() {
  const m = S.match;
  const box = $('invite'), pres = $('presence');
  $('watch-note').classList.toggle('hidden', !m || !isOnline() || !!mySeat() || m.over);
  if (!m || !isOnline()) {
    box.classList.add('hidden');
    pres.classList.add('hidden');
    $('dice-note').classList.add('hidden');
    pres.textContent = '';
    return;
  }
  const me = mySeat(), on = m.online;
  const invite = me && !m.over && !on.taken[other(me)] ? seatOf(m.id)?.invite : null;
  box.classList.toggle('hidden', !invite);
  if (invite) {
    const link = inviteLink(m.id, invite);
    if ($('invite-link').value !== link) $('invite-link').value = link;
  }
  let s;
  const lost = !LIVE.up && LIVE.wasUp;
  if (lost) s = t('reconnecting');
  else if (me) {
    const friend = other(me);
    s = `${t('youPlay', { side: sideName(me) })} `
      + t(on.connected[friend] ? 'friendOn' : on.taken[friend] ? 'friendOff' : 'friendNotYet');
  } else {
    s = ['white', 'black'].map((c) => t(on.connected[c] ? 'sideOn' : 'sideOff', { side: sideName(c) })).join(' ');
  }
  pres.textContent = s;
  pres.dataset.friend = lost ? 'lost' : me ? (on.connected[other(me)] ? 'connected' : 'away') : '';
  pres.classList.remove('hidden');
  renderDiceNote(m, me);
}

// Where the dice of a match online come from, and once it is over how to
// check them (the record reveals the server's secret).
function renderDiceNote(m, me) {
  const note = $('dice-note');
  const shares = m.dice_from?.kind === 'contributions';
  note.classList.toggle('hidden', !shares);
  if (!shares) return;
  const mine = me && seatOf(m.id)?.contribution;
  note.replaceChildren(document.createTextNode(
    mine && m.dice_from.contributions[me] === mine ? t('diceShares', { mine: mine.slice(0, 12) }) : t('diceSharesWatch')));
  if (m.over) {
    note.append(document.createElement('br'), document.createTextNode(`${t('diceCheck')} `));
    const a = document.createElement('a');
    a.href = `/api/v1/matches/${encodeURIComponent(m.id)}/record`;
    a.textContent = t('recordLink');
    a.download = `plakoto-${m.id}.json`;
    note.append(a, document.createTextNode('.'));
  }
}

// This browser's own random share of the dice of a match online: 32 bytes
// from the platform's cryptographic generator, as 64 hex digits.
function newShare() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const inviteLink = (id, code) => `${location.origin}/match/${id}#join=${encodeURIComponent(code)}`;

function levelName(l) {
  return (TEXT[lang].levelName || {})[l] || l || '';
}

// A level's description in the page's language, else as the API wrote it.
function levelAbout(l) {
  return (TEXT[lang].levelAbout || {})[l.name] || l.about || '';
}

function statusText() {
  const m = S.match;
  if (m.over) {
    const a = m.score[m.winner], b = m.score[other(m.winner)];
    if (m.opponent === 'engine') return m.winner === m.human_color ? t('youWin', { a, b }) : t('youLose', { a, b });
    if (mySeat()) return m.winner === mySeat() ? t('youWin', { a, b }) : t('friendWins', { a, b });
    return t('matchOver', { side: sideName(m.winner), a, b });
  }
  if (!m.to_act) return isOnline() && !(m.online.taken.white && m.online.taken.black) ? t('waitJoin') : '';
  const d = diceText(m.game.dice);
  if (m.to_act.who === 'engine') return `${t('thinking')} (${sideName(m.to_act.side)} ${d})`;
  if (isOnline() && !humanToAct()) {
    const side = sideName(m.to_act.side);
    return mySeat() ? t('waitFriend', { side, dice: d }) : t('watching', { side, dice: d });
  }
  const ts = turnState();
  let s = m.opponent === 'engine' || isOnline() ? t('yourTurn', { dice: d }) : t('sideTurn', { side: sideName(m.to_act.side), dice: d });
  if (ts?.pass) s += ' ' + t('mustPass', { dice: d });
  else if (ts?.complete && !ts.legal_moves.length) s += ' ' + t('complete');
  else if (S.selected !== null) s += ' ' + t('pickDest');
  else s += ' ' + t('pickChecker');
  return s;
}

function openingText(g) {
  if (g.start === 'position') return t('setUp', { side: sideName(g.first) });
  if (!g.opening.length) return g.first ? t('winnerStarts', { side: sideName(g.first) }) : '';
  const parts = g.opening.map(([w, b]) => t('openingRoll', { w, b }) + (w === b ? ` (${t('openingTie')})` : ''));
  return `${t('opening')} ${parts.join('; ')}. ${g.first ? t('starts', { side: sideName(g.first) }) : ''}`;
}

const rankKey = (i) => `${S.match.id}:${S.match.game.number}:${i}`;

function rankText(r) {
  if (r.pending) return t('ranking');
  if (r.error) return r.error;
  if (r.of <= 1) return t('rankOnly');
  if (r.rank === 1) return t('rankBest', { of: r.of });
  return t('rankNth', { nth: ordinal(r.rank), of: r.of, x: num(r.loss), best: r.best });
}

function renderLog() {
  const m = S.match, g = game();
  const items = [];
  $('opening').textContent = openingText(g);
  $('numbering').textContent = t('numbering', { other: sideGenitive(other(viewer())) });
  g.log.forEach((e, i) => {
    const li = document.createElement('li');
    li.className = e.side;
    const notation = e.notation === 'pass' ? t('passLog') : e.notation;
    const play = document.createElement('span');
    play.className = 'play';
    play.textContent = `${sideName(e.side)} ${diceText(e.dice)}: ${notation}`;
    li.appendChild(play);
    // The person's own plays can be ranked against the others of their roll
    // (online: the plays of this browser's seat).
    if (m.players[e.side] === 'human' && e.moves.length && (!isOnline() || e.side === mySeat())) {
      const r = S.ranks[rankKey(i)];
      if (r) {
        const span = document.createElement('span');
        span.className = 'rank-result';
        span.textContent = rankText(r);
        li.appendChild(span);
      } else {
        const b = document.createElement('button');
        b.className = 'rank';
        b.type = 'button';
        b.textContent = t('rankButton');
        b.title = t('rankTitle');
        b.dataset.index = i;
        b.addEventListener('click', () => rankPlay(i));
        li.appendChild(b);
      }
    }
    items.push(li);
  });
  $('log').replaceChildren(...items);
  $('game-result').textContent = g.result ? resultText(g.result) : '';
  const key = `${m.id}:${g.number}:${g.log.length}`;
  if (S.logLen !== key) { $('log').scrollTop = $('log').scrollHeight; S.logLen = key; }
  const done = m.games.filter((x) => x.result && x.number < g.number);
  $('games').textContent = done.map((x) => `${t('game', { n: x.number })}: ${resultText(x.result)}`).join(' ');
}

function renderHints() {
  const box = $('hints');
  const H = S.hint;
  if (!H) { box.replaceChildren(); delete box.dataset.ply; delete box.dataset.mid; return; }
  box.dataset.ply = H.ply;
  box.dataset.mid = H.mid ? '1' : '0';
  const out = [];
  const title = document.createElement('h2');
  title.textContent = `${t('hintTitle')} · ${t('depth', { n: H.ply })}`;
  out.push(title);
  if (H.mid) {
    const p = document.createElement('p');
    p.id = 'hint-loss';
    p.className = H.loss > 0.0005 ? 'loss' : 'no-loss';
    p.textContent = H.loss > 0.0005
      ? `${t('movesLose', { x: num(H.loss) })} ${H.best ? t('bestPlay', { play: H.best.notation }) : ''}`
      : t('movesFine');
    out.push(p);
    const from = document.createElement('p');
    from.className = 'note';
    from.textContent = t('hintFrom');
    out.push(from);
  }
  const ol = document.createElement('ol');
  H.plays.forEach((h, i) => {
    const li = document.createElement('li');
    if (i === S.shownHint) li.className = 'shown';
    const play = document.createElement('span');
    play.className = 'play';
    play.textContent = h.notation;
    const eq = document.createElement('span');
    eq.className = 'eq';
    eq.textContent = `${signed(h.equity)}${i ? ` (−${num(h.diff)})` : ''}`;
    const odds = document.createElement('span');
    odds.className = 'odds';
    odds.textContent = [
      t('win', { p: percent(h.probabilities.win) }),
      t('winDouble', { p: percent(h.probabilities.win_double) }),
      t('depth', { n: h.ply }),
    ].join(' · ');
    li.append(play, eq, odds);
    li.addEventListener('click', () => { S.shownHint = i; render(); });
    ol.appendChild(li);
  });
  out.push(ol);
  const play = document.createElement('button');
  play.textContent = t('playThis');
  play.id = 'play-hint';
  play.disabled = S.shownHint === null;
  play.addEventListener('click', () => playHint());
  out.push(play);
  box.replaceChildren(...out);
}

function showError(msg) {
  S.error = msg || '';
  $('error').textContent = S.error;
}

// ---------------------------------------------------------------- actions

async function run(fn) {
  if (S.busy) return;
  S.busy = true;
  render();
  try {
    await fn();
    S.error = '';
  } catch (e) {
    S.error = e.message;
    if (e.status === 409) await reload();
  } finally {
    S.busy = false;
    render();
  }
  afterRender();
}

function setMatch(m) {
  // A review of another match ends when this one opens.
  if (R.open && R.matchId !== m.id) {
    dropReviewJob();
    Object.assign(R, { open: false, data: null, sel: null, busy: false });
  }
  S.match = m;
  S.stack = m.game.entry ? [m.game.entry] : [];
  S.selected = null;
  S.hint = null;
  S.shownHint = null;
  S.why = '';
  localStorage.setItem('plakoto-last', m.id);
  // Moves saved for an earlier version were confirmed or overtaken.
  try {
    if (JSON.parse(localStorage.getItem(pendingKey(m.id)))?.version !== m.version) localStorage.removeItem(pendingKey(m.id));
  } catch { localStorage.removeItem(pendingKey(m.id)); }
  if (m.opponent === 'online') {
    forgetUsedInvite();
    startLive(m.id);
    // The single moves the friend has entered so far of this turn.
    if (m.pending && !humanToAct()) showRemoteMoves(m.pending);
  } else {
    stopLive();
  }
}

// Once the friend has taken the seat, the invitation is of no more use.
function forgetUsedInvite() {
  const m = S.match, me = mySeat();
  if (!m || !me) return;
  const seat = seatOf(m.id);
  if (seat?.invite && m.online.taken[other(me)]) {
    delete seat.invite;
    saveSeat(m.id, seat);
  }
}

async function reload() {
  if (!S.match) return;
  setMatch(await api('GET', `/api/v1/matches/${S.match.id}`));
}

let engineTimer = null;
function afterRender() {
  clearTimeout(engineTimer);
  const m = S.match;
  // The engine waits while the person reviews the match.
  if (m && !m.over && m.to_act && m.to_act.who === 'engine' && !S.busy && !R.open) {
    engineTimer = setTimeout(() => run(async () => {
      setMatch(await api('POST', `/api/v1/matches/${m.id}/engine-move`, { version: m.version }));
    }), engineDelay());
  }
}

// Sends a single move to /turn. A legal one is made; an illegal one (a drop
// or click on a point it cannot go to) is refused with the server's reason,
// which is shown.
async function move(from, to) {
  // from/to in White's numbering ('off' for the tray); sent in the mover's.
  const side = mover();
  const f = fromWhite(from, side), tt = to === 'off' ? 0 : fromWhite(to, side);
  const ts = turnState();
  const m = S.match;
  await run(async () => {
    let next;
    try {
      next = await api('POST', '/api/v1/turn', {
        position: game().position, dice: game().dice, moves: [...ts.moves, [f, tt]],
      });
    } catch (e) {
      if (e.status !== 422) throw e;
      S.why = e.message;
      S.selected = null;
      return;
    }
    // The match moved on meanwhile (online: the friend resigned): drop it.
    if (S.match !== m) return;
    S.stack.push(next);
    S.selected = null;
    S.hint = null;
    S.shownHint = null;
    S.why = '';
    savePending();
  });
}

// Why nothing can move from point p (White's numbering), as the server said.
function whyNot(p) {
  const ts = turnState();
  if (!ts || p === 'off' || p === null) return '';
  return ts.why_not?.[fromWhite(p, mover())] || '';
}

// Does point p show a checker of the mover's (on top, or pinned underneath)?
function holdsMover(p) {
  const pos = currentPosition();
  if (!pos || p === 'off') return false;
  const n = pos.board[p] || 0;
  return (mover() === 'white' ? n > 0 : n < 0) || pos.pinned[p] === mover();
}

function clickPoint(p) {
  if (!humanToAct() || S.busy) return;
  const legal = legalByFrom();
  if (S.selected !== null && (legal[S.selected] || []).includes(p)) {
    move(S.selected, p);
    return;
  }
  if (p !== 'off' && legal[p]) {
    S.why = '';
    if (legal[p].length === 1) { move(p, legal[p][0]); return; }
    S.selected = S.selected === p ? null : p;
  } else if (S.selected !== null && p !== S.selected && !holdsMover(p)) {
    // A destination the picked checker cannot reach: the server says why.
    move(S.selected, p);
    return;
  } else {
    S.why = whyNot(p);
    S.selected = null;
  }
  render();
}

function undo() {
  if (S.stack.length > 1) S.stack.pop();
  savePending();
  S.selected = null;
  S.hint = null;
  S.shownHint = null;
  S.why = '';
  render();
}

async function confirmPlay() {
  const ts = turnState();
  if (!ts || !(ts.complete || ts.pass)) return;
  const m = S.match;
  await run(async () => {
    // The friend sees the last single move before the play.
    await sharedAll();
    setMatch(await api('POST', `/api/v1/matches/${m.id}/play`, { moves: ts.pass ? [] : ts.moves, version: m.version }));
  });
}

// The hint at 2-ply (the API's default, as deep as the strongest level),
// asked for by name so the page says what it shows; in the middle of a turn it
// ranks the plays that go on from the single moves made, and says what
// those moves cost.
async function hint() {
  const g = game();
  const ts = turnState();
  const mid = S.stack.length > 1 && ts?.moves?.length > 0;
  await run(async () => {
    const body = { position: g.position, dice: g.dice, ply: 2, max: 5 };
    if (mid) body.moves = ts.moves;
    const r = await api('POST', '/api/v1/hint', body);
    S.hint = { ply: r.ply, plays: r.plays, loss: r.loss ?? 0, best: r.best || null, mid };
    S.shownHint = r.plays.length ? 0 : null;
  });
}

async function playHint() {
  const h = S.hint?.plays?.[S.shownHint];
  if (!h) return;
  const m = S.match;
  await run(async () => {
    const states = await turnStates(h.moves);
    if (S.match !== m) return;
    S.stack = [S.stack[0], ...states];
    S.hint = null;
    S.shownHint = null;
    S.selected = null;
    S.why = '';
    savePending();
  });
}

// How one of the person's past plays ranked among the plays of its roll.
async function rankPlay(i) {
  const e = game().log[i];
  const key = rankKey(i);
  S.ranks[key] = { pending: true };
  renderLog();
  try {
    const r = await api('POST', '/api/v1/hint', { position: e.position_id, dice: e.dice, played: e.moves, ply: 2, max: 1 });
    const p = r.played;
    S.ranks[key] = { rank: p.rank, of: p.of, loss: p.loss, best: r.plays[0]?.notation || '' };
  } catch (err) {
    S.ranks[key] = { error: err.message };
  }
  if (S.match) renderLog();
}

async function resign() {
  const m = S.match;
  const side = m.opponent === 'engine' ? m.human_color : isOnline() ? mySeat() : m.to_act.side;
  if (!side) return;
  // The rules decide the points (2 while nothing is borne off, else 1); the
  // server says how many, and the request confirms that number.
  const n = m.resign_points ? m.resign_points[side] : 1;
  if (!window.confirm(t('confirmResign', { n, s: n === 1 ? '' : 's', pts: pointsWord(n) }))) return;
  await run(async () => {
    setMatch(await api('POST', `/api/v1/matches/${m.id}/resign`, { side, points: n, version: m.version }));
  });
}

async function copyPositionId() {
  const id = $('position-id').textContent;
  try {
    await navigator.clipboard.writeText(id);
  } catch {
    // Without the clipboard API (an insecure page), copy the selection.
    const range = document.createRange();
    range.selectNodeContents($('position-id'));
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    try { document.execCommand('copy'); } catch { /* the ID stays selected */ }
  }
  S.copied = true;
  $('copy-id').textContent = t('copied');
  setTimeout(() => { S.copied = false; $('copy-id').textContent = t('copy'); }, 1500);
}

async function copyInvite() {
  const input = $('invite-link');
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    try { document.execCommand('copy'); } catch { /* the link stays selected */ }
  }
  S.copiedInvite = true;
  $('copy-invite').textContent = t('copied');
  setTimeout(() => { S.copiedInvite = false; $('copy-invite').textContent = t('copy'); }, 1500);
}

async function openMatch(id) {
  await run(async () => {
    try {
      setMatch(await api('GET', `/api/v1/matches/${encodeURIComponent(id)}`));
      await restorePending();
      // Online, the friend sees the moves kept over a reload (or a restart
      // of the server, which keeps them in memory only).
      if (isOnline() && S.stack.length > 1) shareMoves();
    } catch (e) {
      if (e.status === 404) { noMatch(); openNewDialog(); throw new Error(t('notFound')); }
      throw e;
    }
  });
}

function noMatch() {
  stopLive();
  S.match = null;
}

// Opens a friend's invitation link: takes the free seat (once) and keeps
// its secret. An invitation used already opens the match to watch.
async function joinMatch(id, code) {
  await run(async () => {
    try {
      const contribution = newShare();
      const r = await api('POST', `/api/v1/matches/${encodeURIComponent(id)}/join`, { invite: code, contribution });
      saveSeat(id, { side: r.seat.side, token: r.seat.token, contribution });
      S.watchReason = '';
      setMatch(r);
    } catch (e) {
      if (e.status === 404) { noMatch(); openNewDialog(); throw new Error(t('notFound')); }
      if (e.status !== 409) throw e;
      S.watchReason = 'inviteUsed';
      setMatch(await api('GET', `/api/v1/matches/${encodeURIComponent(id)}`));
    }
  });
}

async function newMatch(form) {
  const opponent = form.opponent.value;
  const body = { opponent, length: Number(form.length.value) };
  if (opponent === 'engine') { body.level = form.level.value; body.human_color = form.color.value; }
  if (opponent === 'online') { body.human_color = form.color.value; body.contribution = newShare(); }
  const start = form.position.value.trim();
  if (start) body.position = start;
  $('new-error').textContent = '';
  let refused = null;
  await run(async () => {
    let m;
    try {
      m = await api('POST', '/api/v1/matches', body);
    } catch (e) {
      // A position that cannot be read: say why in the dialog, kept open.
      if (e.status === 422 && start) { refused = e; return; }
      throw e;
    }
    $('new-dialog').close();
    form.position.value = '';
    history.pushState({}, '', `/match/${m.id}`);
    // Online: this browser's seat, and the invitation to send (shown until the friend takes it).
    if (m.seat) saveSeat(m.id, { side: m.seat.side, token: m.seat.token, invite: m.invite, contribution: body.contribution });
    S.watchReason = '';
    S.match = null;
    setMatch(m);
  });
  if (refused) {
    $('new-error').textContent = refused.message;
    if (!$('new-dialog').open) $('new-dialog').showModal();
  } else if ($('new-dialog').open && S.error) {
    $('new-dialog').close();
  }
}

function showLevelAbout() {
  const l = S.levels.find((x) => x.name === $('level').value);
  $('level-about').textContent = l ? levelAbout(l) : '';
}

async function openNewDialog() {
  if (!S.levels.length) {
    try { S.levels = await api('GET', '/api/v1/levels'); } catch { S.levels = []; }
  }
  const sel = $('level');
  const chosen = sel.value;
  sel.replaceChildren(...S.levels.map((l) => {
    const o = document.createElement('option');
    o.value = l.name;
    o.textContent = levelName(l.name);
    o.title = levelAbout(l);
    if (chosen ? l.name === chosen : l.default) o.selected = true;
    return o;
  }));
  showLevelAbout();
  const last = localStorage.getItem('plakoto-last');
  $('resume').classList.toggle('hidden', !last || (S.match && S.match.id === last));
  for (const e of $('new-dialog').querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  $('position-input').placeholder = t('startFromHint');
  toggleEngineOptions();
  if (!$('new-dialog').open) $('new-dialog').showModal();
}

function toggleEngineOptions() {
  const opponent = $('new-form').opponent.value;
  $('engine-options').classList.toggle('hidden', opponent !== 'engine');
  $('color-options').classList.toggle('hidden', opponent === 'human');
  $('online-about').classList.toggle('hidden', opponent !== 'online');
}

// ---------------------------------------------------------------- online: the live stream

// While a match played online is open, its live stream stays open
// (server-sent events, read with fetch so that the seat's secret goes in a
// header): the new state at every change, the single moves the side on
// roll enters, and who is connected. It reconnects by itself after a drop
// or a restart of the server; the first event is always the current state.
const LIVE = { id: null, abort: null, up: false, wasUp: false };

function stopLive() {
  LIVE.id = null;
  if (LIVE.abort) LIVE.abort.abort();
  LIVE.abort = null;
  LIVE.up = false;
  LIVE.wasUp = false;
}

function startLive(id) {
  if (LIVE.id === id) return;
  stopLive();
  LIVE.id = id;
  liveLoop(id);
}

function setLiveUp(up) {
  if (LIVE.up === up) return;
  LIVE.up = up;
  if (up) LIVE.wasUp = true;
  // Shown after a moment only, so a quick reconnection does not flicker.
  if (up) liveRender();
  else setTimeout(() => { if (!LIVE.up && S.match) liveRender(); }, 1500);
}

// Redraws for news from the stream, but not under a checker being dragged
// (the drop redraws).
function liveRender() {
  if (drag?.moved) return;
  render();
}

// One event block of a text/event-stream: { event, data }, or null for a comment.
function parseEvent(block) {
  let event = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const i = line.indexOf(':');
    const field = i < 0 ? line : line.slice(0, i);
    let value = i < 0 ? '' : line.slice(i + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: data.join('\n') } : null;
}

// A stream silent for longer than this (it sends a comment every 15 s) is dead.
const LIVE_SILENCE_MS = 40000;

async function liveLoop(id) {
  let backoff = 250;
  while (LIVE.id === id) {
    const ctl = new AbortController();
    LIVE.abort = ctl;
    let watchdog = null;
    const alive = () => { clearTimeout(watchdog); watchdog = setTimeout(() => ctl.abort(), LIVE_SILENCE_MS); };
    try {
      alive();
      const path = `/api/v1/matches/${encodeURIComponent(id)}`;
      const res = await fetch(`${path}/events`, {
        headers: { Accept: 'text/event-stream', ...authFor(path) }, signal: ctl.signal, cache: 'no-store',
      });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done || LIVE.id !== id) break;
        alive();
        buf = (buf + decoder.decode(value, { stream: true })).replace(/\r\n/g, '\n');
        let end;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const ev = parseEvent(buf.slice(0, end));
          buf = buf.slice(end + 2);
          if (ev && LIVE.id === id) {
            backoff = 250;
            onLive(ev);
          }
        }
      }
    } catch {
      // Dropped, refused or silent: try again below.
    }
    clearTimeout(watchdog);
    if (LIVE.id !== id) break;
    setLiveUp(false);
    await sleep(backoff);
    backoff = Math.min(backoff * 2, 3000);
  }
}

function onLive({ event, data }) {
  let d;
  try { d = JSON.parse(data); } catch { return; }
  const m = S.match;
  if (!m || m.id !== LIVE.id) return;
  if (event === 'state') {
    setLiveUp(true);
    applyLiveState(d);
  } else if (event === 'moves') {
    // This browser's own moves come back too.
    if (d.side !== mySeat()) showRemoteMoves(d);
  } else if (event === 'presence') {
    if (m.online) {
      m.online.connected = { white: !!d.white, black: !!d.black };
      // A seat connected is a seat taken.
      for (const c of ['white', 'black']) if (d[c]) m.online.taken[c] = true;
      forgetUsedInvite();
      liveRender();
    }
  }
}

// A state from the stream: newer than the one shown replaces it; the same
// version brings the seats and who is connected (and any moves of the
// friend's turn missed); an older one is dropped.
function applyLiveState(d) {
  const m = S.match;
  if (!d || d.id !== m.id || d.version < m.version) return;
  if (d.version === m.version) {
    m.online = d.online;
    m.pending = d.pending;
    forgetUsedInvite();
    if (d.pending && !humanToAct()) showRemoteMoves(d.pending);
    liveRender();
    return;
  }
  setMatch(d);
  liveRender();
  afterRender();
}

// The single moves the side on roll has entered, drawn on this board as the
// server's /turn gives the board after them. The latest wins.
let remoteSeq = 0;
async function showRemoteMoves({ version, side, moves }) {
  const m = S.match;
  if (!m || version !== m.version || humanToAct() || side !== m.to_act?.side || !S.stack.length) return;
  const seq = ++remoteSeq;
  let states = [];
  if (moves.length) {
    try {
      states = [await api('POST', '/api/v1/turn', { position: m.game.position, dice: m.game.dice, moves })];
    } catch {
      return;
    }
  }
  if (seq !== remoteSeq || S.match !== m) return;
  S.stack = [S.stack[0], ...states];
  render();
}

// This browser's single moves of its turn, shown to the friend and the
// spectators: sent one request at a time, in order, the latest only.
const SHARE = { next: null, running: null };

function shareMoves() {
  const m = S.match;
  if (!m || !isOnline() || !humanToAct()) return;
  const ts = turnState();
  SHARE.next = { id: m.id, body: { version: m.version, moves: S.stack.length > 1 && ts ? ts.moves : [] } };
  if (!SHARE.running) SHARE.running = flushShare();
}

async function flushShare() {
  while (SHARE.next) {
    const { id, body } = SHARE.next;
    SHARE.next = null;
    try {
      await api('POST', `/api/v1/matches/${encodeURIComponent(id)}/moves`, body);
    } catch {
      // The turn is over or the match changed: the stream's state sets it right.
    }
  }
  SHARE.running = null;
}

// Waits until the moves entered have all been sent.
async function sharedAll() {
  while (SHARE.running) await SHARE.running;
}

// ---------------------------------------------------------------- input: click and drag

let drag = null;

board.addEventListener('pointerdown', (evt) => {
  if (!humanToAct() || S.busy || R.open) return;
  const { x, y } = svgPoint(evt);
  const p = hitTest(x, y);
  drag = { from: p, x0: x, y0: y, moved: false, ghost: null };
  board.setPointerCapture(evt.pointerId);
});

board.addEventListener('pointermove', (evt) => {
  if (!drag) return;
  const { x, y } = svgPoint(evt);
  const legal = legalByFrom();
  if (!drag.moved && Math.hypot(x - drag.x0, y - drag.y0) > 8 && drag.from !== null && legal[drag.from]) {
    drag.moved = true;
    S.selected = drag.from;
    S.why = '';
    render();
    drag.ghost = el('circle', { r: G.R, class: `checker ${mover()} ghost` }, board);
  }
  if (drag.ghost) { drag.ghost.setAttribute('cx', x); drag.ghost.setAttribute('cy', y); }
});

board.addEventListener('pointerup', (evt) => {
  if (!drag) return;
  const d = drag;
  drag = null;
  const { x, y } = svgPoint(evt);
  const p = hitTest(x, y);
  if (d.ghost) d.ghost.remove();
  // The turn ended meanwhile (online: the friend resigned).
  if (!humanToAct()) { S.selected = null; render(); return; }
  if (d.moved) {
    // Dropped on another point: legal or not, the server decides (and says why not).
    if (p !== null && p !== d.from) move(d.from, p);
    else { S.selected = null; render(); }
  } else if (p !== null) {
    clickPoint(p);
  }
});

board.addEventListener('pointercancel', () => { if (drag?.ghost) drag.ghost.remove(); drag = null; });

// The text sizes follow the board's size on screen.
new ResizeObserver(() => {
  if (drag) return;
  if (Math.abs(boardScale() - (Z.k || 0)) > 0.005) renderBoard();
}).observe($('board-wrap'));

// ---------------------------------------------------------------- wiring

$('undo').addEventListener('click', undo);
$('confirm').addEventListener('click', confirmPlay);
$('hint').addEventListener('click', hint);
$('resign').addEventListener('click', resign);
$('copy-id').addEventListener('click', copyPositionId);
$('copy-invite').addEventListener('click', copyInvite);
$('invite-link').addEventListener('focus', (evt) => evt.target.select());
$('new').addEventListener('click', openNewDialog);
$('lang').addEventListener('click', () => {
  lang = lang === 'en' ? 'el' : 'en';
  localStorage.setItem('plakoto-lang', lang);
  render();
  if ($('new-dialog').open) openNewDialog();
});
$('new-form').addEventListener('change', toggleEngineOptions);
$('level').addEventListener('change', showLevelAbout);
$('new-form').addEventListener('submit', (evt) => {
  evt.preventDefault();
  newMatch($('new-form'));
});
$('new-cancel').addEventListener('click', () => $('new-dialog').close());
$('resume').addEventListener('click', () => {
  const id = localStorage.getItem('plakoto-last');
  $('new-dialog').close();
  history.pushState({}, '', `/match/${id}`);
  openMatch(id);
});
wireReview();
window.addEventListener('popstate', route);
document.addEventListener('keydown', (evt) => {
  if (evt.target.closest('dialog')) return;
  if (R.open) {
    if (evt.key === 'ArrowLeft') stepTurn(-1);
    else if (evt.key === 'ArrowRight') stepTurn(1);
    else if (evt.key === 'Escape') closeReview();
    return;
  }
  if (evt.key === 'Enter' && !$('confirm').disabled) confirmPlay();
  else if ((evt.key === 'Backspace' || evt.key === 'z') && !$('undo').disabled) undo();
});

function route() {
  const m = location.pathname.match(/^\/match\/([A-Za-z0-9_-]+)$/);
  if (!m) { noMatch(); render(); openNewDialog(); return; }
  // A friend's invitation: /match/ID#join=CODE. The code leaves the address
  // bar at once; a browser that holds a seat in the match already just opens it.
  const join = location.hash.match(/^#join=([^&]+)/);
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  S.watchReason = '';
  if (join && !seatOf(m[1])) joinMatch(m[1], decodeURIComponent(join[1]));
  else openMatch(m[1]);
}

render();
route();
