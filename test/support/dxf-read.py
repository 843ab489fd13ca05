#!/usr/bin/python3
"""An independent reader of a DXF file, for the DXF export's tests (src/document/dxf-export.test.ts).

Run with Debian's python3 (/usr/bin/python3, package python3-ezdxf):

    /usr/bin/python3 test/support/dxf-read.py FILE.dxf [SAMPLES]

Reads FILE with ezdxf, audits it, and prints one JSON object: the audit's errors and fixes, the header's units, the
layers, and every model-space entity's geometry as ezdxf reads it. Splines and ellipses are also evaluated by
ezdxf's own construction tools at SAMPLES parameters spread evenly over their range (default 9), so a test can
compare the curve itself, not only its numbers. A file ezdxf cannot read prints {"error": "..."} and exits 1.
"""
import json
import sys

import ezdxf


def xy(v):
    return [v[0], v[1]]


def spread(lo, hi, n):
    return [lo + (hi - lo) * i / (n - 1) for i in range(n)]


def entity(e, samples):
    t = e.dxftype()
    out = {"type": t, "layer": e.dxf.layer, "handle": e.dxf.handle}
    if e.dxf.hasattr("true_color"):
        out["trueColor"] = e.dxf.true_color
    if t == "POINT":
        out["at"] = xy(e.dxf.location)
    elif t == "LINE":
        out["start"], out["end"] = xy(e.dxf.start), xy(e.dxf.end)
    elif t == "CIRCLE":
        out["center"], out["radius"] = xy(e.dxf.center), e.dxf.radius
    elif t == "ARC":
        out["center"], out["radius"] = xy(e.dxf.center), e.dxf.radius
        out["startAngle"], out["endAngle"] = e.dxf.start_angle, e.dxf.end_angle
        out["startPoint"], out["endPoint"] = xy(e.start_point), xy(e.end_point)
    elif t == "ELLIPSE":
        out["center"], out["majorAxis"], out["ratio"] = xy(e.dxf.center), xy(e.dxf.major_axis), e.dxf.ratio
        out["startParam"], out["endParam"] = e.dxf.start_param, e.dxf.end_param
        params = spread(e.dxf.start_param, e.dxf.end_param, samples)
        out["samples"] = [xy(p) for p in e.construction_tool().vertices(params)]
    elif t == "SPLINE":
        tool = e.construction_tool()
        knots = list(tool.knots())
        out["degree"] = tool.degree
        out["controlPoints"] = [xy(p) for p in tool.control_points]
        out["knots"] = knots
        out["closed"] = e.closed
        params = spread(knots[0], knots[-1], samples)
        out["params"] = params
        out["samples"] = [xy(tool.point(u)) for u in params]
    elif t == "LWPOLYLINE":
        out["points"] = [[p[0], p[1]] for p in e.get_points("xy")]
        out["closed"] = e.closed
    elif t == "DIMENSION":
        out["dimtype"] = e.dimtype
        out["block"] = e.dxf.geometry
        out["text"] = e.dxf.text
        for name in ("defpoint", "defpoint2", "defpoint3", "defpoint4", "defpoint5", "text_midpoint"):
            if e.dxf.hasattr(name):
                out[name] = xy(e.dxf.get(name))
        try:
            out["measurement"] = e.get_measurement()
        except Exception as err:  # a kind ezdxf does not measure
            out["measurementError"] = str(err)
        block = e.get_geometry_block()
        out["blockEntities"] = [b.dxftype() for b in block] if block is not None else None
    return out


def main():
    path = sys.argv[1]
    samples = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    try:
        doc = ezdxf.readfile(path)
    except (IOError, ezdxf.DXFStructureError) as err:
        print(json.dumps({"error": str(err)}))
        return 1
    auditor = doc.audit()
    result = {
        "ezdxf": ezdxf.__version__,
        "audit": {
            "errors": [f"{e.code}: {e.message}" for e in auditor.errors],
            "fixes": [f"{e.code}: {e.message}" for e in auditor.fixes],
        },
        "header": {
            "acadver": doc.header.get("$ACADVER"),
            "insunits": doc.header.get("$INSUNITS"),
            "measurement": doc.header.get("$MEASUREMENT"),
        },
        "layers": sorted(layer.dxf.name for layer in doc.layers),
        "entities": [entity(e, samples) for e in doc.modelspace()],
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
