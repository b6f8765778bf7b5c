// SPDX-License-Identifier: Apache-2.0
#include "output/play/play_pictures.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>

#include "output/draw.hpp"

namespace piecework {
namespace {

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

struct Canvas {
  int width = 0, height = 0;
};

Canvas canvasOf(const Puzzle& puzzle, double pixelsPerUnit) {
  const Extent board = boardExtent(puzzle);
  return {static_cast<int>(std::ceil(board.w * pixelsPerUnit)),
          static_cast<int>(std::ceil(board.h * pixelsPerUnit))};
}

Surface render(const Puzzle& puzzle, const Canvas& canvas, const std::vector<int>& placements,
               const CellMarks& marks, double pixelsPerUnit, OverPieces over = OverPieces::WindowFrame) {
  Surface image(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, canvas.width, canvas.height),
                cairo_surface_destroy);
  cairo_t* cr = cairo_create(image.get());
  drawBoard(cr, puzzle, placements, 0, 0, pixelsPerUnit, marks, over);
  cairo_destroy(cr);
  cairo_surface_flush(image.get());
  if (cairo_surface_status(image.get()) != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error("play: cairo could not draw the board");
  return image;
}

std::string base64(const std::string& bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t left = std::min<std::size_t>(3, bytes.size() - i);
    unsigned v = 0;
    for (std::size_t k = 0; k < 3; ++k)
      v = v << 8U | (k < left ? static_cast<unsigned char>(bytes[i + k]) : 0U);
    for (std::size_t k = 0; k < 4; ++k) out += k <= left ? kDigits[(v >> (18 - 6 * k)) & 63U] : '=';
  }
  return out;
}

cairo_status_t appendBytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

PngPicture pngOf(cairo_surface_t* image) {
  std::string bytes;
  if (cairo_surface_write_to_png_stream(image, appendBytes, &bytes) != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error("play: cairo could not write a PNG picture");
  return {base64(bytes), cairo_image_surface_get_width(image), cairo_image_surface_get_height(image)};
}

// Where `with` differs from `without` (any channel by more than a trace of anti-aliasing).
struct Box {
  int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive; empty when x1 < x0
};
constexpr int kDifference = 8;
// At most this many drawings of an orientation are combined into its picture.
constexpr std::size_t kFillers = 64;
// Pieces are cut out of board drawings with nothing drawn over them: the frame of a colour window drawn over
// a piece cut gaps into its outline (issue 42: pieces that the frame crosses wherever they go).
constexpr OverPieces kPieceDrawing = OverPieces::Nothing;

bool differs(const unsigned char* a, const unsigned char* b) {
  for (int k = 0; k < 4; ++k)
    if (std::abs(a[k] - b[k]) > kDifference) return true;
  return false;
}

Box differenceBox(cairo_surface_t* without, cairo_surface_t* with) {
  const int w = cairo_image_surface_get_width(with), h = cairo_image_surface_get_height(with);
  const int stride = cairo_image_surface_get_stride(with);
  const unsigned char* a = cairo_image_surface_get_data(without);
  const unsigned char* b = cairo_image_surface_get_data(with);
  Box box{w, h, -1, -1};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (differs(a + y * stride + 4 * x, b + y * stride + 4 * x)) {
        box.x0 = std::min(box.x0, x), box.x1 = std::max(box.x1, x);
        box.y0 = std::min(box.y0, y), box.y1 = std::max(box.y1, y);
      }
  return box;
}

// The board's fill: the most common colour of the empty board's pixels.
std::uint32_t fillColour(cairo_surface_t* empty) {
  const int w = cairo_image_surface_get_width(empty), h = cairo_image_surface_get_height(empty);
  const int stride = cairo_image_surface_get_stride(empty);
  const unsigned char* a = cairo_image_surface_get_data(empty);
  std::map<std::uint32_t, int> counts;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      std::uint32_t pixel = 0;
      std::memcpy(&pixel, a + y * stride + 4 * x, 4);
      ++counts[pixel];
    }
  return std::max_element(counts.begin(), counts.end(),
                          [](const auto& l, const auto& r) { return l.second < r.second; })
      ->first;
}

// A placement drawn alone on the board, and its difference box.
struct Drawn {
  Surface with;
  Box box;
};

// The pixels that differ from `without` inside the boxes, the same size, of these drawings of one
// orientation, each pixel from the first drawing where it differs (a frame drawn over the pieces hides part
// of a piece in one, not in another): the piece, and (in the board's fill colour) the cover; transparent
// elsewhere.
OrientationPicture cutOut(cairo_surface_t* without, const std::vector<Drawn>& drawings, std::uint32_t fill) {
  const Box& first = drawings.front().box;
  const int w = first.x1 - first.x0 + 1, h = first.y1 - first.y0 + 1;
  Surface piece(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h), cairo_surface_destroy);
  Surface cover(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h), cairo_surface_destroy);
  cairo_surface_flush(piece.get());
  cairo_surface_flush(cover.get());
  const int outStride = cairo_image_surface_get_stride(piece.get());
  const int stride = cairo_image_surface_get_stride(without);
  const unsigned char* a = cairo_image_surface_get_data(without);
  unsigned char fillBytes[4];
  std::memcpy(fillBytes, &fill, 4);
  bool covers = false;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      unsigned char* piecePixel = cairo_image_surface_get_data(piece.get()) + y * outStride + 4 * x;
      unsigned char* coverPixel = cairo_image_surface_get_data(cover.get()) + y * outStride + 4 * x;
      std::memset(piecePixel, 0, 4);
      std::memset(coverPixel, 0, 4);
      for (const Drawn& d : drawings) {
        const int at = (d.box.y0 + y) * stride + 4 * (d.box.x0 + x);
        const unsigned char* b = cairo_image_surface_get_data(d.with.get());
        if (!differs(a + at, b + at)) continue;
        const bool bare = !differs(b + at, fillBytes);
        covers = covers || bare;
        std::memcpy(bare ? coverPixel : piecePixel, b + at, 4);
        break;
      }
    }
  cairo_surface_mark_dirty(piece.get());
  cairo_surface_mark_dirty(cover.get());
  return {pngOf(piece.get()), covers ? pngOf(cover.get()) : PngPicture{}};
}

