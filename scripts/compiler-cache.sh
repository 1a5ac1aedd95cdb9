# Sourced by build.sh and test.sh: compile through ccache when it is there,
# with paths taken relative to the checkout, so a second clone (CI's) or the
# sanitizer build reuses what an earlier build compiled. Set
# BENCHSCOPE_NO_CCACHE=1 to compile everything afresh. CMake reads these
# variables when a build folder is first configured.
if [ "${BENCHSCOPE_NO_CCACHE:-0}" != 1 ] && command -v ccache >/dev/null; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  # The tests share precompiled headers (tests/CMakeLists.txt).
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
fi
