// SPDX-License-Identifier: Apache-2.0
#include "output/page_text.hpp"

#include "output/font.hpp"
#include "output/paint.hpp"
#include "output/svg_text.hpp"

namespace piecework {

void setColour(cairo_t* cr, const std::string& hex, double alpha) {
  set(cr, parseColour(hex), alpha);
}

void setFont(cairo_t* cr, double size, bool bold) {
  setFontFace(cr, bold);
  cairo_set_font_size(cr, size);
}

double textWidth(cairo_t* cr, const std::string& text) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  return e.x_advance;
}

void showText(cairo_t* cr, const std::string& text, double x, double y, double align) {
  if (recordText(cr, text, x, y, align)) return;  // (an SVG's text: the viewer's fonts draw it)
  checkGlyphs(cr, text);
  cairo_move_to(cr, x - align * textWidth(cr, text), y);
  cairo_show_text(cr, text.c_str());
  cairo_new_path(cr);
}

std::string elided(cairo_t* cr, const std::string& text, double width, const std::string& keep) {
  if (textWidth(cr, text) <= width) return text;
  const bool kept = !keep.empty() && text.size() >= keep.size() &&
                    text.compare(text.size() - keep.size(), keep.size(), keep) == 0;
  const std::string end = "\xe2\x80\xa6" + (kept ? keep : std::string());
  std::string head = text.substr(0, text.size() - (kept ? keep.size() : 0));
  auto trim = [&] {
    while (!head.empty() && (head.back() == ' ' || head.back() == ',')) head.pop_back();
  };
  trim();
  while (!head.empty() && textWidth(cr, head + end) > width) {
    // One UTF-8 character off the end: its continuation bytes, then its first byte.
    while (!head.empty() && (static_cast<unsigned char>(head.back()) & 0xc0) == 0x80) head.pop_back();
    if (!head.empty()) head.pop_back();
    trim();
  }
  // Cut between words where the cut fell inside one that is not the first ("without…", not "without i…").
  const std::size_t space = head.rfind(' ');
  if (head.size() < text.size() - (kept ? keep.size() : 0) && space != std::string::npos &&
      text[head.size()] != ' ' && text[head.size()] != ',') {
    head.resize(space);
    trim();
  }
  return head + end;
}

std::vector<std::string> wrapWords(cairo_t* cr, const std::string& text, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t stop = text.find(' ', start);
    if (stop == std::string::npos) stop = text.size();
    const std::string word = text.substr(start, stop - start);
    start = stop + 1;
    if (word.empty()) continue;
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (line.empty() || textWidth(cr, candidate) <= width) {
      line = candidate;
    } else {
      lines.push_back(line);
      line = word;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

FittedText fitText(cairo_t* cr, const std::string& text, double width, const FitSpec& spec,
                   const std::string& keep) {
  double size = spec.size;
  setFont(cr, size, spec.bold);
  while (size > spec.minSize && textWidth(cr, text) > width) setFont(cr, size -= spec.step, spec.bold);
  FittedText fitted{size, {}};
  if (textWidth(cr, text) <= width) {
    fitted.lines.push_back(text);
    return fitted;
  }
  std::vector<std::string> lines;
  if (spec.maxLines > 1) {
    lines = wrapWords(cr, text, width);
    const auto most = static_cast<std::size_t>(spec.maxLines);
    if (lines.size() > most) {
      for (std::size_t i = most; i < lines.size(); ++i) lines[most - 1] += " " + lines[i];
      lines.resize(most);
    }
  }
  if (lines.empty()) lines.push_back(text);  // (one line, or text of spaces only: callers need a line)
  for (std::string& line : lines)
    fitted.lines.push_back(elided(cr, line, width, lines.size() == 1 ? keep : ""));
  return fitted;
}

void showFitted(cairo_t* cr, const FittedText& text, double x, double y, double align, double leading) {
  for (const std::string& line : text.lines) {
    showText(cr, line, x, y, align);
    y += leading;
  }
}

}  // namespace piecework
