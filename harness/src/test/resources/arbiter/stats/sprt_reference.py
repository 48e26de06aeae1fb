#!/usr/bin/env python3
"""Reference values for SprtTest, computed once with mpmath at 50 significant digits.

Formulas are those of fishtest's public stats code (LLRcalc: regularize, results_to_pdf,
MLE_expected, MLE_t_value, LLR_logistic, LLR_normalized) and Van den Bergh's documents
"support_MLE_multinomial" (Prop. 1.1) and "normalized_elo_practical" (section 4.1); written here
from the formulas, not copied. Run: python3 sprt_reference.py
"""
import mpmath as mp

mp.mp.dps = 50
PRIOR = mp.mpf("0.001")
NELO_PER_T = 800 / mp.log(10)


def regularize(counts):
    return [mp.mpf(c) if c > 0 else PRIOR for c in counts]


def secular(a, p):
    """x with sum p_i a_i / (1 + x a_i) = 0, 1 + x a_i > 0 for all i (bisection to 1e-45)."""
    lo, hi = -1 / max(a), -1 / min(a)
    f = lambda x: mp.fsum(pi * ai / (1 + x * ai) for ai, pi in zip(a, p))
    lo += mp.mpf("1e-40")
    hi -= mp.mpf("1e-40")
    # f is decreasing on the interval
    for _ in range(400):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def mle_expected(a, phat, s):
    sh = [ai - s for ai in a]
    x = secular(sh, phat)
    return [pi / (1 + x * si) for pi, si in zip(phat, sh)]


def mle_t_value(a, phat, ref, t):
    k = len(a)
    p = [mp.mpf(1) / k] * k
    for _ in range(200):
        mu = mp.fsum(pi * ai for ai, pi in zip(a, p))
        sigma = mp.sqrt(mp.fsum(pi * (ai - mu) ** 2 for ai, pi in zip(a, p)))
        sh = [ai - ref - t * sigma * (1 + ((mu - ai) / sigma) ** 2) / 2 for ai in a]
        x = secular(sh, phat)
        new = [pi / (1 + x * si) for pi, si in zip(phat, sh)]
        change = max(abs(u - v) for u, v in zip(new, p))
        p = new
        if change < mp.mpf("1e-40"):
            break
    return p


def llr(counts, h0, h1, normalized):
    x = regularize(counts)
    n = mp.fsum(x)
    phat = [c / n for c in x]
    k = len(x)
    a = [mp.mpf(i) / (k - 1) for i in range(k)]
    if normalized:
        scale = mp.sqrt(2) if k == 5 else 1
        p0 = mle_t_value(a, phat, mp.mpf("0.5"), h0 / NELO_PER_T * scale)
        p1 = mle_t_value(a, phat, mp.mpf("0.5"), h1 / NELO_PER_T * scale)
    else:
        L = lambda e: 1 / (1 + mp.power(10, -mp.mpf(e) / 400))
        p0 = mle_expected(a, phat, L(h0))
        p1 = mle_expected(a, phat, L(h1))
    return n * mp.fsum(ph * (mp.log(q1) - mp.log(q0)) for ph, q0, q1 in zip(phat, p0, p1))


CASES = [
    ([10789, 19328, 33806, 19402, 10543], -3, 1, False),
    ([65804, 56553, 65388], -3, 1, False),
    ([39, 2226, 31451, 2412, 40], "0.2", "0.9", False),
    ([39, 2226, 31451, 2412, 40], "0.764", "3.439", True),
    ([1187, 7410, 13475, 7378, 1164], 0, 2, True),
    ([13624, 34333, 13543], 0, 2, True),
    ([0, 5, 10], 0, 5, False),
    ([0, 3, 10, 7, 0], 0, 2, True),
]

if __name__ == "__main__":
    for counts, e0, e1, norm in CASES:
        v = llr(counts, mp.mpf(e0), mp.mpf(e1), norm)
        print(counts, e0, e1, "normalized" if norm else "logistic", mp.nstr(v, 15))
