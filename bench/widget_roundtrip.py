"""Widget round trip in headless Chromium: click -> kernel -> updated view.

Opens lesson 01 in Voila and, in the page, times (performance.now) from a
click until the view has changed:

* a MultipleChoice option button (ipywidgets): until the feedback text changes
  (the kernel judged the answer with the engine and sent the new HTML);
* a PickCards card (anywidget): until the card button shows it is selected
  (the click went to Python, which synced the selection back).

Answers alternate so every click changes the view.  At least 20 timed clicks
each, after 3 warm-up clicks; prints the median and p95.
Target: median <= 150 ms.

    python bench/widget_roundtrip.py [--clicks 30]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from voila_cold_start import CHROMIUM, CHROMIUM_ARGS, ROOT, load_page, load_text, voila_server

LESSON = "01-the-pack.ipynb"
WARMUP = 3

#: click option ``label`` of the exercise whose text contains ``prompt``; resolve
#: with the ms until its feedback text differs from before the click
CLICK_OPTION = """async ([prompt, label]) => {
  const box = [...document.querySelectorAll(".fh-exercise")].find(b => b.textContent.includes(prompt));
  const feedback = box.querySelector(".fh-feedback");
  const before = feedback.textContent;
  const button = [...box.querySelectorAll(".fh-option")].find(b => b.textContent.trim() === label);
  return await new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (feedback.textContent !== before) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(feedback, {subtree: true, childList: true, characterData: true, attributes: true});
    button.click();
  });
}"""

#: click card ``code`` in the exercise whose text contains ``prompt``; resolve with
#: the ms until that card's selected state has flipped (the view is redrawn)
CLICK_CARD = """async ([prompt, code]) => {
  const box = [...document.querySelectorAll(".fh-exercise")].find(b => b.textContent.includes(prompt));
  const selector = `.fh-hand-card[data-card="${code}"]`;
  const was = box.querySelector(selector).classList.contains("fh-selected");
  return await new Promise((resolve) => {
    const start = performance.now();
    const done = () => {
      const now = box.querySelector(selector);
      return now && now.classList.contains("fh-selected") !== was;
    };
    const observer = new MutationObserver(() => {
      if (done()) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(box, {subtree: true, childList: true, attributes: true});
    box.querySelector(selector).click();
  });
}"""


def time_clicks(page: Page, script: str, prompt: str, targets: tuple[str, str], clicks: int) -> list[float]:
    times = []
    for i in range(WARMUP + clicks):
        ms = page.evaluate(script, [prompt, targets[i % 2]])
        if i >= WARMUP:
            times.append(float(ms))
    return times


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def report(name: str, times: list[float]) -> None:
    median = statistics.median(times)
    verdict = "met" if median <= 150 else "NOT met"
    print(f"  {name}: median {median:.0f} ms, p95 {p95(times):.0f} ms, "
          f"min {min(times):.0f}, max {max(times):.0f} ({len(times)} clicks; target median <= 150 ms: {verdict})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30, help="timed clicks per widget (at least 20)")
    parser.add_argument("--quick", action="store_true", help="accepted for make bench; the minimum counts are already small")
    args = parser.parse_args(argv)
    clicks = max(args.clicks, 20)
    with tempfile.TemporaryDirectory(prefix="fh-bench-") as tmpdir, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            with voila_server(ROOT / "lessons", Path(tmpdir) / "voila.log") as (url, _proc, _launched):
                load_page(page, f"{url}/voila/render/{LESSON}")
                option = time_clicks(page, CLICK_OPTION, "Six people want to play", ("43", "63"), clicks)
                card = time_clicks(page, CLICK_CARD, "NOT in the four-player pack", ("4S", "4S"), clicks)
        finally:
            browser.close()
    print(f"Widget round trip in headless Chromium, lesson 01 (load average {load_text()})")
    report("MultipleChoice option -> feedback (ipywidgets)", option)
    report("PickCards card -> selected (anywidget)       ", card)
    return 0


if __name__ == "__main__":
    sys.exit(main())
