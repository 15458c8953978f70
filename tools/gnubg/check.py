#!/usr/bin/env python3
"""Checks of the gnubg adapter (tools/gnubg/engine.py) against our engine.

  (a) the board conversion round-trips (our JSON -> gnubg board -> our JSON)
      on positions of random games and on TAVLI.md Part 4's Portes positions,
      both colours on roll; and gnubg's position ID of the converted board,
      read by `tavli moves ID --game portes` (White on roll: for a Black
      position, the colour-swapped board, TAVLI.md/INTERFACE.md), gives the
      plays our JSON gives; and a Portes `p.` ID, written here to its spec,
      is read by the adapter as the position and by plakoto as the same;
  (b) on (position, roll) pairs of random games played with gnubg's own
      move generator, and on Part 4's positions with their rolls, gnubg's
      legal plays are `tavli moves POSITION DICE --game portes --json`'s,
      compared as resulting positions; gnubg's moves, applied one by one,
      reach the position gnubg says. The one known difference (docs/CORE.md,
      "one-off cross-check": the last checker can be borne off with one die
      or hit on the way with both; our rules allow both, gnubg only the hit)
      is counted apart, not failed;
  (c) the adapter, run as a subprocess, answers legal plays, an error line
      for each bad request, nothing for an empty line, and exits 0 on quit
      and at the end of input.

Run it with the adapter's virtualenv (`scripts/gnubg-engine --check`), or
any Python with gnubg-nn installed:

    scripts/gnubg-engine --check --plakoto target/release/tavli [--pairs 400] [--seed 1]

It exits 1 and lists the failures if any check fails.
"""

import argparse
import base64
import json
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import engine  # noqa: E402
from engine import Position, from_gnubg, other, own_point, to_gnubg  # noqa: E402

import gnubg_nn as gnubg  # noqa: E402

FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    print("FAIL:", msg, file=sys.stderr)


# --------------------------------------------------------------------------
# TAVLI.md Part 4, Portes: each side in its own numbering


PART4 = [
    # (name, text, [(dice, expected number of plays or None)])
    ("P0", "portes W 6-6 | W: 24:2 13:5 8:3 6:5 | B: 24:2 13:5 8:3 6:5", [((6, 6), 11)]),
    (
        "P1",
        "portes W 6-5 | W: bar:1 18:2 13:4 8:3 6:5 | B: 1:2 2:2 3:2 4:2 5:2 13:5",
        [((6, 5), 5), ((5, 4), 0)],
    ),
    ("P2", "portes W 6-5 | W: bar:2 18:2 13:3 8:3 6:5 | B: 1:2 2:2 3:2 4:2 5:2 13:5", [((6, 5), 1)]),
    ("P3", "portes W 3-2 | W: 24:2 13:5 8:3 6:5 | B: 24:2 15:1 13:4 8:3 6:5", [((3, 2), 18)]),
    ("P4", "portes W 6-5 | W: 13:1 6:14 | B: 24:2 23:2 13:5 8:3 6:3", [((6, 5), 1)]),
    ("P5", "portes W 6-5 | W: 13:1 6:14 | B: 23:2 13:5 8:3 6:5", [((6, 5), 1)]),
    (
        "P6",
        "portes W 6-1 | W: bar:1 6:2 5:3 4:3 3:3 2:2 1:1 | B: 1:2 2:2 13:5 8:3 7:3",
        [((6, 1), 5), ((6, 6), 1)],
    ),
    ("P7", "portes W 6-5 | W: 3:1 2:1 off:13 | B: bar:1 1:2 6:4 8:3 13:5", [((6, 5), 1)]),
]


