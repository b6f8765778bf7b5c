# SPDX-License-Identifier: Apache-2.0
# The program links Debian's static archives of Boost.Program_options, SQLite, expat and zlib where they are
# installed (the -dev packages ship them); the library (libpiecework), the drawing module and the tests link
# the shared ones as before, since a shared object cannot take these non-PIC archives. Why: most runs of the
# program are short (a sheet, a small design's count), and loading and relocating four more shared objects is
# part of each. Measured with callgrind (GCC 12, 2 Dec 2026): `piecework --version` 4.63M -> 2.49M
# instructions, `count CubeInCage.xmpuzzle#1 --json --threads 1` (a real BurrTools design, 583 nodes) 13.67M ->
# 11.49M; SQLite's share of that is 1.17M, Boost's 0.60M, expat's and zlib's 0.36M.
#
# piecework_program_dependency(NAME SHARED_TARGET ARCHIVE [EXTRA...]) makes the interface target NAME: it
# links ARCHIVE (and EXTRA) into targets whose property PIECEWORK_STATIC_DEPENDENCIES is set, SHARED_TARGET
# into every other. ($<TARGET_PROPERTY:...> in a link interface reads the target being linked.)
option(PIECEWORK_STATIC_DEPENDENCIES "Link the program with the static archives of its C libraries, if installed" ON)

function(piecework_program_dependency name shared_target archive)
  add_library(${name} INTERFACE)
  # (read from other folders than the one that found it, through the genex below)
  get_target_property(shared_is_imported ${shared_target} IMPORTED)
  get_target_property(shared_is_global ${shared_target} IMPORTED_GLOBAL)
  if(shared_is_imported AND NOT shared_is_global)
    set_target_properties(${shared_target} PROPERTIES IMPORTED_GLOBAL TRUE)
  endif()
  find_library(${name}_ARCHIVE NAMES ${archive})
  if(PIECEWORK_STATIC_DEPENDENCIES AND ${name}_ARCHIVE)
    set(static_items ${${name}_ARCHIVE} ${ARGN})
    set(pick_static "$<BOOL:$<TARGET_PROPERTY:PIECEWORK_STATIC_DEPENDENCIES>>")
    target_link_libraries(${name} INTERFACE "$<${pick_static}:${static_items}>"
                                            "$<$<NOT:${pick_static}>:${shared_target}>")
    # (the headers are the shared target's, for every target)
    target_include_directories(${name} INTERFACE $<TARGET_PROPERTY:${shared_target},INTERFACE_INCLUDE_DIRECTORIES>)
  else()
    target_link_libraries(${name} INTERFACE ${shared_target})
  endif()
endfunction()
