#!/usr/bin/python3
"""Writes TOSA flatbuffers with one defect each, for the importer's error
tests: make_bad_tosa.py SCHEMA OUTDIR. Each file is a small valid graph (an
ADD of two INT8 inputs and a CONST) with one thing changed, encoded by
Debian's flatc from JSON; the byte-level defects (truncation, identifier)
are cut from the valid file."""
import copy
import json
import os
import struct
import subprocess
import sys

schema, out = sys.argv[1:3]
os.makedirs(out, exist_ok=True)

GOOD = {
    "version": {"_major": 1, "_minor": 0, "_patch": 0, "_draft": False},
    "regions": [{"name": "main", "blocks": [{
        "name": "graph",
        "operators": [
            {"op": "CONST", "attribute_type": "ConstAttribute",
             "attribute": {}, "inputs": [], "outputs": ["c"]},
            {"op": "ADD", "attribute_type": "AddAttribute", "attribute": {},
             "inputs": ["a", "c"], "outputs": ["sum"]},
        ],
        "tensors": [
            {"name": "a", "shape": [2], "type": "INT8"},
            {"name": "c", "shape": [2], "type": "INT8", "data": [1, 255]},
            {"name": "sum", "shape": [2], "type": "INT8"},
        ],
        "inputs": ["a"], "outputs": ["sum"]}]}],
}


def block(graph):
    return graph["regions"][0]["blocks"][0]


def variant(name, change):
    graph = copy.deepcopy(GOOD)
    change(graph)
    path = os.path.join(out, name + ".json")
    json.dump(graph, open(path, "w"))
    subprocess.run(["flatc", "-b", "-o", out, schema, path], check=True)


def setitem(getter, key, value):
    return lambda g: getter(g).__setitem__(key, value)


variant("good", lambda g: None)
good = open(os.path.join(out, "good.tosa"), "rb").read()
open(os.path.join(out, "truncated.tosa"), "wb").write(good[:len(good) // 2])
open(os.path.join(out, "tiny.tosa"), "wb").write(good[:6])
open(os.path.join(out, "identifier.tosa"), "wb").write(
    good[:4] + b"TFL3" + good[8:])

variant("version2", setitem(lambda g: g["version"], "_major", 2))
variant("version-missing", lambda g: g.__setitem__("version", {}))
variant("unresolved-input", lambda g: block(g)["operators"][1].__setitem__(
    "inputs", ["a", "nowhere"]))
variant("unresolved-output", setitem(block, "outputs", ["nowhere"]))
variant("unresolved-block-input", setitem(block, "inputs", ["nowhere"]))
variant("unknown-op", lambda g: block(g)["operators"][1].__setitem__(
    "op", 250))
variant("yield-op", lambda g: block(g)["operators"][1].update(
    op="YIELD", attribute_type="YieldAttribute"))
variant("wrong-attribute", lambda g: block(g)["operators"][1].update(
    attribute_type="ConcatAttribute", attribute={"axis": 0}))
def drop_attribute(g):
    op = block(g)["operators"][1]
    op.update(op="CONCAT")
    del op["attribute_type"], op["attribute"]


variant("missing-attribute", drop_attribute)
variant("data-size", lambda g: block(g)["tensors"][1].__setitem__(
    "data", [1, 2, 3]))
variant("data-bool", lambda g: block(g)["tensors"][1].update(
    type="BOOL", data=[1, 2]))
variant("unknown-dtype", lambda g: block(g)["tensors"][0].__setitem__(
    "type", 99))
variant("huge-data", lambda g: block(g)["tensors"][1].update(
    shape=[2147483647, 2147483647, 2], type="FP32"))
variant("negative-dim", lambda g: block(g)["tensors"][0].__setitem__(
    "shape", [-2]))
variant("duplicate-tensor", lambda g: block(g)["tensors"].append(
    {"name": "a", "shape": [2], "type": "INT8"}))
variant("arity", lambda g: block(g)["operators"][1].__setitem__(
    "inputs", ["a"]))
variant("verifier", lambda g: block(g)["tensors"][2].__setitem__(
    "type", "INT32"))
def cond_if(then_graph, else_graph):
    return lambda g: block(g)["operators"].append(
        {"op": "COND_IF", "attribute_type": "CondIfAttribute",
         "attribute": {"then_graph": then_graph, "else_graph": else_graph},
         "inputs": ["a"], "outputs": []})


variant("missing-region", cond_if("nowhere", "main"))
variant("recursive-region", cond_if("main", "main"))
variant("no-regions", lambda g: g.__setitem__("regions", []))


def field(buf, table, index):
    """Position of field `index` of the table at `table`, or None."""
    vtable = table - struct.unpack_from("<i", buf, table)[0]
    vtable_size = struct.unpack_from("<H", buf, vtable)[0]
    if 4 + 2 * index >= vtable_size:
        return None
    offset = struct.unpack_from("<H", buf, vtable + 4 + 2 * index)[0]
    return table + offset if offset else None


def deref(buf, pos):
    return pos + struct.unpack_from("<I", buf, pos)[0]


def element(buf, vector, index):
    return deref(buf, vector + 4 + 4 * index)


# A union tag no schema defines: flatc cannot write one from JSON, so the
# ADD operator's attribute_type byte is patched in the valid file.
patched = bytearray(good)
graph = deref(patched, 0)
region = element(patched, deref(patched, field(patched, graph, 1)), 0)
block0 = element(patched, deref(patched, field(patched, region, 1)), 0)
add = element(patched, deref(patched, field(patched, block0, 1)), 1)
patched[field(patched, add, 1)] = 200
open(os.path.join(out, "unknown-attribute.tosa"), "wb").write(patched)
