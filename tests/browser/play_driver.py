#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Plays a page written by `piecework play` in headless Chromium, by clicks and drags (tests/play_browser_test.cpp).

A small W3C WebDriver client over HTTP to chromedriver (the Python standard library only). Usage:
  play_driver.py PAGE.html PLACEMENT... [--screenshot FILE.png]
PLACEMENT: the placement ids the test found in the solution beyond the givens. Prints one JSON object with
what it saw: the refused drop, the state after undo and redo, the final state and the exported attempts.
With --screenshot only, it opens the page, takes a screenshot and plays nothing (docs/images/).
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    def __init__(self, chromium, chromedriver):
        self.port = free_port()
        self.profile = tempfile.mkdtemp(prefix="piecework-chromium-")
        self.process = subprocess.Popen([chromedriver, "--port=%d" % self.port],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = "http://127.0.0.1:%d" % self.port
        for _ in range(200):
            try:
                self.call("GET", "/status")
                break
            except OSError:
                time.sleep(0.05)
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + self.profile, "--window-size=1280,900"]
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome",
                                                 "goog:chromeOptions": {"binary": chromium, "args": args}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read().decode())["value"]

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.session, path), body)

    def open(self, path):
        self.s("POST", "/url", {"url": "file://" + os.path.abspath(path)})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def element(self, css):
        return self.s("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def click(self, css):
        self.s("POST", "/element/%s/click" % self.element(css), {})

    def type(self, css, text):
        self.s("POST", "/element/%s/value" % self.element(css), {"text": text})

    def drag(self, x0, y0, x1, y1):
        steps = [{"type": "pointerMove", "duration": 0, "x": int(x0), "y": int(y0), "origin": "viewport"},
                 {"type": "pointerDown", "button": 0},
                 {"type": "pointerMove", "duration": 60, "x": int((x0 + x1) / 2), "y": int((y0 + y1) / 2),
                  "origin": "viewport"},
                 {"type": "pointerMove", "duration": 60, "x": int(x1), "y": int(y1), "origin": "viewport"},
                 {"type": "pointerUp", "button": 0}]
        self.s("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse",
                                                 "parameters": {"pointerType": "mouse"}, "actions": steps}]})
        self.s("DELETE", "/actions")

    def screenshot(self, path):
        import base64
        with open(path, "wb") as out:
            out.write(base64.b64decode(self.s("GET", "/screenshot")))

    def quit(self):
        try:
            self.s("DELETE", "")
        finally:
            self.process.terminate()
            self.process.wait(timeout=10)
            shutil.rmtree(self.profile, ignore_errors=True)


def tray_centre(driver, letter):
    return driver.js("""
        const img = document.querySelector('.loose[data-letter="' + arguments[0] + '"] img');
        if (!img) return null;
        const r = img.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];""", letter)


def drop_point(driver, placement):
    """Where the pointer must let go, holding a tray piece by its centre, for the picture to lie at `placement`."""
    return driver.js("""
        const page = window.pieceworkPage, g = page.game(), [piece, o, x, y] = g.P.placements[arguments[0]];
        const pic = g.P.pieces[piece].orientations[o], r = document.getElementById('boardimg').getBoundingClientRect();
        return [r.left + x + pic.w / 2, r.top + y + pic.h / 2];""", placement)


def turn_to(driver, placement):
    """Clicks the piece in the tray, then turn (and flip) until its orientation is the placement's."""
    piece, orientation, letter = driver.js("""
        const g = window.pieceworkPage.game(), p = g.P.placements[arguments[0]];
        return [p[0], p[1], g.P.pieces[p[0]].letter];""", placement)
    x, y = tray_centre(driver, letter)
    driver.drag(x, y, x, y)  # a click: chooses the piece
    current = lambda: driver.js("return window.pieceworkPage.game().orient[arguments[0]] || 0;", piece)
    for attempt in range(48):
        if current() == orientation:
            return letter
        driver.click("#flip" if attempt % 8 == 7 else "#turn")
    raise RuntimeError("orientation %d of piece %s not reached by turning and flipping" % (orientation, letter))


def placed_count(driver):
    return driver.js("return window.pieceworkPage.game().placed.length;")


def main():
    args = sys.argv[1:]
    shot = None
    if "--screenshot" in args:
        at = args.index("--screenshot")
        shot = args[at + 1]
        del args[at:at + 2]
    page, placements = args[0], [int(a) for a in args[1:]]
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    chromedriver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = Driver(chromium, chromedriver)
    try:
        driver.open(page)
        if shot:
            driver.js("document.getElementById('tester').value = 'Ada';")
            if placements:
                turn_to(driver, placements[0])
            driver.screenshot(shot)
            print(json.dumps({"screenshot": shot}))
            return
        driver.type("#tester", "robot")
        seen = {}
        # A wrong drop: the first piece onto a spot of the board where its orientation does not fit beside the
        # givens (a placement not among the challenge's options), or onto the board's top-left corner.
        first = placements[0]
        letter = turn_to(driver, first)
        wrong = driver.js("""
            const g = window.pieceworkPage.game(), [piece, o] = g.P.placements[arguments[0]];
            for (let id = 0; id < g.P.placements.length; id++) {
              const p = g.P.placements[id];
              const fits = (parseInt(g.c.options[id >> 2], 16) & (8 >> (id & 3))) !== 0;  // hex, 4 a digit
              if (p[0] === piece && p[1] === o && !fits) return id;
            }
            return -1;""", first)
        x, y = tray_centre(driver, letter)
        tx, ty = drop_point(driver, wrong if wrong >= 0 else first)
        driver.drag(x, y, tx, ty)
        seen["refused"] = int(driver.js("return Number(document.body.dataset.refused || 0);"))
        seen["placed_after_refusal"] = placed_count(driver)
        seen["message"] = driver.js("return document.getElementById('message').textContent;")
        for number, placement in enumerate(placements):
            letter = turn_to(driver, placement)
            x, y = tray_centre(driver, letter)
            tx, ty = drop_point(driver, placement)
            driver.drag(x, y, tx, ty)
            if number == 0:
                seen["placed_first"] = placed_count(driver)
                driver.click("#undo")
                seen["placed_after_undo"] = placed_count(driver)
                seen["tray_after_undo"] = tray_centre(driver, letter) is not None
                driver.click("#redo")
                seen["placed_after_redo"] = placed_count(driver)
        seen["placed"] = sorted(driver.js("return window.pieceworkPage.game().placed;"))
        seen["state"] = driver.js("return document.body.dataset.state;")
        seen["status"] = driver.js("return document.getElementById('status').textContent;")
        driver.click("#copy")
        seen["attempts"] = driver.js("return document.getElementById('attempts').value;")
        print(json.dumps(seen))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
