"""How fast the window is: start-up against a bare Tk window, the tally redraw, the reveal.

    python3 -m ed.ui.shell.bench_gui [--runs N] [--redraws N] [--quick]
    python3 -m ed.bench --gui            (calls main([]))

(a) Start-up: the time from launching a process to the first mapped window
whose title contains "Executive Decision", against the same for a bare
``tkinter.Tk()`` window, each in a fresh process, median of several runs.
(b) Redraw: a 6-seat, 36-month game is played with random legal entries to
its last months; after each phase the tally sheet is redrawn for the next
seat and the time (drawing included) is recorded.
(c) Reveal: in a 6-seat game (one person, five quick computer players) the
person's last field gets Enter; the time from the key press to the reveal's
first frame drawn on screen (the phase resolved, the scene laid out face
down) is recorded, and so is the time to draw each later beat of the scene.
Each measure has a data folder of its own in the temporary folder, removed after it.
Prints; asserts nothing.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Dict, Iterator, List, Optional

#: the folder (or one-file copy) that holds the ed package, put on the child's path
PACKAGE_HOME = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))

BARE = """\
import sys, tkinter
root = tkinter.Tk()
root.title("bare")
def mapped(event):
    if event.widget is root:
        sys.stdout.write("mapped\\n"); sys.stdout.flush()
        import os; os._exit(0)
root.bind("<Map>", mapped)
root.mainloop()
"""


def _time_to_map(command: List[str], env: Dict[str, str]) -> Optional[float]:
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               env=env)
    try:
        line = process.stdout.readline()
        elapsed = time.perf_counter() - start
    finally:
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
    return elapsed if line.strip() == b"mapped" else None


@contextlib.contextmanager
def _data_folder() -> Iterator[str]:
    """A data folder of the temporary folder for one measure, removed after it."""
    folder = tempfile.mkdtemp(prefix="ed-bench-")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def startup(runs: int = 7) -> Dict[str, float]:
    """Median seconds to the first mapped window: bare Tk, the game, and their ratio."""
    with _data_folder() as folder:
        env = dict(os.environ, ED_BENCH_EXIT_ON_MAP="1", ED_DATA_DIR=folder,
                   PYTHONPATH=os.pathsep.join(filter(None, [PACKAGE_HOME,
                                                            os.environ.get("PYTHONPATH")])))
        bare_cmd = [sys.executable, "-c", BARE]
        app_cmd = [sys.executable, "-m", "ed"]
        bare, app = [], []
        _time_to_map(bare_cmd, env)   # warm the file cache once for both
        _time_to_map(app_cmd, env)
        for _ in range(runs):   # interleaved, so a busy moment hurts both alike
            for times, command in ((bare, bare_cmd), (app, app_cmd)):
                found = _time_to_map(command, env)
                if found is not None:
                    times.append(found)
    if not bare or not app:
        raise RuntimeError("no window could be opened (is there a display?)")
    b, a = statistics.median(bare), statistics.median(app)
    return {"bare_s": b, "app_s": a, "ratio": a / b}


def redraw(redraws: int = 40, *, seed: int = 3) -> Dict[str, float]:
    """Median and worst milliseconds to redraw the tally after a phase (6 seats, 36 months)."""
    import random
    import types

    import ed
    from ed.ai import randomplay
    from .app import App

    rng = random.Random(seed)
    game = ed.Game(ed.Rules(players=6, months=36), [f"P{i + 1}" for i in range(6)], seed=seed)
    phases_left = redraws + 1
    while 2 * 36 - len(game.history) > phases_left:
        for seat in range(6):
            game.submit(seat, randomplay.random_entry(game.view(seat), rng))
        game.resolve()
    with _data_folder() as folder:
        return _redraw(App(types.SimpleNamespace(data_dir=folder, save=None)), game, rng,
                       redraws)


def _redraw(app, game, rng, redraws: int) -> Dict[str, float]:
    """``redraw``'s measure in the window ``app`` (destroyed after it)."""
    from ...ai import randomplay
    from .. import presenter as P
    try:
        app.flow.begin(game)
        app.update()
        times = []
        seat = 0
        while not game.is_over and len(times) < redraws:
            for s in range(6):
                game.submit(s, randomplay.random_entry(game.view(s), rng))
            game.resolve()
            if game.is_over:
                break
            seat = (seat + 1) % 6
            view = game.view(seat)
            start = time.perf_counter()
            app.layout.tally.draw(P.tally_columns(game.history, seat), month=view.month,
                           entry_block="orders" if view.phase == P.PURCHASING else "sales")
            app.update_idletasks()
            times.append((time.perf_counter() - start) * 1000)
    finally:
        app.destroy()
    return {"median_ms": statistics.median(times), "worst_ms": max(times), "count": len(times)}


