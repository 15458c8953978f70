#!/usr/bin/env python3
"""Time per decision of the gnubg adapter (tools/gnubg/engine.py) at a ply.

The decisions are those of seeded games the adapter plays against itself at
0-ply (every turn with a choice of two plays or more; forced plays and
passes, answered without an evaluation, are left out). Each is then timed
in this process at --ply (the games are played in a child process, so
gnubg's evaluation cache starts empty here, as a duel's adapter's does);
the protocol's JSON costs a few tens of microseconds more per decision.

    scripts/gnubg-engine --bench --ply 2 [--decisions 300] [--seed 1]
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import engine  # noqa: E402


def decisions(n, seed):
    """(position, dice) pairs with a choice, from self-play at 0-ply."""
    rng = random.Random(seed)
    chooser = engine.Chooser(0)
    g = chooser.gnubg
    out = []
    while len(out) < n:
        board = engine.to_gnubg(engine.position_from_json(engine.START))
        while len(out) < n:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            plays = g.moves(board, d1, d2, 1)
            if len(plays) >= 2:
                out.append((board, (d1, d2)))
                key = max(plays, key=lambda kp: chooser.equity_after(kp[0], 0))[0]
            elif plays:
                key = plays[0][0]
            else:
                board = [board[1], board[0]]
                continue
            after = g.board_from_position_key(key)
            if sum(after[1]) == 0:
                break
            board = [list(after[1]), list(after[0])]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ply", type=int, default=0, choices=(0, 1, 2))
    ap.add_argument("--decisions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--list", action="store_true", help="print the decisions as JSON lines and stop")
    args = ap.parse_args()
    if args.list:
        for board, dice in decisions(args.decisions, args.seed):
            print(json.dumps([board, dice]))
        return
    child = subprocess.run(
        [sys.executable, __file__, "--list", "--decisions", str(args.decisions), "--seed", str(args.seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    todo = [json.loads(line) for line in child.stdout.splitlines()]
    chooser = engine.Chooser(args.ply)
    times = []
    plays = 0
    for board, dice in todo:
        pos = engine.from_gnubg(board, "white")
        t = time.perf_counter()
        chooser.choose(pos, dice)
        times.append(time.perf_counter() - t)
        plays += len(chooser.plays(board, dice[0], dice[1]))
    times.sort()
    ms = [t * 1000 for t in times]
    print(
        f"ply {args.ply}: {len(ms)} decisions ({plays / len(ms):.1f} plays each on average): "
        f"mean {statistics.mean(ms):.2f} ms, median {statistics.median(ms):.2f} ms, "
        f"90th percentile {ms[int(0.9 * len(ms))]:.2f} ms, max {ms[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()
