"""Pace in the browser: how long free play keeps the learner waiting at Normal speed, against each strength.

A Voilà server (127.0.0.1) serves the course's own free-play lesson (``lessons/18-free-play.ipynb``,
saving off); headless Chromium (Playwright, /usr/bin/chromium) opens it once per opponent strength
(a fresh kernel, so every strength meets the same deals), sets both opponents' strength menus and
the table's Speed menu to **Normal**, and plays South by clicking:

* **bidding**: at its first call of a hand South bids the lowest open suit or no-trumps bid on the
  ladder with probability ``--bid-rate`` (so it sometimes wins the auction and takes the kitty),
  otherwise it passes; every later call is a pass;
* **kitty**: it marks the three lowest cards (never the joker) and presses Discard;
* **play**: a random playable card (seeded), as a learner who does not think would; a joker lead
  names a suit with the joker-lead buttons;
* after each hand it waits for the review, then presses New hand.

``--hands`` counts hands played; a hand everyone passes (thrown in, a few seconds) is listed apart
and not counted (at most 3 × ``--hands`` of them).

Everything is timed in the page: a ``MutationObserver`` on the free-play widget records when the
status line changes, when the learner's next decision becomes clickable, and when the review
appears (``performance.now()``; a change is visible at the next frame, ≤ 17 ms later).  Printed,
per strength:

* **computer move**: the interval between a computer move becoming visible and the change before
  it (p50 / p95 / max), all moves and apart from the first card after a finished trick (which
  waits 1.8 × the pace on purpose, so the trick can be seen); target at Normal: ≤ 0.8 s;
* **waiting per hand**: from each learner action (bid, discard, card, New hand) until the learner's
  next decision is clickable or the hand ends, summed over the hand; p50 / p95 / max; target: ≤ 30 s
  against Search;
* **review**: from the hand's end on screen to its review on screen (p50 / max);
* **learner echo**: from a learner click to its move on screen (the round trip; p50 / p95).

    nice -n 10 python bench/pace.py                      # 3 hands per strength
    python bench/pace.py --quick                         # 1 hand per strength
    python bench/pace.py --hands 1 --strengths expert --json /tmp/pace.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _browser import CHROMIUM, ROOT, start_voila, stop

LESSON = "18-free-play.ipynb"
#: the opponents' levels, as free play's menus label them (the engine's table: Random < Beginner < Club < Expert)
STRENGTH_LABELS = {"random": "Random", "beginner": "Beginner", "club": "Club", "expert": "Expert"}
SPEED = "Normal"
#: the targets of issue 14 at Normal
MOVE_TARGET = 0.8
HAND_TARGET = 30.0

#: installed once per page: records status changes, decisions becoming clickable, the review, and acts
OBSERVER = r"""() => {
  if (window.__pace) return true;
  const root = document.querySelector('.fh-freeplay');
  if (!root) return false;
  const P = window.__pace = {log: [], waits: [], pending: null, armed: null, ready: false};
  const q = (sel) => root.querySelector(sel);
  const turnText = () => { const t = q('.fh-table-status .fh-turn'); return t ? t.textContent : ''; };
  const events = () => Array.from(root.querySelectorAll('.fh-table-status .fh-event')).map(e => e.textContent);
  const visible = (el) => !!el && el.offsetParent !== null && !el.disabled;
  const clickable = () => {
    const turn = turnText();
    if (/is over/.test(turn)) return true;
    if (!/^Your turn/.test(turn)) return false;
    if (/to bid/.test(turn)) return visible(q('.fh-table-view .fh-pass'));
    if (/discard/.test(turn)) return visible(q('.fh-kitty-confirm')) && !!q('.fh-kitty-cards .fh-hand-card');
    if (/joker/.test(turn)) return visible(q('.fh-nominate'));
    if (/partner/.test(turn)) return visible(q('.fh-partner-option'));
    return !!q('.fh-table-hand .fh-hand-card:not(.fh-dimmed)');
  };
  const review = () => { const r = q('.fh-review'); return r ? r.textContent : ''; };
  let lastStatus = turnText() + '|' + events().join('|');
  let lastReview = review();
  P.ready = clickable();
  const check = () => {
    const now = performance.now();
    const ev = events(), turn = turnText();
    const status = turn + '|' + ev.join('|');
    if (status !== lastStatus) {
      lastStatus = status;
      P.log.push({t: now, kind: 'status', turn: turn, events: ev});
      if (P.pending) P.pending.echo = P.pending.echo || now;
    }
    const rv = review();
    if (rv !== lastReview) { lastReview = rv; P.log.push({t: now, kind: 'review', text: rv.slice(0, 60)}); }
    P.ready = clickable();
    if (P.pending && P.pending.echo && P.ready) {
      P.waits.push({act: P.pending.what, t0: P.pending.t0, echo: P.pending.echo, t1: now, turn: turn});
      P.pending = null;
    }
  };
  new MutationObserver(check).observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
  document.addEventListener('click', () => {
    if (P.armed) { P.pending = {what: P.armed, t0: performance.now(), echo: 0}; P.armed = null; }
  }, true);
  return true;
}"""

READY = "() => !!window.__pace && window.__pace.pending === null && window.__pace.ready"
#: what the observer thinks, for a run that stopped
STATE = """() => { const P = window.__pace || {}; const b = document.querySelector('.fh-freeplay .fh-table-view .fh-pass');
                   return JSON.stringify({pending: P.pending, ready: P.ready, pass: b ? {disabled: b.disabled,
                     shown: b.offsetParent !== null, cls: b.className} : null}); }"""
#: the review of the hand just over is on show (not the last hand's, marked "the hand before this one")
REVIEWED = """() => { const r = document.querySelector('.fh-review');
                      const t = r ? r.textContent : '';
                      return /^Review of hand \\d+/.test(t) && !/the hand before/.test(t); }"""


@dataclass
class Hand:
    waiting: float = 0.0  # seconds, summed over the learner's actions
    waits: int = 0
    moves: list[float] = field(default_factory=list)  # computer moves, seconds since the change before
    after_trick: list[float] = field(default_factory=list)  # the first card after a finished trick
    echoes: list[float] = field(default_factory=list)
    longest: float = 0.0  # the longest single wait
    review: float | None = None
    contract: str = ""
    south_won: bool = False
    slow: list[str] = field(default_factory=list)  # computer moves over the target (not counting the trick pause)


@dataclass
class Strength:
    name: str
    hands: list[Hand] = field(default_factory=list)  # hands played (a contract was made)
    thrown_in: list[Hand] = field(default_factory=list)  # everyone passed
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))] if xs else float("nan")


# ---------------------------------------------------------------------- South's clicks
def _arm(page: Any, what: str) -> None:
    page.evaluate("(w) => { window.__pace.armed = w; }", what)


def _south_moves(page: Any, turn: str, rng: random.Random, first_call: bool, bid_rate: float) -> str:
    """Make South's decision by clicking; returns what was done."""
    if "to bid" in turn:
        if first_call and rng.random() < bid_rate:
            page.wait_for_timeout(200)  # the ladder's greying arrives just after the turn line
            bids = page.locator(".fh-table-view .fh-bid:not(.fh-dimmed)")
            for i in range(bids.count()):
                cls = bids.nth(i).get_attribute("class", timeout=5000) or ""
                if "MIS" not in cls and bids.nth(i).is_enabled(timeout=5000):
                    _arm(page, "bid")
                    bids.nth(i).click(timeout=5000)
                    try:
                        page.wait_for_function("() => !window.__pace.pending || window.__pace.pending.echo > 0",
                                               timeout=5000)
                        return "bid"
                    except Exception:  # noqa: BLE001 - refused (the ladder had moved on): pass instead
                        break
        _arm(page, "pass")
        page.locator(".fh-table-view .fh-pass").first.click(timeout=5000)
        return "pass"
    if "discard" in turn:
        cards = page.locator(".fh-kitty-cards .fh-hand-card")
        codes = [cards.nth(i).get_attribute("data-card", timeout=5000) for i in range(cards.count())]
        picks = [c for c in codes if c and c != "JK"][:3]
        for i, code in enumerate(picks):
            page.locator(f".fh-kitty-cards .fh-hand-card[data-card='{code}']").click(timeout=5000)
            page.wait_for_function("(n) => document.querySelectorAll('.fh-kitty-cards .fh-selected').length >= n",
                                   arg=i + 1, timeout=10_000)
        _arm(page, "discard")
        page.locator(".fh-kitty-confirm").click(timeout=5000)
        return "discard " + " ".join(p for p in picks if p)
    if "joker" in turn:
        _arm(page, "nominate")
        page.locator(".fh-nominate").first.click(timeout=5000)
        return "nominate"
    if "partner" in turn:
        _arm(page, "partner")
        page.locator(".fh-partner-option").first.click(timeout=5000)
        return "partner"
    for attempt in range(4):
        page.wait_for_timeout(150)  # the hand's redraw arrives just after the turn line
        cards = page.locator(".fh-table-hand .fh-hand-card:not(.fh-dimmed)")
        codes = [cards.nth(i).get_attribute("data-card", timeout=3000) for i in range(cards.count())]
        lead = page.locator(".fh-joker-lead button:visible")
        options = [c for c in codes if c and not (c == "JK" and lead.count())]
        if lead.count():
            options.append("JK-lead")
        if not options:
            continue
        choice = rng.choice(options)
        _arm(page, "card")
        try:
            if choice == "JK-lead":
                lead.first.click(timeout=3000)
            else:
                page.locator(f".fh-table-hand .fh-hand-card[data-card='{choice}']").click(timeout=3000)
            page.wait_for_function("() => !window.__pace.pending || window.__pace.pending.echo > 0", timeout=5000)
            return "card " + choice
        except Exception:  # noqa: BLE001 - a card of the hand before its redraw: read the hand again
            page.evaluate("() => { window.__pace.armed = null; window.__pace.pending = null; }")
    raise RuntimeError("no playable card could be clicked")


