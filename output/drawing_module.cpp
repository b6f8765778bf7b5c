// SPDX-License-Identifier: Apache-2.0
// Loads the drawing module (output/drawing_module.hpp), as jobs/job_runner.cpp loads the MPI module.
#include "output/drawing_module.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <unistd.h>

#include <climits>
#include <cstring>
#include <string>

#include "puzzle/errors.hpp"

// Defined when the drawing code is linked into this process (the tests); null in the program.
extern "C" __attribute__((weak)) const piecework::DrawingModule* piecework_drawing_module();

namespace piecework {
namespace {

const DrawingModule* loadDrawingModule() {
  if (&piecework_drawing_module != nullptr) return piecework_drawing_module();
  char self[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  const std::string program =
      length > 0 ? std::string(self, static_cast<std::size_t>(length)) : "./piecework";
  const std::string dir = program.substr(0, program.rfind('/'));
  const std::string paths[] = {dir + "/piecework_draw.so",
                               dir + "/../" PIECEWORK_LIBDIR "/piecework/piecework_draw.so"};
  std::string why;
  for (const std::string& path : paths) {
    if (access(path.c_str(), F_OK) != 0) continue;
    void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (module == nullptr) {
      why = fmt::format("{}: {}", path, dlerror());
      break;
    }
    auto entry = reinterpret_cast<const DrawingModule* (*)()>(dlsym(module, "piecework_drawing_module"));
    const DrawingModule* table = entry != nullptr ? entry() : nullptr;
    if (table == nullptr) {
      why = fmt::format("{} has no piecework_drawing_module", path);
      break;
    }
    if (std::strcmp(table->version, PIECEWORK_VERSION) != 0) {
      why = fmt::format("{} is version {}, the program {}", path, table->version, PIECEWORK_VERSION);
      break;
    }
    return table;
  }
  if (why.empty()) why = fmt::format("no {} nor {}", paths[0], paths[1]);
  throw InputError(fmt::format("this command draws, but the drawing module cannot be loaded: {}", why));
}

}  // namespace

const DrawingModule& drawingModule() {
  static const DrawingModule* const table = loadDrawingModule();
  return *table;
}

}  // namespace piecework
