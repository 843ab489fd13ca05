#!/usr/bin/python3
# Reference optima for the data-fit tests, by SciPy (an optimiser the project did not write). Reads one JSON object
# on stdin: {"points": [[x, y], ...], "problem": "circle" | "circle-on-line", "start": [cx, cy, r]}, writes
# {"cx", "cy", "r", "cost"}. Distances are geometric: a point's distance to a circle is | |d - c| - r |.
#   circle:          min over (cx, cy, r) of sum (|d - c| - r)^2
#   circle-on-line:  the same with the circle resting on the line y = 0 from below (cy = -r, r > 0):
#                    min over (cx, r) of sum (|d - (cx, -r)| - r)^2
import json
import sys

import numpy as np
from scipy.optimize import least_squares

job = json.load(sys.stdin)
d = np.array(job["points"], dtype=float)
cx0, cy0, r0 = job["start"]


def residuals(cx, cy, r):
    return np.hypot(d[:, 0] - cx, d[:, 1] - cy) - r


if job["problem"] == "circle":
    fit = least_squares(lambda v: residuals(v[0], v[1], v[2]), [cx0, cy0, r0], xtol=1e-15, ftol=1e-15, gtol=1e-15)
    cx, cy, r = fit.x
elif job["problem"] == "circle-on-line":
    fit = least_squares(lambda v: residuals(v[0], -v[1], v[1]), [cx0, r0], xtol=1e-15, ftol=1e-15, gtol=1e-15)
    cx, r = fit.x
    cy = -r
else:
    raise SystemExit("unknown problem " + job["problem"])
print(json.dumps({"cx": cx, "cy": cy, "r": r, "cost": float(np.sum(residuals(cx, cy, r) ** 2))}))
