// The page's words in English, Greek and Bulgarian, and how it writes
// numbers, dice, results and levels. One language at a time: English
// strings hold no Greek, Greek strings use the terms of docs/RULES.md, and
// Bulgarian ones a Bulgarian player's (пул, зар, чифт, капия, тапа, марс;
// REGIONAL.md). Every key of English is in the other two, and the other
// two have the same keys (crates/web/tests/page_text.rs checks it).

// Pips are "βήματα" in Greek and "пипове" in Bulgarian, so that "πόντοι"
// and "точки" only ever mean match points.
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
    resignTitle: 'Resign this game',
    resignHelp: 'Resigning gives {other} {n} point{s} and ends the game. Or offer a single game (1 point): {other} may accept it or play on.',
    resignSingle: 'Offer a single game (1 point)', resignAll: 'Resign: {n} point{s}',
    offerToPerson: '{side} offers to resign a single game (1 point). {other}: do you accept?',
    offerDeclined: '{other} declines the single game: play on.',
    offerToYou: '{side} offers to resign a single game (1 point).', offerWaiting: 'You offered a single game (1 point): waiting for {other}\'s answer.',
    offerWatched: '{side} offers to resign a single game (1 point).', accept: 'Accept', decline: 'Decline',
    confirmResign: 'Resign this game? The opponent scores {n} point{s}.', hintTitle: 'Best plays', playThis: 'Play this',
    equity: 'equity', noMatch: 'Start a new match.', notFound: 'That match does not exist. Start a new one.',
    busy: 'The server is busy; trying again…', pinned: 'pinned', score: 'Score',
    levelName: {
      random: 'Random', heuristic: 'Heuristic', beginner: 'Beginner', casual: 'Casual', advanced: 'Advanced',
      expert: 'Expert', master: 'Master',
    },
    pinnedBy: 'pinned checker', hitHere: 'a checker was hit here', enteredFromBar: 'entered from the bar', passLog: 'pass', board: 'Tavli board',
    pinLegend: 'Red ring: a pinned checker, held under the opponent’s until that one leaves.',
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
    games: 'Game', tavliMatch: 'Tavli: Portes, Plakoto, Fevga in turn', language: 'Language',
    tablaMatch: 'Tabla: Tabla, Gul bara, Tapa in turn', tablaMatchTo: 'Tabla match to {n}',
    gameName: {
      portes: 'Portes', plakoto: 'Plakoto', fevga: 'Fevga', gulbara: 'Gul bara',
      tapa: 'Tapa', tsilliton: 'Tsillitón', mahbusa: 'Mahbusa', tabla: 'Tabla',
    },
    sideGenitive: { white: 'White', black: 'Black' },
    boardOf: '{game} board', tavliMatchTo: 'Tavli match to {n}', gameOf: 'Game {n}: {game}',
    gameAndNext: '{game}, then {next}', nextGameOf: 'Next game: {game}',
    afterDraw: 'After the drawn {drawn} the rotation goes on to {next}; the opening roll decides who starts.',
    portesNote: '{game}: a checker that is hit goes to the bar (the middle column) and must enter first, in the opponent’s home board; the points it can enter on are lit.',
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
    resignTitle: 'Παραίτηση από την παρτίδα',
    resignHelp: 'Με την παραίτηση τα {other} παίρνουν {n} {pts} και η παρτίδα τελειώνει. Ή πρότεινε μονό (1 πόντος): τα {other} μπορούν να το δεχτούν ή να συνεχίσουν.',
    resignSingle: 'Πρόταση για μονό (1 πόντος)', resignAll: 'Παραίτηση: {n} {pts}',
    offerToPerson: 'Τα {side} προτείνουν παραίτηση με μονό (1 πόντος). Τα {other} δέχονται;',
    offerDeclined: 'Τα {other} δεν δέχονται το μονό· το παιχνίδι συνεχίζεται.',
    offerToYou: 'Τα {side} προτείνουν παραίτηση με μονό (1 πόντος).', offerWaiting: 'Πρότεινες μονό (1 πόντος): περιμένεις την απάντηση των {other}.',
    offerWatched: 'Τα {side} προτείνουν παραίτηση με μονό (1 πόντος).', accept: 'Δέχομαι', decline: 'Δεν δέχομαι',
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
    pinnedBy: 'πλακωμένο πούλι', hitHere: 'εδώ χτυπήθηκε πούλι', enteredFromBar: 'μπήκε από τη μπάρα', passLog: 'γκέλα', board: 'Ταμπλό τάβλι',
    pinLegend: 'Κόκκινος κύκλος: πλακωμένο πούλι, κρατιέται κάτω από του αντιπάλου μέχρι να φύγει εκείνο.',
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
    games: 'Παιχνίδι', tavliMatch: 'Τάβλι: Πόρτες, Πλακωτό, Φεύγα με τη σειρά', language: 'Γλώσσα',
    tablaMatch: 'Τάμπλα: Τάμπλα, Γκιουλ μπαρά, Τάπα με τη σειρά', tablaMatchTo: 'Αγώνας τάμπλα στους {n}',
    gameName: {
      portes: 'Πόρτες', plakoto: 'Πλακωτό', fevga: 'Φεύγα', gulbara: 'Γκιουλ μπαρά',
      tapa: 'Τάπα', tsilliton: 'Τσιλλιτόν', mahbusa: 'Μαχμπούσα', tabla: 'Τάμπλα',
    },
    boardOf: 'Ταμπλό: {game}', tavliMatchTo: 'Αγώνας τάβλι στους {n}', gameOf: 'Παρτίδα {n}: {game}',
    gameAndNext: '{game}, μετά {next}', nextGameOf: 'Επόμενη παρτίδα: {game}',
    afterDraw: 'Μετά την ισοπαλία ({drawn}) συνεχίζουμε με {next}· η πρώτη ζαριά κρίνει ποιος ξεκινά.',
    portesNote: '{game}: το χτυπημένο πούλι πάει στη μπάρα (τη μεσαία στήλη) και μπαίνει πρώτο, στην περιοχή μαζέματος του αντιπάλου· οι θέσεις όπου μπορεί να μπει φωτίζονται.',
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
  bg: {
    title: 'Тавли', newMatch: 'Нов мач', undo: 'Отмени', confirm: 'Потвърди', pass: 'Пас',
    hint: 'Подсказка', resign: 'Предай се', log: 'Ходове в партията', opponent: 'Противник',
    vsEngine: 'Компютърът', vsHuman: 'Приятел на същото устройство', level: 'Ниво', yourColor: 'Играеш с',
    whiteSide: 'Белите', blackSide: 'Черните', randomSide: 'Случайно', length: 'Мач до (точки)',
    resume: 'Продължи последния мач', cancel: 'Отказ', start: 'Започни', white: 'Белите', black: 'Черните',
    you: 'Ти', engine: 'Компютър', pips: 'пипа', off: 'събрани', matchTo: 'Мач до {n}',
    game: 'Партия {n}', nextGame: 'Следваща партия',
    matchScore: 'Резултат в мача: Белите {w}, Черните {b}, до {n}. Продължи, когато си готов.', yourTurn: 'Твой ход: {dice}.', sideTurn: 'На ход са {side}: {dice}.',
    thinking: 'Компютърът мисли…', pickChecker: 'Щракни или плъзни пул.',
    pickDest: 'Сега щракни къде отива.', complete: 'Ходът е цял: потвърди го или го отмени.',
    mustPass: 'Няма ход с {dice}: пас, ходът минава.',
    opening: 'Първо хвърляне:', openingRoll: 'Белите {w}, Черните {b}', openingTie: 'равни, хвърлят отново', starts: 'Започват {side}.',
    winnerStarts: '{side} спечелиха предната партия и започват.',
    setUp: 'Партията започва от зададена позиция; на ход са {side}.',
    winBearOff: '{side} събраха всички пулове и печелят {n} {pts}.', double: 'Марс!',
    winMother: '{side} затапиха майката и печелят 2 точки (марс).',
    draw: 'Реми: и двете майки са затапени. Без точки; първото хвърляне решава кой започва.',
    winResign: '{loser} се предават: {side} печелят {n} {pts}.',
    matchOver: '{side} печелят мача {a}–{b}.', youWin: 'Спечели мача {a}–{b}!',
    youLose: 'Компютърът печели мача {a}–{b}.',
    resignTitle: 'Предаване в партията',
    resignHelp: 'С предаването {other} получават {n} {pts} и партията свършва. Или предложи единична игра (1 точка): {other} могат да я приемат или да продължат.',
    resignSingle: 'Предложи единична игра (1 точка)', resignAll: 'Предай се: {n} {pts}',
    offerToPerson: '{side} предлагат да се предадат с единична игра (1 точка). {other}, приемате ли?',
    offerDeclined: '{other} не приемат единичната игра; играта продължава.',
    offerToYou: '{side} предлагат да се предадат с единична игра (1 точка).', offerWaiting: 'Предложи единична игра (1 точка): чакаш отговора на {other}.',
    offerWatched: '{side} предлагат да се предадат с единична игра (1 точка).', accept: 'Приемам', decline: 'Отказвам',
    confirmResign: 'Да се предадеш ли в тази партия? Противникът получава {n} {pts}.', hintTitle: 'Най-добри ходове',
    playThis: 'Изиграй го', equity: 'очаквани точки', noMatch: 'Започни нов мач.',
    notFound: 'Такъв мач няма. Започни нов.', busy: 'Сървърът е зает; опитвам отново…',
    pinned: 'затапен', score: 'Резултат', levelName: {
      random: 'Случаен', heuristic: 'Евристичен', beginner: 'Начинаещ', casual: 'Любител',
      advanced: 'Напреднал', expert: 'Експерт', master: 'Майстор',
    },
    levelAbout: {
      random: 'произволен позволен ход, напосоки',
      beginner: 'невронната мрежа с много шум: знае идеите, но често греши грубо',
      heuristic: 'оценка, написана на ръка: надбягване, тапи, майки, единични пулове, капии',
      casual: 'невронната мрежа с малко шум: стабилна игра с по някоя грешка',
      advanced: 'невронната мрежа без търсене: мигновена и силна',
      expert: 'търсене на дълбочина 1 през 21-те хвърляния на противника',
      master: 'търсене на дълбочина 2 с филтри на ходовете: най-силното ниво',
    },
    pinnedBy: 'затапен пул', hitHere: 'тук беше ударен пул', enteredFromBar: 'влезе от бара', passLog: 'пас', board: 'Табла',
    pinLegend: 'Червен кръг: затапен пул, държан под пула на противника, докато той не се махне.',
    depth: 'дълбочина {n}', win: 'победа {p}', winDouble: 'марс {p}', loseDouble: 'губиш с марс {p}',
    matchChance: 'мач {p}', chanceLost: '−{p} от мача',
    rankNthMatch: 'ходът ти е на {nth} място от {of}: с {p} по-малък шанс да спечелиш мача (най-добрият: {best})',
    hintFrom: 'Ходовете, които продължават от изиграното досега:',
    movesLose: 'Изиграното досега губи {x}.', movesFine: 'Изиграното досега не губи нищо.',
    bestPlay: 'Най-добър ход: {play}.',
    rankButton: 'Колко добър?', rankTitle: 'Къде се нарежда този ход?', ranking: 'изчислявам…',
    rankBest: 'ходът ти е най-добрият от {of}', rankOnly: 'ходът ти е единственият възможен',
    rankNth: 'ходът ти е на {nth} място от {of}, −{x} (най-добрият: {best})',
    lastPlay: 'Последен ход, отбелязан с виолетово: {side} {dice}: {play}.', lastPlain: 'Последен ход: {side} {dice}: {play}.',
    lastPass: 'Последно хвърляне: {side} {dice}: няма ход.',
    numbering: 'Всяка страна записва ходовете си със своя номерация: малките числа на таблата са на {other}.',
    positionId: 'Код на позицията', copy: 'Копирай', copied: 'Копирано',
    startFrom: 'Започни от позиция (по желание)', startFromHint: 'код на позиция или JSON на позиция',
    vsOnline: 'Приятел онлайн', onlineAbout: 'Ще получиш линк, който да пратиш на приятеля си; той играе в своя браузър.',
    inviteHelp: 'Прати този линк на приятеля си; важи само веднъж.', friend: 'Приятелят ти',
    waitFriend: 'Чакаш приятеля си ({side}) да изиграе: {dice}.', watching: 'Гледаш. На ход са {side}: {dice}.',
    friendWins: 'Приятелят ти печели мача {a}–{b}.', youPlay: 'Играеш с {side}.',
    friendOn: 'Приятелят ти е свързан.', friendOff: 'Приятелят ти не е свързан.',
    friendNotYet: 'Приятелят ти още не е отворил линка.',
    waitJoin: 'Първото хвърляне идва, щом приятелят ти заеме другото място.',
    diceShares: 'Заровете идват от запечатаната тайна на сървъра и от случаен дял, който добавя браузърът на всеки играч, така че никой сам не може да ги знае или да ги избира. Твоят дял: {mine}…',
    diceSharesWatch: 'Заровете идват от запечатаната тайна на сървъра и от случаен дял, който добавя браузърът на всеки играч.',
    diceCheck: 'Тайната на сървъра вече е разкрита: всеки може да провери всяко хвърляне с `tavli verify` върху',
    recordLink: 'записа на мача',
    sideOn: '{side} са свързани.', sideOff: '{side} не са свързани.',
    reconnecting: 'Връзката със сървъра прекъсна; свързвам се отново…',
    inviteUsed: 'Тази покана вече е използвана и този браузър няма място в мача: гледаш го.',
    inviteWrong: 'Това не е поканата за мача (грешен или непълен линк): гледаш го. Поискай линка отново от приятеля си.',
    watchNote: 'Само двамата играчи местят пулове; виждаш ходовете им, докато ги правят.',
    sideGenitive: { white: 'белите', black: 'черните' },
    games: 'Игра', tavliMatch: 'Тавли: Портес, Плакото, Февга поред', language: 'Език',
    tablaMatch: 'Табла: Табла, Гюлбара, Тапа поред', tablaMatchTo: 'Мач Табла до {n}',
    gameName: {
      portes: 'Портес', plakoto: 'Плакото', fevga: 'Февга', gulbara: 'Гюлбара',
      tapa: 'Тапа', tsilliton: 'Цилитон', mahbusa: 'Махбуса', tabla: 'Табла',
    },
    boardOf: 'Табла: {game}', tavliMatchTo: 'Мач Тавли до {n}', gameOf: 'Партия {n}: {game}',
    gameAndNext: '{game}, после {next}', nextGameOf: 'Следваща партия: {game}',
    afterDraw: 'След ремито в {drawn} се продължава с {next}; първото хвърляне решава кой започва.',
    portesNote: '{game}: ударен пул отива на бара (средната колона) и трябва първо да влезе, в къщата на противника; полетата, където може да влезе, светят.',
    fevgaNote: 'Февга: не се бие, и един пул държи полето. Двете страни се движат в една посока (пунктираната стрелка): всяка започва от отбелязаното си поле и събира от къщата си, ивицата в своя цвят. Докато първият ти пул (бегачът) не стигне твоето поле 12, само той може да се мести.',
    gulbaraNote: 'Гюлбара: не се бие, и един пул държи полето; двете страни се движат в една посока (пунктираната стрелка), от отбелязаното начало до къщата в своя цвят, и може да се мести всеки пул. От четвъртото хвърляне в партията чифтът е стълба: четири хода с числото му, после по четири с всяко по-голямо число до 6, които въвеждаш и потвърждаваш стъпало по стъпало. Стъпало, което не може да се довърши, слага край на хода, а остатъкът от стълбата минава у противника, който го изиграва, преди да хвърли.',
    rollCounter: 'Хвърляне {n} в партията; от хвърляне 4 чифтовете стават стълба.',
    ladderRolled: 'Хвърляне {n} в партията: {dice} е стълба и се играе стъпало по стъпало. Сега {now}.',
    ladderOn: 'Стълбата от хвърляне {n} продължава: сега {now}.',
    ladderHanded: 'Стълбата на {from} спря: {side} първо изиграват предадените зарове и после хвърлят, сега {now}; каквото не може да се изиграе, се губи.',
    ladderToCome: 'Следват: {then}.', ladderLast: 'Това е последното стъпало.',
    logLadder: 'стълба', logHanded: 'предадени', boardLadder: 'стълба', boardHanded: 'предадени',
    lastPlays: 'Последни ходове, отбелязани с виолетово: {plays}.', lastPlainMany: 'Последни ходове: {plays}.',
  },
};

