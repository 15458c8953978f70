// Online: the match's live stream and the single moves shown to the
// friend and the spectators.

import { api, authFor } from './api.js';
import { S, humanToAct, isOnline, render, sleep, turnState } from './state.js';

// While a match played online is open, its live stream stays open
// (server-sent events, read with fetch so that the seat's secret goes in a
// header): the new state at every change, the single moves the side on
// roll enters, and who is connected. It reconnects by itself after a drop
// or a restart of the server; the first event is always the current state.
// `onEvent` gets each event ({ event, data }).
export const LIVE = { id: null, abort: null, up: false, wasUp: false, onEvent: null };

export function stopLive() {
  LIVE.id = null;
  if (LIVE.abort) LIVE.abort.abort();
  LIVE.abort = null;
  LIVE.up = false;
  LIVE.wasUp = false;
}

export function startLive(id, onEvent) {
  LIVE.onEvent = onEvent;
  if (LIVE.id === id) return;
  stopLive();
  LIVE.id = id;
  liveLoop(id);
}

export function setLiveUp(up) {
  if (LIVE.up === up) return;
  LIVE.up = up;
  if (up) LIVE.wasUp = true;
  // Shown after a moment only, so a quick reconnection does not flicker.
  if (up) liveRender();
  else setTimeout(() => { if (!LIVE.up && S.match) liveRender(); }, 1500);
}

// Redraws for news from the stream, but not under a checker being dragged
// (the drop redraws).
export function liveRender() {
  if (S.drag?.moved) return;
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
            LIVE.onEvent(ev);
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

// This browser's single moves of its turn, shown to the friend and the
// spectators: sent one request at a time, in order, the latest only.
const SHARE = { next: null, running: null };

export function shareMoves() {
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
export async function sharedAll() {
  while (SHARE.running) await SHARE.running;
}
