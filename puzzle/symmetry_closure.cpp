// SPDX-License-Identifier: Apache-2.0
#include "puzzle/symmetry_closure.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

namespace piecework {
namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xbf58476d1ce4e5b9ULL;
}

}  // namespace

SymmetryClosure::SymmetryClosure(const Puzzle& p, bool piecesShareSites)
    : p_(p), piecesShareSites_(piecesShareSites) {}

bool SymmetryClosure::start() {
  started_ = true;
  enabled_ = !piecesShareSites_ && std::all_of(p_.pieces.begin(), p_.pieces.end(), [](const PieceDef& piece) {
    return piece.orientationColours.empty();
  });
  if (!enabled_) return false;
  Symmetry identity;
  identity.site.resize(p_.sites.size());
  std::iota(identity.site.begin(), identity.site.end(), 0);
  identity.piece.resize(p_.pieces.size());
  std::iota(identity.piece.begin(), identity.piece.end(), 0);
  identity.placement.resize(p_.placements.size());
  std::iota(identity.placement.begin(), identity.placement.end(), 0);
  hashes_.push_back(hashOf(identity.site, false));
  known_.push_back(std::move(identity));
  return true;
}

std::uint64_t SymmetryClosure::hashOf(const std::vector<int>& site, bool mirror) {
  std::uint64_t h = mirror ? 1 : 0;
  for (const int s : site) h = mix(h, static_cast<std::uint64_t>(s));
  return h;
}

const Symmetry* SymmetryClosure::find(const std::vector<int>& site, bool mirror) const {
  return enabled_ ? findHashed(site, mirror, hashOf(site, mirror)) : nullptr;
}

const Symmetry* SymmetryClosure::findHashed(const std::vector<int>& site, bool mirror,
                                            std::uint64_t h) const {
  for (std::size_t i = 0; i < known_.size(); ++i)
    if (hashes_[i] == h && known_[i].mirror == mirror && known_[i].site == site) return &known_[i];
  return nullptr;
}

void SymmetryClosure::add(const Symmetry& symmetry) {
  // (the identity needs no closure: a board that has no other symmetry costs none of it)
  if (!symmetry.mirror) {
    bool identity = true;
    for (std::size_t s = 0; s < symmetry.site.size() && identity; ++s)
      identity = symmetry.site[s] == static_cast<int>(s);
    if (identity) return;
  }
  if (!started_ && !start()) return;
  if (!enabled_ ||
      findHashed(symmetry.site, symmetry.mirror, hashOf(symmetry.site, symmetry.mirror)) != nullptr)
    return;
  generators_.push_back(known_.size());
  hashes_.push_back(hashOf(symmetry.site, symmetry.mirror));
  known_.push_back(symmetry);
  // Every known symmetry times every generator, the new ones included as they come: from the identity,
  // that reaches every product of the generators, so the group they make (a finite one: no inverses needed).
  for (std::size_t i = 0; i < known_.size(); ++i)
    for (std::size_t g = 0; g < generators_.size(); ++g) addProduct(i, generators_[g]);
}

void SymmetryClosure::addProduct(std::size_t second, std::size_t first) {
  {
    const std::vector<int>& a = known_[second].site;
    const std::vector<int>& b = known_[first].site;
    scratch_.resize(b.size());
    for (std::size_t s = 0; s < b.size(); ++s) scratch_[s] = a[static_cast<std::size_t>(b[s])];
  }
  const bool mirror = known_[second].mirror != known_[first].mirror;
  const std::uint64_t h = hashOf(scratch_, mirror);
  if (findHashed(scratch_, mirror, h) != nullptr) return;
  Symmetry product;
  product.site = scratch_;
  product.mirror = mirror;
  const Symmetry& a = known_[second];
  const Symmetry& b = known_[first];
  product.piece.resize(b.piece.size());
  for (std::size_t i = 0; i < b.piece.size(); ++i)
    product.piece[i] = a.piece[static_cast<std::size_t>(b.piece[i])];
  product.placement.resize(b.placement.size());
  for (std::size_t i = 0; i < b.placement.size(); ++i)
    product.placement[i] = a.placement[static_cast<std::size_t>(b.placement[i])];
  hashes_.push_back(h);
  known_.push_back(std::move(product));
}

}  // namespace piecework
