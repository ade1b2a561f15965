"""One harness logic, two drivers: the runner's steps are written once, as a generator.

The run logic (runner.py) and a model call (context.py) are generators that *yield
what must be done* instead of doing it, as a small tuple whose first item says what:

* ``(IO, fn, args)``: blocking I/O (a store call), ``fn(*args)``;
* ``(CALL, node, name, state, context)``: run a node (awaited if it is async);
* ``(GENERATE, adapter, request)``: one model call;
* ``(SLEEP, seconds, sleep)``: a backoff (``sleep`` is the policy's own function);

or a ``StepEvent`` to hand to the listener (every driver also writes each event to the
``stepgraph.runner`` log). A driver performs each request and sends
the answer back (or throws the error in):

* ``drive_sync`` (and ``iterate_sync``, its iterator form) does everything in the
  caller's thread, with no event loop and no thread hop for a node without a timeout;
* ``drive_async`` runs on the caller's event loop: store I/O and sync nodes in a
  worker thread each, async nodes awaited there, model calls through the adapter's
  ``agenerate`` when it has one, timeouts by cancellation.

Requests are plain tuples, not objects, because the sync path runs a dozen of them per
run and must cost what the loop cost before it was shared (bench/offer_runs.py).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import AsyncGenerator, Callable, Generator, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import NodeTimeout
from .logs import log_event

if TYPE_CHECKING:
    from .context import Context
    from .graph import Node
    from .stream import StepEvent

T = TypeVar("T")

IO, CALL, GENERATE, SLEEP = 0, 1, 2, 3
"""The first item of a request tuple."""

Steps = Generator["tuple[Any, ...] | StepEvent", Any, T]
"""A harness generator: yields requests and events, returns its result."""


def drive_sync(steps: Steps[T], deliver: Callable[[StepEvent], None] | None = None) -> T:
    """Perform the requests of ``steps`` in this thread and return its result.

    Events go to ``deliver`` (steps made without listeners emit none).
    """
    try:
        item = next(steps)
        while True:
            if type(item) is not tuple:
                log_event(item)  # type: ignore[arg-type]
                if deliver is not None:
                    deliver(item)  # type: ignore[arg-type]
                item = steps.send(None)
                continue
            try:  # the common requests inline: this loop is the sync path's hot loop
                kind = item[0]
                if kind == IO:
                    value = item[1](*item[2])
                elif kind == CALL:
                    value = _call_sync(item[1], item[2], item[3], item[4])
                else:
                    value = _perform_sync(item)
            except BaseException as failure:
                item = steps.throw(failure)
            else:
                item = steps.send(value)
    except StopIteration as stop:
        return stop.value  # type: ignore[no-any-return]


def iterate_sync(steps: Steps[T]) -> Iterator[StepEvent | T]:
    """``drive_sync`` as an iterator: the events as they come, then the result.

    Closing the iterator early closes ``steps`` (releasing what they hold) at once.
    """
    send: Any = None
    error: BaseException | None = None
    while True:
        try:
            item = steps.send(send) if error is None else steps.throw(error)
        except StopIteration as stop:
            yield stop.value
            return
        send, error = None, None
        if type(item) is tuple:
            try:
                send = _perform_sync(item)
            except BaseException as failure:
                error = failure
            continue
        try:
            log_event(item)  # type: ignore[arg-type]
            yield item  # type: ignore[misc]
        except GeneratorExit:
            steps.close()
            raise


def _perform_sync(item: tuple[Any, ...]) -> Any:
    kind = item[0]
    if kind == IO:
        return item[1](*item[2])
    if kind == CALL:
        return _call_sync(item[1], item[2], item[3], item[4])
    if kind == GENERATE:
        return item[1].generate(item[2])
    item[2](item[1])
    return None


async def drive_async(steps: Steps[T]) -> AsyncGenerator[StepEvent | _Done, None]:
    """Perform the requests of ``steps`` on the running loop; yield events, then ``_Done``."""
    from asyncio import CancelledError

    send: Any = None
    error: BaseException | None = None
    while True:
        try:
            item = steps.send(send) if error is None else steps.throw(error)
        except StopIteration as stop:
            yield _Done(stop.value)
            return
        send, error = None, None
        if type(item) is tuple:
            try:
                send = await _perform_async(item)
            except BaseException as failure:
                if isinstance(failure, CancelledError):
                    steps.close()  # the caller cancelled: release the hold, save nothing
                    raise
                error = failure
            continue
        try:
            log_event(item)  # type: ignore[arg-type]
            yield item  # type: ignore[misc]
        except GeneratorExit:
            steps.close()  # the consumer closed the iterator: release what the steps hold
            raise


class _Done:
    """The last item of ``drive_async``: the generator's result."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def result_of(done: object) -> Any:
    """The value of a ``_Done`` item (None for anything else)."""
    return done.value if isinstance(done, _Done) else None


