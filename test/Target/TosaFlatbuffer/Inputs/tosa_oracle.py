#!/usr/bin/python3
"""Checks a .tosa file against the MLIR module it was written from, reading
the file with Debian's flatc and the official schema, not with our code.

check(tosa, schema, generic_mlir, workdir) returns a list of problems (empty
when the file means what the module says): version 1.0.0 (not draft), the
operator sequence of the entry block, each operator's wiring (inputs name
the tensors of the values the MLIR op reads), output shapes and types,
constant bytes, attribute values, and the block inputs and outputs.
Variables: each module-level tosa.variable is an entry-block tensor with
`variable` set, its symbol as `variable_name`, its shape, type and initial
value bytes; a variable_read is an IDENTITY from that tensor and a
variable_write an IDENTITY into it.

`generic_mlir` is the module printed by
`qtosa-opt --mlir-print-op-generic --mlir-print-elementsattrs-with-hex-if-larger=0`.
Run as a script (oracle.py TOSA SCHEMA GENERIC_MLIR WORKDIR) it prints the
problems, or "ORACLE OK", and exits 1 on problems.
"""
import json
import os
import re
import struct
import subprocess
import sys

DTYPES = {"i1": "BOOL", "i4": "INT4", "i8": "INT8", "i16": "INT16",
          "i32": "INT32", "i48": "INT48", "f32": "FP32", "f16": "FP16",
          "bf16": "BF16", "f8E4M3FN": "FP8E4M3", "f8E5M2": "FP8E5M2",
          "ui8": "INT8", "ui16": "INT16", "index": "SHAPE"}
WIDTHS = {"BOOL": 8, "INT4": 4, "INT8": 8, "INT16": 16, "INT32": 32,
          "INT48": 48, "FP32": 32, "FP16": 16, "BF16": 16, "FP8E4M3": 8,
          "FP8E5M2": 8, "SHAPE": 64}


def split_top(text, sep=","):
    """Splits at `sep` outside brackets and strings."""
    parts, depth, current, quoted, i = [], 0, "", False, 0
    while i < len(text):
        c = text[i]
        if quoted:
            current += c
            if c == "\\":
                current += text[i + 1]
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
            current += c
        elif c in "([<{":
            depth += 1
            current += c
        elif c in ")]>}":
            depth -= 1
            current += c
        elif c == sep and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
        i += 1
    if current.strip():
        parts.append(current.strip())
    return parts


def closing(text, start, open_, close):
    """Index of the bracket closing the one at `start`."""
    depth, quoted, i = 0, False, start
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif text.startswith(open_, i):
            depth += 1
        elif text.startswith(close, i):
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError("unbalanced: " + text)


def parse_type(text):
    """(shape, dtype) of a tensor or shape type."""
    text = text.strip()
    m = re.match(r"!tosa\.shape<(\d+)>", text)
    if m:
        return [int(m.group(1))], "SHAPE"
    m = re.match(r"tensor<(.*)>$", text)
    if not m:
        return None, None
    parts = m.group(1).split("x")
    element = parts[-1]
    shape = [int(p) for p in parts[:-1]]
    return shape, DTYPES.get(element, "?" + element)


def parse_types(text):
    text = text.strip()
    if text.startswith("("):
        return [parse_type(t) for t in split_top(text[1:-1])]
    return [parse_type(text)]


def mlir_string(text):
    """The bytes of an MLIR string literal (without the quotes)."""
    out, i = bytearray(), 0
    while i < len(text):
        if text[i] == "\\":
            if text[i + 1] == "\\":
                out.append(ord("\\"))
                i += 2
            else:
                out.append(int(text[i + 1:i + 3], 16))
                i += 3
        else:
            out += text[i].encode()
            i += 1
    return bytes(out)


