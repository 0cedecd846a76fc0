"""A kernel manager with a cap on live kernels, for the local course and the classroom.

Every Voila page view starts a kernel of about 60 MB, and any web page can make a browser
request a page of the local course (an ``<img>`` tag pointing at it is enough).  Culling
(voila.json: a kernel with no page connected is shut down about a minute after its last
activity) frees those kernels, but without a cap a burst of requests could still fill the
memory first.  :class:`CappedKernelManager` keeps at most ``max_kernels`` kernels alive:

* below the cap, a new page starts its kernel as before;
* at the cap, a kernel is shut down to make room: first one whose page connected and has gone (a closed
  tab, a page navigated away from: nobody is looking, busy or not), the longest idle first; else the one
  idle longest that no page has connected to yet, once idle ``evict_after`` seconds (a bare request; a
  page still being drawn is busy or was active a moment ago); a kernel whose page is open is never touched;
* if there is no such kernel, the page is refused with HTTP 503 and plain words.

Preheated kernels (Voilà's ``preheat_kernel``, the pools ``voila.json`` sizes) sit outside the cap:
a pool's size is fixed by the configuration, not by requests, so no request can grow it.  A kernel
waiting in a pool is never shut down to make room (nor culled: Voilà's manager skips it), and it is not
counted against ``max_kernels``; once a page takes it from its pool it is an ordinary kernel and counts,
and its idle time starts from that moment (not from when it finished running its page in the pool).

Follow-on preheating (``follow_on``): when a page of the course connects (a learner's browser has it
open, not a bare request), the lesson after it, the next ``NN-*.ipynb`` in the same folder as the
course's "Next" link goes, gets a preheated kernel of its own unless one is waiting already, so a
learner going through the course finds each next page already run.  It is one kernel a page at most,
started ``follow_on_delay`` seconds after the page connects (called off if the lesson is asked for sooner: that
request starts a kernel of its own), and at most ``follow_on_limit`` of them wait at once (the oldest waiting one
makes way), so no number of pages can grow them; a request for the lesson once its follow-on kernel has begun to
start waits for that kernel rather than starting a second one; taken by a page, such a kernel is not replaced
(the page's pool in ``voila.json``, usually none, decides that as before).
Like every pooled kernel it sits outside the cap and is never culled while it waits.

``voila.json`` sets it for ``make course`` (``VoilaConfiguration.multi_kernel_manager_class``);
``classroom/jupyter_server_config.json`` for each learner's server (``ServerApp.kernel_manager_class``).
"""

from __future__ import annotations

import asyncio
import datetime
import urllib.parse
from pathlib import Path
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Bool, Float, Integer
from voila.request_info_handler import RequestInfoSocketHandler  # type: ignore[import-untyped]
from voila.voila_kernel_manager import voila_kernel_manager_factory  # type: ignore[import-untyped]

from classroom.language_links import course_pages

#: what a learner reads when every kernel is in use by an open page
#: (the HTTP reason phrase, which Voila's error page shows)
#: the environment variable Voilà sets for a kernel it starts for a preheat pool
PREHEAT_ENV = "VOILA_PREHEAT"

#: where Voilà serves a page: ``<base_url>voila/render/<notebook>``; the page's kernel has the path as SCRIPT_NAME
RENDER_PATH = "/voila/render/"


def _waits_for_learner(kernel_id: str | None) -> bool:
    """Whether a preheated kernel has asked Voilà for its page's request (``voila.utils.wait_for_request``, which
    ``widgets.progress`` calls in a preheated kernel before it reads or writes the learner's files): its run waits
    there for a learner.  Voilà keeps the open request sockets by kernel id."""
    return kernel_id is not None and kernel_id in RequestInfoSocketHandler._waiters


def next_lesson(root: Path, notebook: str) -> str | None:
    """The lesson after ``notebook`` (a path relative to ``root``, as Voilà names pages): the next lesson in its
    folder in sorted order (the lessons as :func:`classroom.language_links.course_pages` finds them), as the
    lesson's "Next" link goes; None after the last, or for a page that is no lesson."""
    folder, _, name = notebook.rpartition("/")
    lessons = course_pages(root / folder if folder else root).lessons
    if name not in lessons:
        return None
    later = sorted(n for n in lessons if n > name)
    if not later:
        return None
    return f"{folder}/{later[0]}" if folder else later[0]


