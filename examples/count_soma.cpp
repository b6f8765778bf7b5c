// SPDX-License-Identifier: Apache-2.0
// Counts the Soma cube's solutions and solves a challenge through the piecework library.
#include <piecework/piecework.hpp>

#include <iostream>

int main() {
  namespace pw = piecework::api;
  try {
    const pw::Puzzle soma = pw::Puzzle::load("soma");
    const pw::Counts counts = pw::count(soma);
    std::cout << soma.title() << ": " << counts.solutions << " solutions, " << counts.distinct
              << " distinct up to " << counts.symmetries << " symmetries\n";
    const std::vector<pw::Challenge> first = pw::solve(soma, {});
    std::cout << "one of them: " << soma.format(first.at(0)) << '\n';
    return 0;
  } catch (const pw::Error& e) {
    std::cerr << "count-soma: " << e.what() << '\n';
    return 2;
  }
}
