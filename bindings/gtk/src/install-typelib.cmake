# Installs Fold-0.2.typelib (run by `cmake --install`, after bindings/gtk's
# CMakeLists.txt set FOLD_GIR, FOLD_G_IR_COMPILER, FOLD_LIBDIR, FOLD_SONAME).
# The typelib names the installed library by its full path first, then by its
# name, so PyGObject and GJS load it from any prefix with only GI_TYPELIB_PATH
# set; in a prefix moved after installing, the name is found through
# LD_LIBRARY_PATH (GI warns about the full path first).
set(_lib "${CMAKE_INSTALL_PREFIX}/${FOLD_LIBDIR}/${FOLD_SONAME}")
set(_dir "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/${FOLD_LIBDIR}/girepository-1.0")
file(MAKE_DIRECTORY "${_dir}")
message(STATUS "Installing: ${_dir}/Fold-0.2.typelib (library ${_lib})")
execute_process(COMMAND "${FOLD_G_IR_COMPILER}" "--shared-library=${_lib},${FOLD_SONAME}"
                        --output "${_dir}/Fold-0.2.typelib" "${FOLD_GIR}"
                RESULT_VARIABLE _status)
if(NOT _status EQUAL 0)
  message(FATAL_ERROR "g-ir-compiler could not write ${_dir}/Fold-0.2.typelib")
endif()
