"""A lesson and the contents page still render, in a browser, when progress.json has been tampered
with (and free play when freeplay.json has): the file is set aside under a numbered name and the
learner sees a plain notice.

This file starts its own Voila server with its own progress file, so that the tampering never
touches the progress the other browser tests share.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import free_port, start_voila, stop_voila, wait_for_voila

from .helpers import PAGE_TIMEOUT_MS, assert_healthy, open_lesson

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def own_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("tampered-progress")
    progress = folder / "progress.json"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    old = os.environ.get("FIVEHUNDRED_PROGRESS")
    os.environ["FIVEHUNDRED_PROGRESS"] = str(progress)  # inherited by the server and its kernels
    try:
        proc = start_voila("lessons", port, folder / "voila.log")
    finally:
        if old is None:
            os.environ.pop("FIVEHUNDRED_PROGRESS")
        else:
            os.environ["FIVEHUNDRED_PROGRESS"] = old
    try:
        wait_for_voila(proc, url, folder / "voila.log")
        yield url, progress
    finally:
        stop_voila(proc)


def _appears(path: Path, timeout: float = PAGE_TIMEOUT_MS / 1000) -> Path:
    """``path`` once it exists: a preheated page (lesson 01, the contents page, free play) reads the learner's
    files once its request has arrived, on a thread of its own, so the page may be drawn a moment before."""
    deadline = time.monotonic() + timeout
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    return path


def _settled(path: Path, quiet: float = 1.5, timeout: float = PAGE_TIMEOUT_MS / 1000) -> dict:
    """``path``'s JSON once a page's kernel has finished writing it: readable, and unchanged for ``quiet``
    seconds.  A lesson registers each of its exercises in turn, each a write of its own, once the page's request
    has arrived; a file tampered with before the last of them would be read (and set aside) by that lesson's
    kernel, not by the next page's."""
    deadline = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        try:
            text = path.read_text(encoding="utf-8")
            json.loads(text)
        except (OSError, ValueError):
            text = None
        if text != last:
            last, since = text, time.monotonic()
        elif text is not None and time.monotonic() - since >= quiet:
            return dict(json.loads(text))
        time.sleep(0.1)
    raise AssertionError(f"{path} was not written and left alone within {timeout:.0f} s: {last!r}")


def test_a_lesson_and_the_contents_page_render_with_a_tampered_progress_file(
    page: Page, own_voila: tuple[str, Path]
) -> None:
    url, progress = own_voila
    for old in [*progress.parent.glob("progress.json*"), *progress.parent.glob("freeplay.json*")]:
        old.unlink()  # a clean folder (a rerun after a failed first try finds that try's files)
    nested = b"[" * 100_000
    progress.write_bytes(nested)
    open_lesson(page, url, "01-the-pack.ipynb")
    assert_healthy(page)
    assert _appears(progress.parent / "progress.json.unreadable-1").read_bytes() == nested
    assert "01" in _settled(progress)["lessons"]  # lesson 01 has registered its exercises afresh

    non_utf8 = b'{"version": 1, "exercises": {}, "lessons": {}, "stats": {"quiz:ladder": "\xff"}}'
    progress.write_bytes(non_utf8)
    open_lesson(page, url, "00-welcome.ipynb")
    assert_healthy(page)
    notice = page.locator(".fh-progress-notice")
    expect(notice).to_contain_text("could not be read", timeout=PAGE_TIMEOUT_MS)
    expect(notice).to_contain_text("progress.json.unreadable-2")
    assert (progress.parent / "progress.json.unreadable-2").read_bytes() == non_utf8
    assert (progress.parent / "progress.json.unreadable-1").read_bytes() == nested

    page.get_by_role("button", name="Start again (forget my progress)").click()
    page.get_by_role("button", name="Yes, forget it all").click()
    page.wait_for_function(
        "() => !document.querySelector('.fh-progress-notice').innerText.includes('could not be read')",
        timeout=PAGE_TIMEOUT_MS,
    )
    assert json.loads(progress.read_text()) == {"version": 1, "exercises": {}, "lessons": {}, "stats": {}}
    assert_healthy(page)

    # the same nesting in the free-play save: lesson 18 still renders, with a new game
    save = progress.parent / "freeplay.json"
    save.write_bytes(nested)
    open_lesson(page, url, "18-free-play.ipynb")
    assert_healthy(page)
    expect(page.locator(".fh-freeplay-notice")).to_contain_text("freeplay.json.unreadable-1")
    assert _appears(progress.parent / "freeplay.json.unreadable-1").read_bytes() == nested