# ---------------------------------------------------------------------- reading the page's log
_COMPUTER_TURN = re.compile(r"^(\w+) to (bid|play|take the kitty|call a partner|nominate the joker)…")


def _hand_figures(log: list[dict[str, Any]], waits: list[dict[str, Any]], start: float, end: float) -> Hand:
    """The figures of one hand from the page's log entries with ``start <= t < end`` (ms)."""
    hand = Hand()
    prev: dict[str, Any] | None = None
    over_at: float | None = None
    for entry in log:
        if not start <= entry["t"] < end:
            continue
        if entry["kind"] == "review":
            fresh = entry["text"].startswith("Review of hand") and "the hand before" not in entry["text"]
            if over_at is not None and fresh and hand.review is None:
                hand.review = (entry["t"] - over_at) / 1000
            continue
        if prev is not None and _COMPUTER_TURN.match(prev["turn"]) and not prev["turn"].startswith("You"):
            gap = (entry["t"] - prev["t"]) / 1000
            trick_done = bool(prev["events"]) and "won the trick" in prev["events"][-1]
            (hand.after_trick if trick_done else hand.moves).append(gap)
            if gap > MOVE_TARGET and not trick_done:
                hand.slow.append(f"{prev['turn']} {gap:.2f} s")
        for sentence in entry["events"]:
            m = re.search(r"won the auction with (.+)\.$", sentence)
            if m:
                hand.contract = m.group(1)
                hand.south_won = sentence.startswith("You")
        if "is over" in entry["turn"] and over_at is None:
            over_at = entry["t"]
        prev = entry
    for w in waits:
        if start <= w["t0"] < end:
            dt = (w["t1"] - w["t0"]) / 1000
            hand.waiting += dt
            hand.waits += 1
            hand.longest = max(hand.longest, dt)
            hand.echoes.append((w["echo"] - w["t0"]) / 1000)
    return hand


