# The API reference (scripts/docs): Doxygen for include/foldtable.h, pdoc for
# the Python package, gi-docgen for the GTK adapter's Fold-0.2.gir,
# warning-free, with every header function, every name in foldtable.__all__
# and every symbol of the GIR in it. Built into the build tree's docs/;
# skipped (77) where doxygen, pdoc or gi-docgen cannot be had or the GIR is
# not built (after the C and Python references are checked).
add_test(NAME docs
  COMMAND "${CMAKE_SOURCE_DIR}/scripts/docs"
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs PROPERTIES
  ENVIRONMENT "FOLDTABLE_LIBRARY=$<TARGET_FILE:foldtable>;FOLDTABLE_DOCS_DIR=${CMAKE_BINARY_DIR}/docs;PYTHON=${FOLDTABLE_PYTHON3};FOLDTABLE_GTK_GIR=${CMAKE_BINARY_DIR}/bindings/gtk/Fold-0.2.gir"
  SKIP_RETURN_CODE 77
  TIMEOUT 300)
