"""Diagnostics only: run voila with a 5 s watchdog on every kernel-client get_msg().

Prints whether a message was already readable (ZMQ_EVENTS & POLLIN) while get_msg() still
waited. Reading EVENTS through the zmq.asyncio socket also re-arms it, so a stalled load
recovers ~5 s late instead of hanging. Use with page_loads.py:
    --voila "python benchmarks/voila_repro/voila_watchdog.py"
"""
import asyncio, logging, sys, time
import zmq
from jupyter_client.channels import AsyncZMQSocketChannel

log = logging.getLogger("diag")
_orig = AsyncZMQSocketChannel.get_msg

async def get_msg(self, timeout=None):
    sock = self.socket
    t0 = time.monotonic()
    async def watchdog():
        await asyncio.sleep(5)
        ev = sock.get(zmq.EVENTS)
        print(f"[diag] get_msg(timeout={timeout}) on {type(sock).__module__}.{type(sock).__name__} "
              f"waiting {time.monotonic()-t0:.1f}s: zmq EVENTS&POLLIN={bool(ev & zmq.POLLIN)} "
              f"_state={getattr(sock,'_state',None)} recv_futures={len(getattr(sock,'_recv_futures',[]))} "
              f"send_futures={len(getattr(sock,'_send_futures',[]))}", file=sys.stderr, flush=True)
    w = asyncio.ensure_future(watchdog())
    try:
        return await _orig(self, timeout)
    finally:
        w.cancel()

AsyncZMQSocketChannel.get_msg = get_msg

from voila.app import main
sys.exit(main())
