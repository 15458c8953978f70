#!/usr/bin/env python3
"""GNU Backgammon's neural nets as a Portes player over the engine protocol.

A test tool, run as a separate process (`external:scripts/gnubg-engine` in
`tavli duel`); it imports the GPL-3 `gnubg-nn` module from PyPI and is
never linked into the project's binaries. See tools/gnubg/README.md.

Protocol (docs/INTERFACE.md, "Engine protocol" and "Portes"): one JSON
object per line on stdin, one line answered on stdout.

    {"type":"play","position":POSITION,"dice":[6,4]}  ->  {"moves":[[24,18],[24,20]]}
    {"type":"quit"} or end of input                   ->  exit 0
    anything that cannot be answered                  ->  {"error":"..."}

The play chosen is, among gnubg's legal plays for the roll, the one whose
resulting position has the highest cubeless money equity for the mover
with a backgammon counted as a gammon (Portes scores it 2):
P(win) - P(lose) + P(win gammon) - P(lose gammon), each position evaluated
by gnubg at --ply plies from the opponent's side (it is on roll) and turned
round.
"""

import argparse
import base64
import json
import sys

MAX_LINE = 64 * 1024

# Portes's start (TAVLI.md Part 3b).
START = {
    "game": "portes",
    "turn": "white",
    "board": {"24": 2, "13": 5, "8": 3, "6": 5, "1": -2, "12": -5, "17": -3, "19": -5},
    "bar": {"white": 0, "black": 0},
    "off": {"white": 0, "black": 0},
}

COLOURS = ("white", "black")

# gnubg's "Normal" move filter at 0-ply for 1- and 2-ply play (its manual,
# "Move filters"): up to 8 plays within 0.16 equity of the best go on to
# the full depth.
FILTER_KEEP = 8
FILTER_WITHIN = 0.16


class BadRequest(Exception):
    """A request that cannot be answered; its text names the fault."""


# --------------------------------------------------------------------------
# Positions: our JSON <-> a plain record <-> gnubg's board


class Position:
    """A Portes position in White's numbering.

    `points[p]` (p = 1..24) is the signed count on White's point p, positive
    White; `bar` and `off` map a colour to its count; `turn` is the colour
    on roll.
    """

    __slots__ = ("turn", "points", "bar", "off")

    def __init__(self, turn, points, bar, off):
        self.turn = turn
        self.points = points
        self.bar = bar
        self.off = off

    def __eq__(self, other):
        return (
            isinstance(other, Position)
            and self.turn == other.turn
            and self.points == other.points
            and self.bar == other.bar
            and self.off == other.off
        )

    def __repr__(self):
        return json.dumps(self.to_json())

    def to_json(self):
        """Our position JSON (points printed from 24 down, bar and off always)."""
        board = {str(p): self.points[p] for p in range(24, 0, -1) if self.points[p]}
        return {
            "game": "portes",
            "turn": self.turn,
            "board": board,
            "bar": dict(self.bar),
            "off": dict(self.off),
        }

    def game_over(self):
        return self.off["white"] == 15 or self.off["black"] == 15


def _count(value, what):
    # bool is an int in Python; JSON `true` is not a count.
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadRequest(f"{what} is not an integer: {json.dumps(value)}")
    return value


def _per_colour(obj, what):
    out = {"white": 0, "black": 0}
    if obj is None:
        return out
    if not isinstance(obj, dict):
        raise BadRequest(f"`{what}` is not an object")
    for k, v in obj.items():
        if k not in out:
            raise BadRequest(f"`{what}` has an unknown colour `{k}`")
        n = _count(v, f"`{what}.{k}`")
        if not 0 <= n <= 15:
            raise BadRequest(f"`{what}.{k}` is {n}, not 0 to 15")
        out[k] = n
    return out


def position_from_json(obj):
    """Reads our Portes position JSON (or a `p.` ID), checking it."""
    if isinstance(obj, str):
        # In the protocol `start` is Plakoto's start (INTERFACE.md, "Tavli
        # in the commands"), as are IDs without `p.`.
        if obj.startswith("p."):
            return position_from_id(obj)
        raise BadRequest(
            f"position `{obj[:40]}` is not Portes position JSON or a Portes `p.` ID "
            "(this adapter plays portes only; `start` is plakoto's)"
        )
    if not isinstance(obj, dict):
        raise BadRequest("`position` is not an object or a string")
    game = obj.get("game", "plakoto")
    if game != "portes":
        raise BadRequest(f"this adapter plays portes only, the position is {game}'s")
    for k in obj:
        if k not in ("game", "turn", "board", "bar", "off"):
            raise BadRequest(f"unknown field `{k}` in a Portes position")
    turn = obj.get("turn")
    if turn not in COLOURS:
        raise BadRequest(f"`turn` is {json.dumps(turn)}, not \"white\" or \"black\"")
    board = obj.get("board", {})
    if not isinstance(board, dict):
        raise BadRequest("`board` is not an object")
    points = [0] * 25
    for k, v in board.items():
        if not (k.isdigit() and 1 <= int(k) <= 24 and str(int(k)) == k):
            raise BadRequest(f"`board` has point `{k}`, not 1 to 24")
        points[int(k)] = _count(v, f"`board.{k}`")
    bar = _per_colour(obj.get("bar"), "bar")
    off = _per_colour(obj.get("off"), "off")
    pos = Position(turn, points, bar, off)
    check(pos)
    return pos