def parse_part4(text, mover="white"):
    """A Part 4 position, the side written first (`W`) on roll as `mover`:
    `mover="black"` gives the same position with the colours swapped."""
    _, sides = text.split(" | ", 1)[0], text.split(" | ")[1:]
    points = [0] * 25
    bar = {}
    off = {}
    for side in sides:
        tag, rest = side.split(":", 1)
        colour = mover if tag.strip() == "W" else other(mover)
        sign = 1 if colour == "white" else -1
        bar[colour] = 0
        on = 0
        given_off = None
        for item in rest.split():
            where, n = item.split(":")
            n = int(n)
            if where == "bar":
                bar[colour] = n
                on += n
            elif where == "off":
                given_off = n
            else:
                p = own_point(colour, int(where))
                assert points[p] == 0, text
                points[p] = sign * n
                on += n
        off[colour] = 15 - on
        assert given_off is None or given_off == off[colour], text
    return Position(mover, points, {c: bar[c] for c in engine.COLOURS}, {c: off[c] for c in engine.COLOURS})


# --------------------------------------------------------------------------
# Playing gnubg's moves out by hand


def apply_moves(pos, moves, dice):
    """The position after `moves` (mover's numbering, 25 the bar, 0 off),
    each checked to be one die's move to an open point; raises ValueError."""
    mover, opp = pos.turn, other(pos.turn)
    sign = 1 if mover == "white" else -1
    points = list(pos.points)
    bar = dict(pos.bar)
    off = dict(pos.off)
    left = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    for f, t in moves:
        if not (1 <= f <= 25 and 0 <= t <= 24 and t < f):
            raise ValueError(f"move {f}/{t} out of range")
        if f != 25 and bar[mover]:
            raise ValueError(f"move {f}/{t} with a checker on the bar")
        dist = f - t
        if dist in left:
            left.remove(dist)
        elif t == 0 and any(d > dist for d in left):
            left.remove(min(d for d in left if d > dist))
        else:
            raise ValueError(f"move {f}/{t} is no die of {dice} left ({left})")
        if f == 25:
            if not bar[mover]:
                raise ValueError("move from the empty bar")
            bar[mover] -= 1
        else:
            wp = own_point(mover, f)
            if points[wp] * sign <= 0:
                raise ValueError(f"move {f}/{t} from a point without the mover's checker")
            points[wp] -= sign
        if t == 0:
            off[mover] += 1
        else:
            wp = own_point(mover, t)
            v = points[wp] * sign
            if v < -1:
                raise ValueError(f"move {f}/{t} to a blocked point")
            if v == -1:
                points[wp] = 0
                bar[opp] += 1
            points[wp] += sign
    return Position(opp, points, bar, off)


def shape(pos):
    """A position without its turn (plays of one position are compared so:
    our game-ending plays leave `turn` at the mover)."""
    return (tuple(pos.points), pos.bar["white"], pos.bar["black"], pos.off["white"], pos.off["black"])


def gnubg_plays(pos, dice):
    """gnubg's plays: [(resulting Position, moves)]; a roll without a play
    gives the pass (the position itself, the other side on roll)."""
    out = []
    for key, steps in gnubg.moves(to_gnubg(pos), dice[0], dice[1], 1):
        after = from_gnubg(gnubg.board_from_position_key(key), pos.turn)
        after.turn = other(pos.turn)
        out.append((after, [list(s) for s in steps]))
    if not out:
        out.append((Position(other(pos.turn), list(pos.points), dict(pos.bar), dict(pos.off)), []))
    return out


