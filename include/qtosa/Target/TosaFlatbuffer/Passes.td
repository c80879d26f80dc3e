//===- Passes.td - TOSA flatbuffer passes ------------------*- tablegen -*-===//

#ifndef QTOSA_TARGET_TOSAFLATBUFFER_PASSES_TD
#define QTOSA_TARGET_TOSAFLATBUFFER_PASSES_TD

include "mlir/Pass/PassBase.td"

def ExportDelegatesPass : Pass<"qtosa-export-delegates", "::mlir::ModuleOp"> {
  let summary = "Write each qtosa.delegate as a TOSA 1.0 flatbuffer, with a "
                "JSON manifest for the runtime";
  let description = [{
    After qtosa-ethosu-partition: writes the body of every `qtosa.delegate`
    (in program order, numbered from 0 across the module) to
    `dir/delegate_<n>.tosa` and describes them all in `dir/delegates.json`:
    per delegate its file, target and function, and its inputs and outputs
    in call order with shape, storage type and the scale and zero point of
    the `qtosa.quantize` that feeds the input (or the `qtosa.dequantize`
    that reads the output), so that a runtime can call the delegate without
    MLIR. The IR is not changed. A delegate the flatbuffer cannot hold is an
    error at the op at fault.
  }];
  let options = [
    Option<"dir", "dir", "std::string", "",
           "Directory to write the .tosa files and delegates.json to "
           "(created if missing)">,
    Option<"target", "target", "std::string", "",
           "Write only the delegates for this target (e.g. ethos-u55-128); "
           "empty: all. A target no delegate has, in a module with "
           "delegates, is an error">
  ];
}

#endif // QTOSA_TARGET_TOSAFLATBUFFER_PASSES_TD
