// SPDX-License-Identifier: Apache-2.0
// disassemblySteps (the panels of sheet --disassembly) on a separation tree written by hand: the moves in
// describeMoves' order, the part left behind before the part removed, each with the pieces that move.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "disassembly/describe.hpp"
#include "disassembly/steps.hpp"

namespace piecework {
namespace {

// Four pieces A to D: B slides 2 right, then C and D leave upwards; of the part left behind (A, B) B leaves
// backwards; of the part removed (C, D), from where it left, D leaves to the left.
std::unique_ptr<Separation> handTree() {
  auto root = std::make_unique<Separation>();
  root->pieces = {0, 1, 2, 3};
  root->positions = {{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}},
                     {{0, 0, 0}, {2, 0, 0}, {0, 0, 0}, {0, 0, 0}}};
  root->removed = {false, false, true, true};
  root->direction = {0, 0, 1};
  root->left = std::make_unique<Separation>();
  root->left->pieces = {0, 1};
  root->left->positions = {{{0, 0, 0}, {2, 0, 0}}};
  root->left->removed = {false, true};
  root->left->direction = {0, -1, 0};
  root->away = std::make_unique<Separation>();
  root->away->pieces = {2, 3};
  root->away->positions = {{{0, 0, 0}, {0, 0, 0}}};
  root->away->removed = {false, true};
  root->away->direction = {-1, 0, 0};
  return root;
}

TEST(DisassemblySteps, OneStepPerMoveLeftPartBeforeRemovedPart) {
  const auto tree = handTree();
  const std::vector<DisassemblyStep> steps = disassemblySteps(*tree);
  ASSERT_EQ(steps.size(), 4U);
  EXPECT_EQ(describeMoves(*tree, {"A", "B", "C", "D"}),
            (std::vector<std::string>{"move B 2 right", "take C and D out, moving up",
                                      "take B out, moving back", "take D out, moving left"}));
  // Move 1: the whole assembly where it sits, B slides 2 along +x.
  EXPECT_EQ(steps[0].pieces, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(steps[0].moving, (std::vector<bool>{false, true, false, false}));
  EXPECT_EQ(steps[0].unit, (Site{1, 0, 0}));
  EXPECT_EQ(steps[0].units, 2);
  EXPECT_EQ(steps[0].offsets[1], (Site{0, 0, 0}));  // (before the move)
  // Move 2: C and D out, upwards, from where the first move left B.
  EXPECT_EQ(steps[1].moving, (std::vector<bool>{false, false, true, true}));
  EXPECT_EQ(steps[1].unit, (Site{0, 0, 1}));
  EXPECT_EQ(steps[1].units, 0);
  EXPECT_EQ(steps[1].offsets[1], (Site{2, 0, 0}));
  // Move 3: the part left behind, A and B; move 4: the part removed, C and D.
  EXPECT_EQ(steps[2].pieces, (std::vector<int>{0, 1}));
  EXPECT_EQ(steps[2].moving, (std::vector<bool>{false, true}));
  EXPECT_EQ(steps[2].unit, (Site{0, -1, 0}));
  EXPECT_EQ(steps[3].pieces, (std::vector<int>{2, 3}));
  EXPECT_EQ(steps[3].moving, (std::vector<bool>{false, true}));
  EXPECT_EQ(steps[3].unit, (Site{-1, 0, 0}));
}

}  // namespace
}  // namespace piecework
