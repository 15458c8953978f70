// The review's words in English, Greek and Bulgarian (review.js shows
// them; the page's other words are text.js's). The same keys in every
// language (crates/web/tests/page_text.rs checks it).

import { lang } from './text.js';

const REVIEW_TEXT = {
  en: {
    review: 'Review', reviewRecord: 'Review a game', reviewTitle: 'Review', reviewing: 'Reviewing…',
    close: 'Close', download: 'Download the record', errorRate: 'Error rate', ratingHead: 'Rating',
    luckHead: 'Luck', adjustedHead: 'Adjusted', marksHead: '?!/?/??', plyLabel: 'Depth',
    markName: { doubtful: 'doubtful', bad: 'bad', 'very-bad': 'very bad' },
    forced: 'forced', bestWas: 'best: {p}', lost: '−{x}', luckOf: 'luck {x}',
    graphTitle: 'White’s chances after each turn: win (solid), double win (dashed); dots are marked plays. Click to choose a turn.',
    graphTitleBlack: 'Black’s chances after each turn: win (solid), double win (dashed); dots are marked plays. Click to choose a turn.',
    graphTitleMatch: 'White’s chances after each turn: win the match (thick violet), win the game (solid), win it double (dashed); dots are marked plays. Click to choose a turn.',
    graphTitleMatchBlack: 'Black’s chances after each turn: win the match (thick violet), win the game (solid), win it double (dashed); dots are marked plays. Click to choose a turn.',
    turnAxis: 'turn',
    gameFigures: '{side} {rate} ({rating}), luck {luck}', byGame: '{name}, {n} games',
    reviewPaste: 'Paste a match record (JSON) or a move list (`white starts`, then `6-4: 24/18 24/20`…; first `games tavli`, `games tabla`, `games portes`, `games fevga` or `games gulbara` for another game), or choose a file.',
    reviewGo: 'Review', reviewFile: 'File', perDecision: 'thousandths of a point per decision',
    playedArrow: 'played', bestArrow: 'best', noTurns: 'No turn has been played yet.',
    keys: '← → step through the turns.',
    adjustedSum: 'result {result} − own luck ({mine}) + the other’s luck ({theirs}) = {x}',
    resultLine: 'Result: White {white}, Black {black}',
    matchLostLine: 'chance to win the match given away by the plays: White {white}, Black {black}',
    adjustedAbout: 'the result with the luck of both sides’ rolls taken out',
    progress: 'Reviewing at {ply}-ply: turn {done} of {total}…',
    queued: 'Waiting for the engine ({n} before this review)…',
    cancelled: 'The review was stopped.',
    tooLong: 'too long to review at this depth here',
    recordHeader: 'Reviewing a pasted record',
    errors: {
      'bad-record': 'This is not a match record or a move list that can be read{line}.',
      'bad-json': 'This is not valid JSON: a match record is a JSON object.',
      'too-long': 'This match is too long to review at this depth here: choose a lower depth.',
      'too-many-reviews': 'You have too many reviews waiting or under way: wait for one to finish.',
      'no-engine-help': 'A match between two people online can be reviewed only once it is over.',
      'body-too-large': 'The record is too large to send.',
      busy: 'The server is busy; try again in a moment.', timeout: 'The review took too long and was stopped.',
      cancelled: 'The review was stopped.', other: 'The review failed.',
    },
    errorLine: ' (line {n})',
    rating: {},
  },
  el: {
    review: 'Ανάλυση', reviewRecord: 'Ανάλυση παρτίδας', reviewTitle: 'Ανάλυση', reviewing: 'Ανάλυση…',
    close: 'Κλείσιμο', download: 'Λήψη του αρχείου', errorRate: 'Σφάλμα', ratingHead: 'Επίπεδο',
    luckHead: 'Τύχη', adjustedHead: 'Χωρίς την τύχη', marksHead: '?!/?/??', plyLabel: 'Βάθος',
    markName: { doubtful: 'αμφίβολη', bad: 'κακή', 'very-bad': 'πολύ κακή' },
    forced: 'αναγκαστική', bestWas: 'καλύτερη: {p}', lost: '−{x}', luckOf: 'τύχη {x}',
    graphTitle: 'Οι πιθανότητες των Άσπρων μετά από κάθε κίνηση: νίκη (συνεχής), διπλό (διακεκομμένη)· οι τελείες είναι σημειωμένες κινήσεις. Πάτησε για να διαλέξεις κίνηση.',
    graphTitleBlack: 'Οι πιθανότητες των Μαύρων μετά από κάθε κίνηση: νίκη (συνεχής), διπλό (διακεκομμένη)· οι τελείες είναι σημειωμένες κινήσεις. Πάτησε για να διαλέξεις κίνηση.',
    graphTitleMatch: 'Οι πιθανότητες των Άσπρων μετά από κάθε κίνηση: νίκη στον αγώνα (χοντρή μωβ), νίκη στην παρτίδα (συνεχής), διπλή νίκη (διακεκομμένη)· οι τελείες είναι σημειωμένες κινήσεις. Πάτησε για να διαλέξεις κίνηση.',
    graphTitleMatchBlack: 'Οι πιθανότητες των Μαύρων μετά από κάθε κίνηση: νίκη στον αγώνα (χοντρή μωβ), νίκη στην παρτίδα (συνεχής), διπλή νίκη (διακεκομμένη)· οι τελείες είναι σημειωμένες κινήσεις. Πάτησε για να διαλέξεις κίνηση.',
    turnAxis: 'κίνηση',
    gameFigures: '{side} {rate} ({rating}), τύχη {luck}', byGame: '{name}, {n} παρτίδες',
    reviewPaste: 'Επικόλλησε ένα αρχείο αγώνα (JSON) ή μια λίστα κινήσεων (`white starts`, μετά `6-4: 24/18 24/20`…· πρώτα `games tavli`, `games tabla`, `games portes`, `games fevga` ή `games gulbara` για άλλο παιχνίδι), ή διάλεξε αρχείο.',
    reviewGo: 'Ανάλυση', reviewFile: 'Αρχείο', perDecision: 'χιλιοστά του πόντου ανά απόφαση',
    playedArrow: 'παίχτηκε', bestArrow: 'καλύτερη', noTurns: 'Δεν έχει παιχτεί ακόμη καμία κίνηση.',
    keys: '← → για να περάσεις από κίνηση σε κίνηση.',
    adjustedSum: 'αποτέλεσμα {result} − δική του τύχη ({mine}) + τύχη του αντιπάλου ({theirs}) = {x}',
    resultLine: 'Αποτέλεσμα: Άσπρα {white}, Μαύρα {black}',
    matchLostLine: 'πιθανότητα νίκης στον αγώνα που χάθηκε με τις κινήσεις: Άσπρα {white}, Μαύρα {black}',
    adjustedAbout: 'το αποτέλεσμα χωρίς την τύχη των ζαριών των δύο πλευρών',
    progress: 'Ανάλυση σε βάθος {ply}: κίνηση {done} από {total}…',
    queued: 'Αναμονή για τη μηχανή ({n} πριν από αυτή την ανάλυση)…',
    cancelled: 'Η ανάλυση σταμάτησε.',
    tooLong: 'πολύ μεγάλη για ανάλυση σε αυτό το βάθος εδώ',
    recordHeader: 'Ανάλυση επικολλημένου αρχείου',
    errors: {
      'bad-record': 'Αυτό δεν είναι αρχείο αγώνα ή λίστα κινήσεων που διαβάζεται{line}.',
      'bad-json': 'Αυτό δεν είναι έγκυρο JSON: ένα αρχείο αγώνα είναι αντικείμενο JSON.',
      'too-long': 'Ο αγώνας είναι πολύ μεγάλος για ανάλυση σε αυτό το βάθος εδώ: διάλεξε μικρότερο βάθος.',
      'too-many-reviews': 'Έχεις πάρα πολλές αναλύσεις σε αναμονή ή σε εξέλιξη: περίμενε να τελειώσει μία.',
      'no-engine-help': 'Ένας αγώνας δύο ανθρώπων μέσω διαδικτύου αναλύεται μόνο αφού τελειώσει.',
      'body-too-large': 'Το αρχείο είναι πολύ μεγάλο για αποστολή.',
      busy: 'Ο διακομιστής είναι απασχολημένος· δοκίμασε ξανά σε λίγο.', timeout: 'Η ανάλυση κράτησε πολύ και σταμάτησε.',
      cancelled: 'Η ανάλυση σταμάτησε.', other: 'Η ανάλυση απέτυχε.',
    },
    errorLine: ' (γραμμή {n})',
    rating: {
      Supernatural: 'Υπερφυσικό', 'World class': 'Παγκόσμιας κλάσης', Expert: 'Ειδικός', Advanced: 'Προχωρημένος',
      Intermediate: 'Μέτριος', 'Casual player': 'Περιστασιακός παίκτης', Beginner: 'Αρχάριος', 'Awful!': 'Απαίσιο!',
    },
  },
  bg: {
    review: 'Анализ', reviewRecord: 'Анализ на партия', reviewTitle: 'Анализ', reviewing: 'Анализирам…',
    close: 'Затвори', download: 'Изтегли записа', errorRate: 'Грешки', ratingHead: 'Ниво',
    luckHead: 'Късмет', adjustedHead: 'Без късмета', marksHead: '?!/?/??', plyLabel: 'Дълбочина',
    markName: { doubtful: 'съмнителен', bad: 'лош', 'very-bad': 'много лош' },
    forced: 'принуден', bestWas: 'най-добър: {p}', lost: '−{x}', luckOf: 'късмет {x}',
    graphTitle: 'Шансовете на белите след всеки ход: победа (плътна линия), марс (пунктир); точките са отбелязани ходове. Щракни, за да избереш ход.',
    graphTitleBlack: 'Шансовете на черните след всеки ход: победа (плътна линия), марс (пунктир); точките са отбелязани ходове. Щракни, за да избереш ход.',
    graphTitleMatch: 'Шансовете на белите след всеки ход: победа в мача (дебела виолетова), победа в партията (плътна), победа с марс (пунктир); точките са отбелязани ходове. Щракни, за да избереш ход.',
    graphTitleMatchBlack: 'Шансовете на черните след всеки ход: победа в мача (дебела виолетова), победа в партията (плътна), победа с марс (пунктир); точките са отбелязани ходове. Щракни, за да избереш ход.',
    turnAxis: 'ход',
    gameFigures: '{side} {rate} ({rating}), късмет {luck}', byGame: '{name}, {n} партии',
    reviewPaste: 'Постави запис на мач (JSON) или списък с ходове (`white starts`, после `6-4: 24/18 24/20`…; първо `games tavli`, `games tabla`, `games portes`, `games fevga` или `games gulbara` за друга игра), или избери файл.',
    reviewGo: 'Анализирай', reviewFile: 'Файл', perDecision: 'хилядни от точката на решение',
    playedArrow: 'изигран', bestArrow: 'най-добър', noTurns: 'Още не е изигран нито един ход.',
    keys: '← → за минаване от ход на ход.',
    adjustedSum: 'резултат {result} − собственият късмет ({mine}) + късметът на другия ({theirs}) = {x}',
    resultLine: 'Резултат: белите {white}, черните {black}',
    matchLostLine: 'шанс за победа в мача, изпуснат с ходовете: белите {white}, черните {black}',
    adjustedAbout: 'резултатът без късмета в заровете на двете страни',
    progress: 'Анализ на дълбочина {ply}: ход {done} от {total}…',
    queued: 'Чакам компютъра ({n} преди този анализ)…',
    cancelled: 'Анализът беше спрян.',
    tooLong: 'твърде дълга за анализ на тази дълбочина тук',
    recordHeader: 'Анализ на поставен запис',
    errors: {
      'bad-record': 'Това не е запис на мач или списък с ходове, който може да се прочете{line}.',
      'bad-json': 'Това не е валиден JSON: записът на мач е JSON обект.',
      'too-long': 'Мачът е твърде дълъг за анализ на тази дълбочина тук: избери по-малка дълбочина.',
      'too-many-reviews': 'Имаш твърде много анализи в очакване или в ход: изчакай един да свърши.',
      'no-engine-help': 'Мач между двама души онлайн може да се анализира само след като свърши.',
      'body-too-large': 'Записът е твърде голям за изпращане.',
      busy: 'Сървърът е зает; опитай пак след малко.', timeout: 'Анализът продължи твърде дълго и беше спрян.',
      cancelled: 'Анализът беше спрян.', other: 'Анализът не успя.',
    },
    errorLine: ' (ред {n})',
    rating: {
      Supernatural: 'Свръхестествено', 'World class': 'Световна класа', Expert: 'Експерт', Advanced: 'Напреднал',
      Intermediate: 'Среден', 'Casual player': 'Любител', Beginner: 'Начинаещ', 'Awful!': 'Ужасно!',
    },
  },
};

// A review text in the page's language.
export function rt(key, vars) {
  const table = REVIEW_TEXT[lang] || REVIEW_TEXT.en;
  let s = table[key] ?? REVIEW_TEXT.en[key] ?? key;
  for (const [k, v] of Object.entries(vars || {})) s = s.split(`{${k}}`).join(String(v));
  return s;
}

// Why a review was refused or failed, in the page's language: in English
// the server's own message (it names what it could not read); in the
// others the words for its code, with the line of a move list it names.
export function reviewErrorText(e) {
  if (lang === 'en' && e.message) return e.message;
  const words = rt('errors');
  const line = e.message?.match(/\bline (\d+)/);
  return (words[e.code] || words.other).split('{line}').join(line ? rt('errorLine', { n: line[1] }) : '');
}