# ---------------------------------------------------------------------- one strength
def run_strength(browser: Any, url: str, strength: str, hands: int, deadline: float, seed: int, bid_rate: float,
                 stall: float, verbose: bool, speed: str = SPEED, screenshot: Path | None = None) -> Strength:
    fig = Strength(strength)
    rng = random.Random(seed)
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.set_default_timeout(30_000)
    page.on("dialog", lambda d: (fig.notes.append(f"dialog: {d.message}"), d.dismiss()))
    t_open = time.monotonic()
    try:
        page.goto(f"{url}/voila/render/{LESSON}", timeout=120_000)
        page.wait_for_selector(".fh-freeplay .fh-table-view .fh-speed select", timeout=120_000)
        for seat in ("W", "E"):
            page.locator(f".fh-strength-{seat} select").select_option(label=STRENGTH_LABELS[strength], timeout=10_000)
        page.locator(".fh-table-view .fh-speed select").select_option(speed, timeout=10_000)
        # the kernel has the choices once the table redraws with them (nothing is due before South's first call)
        page.wait_for_timeout(1000)
        if not page.evaluate(OBSERVER):
            raise RuntimeError("no free-play widget on the page")
        start_ms = page.evaluate("() => performance.now()")
        hand_starts = [start_ms]
        first_call = True
        while len(fig.hands) < hands and len(fig.thrown_in) <= 3 * hands:
            if time.monotonic() > deadline:
                fig.notes.append(f"--minutes ran out after {len(fig.hands)} hands")
                break
            page.wait_for_function(READY, timeout=int(stall * 1000))
            turn = page.locator(".fh-table-status .fh-turn").inner_text(timeout=5000)
            if "is over" in turn:
                # the review, then New hand (the new hand's waiting starts at that click)
                status = page.locator(".fh-table-status").inner_text(timeout=5000)
                try:
                    page.wait_for_function(REVIEWED, timeout=5000 if "thrown in" in status else 120_000)
                except Exception:  # noqa: BLE001 - a hand thrown in may have no review; say so
                    fig.notes.append(f"hand {len(fig.hands) + 1}: no review ({status.splitlines()[-1]!r})")
                page.wait_for_timeout(300)  # the observer's last batch
                now_ms = page.evaluate("() => performance.now()")
                log = page.evaluate("() => window.__pace.log")
                waits = page.evaluate("() => window.__pace.waits")
                hand = _hand_figures(log, waits, hand_starts[-1], now_ms)
                if screenshot is not None and not fig.hands:
                    shot = screenshot.with_name(f"{screenshot.stem}-{strength}{screenshot.suffix}")
                    page.set_viewport_size({"width": 1366, "height": 2400})  # Voilà scrolls inside the page
                    page.locator(".fh-freeplay").screenshot(path=str(shot), timeout=30_000)
                    page.set_viewport_size({"width": 1366, "height": 900})
                (fig.hands if hand.contract else fig.thrown_in).append(hand)
                if verbose:
                    print(f"  {strength} hand {len(fig.hands) + len(fig.thrown_in)}: contract {hand.contract or '-'}"
                          f"{' (South)' if hand.south_won else ''}, waiting {hand.waiting:.1f} s over {hand.waits} "
                          f"waits (longest {hand.longest:.2f} s), {len(hand.moves) + len(hand.after_trick)} computer "
                          f"moves, review {hand.review if hand.review is None else round(hand.review, 2)} s",
                          flush=True)
                if len(fig.hands) >= hands:
                    break
                hand_starts.append(now_ms)
                first_call = True
                _arm(page, "new hand")
                page.locator(".fh-table-view .fh-new-hand").first.click(timeout=10_000)
                continue
            done = _south_moves(page, turn, rng, first_call, bid_rate)
            if done.startswith(("bid", "pass")):
                first_call = False
    except Exception as err:  # noqa: BLE001 - reported; the other strengths still run
        status = "-"
        try:
            status = page.locator(".fh-table-status").inner_text(timeout=3000)
        except Exception:  # noqa: BLE001 - a diagnostic read after a failure: "-" if the page is gone
            pass
        state = "-"
        try:
            state = page.evaluate(STATE)
        except Exception:  # noqa: BLE001 - the same
            pass
        fig.notes.append(f"stopped at hand {len(fig.hands) + 1}: {err!r:.300}; page shows {status!r}; {state}")
    fig.seconds = time.monotonic() - t_open
    page.close()
    return fig


