"""A kernel manager with a cap on live kernels, for the local course and the classroom.

Every Voila page view starts a kernel of about 60 MB, and any web page can make a browser
request a page of the local course (an ``<img>`` tag pointing at it is enough).  Culling
(voila.json: a kernel with no page connected is shut down about a minute after its last
activity) frees those kernels, but without a cap a burst of requests could still fill the
memory first.  :class:`CappedKernelManager` keeps at most ``max_kernels`` kernels alive:

* below the cap, a new page starts its kernel as before;
* at the cap, the kernel that has been idle longest **with no page connected** (a closed tab,
  a bare request) is shut down to make room (a kernel whose page is still open is never
  touched, nor one busy or started in the last few seconds, which may be a page still loading);
* if there is no such kernel, the page is refused with HTTP 503 and plain words.

Preheated kernels (Voilà's ``preheat_kernel``, the pools ``voila.json`` sizes) sit outside the cap:
a pool's size is fixed by the configuration, not by requests, so no request can grow it.  A kernel
waiting in a pool is never shut down to make room (nor culled: Voilà's manager skips it), and it is not
counted against ``max_kernels``; once a page takes it from its pool it is an ordinary kernel and counts,
and its idle time starts from that moment (not from when it finished running its page in the pool).

``voila.json`` sets it for ``make course`` (``VoilaConfiguration.multi_kernel_manager_class``);
``classroom/jupyter_server_config.json`` for each learner's server (``ServerApp.kernel_manager_class``).
"""

from __future__ import annotations

import datetime
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

#: what a learner reads when every kernel is in use by an open page
#: (the HTTP reason phrase, which Voila's error page shows)
#: the environment variable Voilà sets for a kernel it starts for a preheat pool
PREHEAT_ENV = "VOILA_PREHEAT"

FULL_MESSAGE = "Too many course pages are open at once: close a tab you no longer need, then reload this page"


class CappedKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """AsyncMappingKernelManager with at most ``max_kernels`` live kernels (see the module's doc)."""

    max_kernels = Integer(8, config=True, help="The most kernels alive at once (0: no cap).")
    evict_after = Integer(5, config=True, help="A kernel with no page connected may be shut down to make "
                                                "room once it has been idle this many seconds.")

    _starting = 0
    _was_pooled: set[str] = set()

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

    def _evictable(self, tried: set[str]) -> str | None:
        """The kernel idle longest with no page connected, busy with nothing, not in a pool (or None)."""
        self._note_handouts()
        now = datetime.datetime.now(datetime.timezone.utc)
        best: tuple[datetime.datetime, str] | None = None
        for kernel_id in self._counted():
            if kernel_id in tried:
                continue
            kernel = self.get_kernel(kernel_id)
            if self._kernel_connections.get(kernel_id, 0) > 0:
                continue
            if getattr(kernel, "execution_state", "") != "idle":
                continue
            last = getattr(kernel, "last_activity", None)
            if last is None or (now - last).total_seconds() < self.evict_after:
                continue
            if best is None or last < best[0]:
                best = (last, kernel_id)
        return best[1] if best else None

    async def start_kernel(self, *args: Any, kernel_id: str | None = None, **kwargs: Any) -> str:
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