// The languages, each named in itself (the page's language menu).
export const LANGUAGES = [['en', 'English'], ['el', 'Ελληνικά'], ['bg', 'Български']];

// The language chosen before, else the browser's first that the page speaks.
function browserLanguage() {
  const asked = navigator.languages?.length ? navigator.languages : [navigator.language || ''];
  for (const l of asked) {
    const code = String(l).slice(0, 2).toLowerCase();
    if (TEXT[code]) return code;
  }
  return 'en';
}
export let lang = localStorage.getItem('plakoto-lang') || browserLanguage();
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
  if (lang === 'bg') return n === 1 ? 'точка' : 'точки';
  return '';
}

// A number as the language writes it: a decimal comma in Greek and Bulgarian.
export function num(x, digits = 3) {
  const s = Math.abs(x).toFixed(digits);
  return lang === 'en' ? s : s.replace('.', ',');
}
export function signed(x, digits = 3) { return `${x < 0 ? '−' : '+'}${num(x, digits)}`; }
export function percent(p) { return `${num(100 * p, 1)}%`; }

export function ordinal(n) {
  if (lang === 'el') return `${n}η`;
  if (lang === 'bg') {
    // Of "място" (neuter): 1-во, 2-ро, 3-то, 4-то, 5-о, 7-мо, 11-о, 21-во.
    const teen = n % 100 >= 11 && n % 100 <= 19;
    return `${n}-${teen ? 'о' : ({ 1: 'во', 2: 'ро', 3: 'то', 4: 'то', 7: 'мо', 8: 'мо' }[n % 10] || 'о')}`;
  }
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

// A game's name (`portes`, `gulbara`, `tabla`, …) in the page's language;
// a game the page has no words for, as the server titles it.
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