def check(pos):
    """Each side's checkers on the points, the bar and off add up to 15."""
    white = sum(c for c in pos.points if c > 0) + pos.bar["white"] + pos.off["white"]
    black = -sum(c for c in pos.points if c < 0) + pos.bar["black"] + pos.off["black"]
    for colour, n in (("white", white), ("black", black)):
        if n != 15:
            raise BadRequest(f"{colour} has {n} checkers, not 15")
    if pos.off["white"] == 15 and pos.off["black"] == 15:
        raise BadRequest("both sides have borne off")


def position_from_id(text):
    """Reads a Portes `p.` position ID (docs/INTERFACE.md, "Portes")."""
    body = text[2:]
    if not body or any(not (c.isascii() and (c.isalnum() or c in "-_")) for c in body):
        raise BadRequest(f"`{text[:40]}` is not a Portes position ID (bad characters)")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except ValueError as e:
        raise BadRequest(f"`{text[:40]}` is not a Portes position ID: {e}") from None
    bits = "".join(f"{b:08b}" for b in raw)
    i = 0

    def run():
        nonlocal i
        n = 0
        while i < len(bits) and bits[i] == "1":
            n += 1
            i += 1
        if i >= len(bits):
            raise BadRequest(f"`{text[:40]}` is not a Portes position ID (too few bits)")
        i += 1
        return n

    if not bits:
        raise BadRequest(f"`{text[:40]}` is not a Portes position ID (too few bits)")
    turn = "black" if bits[0] == "1" else "white"
    i = 1
    points = [0] * 25
    bar = {"white": 0, "black": 0}
    for colour, sign in (("white", 1), ("black", -1)):
        for p in range(1, 25):
            n = run()
            if n:
                if points[p]:
                    raise BadRequest(f"`{text[:40]}` has both sides on point {p}")
                points[p] = sign * n
        bar[colour] = run()
    if len(bits) - i >= 8 or "1" in bits[i:]:
        raise BadRequest(f"`{text[:40]}` is not a Portes position ID (extra bits)")
    on = {
        "white": sum(c for c in points if c > 0) + bar["white"],
        "black": -sum(c for c in points if c < 0) + bar["black"],
    }
    for c in COLOURS:
        if on[c] > 15:
            raise BadRequest(f"`{text[:40]}` gives {c} {on[c]} checkers")
    pos = Position(turn, points, bar, {c: 15 - on[c] for c in COLOURS})
    check(pos)
    return pos


def own_point(colour, white_point):
    """A point of White's numbering in `colour`'s own numbering (and back:
    the map is its own inverse)."""
    return white_point if colour == "white" else 25 - white_point


def other(colour):
    return "black" if colour == "white" else "white"


def to_gnubg(pos):
    """gnubg's board: [opponent, side on roll], each 25 counts in that side's
    own numbering, index i = its point i + 1, index 24 = its bar."""
    board = [[0] * 25, [0] * 25]
    for p in range(1, 25):
        c = pos.points[p]
        if c == 0:
            continue
        colour = "white" if c > 0 else "black"
        side = 1 if colour == pos.turn else 0
        board[side][own_point(colour, p) - 1] = abs(c)
    board[1][24] = pos.bar[pos.turn]
    board[0][24] = pos.bar[other(pos.turn)]
    return board


def from_gnubg(board, turn):
    """The inverse of to_gnubg: board[1] is `turn`'s, board[0] the other's."""
    points = [0] * 25
    bar = {}
    off = {}
    for side, colour in ((1, turn), (0, other(turn))):
        sign = 1 if colour == "white" else -1
        for i in range(24):
            n = board[side][i]
            if n:
                p = own_point(colour, i + 1)
                if points[p]:
                    raise ValueError(f"gnubg board has both sides on White's point {p}")
                points[p] = sign * n
        bar[colour] = board[side][24]
        off[colour] = 15 - sum(board[side])
    return Position(turn, points, {c: bar[c] for c in COLOURS}, {c: off[c] for c in COLOURS})


# --------------------------------------------------------------------------
# Choosing a play


