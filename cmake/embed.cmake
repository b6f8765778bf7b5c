# SPDX-License-Identifier: Apache-2.0
# piecework_embed(OUT_VAR DIR EXTENSION HEADER TYPE FUNCTION): generates a C++ source holding every file
# DIR/*.EXTENSION as (name, text) pairs, returned by FUNCTION() as declared in HEADER, and stores the source's
# path in OUT_VAR. Shipped definitions and rating models are compiled in this way, so that the binary works from
# any directory.
function(piecework_embed out_var dir extension header type function)
  file(GLOB inputs CONFIGURE_DEPENDS ${dir}/*.${extension})
  set(cpp ${PROJECT_BINARY_DIR}/generated/${function}.cpp)
  add_custom_command(
    OUTPUT ${cpp}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${cpp} -DINPUT_DIR=${dir} -DEXTENSION=${extension} -DHEADER=${header}
            -DTYPE=${type} -DFUNCTION=${function} -P ${PROJECT_SOURCE_DIR}/cmake/embed_definitions.cmake
    DEPENDS ${inputs} ${PROJECT_SOURCE_DIR}/cmake/embed_definitions.cmake
    COMMENT "Embedding ${dir}")
  set(${out_var} ${cpp} PARENT_SCOPE)
endfunction()
