# The API reference (scripts/docs): Doxygen for include/foldtable.h, pdoc for
# the Python package, warning-free, with every header function and every name
# in foldtable.__all__ in it. Built into the build tree's docs/; skipped (77)
# where doxygen or pdoc cannot be had.
add_test(NAME docs
  COMMAND "${CMAKE_SOURCE_DIR}/scripts/docs"
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs PROPERTIES
  ENVIRONMENT "FOLDTABLE_LIBRARY=$<TARGET_FILE:foldtable>;FOLDTABLE_DOCS_DIR=${CMAKE_BINARY_DIR}/docs;PYTHON=${FOLDTABLE_PYTHON3}"
  SKIP_RETURN_CODE 77
  TIMEOUT 300)
