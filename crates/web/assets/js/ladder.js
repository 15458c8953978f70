// A game's roll counter and doubles ladder on the page (Gul bara's): what
// the panel says of the roll and of the stage being played, the stage's
// dice drawn on the board with the stages to come, and how the log heads a
// stage. The server says which stage a decision is (`game.stage`,
// `log[].stage`) and the position JSON carries the counter (`roll`); the
// page only words them.

import { betweenGames } from './state.js';
import { diceText, other, sideGenitive, sideName, t } from './text.js';

// Dice listed as a stage is: `5,5,5`.
const listed = (dice) => dice.join(',');

// Dice in stages of one number each, listed: `5,5,5,5 · 6,6,6,6`.
function inStages(dice) {
  const out = [];
  for (const d of dice) {
    if (out.length && out[out.length - 1][0] === d) out[out.length - 1].push(d);
    else out.push([d]);
  }
  return out.map(listed).join(' · ');
}

// The dice of a stage (its moves of its number), or null for no stage.
export function stageDice(stage) {
  return stage ? Array(stage.moves).fill(stage.die) : null;
}

// The dice of a decision as the status names them: the roll (`4-4`), or
// for dice played without a throw the stage's (`5,5,5`).
export function decisionDice(g) {
  return g.stage && g.stage.kind !== 'rolled' ? listed(stageDice(g.stage)) : diceText(g.dice);
}

// The panel's words on the roll counter and the ladder, in a game that has
// them (its position carries `roll`); empty otherwise.
export function ladderText(m) {
  const g = m?.game, pos = g?.position;
  if (!g || typeof pos?.roll !== 'number' || g.result || m.over || betweenGames()) return '';
  const st = g.stage;
  if (!st) return t('rollCounter', { n: pos.roll });
  const now = listed(stageDice(st));
  let s;
  if (st.kind === 'handed') s = t('ladderHanded', { from: sideGenitive(other(g.turn)), side: sideName(g.turn), now });
  else if (st.kind === 'ladder') s = t('ladderOn', { n: st.roll, now });
  else s = t('ladderRolled', { n: st.roll, dice: diceText(g.dice), now });
  return `${s} ${st.then.length ? t('ladderToCome', { then: inStages(st.then) }) : t('ladderLast')}`;
}

// A log entry's dice: `4-4`; for a stage `4-4 (ladder, 4,4,4,4)`,
// `(ladder, 5,5,5,5)` or `(handed over, 5,5,5)`.
export function logDice(e) {
  const st = e.stage;
  if (!st) return diceText(e.dice);
  const what = `(${t(st.kind === 'handed' ? 'logHanded' : 'logLadder')}, ${listed(stageDice(st))})`;
  return st.kind === 'rolled' ? `${diceText(e.dice)} ${what}` : what;
}

// A log entry's head: its side and dice, `Black (handed over, 5,5,5)`.
export const logHead = (e) => `${sideName(e.side)} ${logDice(e)}`;

// The board's label under a stage's dice: the stage's number and the
// numbers to come, `ladder 4 → 5 → 6`, `handed over 5 → 6`.
export function boardLabel(st) {
  if (!st) return '';
  const numbers = [st.die, ...new Set(st.then)];
  return `${t(st.kind === 'handed' ? 'boardHanded' : 'boardLadder')} ${numbers.join(' → ')}`;
}