FULL_MESSAGE = "Too many course pages are open at once: close a tab you no longer need, then reload this page"


class CappedKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """AsyncMappingKernelManager with at most ``max_kernels`` live kernels (see the module's doc)."""

    max_kernels = Integer(8, config=True, help="The most kernels alive at once (0: no cap).")
    evict_after = Integer(5, config=True, help="A kernel with no page connected may be shut down to make "
                                                "room once it has been idle this many seconds.")

    follow_on = Bool(True, config=True, help="When a page connects, preheat the lesson after it (see the module's doc).")
    follow_on_delay = Float(2.0, config=True, help="Seconds after a page connects before its next lesson's kernel starts.")
    follow_on_limit = Integer(2, config=True, help="The most follow-on kernels waiting at once (the oldest makes way).")

    _starting = 0
    _was_pooled: set[str] = set()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._paged: set[str] = set()  # kernels a page has connected to
        self._page_of: dict[str, str] = {}  # kernel -> the page (notebook) it was started for on request
        self._follow_ons: list[tuple[str, asyncio.Task[Any]]] = []  # (notebook, pool task), oldest first
        self._due: dict[str, asyncio.TimerHandle] = {}  # notebook -> its follow-on kernel's start, still to come

    def _pooled(self) -> set[str]:
        """The kernels waiting in Voilà's preheat pools (its manager subclasses this one; none without preheating)."""
        pooled: set[str] = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    kernel_id = task.result().get("kernel_id")
                    if kernel_id:
                        pooled.add(kernel_id)
        return pooled

    def _note_handouts(self) -> None:
        """A kernel that has just left its pool (a page took it) is as fresh as the page: its idle clock starts now.

        It sat idle in the pool, maybe for minutes, so without this the cull (idle 45 s, no page connected)
        or the cap could shut it down in the second between Voilà handing it to a page and the page's
        browser connecting to it: the page would then find no kernel.
        """
        pooled = self._pooled()
        now = datetime.datetime.now(datetime.timezone.utc)
        for kernel_id in self._was_pooled - pooled:
            if kernel_id in self:
                self.get_kernel(kernel_id).last_activity = now
        self._was_pooled = pooled

    async def cull_kernels(self) -> None:
        self._note_handouts()  # every cull tick, before any kernel is judged idle
        await super().cull_kernels()

    def _counted(self) -> list[str]:
        """The kernels the cap counts: every live kernel but the pooled ones."""
        pooled = self._pooled()
        return [k for k in self.list_kernel_ids() if k not in pooled]

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        first = kernel_id not in self._paged
        self._paged.add(kernel_id)  # a page has connected to it (so, once it has none, its page has gone)
        if first and self.follow_on:
            page = self._page_of.get(kernel_id) or self._pooled_page(kernel_id)
            if page is not None:
                self._preheat_next(page)

    def _pooled_page(self, kernel_id: str) -> str | None:
        """The page a preheated kernel was started for (Voilà's manager records it; None without preheating)."""
        for name, data in getattr(self, "notebook_data", {}).items():
            if kernel_id in data.get("kernel_ids", ()):
                return str(name)
        return None

    def _preheat_next(self, page: str) -> None:
        """Start a preheated kernel for the lesson after ``page`` if none waits for it (see the module's doc)."""
        pools: dict[str, list[asyncio.Task[Any]]] | None = getattr(self, "_pools", None)
        fill = getattr(self, "fill_if_needed", None)
        root = getattr(self, "root_dir", None)
        if pools is None or fill is None or root is None:
            return  # Voilà's preheating is off: there are no pools to put a kernel in
        after = next_lesson(Path(root), page)
        if after is None or pools.get(after) or after in self._due:
            return
        # after follow_on_delay (the open page finishes drawing first), unless the lesson is asked for before
        self._due[after] = asyncio.get_event_loop().call_later(
            max(self.follow_on_delay, 0.0), self._start_follow_on, after, page)

    def _start_follow_on(self, after: str, page: str, tries: int = 60) -> None:
        """Start the follow-on kernel for ``after``, the lesson after ``page``, its delay over; if the oldest waiting
        one cannot make way yet (still starting, or still running its page), try again each second, ``tries``
        times at most, unless the lesson is asked for first."""
        self._due.pop(after, None)
        pools: dict[str, list[asyncio.Task[Any]]] = getattr(self, "_pools", {})
        if pools.get(after):
            return
        # forget follow-ons a page has taken (no longer in their pool) or that failed
        self._follow_ons = [(nb, task) for nb, task in self._follow_ons if task in pools.get(nb, ())
                            and not (task.done() and (task.cancelled() or task.exception() is not None))]
        while len(self._follow_ons) >= max(self.follow_on_limit, 0):
            if not self._follow_ons:
                return  # follow_on_limit 0: none at all
            nb, task = self._follow_ons[0]
            render = task.result().get("task") if task.done() else None  # Voilà's run of the page in the kernel
            if not task.done() or (render is not None and not render.done()
                                   and not _waits_for_learner(task.result().get("kernel_id"))):
                # the oldest is still starting or still running its page: let it finish rather than waste its
                # work (shut down mid-run, its page's run ends in a DeadKernelError in Voilà's log).  A run that
                # waits for its learner (widgets.progress.wait_for_learner: a cell that reads the learner's
                # progress) never finishes until a page takes it, so it has gone as far as it can: it makes
                # way (Voilà then logs the rest of its run as cells of a dead kernel).  Left to wait, it held
                # every later follow-on back for good.
                if tries > 1:
                    self._due[after] = asyncio.get_event_loop().call_later(
                        1.0, self._start_follow_on, after, page, tries - 1)
                return
            self._follow_ons.pop(0)
            pools[nb].remove(task)
            kernel_id = task.result().get("kernel_id")
            self.log.info("Follow-on kernel %s for %s makes way for %s", kernel_id, nb, after)
            if kernel_id:
                asyncio.ensure_future(self.shutdown_kernel(kernel_id, now=True))
        self._fill_once(after, 0)
        if pools.get(after):
            self._follow_ons.append((after, pools[after][-1]))
            self._serve_from_pool(after)
            self.log.info("Preheating %s, the lesson after %s", after, page)

    def _serve_from_pool(self, page: str) -> None:
        """Let a request for ``page`` take its pool's kernel even while that kernel is still on its way.

        Voilà serves a page from its pool only once it has run that page in a kernel before (its
        ``notebook_data``, which a kernel's start fills in); until then a request starts a second kernel, and the
        follow-on one waits unused until it makes way.  That is a learner who moves on within seconds of a page
        opening (and every browser test): each such page cost two kernels.  With the page noted here, the
        request waits for the follow-on kernel instead, whose start is under way; a request that comes during
        the delay before it starts calls it off (:meth:`start_kernel`) and starts its own.
        """
        known: dict[str, Any] | None = getattr(self, "notebook_data", None)
        config = getattr(getattr(self, "parent", None), "voila_configuration", None)
        if known is None or config is None or page in known:
            return
        known[page] = {"template": config.template, "theme": config.theme, "kernel_ids": set()}

    def _fill_once(self, page: str, delay: float, env: dict[str, str] | None = None) -> None:
        """Start one preheated kernel for ``page`` in Voilà's pool (``env`` added to its environment), which a request
        taking it does not replace: the pools' configuration, which a refill reads, says one kernel for ``page`` only
        while this fill reads it.  Only with Voilà's preheating (its ``fill_if_needed``)."""
        saved: dict[str, Any] = self.kernel_pools_config
        size = {**saved.get(page, saved.get("default", {})), "pool_size": 1}
        if env:
            size["kernel_env_variables"] = {**size.get("kernel_env_variables", {}), **env}
        self.kernel_pools_config = {**saved, page: size}
        try:
            self.fill_if_needed(delay=delay, notebook_name=page)
        finally:
            self.kernel_pools_config = saved

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self._paged.discard(kernel_id)
        self._page_of.pop(kernel_id, None)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)

    def _evictable(self, tried: set[str]) -> str | None:
        """The kernel to shut down to make room (or None): first the one whose page connected and has gone, idle
        longest (a tab closed or navigated away: busy or not, nobody is looking); else the one idle longest that
        no page has connected to yet, idle at least ``evict_after`` seconds (a bare request; a page still being
        drawn is busy or active). Never a kernel with a page connected, nor one in a pool."""
        self._note_handouts()
        now = datetime.datetime.now(datetime.timezone.utc)
        gone: tuple[datetime.datetime, str] | None = None
        bare: tuple[datetime.datetime, str] | None = None
        for kernel_id in self._counted():
            if kernel_id in tried or self._kernel_connections.get(kernel_id, 0) > 0:
                continue
            kernel = self.get_kernel(kernel_id)
            last = getattr(kernel, "last_activity", None) or now
            if kernel_id in self._paged:
                if gone is None or last < gone[0]:
                    gone = (last, kernel_id)
                continue
            if getattr(kernel, "execution_state", "") != "idle" or (now - last).total_seconds() < self.evict_after:
                continue
            if bare is None or last < bare[0]:
                bare = (last, kernel_id)
        choice = gone or bare
        return choice[1] if choice else None

    async def start_kernel(self, *args: Any, kernel_id: str | None = None, **kwargs: Any) -> str:
        script = (kwargs.get("env") or {}).get("SCRIPT_NAME", "")  # a page's request path (Voilà sets it)
        page = urllib.parse.unquote(script.split(RENDER_PATH, 1)[1]) if RENDER_PATH in script else None
        due = self._due.pop(page, None) if page is not None else None
        if due is not None:  # asked for before its follow-on kernel started: this kernel serves it, not a second one
            due.cancel()
        started = await self._start_kernel(*args, kernel_id=kernel_id, **kwargs)
        if page is not None:
            self._page_of[started] = page
        return started

    async def _start_kernel(self, *args: Any, kernel_id: str | None = None, **kwargs: Any) -> str:
        preheat = (kwargs.get("env") or {}).get(PREHEAT_ENV) == "True"  # a pool's kernel (Voilà sets this)
        if (kernel_id is None or kernel_id not in self) and self.max_kernels > 0 and not preheat:
            tried: set[str] = set()
            while len(self._counted()) + self._starting >= self.max_kernels:
                victim = self._evictable(tried)
                if victim is None:
                    self.log.warning("Refused a new kernel: %d kernels alive, every one with a page open "
                                     "or busy (max_kernels=%d)", len(self._counted()), self.max_kernels)
                    raise web.HTTPError(503, reason=FULL_MESSAGE)
                self.log.info("At the cap of %d kernels: shutting down kernel %s (no page connected)",
                              self.max_kernels, victim)
                tried.add(victim)
                try:
                    await self.shutdown_kernel(victim, now=True)
                except Exception:  # noqa: BLE001 - already going (culled, or its page's shutdown request): the next one
                    self.log.info("Kernel %s was already shutting down", victim)
            self._starting += 1
            try:
                result: str = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
            finally:
                self._starting -= 1
            return result
        started: str = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        return started


