"""Widget views that fail to draw: how often, and whether the page recovers (a soak, not a timing).

Now and then, on a busy machine, Voilà's widget manager draws some of a page's widget views as "Error
displaying widget: model not found" although the kernel holds every one of those models.  It was met
as a learner meets it: the contents page, a few seconds' reading, then the link to lesson 01 (the page
and the moment of the one CI failure it caused).  The course's page template loads such a page again,
once (``share/jupyter/voila/templates/fivehundred/index.html.j2``, ``tests/e2e/test_widget_recovery.py``).

Each round opens the contents page, waits (0-5 s, in turn), follows the link to lesson 01 and waits until
every view is drawn and the page has settled.  The figures: rounds, first draws with a failed view, pages
loaded again (the template's console warning; one tab, so a failure within two minutes of the last reload
is not loaded again but shown in plain words), and pages left with a failed view after the reload (the template's plain
sentence, or the manager's own message).  ``--busy N`` runs N busy loops beside it for the whole run (the
failure is not seen on a quiet machine); with ``--diagnose`` a failed first draw prints what the page's
kernel sent (the reply to the page's request for every widget state: is each failing view's model in
it, and every model below it?).

    python bench/widget_soak.py --rounds 100 --busy 3
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocket, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _browser import CHROMIUM, ROOT, SHOWN, VIEWS, start_voila, stop
from page_load import CHROMIUM_ARGS, WIDGET_MIME, decode_frame

WAITS = (0.0, 1.0, 2.0, 3.0, 3.5, 4.0, 4.5, 5.0)
TIMEOUT_MS = 120_000
LESSON = "01-the-pack.ipynb"
WARNING = "fivehundred:"  # the template's console warning before it loads a page again


def _draw(page: Page, html: str) -> None:
    page.wait_for_function(SHOWN, arg=html.count(WIDGET_MIME), timeout=TIMEOUT_MS, polling="raf")


def _failed(page: Page) -> bool:
    """Whether a view on the page failed to draw, by the template's own word (answered or not)."""
    return page.evaluate(VIEWS, 0) in ("failed", "final")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--busy", type=int, default=0, help="busy loops run beside the soak (load)")
    parser.add_argument("--diagnose", action="store_true", help="print what the kernel sent when a first draw fails")
    args = parser.parse_args(argv)

    log = Path(os.environ.get("TMPDIR", "/tmp")) / "widget_soak_voila.log"
    proc, url = start_voila(ROOT / "lessons", log, dict(os.environ))
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    first_failed = reloaded = left_failed = 0
    states: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            warnings: list[str] = []
            page.on("console", lambda m: warnings.append(m.text) if m.text.startswith(WARNING) else None)

            def on_ws(ws: WebSocket) -> None:
                def frame(payload: str | bytes) -> None:
                    msg = decode_frame(payload)
                    data = ((msg or {}).get("content") or {}).get("data")
                    if isinstance(data, dict) and data.get("method") == "update_states":
                        states.clear()
                        states.update(data.get("states", {}))
                if "/channels" in ws.url:
                    ws.on("framereceived", frame)

            page.on("websocket", on_ws)
            for i in range(args.rounds):
                wait = WAITS[i % len(WAITS)]
                response = page.goto(f"{url}/voila/render/00-welcome.ipynb", timeout=TIMEOUT_MS)
                assert response is not None and response.ok
                _draw(page, response.text())
                time.sleep(wait)
                warnings.clear()
                states.clear()
                with page.expect_response(lambda r: r.url.split("?")[0].endswith("/" + LESSON)) as answer:
                    page.locator(f"#rendered_cells li a[href*='{LESSON}']").first.click()
                html = answer.value.text()
                _draw(page, html)
                page.wait_for_timeout(1_500)  # the template looks every 250 ms; a reload begins at once
                # failed and not loaded again (within two minutes of this tab's last reload); a reload is under way otherwise
                bad = False if warnings else _failed(page)
                if warnings or bad:
                    first_failed += 1
                    if args.diagnose:
                        for model in re.findall(r'"model_id": "([0-9a-f]+)"', html):
                            todo, seen = [model], set()
                            while todo:
                                m = todo.pop()
                                if m not in seen:
                                    seen.add(m)
                                    todo.extend(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(states.get(m, {}))))
                            print(f"    view {model[:8]}: {'in' if model in states else 'NOT in'} the {len(states)} states; "
                                  f"{len([m for m in seen if m not in states])} of {len(seen)} models below it missing")
                if warnings:
                    reloaded += 1
                    page.wait_for_load_state("load", timeout=TIMEOUT_MS)
                    _draw(page, html)
                    page.wait_for_timeout(1_500)
                    bad = _failed(page)
                left_failed += bad
                how = "a view failed; page loaded again" if warnings else "a view failed; not loaded again" if bad else "drawn"
                print(f"round {i + 1}: wait {wait:g} s, {how}{', a view still failed' if bad else ''}", flush=True)
            browser.close()
    finally:
        for loop in loops:
            loop.kill()
        stop(proc)
    print(f"widget soak: {args.rounds} rounds (contents page, then {LESSON}), {args.busy} busy loops: "
          f"first draw with a failed view {first_failed}, pages loaded again {reloaded}, "
          f"pages left with a failed view {left_failed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
