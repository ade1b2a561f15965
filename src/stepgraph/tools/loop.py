"""The model tool-calling loop: the model asks for tools, the harness runs them, asks again.

``context.generate(..., tools=[names])`` runs this loop, written once for both drivers
(a generator, like a plain model call). Each round is a model call with the
conversation so far (the calls of earlier rounds and the results handed back); an
answer without tool calls ends the loop and is the output. Every round is journaled
like any model call, in the next call slot of the node (``VISIT:NODE:CALL``, with
``round`` and the ``tool_calls`` the model asked for), and every call goes through
``call_tool``: the policy, the argument schema, the constraint and approval, the read
journal and the effect journal. So when the node runs again for the same step (after a
crash), a journaled round whose conversation is unchanged is reused, a journaled read
is returned without calling the tool, and a write runs at most once.

A refused call (not a tool of the node, not offered here, arguments that are not a JSON
object or break the schema, a constraint, a missing approval) is journaled as a
refusal and its ``as_json()`` is handed to the model as the call's result. A refusal
that a person may lift by approving adds its ``Wait`` to ``context.tool_waits``; the
node may return it. A tool that fails raises ``ToolFailed`` as ``call_tool`` does, or,
for the tools ``on_tool_error`` names ``"tell_model"``, is handed to the model
(``calls.told_failure``). More rounds or calls than allowed raise ``ToolLimitExceeded``
before any call of the round that passes the bound runs. The model's text beside its
calls is kept in the round and sent back with it.

After a person's decision on a call the model asked for, the node's new visit goes on
with the waiting visit's loop (``waited_visit``): its rounds and their calls' outcomes
are taken from the journal while the conversation is the same; from the first round
asked anew, the model and the tools are asked anew.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeAlias

from ..drive import IO
from ..errors import InputError, ToolLimitExceeded

if TYPE_CHECKING:
    from ..adapters.tool_rounds import ToolCall, ToolRound, ToolSpec
    from ..context import Context
    from ..drive import Steps


DEFAULT_TOOL_ROUNDS = 8
"""Answers with tool calls one ``generate`` may get before ``ToolLimitExceeded``."""
DEFAULT_TOOL_CALLS = 16
"""Tool calls in all one ``generate`` may run before ``ToolLimitExceeded``."""
ON_TOOL_ERROR = ("fail", "tell_model")
OnToolError: TypeAlias = (
    'Literal["fail", "tell_model"] | Mapping[str, Literal["fail", "tell_model"]]'
)
"""What a failing tool does in the loop: fail the node, or tell the model (per tool: a
mapping of offered tool names; a tool it does not name fails)."""


def tool_loop(
    context: Context,
    tools: Sequence[str] | None,
    rounds: int,
    calls: int,
    on_error: OnToolError,
) -> ToolLoop | None:
    """The loop of one ``generate(tools=...)`` call, None without tools."""
    if tools is not None:
        return ToolLoop.of(context, tools, rounds, calls, on_error)
    if on_error != "fail":
        raise InputError("on_tool_error", "applies only with tools=[...]")
    return None


class ToolLoop(NamedTuple):
    """The tools offered to one ``generate`` call, its bounds, the tools whose failure
    the model is told."""

    context: Context
    specs: tuple[ToolSpec, ...]
    max_rounds: int
    max_calls: int
    tell: frozenset[str] = frozenset()

    @classmethod
    def of(
        cls,
        context: Context,
        names: Sequence[str],
        rounds: int,
        calls: int,
        on_error: OnToolError = "fail",
    ) -> ToolLoop:
        """Check the names (tools of this node), the bounds and ``on_error``;
        ``InputError`` names the field."""
        if isinstance(names, str) or not all(isinstance(name, str) for name in names):
            raise InputError("tools", "must be a list of tool names")
        declared = context.tools
        unknown = [name for name in names if name not in declared]
        if unknown:
            raise InputError("tools", f"{', '.join(map(repr, unknown))} is not a tool of node "
                                      f"{context.node!r}")  # fmt: skip
        if len(set(names)) != len(names):
            raise InputError("tools", "names a tool twice")
        for field, value in (("max_tool_rounds", rounds), ("max_tool_calls", calls)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InputError(field, f"must be a positive whole number, not {value!r}")
        from ..adapters.tool_rounds import ToolSpec  # the records load with the first tools

        specs = tuple(ToolSpec(name=name, description=declared[name].description,
                               parameters=declared[name].arguments) for name in names)  # fmt: skip
        return cls(context, specs, rounds, calls, _told(on_error, names))

    def run(
        self,
        instructions: str,
        data: Any,
        schema: dict[str, Any] | None,
        max_output_tokens: int | None,
    ) -> Steps[Any]:
        """Ask the model, run the calls it asks for, ask again; return its final answer."""
        from ..adapters.tool_rounds import ToolCall, ToolRound

        context, privacy = self.context, self.context.privacy
        if privacy is not None:  # the model sees redacted data, tool results included
            instructions, data = privacy.outbound(instructions, data)
        rounds: list[ToolRound] = []
        made = 0
        earlier = waited_visit(context)
        while True:
            answer, record = yield from context.model_round(
                instructions, data, schema, max_output_tokens, tools=self.specs,
                rounds=tuple(rounds), earlier=earlier,
            )  # fmt: skip
            if record.get("carried") is None:
                earlier = None  # a round asked now: the reads after it are made now too
            calls = tuple(ToolCall.from_json(call) for call in record.get("tool_calls") or ())
            if not calls:
                return answer if privacy is None else privacy.inbound(answer)
            if len(rounds) >= self.max_rounds:
                raise ToolLimitExceeded(context.node, "rounds", self.max_rounds)
            if made + len(calls) > self.max_calls:
                raise ToolLimitExceeded(context.node, "calls", self.max_calls)
            results = []
            for call in calls:
                result = yield IO, self._call, (call, earlier)
                results.append(result if privacy is None else privacy.apply(result))
            made += len(calls)
            rounds.append(ToolRound(calls=calls, results=tuple(results), text=record.get("text")))

    def _call(self, call: ToolCall, earlier: int | None) -> Any:
        """Run one call the model asked for; what the model is handed back."""
        from .calls import ToolRefusal, call_tool, refuse  # only a run that calls a tool

        context = self.context
        if call.arguments is None:
            refused = refuse(context, call.name, call.raw, "arguments",
                             call.problem or "the arguments are not a JSON object")  # fmt: skip
            return refused.as_json()
        if call.name in context.tools and call.name not in {spec.name for spec in self.specs}:
            why = f"{call.name!r} was not offered to the model in this call"
            refused = refuse(context, call.name, call.arguments, "offered", why)
            return refused.as_json()
        args = call.arguments
        if context.privacy is not None:  # the model wrote placeholders: the tool needs values
            args = context.privacy.inbound(args)
        found = call_tool(context, call.name, args, earlier=earlier, tell=call.name in self.tell)
        if isinstance(found, ToolRefusal):
            if found.wait is not None:
                context.tool_waits.append(found.wait)
            return found.as_json()
        return found


def round_facts(tools: tuple[ToolSpec, ...], rounds: tuple[ToolRound, ...]) -> dict[str, Any]:
    """What the journal keeps of a tool-loop round: the tools offered and its number."""
    if not tools:
        return {}
    return {"tools": [spec.name for spec in tools], "round": len(rounds) + 1}


def waited_visit(context: Context) -> int | None:
    """The node's previous visit when it waited for a person's decision on a tool call
    and that decision is now in the state: its loop goes on here. None otherwise (a
    node visited again for any other reason asks the model again)."""
    before = context.visit - 1
    prefix = f"{before}:{context.node}:tool-refused:"
    for slot, record in context.journal.items():
        if not slot.startswith(prefix) or record.get("rule") != "approval":
            continue
        from .calls import call_digest  # only a node that waited for a tool call's approval

        exact = call_digest(context, str(record.get("tool")), record.get("arguments"))
        decision = context.state.get(f"approval_{exact[:16]}")
        if isinstance(decision, Mapping) and decision.get("digest") == exact:
            return before
    return None


def _told(choice: Any, names: Sequence[str]) -> frozenset[str]:
    """The offered tools whose failure the model is told, from ``on_tool_error``."""
    rule = f"must be {' or '.join(map(repr, ON_TOOL_ERROR))}, or a mapping of tool names to one"
    if isinstance(choice, str):
        choices = dict.fromkeys(names, choice) if choice in ON_TOOL_ERROR else {"": choice}
    elif isinstance(choice, Mapping):
        unknown = [repr(name) for name in choice if name not in names]
        if unknown:
            raise InputError("on_tool_error", f"{', '.join(unknown)} is not a tool offered "
                                              "in this call")  # fmt: skip
        choices = dict(choice)
    else:
        raise InputError("on_tool_error", f"{rule}, not {type(choice).__name__}")
    for value in choices.values():
        if value not in ON_TOOL_ERROR:
            raise InputError("on_tool_error", f"{rule}, not {value!r}")
    return frozenset(name for name, value in choices.items() if value == "tell_model")
