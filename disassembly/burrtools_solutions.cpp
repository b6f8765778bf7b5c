// SPDX-License-Identifier: Apache-2.0
#include "disassembly/burrtools_solutions.hpp"

#include <fmt/format.h>
#include <libxml/tree.h>

#include <algorithm>
#include <memory>
#include <string_view>

#include "disassembly/separation.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/burrtools_xml.hpp"
#include "puzzle/errors.hpp"

namespace piecework {

namespace {

std::string attribute(const xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  if (value == nullptr) return {};
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

std::vector<const xmlNode*> children(const xmlNode* parent, std::string_view name) {
  std::vector<const xmlNode*> out;
  if (parent == nullptr) return out;
  for (const xmlNode* n = parent->children; n != nullptr; n = n->next)
    if (n->type == XML_ELEMENT_NODE && reinterpret_cast<const char*>(n->name) == name) out.push_back(n);
  return out;
}

const xmlNode* child(const xmlNode* parent, std::string_view name) {
  const auto all = children(parent, name);
  return all.empty() ? nullptr : all.front();
}

std::optional<std::uint64_t> wholeNumber(const std::string& text) {
  if (text.empty() || text.size() > 18 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoull(text);
}

// A stored separation as a tree of move counts (its states less one), which is all a level needs.
std::unique_ptr<Separation> storedTree(const std::string& file, const xmlNode* node, int depth) {
  if (depth > 64)
    throw InputError(fmt::format("{}:{}: a separation tree deeper than 64", file, xmlGetLineNo(node)));
  const auto states = children(node, "state");
  if (states.empty())
    throw InputError(fmt::format("{}:{}: a <separation> without a <state>", file, xmlGetLineNo(node)));
  auto tree = std::make_unique<Separation>();
  tree->positions.resize(states.size() - 1);
  for (const xmlNode* part : children(node, "separation")) {
    const std::string type = attribute(part, "type");
    if (type != "left" && type != "removed")
      throw InputError(fmt::format("{}:{}: a sub-separation must be of type left or removed, not '{}'", file,
                                   xmlGetLineNo(part), type));
    (type == "left" ? tree->left : tree->away) = storedTree(file, part, depth + 1);
  }
  return tree;
}

const xmlNode* selectedProblem(const std::string& path, const xmlNode* root) {
  const auto problems = children(child(root, "problems"), "problem");
  for (const BurrToolsProblem& p : burrToolsProblems(path))
    if (p.selected && p.number >= 1 && static_cast<std::size_t>(p.number) <= problems.size())
      return problems[static_cast<std::size_t>(p.number - 1)];
  return problems.empty() ? nullptr : problems.front();
}

}  // namespace

StoredSolutions burrToolsStoredSolutions(const std::string& path) {
  const std::string file = path.substr(0, path.rfind(".xmpuzzle") + 9);
  const std::string xml = burrToolsXmlText(path);
  std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)> doc(parseBurrToolsXml(file, xml), xmlFreeDoc);
  StoredSolutions out;
  const xmlNode* problem = selectedProblem(path, xmlDocGetRootElement(doc.get()));
  if (problem == nullptr) return out;
  if (attribute(problem, "state") == "2") out.solutions = wholeNumber(attribute(problem, "solutions"));
  for (const xmlNode* shape : children(child(problem, "shapes"), "shape")) {
    const std::string count = attribute(shape, "count"), max = attribute(shape, "max");
    if ((count.empty() ? max : count) == "0") continue;  // (no piece, as the definition reader skips it)
    int group = static_cast<int>(wholeNumber(attribute(shape, "group")).value_or(0));
    const auto groups = children(shape, "group");
    if (groups.size() == 1)
      group = static_cast<int>(wholeNumber(attribute(groups.front(), "group")).value_or(0));
    if (groups.size() > 1) group = 0;
    out.groups.push_back(std::min(group, 1'000'000));
  }
  for (const xmlNode* solution : children(child(problem, "solutions"), "solution"))
    if (const xmlNode* separation = child(solution, "separation"))
      out.levels.push_back(levelText(*storedTree(file, separation, 0)));
  return out;
}

}  // namespace piecework
