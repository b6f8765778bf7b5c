// SPDX-License-Identifier: Apache-2.0
// Fixed-width bitsets for placement masks: W 64-bit words, all operations inline.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace piecework {

// std::popcount is a library call on x86-64 builds without -mpopcnt; this stays inline either way.
inline int popcount64(std::uint64_t x) {
#if defined(__POPCNT__)
  return std::popcount(x);
#else
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}

template <int W>
struct Bits {
  std::array<std::uint64_t, W> word{};

  void set(int i) { word[static_cast<std::size_t>(i >> 6)] |= std::uint64_t{1} << (i & 63); }
  bool test(int i) const { return (word[static_cast<std::size_t>(i >> 6)] >> (i & 63)) & 1U; }
  bool intersects(const Bits& o) const {
    std::uint64_t any = 0;
    for (std::size_t k = 0; k < W; ++k) any |= word[k] & o.word[k];
    return any != 0;
  }
  void add(const Bits& o) {
    for (std::size_t k = 0; k < W; ++k) word[k] |= o.word[k];
  }
  void remove(const Bits& o) {
    for (std::size_t k = 0; k < W; ++k) word[k] &= ~o.word[k];
  }
  // Index of the lowest bit set in (this & ~other), or -1.
  int lowestNotIn(const Bits& other) const {
    for (std::size_t k = 0; k < W; ++k) {
      const std::uint64_t w = word[k] & ~other.word[k];
      if (w != 0) return static_cast<int>(k * 64) + std::countr_zero(w);
    }
    return -1;
  }
  // Index of the lowest bit set in (this & other), or -1.
  int lowestIn(const Bits& other) const {
    for (std::size_t k = 0; k < W; ++k) {
      const std::uint64_t w = word[k] & other.word[k];
      if (w != 0) return static_cast<int>(k * 64) + std::countr_zero(w);
    }
    return -1;
  }
  bool subsetOf(const Bits& o) const {
    for (std::size_t k = 0; k < W; ++k)
      if ((word[k] & ~o.word[k]) != 0) return false;
    return true;
  }
};

}  // namespace piecework
