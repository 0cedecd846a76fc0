"""A learner without a browser: a Voila page's kernel driven over its websocket.

The load test (bench/classroom.py) uses it for most simulated learners: it
fetches a lesson page through the hub as a browser would (the page's kernel
runs every cell), connects to that kernel's websocket with the learner's
cookies, asks ipywidgets for every widget's state (the ``jupyter.widget.control``
comm a browser uses too), and clicks option buttons by sending the same
``comm_msg`` a browser sends.  It times each click until the exercise's
feedback widget is updated by the kernel.
"""

from __future__ import annotations

import datetime
import json
import re
import struct
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import requests
import websocket  # websocket-client

WIDGET_PROTOCOL = "2.1.0"
CONTROL_PROTOCOL = "1.0.0"


@dataclass
class OptionExercise:
    """An exercise answered by clicking one of its option buttons."""

    model_id: str
    feedback_id: str
    #: option button model id -> its label
    options: dict[str, str] = field(default_factory=dict)


class KernelError(RuntimeError):
    """The kernel reported an error, or did not answer in time."""


def _decode(frame: str | bytes) -> dict[str, Any]:
    """A message from jupyter_server's websocket: JSON text, or the binary framing for buffers."""
    if isinstance(frame, str):
        msg: dict[str, Any] = json.loads(frame)
        return msg
    (nbufs,) = struct.unpack("!I", frame[:4])
    offsets = list(struct.unpack("!" + "I" * nbufs, frame[4:4 + 4 * nbufs])) + [len(frame)]
    msg = json.loads(frame[offsets[0]:offsets[1]].decode("utf-8"))
    return msg


def kernel_id_of(html: str) -> str | None:
    """The kernel id a Voila page's HTML names (``None`` if it names none)."""
    match = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
    return match.group(1) if match else None


def shutdown_kernel(session: requests.Session, server_url: str, kernel_id: str) -> None:
    """What Voila's page sends when the learner leaves it: shut its kernel down (XSRF-checked)."""
    path = "/" + server_url.split("://", 1)[-1].split("/", 1)[-1].strip("/")  # the server's own cookie, not the hub's
    candidates = [c for c in session.cookies if c.name == "_xsrf"]
    candidates.sort(key=lambda c: not path.startswith((c.path or "/").rstrip("/")) or (c.path or "/") == "/hub/")
    xsrf = (candidates[0].value or "") if candidates else ""
    response = session.post(f"{server_url}/voila/api/shutdown/{kernel_id}", data={"_xsrf": xsrf},
                            headers={"X-XSRFToken": xsrf}, timeout=30)
    response.raise_for_status()


