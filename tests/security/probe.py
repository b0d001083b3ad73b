"""A visitor without a browser: loads a page the way a browser does, then drives the page's
own kernel websocket with the messages a browser sends (jupyter's v1 websocket protocol,
the widget-control comm, widget ``update`` and ``custom`` messages).

Only ever talks to 127.0.0.1. Used by the probes in this folder::

    with Visitor(url) as v:                      # GET the page, open its websocket
        search = v.widget("burgle-search")        # a widget by its CSS class
        v.set(search, value="GUARD-9")            # what typing into it sends
        v.click(v.widget("burgle-nav-sandbox"))   # what a click sends
        v.wait_for(lambda: ...)                   # read state the kernel sent back
"""

from __future__ import annotations

import http.cookies
import json
import re
import time
import urllib.parse
import urllib.request
import uuid

import websocket  # websocket-client, a dependency of jupyter_server

PROTOCOL = "v1.kernel.websocket.jupyter.org"


def fetch(url: str, *, headers: dict | None = None, method: str = "GET", data: bytes | None = None,
          timeout: float = 120) -> tuple[int, dict, str, list[str]]:
    """(status, headers, body, set-cookie lines) of one request; errors are answers too."""
    assert url.startswith("http://127.0.0.1"), url
    req = urllib.request.Request(url, headers=headers or {}, method=method, data=data)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, dict(r.headers), r.read().decode("utf-8", "replace"), r.headers.get_all("Set-Cookie") or []
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode("utf-8", "replace"), e.headers.get_all("Set-Cookie") or []


def kernel_id_of(page: str) -> str:
    match = re.search(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', page, re.S)
    assert match, "no page config in the page (did the page load?)"
    return json.loads(match.group(1))["kernelId"]


def _pack(channel: str, parts: list[bytes]) -> bytes:
    chan = channel.encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(chan))
    for p in parts:
        offsets.append(offsets[-1] + len(p))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets), chan, *parts])


def _unpack(data: bytes) -> tuple[str, dict, dict, dict, list[bytes]]:
    n = int.from_bytes(data[:8], "little")
    offsets = [int.from_bytes(data[8 * (i + 1): 8 * (i + 2)], "little") for i in range(n)]
    parts = [data[offsets[i]: offsets[i + 1]] for i in range(n - 1)]
    channel = parts[0].decode()
    header, parent, _meta, content = (json.loads(p or b"{}") for p in parts[1:5])
    return channel, header, parent, content, parts[5:]


