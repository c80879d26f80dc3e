//===- PartitionReport.cpp - Reports of qtosa-ethosu-partition ------------===//

#include "PartitionReport.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Utils/OutputFile.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct Totals {
  int64_t delegates = 0, npu = 0, host = 0, boundary = 0, dead = 0;
};

Totals sum(ArrayRef<EthosUPartitionResult> results) {
  Totals totals;
  for (const EthosUPartitionResult &result : results) {
    totals.delegates += result.delegates;
    totals.npu += result.npuOps;
    totals.host += static_cast<int64_t>(result.host.size());
    totals.boundary += result.boundaryQDQ;
    totals.dead += result.deadOps;
  }
  return totals;
}

/// `text` as one line of valid UTF-8 that shows what it holds: a control
/// character (C0, DEL, C1: from a tensor or file name in a model) and a
/// byte that is not UTF-8 become the text \\xHH. Printed raw, an ESC or a
/// CSI drove the reader's terminal, a newline made a row of its own, and a
/// NUL ended the DOT file for Graphviz.
std::string visibleText(StringRef text) {
  std::string out;
  auto escape = [&](unsigned char byte) {
    out += llvm::formatv("\\x{0:X-2}", static_cast<unsigned>(byte)).str();
  };
  const auto *bytes = reinterpret_cast<const llvm::UTF8 *>(text.data());
  size_t size = text.size();
  for (size_t i = 0; i < size;) {
    unsigned char byte = bytes[i];
    if (byte < 0x80) {
      if (byte < 0x20 || byte == 0x7f)
        escape(byte);
      else
        out += static_cast<char>(byte);
      ++i;
      continue;
    }
    unsigned length = llvm::getNumBytesForUTF8(byte);
    if (i + length > size ||
        !llvm::isLegalUTF8Sequence(bytes + i, bytes + i + length)) {
      escape(byte);
      ++i;
      continue;
    }
    // U+0080..U+009F, the C1 controls, are C2 80..C2 9F.
    if (byte == 0xc2 && bytes[i + 1] < 0xa0) {
      escape(byte);
      escape(bytes[i + 1]);
    } else {
      out.append(text.data() + i, length);
    }
    i += length;
  }
  return out;
}