def reveal(phases: int = 24, *, seed: int = 5) -> Dict[str, float]:
    """Milliseconds from Enter on the last field to the reveal's first frame, and per beat."""
    import random
    import types

    from .app import App
    from ..presenter.setup import SeatSetup, Setup

    rng = random.Random(seed)
    keys = ("mabel", "rex", "iris", "otto", "cora")
    seats = (SeatSetup("Ann"),) + tuple(SeatSetup(k.capitalize(), True, "medium", k)
                                        for k in keys)
    game = Setup(seats, months=12, seed=seed).game()
    with _data_folder() as folder:
        with open(os.path.join(folder, "settings.json"), "w", encoding="utf-8") as handle:
            handle.write('{"first_run_done": true, "reveal_pacing": "scene"}')
        return _reveal(App(types.SimpleNamespace(data_dir=folder, save=None)), game, rng,
                       phases)


def _reveal(app, game, rng, phases: int) -> Dict[str, float]:
    """``reveal``'s measure in the window ``app`` (destroyed after it)."""
    from ...ai import randomplay
    from .modes import Mode
    first, beats = [], []
    try:
        app.flow.settle_s = 0
        app.flow.begin(game)
        app.update()
        settle = time.perf_counter() + 0.4     # a person reads the sheet before typing
        while time.perf_counter() < settle:
            app.update()
            time.sleep(0.01)
        while not game.is_over and len(first) < phases:
            if app.mode != Mode.ENTER:
                app.flow.continue_after_reveal() if app.mode == Mode.REVEAL else None
                app.update()
                continue
            entry = randomplay.random_entry(app.flow.view, rng, over_offer=0)
            for key in app.flow.view.keys:
                units, price = entry.get(key, (0, 0))
                app.layout.tally.vars[key][0].set(str(units) if units else "")
                app.layout.tally.vars[key][1].set(str(price) if units else "")
            field = app.layout.tally.entries[app.flow.view.keys[-1]][1]
            field.focus_set()
            app.update()
            start = time.perf_counter()
            field.event_generate("<Return>")
            if app.mode == Mode.CONFIRM:       # an empty entry asked about: yes, submit
                start = time.perf_counter()
                app.flow.confirm_yes()
            app.update_idletasks()
            if app.mode != Mode.REVEAL:
                continue
            # the flow stamps the moment the reveal's first frame has been drawn
            first.append((app.flow.reveal_drawn_at - start) * 1000)
            screen = app.layout.reveal
            while screen.playing:
                screen._cancel()
                start = time.perf_counter()
                screen._next()
                screen.board.finish()
                app.update_idletasks()
                beats.append((time.perf_counter() - start) * 1000)
            screen._cancel()
    finally:
        app.destroy()
    return {"first_median_ms": statistics.median(first), "first_worst_ms": max(first),
            "reveals": len(first), "beat_median_ms": statistics.median(beats),
            "beat_worst_ms": max(beats)}


def run(*, runs: int = 7, redraws: int = 40) -> Dict[str, float]:
    result = {}
    result.update(startup(runs))
    result.update(redraw(redraws))
    result.update(reveal())
    return result


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m ed.ui.shell.bench_gui",
                                     description="Measure the window's start-up and redraw speed.")
    parser.add_argument("--runs", type=int, default=7, help="start-ups of each kind (default 7)")
    parser.add_argument("--redraws", type=int, default=40, help="redraws timed (default 40)")
    parser.add_argument("--quick", action="store_true", help="fewer runs, rougher figures")
    args = parser.parse_args([] if argv is None else argv)
    if args.quick:
        args.runs, args.redraws = min(args.runs, 3), min(args.redraws, 12)
    try:
        import tkinter
        tkinter.Tk().destroy()
    except Exception as error:
        print(f"GUI benchmark skipped: no window can be opened here ({error}).")
        return 1
    s = startup(args.runs)
    print(f"start-up to first window: bare Tk {s['bare_s'] * 1000:.0f} ms, "
          f"Executive Decision {s['app_s'] * 1000:.0f} ms, ratio {s['ratio']:.2f} "
          f"(target at most 1.10; median of {args.runs})")
    r = redraw(args.redraws)
    print(f"tally redraw after a phase (6 seats, 36 months): median {r['median_ms']:.1f} ms, "
          f"worst {r['worst_ms']:.1f} ms over {r['count']} redraws (target under 16 ms)")
    v = reveal(8 if args.quick else 24)
    print(f"reveal after Enter (6 seats): first frame median {v['first_median_ms']:.1f} ms, "
          f"worst {v['first_worst_ms']:.1f} ms over {v['reveals']} reveals (target under "
          f"100 ms); each later beat median {v['beat_median_ms']:.1f} ms, worst "
          f"{v['beat_worst_ms']:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