// How many pixels of `with` differ from `without`.
int differingPixels(cairo_surface_t* without, cairo_surface_t* with, const Box& box) {
  const int stride = cairo_image_surface_get_stride(with);
  const unsigned char* a = cairo_image_surface_get_data(without);
  const unsigned char* b = cairo_image_surface_get_data(with);
  int count = 0;
  for (int y = box.y0; y <= box.y1; ++y)
    for (int x = box.x0; x <= box.x1; ++x)
      count += differs(a + y * stride + 4 * x, b + y * stride + 4 * x) ? 1 : 0;
  return count;
}

}  // namespace

PiecePictures piecePictures(const Puzzle& puzzle, double pixelsPerUnit) {
  const Canvas canvas = canvasOf(puzzle, pixelsPerUnit);
  PiecePictures pictures;
  pictures.boardWidth = canvas.width;
  pictures.boardHeight = canvas.height;
  pictures.pixelsPerUnit = pixelsPerUnit;
  pictures.orientations.resize(puzzle.pieces.size());
  for (std::size_t p = 0; p < puzzle.pieces.size(); ++p)
    pictures.orientations[p].resize(puzzle.pieces[p].orientations.size());
  pictures.spots.resize(puzzle.placements.size());
  const Surface empty = render(puzzle, canvas, {}, {}, pixelsPerUnit, kPieceDrawing);
  std::vector<Box> boxes(puzzle.placements.size());
  std::vector<int> drawn(puzzle.placements.size());
  for (std::size_t id = 0; id < puzzle.placements.size(); ++id) {
    const Surface with = render(puzzle, canvas, {static_cast<int>(id)}, {}, pixelsPerUnit, kPieceDrawing);
    boxes[id] = differenceBox(empty.get(), with.get());
    if (boxes[id].x1 < boxes[id].x0) throw std::runtime_error("play: a placement draws nothing on the board");
    drawn[id] = differingPixels(empty.get(), with.get(), boxes[id]);
  }
  // An orientation's picture is cut from its placement with the largest box (one along an edge of the board
  // may lose its outline to the board's frame) that changes the most pixels (one under a frame drawn over
  // the pieces loses what the frame hides); the others are the same picture moved, centred on their own box.
  const auto area = [](const Box& b) { return (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1); };
  std::vector<std::vector<int>> reference(puzzle.pieces.size());
  for (std::size_t p = 0; p < puzzle.pieces.size(); ++p)
    reference[p].assign(puzzle.pieces[p].orientations.size(), -1);
  for (std::size_t id = 0; id < puzzle.placements.size(); ++id) {
    const Placement& placement = puzzle.placements[id];
    int& best =
        reference[static_cast<std::size_t>(placement.piece)][static_cast<std::size_t>(placement.orientation)];
    const auto b = static_cast<std::size_t>(best);
    if (best < 0 || area(boxes[id]) > area(boxes[b]) ||
        (area(boxes[id]) == area(boxes[b]) && drawn[id] > drawn[b]))
      best = static_cast<int>(id);
  }
  const std::uint32_t fill = fillColour(empty.get());
  for (std::size_t p = 0; p < puzzle.pieces.size(); ++p)
    for (std::size_t o = 0; o < reference[p].size(); ++o)
      if (const int id = reference[p][o]; id >= 0) {
        // The reference, then other placements of the orientation with a box of the same size, to fill in
        // what a frame hides in one of them.
        const Box& box = boxes[static_cast<std::size_t>(id)];
        std::vector<Drawn> drawings;
        drawings.push_back({render(puzzle, canvas, {id}, {}, pixelsPerUnit, kPieceDrawing), box});
        for (std::size_t other = 0; other < puzzle.placements.size() && drawings.size() < kFillers; ++other) {
          const Placement& placement = puzzle.placements[other];
          const Box& b = boxes[other];
          if (static_cast<int>(other) == id || placement.piece != static_cast<int>(p) ||
              placement.orientation != static_cast<int>(o) || b.x1 - b.x0 != box.x1 - box.x0 ||
              b.y1 - b.y0 != box.y1 - box.y0)
            continue;
          drawings.push_back(
              {render(puzzle, canvas, {static_cast<int>(other)}, {}, pixelsPerUnit, kPieceDrawing), b});
        }
        pictures.orientations[p][o] = cutOut(empty.get(), drawings, fill);
      }
  for (std::size_t id = 0; id < puzzle.placements.size(); ++id) {
    const Placement& placement = puzzle.placements[id];
    const PngPicture& picture = pictures
                                    .orientations[static_cast<std::size_t>(placement.piece)]
                                                 [static_cast<std::size_t>(placement.orientation)]
                                    .piece;
    const Box& box = boxes[id];
    pictures.spots[id] = {placement.orientation, (box.x0 + box.x1 + 1 - picture.width) / 2,
                          (box.y0 + box.y1 + 1 - picture.height) / 2};
  }
  return pictures;
}

PngPicture boardPicture(const Puzzle& puzzle, const std::vector<int>& placements, const CellMarks& marks,
                        double pixelsPerUnit) {
  const Surface image = render(puzzle, canvasOf(puzzle, pixelsPerUnit), placements, marks, pixelsPerUnit);
  return pngOf(image.get());
}

}  // namespace piecework
