// SPDX-License-Identifier: Apache-2.0
#include "puzzle/placement_images.hpp"

#include <algorithm>
#include <climits>

namespace piecework {
namespace {

std::uint64_t splitMix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

// Every placement is in the table under its key, the XOR of fixed random words, one per site (and one per
// piece), the same in any order: so one with the image's sites has the image's key, and each placement with
// that key is checked site by site (and colour by colour); a collision of keys costs a check, never a wrong
// answer. Measured (perf stat, task-clock of `count FILE#1 --json --threads 1`): PelikanBurr (3,601
// placements, 24 of 48 turns kept) 52 -> 25 ms, where sorting each image and looking it up in the ordered
// index, and scanning a coloured piece's placements one by one, took most of it.
PlacementImages::PlacementImages(const Puzzle& p, std::vector<PlacementShift> shifts)
    : p_(p), siteKey_(p.sites.size()), mark_(p.sites.size(), 0), shifts_(std::move(shifts)) {
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  for (auto& key : siteKey_) key = splitMix(state);
  pieceKey_.resize(p.pieces.size());
  for (auto& key : pieceKey_) key = splitMix(state);
  std::size_t size = 16;
  while (size < 2 * p.placements.size()) size *= 2;
  slots_.assign(size, Slot{0, -1});
  std::vector<std::pair<std::size_t, std::uint64_t>> prints(p.pieces.size());  // per piece: placements, sum
  for (int id = 0; id < static_cast<int>(p.placements.size()); ++id) {
    const Placement& placement = p.placements[static_cast<std::size_t>(id)];
    const std::uint64_t key = keyOf(placement.piece, placement.sites);
    std::size_t at = key & (slots_.size() - 1);
    while (slots_[at].id >= 0) at = (at + 1) & (slots_.size() - 1);
    slots_[at] = Slot{key, id};
    auto& print = prints[static_cast<std::size_t>(placement.piece)];
    ++print.first;
    print.second += key ^ pieceKey_[static_cast<std::size_t>(placement.piece)];
  }
  std::sort(prints.begin(), prints.end());
  piecesShareSites_ = std::adjacent_find(prints.begin(), prints.end()) != prints.end();
  indexOffsets();
}

std::uint64_t PlacementImages::keyOf(int piece, const std::vector<int>& sites) const {
  std::uint64_t key = pieceKey_[static_cast<std::size_t>(piece)];
  for (int s : sites) key ^= siteKey_[static_cast<std::size_t>(s)];
  return key;
}

int PlacementImages::findByKey(int piece, int from, const std::vector<int>& siteImage) {
  const Placement& a = p_.placements[static_cast<std::size_t>(from)];
  // (raw pointers and a local stamp: stores to mark_ cannot then be taken to change them)
  const int* const image = siteImage.data();
  const int* const sites = a.sites.data();
  const std::size_t n = a.sites.size();
  const std::uint64_t* const siteKey = siteKey_.data();
  std::uint64_t key = pieceKey_[static_cast<std::size_t>(piece)];
  for (std::size_t k = 0; k < n; ++k) key ^= siteKey[image[sites[k]]];
  unsigned* const mark = mark_.data();
  const std::size_t mask = slots_.size() - 1;
  int best = -1;
  for (std::size_t at = key & mask; slots_[at].id >= 0; at = (at + 1) & mask) {
    const int id = slots_[at].id;
    if (slots_[at].key != key || (best >= 0 && id > best)) continue;
    const Placement& b = p_.placements[static_cast<std::size_t>(id)];
    if (b.piece != piece || b.sites.size() != n) continue;
    const unsigned stamp = ++stamp_;
    for (int s : b.sites) mark[s] = stamp;
    bool same = true;
    for (std::size_t k = 0; k < n && same; ++k) same = mark[image[sites[k]]] == stamp;
    for (std::size_t k = 0; k < a.colours.size() && same; ++k)
      same = a.colours[k] == b.colourAt(image[sites[k]]);
    if (same) best = id;
  }
  return best;
}

// Placements of one orientation are its shape shifted, and a turn maps a shifted set onto its image shifted
// (by the turned shift): so once one placement's image is known, the image of another of the same
// orientation is the image's orientation at the image's offset plus how far the turn moved the shape's first
// cell. Measured (callgrind, `count PelikanBurr#1 --json --threads 1`, 3,601 placements): computeSymmetries
// 57.2M -> 17.1M instructions, 79,488 of the 82,991 images found as translates, 3,503 by key.
void PlacementImages::indexOffsets() {
  plain_.resize(p_.pieces.size());
  for (std::size_t pi = 0; pi < p_.pieces.size(); ++pi)
    plain_[pi] = p_.pieces[pi].orientationColours.empty() ? 1 : 0;
  // (coloured pieces may have several placements on one set of sites, which the keys tell apart)
  translates_ = std::find(plain_.begin(), plain_.end(), 1) != plain_.end();
  if (!translates_) return;
  // (on lattices whose shifts must keep the cells' kinds (prisms, part-cells) a turn is no plain matrix on
  // the sites' coordinates, but it is one on the shifts that keep the kinds: apply() takes such a shift to
  // an integer multiple of the grid's period in its coordinates of the centres (prisms: 3 (dx - dy) / 2 and
  // 3 dy; tetrahedra-octahedra: even; part-cells: whole blocks), where its floor divisions back to sites are
  // exact; and one orientation's placements differ by such shifts only (computePlacements): so their
  // translates need no check there either. Measured (callgrind, `count FILE#1 --json --threads 1`):
  // DiagonalCube imagesOf 4.37M -> 2.89M instructions, the run 14.59M -> 13.11M; Prisgon imagesOf 2.49M ->
  // 0.82M, the run 18.72M -> 17.06M)
  int orientations = 0;
  for (const PieceDef& piece : p_.pieces) {
    firstOrientation_.push_back(orientations);
    orientations += static_cast<int>(piece.orientations.size());
  }
  std::vector<Site> high(static_cast<std::size_t>(orientations), Site{INT_MIN, INT_MIN, INT_MIN});
  boxes_.assign(static_cast<std::size_t>(orientations), OffsetBox{Site{INT_MAX, INT_MAX, INT_MAX}, {}, 0});
  for (std::size_t id = 0; id < p_.placements.size(); ++id) {
    const Placement& placement = p_.placements[id];
    const auto o = static_cast<std::size_t>(firstOrientation_[static_cast<std::size_t>(placement.piece)] +
                                            placement.orientation);
    const Site& v = shifts_[id].offset;
    Site& low = boxes_[o].low;
    low = Site{std::min(low.x, v.x), std::min(low.y, v.y), std::min(low.z, v.z)};
    high[o] = Site{std::max(high[o].x, v.x), std::max(high[o].y, v.y), std::max(high[o].z, v.z)};
  }
  // (a box holds at most the shifts computePlacements tried; on a sparse board those may be far more than
  // the placements, and then the keys do)
  std::size_t cells = 0;
  for (std::size_t o = 0; o < boxes_.size(); ++o) {
    if (high[o].x == INT_MIN) continue;
    OffsetBox& box = boxes_[o];
    box.size = Site{high[o].x - box.low.x + 1, high[o].y - box.low.y + 1, high[o].z - box.low.z + 1};
    box.start = cells;
    cells += static_cast<std::size_t>(box.size.x) * static_cast<std::size_t>(box.size.y) *
             static_cast<std::size_t>(box.size.z);
  }
  if (cells > 16 * p_.placements.size() + 4096) {
    translates_ = false;
    return;
  }
  byOffset_.assign(cells, -1);
  orientation_.resize(p_.placements.size());
  for (std::size_t id = 0; id < p_.placements.size(); ++id) {
    orientation_[id] = p_.placements[id].orientation;
    const Placement& placement = p_.placements[id];
    const int o = firstOrientation_[static_cast<std::size_t>(placement.piece)] + placement.orientation;
    byOffset_[offsetSlot(o, shifts_[id].offset)] = static_cast<int>(id);
  }
}

std::size_t PlacementImages::offsetSlot(int orientation, Site offset) const {
  const OffsetBox& box = boxes_[static_cast<std::size_t>(orientation)];
  return box.start +
         (static_cast<std::size_t>(offset.z - box.low.z) * static_cast<std::size_t>(box.size.y) +
          static_cast<std::size_t>(offset.y - box.low.y)) *
             static_cast<std::size_t>(box.size.x) +
         static_cast<std::size_t>(offset.x - box.low.x);
}

// The translate that finds the images of `reference`'s orientation, from its image.
PlacementImages::Translate PlacementImages::translateFrom(int image, int reference, int referenceImage,
                                                          const std::vector<int>& siteImage) const {
  const int anchor = shifts_[static_cast<std::size_t>(reference)].anchor;
  const Site& was = p_.sites[static_cast<std::size_t>(siteImage[static_cast<std::size_t>(anchor)])];
  const Site& base = shifts_[static_cast<std::size_t>(referenceImage)].offset;
  const OffsetBox& box =
      boxes_[static_cast<std::size_t>(firstOrientation_[static_cast<std::size_t>(image)] +
                                      p_.placements[static_cast<std::size_t>(referenceImage)].orientation)];
  // offset of from's image - box.low = base + (moved - was) - box.low
  return Translate{&box,
                   Site{base.x - was.x - box.low.x, base.y - was.y - box.low.y, base.z - was.z - box.low.z}};
}

bool PlacementImages::imagesOf(int piece, int image, const std::vector<int>& siteImage,
                               std::vector<int>& placementImage) {
  const std::vector<int>& own = p_.piecePlacements[static_cast<std::size_t>(piece)];
  const bool translated = translates_ && plain_[static_cast<std::size_t>(piece)] != 0 &&
                          plain_[static_cast<std::size_t>(image)] != 0;
  if (translated) {
    // Each run of one orientation's placements (computePlacements makes them one after another) from its
    // first one's image, in a loop of a few loads per placement rather than a call with its look-ups.
    // Measured (callgrind, `count PelikanBurr#1 --json --threads 1`): imagesOf 8.57M -> 6.61M instructions,
    // the run 46.84M -> 44.90M.
    const int* const turned = siteImage.data();
    const Site* const sites = p_.sites.data();
    const PlacementShift* const shifts = shifts_.data();
    const int* const byOffset = byOffset_.data();
    const int* const orientation = orientation_.data();
    int* const out = placementImage.data();
    for (std::size_t i = 0; i < own.size();) {
      const int first = own[i];
      const int reference = findByKey(image, first, siteImage);
      out[first] = reference;
      if (reference < 0) return false;
      const Translate t = translateFrom(image, first, reference, siteImage);
      const OffsetBox& box = *t.box;
      const int o = orientation[first];
      for (++i; i < own.size() && orientation[own[i]] == o; ++i) {
        const int from = own[i];
        const Site& moved = sites[turned[shifts[from].anchor]];
        const int x = moved.x + t.shift.x, y = moved.y + t.shift.y, z = moved.z + t.shift.z;
        int id = -1;
        if (static_cast<unsigned>(x) < static_cast<unsigned>(box.size.x) &&
            static_cast<unsigned>(y) < static_cast<unsigned>(box.size.y) &&
            static_cast<unsigned>(z) < static_cast<unsigned>(box.size.z))
          id = byOffset[box.start +
                        (static_cast<std::size_t>(z) * static_cast<std::size_t>(box.size.y) +
                         static_cast<std::size_t>(y)) *
                            static_cast<std::size_t>(box.size.x) +
                        static_cast<std::size_t>(x)];
        if (id < 0) id = findByKey(image, from, siteImage);
        out[from] = id;
        if (id < 0) return false;
      }
    }
    return true;
  }
  for (const int from : own) {
    const int found = findByKey(image, from, siteImage);
    placementImage[static_cast<std::size_t>(from)] = found;
    if (found < 0) return false;
  }
  return true;
}

}  // namespace piecework
