// SPDX-License-Identifier: Apache-2.0
// The example family's parts: its name and rules text (puzzle layer), and its engine rule, which computes
// the rule's data once per problem and hands the solver the searches built on ApartRule. Everything else
// (notation, strategies, drawing) is the layers' default.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include "solver/rule_searches.hpp"
#include "tests/families/colours_apart/module.hpp"
#include "tests/families/colours_apart/search_rule.hpp"

namespace piecework::example {
namespace {

class ColoursApartFamily final : public Family {
 public:
  std::string_view name() const override { return "colours-apart"; }
  // Claims no definition by itself; rules square boards that name it.
  bool canRule(const PuzzleSpec& spec) const override { return spec.lattice == Lattice::Square; }
  std::string rulesText(const Puzzle& puzzle) const override {
    return Family::rulesText(puzzle) + " Two pieces of one colour may not touch along an edge.";
  }
};

class ColoursApartEngineRule final : public EngineRule {
 public:
  void prepare(const Puzzle& puzzle, Problem& problem) const override {
    auto data = std::make_shared<ApartData>();
    data->words = (puzzle.sites.size() + 63) / 64;
    std::map<std::string, int> colourIndex;
    for (const PieceDef& piece : puzzle.pieces) colourIndex.emplace(piece.colour, colourIndex.size());
    data->colours = static_cast<int>(colourIndex.size());
    const std::size_t n = puzzle.placements.size();
    data->cells.assign(n * data->words, 0);
    data->around.assign(n * data->words, 0);
    for (std::size_t id = 0; id < n; ++id) {
      const Placement& p = puzzle.placements[id];
      data->colourOf.push_back(colourIndex.at(puzzle.pieces[static_cast<std::size_t>(p.piece)].colour));
      std::uint64_t* cells = &data->cells[id * data->words];
      std::uint64_t* around = &data->around[id * data->words];
      for (int s : p.sites) cells[s >> 6] |= std::uint64_t{1} << (s & 63);
      for (int s : p.sites)
        for (std::size_t t = 0; t < puzzle.sites.size(); ++t) {
          const Site& a = puzzle.sites[static_cast<std::size_t>(s)];
          const Site& b = puzzle.sites[t];
          const bool edge = a.z == b.z && std::abs(a.x - b.x) + std::abs(a.y - b.y) == 1;
          if (edge && (cells[t >> 6] >> (t & 63) & 1U) == 0) around[t >> 6] |= std::uint64_t{1} << (t & 63);
        }
    }
    problem.ruleData = std::move(data);
  }
  const RuleSearches* searches(const Problem&) const override {
    static const RuleSearches apart = searchesWith<ApartRule>();
    return &apart;
  }
};

}  // namespace

FamilyModule coloursApartModule() {
  static const ColoursApartFamily family;
  static const ColoursApartEngineRule rule;
  return {.family = &family, .engineRule = &rule};
}

}  // namespace piecework::example