/// "file:line:col" where the location has one, else MLIR's spelling.
std::string locationString(Location loc) {
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    return llvm::formatv("{0}:{1}:{2}", fileLoc.getFilename().getValue(),
                         fileLoc.getLine(), fileLoc.getColumn())
        .str();
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

/// "line:col" when `loc` is in the same file as `anchor`, else the whole
/// location: a float region's ops are listed beside its cause.
std::string shortLocation(Location loc, Location anchor) {
  auto fileLoc = loc->findInstanceOf<FileLineColLoc>();
  auto anchorLoc = anchor->findInstanceOf<FileLineColLoc>();
  if (fileLoc && anchorLoc && fileLoc.getFilename() == anchorLoc.getFilename())
    return llvm::formatv("{0}:{1}", fileLoc.getLine(), fileLoc.getColumn())
        .str();
  return locationString(loc);
}

/// Writes `text` to `path`, reporting a failure (a path that cannot be
/// opened, a write that fails: a full disk, /dev/full) at the module's
/// location, not on the module: a diagnostic on an op prints the whole op
/// beside it.
LogicalResult writeText(const PartitionReport &report, StringRef path,
                        StringRef what, StringRef text) {
  if (std::optional<OutputFileError> error = writeOutputFile(path, text))
    return emitError(report.module->getLoc())
           << "cannot write the " << what << " to '" << path
           << "': " << error->message;
  return success();
}

void writeJson(const PartitionReport &report, raw_ostream &os) {
  Totals totals = sum(report.results);
  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    json.attribute("target", stringifyEthosUTarget(report.target));
    json.attribute("delegate_count", totals.delegates);
    // The same count under its first name, which said "partitions" of a
    // delegate count; kept for readers of the 0.x reports, to be removed.
    json.attribute("partitions", totals.delegates);
    json.attribute("ops_total", totals.npu + totals.host);
    json.attribute("ops_npu", totals.npu);
    json.attribute("ops_host", totals.host);
    json.attribute("boundary_qdq", totals.boundary);
    json.attribute("dead_ops_erased", totals.dead);
    // Per function: its counts and, per delegate in program order, how many
    // ops of each kind it holds (constants aside), so a report says what
    // each NPU graph does as well as what stays on the host.
    // Delegates are named as qtosa-export-delegates names their files:
    // numbered in program order across the module.
    int64_t delegateIndex = 0;
    json.attributeArray("functions", [&] {
      for (auto [function, result] :
           llvm::zip(report.functions, report.results))
        json.object([&] {
          json.attribute("name", FunctionOpInterface(function).getName());
          json.attribute("delegate_count", result.delegates);
          json.attribute("partitions", result.delegates);
          json.attribute("ops_npu", result.npuOps);
          json.attribute("ops_host", static_cast<int64_t>(result.host.size()));
          json.attributeArray("delegates", [&] {
            FunctionOpInterface(function)->walk([&](DelegateOp delegate) {
              std::map<std::string, int64_t> counts;
              for (Operation &op : delegate.getBody().front())
                if (!op.hasTrait<OpTrait::ConstantLike>() &&
                    !op.hasTrait<OpTrait::IsTerminator>())
                  ++counts[op.getName().getStringRef().str()];
              json.object([&] {
                json.attribute("name",
                               "delegate_" + std::to_string(delegateIndex++));
                json.attribute("loc", locationString(delegate.getLoc()));
                json.attributeObject("ops", [&] {
                  for (const auto &[name, count] : counts)
                    json.attribute(name, count);
                });
              });
            });
          });
        });
    });
    // Every host op with its own rule and reason; a float one also names
    // its region, an index into float_regions.
    json.attributeArray("host_ops", [&] {
      int64_t regionBase = 0;
      for (auto [function, result] :
           llvm::zip(report.functions, report.results)) {
        for (const EthosUHostOp &host : result.host)
          json.object([&] {
            json.attribute("function", FunctionOpInterface(function).getName());
            json.attribute("op", host.op->getName().getStringRef());
            json.attribute("loc", locationString(host.op->getLoc()));
            // The name an importer gave the op's location (TFLite's output
            // tensor, which names the Keras layer): file:line alone points
            // at an operator index.
            if (auto name = host.op->getLoc()->findInstanceOf<NameLoc>())
              json.attribute("name", name.getName().getValue());
            json.attribute("rule", host.rule);
            json.attribute("reason", host.reason);
            if (host.floatRegion >= 0)
              json.attribute("float_region", regionBase + host.floatRegion);
          });
        regionBase += static_cast<int64_t>(result.floatRegions.size());
      }
    });
    // The float host ops grouped into regions joined by float values: one
    // entry per region with its cause (the first member that is float of
    // its own accord, not because an op before it is), any further causes,
    // and its ops.
    json.attributeArray("float_regions", [&] {
      for (auto [function, result] :
           llvm::zip(report.functions, report.results))
        for (const EthosUFloatRegion &region : result.floatRegions)
          json.object([&] {
            auto opObject = [&](const EthosUHostOp &host, bool withReason) {
              json.object([&] {
                json.attribute("op", host.op->getName().getStringRef());
                json.attribute("loc", locationString(host.op->getLoc()));
                if (withReason)
                  json.attribute("reason", host.reason);
              });
            };
            const EthosUHostOp &cause = result.host[region.causes.front()];
            json.attribute("function", FunctionOpInterface(function).getName());
            json.attribute("rule", cause.rule);
            json.attribute("op_count", static_cast<int64_t>(region.ops.size()));
            json.attributeBegin("cause");
            opObject(cause, /*withReason=*/true);
            json.attributeEnd();
            json.attributeArray("more_causes", [&] {
              for (size_t index : llvm::drop_begin(region.causes))
                opObject(result.host[index], /*withReason=*/true);
            });
            json.attributeArray("ops", [&] {
              for (size_t index : region.ops)
                opObject(result.host[index], /*withReason=*/false);
            });
          });
    });
  });
  os << "\n";
}

