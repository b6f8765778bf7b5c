// SPDX-License-Identifier: Apache-2.0
// Loads the drawing module (output/drawing_module.hpp), as jobs/job_runner.cpp loads the MPI module.
#include "output/drawing_module.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>
#include <vector>

#include "puzzle/errors.hpp"

// Defined when the drawing code is linked into this process (the tests); null in the program.
extern "C" __attribute__((weak)) const piecework::DrawingModule* piecework_drawing_module();

namespace piecework {
namespace {

// The directory of `path` (a file's path).
std::string directoryOf(const std::string& path) {
  return path.substr(0, path.rfind('/'));
}

// Where the module may be: beside the running program (the build tree) or in LIBDIR/piecework/ above it (an
// installation); and, when this loader is in libpiecework rather than in the program, beside the library
// (the build tree builds both into one directory) or in piecework/ below it (LIBDIR/piecework/).
std::vector<std::string> modulePaths() {
  char self[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  const std::string program =
      length > 0 ? std::string(self, static_cast<std::size_t>(length)) : "./piecework";
  const std::string dir = directoryOf(program);
  std::vector<std::string> paths = {dir + "/piecework_draw.so",
                                    dir + "/../" PIECEWORK_LIBDIR "/piecework/piecework_draw.so"};
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(&directoryOf), &info) != 0 && info.dli_fname != nullptr) {
    char real[PATH_MAX];
    if (realpath(info.dli_fname, real) != nullptr && program != real) {
      const std::string library = directoryOf(real);
      for (std::string path : {library + "/piecework_draw.so", library + "/piecework/piecework_draw.so"})
        if (std::find(paths.begin(), paths.end(), path) == paths.end()) paths.push_back(std::move(path));
    }
  }
  return paths;
}

const DrawingModule* loadDrawingModule() {
  if (&piecework_drawing_module != nullptr) return piecework_drawing_module();
  const std::vector<std::string> paths = modulePaths();
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
  if (why.empty()) why = fmt::format("no {}", fmt::join(paths, " nor "));
  throw InputError(fmt::format("drawing needs the drawing module, which cannot be loaded: {}", why));
}

}  // namespace

const DrawingModule& drawingModule() {
  static const DrawingModule* const table = loadDrawingModule();
  return *table;
}

}  // namespace piecework