def scalar_bytes(value, dtype):
    """Little-endian bytes of one number, or None when not comparable."""
    width = WIDTHS[dtype]
    if dtype in ("FP32",):
        return struct.pack("<f", float(value))
    if dtype == "FP16":
        return struct.pack("<e", float(value))
    if dtype.startswith("FP") or dtype == "BF16":
        return None
    if value in ("true", "false"):
        value = 1 if value == "true" else 0
    value = int(value)
    if dtype == "BOOL":
        return bytes([value & 1])
    nbytes = max(1, width // 8)
    return (value & ((1 << (nbytes * 8)) - 1)).to_bytes(nbytes, "little")


def constant_bytes(dense, shape, dtype):
    """The TOSA data bytes of `dense<...>` content, or None if not
    comparable."""
    count = 1
    for d in shape:
        count *= d
    if dense.startswith('"0x'):
        raw = bytes.fromhex(dense[3:-1])
        if dtype == "INT4":
            nibbles = [b & 0xF for b in raw]
            packed = bytearray((count + 1) // 2)
            for i, n in enumerate(nibbles):
                packed[i // 2] |= n << (4 * (i % 2))
            return bytes(packed)
        if dtype == "BOOL" and len(raw) != count:
            return bytes((raw[i // 8] >> (i % 8)) & 1 for i in range(count))
        return raw
    if dense.startswith("["):
        return None
    one = scalar_bytes(dense, dtype)
    if one is None:
        return None
    if dtype == "INT4":
        n = one[0] & 0xF
        packed = bytearray((count + 1) // 2)
        for i in range(count):
            packed[i // 2] |= n << (4 * (i % 2))
        return bytes(packed)
    return one * count


def parse_variables(generic):
    """The module-level tosa.variable ops: (symbol, shape, dtype, initial
    value text or None), in module order."""
    found = []
    for line in generic.splitlines():
        if not line.startswith('  "tosa.variable"() <{'):
            continue
        body = line.strip()
        start = body.index("<{")
        end = closing(body, start + 1, "{", "}")
        props = {}
        for item in split_top(body[start + 2:end]):
            key, _, value = item.partition(" = ")
            props[key.strip()] = value.strip()
        var_shape = props["var_shape"]
        dims = var_shape[len("dense<"):var_shape.rindex("> : ")]
        count = int(re.search(r"tensor<(\d+)xindex>", var_shape).group(1))
        if dims.startswith('"0x'):
            raw = bytes.fromhex(dims[3:-1])
            shape = [int.from_bytes(raw[8 * i:8 * i + 8], "little", signed=True)
                     for i in range(count)]
        elif dims.startswith("["):
            shape = [int(d) for d in dims[1:-1].split(",")]
        else:
            shape = [int(dims)] * count
        initial = props.get("initial_value")
        dense = None
        if initial is not None:
            dense = initial[len("dense<"):initial.rindex("> : ")]
        found.append((props["sym_name"][1:-1], shape,
                      DTYPES.get(props["type"], "?" + props["type"]), dense))
    return found


def parse_ops(generic):
    """The function's arguments, top-level ops and return operands."""
    lines = generic.splitlines()
    args, ops, returns = [], [], []
    for line in lines:
        if line.startswith("  ^bb0("):
            inner = line[line.index("(") + 1:line.rindex(")")]
            args = [a.split(":")[0].strip() for a in split_top(inner)]
        if not line.startswith("    ") or line.startswith("     "):
            continue
        body = line.strip()
        m = re.match(r'(?:(%[\w]+)(?::(\d+))? = )?"([\w.]+)"\((.*)', body)
        if not m:
            continue
        result, nresults, name, rest = m.groups()
        operand_end = closing("(" + rest, 0, "(", ")") - 1
        operands = [o for o in split_top(rest[:operand_end])]
        tail = rest[operand_end + 1:]
        props = {}
        if tail.startswith(" <{"):
            end = closing(tail, 1, "{", "}")
            for item in split_top(tail[3:end]):
                key, _, value = item.partition(" = ")
                props[key.strip()] = value.strip()
            tail = tail[end + 2:]
        if name == "func.return":
            returns = operands
            continue
        types = None
        if " -> " in tail and not tail.endswith("({"):
            types = parse_types(tail[tail.rindex(" -> ") + 4:])
        n = int(nresults) if nresults else (1 if result else 0)
        results = [result] if n == 1 else [
            "%s#%d" % (result, i) for i in range(n)]
        ops.append(dict(name=name, operands=operands, props=props,
                        types=types, results=results))
    return args, ops, returns


def bool_prop(props, key):
    return props.get(key, "false") == "true"


def check_attributes(op, attr, problems, where):
    p = op["props"]

    def same(key, want, got):
        if want != got:
            problems.append("%s: %s is %r, MLIR says %r" % (where, key, got,
                                                           want))

    for key in ("kernel", "stride", "pad", "dilation", "out_pad", "perms"):
        if key in p:
            want = [int(v) for v in p[key].split(":")[1].rstrip(">").split(
                ",") if v.strip()]
            same(key, want, attr.get(key, []))
    if "axis" in p:
        same("axis", int(p["axis"].split(":")[0]), attr.get("axis", 0))
    if op["name"] in ("tosa.argmax", "tosa.max_pool2d", "tosa.clamp",
                      "tosa.maximum", "tosa.minimum", "tosa.reduce_max",
                      "tosa.reduce_min"):
        want = "IGNORE" if "IGNORE" in p.get("nan_mode", "") else "PROPAGATE"
        same("nan_mode", want, attr.get("nan_mode"))
    if "acc_type" in p:
        same("acc_type", DTYPES.get(p["acc_type"]), attr.get("acc_type"))
    for key in ("local_bound", "inverse", "scale32", "per_channel",
                "input_unsigned", "output_unsigned", "round"):
        if key in p:
            same(key, bool_prop(p, key), attr.get(key, False))
    if "rounding_mode" in p:
        want = re.search(r"(SINGLE|INEXACT|DOUBLE)_ROUND", p["rounding_mode"])
        same("rounding_mode", want.group(0) if want else None,
             attr.get("rounding_mode"))
    if "mode" in p:
        same("mode", "BILINEAR" if "BILINEAR" in p["mode"] else "NEAREST",
             attr.get("mode"))
    for key in ("operator_name", "domain_name"):
        if key in p:
            same(key, mlir_string(p[key][1:-1]).decode(), attr.get(key, ""))
    if "implementation_attrs" in p:
        same("implementation_attrs",
             list(mlir_string(p["implementation_attrs"][1:-1])),
             attr.get("implementation_attrs", []))
    for key in ("min_val", "max_val"):
        if key in p:
            value, _, typ = p[key].rpartition(" : ")
            want = scalar_bytes(value, DTYPES[typ])
            if want is not None:
                same(key, list(want), attr.get(key, []))


def check(tosa, schema, generic, workdir):
    problems = []
    result = subprocess.run(
        ["flatc", "--json", "--strict-json", "--raw-binary", "-o", workdir,
         schema, "--", tosa], capture_output=True)
    if result.returncode:
        return ["flatc rejects the file: " + result.stderr.decode()]
    path = os.path.join(workdir,
                        os.path.splitext(os.path.basename(tosa))[0] + ".json")
    graph = json.load(open(path))
    version = graph.get("version", {})
    if (version.get("_major"), version.get("_minor"), version.get("_patch"),
            version.get("_draft", True)) != (1, 0, 0, False):
        problems.append("version is %r, not 1.0.0 final" % version)
    block = graph["regions"][0]["blocks"][0]
    tensors = {t["name"]: t for t in block.get("tensors", [])}
    # TOSA 1.0 lists shape values apart: a TosaShape of `rank` int64s, read
    # here as a rank-1 SHAPE tensor.
    for shape in block.get("shapes", []):
        tensors[shape["name"]] = {"name": shape["name"],
                                  "shape": [shape.get("rank", 0)],
                                  "type": "SHAPE",
                                  "data": shape.get("data", [])}
    args, ops, returns = parse_ops(generic)
    names = dict(zip(args, block.get("inputs", [])))
    if len(args) != len(block.get("inputs", [])):
        problems.append("block inputs %r for %d arguments" %
                        (block.get("inputs"), len(args)))
    variable_tensors = {}
    for symbol, shape, dtype, dense in parse_variables(generic):
        listed = [t for t in block.get("tensors", [])
                  if t.get("variable") and t.get("variable_name") == symbol]
        if len(listed) != 1:
            problems.append("variable %s: %d tensors of the entry block "
                            "declare it" % (symbol, len(listed)))
            continue
        t = listed[0]
        variable_tensors[symbol] = t["name"]
        if (t.get("shape", []), t.get("type")) != (shape, dtype):
            problems.append("variable %s: tensor is %r %s, MLIR says %r %s" % (
                symbol, t.get("shape", []), t.get("type"), shape, dtype))
        data = bytes(t["data"]) if "data" in t else None
        want = None if dense is None else constant_bytes(dense, shape, dtype)
        if (data is None) != (dense is None) or (
                want is not None and want != data):
            problems.append("variable %s: data %r, MLIR says %r" % (
                symbol, data, dense))
    fb_ops = block.get("operators", [])

    def fb_name(op):
        if op["name"] in ("tosa.variable_read", "tosa.variable_write"):
            return "IDENTITY"
        return op["name"].split(".")[1].upper()

    if [fb_name(o) for o in ops] != [o["op"] for o in fb_ops]:
        problems.append("operators %r, MLIR has %r" % (
            [o["op"] for o in fb_ops], [o["name"] for o in ops]))
        return problems
    for i, (op, fb) in enumerate(zip(ops, fb_ops)):
        where = "operator #%d (%s)" % (i, fb["op"])
        want_inputs = [names.get(o, "?" + o) for o in op["operands"]]
        variable = None
        if op["name"] in ("tosa.variable_read", "tosa.variable_write"):
            symbol = op["props"]["name"][1:-1]
            variable = variable_tensors.get(symbol, "?" + symbol)
        if op["name"] == "tosa.variable_read":
            want_inputs = [variable]
        if want_inputs != fb.get("inputs", []):
            problems.append("%s reads %r, MLIR reads %r" % (
                where, fb.get("inputs"), want_inputs))
        if op["name"] == "tosa.variable_write" and fb.get(
                "outputs", []) != [variable]:
            problems.append("%s writes %r, MLIR writes the variable tensor "
                            "%r" % (where, fb.get("outputs"), variable))
        outputs = fb.get("outputs", [])
        for ssa, tensor_name in zip(op["results"], outputs):
            names[ssa] = tensor_name
        if op["types"] is not None:
            for (shape, dtype), tensor_name in zip(op["types"], outputs):
                t = tensors.get(tensor_name, {})
                if (t.get("shape", []), t.get("type")) != (shape, dtype):
                    problems.append("%s: tensor %s is %r %s, MLIR says %r %s"
                                    % (where, tensor_name, t.get("shape", []),
                                       t.get("type"), shape, dtype))
        if op["name"] in ("tosa.const", "tosa.const_shape"):
            value = op["props"]["values"]
            dense = value[len("dense<"):value.rindex("> : ")]
            shape, dtype = op["types"][0]
            if op["name"] == "tosa.const_shape":
                dtype = "SHAPE"
            data = bytes(tensors[outputs[0]].get("data", []))
            want = constant_bytes(dense, shape, dtype)
            if want is not None and want != data:
                problems.append("%s: data %s..., MLIR says %s..." % (
                    where, data[:16].hex(), want[:16].hex()))
        check_attributes(op, fb.get("attribute", {}), problems, where)
    want_outputs = [names.get(r, "?" + r) for r in returns]
    if want_outputs != block.get("outputs", []):
        problems.append("block outputs %r, MLIR returns %r" % (
            block.get("outputs"), want_outputs))
    return problems


if __name__ == "__main__":
    tosa, schema, generic, workdir = sys.argv[1:5]
    found = check(tosa, schema, open(generic).read(), workdir)
    for problem in found:
        print("ORACLE PROBLEM:", problem)
    if not found:
        print("ORACLE OK")
    sys.exit(1 if found else 0)
