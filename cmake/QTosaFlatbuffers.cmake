# FlatBuffers from Debian (libflatbuffers-dev, flatbuffers-compiler) reads
# and writes the TFLite and TOSA flatbuffer formats. The schemas are the
# project's own (lib/Target/*/*.fbs); flatc turns each into a header at build
# time.
find_package(FlatBuffers REQUIRED CONFIG)
find_program(QTOSA_FLATC flatc REQUIRED)

# qtosa_flatbuffers_header(target schema.fbs): a custom target `target` that
# generates <binary dir>/<schema name>_generated.h; returns its directory in
# ${target}_INCLUDE_DIR.
function(qtosa_flatbuffers_header target schema)
  get_filename_component(schema_abs ${schema} ABSOLUTE)
  get_filename_component(schema_name ${schema} NAME_WE)
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/flatbuffers)
  set(header ${out_dir}/${schema_name}_generated.h)
  add_custom_command(OUTPUT ${header}
    COMMAND ${QTOSA_FLATC} --cpp --scoped-enums -o ${out_dir} ${schema_abs}
    DEPENDS ${schema_abs}
    COMMENT "flatc: ${schema_name}.fbs")
  add_custom_target(${target} DEPENDS ${header})
  set(${target}_INCLUDE_DIR ${out_dir} PARENT_SCOPE)
endfunction()
