// SPDX-License-Identifier: Apache-2.0
#include "disassembly/burrtools_solutions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string_view>
#include <vector>

#include "disassembly/separation.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/burrtools_xml.hpp"
#include "puzzle/errors.hpp"

namespace piecework {

namespace {

std::optional<std::uint64_t> wholeNumber(const std::string& text) {
  if (text.empty() || text.size() > 18 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoull(text);
}

[[noreturn]] void fail(const std::string& file, const XmlNode* node, const std::string& what) {
  throw InputError(fmt::format("{}:{}: {}", file, node->line, what));
}

// Whole numbers separated by spaces, with a minus sign where `negative` allows (as BurrTools' reader takes
// them); none when the text holds anything else.
std::optional<std::vector<long>> numbers(const std::string& text, bool negative) {
  std::vector<long> out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '\r') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    if (negative && text[i] == '-') ++i;
    const std::size_t digits = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i == digits || i - digits > 9 || (i < text.size() && text[i] != ' ' && text[i] != '\n')) return {};
    out.push_back(std::stol(text.substr(start, i - start)));
  }
  return out;
}

// The pieces an <assembly> places (a placement is four numbers, an unplaced piece an 'x').
std::size_t placedPieces(const std::string& text) {
  std::size_t placed = 0, fields = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] != ' ' && text[i] != '\n' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\n')) {
      if (text[i] == 'x') continue;
      if (++fields % 4 == 0) ++placed;
    }
  return placed;
}

// A stored separation as a tree of move counts (its states less one), which is all a level needs, checked
// as BurrTools' reader checks it (so that a file piecework writes opens there): a <pieces> list of
// `expected` pieces (0: any number), states of every piece before the sub-separations, and the parts that
// the last state removes (a coordinate beyond 10,000) and leaves both with pieces.
std::unique_ptr<Separation> storedTree(const std::string& file, const XmlNode* node, std::size_t expected,
                                       int depth) {
  if (depth > 64) fail(file, node, "a separation tree deeper than 64");
  const XmlNode* piecesNode = xmlChild(node, "pieces");
  if (piecesNode == nullptr) fail(file, node, "a <separation> without <pieces>");
  const auto count = wholeNumber(xmlAttribute(piecesNode, "count"));
  const auto pieces = numbers(xmlContent(piecesNode), false);
  if (!count || !pieces || pieces->size() != *count || *count == 0 || (expected != 0 && *count != expected))
    fail(file, piecesNode,
         expected != 0 ? fmt::format("<pieces> must list {} pieces, with count=\"{}\"", expected, expected)
                       : std::string("<pieces> must list as many pieces as its count says"));
  const auto states = xmlChildren(node, "state");
  if (states.empty()) fail(file, node, "a <separation> without a <state>");
  for (const XmlNode* state : states)
    for (const char* axis : {"dx", "dy", "dz"}) {
      const XmlNode* d = xmlChild(state, axis);
      const auto values = d == nullptr ? std::nullopt : numbers(xmlContent(d), true);
      if (!values || values->size() != *count)
        fail(file, d == nullptr ? state : d,
             fmt::format("a <state> needs <{}> with {} numbers", axis, *count));
    }
  auto tree = std::make_unique<Separation>();
  tree->positions.resize(states.size() - 1);
  const auto parts = xmlChildren(node, "separation");
  std::size_t removed = 0;
  if (!parts.empty()) {
    std::vector<bool> gone(*count, false);
    for (const char* axis : {"dx", "dy", "dz"}) {
      const auto values = numbers(xmlContent(xmlChild(states.back(), axis)), true);
      for (std::size_t k = 0; k < values->size(); ++k) gone[k] = gone[k] || std::labs((*values)[k]) > 10000;
    }
    removed = static_cast<std::size_t>(std::count(gone.begin(), gone.end(), true));
    if (removed == 0 || removed == *count)
      fail(file, states.back(), "the last state before a sub-separation must remove some pieces, not all");
    for (const XmlNode* n = states.back()->next; n != nullptr; n = n->next)
      if (xmlNamed(n, "state")) fail(file, n, "a <state> after a sub-separation");
  }
  for (const XmlNode* part : parts) {
    const std::string type = xmlAttribute(part, "type");
    if (type != "left" && type != "removed")
      fail(file, part, fmt::format("a sub-separation must be of type left or removed, not '{}'", type));
    auto& branch = type == "left" ? tree->left : tree->away;
    if (branch) fail(file, part, fmt::format("a second '{}' sub-separation", type));
    branch = storedTree(file, part, type == "left" ? *count - removed : removed, depth + 1);
  }
  return tree;
}

const XmlNode* selectedProblem(const std::vector<BurrToolsProblem>& listed, const XmlNode* root) {
  const auto problems = xmlChildren(xmlChild(root, "problems"), "problem");
  for (const BurrToolsProblem& p : listed)
    if (p.selected && p.number >= 1 && static_cast<std::size_t>(p.number) <= problems.size())
      return problems[static_cast<std::size_t>(p.number - 1)];
  return problems.empty() ? nullptr : problems.front();
}

}  // namespace

StoredSolutions burrToolsStoredSolutions(const std::string& path) {
  return burrToolsStoredSolutions(path, burrToolsProblems(path));
}

StoredSolutions burrToolsStoredSolutions(const std::string& path,
                                         const std::vector<BurrToolsProblem>& problems) {
  const std::string file = path.substr(0, path.rfind(".xmpuzzle") + 9);
  const std::string xml = burrToolsXmlText(path);
  const auto doc = parsedBurrToolsXml(file, xml);
  StoredSolutions out;
  const XmlNode* problem = selectedProblem(problems, doc->root());
  if (problem == nullptr) return out;
  if (xmlAttribute(problem, "state") == "2") out.solutions = wholeNumber(xmlAttribute(problem, "solutions"));
  for (const XmlNode* shape : xmlChildren(xmlChild(problem, "shapes"), "shape")) {
    const std::string count = xmlAttribute(shape, "count"), max = xmlAttribute(shape, "max");
    if ((count.empty() ? max : count) == "0") continue;  // (no piece, as the definition reader skips it)
    int group = static_cast<int>(wholeNumber(xmlAttribute(shape, "group")).value_or(0));
    const auto groups = xmlChildren(shape, "group");
    if (groups.size() == 1)
      group = static_cast<int>(wholeNumber(xmlAttribute(groups.front(), "group")).value_or(0));
    if (groups.size() > 1) group = 0;
    out.groups.push_back(std::min(group, 1'000'000));
  }
  for (const XmlNode* solution : xmlChildren(xmlChild(problem, "solutions"), "solution"))
    if (const XmlNode* separation = xmlChild(solution, "separation")) {
      const XmlNode* assembly = xmlChild(solution, "assembly");
      const std::size_t placed = assembly == nullptr ? 0 : placedPieces(xmlContent(assembly));
      out.levels.push_back(levelText(*storedTree(file, separation, placed, 0)));
    }
  return out;
}

}  // namespace piecework
