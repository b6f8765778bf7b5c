// SPDX-License-Identifier: Apache-2.0
#include "output/play/play_page.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <utility>

#include "output/drawing_module.hpp"
#include "output/play/piece_moves.hpp"
#include "output/play/play_pictures.hpp"
#include "output/play/play_template.hpp"
#include "puzzle/errors.hpp"
#include "rater/explain.hpp"
#include "rater/hint.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"

namespace piecework {
namespace {

// Pixels per lattice unit: a 10-cell board is 400 pixels wide, which a laptop shows whole beside the tray.
constexpr double kPixelsPerUnit = 40;

std::string htmlEscaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A set of placement ids as hexadecimal digits, four placements a digit (the first placement the digit's
// highest bit): a few hundred characters for the largest flat puzzle, read by the page without a decoder.
std::string hexBits(const std::vector<int>& ids, std::size_t count) {
  std::vector<unsigned> nibbles((count + 3) / 4, 0);
  for (const int id : ids) {
    const auto at = static_cast<std::size_t>(id);
    nibbles[at / 4] |= 8U >> (at % 4);
  }
  std::string digits;
  for (const unsigned n : nibbles) digits += "0123456789abcdef"[n];
  return digits;
}

nlohmann::ordered_json puzzleData(const Puzzle& puzzle) {
  const PiecePictures pictures = drawingModule().piecePictures(puzzle, kPixelsPerUnit);
  nlohmann::ordered_json data;
  data["name"] = puzzle.name;
  data["title"] = puzzle.title.empty() ? puzzle.name : puzzle.title;
  data["boardWidth"] = pictures.boardWidth;
  data["boardHeight"] = pictures.boardHeight;
  data["unit"] = pictures.pixelsPerUnit;
  // The empty board, shared by every challenge without marks; the givens are laid on it as pieces.
  data["board"] = drawingModule().boardPicture(puzzle, {}, {}, kPixelsPerUnit).base64;
  nlohmann::ordered_json pieces = nlohmann::ordered_json::array();
  for (int p = 0; p < puzzle.pieceCount(); ++p) {
    const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(p)];
    const std::vector<OrientationMoves> moves = orientationMoves(puzzle, p);
    nlohmann::ordered_json orientations = nlohmann::ordered_json::array();
    for (std::size_t o = 0; o < def.orientations.size(); ++o) {
      const OrientationPicture& picture = pictures.orientations[static_cast<std::size_t>(p)][o];
      nlohmann::ordered_json orientation = {{"png", picture.piece.base64},   {"w", picture.piece.width},
                                            {"h", picture.piece.height},     {"turn", moves[o].turn},
                                            {"turnBack", moves[o].turnBack}, {"flip", moves[o].flip}};
      if (!picture.cover.base64.empty()) orientation["cover"] = picture.cover.base64;
      orientations.push_back(orientation);
    }
    pieces.push_back({{"letter", std::string(1, def.letter)},
                      {"name", def.name},
                      {"copies", def.copies},
                      {"orientations", orientations}});
  }
  data["pieces"] = pieces;
  nlohmann::ordered_json placements = nlohmann::ordered_json::array();
  for (std::size_t id = 0; id < puzzle.placements.size(); ++id) {
    const Placement& placement = puzzle.placements[id];
    const PlacementSpot& spot = pictures.spots[id];
    placements.push_back({placement.piece, spot.orientation, spot.x, spot.y, placement.sites});
  }
  data["placements"] = placements;
  return data;
}

}  // namespace

std::string solutionHash(const std::string& salt, const std::vector<int>& placements) {
  std::string text = salt + ":";
  for (std::size_t i = 0; i < placements.size(); ++i) {
    if (i > 0) text += ',';
    text += std::to_string(placements[i]);
  }
  std::uint32_t hash = 2166136261U;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619U;
  }
  return fmt::format("{:08x}", hash);
}

