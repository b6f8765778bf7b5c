# SPDX-License-Identifier: Apache-2.0
# Writes the man pages from the program's own help texts with help2man: piecework(1) from `piecework --help`
# and piecework-COMMAND(1) from `piecework COMMAND --help` for every command that `piecework --help` lists, so
# the pages follow the commands without a second source. Run at build time by packaging/CMakeLists.txt with
# PIECEWORK (the built binary), HELP2MAN, VERSION, OUTPUT_DIR (pages go to OUTPUT_DIR/man1) and GZIP (or empty).
execute_process(COMMAND ${PIECEWORK} --help OUTPUT_VARIABLE usage RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PIECEWORK} --help failed (${status})")
endif()
set(man_dir ${OUTPUT_DIR}/man1)
set(wrapper_dir ${OUTPUT_DIR}/commands)
file(REMOVE_RECURSE ${man_dir} ${wrapper_dir})
file(MAKE_DIRECTORY ${man_dir} ${wrapper_dir})

string(REPLACE "\n" ";" usage_lines "${usage}")
set(commands "")
foreach(line IN LISTS usage_lines)
  if(line MATCHES "^  ([a-z][a-z-]*)  +(.+)$")
    list(APPEND commands ${CMAKE_MATCH_1})
    set(summary_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
  endif()
endforeach()
if(NOT commands)
  message(FATAL_ERROR "no commands found in the output of ${PIECEWORK} --help")
endif()

set(see_also "")
foreach(command IN LISTS commands)
  string(APPEND see_also ".BR piecework-${command} (1),\n")
endforeach()
file(WRITE ${OUTPUT_DIR}/piecework.h2m
     "[SEE ALSO]\n.BR piecework (1),\n${see_also}and the documentation in /usr/share/doc/piecework.\n")

function(run_help2man program name page)
  execute_process(
    COMMAND ${HELP2MAN} --no-info --no-discard-stderr --version-string=${VERSION} --name=${name}
            --include=${OUTPUT_DIR}/piecework.h2m --output=${man_dir}/${page}.1 ${program}
    RESULT_VARIABLE status ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "help2man failed on ${program}: ${errors}")
  endif()
  if(GZIP)
    execute_process(COMMAND ${GZIP} -9nf ${man_dir}/${page}.1 RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "gzip failed on ${man_dir}/${page}.1")
    endif()
  endif()
endfunction()

run_help2man(${PIECEWORK} "generate, solve and rate piece-placement puzzles" piecework)
foreach(command IN LISTS commands)
  # help2man names the page after the program it runs: a two-line script that runs `piecework COMMAND`.
  set(wrapper ${wrapper_dir}/piecework-${command})
  file(WRITE ${wrapper} "#!/bin/sh\nexec '${PIECEWORK}' ${command} \"$@\"\n")
  file(CHMOD ${wrapper} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE)
  run_help2man(${wrapper} "${summary_${command}}" piecework-${command})
endforeach()