class Plakoto:
    def __init__(self, path):
        self.path = path
        self.calls = 0

    def plays(self, position, dice):
        """`tavli moves POSITION DICE --game portes --json` (POSITION our
        JSON text or an ID)."""
        self.calls += 1
        arg = position if isinstance(position, str) else json.dumps(position.to_json())
        r = subprocess.run(
            [self.path, "moves", arg, f"{dice[0]}-{dice[1]}", "--game", "portes", "--json"],
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            raise RuntimeError(f"tavli moves {arg} {dice}: {r.stderr.strip()}")
        return json.loads(r.stdout)


def ours_by_shape(plays):
    return {shape(engine.position_from_json(p["position"])): p for p in plays}


# --------------------------------------------------------------------------
# (a) conversion


def check_round_trip(pos, what):
    board = to_gnubg(pos)
    if any(len(side) != 25 for side in board):
        fail(f"{what}: gnubg board is not 2x25")
    back = from_gnubg(board, pos.turn)
    if back != pos:
        fail(f"{what}: round trip gives {back}, not {pos}")
    # gnubg's own encoding of the board must survive too (its key and ID).
    b2 = gnubg.board_from_position_key(gnubg.key_of_board(board))
    if [list(s) for s in b2] != board:
        fail(f"{what}: gnubg's key does not round-trip the board {board}")
    # JSON text in, JSON text out.
    again = engine.position_from_json(json.loads(json.dumps(pos.to_json())))
    if again != pos:
        fail(f"{what}: JSON round trip gives {again}, not {pos}")


def check_against_gnubg_id(pos, what, plk, dice=(2, 1)):
    """Our converted board's gnubg ID, read by our engine (White on roll),
    has the plays our JSON has: the same moves in the mover's numbering."""
    gid = gnubg.position_id(to_gnubg(pos))
    by_json = sorted(p["notation"] for p in plk.plays(pos, dice))
    by_id = sorted(p["notation"] for p in plk.plays(gid, dice))
    if by_json != by_id:
        fail(f"{what}: gnubg ID {gid} reads as another position in plakoto ({by_id[:3]} vs {by_json[:3]})")


def portes_id(pos):
    """Our `p.` ID of a position (INTERFACE.md, "Portes"), to check the
    adapter's reading of IDs against plakoto's."""
    bits = ["1" if pos.turn == "black" else "0"]
    for colour, sign in (("white", 1), ("black", -1)):
        for p in range(1, 25):
            n = pos.points[p] * sign
            bits.append("1" * max(n, 0) + "0")
        bits.append("1" * pos.bar[colour] + "0")
    text = "".join(bits)
    text += "0" * (-len(text) % 8)
    raw = bytes(int(text[i : i + 8], 2) for i in range(0, len(text), 8))
    return "p." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def check_portes_id(pos, what, plk, dice=(2, 1)):
    pid = portes_id(pos)
    back = engine.position_from_json(pid)
    if back != pos:
        fail(f"{what}: {pid} reads back as {back}, not {pos}")
    by_json = sorted(p["notation"] for p in plk.plays(pos, dice))
    by_id = sorted(p["notation"] for p in plk.plays(pid, dice))
    if by_json != by_id:
        fail(f"{what}: {pid} is another position for plakoto ({by_id[:3]} vs {by_json[:3]})")


# --------------------------------------------------------------------------
# (b) legal plays


class Tally:
    def __init__(self):
        self.pairs = 0
        self.plays = 0
        self.bar = 0
        self.passes = 0
        self.known = []


def last_checker_case(pos, dice, ours, theirs):
    """CORE.md's known difference: gnubg's plays are ours minus plays that
    bear off the mover's last checker with one die (gnubg plays the hit with
    both instead)."""
    extra = set(ours) - set(theirs)
    if not extra or set(theirs) - set(ours):
        return False
    mover = pos.turn
    on = 15 - pos.off[mover]
    idx = 3 if mover == "white" else 4
    return on == 1 and pos.bar[mover] == 0 and all(s[idx] == 15 for s in extra)


def compare_plays(pos, dice, plk, tally, what):
    tally.pairs += 1
    if pos.bar[pos.turn]:
        tally.bar += 1
    theirs = {}
    for after, steps in gnubg_plays(pos, dice):
        theirs[shape(after)] = steps
        try:
            walked = apply_moves(pos, steps, dice)
        except ValueError as e:
            fail(f"{what}: gnubg's moves {steps} with {dice} in {pos}: {e}")
            continue
        if shape(walked) != shape(after):
            fail(f"{what}: gnubg's moves {steps} with {dice} reach {walked}, gnubg says {after}")
    ours = ours_by_shape(plk.plays(pos, dice))
    tally.plays += len(ours)
    if len(ours) == 1 and next(iter(ours.values()))["notation"] == "pass":
        tally.passes += 1
    if set(ours) == set(theirs):
        # Each of gnubg's move lists, for a play of ours, is read by our
        # engine in duels; here: they reach our play's position.
        return len(ours)
    if last_checker_case(pos, dice, ours, theirs):
        tally.known.append((pos, dice, sorted(ours[s]["notation"] for s in set(ours) - set(theirs))))
        return len(ours)
    only_ours = sorted(ours[s]["notation"] for s in set(ours) - set(theirs))
    only_gnubg = sorted(str(theirs[s]) for s in set(theirs) - set(ours))
    fail(
        f"{what}: plays differ for {json.dumps(pos.to_json())} "
        f"{dice[0]}-{dice[1]}: only ours {only_ours}, only gnubg's {only_gnubg}"
    )
    return None


def random_games(rng, pairs_wanted, max_turns=2000):
    """(position, roll) pairs of random games played with gnubg's generator,
    each game from Portes's start, White or Black starting at random."""
    out = []
    games = 0
    while len(out) < pairs_wanted:
        games += 1
        pos = engine.position_from_json(engine.START)
        pos.turn = rng.choice(engine.COLOURS)
        for _ in range(max_turns):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((pos, dice))
            if len(out) >= pairs_wanted:
                break
            after, _ = rng.choice(gnubg_plays(pos, dice))
            if after.off[pos.turn] == 15:
                break
            pos = after
    return out, games


def check_move_filter(pairs):
    """(d) At 1-ply the adapter plays the best, at 1-ply, of the plays
    gnubg's Normal filter keeps: the 8 best at 0-ply within 0.16 of the
    best. Checked from outside on `pairs` with a choice."""
    chooser = engine.Chooser(1)
    checked = 0
    for i, (pos, dice) in enumerate(pairs):
        plays = chooser.plays(engine.to_gnubg(pos), dice[0], dice[1])
        if len(plays) < 2:
            continue
        checked += 1
        zero = {k: chooser.equity_after(k, 0) for k, _ in plays}
        ranked = sorted(zero, key=lambda k: -zero[k])
        kept = [k for k in ranked[: engine.FILTER_KEEP] if zero[k] >= zero[ranked[0]] - engine.FILTER_WITHIN]
        chosen = chooser.choose(pos, dice)
        key = next(k for k, m in plays if [[f, t] for f, t in m] == chosen)
        if key not in kept:
            fail(f"move filter, pair {i}: the play chosen at 1-ply is not one the filter keeps")
        elif chooser.equity_after(key, 1) < max(chooser.equity_after(k, 1) for k in kept) - 1e-9:
            fail(f"move filter, pair {i}: a play the filter keeps is better at 1-ply than the one chosen")
    print(f"(d) gnubg's Normal move filter at 1-ply: {checked} decisions play the best of the 8 within 0.16")


# --------------------------------------------------------------------------
# (c) the adapter as a subprocess


START_TEXT = json.dumps(engine.START)


def check_adapter(plk):
    cmd = [sys.executable, os.path.join(HERE, "engine.py"), "--ply", "0"]
    p1 = parse_part4(PART4[1][1])
    p1b = parse_part4(PART4[1][1], "black")
    p2 = parse_part4(PART4[2][1])
    p7b = parse_part4(PART4[7][1], "black")
    mid = {
        "game": "portes",
        "turn": "black",
        "board": {"24": 1, "22": 2, "19": -4, "17": -3, "13": 4, "12": -4, "8": 3, "6": 4, "4": -2, "1": -1},
        "bar": {"white": 1, "black": 1},
        "off": {"white": 0, "black": 0},
    }
    legal = [
        ("p.A-cHwAZgA-DnwAA", (6, 4)),  # Portes's start as its ID
        (engine.START, (3, 1)),
        (dict(engine.START, turn="black"), (6, 6)),
        (p1.to_json(), (6, 5)),
        (p1.to_json(), (5, 4)),  # no play
        (p1b.to_json(), (6, 5)),
        (p2.to_json(), (5, 6)),
        (p7b.to_json(), (6, 5)),
        (mid, (2, 1)),
        (mid, (5, 5)),
    ]
    over = parse_part4(PART4[7][1]).to_json()
    over["board"] = {"1": -2, "6": -4, "8": -3, "13": -5}
    over["off"] = {"white": 15, "black": 0}
    bad = [
        ("not json", "not JSON"),
        ('{"type":"dance"}', "unknown request type"),
        ("[1,2]", "JSON object"),
        ('{"type":"play","position":%s}' % START_TEXT, "without `dice`"),
        ('{"type":"play","position":%s,"dice":[7,1]}' % START_TEXT, "not a die"),
        ('{"type":"play","position":%s,"dice":[6]}' % START_TEXT, "two dice"),
        ('{"type":"play","position":%s,"dice":[6,4],"type":"play"}' % START_TEXT, "given twice"),
        ('{"type":"play","position":"start","dice":[6,4]}', "`start` is plakoto's"),
        ('{"type":"play","position":{"turn":"white","board":{"24":15,"1":-15}},"dice":[6,4]}', "portes only"),
        (
            json.dumps({"type": "play", "position": dict(engine.START, board={"24": 3, "1": -2}), "dice": [6, 4]}),
            "white has",
        ),
        (json.dumps({"type": "play", "position": dict(engine.START, board={"25": 2}), "dice": [6, 4]}), "point `25`"),
        (json.dumps({"type": "play", "position": dict(engine.START, pinned={}), "dice": [6, 4]}), "unknown field"),
        (json.dumps({"type": "play", "position": over, "dice": [6, 4]}), "game is over"),
        ('{"type":"play","position":"p.!!","dice":[6,4]}', "not a Portes position ID"),
        ("x" * (70 * 1024), "64 KiB"),
    ]
    lines = []
    expect = []
    for position, dice in legal:
        lines.append(json.dumps({"type": "play", "position": position, "dice": list(dice)}))
        expect.append(("legal", position, dice))
        lines.append("")  # an empty line: no reply
        lines.append("   ")
    for line, words in bad:
        lines.append(line)
        expect.append(("error", line, words))
    lines.append('{"type":"quit"}')
    lines.append('{"type":"play","position":%s,"dice":[6,4]}' % START_TEXT)  # after quit: unread
    r = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        fail(f"adapter exited {r.returncode} on quit: {r.stderr.strip()[-500:]}")
    replies = r.stdout.splitlines()
    if len(replies) != len(expect):
        fail(f"adapter gave {len(replies)} replies to {len(expect)} requests: {replies}")
        return
    for reply, (kind, what, detail) in zip(replies, expect):
        v = json.loads(reply)
        if kind == "error":
            if "error" not in v or detail not in v["error"]:
                fail(f"adapter answered {reply[:200]} to {what[:80]!r}, not an error naming {detail!r}")
            continue
        if "moves" not in v:
            fail(f"adapter answered {reply} to {what}")
            continue
        pos = engine.position_from_json(what)
        ours = ours_by_shape(plk.plays(pos, detail))
        if not v["moves"]:
            if not (len(ours) == 1 and next(iter(ours.values()))["notation"] == "pass"):
                fail(f"adapter passed with {detail} in {pos}, which has plays")
            continue
        try:
            after = apply_moves(pos, v["moves"], detail)
        except ValueError as e:
            fail(f"adapter's {v['moves']} with {detail} in {pos}: {e}")
            continue
        if shape(after) not in ours:
            fail(f"adapter's {v['moves']} with {detail} in {pos} is not among our plays")
    # End of input (no quit) ends it too.
    r = subprocess.run(cmd, input='{"type":"play","position":%s,"dice":[2,1]}\n' % START_TEXT, capture_output=True, text=True)
    if r.returncode != 0 or len(r.stdout.splitlines()) != 1:
        fail(f"adapter at end of input: exit {r.returncode}, output {r.stdout!r}")
    # P2 has one play, bar/19; P1 with 5-4 none: the adapter must say so.
    print(f"(c) adapter: {len(legal)} plays checked legal, {len(bad)} bad requests answered with errors, quit and EOF exit 0")


# --------------------------------------------------------------------------


def find_plakoto(given):
    if given:
        return given
    if os.environ.get("PLAKOTO"):
        return os.environ["PLAKOTO"]
    root = os.path.dirname(os.path.dirname(HERE))
    for d in (os.environ.get("CARGO_TARGET_DIR"), os.path.join(root, "target")):
        if d and os.path.exists(os.path.join(d, "release", "plakoto")):
            return os.path.join(d, "release", "plakoto")
    return shutil.which("plakoto") or sys.exit("check.py: no plakoto binary; give --plakoto PATH")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plakoto", help="the plakoto binary (default: $PLAKOTO, target/release, PATH)")
    ap.add_argument("--pairs", type=int, default=400, help="(position, roll) pairs of random games for (b)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    plk = Plakoto(find_plakoto(args.plakoto))
    rng = random.Random(args.seed)

    # (a) and (b) on Part 4, both colours.
    tally = Tally()
    for name, text, rolls in PART4:
        for mover in engine.COLOURS:
            pos = parse_part4(text, mover)
            what = f"{name} ({mover} on roll)"
            check_round_trip(pos, what)
            check_against_gnubg_id(pos, what, plk)
            check_portes_id(pos, what, plk)
            for dice, count in rolls:
                n = compare_plays(pos, dice, plk, tally, f"{what} {dice}")
                gn = len(gnubg.moves(to_gnubg(pos), dice[0], dice[1]))
                if gn != count:
                    fail(f"{what} {dice}: gnubg has {gn} plays, TAVLI.md says {count}")
                if n is not None and count and n != count:
                    fail(f"{what} {dice}: plakoto has {n} plays, TAVLI.md says {count}")
    print(f"(a)+(b) TAVLI.md Part 4: P0-P7, both colours, {tally.pairs} (position, roll) pairs agree")

    # The known difference, built on purpose: White's last checker on its 5,
    # a Black blot on White's 3, 6-2. We list 5/off and 5/3*/off; gnubg only
    # the hit. It must be recognised as that case and nothing else.
    for mover in engine.COLOURS:
        pos = parse_part4("portes W 6-2 | W: 5:1 off:14 | B: 22:1 6:14", mover)
        known = Tally()
        compare_plays(pos, (6, 2), plk, known, f"the last-checker case ({mover} on roll)")
        if len(known.known) != 1 or known.known[0][2] != ["5/off"]:
            fail(f"the last-checker case ({mover} on roll) was not told apart: {known.known}")
    print("(b) the known last-checker difference (5/off besides 5/3*/off with 6-2) recognised, both colours")

    # (a) and (b) on random games.
    pairs, games = random_games(rng, args.pairs)
    rt = Tally()
    for i, (pos, dice) in enumerate(pairs):
        what = f"random pair {i}"
        check_round_trip(pos, what)
        # The mirror too: the same board with the other colour on roll.
        mirror = Position(
            other(pos.turn),
            [0] + [-pos.points[25 - p] for p in range(1, 25)],
            {c: pos.bar[other(c)] for c in engine.COLOURS},
            {c: pos.off[other(c)] for c in engine.COLOURS},
        )
        check_round_trip(mirror, what + " (mirrored)")
        if i % 4 == 0:
            check_against_gnubg_id(pos, what, plk, dice)
            check_portes_id(pos, what, plk, dice)
        compare_plays(pos, dice, plk, rt, what)
    print(
        f"(a)+(b) random games: {games} games, {rt.pairs} (position, roll) pairs "
        f"({rt.bar} with the mover on the bar, {rt.passes} passes), {rt.plays} plays; "
        f"known last-checker difference: {len(rt.known)}"
    )
    for pos, dice, extra in rt.known:
        print(f"    known: {json.dumps(pos.to_json())} {dice[0]}-{dice[1]}: ours also {extra}")

    check_move_filter(pairs[:60])
    check_adapter(plk)
    print(f"tavli moves called {plk.calls} times")
    if FAILURES:
        print(f"{len(FAILURES)} failure(s)", file=sys.stderr)
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
