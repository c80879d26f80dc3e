# qtosa_add_library(name SOURCES... [DEPENDS tablegen-targets...] [LINK_LIBS libs...])
#
# A static library that links the shared MLIR and LLVM libraries, usable from
# the build tree and, once installed, as QTosa::<name> through find_package.
function(qtosa_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  add_library(QTosa::${name} ALIAS ${name})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  # Debian's imported MLIR and LLVM targets carry no include directories.
  target_include_directories(${name} SYSTEM PUBLIC
    ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR LLVM)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  set_property(GLOBAL APPEND PROPERTY QTOSA_EXPORTED_LIBS ${name})
endfunction()
