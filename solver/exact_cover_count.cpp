// SPDX-License-Identifier: Apache-2.0
#include "solver/exact_cover_count.hpp"

namespace piecework {
namespace {

// The dancing links: node 0 is the root, nodes 1..items the item headers (primary ones in the root's ring,
// secondary ones each a ring of its own), then the options' nodes, each option a horizontal ring.
class DancingLinks {
 public:
  explicit DancingLinks(const DlxProblem& problem) {
    const int items = static_cast<int>(problem.items.size());
    for (int n = 0; n <= items; ++n) addNode(n, -1);
    for (int c = 1; c <= items; ++c) {
      const bool primary = static_cast<std::size_t>(c) <= problem.primary;
      left_[c] = primary ? c - 1 : c;
      right_[c] = primary ? (static_cast<std::size_t>(c) == problem.primary ? 0 : c + 1) : c;
    }
    left_[0] = static_cast<int>(problem.primary);
    right_[0] = problem.primary == 0 ? 0 : 1;
    for (std::size_t o = 0; o < problem.options.size(); ++o) {
      const int first = static_cast<int>(left_.size());
      for (const int item : problem.options[o]) {
        const int c = item + 1, n = addNode(c, static_cast<int>(o));
        up_[n] = up_[c], down_[n] = c, down_[up_[c]] = n, up_[c] = n, ++size_[c];
        left_[n] = n - 1, right_[n] = n + 1;
      }
      const int last = static_cast<int>(left_.size()) - 1;
      left_[first] = last, right_[last] = first;
    }
  }

  ExactCoverCount count(const std::function<void(const std::vector<int>&)>& onSolution) {
    onSolution_ = onSolution;
    search();
    return result_;
  }

 private:
  int addNode(int column, int option) {
    const int n = static_cast<int>(left_.size());
    left_.push_back(n), right_.push_back(n), up_.push_back(n), down_.push_back(n);
    column_.push_back(column), option_.push_back(option), size_.push_back(0);
    return n;
  }
  void cover(int c) {
    left_[right_[c]] = left_[c], right_[left_[c]] = right_[c];
    for (int i = down_[c]; i != c; i = down_[i])
      for (int j = right_[i]; j != i; j = right_[j])
        up_[down_[j]] = up_[j], down_[up_[j]] = down_[j], --size_[column_[j]];
  }
  void uncover(int c) {
    for (int i = up_[c]; i != c; i = up_[i])
      for (int j = left_[i]; j != i; j = left_[j]) ++size_[column_[j]], up_[down_[j]] = j, down_[up_[j]] = j;
    left_[right_[c]] = c, right_[left_[c]] = c;
  }
  void search() {
    if (right_[0] == 0) {
      ++result_.solutions;
      if (onSolution_) onSolution_(chosen_);
      return;
    }
    int best = right_[0];  // the primary item with the fewest options left (Knuth's MRV)
    for (int c = right_[best]; c != 0; c = right_[c])
      if (size_[c] < size_[best]) best = c;
    if (size_[best] == 0) return;
    cover(best);
    for (int r = down_[best]; r != best; r = down_[r]) {
      ++result_.nodes;
      chosen_.push_back(option_[r]);
      for (int j = right_[r]; j != r; j = right_[j]) cover(column_[j]);
      search();
      for (int j = left_[r]; j != r; j = left_[j]) uncover(column_[j]);
      chosen_.pop_back();
    }
    uncover(best);
  }

  std::vector<int> left_, right_, up_, down_, column_, option_, size_;
  std::vector<int> chosen_;
  std::function<void(const std::vector<int>&)> onSolution_;
  ExactCoverCount result_;
};

}  // namespace

ExactCoverCount countExactCovers(const DlxProblem& problem,
                                 const std::function<void(const std::vector<int>&)>& onSolution) {
  DancingLinks links(problem);
  return links.count(onSolution);
}

}  // namespace piecework
