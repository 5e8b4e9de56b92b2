# Included by the first project() of the top-level CMakeLists.txt when
# scikit-build-core builds the Python wheel (pyproject.toml sets
# CMAKE_PROJECT_TOP_LEVEL_INCLUDES to this file), so the wheel reuses the
# project's own build of libfoldtable.so without a second copy of its rules.
# It runs before any language is enabled, and defers the wheel's install rule
# to the end of the top-level file, where the foldtable target exists.

# The Swift compiler: swiftc on PATH, else the toolchain where scripts/setup
# looks (/opt/swift/usr/bin); pip runs the build with the user's PATH, which
# often lacks it. -DCMAKE_Swift_COMPILER=... (or $SWIFTC) still decides.
if(NOT CMAKE_Swift_COMPILER AND NOT DEFINED ENV{SWIFTC})
  find_program(FOLDTABLE_WHEEL_SWIFTC swiftc)
  if(NOT FOLDTABLE_WHEEL_SWIFTC)
    find_program(FOLDTABLE_WHEEL_SWIFTC swiftc PATHS /opt/swift/usr/bin NO_DEFAULT_PATH)
  endif()
  if(NOT FOLDTABLE_WHEEL_SWIFTC)
    message(FATAL_ERROR
      "The foldtable wheel builds libfoldtable.so from Swift, and no Swift toolchain "
      "was found (no swiftc on PATH or in /opt/swift/usr/bin). Install one from "
      "https://www.swift.org/install/linux/ and put its usr/bin on PATH.")
  endif()
  set(CMAKE_Swift_COMPILER "${FOLDTABLE_WHEEL_SWIFTC}" CACHE FILEPATH "Swift compiler")
  get_filename_component(_fold_wheel_swift_bin "${FOLDTABLE_WHEEL_SWIFTC}" DIRECTORY)
  # The top-level file wants `swift` (for its swift-tests entry) as well.
  set(FOLDTABLE_SWIFT "${_fold_wheel_swift_bin}/swift" CACHE FILEPATH "swift driver")
endif()

# The wheel holds only the library: the GTK binding is not configured.
set(CMAKE_DISABLE_FIND_PACKAGE_PkgConfig ON)

# One file, named as the loader (foldtable/_ffi.py) looks for it, next to the
# package's modules: a wheel cannot hold the SONAME symlinks.
# Stripped of what the dynamic linker does not need (the symbol table and
# debug sections: about 10 MB -> 7 MB); the exported fold_* symbols stay.
function(foldtable_wheel_install)
  install(FILES "$<TARGET_FILE:foldtable>"
    DESTINATION foldtable
    RENAME libfoldtable.so
    COMPONENT foldtable-python)
  if(CMAKE_STRIP)
    install(CODE "set(FOLDTABLE_WHEEL_STRIP [[${CMAKE_STRIP}]])" COMPONENT foldtable-python)
    install(CODE [[
      set(_lib "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/foldtable/libfoldtable.so")
      message(STATUS "Stripping ${_lib}")
      execute_process(COMMAND "${FOLDTABLE_WHEEL_STRIP}" --strip-unneeded "${_lib}" RESULT_VARIABLE _status)
      if(NOT _status EQUAL 0)
        message(FATAL_ERROR "strip failed on ${_lib}")
      endif()
    ]] COMPONENT foldtable-python)
  endif()
endfunction()
cmake_language(DEFER CALL foldtable_wheel_install)
