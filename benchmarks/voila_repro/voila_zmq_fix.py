"""Re-export of the Voila kernel-client fix, which now lives in the package.

The class is ``burgle.web.tutor.voila_fix.EdgeSafeAsyncKernelClient`` (see that module and
docs/voila-page-loads.md). This module stays so that the commands recorded in
docs/voila-page-loads.md (``PYTHONPATH=benchmarks/voila_repro ...
--ServerKernelManager.client_class=voila_zmq_fix.EdgeSafeAsyncKernelClient``) still work.
"""

from burgle.web.tutor.voila_fix import EdgeSafeAsyncKernelClient, EdgeSafeAsyncZMQSocketChannel

__all__ = ["EdgeSafeAsyncZMQSocketChannel", "EdgeSafeAsyncKernelClient"]