class PageIdentityProvider(PasswordIdentityProvider):  # type: ignore[misc]
    """Voilà's own identity provider, which also gives every page the ``_xsrf`` cookie (standalone Voilà).

    When a tab closes, Voilà's page posts ``/voila/api/shutdown/<kernel>`` with the ``_xsrf`` cookie's
    value, but Voilà never sets that cookie, so the post is refused (403 "'_xsrf' argument missing",
    upstream voila-dashboards/voila#1458) and the closed page's kernel lives on until the cull, about a
    minute: a learner going through pages kept the course at its kernel cap.  Reading
    ``handler.xsrf_token`` on a GET sets the cookie (tornado's own token, checked on every POST as
    before); this runs for pages Voilà starts on request and for preheated ones alike.
    """

    def get_user(self, handler: web.RequestHandler) -> Any:
        user = super().get_user(handler)
        if handler.request.method == "GET":
            handler.current_user = user  # what prepare() sets next; the token reads it (its cookie's lifetime)
            _ = handler.xsrf_token  # read for its effect: tornado sets the _xsrf cookie
        return user


# --- the classroom: a learner's server runs its first page before the learner arrives -----------------
#: Voilà's preheating kernel manager over the capped one (standalone Voilà builds the same for ``make course``)
_PreheatingBase: Any = voila_kernel_manager_factory(CappedKernelManager, True, 0)


