#!/usr/bin/env python3
"""Holm's step-down correction for a sweep of head-to-head comparisons, read from a study page.

    bench/holm.py docs/studies/s1.md            # the one-parameter sweeps of S1 (part 2)

Reads every table row `| setting | games | W | D | L | ... |` of the page's part 2, tests each
setting against the reference with an exact two-sided binomial test on its decisive games (a draw
counts half a win and half a loss; Quoridor has none), and prints which comparisons stay
significant at family-wise alpha 0.05 (Holm 1979, "A simple sequentially rejective multiple test
procedure", Scandinavian Journal of Statistics 6:65-70). Games are treated as independent; the
colour-reversed pairs make that approximate.
"""
import re
import sys
from math import comb

ALPHA = 0.05


def two_sided_binomial(wins, n):
    k = min(wins, n - wins)
    tail = sum(comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def rows(text):
    part = text.split("# Part 2", 1)[1].split("# Part 3", 1)[0]
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and cells[1].isdigit() and cells[2].isdigit():
            name, games, w, d, l = cells[0], int(cells[1]), int(cells[2]), int(cells[3]), int(cells[4])
            if w + d + l == games:
                yield name, w, d, l


def main(path):
    tests = []
    for name, w, d, l in rows(open(path, encoding="utf-8").read()):
        n = w + l + d
        wins = w + d // 2  # Quoridor has no draws; half of any draws to each side
        tests.append((two_sided_binomial(wins, n), name, w, d, l))
    tests.sort()
    m = len(tests)
    print(f"{m} comparisons, family-wise alpha {ALPHA} (Holm)")
    print(f"{'setting':24s} {'W-D-L':>11s} {'p (two-sided)':>14s} {'Holm threshold':>15s}  verdict")
    still = True
    for i, (p, name, w, d, l) in enumerate(tests):
        threshold = ALPHA / (m - i)
        still = still and p <= threshold
        print(f"{name:24s} {f'{w}-{d}-{l}':>11s} {p:14.2e} {threshold:15.5f}  "
              f"{'significant' if still else 'not significant'}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/studies/s1.md")
