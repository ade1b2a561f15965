"""The review page: people read runs, approve or reject reports, and supply missing prices.

``stepgraph review`` serves it on 127.0.0.1 only, with a random access token printed at
start (as notebook servers do). The token's link sets an HttpOnly, SameSite=Strict
cookie named after the token (two pages in one browser keep their own); every form
carries a CSRF token derived from it, and a POST from another origin is refused. No
page may be framed (``X-Frame-Options: DENY``, CSP ``frame-ancestors 'none'``). The
page shows the digest of the content on screen and sends it with the decision, so an
approval of content that changed since the page loaded is refused. Who acts is the
name typed in the form, checked against the policy: the page trusts whoever holds the
token to say who they are (stated in README's limits).

A request records the person's action and returns: the run is carried on in the
background (``review_jobs``), and its page refreshes itself until that is done.

Needs the ``review`` extra (Starlette, Jinja2, uvicorn, python-multipart).
"""

from __future__ import annotations

import hmac
import secrets
import socket
import sys
from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any
from urllib.parse import quote

from .checkpoint import Checkpoint
from .claims.present import claim_rows, rationale_spans
from .cli_people import parse_price, revise_blocked, supply_prices
from .errors import (
    ActionRefused,
    InputError,
    NotAllowed,
    NotWaiting,
    PrivateDataLocked,
    RunBusy,
    RunNotFound,
    StepgraphError,
)
from .events import decide, reconcile
from .graph import END
from .outcomes import said, said_of_call
from .policy import Policy
from .privacy import output_guard, shown
from .review_jobs import Jobs
from .sealing import Encryption
from .statuses import list_runs, standing
from .stores import Store, check_run_id, open_store
from .tools.listing import tool_calls

HEADERS = {
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # the first link carries the token: keep it here
}
BUSY = "busy: the run is being carried on right now; nothing was recorded, try again"
HELD = "busy: another process holds the run; nothing was recorded, try again"


MISSING_EXTRA = "needs the review extra: pip install 'stepgraph[review]'"
ORDER = ("ready_for_review", "waiting_for_data", "needs_reconciliation", "failed", "dead",
         "retry_later", "blocked", "cancelled")  # fmt: skip


def build_app(
    store_url: str,
    policy: Policy,
    token: str,
    *,
    signing_key: bytes | None = None,
    encryption: Encryption | None = None,
) -> Any:
    """The Starlette application (importing the ``review`` extra here)."""
    try:
        from starlette.applications import Starlette
        from starlette.routing import Route
    except ImportError as error:
        raise InputError("review", MISSING_EXTRA) from error
    pages = ReviewPages(store_url, policy, token, signing_key=signing_key, encryption=encryption)
    return Starlette(routes=[
        Route("/", pages.guarded(pages.runs)),
        Route("/runs/{run_id}", pages.guarded(pages.run_page)),
        Route("/runs/{run_id}/decide", pages.guarded(pages.decide_post), methods=["POST"]),
        Route("/runs/{run_id}/supply", pages.guarded(pages.supply_post), methods=["POST"]),
        Route("/runs/{run_id}/reconcile", pages.guarded(pages.reconcile_post),
              methods=["POST"]),
        Route("/runs/{run_id}/resume", pages.guarded(pages.resume_post), methods=["POST"]),
        Route("/runs/{run_id}/revise", pages.guarded(pages.revise_post), methods=["POST"]),
    ])  # fmt: skip


def cookie_name(token: str) -> str:
    """The access cookie's name: cookies are shared by every port of 127.0.0.1, so each
    server (each token) has its own, and two pages in one browser keep both."""
    return "stepgraph_review_" + hmac.new(token.encode(), b"cookie", "sha256").hexdigest()[:16]


