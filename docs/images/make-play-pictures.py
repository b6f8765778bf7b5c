#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Makes docs/playtesting.md's pictures: the play page of one challenge of each flat family, in headless Chromium.

For each puzzle below it generates one challenge from a fixed seed with the built piecework, writes its play page
(`piecework play`), opens the page in headless Chromium over WebDriver (the client of tests/browser/play_driver.py),
types a tester's name, chooses the first loose piece and saves a screenshot as docs/images/play-NAME.png. The
square-cell puzzle of one's own is written to a temporary directory first. Run from the repository's top directory
after building:

  docs/images/make-play-pictures.py [--piecework PATH] [--out DIR] [--keep-pages DIR]

Needs chromium and chromium-driver (.ci/install-deps installs them) and the Python standard library only.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "browser"))
import play_driver  # noqa: E402  (the WebDriver client the browser test uses)

# A square-cell puzzle as a user would define it (docs/puzzle-format.md): seven pieces on a 5 x 5 board.
OWN_SQUARES = """name = "garden-5x5"
title = "Garden, 5 x 5 (a puzzle of one's own)"
lattice = "square"
board = "...../...../...../...../....."

[[piece]]
letter = "P"
shape = "##/##/#."

[[piece]]
letter = "L"
shape = "#./#./##"

[[piece]]
letter = "O"
shape = "##/##"

[[piece]]
letter = "T"
shape = "###/.#."

[[piece]]
letter = "I"
shape = "###"

[[piece]]
letter = "V"
shape = "#./##"

[[piece]]
letter = "D"
shape = "##"
"""

# (picture name, puzzle, level): one challenge each, generated with --seed 1.
PUZZLES = [
    ("iq-fit", "iq-fit", "Expert"),
    ("iq-link", "iq-link", "Expert"),
    ("iq-focus", "iq-focus", "Expert"),
    ("iq-stars", "iq-stars", "Expert"),
    ("iq-blocks", "iq-blocks", "Expert"),
    ("pentominoes", "pentominoes-6x10", "Expert"),
    ("own-squares", "OWN_SQUARES", "Junior"),
]


def run(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("make-play-pictures.py: %s failed: %s" % (" ".join(command), done.stderr.strip()))
    return done.stdout


def page_of(piecework, puzzle, level, work, name):
    """Generates the challenge and writes its play page; returns the page's path."""
    challenge = json.loads(run([piecework, "generate", puzzle, "--level", level, "--count", "1", "--seed", "1",
                                "--threads", "1", "--quiet", "--json"]).splitlines()[0])["challenge"]
    page = os.path.join(work, name + ".html")
    run([piecework, "play", puzzle, "--challenge", challenge, "--out", page])
    return page


def screenshot(driver, page, png):
    driver.open(page)
    driver.js("document.getElementById('tester').value = 'Ada';")
    letter = driver.js("const box = document.querySelector('.loose'); return box ? box.dataset.letter : null;")
    if letter is not None:
        x, y = play_driver.tray_centre(driver, letter)
        driver.drag(x, y, x, y)  # a click: chooses the piece
    # The page's content only (to its widest and lowest element), without the empty rest of the window.
    width, height = driver.js("""
        let right = 0, bottom = 0;
        for (const el of document.querySelectorAll('h1, header, #toolbar, main, main *')) {
          const r = el.getBoundingClientRect();
          right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom);
        }
        return [Math.ceil(right + 16), Math.ceil(bottom + 12)];""")
    shot = driver.s("POST", "/goog/cdp/execute", {"cmd": "Page.captureScreenshot", "params": {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}}})
    with open(png, "wb") as out:
        out.write(base64.b64decode(shot["data"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--piecework", default="build/release/cli/piecework")
    parser.add_argument("--out", default="docs/images")
    parser.add_argument("--keep-pages", help="also keep the play pages in this directory")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    chromedriver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    work = tempfile.mkdtemp(prefix="piecework-play-pictures-")
    driver = None
    try:
        own = os.path.join(work, "garden-5x5.toml")
        with open(own, "w") as out:
            out.write(OWN_SQUARES)
        driver = play_driver.Driver(chromium, chromedriver)
        for name, puzzle, level in PUZZLES:
            page = page_of(args.piecework, own if puzzle == "OWN_SQUARES" else puzzle, level, work, name)
            if args.keep_pages:
                os.makedirs(args.keep_pages, exist_ok=True)
                shutil.copy(page, args.keep_pages)
            png = os.path.join(args.out, "play-%s.png" % name)
            screenshot(driver, page, png)
            print("%s (%d KB)" % (png, (os.path.getsize(png) + 1023) // 1024))
    finally:
        if driver:
            driver.quit()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
