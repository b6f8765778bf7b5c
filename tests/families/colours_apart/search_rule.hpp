// SPDX-License-Identifier: Apache-2.0
// The example family's search rule (docs/families.md, "Adding a family"): no two pieces of one colour may
// touch along an edge. A policy of the engine (Engine<W, ApartRule>, solver/search_rule.hpp) that keeps, per
// colour, the cells its placed pieces cover, and cuts a node as soon as a placed piece touches a cell of its
// own colour. It defines only the hooks it needs; RuleDefaults supplies the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "solver/problem.hpp"
#include "solver/search_rule.hpp"

namespace piecework::example {

// What the family's engine rule (family.cpp) computes once per problem: per placement id, its colour and the
// cells around it, as bitsets over the board's sites.
struct ApartData final : RuleData {
  std::size_t words = 0;              // words per bitset
  int colours = 0;                    // distinct piece colours
  std::vector<int> colourOf;          // per placement id
  std::vector<std::uint64_t> cells;   // per placement id, `words` words: the sites it covers
  std::vector<std::uint64_t> around;  // per placement id, `words` words: sites next to it
};

class ApartRule : public RuleDefaults {
 public:
  struct Saved {
    int placement = -1;
    bool clashed = false;
  };

  explicit ApartRule(const Problem& problem)
      : problem_(problem), data_(static_cast<const ApartData&>(*problem.ruleData)) {}

  template <class E>
  void setUp(const E& e) {
    placementOf_.clear();
    for (int o = 0; o < e.optionCount(); ++o) placementOf_.push_back(e.placementOf(o));
  }
  template <class E>
  void adopt(const ApartRule& parent, const E& e, const std::vector<int>&) {
    setUp(e);
    covered_ = parent.covered_;
    clashes_ = parent.clashes_;
  }
  void reset(const std::vector<int>&) {
    covered_.assign(data_.words * static_cast<std::size_t>(data_.colours), 0);
    clashes_ = 0;
    for (int id : problem_.givens) add(id);
  }
  Saved place(int option, int) {
    const int id = placementOf_[static_cast<std::size_t>(option)];
    return {id, add(id)};
  }
  void unplace(int, const Saved& saved) {
    std::uint64_t* mine = colourCells(saved.placement);
    for (std::size_t k = 0; k < data_.words; ++k) mine[k] &= ~cellsOf(saved.placement)[k];
    if (saved.clashed) --clashes_;
  }
  bool cut(const std::uint64_t*) { return clashes_ > 0; }
  bool acceptsLeaf() { return clashes_ == 0; }

 private:
  const std::uint64_t* cellsOf(int id) const {
    return &data_.cells[static_cast<std::size_t>(id) * data_.words];
  }
  std::uint64_t* colourCells(int id) {
    return &covered_[static_cast<std::size_t>(data_.colourOf[static_cast<std::size_t>(id)]) * data_.words];
  }
  // Places `id`'s cells under its colour; true when they touch that colour's cells already placed.
  bool add(int id) {
    std::uint64_t* mine = colourCells(id);
    const std::uint64_t* around = &data_.around[static_cast<std::size_t>(id) * data_.words];
    bool clash = false;
    for (std::size_t k = 0; k < data_.words; ++k) {
      clash = clash || (mine[k] & around[k]) != 0;
      mine[k] |= cellsOf(id)[k];
    }
    if (clash) ++clashes_;
    return clash;
  }

  const Problem& problem_;
  const ApartData& data_;
  std::vector<int> placementOf_;        // per engine option
  std::vector<std::uint64_t> covered_;  // per colour, the sites its placed pieces cover
  int clashes_ = 0;                     // placed pieces that touch their own colour
};

}  // namespace piecework::example
