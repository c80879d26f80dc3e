"""Random DAGs of NPU and host ops, with the partition they must get.

usage: random_partition_graphs.py SEED COUNT

Prints a module of COUNT functions over tensor<4xi32>. NPU ops are
tosa.add/sub/maximum/minimum; host ops are tosa.bitwise_and/or/xor (no
BITWISE_* on Ethos-U55). Each function comes with FileCheck lines:

* IR: exactly the least possible number of delegates, which is the largest
  number of NPU runs on any path (two NPU ops with a host op between them
  can never share a convex region). qtosa-opt verifies its output, so a
  delegate placed before a value it reads, or a path leaving a delegate and
  coming back, fails the test too.
* TABLE: the totals of the report for the whole module.
"""
import random
import sys

NPU_OPS = ["tosa.add", "tosa.sub", "tosa.maximum", "tosa.minimum"]
HOST_OPS = ["tosa.bitwise_and", "tosa.bitwise_or", "tosa.bitwise_xor"]
T = "tensor<4xi32>"


def graph(rng, index):
    num_args = rng.randint(1, 3)
    num_ops = rng.randint(1, 60)
    host_share = rng.choice([0.1, 0.3, 0.5])
    values = ["%%arg%d" % i for i in range(num_args)]
    # Runs: for each value, the most NPU runs on a path ending at it, and
    # whether it is produced on the NPU.
    runs = {v: 0 for v in values}
    on_npu = {v: False for v in values}
    used = set()
    lines = []
    npu_count = 0
    for op_index in range(num_ops):
        host = rng.random() < host_share
        name = rng.choice(HOST_OPS if host else NPU_OPS)
        # Prefer recent values, so chains get long.
        window = values[-rng.randint(1, min(len(values), 6)):]
        a, b = rng.choice(window), rng.choice(values)
        used.update([a, b])
        result = "%%v%d" % op_index
        if host:
            runs[result] = max(runs[a], runs[b])
        else:
            npu_count += 1
            runs[result] = max(runs[p] + (0 if on_npu[p] else 1)
                               for p in (a, b))
        on_npu[result] = not host
        lines.append("  %s = %s %s, %s : (%s, %s) -> %s"
                     % (result, name, a, b, T, T, T))
        values.append(result)
    results = [v for v in values[num_args:] if v not in used] or [values[-1]]
    delegates = max([runs[v] for v in values if on_npu[v]], default=0)
    text = ["// IR-LABEL: func.func @g%d(" % index]
    if delegates:
        text.append("// IR-COUNT-%d: qtosa.delegate" % delegates)
    text.append("// IR-NOT: qtosa.delegate")
    args = ", ".join("%%arg%d: %s" % (i, T) for i in range(num_args))
    text.append("func.func @g%d(%s) -> (%s) {"
                % (index, args, ", ".join([T] * len(results))))
    text += lines
    text.append("  return %s : %s" % (", ".join(results),
                                      ", ".join([T] * len(results))))
    text.append("}")
    return "\n".join(text), delegates, npu_count, num_ops - npu_count


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    totals = [0, 0, 0]
    bodies = []
    for index in range(count):
        body, delegates, npu, host = graph(rng, index)
        bodies.append(body)
        totals[0] += delegates
        totals[1] += npu
        totals[2] += host
    print("// TABLE: ethos-u55-128: %d delegate(s); %d op(s): %d on the NPU "
          "({{[0-9.]+}}%%), %d on the host; 0 graph-IO quantize/dequantize"
          % (totals[0], totals[1] + totals[2], totals[1], totals[2]))
    print("\n\n".join(bodies))


if __name__ == "__main__":
    main()