PlayChallenge playChallenge(const Puzzle& puzzle, const Challenge& challenge, const Rules& rules,
                            const RatingModel* model, std::string text) {
  Rules withMarks = rules;
  withMarks.marks = challenge.marks;
  const Problem problem = makeProblem(puzzle, challenge.givens, withMarks);
  FindLimits limits;
  limits.max = kMaxPlaySolutions + 1;
  FindResult found = findSolutions(problem, limits);
  if (found.solutions.empty()) throw InputError(fmt::format("play: challenge {}: it has no solution", text));
  if (found.solutions.size() > kMaxPlaySolutions)
    throw InputError(
        fmt::format("play: challenge {}: it has more than {} solutions; the page recognises at "
                    "most {}",
                    text, kMaxPlaySolutions, kMaxPlaySolutions));
  PlayChallenge play;
  play.text = std::move(text);
  play.givens = challenge.givens;
  play.marks = challenge.marks;
  play.options = problem.options;
  play.solutions = std::move(found.solutions);
  const Rating rating = rate(problem, model);
  const std::vector<Move> moves = hintMoves(problem, rating);
  play.hint = moves.empty() ? "nothing to do: every piece is on the board" : moves.front().text;
  play.label = fmt::format("{} (score {:.2f})", levelName(rating.level), rating.score);
  return play;
}

std::string playPage(const std::vector<PlaySet>& sets, const std::string& title) {
  nlohmann::ordered_json data;
  data["title"] = title;
  nlohmann::ordered_json puzzles = nlohmann::ordered_json::array();
  nlohmann::ordered_json challenges = nlohmann::ordered_json::array();
  for (std::size_t s = 0; s < sets.size(); ++s) {
    const Puzzle& puzzle = *sets[s].puzzle;
    if (layered(puzzle.lattice))
      throw InputError(
          fmt::format("play: {} is a box of layers; the browser player shows flat boards only", puzzle.name));
    puzzles.push_back(puzzleData(puzzle));
    for (const PlayChallenge& c : sets[s].challenges) {
      // The salt ties a hash to its challenge: the same placements solve no other challenge's hash.
      const std::string salt = puzzle.name + "|" + c.text;
      nlohmann::ordered_json hashes = nlohmann::ordered_json::array();
      for (const auto& solution : c.solutions) hashes.push_back(solutionHash(salt, solution));
      challenges.push_back(
          {{"puzzle", s},
           {"id", c.catalogId ? nlohmann::ordered_json(*c.catalogId) : nlohmann::ordered_json(nullptr)},
           {"text", c.text},
           {"salt", salt},
           {"label", c.label},
           // Only a challenge with marks has a board of its own (the marks on the empty board).
           {"board", c.marks.empty()
                         ? nlohmann::ordered_json(nullptr)
                         : nlohmann::ordered_json(
                               drawingModule().boardPicture(puzzle, {}, c.marks, kPixelsPerUnit).base64)},
           {"givens", c.givens},
           {"options", hexBits(c.options, puzzle.placements.size())},
           {"solved", hashes},
           {"hint", c.hint}});
    }
  }
  data["puzzles"] = puzzles;
  data["challenges"] = challenges;
  std::string json = data.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  // Inside <script> only "</" could end the element early.
  for (std::size_t at = json.find("</"); at != std::string::npos; at = json.find("</", at + 3))
    json.replace(at, 2, "<\\/");
  std::string page = playTemplate();
  // The title wherever it shows, then the data once (its text may hold anything, the marker too).
  const std::string escaped = htmlEscaped(title), titleMarker = "PIECEWORK_TITLE",
                    dataMarker = "PIECEWORK_DATA";
  for (std::size_t at = page.find(titleMarker); at != std::string::npos;
       at = page.find(titleMarker, at + escaped.size()))
    page.replace(at, titleMarker.size(), escaped);
  if (const std::size_t at = page.find(dataMarker); at != std::string::npos)
    page.replace(at, dataMarker.size(), json);
  return page;
}

}  // namespace piecework
