// SPDX-License-Identifier: Apache-2.0
// Generates IQ Fit challenges into a catalog, prints a booklet of them and a sheet of the first, and counts
// IQ-Link's empty board with a stop from another thread, through the piecework library.
#include <piecework/piecework.hpp>

#include <chrono>
#include <iostream>
#include <thread>

int main() {
  namespace pw = piecework::api;
  try {
    const pw::Puzzle fit = pw::Puzzle::load("iq-fit");
    pw::Catalog catalog("challenges.sqlite");  // created when missing
    int stored = 0;
    for (const pw::Level level : {pw::Level::Starter, pw::Level::Junior})
      for (const pw::Generated& g : pw::generate(fit, level, 2, 1)) stored += catalog.add(fit, g) ? 1 : 0;
    std::cout << "stored " << stored << ", the catalog holds " << catalog.challenges().size() << '\n';

    pw::BookletOptions options;
    options.title = "IQ Fit, a first booklet";
    const pw::BookletReport booklet = pw::writeBooklet(catalog, "booklet.pdf", options);
    std::cout << "booklet.pdf: " << booklet.pages << " pages, " << booklet.challenges << " challenges\n";

    const pw::CatalogChallenge first = catalog.challenges().at(0);
    pw::SheetOptions sheet;
    sheet.solution = true;
    pw::writeSheet(fit, fit.parse(first.challenge), "sheet.svg", sheet);
    std::cout << "sheet.svg: challenge " << first.id << " with its answer\n";

    pw::Control control;
    std::thread stopper([stop = control.stop] {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      stop.requestStop();
    });
    const pw::CountReport counted = pw::count(pw::Puzzle::load("iq-link"), {}, {}, control);
    stopper.join();
    std::cout << "iq-link: " << (counted.cancelled ? "stopped after " : "counted in ")
              << counted.counts.seconds << " s, " << counted.counts.nodes << " nodes\n";
    return 0;
  } catch (const pw::Error& e) {
    std::cerr << "print-challenges: " << e.what() << '\n';
    return 2;
  }
}
