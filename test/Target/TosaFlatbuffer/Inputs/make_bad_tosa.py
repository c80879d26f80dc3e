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
# TOSA 1.0 keeps shape values apart from tensors: a TosaShape that an ADD
# writes, one that shares a tensor's name, and shape data of the wrong size.
def shape_output(g):
    block(g)["shapes"] = [{"name": "sum", "rank": 2}]
    block(g)["tensors"].pop()
variant("shape-output", shape_output)
variant("shape-collision", lambda g: block(g).__setitem__(
    "shapes", [{"name": "c", "rank": 1, "data": [0] * 8}]))
def shape_data(g):
    block(g)["shapes"] = [{"name": "s", "rank": 2, "data": [1, 0, 0, 0]}]
    block(g)["operators"].insert(0, {
        "op": "CONST_SHAPE", "attribute_type": "ConstShapeAttribute",
        "attribute": {}, "inputs": [], "outputs": ["s"]})
variant("shape-data", shape_data)
variant("wrong-attribute", lambda g: block(g)["operators"][1].update(
    attribute_type="ConcatAttribute", attribute={"axis": 0}))
def drop_attribute(g):
    op = block(g)["operators"][1]
    op.update(op="CONCAT")
    del op["attribute_type"], op["attribute"]


variant("missing-attribute", drop_attribute)
variant("data-size", lambda g: block(g)["tensors"][1].__setitem__(
    "data", [1, 2, 3]))
# ExecuTorch writes a [1] weight zero point with one copy per output
# channel: data that repeats the tensor's bytes is read as them; data of a
# multiple of the size that does not is refused.
variant("data-repeated", lambda g: block(g)["tensors"][1].__setitem__(
    "data", [1, 255, 1, 255, 1, 255]))
variant("data-repeated-differs", lambda g: block(g)["tensors"][1].__setitem__(
    "data", [1, 255, 1, 254]))
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

# Variables (EXT-VARIABLE): an accumulator read, added to and written back,
# as the TOSA MLIR translator writes it (IDENTITY from and into a tensor with
# `variable` set), then with one thing changed.
VARIABLE = {
    "version": {"_major": 1, "_minor": 0, "_patch": 0, "_draft": False},
    "regions": [{"name": "main", "blocks": [{
        "name": "graph",
        "operators": [
            {"op": "IDENTITY", "attribute_type": "IdentityAttribute",
             "attribute": {}, "inputs": ["v"], "outputs": ["r"]},
            {"op": "ADD", "attribute_type": "AddAttribute", "attribute": {},
             "inputs": ["a", "r"], "outputs": ["sum"]},
            {"op": "IDENTITY", "attribute_type": "IdentityAttribute",
             "attribute": {}, "inputs": ["sum"], "outputs": ["v"]},
        ],
        "tensors": [
            {"name": "a", "shape": [2], "type": "INT8"},
            {"name": "v", "shape": [2], "type": "INT8", "data": [1, 2],
             "variable": True, "variable_name": "acc"},
            {"name": "r", "shape": [2], "type": "INT8"},
            {"name": "sum", "shape": [2], "type": "INT8"},
        ],
        "inputs": ["a"], "outputs": ["sum"]}]}],
}


def variable_variant(name, change):
    graph = copy.deepcopy(VARIABLE)
    change(graph)
    path = os.path.join(out, name + ".json")
    json.dump(graph, open(path, "w"))
    subprocess.run(["flatc", "-b", "-o", out, schema, path], check=True)


def ops_of(g):
    return block(g)["operators"]


def tensors_of(g):
    return block(g)["tensors"]


def dedicated_operators(g):
    """The same graph with the format's own VARIABLE operators."""
    ops = ops_of(g)
    ops.insert(0, {"op": "VARIABLE", "attribute_type": "VariableAttribute",
                   "attribute": {}, "inputs": [], "outputs": ["v"]})
    ops[1].update(op="VARIABLE_READ", attribute_type="VariableReadAttribute")
    ops[3].update(op="VARIABLE_WRITE",
                  attribute_type="VariableWriteAttribute")


variable_variant("var-good", lambda g: None)
variable_variant("var-opcodes", dedicated_operators)
variable_variant("var-no-name", lambda g: tensors_of(g)[1].pop(
    "variable_name"))
variable_variant("var-read-undeclared", lambda g: (
    dedicated_operators(g), ops_of(g)[1].__setitem__("inputs", ["a"])))
variable_variant("var-duplicate", lambda g: tensors_of(g).append(
    {"name": "v2", "shape": [2], "type": "INT8", "variable": True,
     "variable_name": "acc"}))
variable_variant("var-function-name", lambda g: tensors_of(g)[1].__setitem__(
    "variable_name", "graph"))
variable_variant("var-read-type", lambda g: tensors_of(g)[2].__setitem__(
    "type", "INT16"))
variable_variant("var-write-type", lambda g: (
    tensors_of(g).append({"name": "wide", "shape": [3], "type": "INT8",
                          "data": [1, 2, 3]}),
    ops_of(g)[2].__setitem__("inputs", ["wide"])))
variable_variant("var-initial-size", lambda g: tensors_of(g)[1].__setitem__(
    "data", [1, 2, 3]))
variable_variant("var-as-operand", lambda g: ops_of(g)[1].__setitem__(
    "inputs", ["a", "v"]))
variable_variant("var-copy", lambda g: (
    tensors_of(g).append({"name": "w", "shape": [2], "type": "INT8",
                          "variable": True, "variable_name": "other"}),
    ops_of(g)[2].__setitem__("inputs", ["w"])))
variable_variant("var-wrong-attribute", lambda g: ops_of(g)[0].update(
    attribute_type="ConcatAttribute", attribute={"axis": 0}))


def region_redeclares(g):
    """A cond_if region listing the variable again with another shape."""
    tensors_of(g).append({"name": "c", "shape": [], "type": "BOOL"})
    block(g)["inputs"].append("c")
    ops_of(g).append({"op": "COND_IF", "attribute_type": "CondIfAttribute",
                      "attribute": {"then_graph": "then",
                                    "else_graph": "else"},
                      "inputs": ["c"], "outputs": []})
    g["regions"].append({"name": "then", "blocks": [{
        "name": "then", "tensors": [
            {"name": "v", "shape": [3], "type": "INT8", "variable": True,
             "variable_name": "acc"}]}]})
    g["regions"].append({"name": "else", "blocks": [{"name": "else"}]})


variable_variant("var-region-type", region_redeclares)
