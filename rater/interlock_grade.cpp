// SPDX-License-Identifier: Apache-2.0
#include "rater/interlock_grade.hpp"

namespace piecework {

Level interlockGrade(const std::vector<int>& levelNumbers) {
  const int first = levelNumbers.empty() ? 0 : levelNumbers.front();
  int grade = 0;
  for (int k = 1; k < static_cast<int>(kInterlockGradeStarts.size()); ++k)
    if (first >= kInterlockGradeStarts[static_cast<std::size_t>(k)]) grade = k;
  return static_cast<Level>(grade);
}

}  // namespace piecework