void writeTable(const PartitionReport &report, raw_ostream &os) {
  Totals totals = sum(report.results);
  int64_t total = totals.npu + totals.host;
  double share = total == 0 ? 100.0 : 100.0 * totals.npu / total;
  os << llvm::formatv("{0}: {1} delegate(s); {2} op(s): {3} on the NPU "
                      "({4:f1}%), {5} on the host; {6} graph-IO "
                      "quantize/dequantize\n",
                      stringifyEthosUTarget(report.target), totals.delegates,
                      total, totals.npu, share, totals.host, totals.boundary);
  if (totals.dead != 0)
    os << llvm::formatv("{0} op(s) erased: nothing read their results\n",
                        totals.dead);
  if (totals.host == 0)
    return;
  // One row per op on the host for its own reason, one per float region at
  // its cause, in program order; a region of several ops lists them below
  // its row, with any further causes.
  struct Row {
    std::string op, loc, rule, reason;
    std::vector<std::string> more;
  };
  std::vector<Row> rows;
  size_t opWidth = 7, locWidth = 8, ruleWidth = 4;
  for (const EthosUPartitionResult &result : report.results)
    for (auto [index, host] : llvm::enumerate(result.host)) {
      Row row{visibleText(host.op->getName().getStringRef()),
              visibleText(locationString(host.op->getLoc())),
              visibleText(host.rule),
              visibleText(host.reason),
              {}};
      if (host.floatRegion >= 0) {
        const EthosUFloatRegion &region = result.floatRegions[host.floatRegion];
        if (region.causes.front() != index)
          continue;
        if (region.ops.size() > 1) {
          row.op = llvm::formatv("{0} float ops", region.ops.size()).str();
          std::string ops = "ops:";
          for (auto [position, member] : llvm::enumerate(region.ops))
            ops += (position == 0 ? " " : ", ") +
                   result.host[member].op->getName().getStringRef().str() +
                   " " +
                   shortLocation(result.host[member].op->getLoc(),
                                 host.op->getLoc());
          row.more.push_back(visibleText(ops));
        }
        for (size_t cause : llvm::drop_begin(region.causes))
          row.more.push_back(visibleText(
              "also float of its own: " +
              result.host[cause].op->getName().getStringRef().str() + " " +
              shortLocation(result.host[cause].op->getLoc(),
                            host.op->getLoc()) +
              ": " + result.host[cause].reason));
      }
      opWidth = std::max(opWidth, row.op.size());
      locWidth = std::max(locWidth, row.loc.size());
      ruleWidth = std::max(ruleWidth, row.rule.size());
      rows.push_back(std::move(row));
    }
  auto line = [&](StringRef op, StringRef loc, StringRef rule,
                  StringRef reason) {
    os << "  " << llvm::left_justify(op, opWidth) << "  "
       << llvm::left_justify(loc, locWidth) << "  "
       << llvm::left_justify(rule, ruleWidth) << "  " << reason << "\n";
  };
  line("host op", "location", "rule", "reason");
  for (const Row &row : rows) {
    line(row.op, row.loc, row.rule, row.reason);
    for (const std::string &more : row.more)
      os << "  " << std::string(opWidth + 2, ' ') << more << "\n";
  }
}

/// Escapes `text` for a double-quoted Graphviz string (its visible form,
/// whose backslashes Graphviz then shows as they are).
std::string dotEscape(StringRef text) {
  std::string escaped;
  for (char c : visibleText(text)) {
    if (c == '"' || c == '\\')
      escaped += '\\';
    escaped += c;
  }
  return escaped;
}

/// Writes one function: nodes for its ops, arguments and return, a cluster
/// per delegate, and the data edges seen through delegate boundaries.
class DotFunctionWriter {
public:
  DotFunctionWriter(raw_ostream &os, unsigned functionIndex,
                    FunctionOpInterface function,
                    const EthosUPartitionResult &result)
      : os(os), prefix("f" + std::to_string(functionIndex)),
        function(function) {
    for (const EthosUHostOp &host : result.host)
      hostRules[host.op] = &host;
  }

  void write() {
    os << "  subgraph cluster_" << prefix << " {\n    label=\"@"
       << dotEscape(function.getName()) << "\";\n";
    // One numbering of the delegates for the function, whatever its blocks.
    unsigned delegateIndex = 0;
    for (Block &block : function.getFunctionBody()) {
      for (BlockArgument arg : block.getArguments())
        os << "    " << nameOf(arg) << " [label=\"" << argumentLabel(arg)
           << "\", shape=ellipse];\n";
      for (Operation &op : block) {
        if (auto delegate = dyn_cast<DelegateOp>(op)) {
          writeDelegate(delegate, delegateIndex++);
          continue;
        }
        if (!op.hasTrait<OpTrait::ConstantLike>())
          writeNode(op, "    ");
      }
    }
    os << "  }\n";
    for (const std::string &edge : edges)
      os << edge;
  }

private:
  void writeDelegate(DelegateOp delegate, unsigned index) {
    os << "    subgraph cluster_" << prefix << "_d" << index
       << " {\n      label=\"delegate " << index << " ("
       << dotEscape(delegate.getTarget())
       << ")\";\n      style=filled;\n      fillcolor=\"#d7e9f7\";\n"
          "      color=\"#2b6cb0\";\n";
    for (Operation &op : delegate.getBody().front())
      if (!op.hasTrait<OpTrait::ConstantLike>() && !isa<YieldOp>(op))
        writeNode(op, "      ");
    os << "    }\n";
  }