class ReviewPages:
    """The handlers: every one opens the store for its request and closes it after."""

    def __init__(
        self,
        store_url: str,
        policy: Policy,
        token: str,
        *,
        signing_key: bytes | None = None,
        encryption: Encryption | None = None,
    ) -> None:
        from jinja2 import Environment, PackageLoader, select_autoescape

        self.store_url = store_url
        self.signing_key = signing_key
        self.encryption = encryption
        self.policy = policy
        self.token = token
        self.csrf = hmac.new(token.encode(), b"csrf", "sha256").hexdigest()
        self.cookie = cookie_name(token)
        self.jobs = Jobs(self.open_store)
        self.templates = Environment(loader=PackageLoader("stepgraph", "templates"),
                                     autoescape=select_autoescape(["html"]))  # fmt: skip

    def page(self, name: str, status: int = 200, **values: Any) -> Any:
        from starlette.responses import HTMLResponse

        html = self.templates.get_template(name).render(store_url=self.store_url,
                                                        csrf=self.csrf, **values)  # fmt: skip
        return HTMLResponse(html, status_code=status)

    def open_store(self) -> Store:
        """The store, opened with the signing and data keys the server was started with."""
        store = open_store(self.store_url, signing_key=self.signing_key,
                           encryption=self.encryption)  # fmt: skip
        store.setup()
        return store

    def guarded(self, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """``handler`` behind the token: the link sets the cookie, the cookie opens pages."""
        from starlette.responses import HTMLResponse, RedirectResponse

        def check(request: Any) -> Any:
            answer = checked(request)
            answer.headers.update(HEADERS)
            return answer

        def checked(request: Any) -> Any:
            given = request.query_params.get("token")
            if given is not None and hmac.compare_digest(given, self.token):
                answer = RedirectResponse(request.url.path, status_code=303)
                answer.set_cookie(self.cookie, self.token, httponly=True, samesite="strict")
                return answer
            if not hmac.compare_digest(request.cookies.get(self.cookie, ""), self.token):
                return HTMLResponse("Open the link with the token that `stepgraph review` "
                                    "printed.", status_code=401)  # fmt: skip
            run_id = request.path_params.get("run_id")
            if run_id is not None:
                try:
                    check_run_id(run_id)
                except InputError:
                    return HTMLResponse("no such run", status_code=404)
            try:
                return handler(request)
            except PrivateDataLocked as locked:  # started without the run's data key
                return HTMLResponse(escape(str(locked)), status_code=423)

        return check

    def runs(self, request: Any) -> Any:
        with self.open_store() as store:
            rows = list_runs(store)
        statuses = sorted({row.status for row in rows}, key=_status_order)
        groups = [(status, [r for r in rows if r.status == status]) for status in statuses]
        return self.page("runs.html", groups=groups)

    def run_page(self, request: Any) -> Any:
        done = request.query_params.get("done")
        return self.render(request.path_params["run_id"],
                           notice=f"Recorded: {done}." if done else None)  # fmt: skip

    def render(self, run_id: str, *, status: int = 200, error: str | None = None,
               notice: str | None = None) -> Any:  # fmt: skip
        # The job first: one that ends after this saved its run before, so the store read
        # next is as new as the outcome shown (or the job shows as running, and the page
        # refreshes); read after, an ended job's outcome could sit beside an older status.
        job = self.jobs.get(run_id)
        job = replace(job) if job is not None else None  # as it stood now
        with self.open_store() as store:
            found = standing(store, run_id)
            current = found.checkpoint if found else None
            if found is None or current is None:
                return self.page("runs.html", status=404, groups=[])
            history = store.history(run_id)
            journal = sorted(store.generations(run_id).items())
        guard = output_guard(current, history)  # private fields are never shown here
        if guard is not None:
            history = [replace(entry, update=guard.apply(entry.update)) for entry in history]
            journal = [(key, guard.apply(record)) for key, record in journal]
        view = shown(guard, _view(current))
        return self.page("run.html", status=status, error=error, notice=notice, history=history,
                         generations=journal, tool_calls=tool_calls(dict(journal)),
                         said=said, said_of_call=said_of_call,
                         run_status=found.status, job=job,
                         run_reason=shown(guard, found.reason), **view)  # fmt: skip

    def act(
        self,
        request: Any,
        action: Callable[[Store, str, dict[str, str]], str],
        *,
        early: bool = False,
    ) -> Any:
        """Check origin and CSRF, record the action, carry the run on in the background."""
        from starlette.responses import HTMLResponse, RedirectResponse

        run_id = request.path_params["run_id"]
        origin = request.headers.get("origin")
        if origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}":
            return HTMLResponse("cross-origin request refused", status_code=403)
        form = _form(request)
        if not hmac.compare_digest(form.get("csrf", ""), self.csrf):
            return HTMLResponse("missing or wrong CSRF token: reload the page", status_code=403)
        if self.jobs.busy(run_id):
            return self.render(run_id, status=409, error=BUSY)
        try:
            with self.open_store() as store:
                done = action(store, run_id, form)
        except RunNotFound:
            return HTMLResponse("no such run", status_code=404)
        except RunBusy:  # another process (a worker, a command) holds the run
            return self.render(run_id, status=409, error=HELD)
        except NotAllowed as refused:
            return self.render(run_id, status=403, error=str(refused))
        except ActionRefused as refused:
            return self.render(run_id, status=409, error=str(refused))
        except InputError as bad:
            return self.render(run_id, status=400, error=str(bad))
        except StepgraphError as failed:
            return self.render(run_id, status=500, error=f"nothing was recorded: {failed}")
        self.jobs.carry_on(run_id, done, early=early)
        return RedirectResponse(f"/runs/{quote(run_id)}?done={quote(done)}", status_code=303)

    def decide_post(self, request: Any) -> Any:
        def record(store: Store, run_id: str, form: dict[str, str]) -> str:
            verdict = form.get("verdict", "")
            decide(store, run_id, verdict=verdict, actor=form.get("by", "").strip(),
                   digest_seen=form.get("digest", ""), policy=self.policy,
                   note=form.get("note") or None)  # fmt: skip
            return verdict

        return self.act(request, record)

    def supply_post(self, request: Any) -> Any:
        def record(store: Store, run_id: str, form: dict[str, str]) -> str:
            item = {"id": form.get("offer", ""), "source": form.get("source", ""),
                    "monthly": parse_price(form.get("monthly", ""), "monthly")}  # fmt: skip
            supply_prices(store, run_id, [item], actor=form.get("by", "").strip(),
                          policy=self.policy, note=form.get("note") or None)  # fmt: skip
            return "supply"

        return self.act(request, record)

    def reconcile_post(self, request: Any) -> Any:
        def record(store: Store, run_id: str, form: dict[str, str]) -> str:
            happened = form.get("happened", "")
            if happened not in ("yes", "no"):
                raise InputError("happened", f"must be yes or no, not {happened!r}")
            reconcile(store, run_id, happened=happened == "yes", actor=form.get("by", "").strip(),
                      policy=self.policy, note=form.get("note") or None)  # fmt: skip
            return "reconcile: it happened" if happened == "yes" else "reconcile: it did not"

        return self.act(request, record)

    def revise_post(self, request: Any) -> Any:
        def record(store: Store, run_id: str, form: dict[str, str]) -> str:
            revise_blocked(store, run_id, actor=form.get("by", "").strip(),
                           digest_seen=form.get("digest", ""), policy=self.policy,
                           note=form.get("note") or None)  # fmt: skip
            return "revise"

        return self.act(request, record)

    def resume_post(self, request: Any) -> Any:
        def record(store: Store, run_id: str, form: dict[str, str]) -> str:
            current = store.load(run_id)
            if current is None:
                raise RunNotFound(store.url, run_id)
            if (current.wait or {}).get("kind") != "retry":
                raise NotWaiting(run_id, current.status, "a retry")
            return "try now"  # nothing to record: the run is resumed before its time

        return self.act(request, record, early=True)