class VoilaPage:
    """One lesson opened by one learner: the page fetched, and a websocket to its kernel."""

    def __init__(self, session: requests.Session, server_url: str, notebook: str, *, timeout: float = 120.0) -> None:
        """``server_url``: the learner's server through the proxy, e.g. ``http://127.0.0.1:8000/user/ann``."""
        self.timeout = timeout
        start = time.monotonic()
        response = session.get(f"{server_url}/voila/render/{notebook}", timeout=timeout)
        response.raise_for_status()
        self.load_seconds = time.monotonic() - start
        self.html = response.text
        kernel_id = kernel_id_of(self.html)
        if kernel_id is None:
            raise KernelError(f"{notebook}: no kernel id in the page")
        self.kernel_id = kernel_id
        self.http = session
        self.server_url = server_url
        self.session_id = uuid.uuid4().hex
        ws_url = server_url.replace("http://", "ws://", 1) + f"/api/kernels/{self.kernel_id}/channels?session_id={self.session_id}"
        cookie = "; ".join(f"{c.name}={c.value}" for c in session.cookies)
        self.ws = websocket.create_connection(ws_url, cookie=cookie, timeout=timeout)
        self.states: dict[str, dict[str, Any]] = {}
        self.errors: list[str] = []

    def close(self, *, leave: bool = True) -> None:
        """Close the websocket; with ``leave``, also do what Voila's page does when the learner
        leaves it (``beforeunload``): ask the server to shut the page's kernel down."""
        self.ws.close()
        if leave:
            shutdown_kernel(self.http, self.server_url, self.kernel_id)

    # -- messages --------------------------------------------------------------------------
    def send(self, msg_type: str, content: dict[str, Any], *, metadata: dict[str, Any] | None = None) -> str:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "session": self.session_id, "username": "",
                       "date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "version": "5.3"},
            "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": [],
        }))
        return msg_id

    def receive(self, deadline: float) -> dict[str, Any]:
        left = deadline - time.monotonic()
        if left <= 0:
            raise KernelError("the kernel did not answer in time")
        self.ws.settimeout(left)
        try:
            msg = _decode(self.ws.recv())
        except websocket.WebSocketTimeoutException as exc:
            raise KernelError("the kernel did not answer in time") from exc
        msg_type = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
        content = msg.get("content", {})
        if msg_type == "error":
            self.errors.append(f"{content.get('ename')}: {content.get('evalue')}")
        elif msg_type == "stream" and content.get("name") == "stderr" and "Traceback" in content.get("text", ""):
            self.errors.append(content["text"][-500:])
        return msg

    # -- widgets ---------------------------------------------------------------------------
    def load_states(self) -> dict[str, dict[str, Any]]:
        """Every widget model's state, as a browser gets it when the page connects."""
        comm_id = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                  metadata={"version": CONTROL_PROTOCOL})
        self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}},
                  metadata={"version": CONTROL_PROTOCOL})
        deadline = time.monotonic() + self.timeout
        while True:
            msg = self.receive(deadline)
            content = msg.get("content", {})
            if content.get("comm_id") == comm_id and content.get("data", {}).get("method") == "update_states":
                self.states = content["data"]["states"]
                return self.states

    def _children(self, model_id: str) -> list[str]:
        state = self.states.get(model_id, {}).get("state", {})
        refs = state.get("children") or []
        return [r.removeprefix("IPY_MODEL_") for r in refs if isinstance(r, str)]

    def _descendants(self, model_id: str) -> list[str]:
        out, todo = [], [model_id]
        while todo:
            for child in self._children(todo.pop()):
                out.append(child)
                todo.append(child)
        return out

    def option_exercises(self) -> list[OptionExercise]:
        """The exercises answered with ipywidgets option buttons (multiple choice and the like)."""
        if not self.states:
            self.load_states()
        found = []
        for model_id, entry in self.states.items():
            if "fh-exercise" not in entry.get("state", {}).get("_dom_classes", []):
                continue
            feedback, options = None, {}
            for child in self._descendants(model_id):
                child_entry = self.states.get(child, {})
                classes = child_entry.get("state", {}).get("_dom_classes", [])
                if "fh-feedback" in classes and feedback is None:
                    feedback = child
                elif "fh-option" in classes and child_entry.get("model_name") == "ButtonModel":
                    options[child] = child_entry["state"].get("description", "")
            if feedback and len(options) >= 2:
                found.append(OptionExercise(model_id, feedback, options))
        return found

    def click(self, button_id: str, feedback_id: str) -> tuple[float, bool]:
        """Click a button as a browser does; return (ms until the kernel updated ``feedback_id``
        or, if it never did, until the kernel went idle, and whether the feedback changed)."""
        start = time.monotonic()
        msg_id = self.send("comm_msg", {"comm_id": button_id, "data": {"method": "custom", "content": {"event": "click"}}},
                           metadata={"version": WIDGET_PROTOCOL})
        deadline = start + self.timeout
        errors_before = len(self.errors)
        feedback_ms: float | None = None
        while True:  # until the kernel is idle again, so no late message is taken for the next click's
            msg = self.receive(deadline)
            content = msg.get("content", {})
            parent = msg.get("parent_header", {}).get("msg_id")
            msg_type = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
            if len(self.errors) > errors_before:
                raise KernelError(self.errors[-1])
            if (feedback_ms is None and parent == msg_id and msg_type == "comm_msg"
                    and content.get("comm_id") == feedback_id and content.get("data", {}).get("method") == "update"):
                feedback_ms = (time.monotonic() - start) * 1000
            if msg_type == "status" and parent == msg_id and content.get("execution_state") == "idle":
                if feedback_ms is None:
                    return (time.monotonic() - start) * 1000, False
                return feedback_ms, True
