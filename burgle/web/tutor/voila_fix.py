"""Kernel client for Voila that cannot miss a reply after a send (fix for Voila's page-load stall).

Cause (see docs/voila-page-loads.md): Voila executes the notebook with nbclient over a
``zmq.asyncio`` kernel client.  While a cell runs, nbclient waits for the cell's
``execute_reply`` with ``await kc.shell_channel.get_msg(timeout=None)``, i.e. an asyncio
poll on the shell DEALER socket.  When the cell displays something inside an ``Output``
widget, nbclient's output-widget emulation sends a ``comm_msg`` back to the kernel on
that same shell socket.  ``jupyter_client.Session.send`` turns the ``zmq.asyncio.Socket``
into a plain blocking shadow socket before sending, so pyzmq's asyncio wrapper never
learns about the send.  A libzmq send processes the socket's pending commands, which
consumes the edge-triggered ``ZMQ_FD`` notification of an ``execute_reply`` that arrived
just before; pyzmq's wrapper would re-check ``ZMQ_EVENTS`` after its own sends (pyzmq
PR 1208), but it is bypassed here.  The reply then sits in the socket while the poll
waits forever: the page stops at "Executing N of M".

Fix: after every send on a channel, read ``ZMQ_EVENTS`` through the ``zmq.asyncio``
socket.  Its ``get(EVENTS)`` re-schedules any pending poll/recv future when a message
is already waiting, which is exactly the check the bypassed wrapper would have made.

Use (``burgle tutor`` and the Binder configuration already do this)::

    voila app.ipynb \\
        --ServerKernelManager.client_class=burgle.web.tutor.voila_fix.EdgeSafeAsyncKernelClient

Remove it once an upstream jupyter_client or nbclient release fixes the race
(``benchmarks/voila_repro/nbclient_hang.py --runs 50`` without ``--fixed`` then shows 0 hangs).

This only changes the server-side client that Voila's executor uses; the browser's
websocket path (jupyter_server's ZMQStream) is unaffected.
"""

from __future__ import annotations

import typing as t

import zmq
from jupyter_client.asynchronous.client import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from traitlets import Type

__all__ = ["EdgeSafeAsyncZMQSocketChannel", "EdgeSafeAsyncKernelClient"]


class EdgeSafeAsyncZMQSocketChannel(AsyncZMQSocketChannel):
    """AsyncZMQSocketChannel whose ``send`` re-arms pending asyncio polls/recvs."""

    def send(self, msg: dict[str, t.Any]) -> None:
        super().send(msg)
        sock = self.socket
        if sock is not None and not sock.closed:
            # zmq.asyncio.Socket.get(EVENTS) calls _schedule_remaining_events():
            # a message that is already readable wakes the waiting get_msg().
            sock.get(zmq.EVENTS)


class EdgeSafeAsyncKernelClient(AsyncKernelClient):
    """AsyncKernelClient using EdgeSafeAsyncZMQSocketChannel for the channels it sends on."""

    shell_channel_class = Type(EdgeSafeAsyncZMQSocketChannel)  # type: ignore[assignment]
    stdin_channel_class = Type(EdgeSafeAsyncZMQSocketChannel)  # type: ignore[assignment]
    control_channel_class = Type(EdgeSafeAsyncZMQSocketChannel)  # type: ignore[assignment]
