#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Candidate IQ Focus difficulty features against the official booklet's levels (BENCHMARKS.md, issue 27).

Independent of the C++: it enumerates the 830 placements and the 8,624 tilings of the empty board itself (from
data/puzzles/iq-focus.toml's pieces, written out below), then measures each candidate on the 60 challenges of
data/calibration/iq-focus-booklet.jsonl: its Spearman correlation with the level (Starter 1 .. Wizard 5) on all
60, and, on the 30 patterns that have red and at least 3 colours (the Starters, Masters and Wizards that the
colours alone cannot tell apart), the chance that a Master or Wizard scores above a Starter (AUC; 0.5 is none).
Then, per feature, its mean at each level and the AUC of each level over the one before it, which shows whether
the levels rise along it or alternate.
usage: bench/iq_focus_probe.py [BOOKLET_JSONL]   (about 2 minutes, most of it the enumeration)
"""
import collections
import json
import math
import sys

PIECES = {  # data/puzzles/iq-focus.toml: colours row by row, '.' no square; turned, never flipped
    'A': "GWR/.R.", 'B': ".BGG/WW..", 'C': "..G./RRWB", 'D': "RRR/..B", 'E': "BBB/RR.",
    'F': "WWW", 'G': "WB./.BW", 'H': "RGG/W../W..", 'I': "BB/.W", 'J': "GGWR/G...",
}
CELLS = [(x, y) for y in range(5) for x in range(9) if not (y == 4 and x in (0, 8))]
WINDOW = [(x, y) for y in (1, 2, 3) for x in (3, 4, 5)]
LEVELS = {'Starter': 1, 'Junior': 2, 'Expert': 3, 'Master': 4, 'Wizard': 5}


def placements():
    out, cellset = [], set(CELLS)
    for piece, text in PIECES.items():
        squares = [(x, y, c) for y, row in enumerate(text.split('/')) for x, c in enumerate(row) if c != '.']
        seen = set()
        for _ in range(4):
            lx, ly = min(x for x, _, _ in squares), min(y for _, y, _ in squares)
            shape = tuple(sorted((x - lx, y - ly, c) for x, y, c in squares))
            if shape not in seen:
                seen.add(shape)
                for ox, oy in CELLS:
                    moved = {(x + ox, y + oy): c for x, y, c in shape}
                    if all(at in cellset for at in moved):
                        out.append((piece, moved))
            squares = [(-y, x, c) for x, y, c in squares]
    return out


def tilings(placed):
    by_cell = {c: [] for c in CELLS}
    for i, (_, moved) in enumerate(placed):
        for c in moved:
            by_cell[c].append(i)
    found, chosen, used, filled = [], [], set(), set()

    def search():
        free = next((c for c in CELLS if c not in filled), None)
        if free is None:
            found.append(list(chosen))
            return
        for i in by_cell[free]:
            piece, moved = placed[i]
            if piece in used or any(c in filled for c in moved):
                continue
            used.add(piece), chosen.append(i), filled.update(moved)
            search()
            used.discard(piece), chosen.pop(), filled.difference_update(moved)

    search()
    return found


def ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i])
    r, i = [0.0] * len(v), 0
    while i < len(v):
        j = i
        while j + 1 < len(v) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))
    return num / den if den else 0.0


def auc_of(easy, hard):
    """The chance that a value of `hard` is above one of `easy` (ties count half)."""
    return sum(1 if h > e else 0.5 if h == e else 0 for e in easy for h in hard) / (len(easy) * len(hard))


def main():
    booklet = sys.argv[1] if len(sys.argv) > 1 else 'data/calibration/iq-focus-booklet.jsonl'
    placed = placements()
    every = tilings(placed)
    print(f"{len(placed)} placements, {len(every)} tilings of the empty board")
    pattern = [''.join(next(placed[i][1][w] for i in t if w in placed[i][1]) for w in WINDOW) for t in every]
    by_pattern = collections.defaultdict(list)
    for k, p in enumerate(pattern):
        by_pattern[p].append(k)
    # Each placement's visible part: the window squares it covers, with their colours.
    visible = [tuple(sorted((w, m[w]) for w in WINDOW if w in m)) for _, m in placed]
    same_visible = collections.Counter(v for v in visible if v)

    def canon(p):  # the pattern with its colours renamed in order of appearance
        names = {}
        return ''.join(names.setdefault(c, chr(97 + len(names))) for c in p)

    shapes = collections.Counter(canon(p) for p in pattern)
    mixes = collections.Counter(''.join(sorted(p)) for p in pattern)
    showing = collections.Counter((w, m[w]) for _, m in placed for w in WINDOW if w in m)
    rows = [json.loads(line) for line in open(booklet)]
    # Per piece, its placements that touch the window and show only what the pattern asks for there.
    keeping = collections.Counter(
        (piece, r['challenge'].replace('/', '')) for r in rows for piece, m in placed
        if any(w in m for w in WINDOW)
        and all(m[w] == c for w, c in zip(WINDOW, r['challenge'].replace('/', '')) if w in m))
    for r in rows:
        r['pat'] = r['challenge'].replace('/', '')
        r['y'] = LEVELS[r['level']]
        r['tiling'] = every[by_pattern[r['pat']][0]]
    in_window = lambda r: [i for i in r['tiling'] if visible[i]]
    features = {
        "solution pieces' visible parts: placements showing the same, sum of ln":
            lambda r: sum(math.log(same_visible[visible[i]]) for i in in_window(r)),
        "pieces showing in the window": lambda r: len(in_window(r)),
        "tilings whose pattern has the same shape (colours renamed)": lambda r: shapes[canon(r['pat'])],
        "tilings whose pattern has the same colours in any order": lambda r: mixes[''.join(sorted(r['pat']))],
        "tilings 1 window square away": lambda r: sum(
            1 for q in pattern if sum(a != b for a, b in zip(q, r['pat'])) == 1),
        "pieces fully outside the window": lambda r: len(r['tiling']) - len(in_window(r)),
        "colours in the pattern": lambda r: len(set(r['pat'])),
        "red squares": lambda r: r['pat'].count('R'),
        "solution's window pieces: their placements touching the window that keep the pattern, sum of ln":
            lambda r: sum(math.log(keeping[(placed[i][0], r['pat'])]) for i in in_window(r)),
        "fewest placements showing one window square's colour there": lambda r: min(
            showing[(w, c)] for w, c in zip(WINDOW, r['pat'])),
        "cells of the solution's window pieces outside the window": lambda r: sum(
            len(placed[i][1]) - len(visible[i]) for i in in_window(r)),
    }
    mixed = [r for r in rows if 'R' in r['pat'] and len(set(r['pat'])) >= 3]
    print(f"{len(rows)} challenges; {len(mixed)} with red and 3 or more colours "
          f"({dict(collections.Counter(r['level'] for r in mixed))})")
    print(f"{'feature':72} {'Spearman':>8} {'AUC':>6}")
    for name, f in features.items():
        rho = spearman([f(r) for r in rows], [r['y'] for r in rows])
        easy = [f(r) for r in mixed if r['y'] == 1]
        hard = [f(r) for r in mixed if r['y'] >= 4]
        auc = auc_of(easy, hard)
        print(f"{name:72} {rho:+8.3f} {auc:6.3f}")
    # The levels do not rise along these measures, they alternate: per level the mean, and between neighbouring
    # levels the chance that the harder one scores higher (0.5: no signal; above and below in turn: a zigzag).
    print(f"\n{'feature: mean per level, then AUC of each level over the one before':72} "
          + ' '.join(f"{name[:7]:>7}" for name in LEVELS))
    for name, f in features.items():
        by_level = [[f(r) for r in rows if r['y'] == y] for y in range(1, 6)]
        means = ' '.join(f"{sum(v) / len(v):7.2f}" for v in by_level)
        steps = ' '.join(f"{auc_of(lo, hi):7.2f}" for lo, hi in zip(by_level, by_level[1:]))
        print(f"{name[:72]:72} {means}\n{'':72} {'':7} {steps}")


if __name__ == '__main__':
    main()
