# How smc links LLVM, lld and Clang.
#
# smc's libraries link `smc_llvm` and `smc_clang`, never LLVM's or Clang's
# targets directly. For most executables (the tests, the benchmarks) these
# are Debian's shared libLLVM-16 and libclang-cpp: small executables, quick
# links. An executable whose property SMC_STATIC_LLVM is true (bin/smc) gets
# LLVM's and Clang's static archives instead and is linked position-
# dependent: the dynamic loader then has nothing of LLVM's to relocate
# (libLLVM alone carries about 700 000 relative relocations, most of
# `smc --version`'s start-up time), and the static link takes about 2 s.
#
# One process must never hold both forms: LLVM's command-line options would
# register twice and abort at start-up. That is why lld's imported targets,
# which name the shared `LLVM`, are rewritten below to name `smc_llvm`.

# Sanitized builds keep the shared libraries: UBSan's vptr check misreads
# the classes whose vtables LLVM's archives (built without RTTI) define.
if(SMC_SANITIZE)
  set(smc_static_default OFF)
else()
  set(smc_static_default ON)
endif()
option(SMC_STATIC_LLVM "Link bin/smc with LLVM's and Clang's static archives, position-dependent (fast start-up)" ${smc_static_default})

find_library(SMC_CLANG_CPP clang-cpp HINTS ${LLVM_LIBRARY_DIR} NO_DEFAULT_PATH REQUIRED)

set(smc_wants_static "$<BOOL:$<TARGET_PROPERTY:SMC_STATIC_LLVM>>")

# LLVM's static components as `llvm-config --libnames all` lists them: lld
# initializes all targets for LTO and Clang's code generator reaches most
# components, so a shorter list would only move the failure to link time;
# the linker takes from each archive only the members something needs.
# Components whose link interface names a package smc does not look for
# (LineEditor's libedit, Debuginfod's curl) are left out: nothing smc calls
# reaches them.
find_program(SMC_LLVM_CONFIG llvm-config HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH REQUIRED)
execute_process(COMMAND ${SMC_LLVM_CONFIG} --link-static --libnames all
                OUTPUT_VARIABLE smc_llvm_libnames OUTPUT_STRIP_TRAILING_WHITESPACE
                COMMAND_ERROR_IS_FATAL ANY)
separate_arguments(smc_llvm_libnames UNIX_COMMAND "${smc_llvm_libnames}")
set(SMC_LLVM_ARCHIVES)
foreach(libname IN LISTS smc_llvm_libnames)
  string(REGEX REPLACE "^lib(.*)\\.a$" "\\1" library "${libname}")
  if(NOT TARGET ${library})
    message(FATAL_ERROR "llvm-config names ${libname}, which LLVM's CMake package does not export")
  endif()
  get_target_property(dependencies ${library} INTERFACE_LINK_LIBRARIES)
  set(usable ON)
  foreach(dependency IN LISTS dependencies)
    if(dependency MATCHES "::" AND NOT TARGET ${dependency})
      set(usable OFF)
    endif()
  endforeach()
  if(usable)
    list(APPEND SMC_LLVM_ARCHIVES ${library})
  endif()
endforeach()

add_library(smc_llvm INTERFACE)
target_link_libraries(smc_llvm INTERFACE
  "$<${smc_wants_static}:${SMC_LLVM_ARCHIVES}>"
  "$<$<NOT:${smc_wants_static}>:LLVM>")

# Clang's archives that its in-process compile (src/externalc) reaches,
# taken as one group because they refer to each other in cycles.
set(SMC_CLANG_ARCHIVES)
foreach(library clangCodeGen clangFrontend clangDriver clangParse clangSema
                clangSerialization clangAnalysis clangEdit clangASTMatchers
                clangAST clangLex clangBasic clangSupport clangAPINotes)
  find_library(SMC_ARCHIVE_${library} lib${library}.a HINTS ${LLVM_LIBRARY_DIR} NO_DEFAULT_PATH REQUIRED)
  list(APPEND SMC_CLANG_ARCHIVES ${SMC_ARCHIVE_${library}})
endforeach()
list(JOIN SMC_CLANG_ARCHIVES "," smc_clang_group)

add_library(smc_clang INTERFACE)
target_link_libraries(smc_clang INTERFACE
  "$<${smc_wants_static}:$<LINK_GROUP:RESCAN,${smc_clang_group}>>"
  "$<$<NOT:${smc_wants_static}>:${SMC_CLANG_CPP}>"
  smc_llvm)

foreach(library lldCommon lldELF)
  get_target_property(dependencies ${library} INTERFACE_LINK_LIBRARIES)
  list(TRANSFORM dependencies REPLACE "^LLVM$" smc_llvm)
  set_target_properties(${library} PROPERTIES INTERFACE_LINK_LIBRARIES "${dependencies}")
endforeach()

# Links `target` with the static archives, position-dependent.
function(smc_link_llvm_statically target)
  if(SMC_STATIC_LLVM)
    set_target_properties(${target} PROPERTIES SMC_STATIC_LLVM ON)
    target_link_options(${target} PRIVATE -no-pie)
  endif()
endfunction()
