// SPDX-License-Identifier: Apache-2.0
// A Fisher-Yates shuffle that gives the same order on every platform for the same seed (std::shuffle's order
// is left to the standard library, which would break reproducible seeds).
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace piecework {

template <class T>
void portableShuffle(std::vector<T>& items, std::mt19937_64& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(rng() % i);
    std::swap(items[i - 1], items[j]);
  }
}

}  // namespace piecework
