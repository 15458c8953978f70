// The page's words in English and Greek, and how it writes numbers, dice,
// results and levels. One language at a time: English strings hold no
// Greek, Greek strings use the terms of docs/RULES.md.

// Pips are "βήματα" in Greek, so that "πόντοι" only ever means match points.
const TEXT = {
  en: {
    title: 'Tavli', newMatch: 'New match', undo: 'Undo', confirm: 'Confirm', pass: 'Pass',
    hint: 'Hint', resign: 'Resign', log: 'Game log', opponent: 'Opponent', vsEngine: 'The computer',
    vsHuman: 'A friend on this device', level: 'Level', yourColor: 'You play', whiteSide: 'White',
    blackSide: 'Black', randomSide: 'Random', length: 'Match to (points)', resume: 'Resume last match',
    cancel: 'Cancel', start: 'Start', white: 'White', black: 'Black', you: 'You', engine: 'Computer',
    pips: 'pips', off: 'off', matchTo: 'Match to {n}', game: 'Game {n}',
    nextGame: 'Next game', matchScore: 'Match score: White {w}, Black {b}, playing to {n}. Go on when you are ready.',
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
    pinnedBy: 'pinned checker', passLog: 'pass', board: 'Tavli board',
    depth: '{n}-ply', win: 'win {p}', winDouble: 'double {p}', loseDouble: 'lose double {p}',
    matchChance: 'match {p}', chanceLost: '−{p} of the match',
    rankNthMatch: 'your play was the {nth} best of {of}: {p} less chance to win the match (best {best})',
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
    diceCheck: 'The server’s secret is revealed now: anyone can check every roll with `tavli verify` on the',
    recordLink: 'match record',
    sideOn: '{side} is connected.', sideOff: '{side} is not connected.',
    reconnecting: 'The connection to the server was lost; reconnecting…',
    inviteUsed: 'This invitation has been used already, and this browser holds no seat in the match: you are watching it.',
    inviteWrong: 'This is not the match’s invitation (a wrong or mistyped link): you are watching it. Ask your friend for the link again.',
    watchNote: 'Only the two players can move; you see their moves as they make them.',
    games: 'Game', tavliMatch: 'Tavli: Portes, Plakoto, Fevga in turn',
    gameName: { portes: 'Portes', plakoto: 'Plakoto', fevga: 'Fevga', gulbara: 'Gul bara' },
    sideGenitive: { white: 'White', black: 'Black' },
    boardOf: '{game} board', tavliMatchTo: 'Tavli match to {n}', gameOf: 'Game {n}: {game}',
    gameAndNext: '{game}, then {next}', nextGameOf: 'Next game: {game}',
    afterDraw: 'After the drawn Plakoto the rotation goes on to Fevga; the opening roll decides who starts.',
    portesNote: 'Portes: a checker that is hit goes to the bar (the middle column) and must enter first, in the opponent’s home board; the points it can enter on are lit.',
    fevgaNote: 'Fevga: no hitting, and one checker holds a point. Both sides go round the same way (the dashed arrow): each starts on its ringed point and bears off from its home, the band in its colour. Until your first checker (the runner) reaches your 12-point, only it may move.',
    gulbaraNote: 'Gul bara: no hitting, and one checker holds a point; both sides go round the same way (the dashed arrow), from the ringed start to the home in their colour, and any checker may move. From the game’s 4th roll a doublet is a ladder: four moves of its number, then four of each higher number up to 6, entered and confirmed stage by stage. A stage that cannot be finished ends the turn, and the rest of the ladder goes to the opponent, who plays it before rolling.',
    rollCounter: 'Roll {n} of the game; doublets ladder from roll 4.',
    ladderRolled: 'Roll {n} of the game: {dice} is a ladder, played stage by stage. Now {now}.',
    ladderOn: 'The ladder of roll {n} goes on: now {now}.',
    ladderHanded: '{from}’s ladder stalled: {side} plays the dice handed over before rolling, now {now}; what cannot be played is lost.',
    ladderToCome: 'Still to come: {then}.', ladderLast: 'This is the last stage.',
    logLadder: 'ladder', logHanded: 'handed over', boardLadder: 'ladder', boardHanded: 'handed over',
    lastPlays: 'Last turn, marked in violet: {plays}.', lastPlainMany: 'Last turn: {plays}.',
  },
  el: {
    title: 'Τάβλι', newMatch: 'Νέος αγώνας', undo: 'Αναίρεση', confirm: 'Επιβεβαίωση', pass: 'Πάσο',
    hint: 'Υπόδειξη', resign: 'Παραίτηση', log: 'Κινήσεις παρτίδας', opponent: 'Αντίπαλος',
    vsEngine: 'Ο υπολογιστής', vsHuman: 'Φίλος στην ίδια συσκευή', level: 'Επίπεδο', yourColor: 'Παίζεις με',
    whiteSide: 'Άσπρα', blackSide: 'Μαύρα', randomSide: 'Τυχαία', length: 'Αγώνας στους (πόντους)',
    resume: 'Συνέχεια τελευταίου αγώνα', cancel: 'Άκυρο', start: 'Έναρξη', white: 'Άσπρα', black: 'Μαύρα',
    you: 'Εσύ', engine: 'Υπολογιστής', pips: 'βήματα', off: 'μαζεμένα', matchTo: 'Αγώνας στους {n}',
    game: 'Παρτίδα {n}', nextGame: 'Επόμενη παρτίδα',
    matchScore: 'Σκορ του αγώνα: Άσπρα {w}, Μαύρα {b}, στους {n}. Συνέχισε όταν είσαι έτοιμος.', yourTurn: 'Σειρά σου: {dice}.', sideTurn: 'Παίζουν τα {side}: {dice}.',
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
    pinnedBy: 'πλακωμένο πούλι', passLog: 'γκέλα', board: 'Ταμπλό τάβλι',
    depth: 'βάθος {n}', win: 'νίκη {p}', winDouble: 'διπλό {p}', loseDouble: 'χάνεις διπλό {p}',
    matchChance: 'αγώνας {p}', chanceLost: '−{p} του αγώνα',
    rankNthMatch: 'η κίνησή σου ήταν η {nth} καλύτερη από {of}: {p} λιγότερη πιθανότητα να κερδίσεις τον αγώνα (καλύτερη: {best})',
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
    diceCheck: 'Το μυστικό του διακομιστή αποκαλύφθηκε: ο καθένας μπορεί να ελέγξει κάθε ζαριά με το `tavli verify` στο',
    recordLink: 'αρχείο του αγώνα',
    sideOn: 'Τα {side} είναι συνδεδεμένα.', sideOff: 'Τα {side} δεν είναι συνδεδεμένα.',
    reconnecting: 'Χάθηκε η σύνδεση με τον διακομιστή· ξανασυνδέομαι…',
    inviteUsed: 'Η πρόσκληση έχει ήδη χρησιμοποιηθεί και αυτός ο φυλλομετρητής δεν έχει θέση στον αγώνα: τον παρακολουθείς.',
    inviteWrong: 'Αυτή δεν είναι η πρόσκληση του αγώνα (λάθος ή ελλιπής σύνδεσμος): τον παρακολουθείς. Ζήτα ξανά τον σύνδεσμο από τον φίλο σου.',
    watchNote: 'Μόνο οι δύο παίκτες κινούν πούλια· βλέπεις τις κινήσεις τους τη στιγμή που γίνονται.',
    sideGenitive: { white: 'Άσπρων', black: 'Μαύρων' },
    games: 'Παιχνίδι', tavliMatch: 'Τάβλι: Πόρτες, Πλακωτό, Φεύγα με τη σειρά',
    gameName: { portes: 'Πόρτες', plakoto: 'Πλακωτό', fevga: 'Φεύγα', gulbara: 'Γκιουλ μπαρά' },
    boardOf: 'Ταμπλό: {game}', tavliMatchTo: 'Αγώνας τάβλι στους {n}', gameOf: 'Παρτίδα {n}: {game}',
    gameAndNext: '{game}, μετά {next}', nextGameOf: 'Επόμενη παρτίδα: {game}',
    afterDraw: 'Μετά την ισοπαλία στο πλακωτό συνεχίζουμε με φεύγα· η πρώτη ζαριά κρίνει ποιος ξεκινά.',
    portesNote: 'Πόρτες: το χτυπημένο πούλι πάει στη μπάρα (τη μεσαία στήλη) και μπαίνει πρώτο, στην περιοχή μαζέματος του αντιπάλου· οι θέσεις όπου μπορεί να μπει φωτίζονται.',
    fevgaNote: 'Φεύγα: δεν χτυπάμε, και ένα πούλι πιάνει πόρτα. Και οι δύο πάνε με την ίδια φορά (το διακεκομμένο βέλος): ο καθένας ξεκινά από τη σημειωμένη μάνα του και μαζεύει από την περιοχή μαζέματός του, τη λωρίδα στο χρώμα του. Ώσπου το πρώτο σου πούλι να φτάσει τη θέση 12 σου, κινείται μόνο αυτό.',
    gulbaraNote: 'Γκιουλ μπαρά: δεν χτυπάμε, και ένα πούλι πιάνει πόρτα· και οι δύο πάνε με την ίδια φορά (το διακεκομμένο βέλος), από τη σημειωμένη μάνα ως το σπίτι στο χρώμα τους, και κινείται όποιο πούλι θέλεις. Από την 4η ζαριά της παρτίδας οι διπλές γίνονται σκάλα: τέσσερις κινήσεις του ζαριού, μετά τέσσερις από κάθε μεγαλύτερο νούμερο ως το 6, που παίζεις και επιβεβαιώνεις σκαλί σκαλί. Σκαλί που δεν τελειώνει κλείνει τη σειρά σου, και η υπόλοιπη σκάλα πάει στον αντίπαλο, που την παίζει πριν ρίξει.',
    rollCounter: 'Ζαριά {n} της παρτίδας· οι διπλές γίνονται σκάλα από τη ζαριά 4.',
    ladderRolled: 'Ζαριά {n} της παρτίδας: το {dice} είναι σκάλα και παίζεται σκαλί σκαλί. Τώρα {now}.',
    ladderOn: 'Η σκάλα της ζαριάς {n} συνεχίζεται: τώρα {now}.',
    ladderHanded: 'Η σκάλα των {from} κόλλησε: τα {side} παίζουν πρώτα τα ζάρια που τους δόθηκαν και μετά ρίχνουν, τώρα {now}· ό,τι δεν παίζεται χάνεται.',
    ladderToCome: 'Ακολουθούν: {then}.', ladderLast: 'Είναι το τελευταίο σκαλί.',
    logLadder: 'σκάλα', logHanded: 'δοσμένα', boardLadder: 'σκάλα', boardHanded: 'δοσμένα',
    lastPlays: 'Τελευταία σειρά, σημειωμένη με μωβ: {plays}.', lastPlainMany: 'Τελευταία σειρά: {plays}.',
  },
};