  void writeNode(Operation &op, StringRef indent) {
    std::string name = nameOf(&op);
    os << indent << name << " [label=\""
       << dotEscape(op.getName().getStringRef());
    if (op.hasTrait<OpTrait::IsTerminator>())
      os << "\", shape=ellipse];\n";
    else if (auto it = hostRules.find(&op); it != hostRules.end())
      os << "\\n"
         << dotEscape(it->second->rule)
         << "\", style=filled, fillcolor=\"#f8d0d0\", color=\"#c53030\", "
            "tooltip=\""
         << dotEscape(it->second->reason) << "\"];\n";
    else if (op.getParentOp() == function.getOperation())
      os << "\", style=filled, fillcolor=\"#e2e2e2\", tooltip=\"graph IO on "
            "the host\"];\n";
    else
      os << "\"];\n";
    // An op reading one value twice draws one edge, labelled with the
    // value's type (shape and element type: where a float tensor crosses
    // into the host shows on the edge).
    SmallVector<std::pair<std::string, Type>, 4> sources;
    for (Value operand : op.getOperands())
      if (std::optional<std::string> source = sourceOf(operand))
        if (llvm::none_of(sources, [&](const auto &seen) {
              return seen.first == *source;
            }))
          sources.push_back({*source, operand.getType()});
    for (const auto &[source, type] : sources) {
      std::string typeText;
      llvm::raw_string_ostream typeStream(typeText);
      type.print(typeStream);
      edges.push_back("  " + source + " -> " + name + " [label=\"" +
                      dotEscape(typeText) + "\"];\n");
    }
  }

  /// The node that produces `value`, looking through delegate arguments
  /// and results; nullopt for constants.
  std::optional<std::string> sourceOf(Value value) {
    while (true) {
      if (auto arg = dyn_cast<BlockArgument>(value)) {
        auto delegate = dyn_cast<DelegateOp>(arg.getOwner()->getParentOp());
        if (!delegate)
          return nameOf(arg);
        value = delegate.getInputs()[arg.getArgNumber()];
        continue;
      }
      Operation *def = value.getDefiningOp();
      if (auto delegate = dyn_cast<DelegateOp>(def)) {
        auto yield = cast<YieldOp>(delegate.getBody().front().back());
        value = yield.getResults()[cast<OpResult>(value).getResultNumber()];
        continue;
      }
      if (def->hasTrait<OpTrait::ConstantLike>())
        return std::nullopt;
      return nameOf(def);
    }
  }

  std::string nameOf(Operation *op) {
    auto [it, inserted] = opIds.try_emplace(op, opIds.size());
    return prefix + "_n" + std::to_string(it->second);
  }
  /// The function's arguments are f<N>_arg<I>; a later block's, which
  /// are other values, f<N>_b<B>_arg<I>.
  std::string nameOf(BlockArgument arg) {
    unsigned block = blockIndex(arg.getOwner());
    return prefix + (block == 0 ? "" : "_b" + std::to_string(block)) + "_arg" +
           std::to_string(arg.getArgNumber());
  }

  std::string argumentLabel(BlockArgument arg) {
    unsigned block = blockIndex(arg.getOwner());
    return (block == 0 ? "" : "^bb" + std::to_string(block) + " ") +
           std::string("%arg") + std::to_string(arg.getArgNumber());
  }

  unsigned blockIndex(Block *block) {
    unsigned index = 0;
    for (Block &each : function.getFunctionBody()) {
      if (&each == block)
        return index;
      ++index;
    }
    return index;
  }

  raw_ostream &os;
  std::string prefix;
  FunctionOpInterface function;
  DenseMap<Operation *, const EthosUHostOp *> hostRules;
  DenseMap<Operation *, unsigned> opIds;
  std::vector<std::string> edges;
};

} // namespace

llvm::json::Value mlir::qtosa::reportValue(const PartitionReport &report) {
  // writeJson is the report's one writer (its key order is the file's); the
  // value is the document it writes, read back.
  std::string json;
  llvm::raw_string_ostream os(json);
  writeJson(report, os);
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(json);
  if (!value) {
    // Not reachable from any input: writeJson writes JSON.
    llvm::consumeError(value.takeError());
    return nullptr;
  }
  return std::move(*value);
}

LogicalResult mlir::qtosa::writeReport(const PartitionReport &report,
                                       StringRef path) {
  if (path == "-") {
    writeTable(report, llvm::errs());
    return success();
  }
  std::string json;
  llvm::raw_string_ostream os(json);
  writeJson(report, os);
  return writeText(report, path, "partition report", json);
}

LogicalResult mlir::qtosa::writeDot(const PartitionReport &report,
                                    StringRef path) {
  std::string dot;
  llvm::raw_string_ostream os(dot);
  os << "digraph \"" << stringifyEthosUTarget(report.target)
     << "\" {\n  node [shape=box, fontname=\"monospace\"];\n";
  for (auto [index, function] : llvm::enumerate(report.functions))
    DotFunctionWriter(os, index, function, report.results[index]).write();
  os << "}\n";
  return writeText(report, path, "partition graph", dot);
}