async def _perform_async(item: tuple[Any, ...]) -> Any:
    import asyncio

    kind = item[0]
    if kind == IO:
        return await asyncio.to_thread(item[1], *item[2])
    if kind == CALL:
        return await _call_async(item[1], item[2], item[3], item[4])
    if kind == GENERATE:
        adapter, request = item[1], item[2]
        agenerate = getattr(adapter, "agenerate", None)
        if agenerate is not None:
            return await agenerate(request)
        return await asyncio.to_thread(adapter.generate, request)
    seconds, sleep = item[1], item[2]
    if sleep is time.sleep:
        await asyncio.sleep(seconds)
    else:
        await asyncio.to_thread(sleep, seconds)
    return None


async def _call_async(node: Node[Any], name: str, state: Any, context: Context) -> Any:
    """An async node awaited here; a sync one in a worker thread; both bounded by timeout."""
    import asyncio

    fn, seconds = node.fn, node.timeout
    if _is_async(fn):
        work: Any = fn(state, context)
    else:
        work = _sync_in_thread(fn, state, context, abandon=seconds is not None)
    if seconds is None:
        return await work
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=seconds)
    if not done:  # the deadline passed: cancel (a sync node's thread is abandoned)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        raise NodeTimeout(name, seconds)
    return task.result()


async def _sync_in_thread(
    fn: Callable[..., Any], state: Any, context: Context, *, abandon: bool
) -> Any:
    """``fn`` in a worker thread. A node that may be abandoned at its timeout gets a
    daemon thread of its own, so it never holds up the loop's shutdown."""
    import asyncio

    if abandon:
        result = await _daemon_call(fn, state, context)
    else:
        result = await asyncio.to_thread(fn, state, context)
    if hasattr(result, "__await__"):  # a plain function that returned an awaitable
        return await result
    return result


async def _daemon_call(fn: Callable[..., Any], *args: Any) -> Any:
    import asyncio

    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def settle(value: Any, error: BaseException | None) -> None:
        if future.done():
            return  # the node was abandoned at its timeout
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)

    def work() -> None:
        try:
            value = fn(*args)
        except BaseException as error:
            _post(loop, settle, None, error)
        else:
            _post(loop, settle, value, None)

    threading.Thread(target=work, name="stepgraph-node", daemon=True).start()
    return await future


def _post(loop: Any, fn: Callable[..., None], *args: Any) -> None:
    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits for the node now
        loop.call_soon_threadsafe(fn, *args)


def _is_async(fn: Callable[..., Any]) -> bool:
    import inspect

    return inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(
        getattr(fn, "__call__", None)  # noqa: B004 - an object with an async __call__
    )


def _call_sync(node: Node[Any], name: str, state: Any, context: Context) -> Any:
    if node.timeout is None:
        return _settle(node.fn(state, context))
    return _call_with_timeout(node, name, state, context, node.timeout)


def _settle(result: Any) -> Any:
    """Await ``result`` if a node returned an awaitable (an async node under ``run``).

    Inside a thread that already runs an event loop (``run`` called from async code)
    the awaitable runs on a fresh loop in a helper thread; ``arun`` avoids both.
    """
    if not hasattr(result, "__await__"):
        return result
    import asyncio  # imported only when an async node runs under run()

    async def wait() -> Any:
        return await result

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(wait())
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["value"] = asyncio.run(wait())
        except BaseException as error:
            box["error"] = error

    helper = threading.Thread(target=work, name="stepgraph-async-node", daemon=True)
    helper.start()
    helper.join()
    if "error" in box:
        raise box["error"]
    return box.get("value")


def _call_with_timeout(
    node: Node[Any], name: str, state: Any, context: Context, seconds: float
) -> Any:
    """Run the node in a worker thread and stop waiting after ``seconds``.

    Async nodes are cancelled at the deadline. A synchronous node cannot be stopped
    from outside: its thread is abandoned and whatever it returns later is discarded.
    """
    import asyncio

    outcome: dict[str, Any] = {}
    finished = threading.Event()

    def work() -> None:
        try:
            result: Any = node.fn(state, context)
            if hasattr(result, "__await__"):

                async def bounded() -> Any:
                    task = asyncio.ensure_future(result)
                    done, _ = await asyncio.wait({task}, timeout=seconds)
                    if not done:  # the deadline passed; the node's own TimeoutError is not this
                        outcome["timed_out"] = True
                        task.cancel()
                        await asyncio.gather(task, return_exceptions=True)
                        return None
                    return task.result()

                result = asyncio.run(bounded())
            outcome["value"] = result
        except BaseException as error:
            outcome["error"] = error
        finally:
            finished.set()

    threading.Thread(target=work, name=f"stepgraph-node-{name}", daemon=True).start()
    if not finished.wait(seconds) or outcome.get("timed_out"):
        raise NodeTimeout(name, seconds)
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")
