"""A worker's main thread stays able to run signal handlers while its loops work.

CPython runs a Python signal handler only in the main thread. When the kernel delivers
SIGTERM to one of the worker's loop threads, a main thread blocked in a plain
``Thread.join()`` is not woken, so the handler (``worker.stop()``) never ran and the
worker went on polling after SIGTERM (seen as a fleet test timing out under load).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

PROBE = textwrap.dedent(
    """
    import signal, threading, time
    from stepgraph.worker import join_all

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())

    def loop():
        while not stop.is_set():
            stop.wait(0.2)

    looper = threading.Thread(target=loop)
    looper.start()
    # SIGTERM delivered to the loop thread, not to the main thread.
    def kill_the_loop_thread():
        time.sleep(0.5)  # the main thread is in join_all by then
        signal.pthread_kill(looper.ident, signal.SIGTERM)

    threading.Thread(target=kill_the_loop_thread).start()
    join_all([looper])
    print("stopped")
    """
)


def test_a_sigterm_delivered_to_a_loop_thread_still_stops_the_worker() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=10, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "stopped"
