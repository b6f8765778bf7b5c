#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Simulated testers through the real commands (BENCHMARKS.md, playtesting): how well `calibrate --playtests`
recovers a known order of difficulty from 5, 10, 20 and 30 testers.

It generates 24 IQ Fit challenges into a catalog (fixed seed), gives each a known difficulty that rises with the
catalog's score (log time evenly from 30 s to 600 s in the score's order), and for each number of testers and
each seed draws a skill per tester ~ N(0, SKILL) and times exp(difficulty - skill + noise), noise ~ N(0, NOISE),
with a give-up after PATIENCE seconds; writes them as the play page's JSON lines, stores them with
`catalog import-playtests` in a copy of the catalog and runs `calibrate iq-fit --playtests --json`. The Spearman
it reports (the catalog's score against the fitted difficulty) is then the recovery of the known order. Prints
per number of testers the median, lowest and highest Spearman over the seeds, and the fitted noise. Usage:

  bench/playtest_simulation.py [--piecework PATH] [--seeds N] [--noise X] [--skill X] [--patience S]
"""
import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile


def run(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("playtest_simulation.py: %s failed: %s" % (" ".join(command), done.stderr.strip()))
    return done.stdout


def stamp(seconds):
    """An ISO 8601 UTC time `seconds` after 2026-01-01."""
    day, rest = divmod(int(seconds), 86400)
    return "2026-01-%02dT%02d:%02d:%02dZ" % (1 + day, rest // 3600, rest // 60 % 60, rest % 60)


def attempts(challenges, difficulty, testers, rng, args):
    lines = []
    for tester in range(testers):
        skill = rng.gauss(0, args.skill)
        for row, d in zip(challenges, difficulty):
            seconds = math.exp(d - skill + rng.gauss(0, args.noise))
            solved = seconds < args.patience
            seconds = min(seconds, args.patience)
            start = tester * 7200 + row["id"] * 60  # each tester's session, challenge after challenge
            lines.append(json.dumps({"puzzle": "iq-fit", "challenge_id": row["id"], "challenge": row["challenge"],
                                     "tester": "tester-%d" % tester, "start": stamp(start),
                                     "end": stamp(start + seconds), "seconds": round(seconds, 1),
                                     "moves": 10, "undos": 0, "hints": 0,
                                     "outcome": "solved" if solved else "gave up"}))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--piecework", default="build/release/cli/piecework")
    parser.add_argument("--seeds", type=int, default=11)
    parser.add_argument("--noise", type=float, default=0.5)
    parser.add_argument("--skill", type=float, default=0.5)
    parser.add_argument("--patience", type=float, default=1800)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="piecework-playtest-simulation-")
    try:
        catalog = os.path.join(work, "catalog.sqlite")
        for level in ("Starter", "Junior", "Expert", "Master"):
            run([args.piecework, "generate", "iq-fit", "--level", level, "--count", "6", "--seed", "3",
                 "--threads", "1", "--quiet", "--db", catalog])
        challenges = [json.loads(line) for line in run([args.piecework, "catalog", "list", "--json", "--db",
                                                        catalog]).splitlines() if line.strip()]
        challenges.sort(key=lambda c: (c["score"], c["id"]))
        low, high = math.log(30), math.log(600)
        difficulty = [low + (high - low) * k / (len(challenges) - 1) for k in range(len(challenges))]
        print("%d challenges; noise %.2f, skill spread %.2f (log time), patience %.0f s; %d seeds" %
              (len(challenges), args.noise, args.skill, args.patience, args.seeds))
        print("%8s %16s %8s %8s %12s" % ("testers", "median_spearman", "lowest", "highest", "median_noise"))
        for testers in (5, 10, 20, 30):
            rhos, noises = [], []
            for seed in range(1, args.seeds + 1):
                db = os.path.join(work, "run.sqlite")
                shutil.copy(catalog, db)
                for side in ("-wal", "-shm"):
                    if os.path.exists(catalog + side):
                        shutil.copy(catalog + side, db + side)
                lines = os.path.join(work, "attempts.jsonl")
                with open(lines, "w") as out:
                    out.write(attempts(challenges, difficulty, testers, random.Random(seed * 1000 + testers),
                                       args))
                run([args.piecework, "catalog", "import-playtests", lines, "--db", db])
                fit = json.loads(run([args.piecework, "calibrate", "iq-fit", "--playtests", "--db", db,
                                      "--resamples", "10", "--json"]))
                rhos.append(fit["spearman"])
                noises.append(fit["noise"])
                for side in ("", "-wal", "-shm"):
                    if os.path.exists(db + side):
                        os.remove(db + side)
            print("%8d %16.3f %8.3f %8.3f %12.3f" % (testers, statistics.median(rhos), min(rhos), max(rhos),
                                                   statistics.median(noises)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
