// SPDX-License-Identifier: Apache-2.0
// --jsonl streams (issue 43, point 5; docs/json.md, "Streams"): `solve --jsonl` prints each solution on a
// line of its own as it is found, then a summary line; `count --jsonl` the counts so far, then its summary.
// Read line by line, the streams count the published figures: Soma 11,520 fillings, 240 up to turns and
// mirror images (docs/interop.md: BurrTools 0.7.1's count); the 3 x 20 pentomino rectangle 8 fillings, 2 up
// to its 4 symmetries (published: 2 solutions).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "support/run.hpp"

namespace piecework {
namespace {

using nlohmann::json;
using test::runPiecework;

struct Stream {
  std::vector<json> solutions;  // the "solution" lines, in order
  json summary;                 // the last line
  int lines = 0;
};

// Parses the output one line at a time, as a reader of the stream would; every line before the summary is a
// solution line.
Stream readStream(const std::string& out) {
  Stream stream;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    ++stream.lines;
    json value = json::parse(line);
    if (value.at("type") == "summary") {
      EXPECT_TRUE(stream.summary.is_null()) << "one summary line";
      stream.summary = std::move(value);
    } else {
      EXPECT_TRUE(stream.summary.is_null()) << "the summary line comes last";
      stream.solutions.push_back(std::move(value));
    }
  }
  return stream;
}

TEST(JsonLinesStream, SolveStreamsEverySomaFilling) {
  const auto r = runPiecework("solve soma --jsonl");
  ASSERT_EQ(r.status, 0) << r.err;
  const Stream stream = readStream(r.out);
  ASSERT_EQ(stream.solutions.size(), 11520U);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < stream.solutions.size(); ++i) {
    const json& line = stream.solutions[i];
    EXPECT_EQ(line["type"], "solution");
    EXPECT_EQ(line["index"], i + 1);
    seen.insert(line["solution"].get<std::string>());
  }
  EXPECT_EQ(seen.size(), 11520U) << "every filling once";
  EXPECT_EQ(stream.summary["found"], 11520);
  EXPECT_EQ(stream.summary["exhausted"], true);
  EXPECT_EQ(stream.summary["status"], "multiple");

  const Stream distinct = readStream(runPiecework("solve soma --jsonl --distinct").out);
  EXPECT_EQ(distinct.solutions.size(), 240U);
  EXPECT_EQ(distinct.summary["found"], 240);
  EXPECT_EQ(distinct.summary["distinct"], true);
}

TEST(JsonLinesStream, SolveStopsAtMaxAndSaysUniqueOrNone) {
  const Stream pentominoes = readStream(runPiecework("solve pentominoes-3x20 --jsonl").out);
  EXPECT_EQ(pentominoes.solutions.size(), 8U);
  const Stream three = readStream(runPiecework("solve pentominoes-3x20 --jsonl --max 3").out);
  EXPECT_EQ(three.solutions.size(), 3U);
  EXPECT_EQ(three.summary["found"], 3);
  EXPECT_EQ(three.summary["exhausted"], false);
  // One of the 8 fillings given whole: unique (the one line is that filling).
  const std::string filling = pentominoes.solutions[0]["solution"];
  const Stream one =
      readStream(runPiecework("solve pentominoes-3x20 --jsonl --challenge '" + filling + "'").out);
  ASSERT_EQ(one.solutions.size(), 1U);
  EXPECT_EQ(one.solutions[0]["solution"], filling);
  EXPECT_EQ(one.summary["status"], "unique");
  EXPECT_EQ(one.summary["exhausted"], true);

  const auto both = runPiecework("solve soma --jsonl --json");
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.err.find("--json or --jsonl"), std::string::npos) << both.err;
}

TEST(JsonLinesStream, CountStreamsItsCountsAndEndsWithTheSummary) {
  const auto r = runPiecework("count soma --jsonl --threads 2");
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream in(r.out);
  std::vector<json> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(json::parse(line));
  ASSERT_FALSE(lines.empty());
  std::uint64_t before = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    EXPECT_EQ(lines[i]["type"], "progress");
    EXPECT_GE(lines[i]["solutions"].get<std::uint64_t>(), before) << "counts only grow";
    before = lines[i]["solutions"];
  }
  EXPECT_EQ(lines.back()["type"], "summary");
  EXPECT_EQ(lines.back()["solutions"], 11520);
  EXPECT_EQ(lines.back()["distinct"], 240);
}

}  // namespace
}  // namespace piecework
