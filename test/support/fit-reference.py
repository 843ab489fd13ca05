#!/usr/bin/python3
# Reference optima for the data-fit tests, by SciPy (an optimiser the project did not write). Reads one JSON object
# on stdin: {"points": [[x, y], ...], "problem": "circle" | "circle-on-line", "start": [cx, cy, r]}, writes
# {"cx", "cy", "r", "cost"}. Distances are geometric: a point's distance to a circle is | |d - c| - r |.
# Or {"points", "problem": "odr", "curve": "ellipse" | "bezier" | "parabola", "start": [parameters]}: the
# orthogonal-distance least squares of the curve (below), over its parameters and every point's curve parameter
# u_i, from the given start (each u_i starts at the start curve's nearest of 4,000 samples); writes {"params",
# "cost", "distances"} (each point's distance to the fitted curve).
#   circle:          min over (cx, cy, r) of sum (|d - c| - r)^2
#   circle-on-line:  the same with the circle resting on the line y = 0 from below (cy = -r, r > 0):
#                    min over (cx, r) of sum (|d - (cx, -r)| - r)^2
import json
import sys

import numpy as np
from scipy.optimize import least_squares

job = json.load(sys.stdin)
d = np.array(job["points"], dtype=float)


# The curves, as positions p(u; theta) and their derivatives (rows: d/dtheta_k, then d/du), each over its u range:
#   ellipse  theta = (cx, cy, rx, ry, rotation): p = c + R(rotation) (rx cos u, ry sin u), u any angle
#   bezier   theta = (x0, y0, ..., x3, y3): the cubic Bernstein sum, u in [0, 1]
#   parabola theta = (a, b, c): p = (u, a u^2 + b u + c), u in [-10, 10] (the equation curve x = u, y = a*u^2+b*u+c)
def ellipse(theta, u):
    cx, cy, rx, ry, phi = theta
    c, s = np.cos(phi), np.sin(phi)
    a, b = rx * np.cos(u), ry * np.sin(u)
    p = np.stack([cx + a * c - b * s, cy + a * s + b * c], axis=1)
    one, zero = np.ones_like(u), np.zeros_like(u)
    d = [
        (one, zero),
        (zero, one),
        (np.cos(u) * c, np.cos(u) * s),
        (-np.sin(u) * s, np.sin(u) * c),
        (-a * s - b * c, a * c - b * s),
        (-rx * np.sin(u) * c - ry * np.cos(u) * s, -rx * np.sin(u) * s + ry * np.cos(u) * c),
    ]
    return p, d


def bezier(theta, u):
    P = theta.reshape(4, 2)
    B = [(1 - u) ** 3, 3 * u * (1 - u) ** 2, 3 * u**2 * (1 - u), u**3]
    dB = [-3 * (1 - u) ** 2, 3 * (1 - u) ** 2 - 6 * u * (1 - u), 6 * u * (1 - u) - 3 * u**2, 3 * u**2]
    p = np.stack([sum(B[k] * P[k, 0] for k in range(4)), sum(B[k] * P[k, 1] for k in range(4))], axis=1)
    zero = np.zeros_like(u)
    d = []
    for k in range(4):
        d += [(B[k], zero), (zero, B[k])]
    d.append((sum(dB[k] * P[k, 0] for k in range(4)), sum(dB[k] * P[k, 1] for k in range(4))))
    return p, d


def parabola(theta, u):
    a, b, c = theta
    p = np.stack([u, a * u**2 + b * u + c], axis=1)
    one, zero = np.ones_like(u), np.zeros_like(u)
    return p, [(zero, u**2), (zero, u), (zero, one), (one, 2 * a * u + b)]


CURVES = {"ellipse": (ellipse, -np.inf, np.inf, 0, 2 * np.pi), "bezier": (bezier, 0, 1, 0, 1),
          "parabola": (parabola, -10, 10, -10, 10)}


def odr(kind, theta0):
    curve, lo, hi, s0, s1 = CURVES[kind]
    k, n = len(theta0), len(d)
    samples = np.linspace(s0, s1, 4000)
    ps, _ = curve(theta0, samples)
    u0 = samples[np.argmin(np.hypot(ps[None, :, 0] - d[:, None, 0], ps[None, :, 1] - d[:, None, 1]), axis=1)]

    def res(v):
        p, _ = curve(v[:k], v[k:])
        return (p - d).reshape(-1)  # x0, y0, x1, y1, ...

    def jac(v):
        _, dd = curve(v[:k], v[k:])
        J = np.zeros((2 * n, k + n))
        for j in range(k):
            J[0::2, j], J[1::2, j] = dd[j]
        J[np.arange(0, 2 * n, 2), k + np.arange(n)] = dd[k][0]
        J[np.arange(1, 2 * n, 2), k + np.arange(n)] = dd[k][1]
        return J

    lower = np.concatenate([np.full(k, -np.inf), np.full(n, lo)])
    upper = np.concatenate([np.full(k, np.inf), np.full(n, hi)])
    x0 = np.concatenate([theta0, np.clip(u0, lo, hi)])
    fit = least_squares(res, x0, jac=jac, bounds=(lower, upper), xtol=1e-15, ftol=1e-15, gtol=1e-15, max_nfev=10000)
    r = res(fit.x).reshape(-1, 2)
    print(json.dumps({"params": fit.x[:k].tolist(), "cost": float(np.sum(r**2)),
                      "distances": np.hypot(r[:, 0], r[:, 1]).tolist()}))


def residuals(cx, cy, r):
    return np.hypot(d[:, 0] - cx, d[:, 1] - cy) - r


if job["problem"] in ("circle", "circle-on-line"):
    cx0, cy0, r0 = job["start"]
if job["problem"] == "circle":
    fit = least_squares(lambda v: residuals(v[0], v[1], v[2]), [cx0, cy0, r0], xtol=1e-15, ftol=1e-15, gtol=1e-15)
    cx, cy, r = fit.x
elif job["problem"] == "circle-on-line":
    fit = least_squares(lambda v: residuals(v[0], -v[1], v[1]), [cx0, r0], xtol=1e-15, ftol=1e-15, gtol=1e-15)
    cx, r = fit.x
    cy = -r
elif job["problem"] == "odr":
    odr(job["curve"], np.array(job["start"], dtype=float))
    raise SystemExit(0)
else:
    raise SystemExit("unknown problem " + job["problem"])
print(json.dumps({"cx": cx, "cy": cy, "r": r, "cost": float(np.sum(residuals(cx, cy, r) ** 2))}))