def _line(label: str, xs: list[float], target: float | None = None) -> str:
    if not xs:
        return f"  {label:34s} n=    0"
    verdict = ""
    if target is not None:
        verdict = f"   (target <= {target:g} s: {'ok' if max(xs) <= target else 'MISSED at max' if pct(xs, .95) <= target else 'MISSED'})"
    return (f"  {label:34s} n={len(xs):5d}  p50 {pct(xs, .5):6.2f} s  p95 {pct(xs, .95):6.2f} s  "
            f"max {max(xs):6.2f} s{verdict}")


def report(fig: Strength, speed: str = SPEED) -> None:
    hands = fig.hands
    thrown = f", and {len(fig.thrown_in)} thrown in (not counted)" if fig.thrown_in else ""
    print(f"\n== opponents: {STRENGTH_LABELS[fig.name]} ({len(hands)} hands played{thrown}; "
          f"{fig.seconds:.0f} s with page load) ==")
    moves = [m for h in hands for m in h.moves]
    after = [m for h in hands for m in h.after_trick]
    print(_line("computer move (visible, change to change)", moves + after))
    normal = speed == SPEED  # the targets are for Normal
    print(_line("  apart from the lead after a trick", moves, MOVE_TARGET if normal else None))
    print(_line("  the lead after a finished trick", after))
    print(_line("waiting per hand", [h.waiting for h in hands], HAND_TARGET if normal and fig.name == "expert" else None))
    print(_line("longest single wait", [h.longest for h in hands]))
    print(_line("learner echo (click to move shown)", [e for h in hands for e in h.echoes]))
    reviews = [h.review for h in hands if h.review is not None]
    print(_line("review (hand over to review shown)", reviews))
    print("  hands: " + "; ".join(f"{h.contract}{' by South' if h.south_won else ''}: "
                                  f"{h.waiting:.1f} s waiting" for h in hands))
    slow = [f"hand {i}: {m}" for i, h in enumerate(hands, 1) for m in h.slow]
    if slow:
        print(f"  slow computer moves ({len(slow)}): " + "; ".join(slow[:12]))
    for note in fig.notes:
        print(f"  note: {note}")


