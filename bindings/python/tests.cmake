# The Python package as users install it (included by the top-level
# CMakeLists.txt). python-wheel builds the wheel once with pip (a Swift build
# of its own, a minute or more) and uses it in a fresh venv; python-wheel-gi
# reuses that wheel in a --system-site-packages venv of /usr/bin/python3, the
# way for PyGObject users (it runs after python-wheel and skips when that left
# no wheel, e.g. when run alone). python-sdist builds a wheel from the sdist.
# python-mypy runs mypy --strict on the package; python-example-* run the
# examples.
set(FOLDTABLE_WHEEL_WORKDIR "${CMAKE_BINARY_DIR}/python-wheel")
add_test(NAME python-wheel
  COMMAND "${CMAKE_SOURCE_DIR}/bindings/python/test-wheel.sh" wheel
          "${FOLDTABLE_PYTHON3}" "${FOLDTABLE_WHEEL_WORKDIR}" $<TARGET_FILE:foldtable>)
set_tests_properties(python-wheel PROPERTIES
  SKIP_RETURN_CODE 77
  TIMEOUT 1200)
add_test(NAME python-wheel-gi
  COMMAND "${CMAKE_SOURCE_DIR}/bindings/python/test-wheel.sh" gi
          "${FOLDTABLE_PYTHON3}" "${FOLDTABLE_WHEEL_WORKDIR}" $<TARGET_FILE:foldtable>)
set_tests_properties(python-wheel-gi PROPERTIES
  DEPENDS python-wheel
  SKIP_RETURN_CODE 77
  TIMEOUT 300)
# The sdist (make-sdist.sh) builds a wheel that passes the same checks: a
# second Swift build in pip.
add_test(NAME python-sdist
  COMMAND "${CMAKE_SOURCE_DIR}/bindings/python/test-wheel.sh" sdist
          "${FOLDTABLE_PYTHON3}" "${CMAKE_BINARY_DIR}/python-sdist" $<TARGET_FILE:foldtable>)
set_tests_properties(python-sdist PROPERTIES
  SKIP_RETURN_CODE 77
  TIMEOUT 1200)
add_test(NAME python-mypy
  COMMAND "${CMAKE_SOURCE_DIR}/bindings/python/test-mypy.sh"
          "${FOLDTABLE_PYTHON3}" "${CMAKE_BINARY_DIR}/python-mypy")
set_tests_properties(python-mypy PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600)
# The examples (examples/), run as a user runs them, against the library
# built here, so that they keep working; each checks what it prints.
foreach(_example transition)
  add_test(NAME python-example-${_example}
    COMMAND "${FOLDTABLE_PYTHON3}" "${CMAKE_SOURCE_DIR}/bindings/python/examples/${_example}.py")
  set_tests_properties(python-example-${_example} PROPERTIES
    ENVIRONMENT "FOLDTABLE_LIBRARY=$<TARGET_FILE:foldtable>;PYTHONPATH=${CMAKE_SOURCE_DIR}/bindings/python;PYTHONDONTWRITEBYTECODE=1"
    TIMEOUT 60)
endforeach()
# foldtable.qt under PySide6 (tests/test_qt.py: roles, signals and Qt's
# QAbstractItemModelTester under random edits; the example's screenshot), on
# Qt's offscreen platform; labelled qt too, beside the C++ model's tests. It
# runs here rather than in python-tests, which leaves it out; skipped where
# PySide6 is not installed (scripts/setup installs it).
add_test(NAME python-qt
  COMMAND "${FOLDTABLE_PYTHON3}" -m pytest -q -rs -p no:cacheprovider bindings/python/tests/test_qt.py
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}")
set_tests_properties(python-qt PROPERTIES
  ENVIRONMENT "FOLDTABLE_LIBRARY=$<TARGET_FILE:foldtable>;PYTHONDONTWRITEBYTECODE=1;QT_QPA_PLATFORM=offscreen"
  SKIP_REGULAR_EXPRESSION "PySide6 is not installed"
  LABELS "python;qt"
  TIMEOUT 600)
set_property(TEST python-tests APPEND PROPERTY ENVIRONMENT
  "PYTEST_ADDOPTS=--ignore=bindings/python/tests/test_qt.py")
# Every Python test carries the label python (ctest -L python).
set_property(TEST python-tests python-wheel python-wheel-gi python-sdist python-mypy
  APPEND PROPERTY LABELS python)
foreach(_example transition)
  set_property(TEST python-example-${_example} APPEND PROPERTY LABELS python)
endforeach()
