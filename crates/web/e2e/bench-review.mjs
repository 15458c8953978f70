// The review benchmark of `scripts/bench-review`: how long a review of a
// game of TURNS turns at PLY plies takes through the HTTP API of the
// binary under test, and how quick another match's engine moves and hints
// stay meanwhile (against the same figures with no review running).
//
// A server with review jobs (POST /api/v1/matches/{id}/review) is followed
// job by job; an older one is asked GET …/review and waited for. Several
// reviews at once (REVIEWS, of different games) load it further.
//
//   node bench-review.mjs            # TURNS=100 PLY=2 REVIEWS=1 LIVE=1
//   TAVLI_BIN=/path/to/plakoto TURNS=100 PLY=2 REVIEWS=2 node bench-review.mjs
//
// LIVE=0 times the reviews alone, without the other match's load;
// SERVE_ARGS="--review-threads 2" is passed to `tavli serve`.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin, startServer } from './server.mjs';

const TURNS = Number(process.env.TURNS || 100);
const PLY = Number(process.env.PLY || 2);
const REVIEWS = Number(process.env.REVIEWS || 1);
const LIVE = process.env.LIVE !== '0';

async function api(url, method, p, body) {
  const t = performance.now();
  const res = await fetch(`${url}${p}`, {
    method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => null);
  return { status: res.status, data, ms: performance.now() - t };
}

// A match between two people with `turns` turns played, plays picked along the list.
async function played(url, turns, seed) {
  let { data: m } = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', length: 25, seed });
  for (let i = 0; i < turns; i++) {
    const plays = m.game.plays;
    const r = await api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: plays[(i * 7) % plays.length].moves, version: m.version });
    if (r.status !== 200) throw new Error(`play: ${r.status} ${JSON.stringify(r.data)}`);
    m = r.data;
  }
  return m.id;
}

// Engine moves (expert) and 2-ply hints in another match until `stop()`; their times.
async function liveLoad(url, stop) {
  const times = { move: [], hint: [], refused: 0 };
  let { data: m } = await api(url, 'POST', '/api/v1/matches', { opponent: 'engine', level: 'expert', human_color: 'black', length: 25, seed: 9 });
  while (!stop()) {
    if (m.over) ({ data: m } = await api(url, 'POST', '/api/v1/matches', { opponent: 'engine', level: 'expert', human_color: 'black', length: 25, seed: 10 }));
    let r;
    if (m.to_act.who === 'engine') {
      r = await api(url, 'POST', `/api/v1/matches/${m.id}/engine-move`, { version: m.version });
      if (r.status === 200) times.move.push(r.ms);
    } else {
      const h = await api(url, 'POST', '/api/v1/hint', { position: m.game.position_id, dice: m.game.dice, ply: 2 });
      if (h.status === 200) times.hint.push(h.ms); else times.refused++;
      r = await api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: m.game.plays[0].moves, version: m.version });
    }
    if (r.status === 200) m = r.data; else { times.refused++; await new Promise((ok) => setTimeout(ok, 200)); }
  }
  return times;
}

function summary(xs) {
  if (!xs.length) return 'none';
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(0);
  return `${s.length} · median ${q(0.5)} ms · p90 ${q(0.9)} ms · max ${s[s.length - 1].toFixed(0)} ms`;
}

// One review of match `id`: by job when the server has them, else the old GET.
async function review(url, id) {
  const t = performance.now();
  const start = await api(url, 'POST', `/api/v1/matches/${id}/review?ply=${PLY}`);
  if (start.status === 405 || start.status === 404) {
    const r = await api(url, 'GET', `/api/v1/matches/${id}/review?ply=${PLY}`);
    return { how: 'GET (no jobs)', status: r.status, error: r.data?.error, s: (performance.now() - t) / 1000 };
  }
  if (start.status !== 200 && start.status !== 202) return { how: 'job', status: start.status, error: start.data?.error, s: 0 };
  let job = start.data;
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((ok) => setTimeout(ok, 250));
    job = (await api(url, 'GET', `/api/v1/reviews/${job.id}`)).data;
  }
  return { how: 'job', status: job.status, turns: job.total, s: (performance.now() - t) / 1000 };
}

const dir = mkdtempSync(path.join(tmpdir(), 'plakoto-bench-review-'));
const serveArgs = (process.env.SERVE_ARGS || '').split(' ').filter(Boolean);
const server = await startServer(path.join(dir, 'bench.db'), '127.0.0.1:0', serveArgs);
try {
  const { url } = server;
  console.log(`binary ${bin}; ${REVIEWS} review(s) of ${TURNS} turns at ${PLY}-ply`);
  const ids = [];
  for (let i = 0; i < REVIEWS; i++) ids.push(await played(url, TURNS, 100 + i));
  if (LIVE) {
    let quiet = false;
    setTimeout(() => { quiet = true; }, 8000);
    const base = await liveLoad(url, () => quiet);
    console.log(`no review:     engine moves ${summary(base.move)}; hints ${summary(base.hint)}; refused ${base.refused}`);
  }
  let running = LIVE;
  const load = liveLoad(url, () => !running);
  const results = await Promise.all(ids.map((id) => review(url, id)));
  running = false;
  const during = await load;
  for (const r of results) console.log(`review: ${JSON.stringify(r)}`);
  if (LIVE) console.log(`during review: engine moves ${summary(during.move)}; hints ${summary(during.hint)}; refused ${during.refused}`);
} finally {
  server.proc.kill();
  rmSync(dir, { recursive: true, force: true });
}