class LearnerKernelManager(_PreheatingBase):  # type: ignore[misc]
    """A learner's server's kernels (classroom/jupyter_server_config.json): :class:`CappedKernelManager`, plus one
    kernel that runs the page the server opens on (the contents page, in the learner's language) as soon as the
    server is up, so the learner's first page after logging in is already run (issue #26, item 6).

    Voilà preheats pages only when it runs standalone (``make course``); as a server extension, as in each
    learner's server, its page handler still takes a pooled kernel when the server's kernel manager has one
    (``notebook_data``, ``get_pool_size``), but nothing makes the pool.  This class is Voilà's own preheating
    manager (``voila_kernel_manager_factory``) over :class:`CappedKernelManager`, with what that manager expects
    of a standalone Voilà app (its configuration, template paths, settings) given by
    the ``classroom.start_page`` server extension when it loads.  The pool holds that one page,
    once: a page taking the kernel refills nothing (pages have no pool, as before), so a learner holds no more
    kernels than before.  Like every preheated kernel it waits for its page's request before reading the
    learner's progress (``widgets.progress``), and it sits outside the cap and the cull while it waits.
    """

    def __init__(self, **kwargs: Any) -> None:
        # Voilà's manager's own __init__ reads a standalone Voilà app as its parent (here: the Jupyter server),
        # and fills a pool for every notebook it finds: neither applies, so only what it sets up is set up here
        CappedKernelManager.__init__(self, **kwargs)
        self._wait_at_startup = True
        self.notebook_data: dict[str, Any] = {}
        self._pools: dict[str, list[asyncio.Task[Any]]] = {}
        self.root_dir = self.parent.root_dir
        self.notebook_path = None
        self._renderer_args: dict[str, Any] | None = None

    def set_renderer(self, **renderer_args: Any) -> None:
        """What a page's renderer needs that a standalone Voilà app would give (``classroom.start_page`` sets it)."""
        self._renderer_args = renderer_args

    def _notebook_renderer_factory(self, notebook_path: str | None = None) -> Any:
        from voila.notebook_renderer import NotebookRenderer  # type: ignore[import-untyped]
        from voila.utils import get_page_config  # type: ignore[import-untyped]

        if self._renderer_args is None:
            raise RuntimeError("no page renderer: the classroom.start_page server extension did not load")
        args = self._renderer_args
        settings = args["settings"]
        page_config = get_page_config(base_url=self.parent.base_url, settings=settings, log=self.parent.log,
                                      voila_configuration=args["voila_configuration"])
        return NotebookRenderer(
            voila_configuration=args["voila_configuration"],
            traitlet_config=self.parent.config,
            notebook_path=notebook_path,
            template_paths=args["template_paths"],
            config_manager=self.parent.config_manager,
            contents_manager=self.parent.contents_manager,
            base_url=self.parent.base_url,
            kernel_spec_manager=self.parent.kernel_spec_manager,
            page_config=page_config,
            mathjax_config=settings.get("mathjax_config"),
            mathjax_url=settings.get("mathjax_url"),
        )

    def preheat_once(self, page: str, env: dict[str, str]) -> None:
        """Start one kernel that runs ``page`` now, with ``env`` added to its environment; when a request takes it,
        nothing refills the pool (the pools' configuration, none for any page, is what a refill reads)."""
        # Known at once, not when its kernel has started: a request for the page that comes while the kernel is still
        # starting (a learner logging in as their server spawns) then waits for that kernel, as Voilà's handler does
        # for a pool that is filling, instead of starting a second kernel beside it and leaving the pooled one waiting
        args = self._renderer_args or {}
        configuration = args.get("voila_configuration")
        self.notebook_data.setdefault(page, {
            "kernel_ids": set(),
            "template": getattr(configuration, "template", None),
            "theme": getattr(configuration, "theme", None),
        })
        self._fill_once(page, 0, env)
