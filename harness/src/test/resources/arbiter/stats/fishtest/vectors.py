# Test vectors for arbiter.stats.SprtEstimate: fishtest's median-unbiased Elo estimate, interval
# and LOS after an SPRT stop (server/fishtest/stats/sprt.py), for count vectors at the first
# multiple of 10 games (or pairs) at which fishtest's LLR crosses a bound, scaled from a profile.
# Run: PYTHONPATH=<fishtest checkout>/server python3 vectors.py > sprt-estimates.csv
from fishtest.stats import LLRcalc
from fishtest.stats.sprt import sprt

profiles = [
    # model, elo0, elo1, alpha, beta, profile low to high (L,D,W or LL,LD,LW+DD+WL,DW,WW), stop at first crossing?
    ("logistic", 0, 5, 0.05, 0.05, [0.19, 0.59, 0.22], True),
    ("logistic", 0, 5, 0.05, 0.05, [0.215, 0.585, 0.20], True),
    ("logistic", -1.75, 0.25, 0.05, 0.05, [0.012, 0.219, 0.536, 0.222, 0.011], True),
    ("normalized", 0, 2, 0.05, 0.05, [0.009, 0.200, 0.560, 0.220, 0.011], True),
    ("normalized", 0, 2, 0.05, 0.05, [0.011, 0.222, 0.546, 0.212, 0.009], True),
    ("normalized", 0.5, 2.5, 0.1, 0.05, [0.010, 0.180, 0.530, 0.250, 0.030], True),
    ("normalized", 0, 2, 0.05, 0.05, [0.05, 0.30, 0.65], True),
    ("logistic", 0, 5, 0.05, 0.05, [0.19, 0.59, 0.22], False),  # far past the bound: clamped
]


def llr(model, e0, e1, c):
    return LLRcalc.LLR_logistic(e0, e1, c) if model == "logistic" else LLRcalc.LLR_normalized(e0, e1, c)


print("model,elo0,elo1,alpha,beta,counts,llr_exact,elo,ci_lower,ci_upper,los,llr_brownian,clamped")
for model, e0, e1, al, be, prof, first in profiles:
    s = sprt(alpha=al, beta=be, elo0=e0, elo1=e1, elo_model=model)
    n = 10
    while True:
        c = [round(p * n) for p in prof]
        x = llr(model, e0, e1, c)
        if x >= s.b or x <= s.a:
            break
        n += 10
    if not first:
        c = [3 * v for v in c]
        x = llr(model, e0, e1, c)
    s.set_state(c)
    a = s.analytics(0.05)
    print(f"{model},{e0},{e1},{al},{be},{' '.join(map(str, c))},{float(x)!r},{float(a['elo'])!r},"
          f"{float(a['ci'][0])!r},{float(a['ci'][1])!r},{float(a['LOS'])!r},{float(a['LLR'])!r},{a['clamped']}")