def portes_equity(p):
    """Cubeless money equity of gnubg's five probabilities (win, win gammon,
    win backgammon, lose gammon, lose backgammon) for the side they are
    from, a backgammon counted as a gammon: the backgammon terms dropped."""
    win, win_g, _win_bg, lose_g, _lose_bg = p
    return win - (1.0 - win) + win_g - lose_g


class Chooser:
    def __init__(self, ply):
        import gnubg_nn

        self.gnubg = gnubg_nn
        self.ply = ply

    def plays(self, board, d1, d2):
        """gnubg's legal plays: (key of the resulting board, moves) pairs,
        the key's board still has the mover at index 1."""
        return self.gnubg.moves(board, d1, d2, 1)

    def equity_after(self, key, ply):
        """The mover's equity once its play has reached `key`, by gnubg at
        `ply`."""
        after = self.gnubg.board_from_position_key(key)
        mover, opponent = after[1], after[0]
        if sum(mover) == 0:
            # The play ends the game: 2 when the loser has borne off none.
            return 2.0 if sum(opponent) == 15 else 1.0
        # The opponent is on roll: evaluate from its side, turn it round.
        p = self.gnubg.probabilities([list(mover), list(opponent)], ply)
        return -portes_equity(p)

    def choose(self, pos, dice):
        board = to_gnubg(pos)
        plays = self.plays(board, dice[0], dice[1])
        if not plays:
            return []
        if len(plays) == 1:
            best = plays[0]
        elif self.ply == 0:
            best = max(plays, key=lambda kp: self.equity_after(kp[0], 0))
        else:
            # gnubg's own move filter ("Normal", its default for 1- and
            # 2-ply play): every play at 0-ply, then at the full ply only
            # up to FILTER_KEEP of them within FILTER_WITHIN of the best.
            screened = sorted(((self.equity_after(k, 0), k, m) for k, m in plays), key=lambda x: -x[0])
            top = screened[0][0]
            kept = [(k, m) for e, k, m in screened[:FILTER_KEEP] if e >= top - FILTER_WITHIN]
            best = max(kept, key=lambda kp: self.equity_after(kp[0], self.ply))
        return [[f, t] for f, t in best[1]]


# --------------------------------------------------------------------------
# The protocol loop


def _no_duplicates(pairs):
    seen = set()
    for k, _ in pairs:
        if k in seen:
            raise BadRequest(f"key `{k}` given twice")
        seen.add(k)
    return dict(pairs)


def parse_request(line):
    try:
        req = json.loads(line, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise BadRequest(f"not JSON: {e}") from None
    if not isinstance(req, dict):
        raise BadRequest("a request is a JSON object")
    return req


def parse_dice(dice):
    if not isinstance(dice, list) or len(dice) != 2:
        raise BadRequest(f"`dice` is {json.dumps(dice)}, not two dice like [6,4]")
    for d in dice:
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise BadRequest(f"`dice` has {json.dumps(d)}, not a die 1 to 6")
    return dice


def answer(chooser, req):
    """The reply to one request, or None for quit."""
    kind = req.get("type")
    if kind == "quit":
        return None
    if kind != "play":
        raise BadRequest(f"unknown request type {json.dumps(kind)}")
    for k in req:
        if k not in ("type", "position", "dice"):
            raise BadRequest(f"unknown field `{k}` in a play request")
    if "position" not in req:
        raise BadRequest("a play request without `position`")
    if "dice" not in req:
        raise BadRequest("a play request without `dice`")
    pos = position_from_json(req["position"])
    dice = parse_dice(req["dice"])
    if pos.game_over():
        raise BadRequest("the game is over: one side has borne off all its checkers")
    return {"moves": chooser.choose(pos, dice)}


def serve(chooser, inp, out):
    while True:
        line = inp.readline(MAX_LINE + 2)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            # Skip the rest of the over-long line.
            while line and not line.endswith("\n"):
                line = inp.readline(MAX_LINE)
            reply = {"error": "request line over 64 KiB"}
        elif not line.strip():
            continue
        else:
            try:
                reply = answer(chooser, parse_request(line))
            except BadRequest as e:
                reply = {"error": str(e)}
            except Exception as e:  # a bug here must not silence the engine
                reply = {"error": f"internal error: {type(e).__name__}: {e}"}
            if reply is None:
                return
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="GNU Backgammon's nets playing Portes over the engine protocol (stdin/stdout)."
    )
    ap.add_argument(
        "--ply",
        type=int,
        default=0,
        choices=(0, 1, 2),
        help="plies of gnubg's evaluation of each resulting position (default 0)",
    )
    args = ap.parse_args(argv)
    chooser = Chooser(args.ply)
    serve(chooser, sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