export let lang = localStorage.getItem('plakoto-lang') || ((navigator.language || '').startsWith('el') ? 'el' : 'en');
if (!TEXT[lang]) lang = 'en';

// Switches the page's language, remembered for the next visit.
export function setLang(l) {
  lang = TEXT[l] ? l : 'en';
  localStorage.setItem('plakoto-lang', lang);
}

export function t(key, vars) {
  let s = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  for (const [k, v] of Object.entries(vars || {})) s = s.split(`{${k}}`).join(String(v));
  return s;
}

export function sideName(c) { return t(c); }
export function sideGenitive(c) { return (TEXT[lang].sideGenitive || {})[c] || sideName(c); }
export const other = (c) => (c === 'white' ? 'black' : 'white');

export function pointsWord(n) {
  if (lang === 'el') return n === 1 ? 'πόντο' : 'πόντους';
  return '';
}

// A number as the language writes it: a decimal comma in Greek.
export function num(x, digits = 3) {
  const s = Math.abs(x).toFixed(digits);
  return lang === 'el' ? s.replace('.', ',') : s;
}
export function signed(x, digits = 3) { return `${x < 0 ? '−' : '+'}${num(x, digits)}`; }
export function percent(p) { return `${num(100 * p, 1)}%`; }

export function ordinal(n) {
  if (lang === 'el') return `${n}η`;
  const s = (n % 100 >= 11 && n % 100 <= 13) ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th');
  return `${n}${s}`;
}

export function diceText(d) { return d ? `${d[0]}-${d[1]}` : ''; }

export function resultText(r) {
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

export function levelName(l) {
  return (TEXT[lang].levelName || {})[l] || l || '';
}

// A level's description in the page's language, else as the API wrote it.
export function levelAbout(l) {
  return (TEXT[lang].levelAbout || {})[l.name] || l.about || '';
}

// A game's name (`portes`, `plakoto`, `fevga`, `gulbara`) in the page's
// language; a game the page has no words for, as the server titles it.
let serverTitles = {};
export function knowGameTitles(titles) { serverTitles = titles; }
export function gameName(kind) {
  return (TEXT[lang].gameName || {})[kind] || TEXT.en.gameName[kind] || serverTitles[kind] || kind || '';
}

// Game n's title: `Game 2: Plakoto`, or `Game 2` when `named` is false
// (a match of Plakoto alone, whose games need no name).
export function gameTitle(n, kind, named) {
  return named ? t('gameOf', { n, game: gameName(kind) }) : t('game', { n });
}
