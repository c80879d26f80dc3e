# Install tree: headers (hand-written and generated), static libraries,
# qtosa-opt and a CMake package so that downstream projects can write
#   find_package(QTosa REQUIRED CONFIG)
#   target_link_libraries(mytool PRIVATE QTosa::QTosaTransforms)
include(CMakePackageConfigHelpers)

get_property(qtosa_libs GLOBAL PROPERTY QTOSA_EXPORTED_LIBS)
install(TARGETS ${qtosa_libs} EXPORT QTosaTargets
  ARCHIVE DESTINATION lib
  INCLUDES DESTINATION include)
# The tools link Debian's shared libMLIR/libLLVM, which live outside the
# loader's default path: the installed binaries carry LLVM's library
# directory as their runpath (qtosa-run sets its own).
set_target_properties(qtosa-opt qtosa-translate PROPERTIES
  INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
install(TARGETS qtosa-opt qtosa-translate qtosa-run RUNTIME DESTINATION bin)
install(DIRECTORY include/qtosa DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/qtosa DESTINATION include
  FILES_MATCHING PATTERN "*.inc")

set(QTOSA_CMAKE_INSTALL_DIR lib/cmake/qtosa)
install(EXPORT QTosaTargets NAMESPACE QTosa:: DESTINATION ${QTOSA_CMAKE_INSTALL_DIR})
configure_package_config_file(cmake/QTosaConfig.cmake.in
  ${PROJECT_BINARY_DIR}/QTosaConfig.cmake
  INSTALL_DESTINATION ${QTOSA_CMAKE_INSTALL_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/QTosaConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/QTosaConfig.cmake
  ${PROJECT_BINARY_DIR}/QTosaConfigVersion.cmake
  DESTINATION ${QTOSA_CMAKE_INSTALL_DIR})