def _status_order(status: str) -> tuple[int, str]:
    return (ORDER.index(status) if status in ORDER else len(ORDER), status)


def _form(request: Any) -> dict[str, str]:
    """The posted form as text fields (sync handlers run in a thread: read it there)."""
    import anyio

    async def read() -> dict[str, str]:
        data = await request.form()
        return {key: str(value) for key, value in data.items()}

    result: dict[str, str] = anyio.from_thread.run(read)
    return result


def _view(cp: Checkpoint) -> dict[str, Any]:
    """What the run page shows, taken from the checkpoint."""
    state = cp.state
    wait = cp.wait
    report = state.get("report") if isinstance(state.get("report"), dict) else None
    offers = {o.get("id"): o for o in state.get("offers") or [] if isinstance(o, dict)}
    rows = []
    for row in (report or {}).get("rows") or []:
        if isinstance(row, dict):
            source = offers.get(row.get("id"), {})
            rows.append({**row, "input_source": source.get("source"),
                         "input_monthly": source.get("monthly")})  # fmt: skip
    decision = None
    if wait is not None and wait.get("kind") == "decision":
        decision = {"digest": wait.get("digest") or "", "choices": list(wait.get("choices") or {})}
    missing = list(state.get("missing") or []) if wait and wait.get("kind") == "data" else []
    decided = state.get("review") if isinstance(state.get("review"), dict) else None
    stopped = None  # a blocked report the repair loop gave up on: a person may send it back
    if cp.status == "blocked" and cp.next == END and wait is None:
        from .offers.review import review_digest

        stopped = {"digest": review_digest(state)}
    return {"cp": cp, "wait": wait, "report": report, "rows": rows, "decision": decision,
            "decided": decided, "stopped": stopped,
            "missing": missing, "reasons": state.get("reasons") or [],
            "rationale": rationale_spans((report or {}).get("rationale"), state.get("claims")),
            "claims": claim_rows(state.get("claims"))}  # fmt: skip


def serve(
    *,
    store_url: str,
    policy: Policy,
    port: int = 0,
    signing_key: bytes | None = None,
    encryption: Encryption | None = None,
) -> int:
    """Serve until interrupted; print the address with its token first."""
    try:
        import uvicorn
    except ImportError as error:
        raise InputError(
            "review", "needs the review extra: pip install 'stepgraph[review]'"
        ) from error
    token = secrets.token_urlsafe(24)
    app = build_app(store_url, policy, token, signing_key=signing_key, encryption=encryption)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))
    except OSError as error:
        raise InputError("--port", f"cannot listen on 127.0.0.1:{port}: {error}") from error
    sock.listen(128)  # connections queue from now on, so the printed address works at once
    bound = sock.getsockname()[1]
    print(f"review page: http://127.0.0.1:{bound}/?token={token}", flush=True)
    print("  (only this machine can reach it; Ctrl-C stops it)", file=sys.stderr, flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
