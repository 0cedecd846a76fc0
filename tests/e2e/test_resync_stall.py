"""The stall that :mod:`widgets.resync` works around, reproduced in a browser, and the workaround shown needed.

The cause (see ``widgets/resync.py``): Voilà's widget manager asks the kernel for every widget's state
(``request_states``) and only then creates one comm per widget, asynchronously; an update the kernel
sends in between is dropped by the page, which goes on showing the older value for good.  A table's
first computer moves ran in that window about one run in three in CI.

Here the window is hit on purpose, not by luck: a page's kernel changes a probe widget's value at the
very moment it has answered ``request_states`` (a wrapper around ipywidgets' own handler, the same hook
``resync`` uses).  A second widget, updated three seconds later (the page's comms long built), shows
what the kernel holds.  Without the workaround the page shows the old value beside the kernel's new
one; with ``resync`` (the probe registered as the table registers itself) the page catches up.  If a
future Voilà stops dropping such updates, the first test fails, and ``resync.py`` can go.

This file starts its own Voilà server on a folder of two small notebooks written here.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from .helpers import PAGE_TIMEOUT_MS, open_lesson, voila_serving, write_notebook

pytestmark = pytest.mark.e2e

#: the probe and the witness, and the hook that updates the probe inside the window
_SETUP = '''
import ipywidgets as w
from widgets._common import kernel_loop

probe = w.HTML("probe: old", _dom_classes=("probe",))
witness = w.HTML("witness: waiting", _dom_classes=("witness",))
loop = kernel_loop()
'''

#: with the workaround: the probe registered as a TableView registers itself (resend at resync.DELAYS)
_WORKAROUND = '''
from widgets import resync

class Probe:
    def resend_soon(self):
        for delay in resync.DELAYS:
            loop.call_later(delay, resync.resend, probe)

keep = Probe()
resync.register(keep)
'''

_HOOK = '''
_answer = w.Widget.__dict__["_handle_control_comm_msg"].__func__

def _handle(cls, msg):
    _answer(cls, msg)  # ipywidgets' reply with every widget's state goes out first (and resync's, if imported)
    if ((msg.get("content") or {}).get("data") or {}).get("method") == "request_states":
        probe.value = "probe: new"  # sent now: the page has the states, but not yet the probe's comm
        loop.call_later(3.0, lambda: setattr(witness, "value", f"witness: kernel holds {probe.value}"))

w.Widget._handle_control_comm_msg = classmethod(_handle)
'''


@pytest.fixture(scope="module")
def stall_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("resync-stall")
    pages = folder / "pages"
    pages.mkdir()
    write_notebook(pages / "plain.ipynb", _SETUP, _HOOK, "display(probe, witness)")
    write_notebook(pages / "resync.ipynb", _SETUP, _WORKAROUND, _HOOK, "display(probe, witness)")
    with voila_serving(pages, folder / "voila.log") as url:
        yield url


def _witnessed(page: Page) -> None:
    """Wait until the witness, updated after the page's comms exist, shows the kernel's probe value."""
    expect(page.locator(".witness")).to_have_text("witness: kernel holds probe: new", timeout=PAGE_TIMEOUT_MS)


def test_without_the_workaround_an_update_sent_while_the_page_builds_its_comms_is_lost(
    page: Page, stall_voila: str
) -> None:
    open_lesson(page, stall_voila, "plain.ipynb")
    _witnessed(page)
    page.wait_for_timeout(2_000)  # well past the moment the update was sent (the witness is already 3 s later)
    # the stall: the kernel holds the new value, the page still shows the old one
    assert page.locator(".probe").inner_text() == "probe: old"


def test_with_the_workaround_the_page_catches_up(page: Page, stall_voila: str) -> None:
    open_lesson(page, stall_voila, "resync.ipynb")
    _witnessed(page)
    expect(page.locator(".probe")).to_have_text("probe: new", timeout=10_000)  # resync's first resend is at 1 s
