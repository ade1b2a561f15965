"""One HTTP POST with the standard library, bounded by a total deadline.

A socket timeout bounds each read, not the request: a server that trickles a byte at a
time could hold a request for ever. Here a timer shuts the connection's socket down
when the deadline passes, so whatever read is waiting ends, and the request fails
with ``ProviderTimeout``. A reply cut short (``IncompleteRead``), one that is not HTTP
(``BadStatusLine``) or no reply at all (``RemoteDisconnected``) is a
``ProviderConnectionError``, which the harness retries like any lost connection.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import urllib.error
import urllib.request
from typing import Any

from ..errors import ProviderConnectionError, ProviderTimeout


class _Watched:
    """The sockets a request opened, and whether the deadline cut them."""

    def __init__(self) -> None:
        self.sockets: list[socket.socket] = []
        self.expired = False
        self.lock = threading.Lock()

    def factory(self, cls: type[http.client.HTTPConnection]) -> Any:
        watched = self

        class Watched(cls):  # type: ignore[valid-type,misc]
            def connect(self) -> None:
                super().connect()
                # urllib drops the connection's reference once the headers are read; the
                # response reads the body through this same socket, so keep our own.
                with watched.lock:
                    watched.sockets.append(self.sock)
                    if watched.expired:  # the deadline passed while connecting
                        raise TimeoutError("the request deadline passed")

        return Watched

    def expire(self) -> None:
        with self.lock:
            self.expired = True
            for sock in self.sockets:
                with contextlib.suppress(OSError):  # already closed
                    sock.shutdown(socket.SHUT_RDWR)


class _HTTP(urllib.request.HTTPHandler):
    def __init__(self, watched: _Watched) -> None:
        super().__init__()
        self.watched = watched

    def http_open(self, req: urllib.request.Request) -> Any:
        return self.do_open(self.watched.factory(http.client.HTTPConnection), req)


class _HTTPS(urllib.request.HTTPSHandler):
    def __init__(self, watched: _Watched) -> None:
        super().__init__()
        self.watched = watched

    def https_open(self, req: urllib.request.Request) -> Any:
        return self.do_open(self.watched.factory(http.client.HTTPSConnection), req,
                            context=self._context)  # type: ignore[attr-defined]  # fmt: skip


def post(
    url: str, data: bytes, headers: dict[str, str], timeout: float
) -> tuple[int, bytes, dict[str, str], bool]:
    """POST ``data``; (status, body, headers, ok) where ok is False for an HTTP error status.

    The whole exchange (connect, send, headers, body) ends within ``timeout`` seconds.
    """
    watched = _Watched()
    opener = urllib.request.build_opener(_HTTP(watched), _HTTPS(watched))
    timer = threading.Timer(timeout, watched.expire)
    timer.daemon = True
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    timer.start()
    try:
        try:
            with opener.open(request, timeout=timeout) as response:
                status, body = response.status, response.read()
                answer = (status, body, dict(response.headers.items()), True)
        except urllib.error.HTTPError as error:
            answer = (error.code, error.read(), dict(error.headers.items()), False)
    except TimeoutError as error:
        raise ProviderTimeout(f"no complete answer within {timeout:g} s") from error
    except (urllib.error.URLError, http.client.HTTPException, OSError) as error:
        if watched.expired:
            raise ProviderTimeout(f"no complete answer within {timeout:g} s") from None
        reason = error.reason if isinstance(error, urllib.error.URLError) else error
        if isinstance(reason, TimeoutError):
            raise ProviderTimeout(f"no complete answer within {timeout:g} s") from None
        raise ProviderConnectionError(
            f"connection to {url} failed: {type(reason).__name__}: {reason}"
        ) from None
    finally:
        timer.cancel()
    if watched.expired:  # the body may have been read short by the shutdown
        raise ProviderTimeout(f"no complete answer within {timeout:g} s")
    return answer