def main(argv: list[str] | None = None) -> list[Strength]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3, help="hands per strength (default 3)")
    ap.add_argument("--quick", action="store_true", help="one hand per strength")
    ap.add_argument("--strengths", nargs="+", default=["random", "club", "expert"], choices=list(STRENGTH_LABELS))
    ap.add_argument("--minutes", type=float, default=20.0, help="the whole run stops after this long")
    ap.add_argument("--stall", type=float, default=60.0, help="seconds a decision may take to come back")
    ap.add_argument("--seed", type=int, default=1, help="South's choices")
    ap.add_argument("--bid-rate", type=float, default=0.3, help="how often South's first call is a bid")
    ap.add_argument("--speed", default=SPEED, choices=["Slow", "Normal", "Fast", "Instant"],
                    help="the Speed menu's choice (the targets are at Normal; the CI smoke test runs Instant)")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--screenshot", type=Path, help="a PNG of free play after each strength's first hand "
                                                    "(the strength is added to the name)")
    ap.add_argument("--code", type=Path, default=ROOT, help="the source tree the kernel imports")
    ap.add_argument("--verbose", action="store_true", help="a line per hand")
    args = ap.parse_args(argv)
    hands = 1 if args.quick else args.hands
    deadline = time.monotonic() + args.minutes * 60
    from playwright.sync_api import sync_playwright

    print(f"pace in the browser: free play ({LESSON}) at {args.speed} speed, {hands} hand(s) per strength; South clicks "
          f"a random playable card and bids the lowest bid at its first call {args.bid_rate:.0%} of the time", flush=True)
    results: list[Strength] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        code = args.code.resolve()
        env = dict(os.environ, PYTHONPATH=str(code), FIVEHUNDRED_PROGRESS="off")
        proc, url = start_voila(code / "lessons", folder / "voila.log", env)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                try:
                    for strength in args.strengths:
                        if time.monotonic() > deadline:
                            print(f"(--minutes ran out before {strength})")
                            break
                        fig = run_strength(browser, url, strength, hands, deadline, args.seed, args.bid_rate,
                                           args.stall, args.verbose, args.speed, args.screenshot)
                        results.append(fig)
                        report(fig, args.speed)
                finally:
                    browser.close()
        finally:
            stop(proc)
    if args.json:
        args.json.write_text(json.dumps([{"strength": f.name, "notes": f.notes, "hands": [h.__dict__ for h in f.hands],
                                          "thrown_in": [h.__dict__ for h in f.thrown_in]}
                                         for f in results], indent=1), encoding="utf-8")
    summary = ", ".join(f"{STRENGTH_LABELS[f.name]} {statistics.median([h.waiting for h in f.hands]):.1f} s"
                        for f in results if f.hands)
    print(f"\nwaiting per hand at {args.speed} (median): {summary or '-'}", flush=True)
    return results


if __name__ == "__main__":
    main()
