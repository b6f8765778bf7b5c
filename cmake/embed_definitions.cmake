# SPDX-License-Identifier: Apache-2.0
# Writes a C++ source holding every file INPUT_DIR/*.EXTENSION as (name, text) pairs, returned by FUNCTION()
# (declared in HEADER as a vector of TYPE). Used for the shipped puzzle definitions and rating models.
file(GLOB files ${INPUT_DIR}/*.${EXTENSION})
list(SORT files)
set(body "")
foreach(f ${files})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} text)
  set(body "${body}    {\"${name}\", R\"piecework_embed(${text})piecework_embed\"},\n")
endforeach()
file(WRITE ${OUTPUT}.tmp "// Generated from ${INPUT_DIR} by cmake/embed_definitions.cmake. Do not edit.\n#include \"${HEADER}\"\n\nnamespace piecework {\nconst std::vector<${TYPE}>& ${FUNCTION}() {\n  static const std::vector<${TYPE}> all = {\n${body}  };\n  return all;\n}\n}  // namespace piecework\n")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
