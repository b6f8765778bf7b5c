# SPDX-License-Identifier: Apache-2.0
# libFuzzer's coverage and comparison tracing (-fsanitize=fuzzer-no-link) only in the code that reads what the
# fuzz targets feed it (fuzz/): definitions, challenges, BurrTools files, catalog files and import lines, rating
# models, calibration files and checkpoints. The search, the rater's strategies, drawing and the program are
# built with ASan and UBSan alone: the fuzzer's feedback there would steer nothing a target reads, and with it in
# every library the test suite, which runs in the same tree (the `sanitize` preset), took 965 s against 455 s
# (CI of ea459c5 and ff596a9), more than a second tree for the tests cost.
#
# piecework_fuzz_coverage(TARGET [SOURCE...]): in a PIECEWORK_FUZZ build, instruments TARGET's SOURCEs (all of
# its sources when none are named). Call it in the folder that defines TARGET.
function(piecework_fuzz_coverage target)
  if(NOT PIECEWORK_FUZZ)
    return()
  endif()
  if(ARGN)
    set_property(SOURCE ${ARGN} APPEND PROPERTY COMPILE_OPTIONS -fsanitize=fuzzer-no-link)
  else()
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
endfunction()
