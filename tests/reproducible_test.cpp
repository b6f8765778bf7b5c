// SPDX-License-Identifier: Apache-2.0
// Reproducible output: the same catalog and options give the same PDF and SVG bytes; PDFs carry the creation
// date of SOURCE_DATE_EPOCH (https://reproducible-builds.org/specs/source-date-epoch/) and none without it.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "output/pdf_metadata.hpp"
#include "puzzle/errors.hpp"
#include "support/run.hpp"
#include "support/temp_dir_test.hpp"

namespace {

using piecework::test::runPiecework;
using piecework::test::slurp;

// Sets (or, with nullptr, unsets) SOURCE_DATE_EPOCH for the commands this test runs, and restores it after.
class SourceDateEpoch {
 public:
  explicit SourceDateEpoch(const char* value) {
    if (const char* old = std::getenv("SOURCE_DATE_EPOCH")) saved_ = old;
    if (value != nullptr)
      setenv("SOURCE_DATE_EPOCH", value, 1);
    else
      unsetenv("SOURCE_DATE_EPOCH");
  }
  ~SourceDateEpoch() {
    if (saved_)
      setenv("SOURCE_DATE_EPOCH", saved_->c_str(), 1);
    else
      unsetenv("SOURCE_DATE_EPOCH");
  }
  SourceDateEpoch(const SourceDateEpoch&) = delete;
  SourceDateEpoch& operator=(const SourceDateEpoch&) = delete;

 private:
  std::optional<std::string> saved_;
};

const char* const kSomaChallenge = "'L../LTZ/TTT|L.P/A.Z/A.Z|LPP/AAP/..Z'";

// A catalog of three generated Soma challenges in a fresh directory.
std::string catalogDir() {
  const std::string dir = piecework::test::tempDir();
  const auto made = runPiecework("generate soma --level Starter --count 3 --seed 1 --quiet --db '" + dir +
                                 "/c.sqlite' >/dev/null");
  EXPECT_EQ(made.status, 0) << made.err;
  return dir;
}

}  // namespace

TEST(Reproducible, CreationDateFromSourceDateEpoch) {
  using piecework::creationDate;
  EXPECT_EQ(creationDate(nullptr), std::nullopt);
  // Expected values from `date -u -d @SECONDS`.
  EXPECT_EQ(creationDate("0"), "1970-01-01T00:00:00Z");
  EXPECT_EQ(creationDate("951782400"), "2000-02-29T00:00:00Z");
  EXPECT_EQ(creationDate("1700000000"), "2023-11-14T22:13:20Z");
  for (const char* bad : {"", "yesterday", "-1", "12x", " 12", "1.5", "99999999999999999999", "253402300800"})
    EXPECT_THROW(creationDate(bad), piecework::InputError) << bad;
}

TEST(Reproducible, BookletAndSheetsAreByteIdenticalAcrossRuns) {
  const SourceDateEpoch unset(nullptr);
  const std::string dir = catalogDir();
  const std::string db = " --db '" + dir + "/c.sqlite'";
  const auto writeAll = [&](const std::string& tag) {
    EXPECT_EQ(runPiecework("booklet" + db + " --out '" + dir + "/b" + tag + ".pdf'").status, 0);
    EXPECT_EQ(runPiecework(std::string("sheet soma --challenge ") + kSomaChallenge + " --out '" + dir + "/s" +
                           tag + ".pdf'")
                  .status,
              0);
    EXPECT_EQ(runPiecework(std::string("sheet soma --challenge ") + kSomaChallenge + " --solution --out '" +
                           dir + "/s" + tag + ".svg'")
                  .status,
              0);
  };
  writeAll("1");
  // cairo's own creation date has a resolution of one second: a second run in another second would differ.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  writeAll("2");
  for (const char* name : {"b", "s"}) {
    const std::string pdf = slurp(dir + "/" + name + "1.pdf");
    ASSERT_GT(pdf.size(), 1000U) << name;
    EXPECT_EQ(pdf, slurp(dir + "/" + name + "2.pdf")) << name << ".pdf differs between runs";
    EXPECT_EQ(pdf.find("/CreationDate"), std::string::npos) << name;
  }
  const std::string svg = slurp(dir + "/s1.svg");
  ASSERT_GT(svg.size(), 1000U);
  EXPECT_EQ(svg, slurp(dir + "/s2.svg"));
  std::filesystem::remove_all(dir);
}

TEST(Reproducible, PdfCarriesTheSourceDateEpoch) {
  const std::string dir = catalogDir();
  {
    const SourceDateEpoch epoch("1700000000");
    ASSERT_EQ(runPiecework("booklet --db '" + dir + "/c.sqlite' --out '" + dir + "/b.pdf'").status, 0);
  }
  // cairo 1.16 writes the date without PDF's optional "D:" prefix.
  EXPECT_NE(slurp(dir + "/b.pdf").find("/CreationDate (20231114221320Z)"), std::string::npos);
  {
    const SourceDateEpoch epoch("next tuesday");
    const auto r = runPiecework("booklet --db '" + dir + "/c.sqlite' --out '" + dir + "/bad.pdf'");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("SOURCE_DATE_EPOCH 'next tuesday'"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir + "/bad.pdf"));
  }
  std::filesystem::remove_all(dir);
}
