#!/usr/bin/python3
"""Points on every curve of a DXF file's model space, as ezdxf reads and evaluates them, for the DXF import's
corpus test (src/document/dxf-import-corpus.test.ts).

    /usr/bin/python3 test/support/dxf-points.py FILE.dxf [SAMPLES]

Prints one JSON object: the header's $INSUNITS (0 when absent) and, for each curve entity (blocks' INSERTs, MINSERT arrays
and polylines exploded by ezdxf's own virtual_entities, non-uniform scales making ellipses), its type and SAMPLES
(default 17) points of it in the file's units, y up: LINE and POINT their points; CIRCLE, ARC and ELLIPSE points
at angles or parameters spread over them (ezdxf's vertices); SPLINE points at knots spread over its domain (ezdxf's
BSpline, rational ones too). A SPLINE of fit points only is listed with no points (the import leaves it out). Ellipses and splines say whether
the import makes them exactly ("exact": a full or circular ellipse, a non-rational spline of degree 3 or less).
Other entities (text, hatches) are not listed.
"""
import json
import sys

import ezdxf


def xy(v):
    return [v[0], v[1]]


def spread(lo, hi, n):
    return [lo + (hi - lo) * i / (n - 1) for i in range(n)]


def points(e, n, out):
    t = e.dxftype()
    if t == "INSERT" and e.mcount > 1:  # a MINSERT: each of its array's inserts
        for v in e.multi_insert():
            points(v, n, out)
        return
    if t in ("INSERT", "LWPOLYLINE", "POLYLINE"):
        for v in e.virtual_entities():
            points(v, n, out)
        return
    if t == "LINE":
        ps = [e.dxf.start, e.dxf.end]
    elif t == "POINT":
        ps = [e.dxf.location]
    elif t == "CIRCLE":
        ps = list(e.vertices(spread(0, 360, n)))
    elif t == "ARC":
        start, end = e.dxf.start_angle % 360, e.dxf.end_angle % 360
        if end <= start:
            end += 360
        ps = list(e.vertices(spread(start, end, n)))
    elif t == "ELLIPSE":
        start, end = e.dxf.start_param, e.dxf.end_param
        if end <= start:
            end += 2 * 3.141592653589793
        ps = list(e.vertices(spread(start, end, n)))
        full = abs(end - start - 2 * 3.141592653589793) < 1e-12
        out.append({"type": t, "points": [xy(p) for p in ps], "exact": full or e.dxf.ratio == 1})
        return
    elif t == "SPLINE":
        if e.control_point_count() == 0:
            out.append({"type": t, "points": []})
            return
        tool = e.construction_tool()
        knots = list(tool.knots())
        lo, hi = knots[tool.degree], knots[len(knots) - tool.degree - 1]
        ps = [tool.point(u) for u in spread(lo, hi, n)]
        rational = len(set(tool.weights())) > 1
        out.append({"type": t, "points": [xy(p) for p in ps], "exact": not rational and tool.degree <= 3})
        return
    else:
        return
    out.append({"type": t, "points": [xy(p) for p in ps]})


def main():
    doc = ezdxf.readfile(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 17
    out = []
    for e in doc.modelspace():
        points(e, n, out)
    print(json.dumps({"insunits": doc.header.get("$INSUNITS", 0), "entities": out}))


if __name__ == "__main__":
    main()
