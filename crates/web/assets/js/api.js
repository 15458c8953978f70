// The server: requests to /api/v1, and the seats of matches played online
// (each seat's secret kept by the browser that holds it).

import { showError, sleep } from './state.js';
import { t } from './text.js';

// A match played online: each seat's secret is kept by the browser that holds
// the seat, per match, in localStorage (never in an address), and sent with
// every request about that match.
const seatKey = (id) => `plakoto-seat-${id}`;

export function seatOf(id) {
  try {
    const s = JSON.parse(localStorage.getItem(seatKey(id)));
    return s && typeof s.token === 'string' ? s : null;
  } catch { return null; }
}

export function saveSeat(id, seat) { localStorage.setItem(seatKey(id), JSON.stringify(seat)); }

// The Authorization header for a request about a match this browser holds a seat in.
export function authFor(path) {
  const m = path.match(/^\/api\/v1\/matches\/([A-Za-z0-9_-]+)(?:[/?]|$)/);
  const seat = m && seatOf(m[1]);
  return seat ? { Authorization: `Bearer ${seat.token}` } : {};
}

export async function api(method, path, body) {
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
      // Why a play or move is illegal: a code and its parameters (reasons.js words it).
      err.reason = data?.error?.reason;
      throw err;
    }
    return data;
  }
}