class Visitor:
    """One page load and its kernel websocket."""

    def __init__(self, url: str, *, query: str = "", headers: dict | None = None, origin: str | None = None,
                 page_timeout: float = 120):
        self.url = url
        self.origin = origin or url.rstrip("/")
        self.status, self.headers, self.page, cookie_lines = fetch(url + query, headers=headers, timeout=page_timeout)
        self.cookies: dict[str, str] = {}
        for line in cookie_lines:
            jar = http.cookies.SimpleCookie()
            jar.load(line)
            self.cookies.update({k: m.value for k, m in jar.items()})
        self.cookie_lines = cookie_lines
        self.kernel_id = kernel_id_of(self.page) if self.status == 200 else None
        self.session = uuid.uuid4().hex
        self.ws = None
        self.states: dict[str, dict] = {}  # model id -> widget state, kept up to date
        self.closed: tuple[int | None, str] | None = None

    # -------------------------------------------------------------- connection
    def connect(self, timeout: float = 30) -> "Visitor":
        assert self.kernel_id, f"the page did not load (HTTP {self.status})"
        ws_url = self.url.replace("http://", "ws://").rstrip("/") + \
            f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        self.ws = websocket.create_connection(
            ws_url, subprotocols=[PROTOCOL], timeout=timeout, origin=self.origin,
            cookie="; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        self.load_states()
        return self

    def __enter__(self) -> "Visitor":
        return self.connect()

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.ws.close()
            except Exception:
                pass
            self.ws = None

    def leave(self) -> int:
        """What a closing tab does: Voila's unload beacon (POST with the _xsrf cookie's value)."""
        xsrf = self.cookies.get("_xsrf", "")
        body = urllib.parse.urlencode({"_xsrf": xsrf}).encode()
        status, *_ = fetch(self.url.rstrip("/") + f"/voila/api/shutdown/{self.kernel_id}", method="POST", data=body,
                           headers={"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                                    "Origin": self.origin, "Content-Type": "application/x-www-form-urlencoded"})
        self.close()
        return status

    # -------------------------------------------------------------- messages
    def send(self, msg_type: str, content: dict, buffers: list[bytes] = (), channel: str = "shell",
             metadata: dict | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "", "session": self.session,
                  "date": "", "version": "5.3"}
        parts = [json.dumps(x).encode() for x in (header, {}, metadata or {}, content)] + list(buffers)
        self.ws.send_binary(_pack(channel, parts))
        return msg_id

    def receive(self, timeout: float) -> tuple[str, dict, dict, dict, list[bytes]] | None:
        """The next kernel message (None when none came in time); keeps widget states current.
        A closed connection is recorded in ``self.closed``."""
        self.ws.settimeout(timeout)
        try:
            opcode, data = self.ws.recv_data()
        except websocket.WebSocketTimeoutException:
            return None
        except (websocket.WebSocketConnectionClosedException, ConnectionError, OSError) as exc:
            self.closed = (None, repr(exc))
            return None
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            code = int.from_bytes(data[:2], "big") if len(data) >= 2 else None
            self.closed = (code, data[2:].decode("utf-8", "replace"))
            return None
        if isinstance(data, str) or opcode == websocket.ABNF.OPCODE_TEXT:
            msg = json.loads(data)
            item = (msg["channel"], msg["header"], msg["parent_header"], msg["content"], [])
        else:
            item = _unpack(data)
        channel, header, _parent, content, _buffers = item
        if header.get("msg_type") == "comm_msg" and content.get("data", {}).get("method") == "update":
            self.states.setdefault(content["comm_id"], {}).update(content["data"].get("state", {}))
        return item

    def wait_for(self, predicate, timeout: float = 20.0):
        """Read messages until ``predicate()`` is true (then return its value) or time runs out."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return predicate()
            self.receive(min(left, 1.0))

    def reply_to(self, msg_id: str, msg_type: str | None = None, timeout: float = 20.0):
        """Messages until one whose parent is *msg_id* (of *msg_type* if given); returns it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.closed:
            item = self.receive(min(deadline - time.monotonic(), 1.0))
            if item and item[2].get("msg_id") == msg_id and (msg_type is None or item[1]["msg_type"] == msg_type):
                return item
        return None

    def sync(self, timeout: float = 60.0) -> bool:
        """Wait until the kernel has handled everything sent so far and its output has arrived.

        The kernel handles the page's requests in order and publishes each one's output
        (widget updates) on iopub before its "idle" status: so the "idle" of a request sent
        now comes after everything earlier. (A shell reply can overtake iopub output.)"""
        msg_id = self.send("kernel_info_request", {})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.closed:
            item = self.receive(min(deadline - time.monotonic(), 1.0))
            if item and item[0] == "iopub" and item[1].get("msg_type") == "status" \
                    and item[2].get("msg_id") == msg_id and item[3].get("execution_state") == "idle":
                return True
        return False

    # -------------------------------------------------------------- widgets
    def load_states(self) -> None:
        """What the page's widget manager does on load: open jupyter.widget.control and ask for every state."""
        comm_id = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                  metadata={"version": "1.0.0"})
        msg_id = self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        reply = None
        deadline = time.monotonic() + 30
        while reply is None and time.monotonic() < deadline and not self.closed:
            item = self.receive(1.0)
            if item and item[1]["msg_type"] == "comm_msg" and item[2].get("msg_id") == msg_id:
                reply = item
        assert reply is not None, "the kernel never sent the widget states"
        for model_id, entry in reply[3]["data"]["states"].items():
            self.states[model_id] = dict(entry["state"])
        self.send("comm_close", {"comm_id": comm_id, "data": {}})

    def widget(self, css_class: str) -> str:
        """The model id of the widget carrying *css_class* (it must be unique)."""
        found = [m for m, s in self.states.items() if css_class in s.get("_dom_classes", ())]
        assert len(found) == 1, f"{len(found)} widgets have the class {css_class!r}"
        return found[0]

    def set(self, model_id: str, **state) -> str:
        return self.send("comm_msg", {"comm_id": model_id,
                                      "data": {"method": "update", "state": state, "buffer_paths": []}})

    def click(self, model_id: str) -> str:
        return self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})

    def value(self, model_id: str, name: str = "value"):
        return self.states.get(model_id, {}).get(name)
