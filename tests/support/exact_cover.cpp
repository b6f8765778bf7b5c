// SPDX-License-Identifier: Apache-2.0
#include "support/exact_cover.hpp"

#include <map>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace piecework::test {

namespace {

// Nodes 0..items are the item headers (0 is the root, linked to the primary items only); option nodes follow.
struct Links {
  std::vector<int> left, right, up, down, item, size;

  int add(int itemIndex) {
    const int n = static_cast<int>(up.size());
    left.push_back(n), right.push_back(n), up.push_back(n), down.push_back(n), item.push_back(itemIndex);
    size.push_back(0);
    return n;
  }

  void cover(int c) {
    right[left[c]] = right[c], left[right[c]] = left[c];
    for (int i = down[c]; i != c; i = down[i])
      for (int j = right[i]; j != i; j = right[j])
        up[down[j]] = up[j], down[up[j]] = down[j], --size[item[j]];
  }

  void uncover(int c) {
    for (int i = up[c]; i != c; i = up[i])
      for (int j = left[i]; j != i; j = left[j]) ++size[item[j]], up[down[j]] = j, down[up[j]] = j;
    right[left[c]] = c, left[right[c]] = c;
  }

  std::uint64_t count() {
    if (right[0] == 0) return 1;
    int best = right[0];
    for (int c = right[0]; c != 0; c = right[c])
      if (size[c] < size[best]) best = c;
    if (size[best] == 0) return 0;
    std::uint64_t found = 0;
    cover(best);
    for (int r = down[best]; r != best; r = down[r]) {
      for (int j = right[r]; j != r; j = right[j]) cover(item[j]);
      found += count();
      for (int j = left[r]; j != r; j = left[j]) uncover(item[j]);
    }
    uncover(best);
    return found;
  }
};

}  // namespace

std::uint64_t countExactCovers(const std::string& dlx1) {
  std::istringstream in(dlx1);
  std::string line;
  std::vector<std::string> lines;
  while (std::getline(in, line)) {
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '|') continue;  // blank lines and comments
    lines.push_back(line);
  }
  if (lines.empty()) throw std::runtime_error("dlx1: no item line");

  Links links;
  links.add(0);  // the root
  std::map<std::string, int> items;
  bool secondary = false;
  std::istringstream names(lines[0]);
  for (std::string name; names >> name;) {
    if (name == "|") {
      secondary = true;
      continue;
    }
    const int header = links.add(0);
    links.item[header] = header;
    items[name] = header;
    if (!secondary) {  // primary items join the root's list; secondary ones stay linked to themselves
      links.left[header] = links.left[0], links.right[header] = 0;
      links.right[links.left[0]] = header, links.left[0] = header;
    }
  }
  for (std::size_t o = 1; o < lines.size(); ++o) {
    std::istringstream option(lines[o]);
    int first = -1;
    for (std::string name; option >> name;) {
      const auto colon = name.find(':');
      const auto found = items.find(name.substr(0, colon));
      if (found == items.end()) throw std::runtime_error("dlx1: unknown item " + name);
      const int c = found->second;
      const int n = links.add(c);
      links.up[n] = links.up[c], links.down[n] = c, links.down[links.up[c]] = n, links.up[c] = n;
      ++links.size[c];
      if (first < 0) {
        first = n;
      } else {
        links.left[n] = links.left[first], links.right[n] = first;
        links.right[links.left[first]] = n, links.left[first] = n;
      }
    }
  }
  return links.count();
}

}  // namespace piecework::test
