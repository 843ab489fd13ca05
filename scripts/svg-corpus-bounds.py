#!/usr/bin/python3
# Measures the bounding box (mm) of each SVG in test/fixtures/svg/ with an independent reader, svgelements (MIT;
# Debian's python3-svgelements: exact arc and cubic extremes, the root's width/height/viewBox and every transform
# applied, 96 px per inch), and writes test/fixtures/svg/bounds.json, which
# src/document/svg-import-corpus.test.ts checks the import against.
# Run: /usr/bin/python3 scripts/svg-corpus-bounds.py  (apt-get install python3-svgelements)
# Chromium's getBBox is no reference here: Blink turns arcs into cubic Béziers, off by up to ~3e-4 of the radius.
# svgelements 1.7.2's own box of a cubic misses extremes inside it (window-close-symbolic's left edge), so the
# extremes of Béziers are searched here numerically on svgelements' points; arcs and lines keep its exact boxes.

import json
import os
from svgelements import SVG, Arc, CubicBezier, Line, Path, QuadraticBezier, Shape

MM_PER_PX = 25.4 / 96
folder = os.path.join(os.path.dirname(__file__), '..', 'test', 'fixtures', 'svg')


def extreme(f, sign):
    # The extreme of f on [0, 1]: the best of 400 samples, refined by golden-section search around it.
    ts = [i / 400 for i in range(401)]
    best = max(ts, key=lambda t: sign * f(t))
    lo, hi = max(0.0, best - 1 / 400), min(1.0, best + 1 / 400)
    g = (5 ** 0.5 - 1) / 2
    for _ in range(80):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if sign * f(a) > sign * f(b):
            hi = b
        else:
            lo = a
    return max((sign * f(t), f(t)) for t in (lo, hi, best, 0.0, 1.0))[1]


def box(seg):
    if isinstance(seg, (CubicBezier, QuadraticBezier)):
        x = lambda t: seg.point(t)[0]
        y = lambda t: seg.point(t)[1]
        return (extreme(x, -1), extreme(y, -1), extreme(x, 1), extreme(y, 1))
    if isinstance(seg, (Arc, Line)):
        return seg.bbox()
    return None


out = {}
for name in sorted(f for f in os.listdir(folder) if f.endswith('.svg')):
    svg = SVG.parse(os.path.join(folder, name), ppi=96)
    boxes = [box(seg) for e in svg.elements() if isinstance(e, Shape) for seg in Path(e).segments(transformed=True)]
    boxes = [b for b in boxes if b is not None]
    out[name] = [
        min(b[0] for b in boxes) * MM_PER_PX,
        min(b[1] for b in boxes) * MM_PER_PX,
        max(b[2] for b in boxes) * MM_PER_PX,
        max(b[3] for b in boxes) * MM_PER_PX,
    ]
with open(os.path.join(folder, 'bounds.json'), 'w') as f:
    f.write(json.dumps(out, indent=2) + '\n')
print(json.dumps(out, indent=2))
