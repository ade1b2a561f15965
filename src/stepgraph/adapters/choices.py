"""The provider adapters by name, and their options, without importing any of them.

The command line lists these choices in its help and a run resolves ``--adapter`` with
them (``providers.provider_adapter``), importing only the module of the adapter a run
names: a fixture or replayed run loads no provider module (issue 17, cold start).
"""

from __future__ import annotations

import sys

STYLES = ("json_schema", "json_object")
"""How Chat Completions is asked for JSON (``OpenAICompatAdapter``'s ``style``)."""
TRANSPORTS = ("http", "sdk")
"""Who carries a Chat Completions request: the standard library or the openai SDK."""
TOKEN_FIELDS = ("max_completion_tokens", "max_tokens")
"""The body field of the output limit (OpenAI's, most local servers')."""
MODES = ("output_config", "tool")
"""How Anthropic's Messages API is asked for structured output (``AnthropicAdapter``)."""
ANTHROPIC_URL = "https://api.anthropic.com"
OPENAI_URL = "https://api.openai.com/v1"
OLLAMA_URL = "http://127.0.0.1:11434/v1"

ADAPTER_CLASSES = {
    "openai": ("stepgraph.adapters.openai_compat", "OpenAICompatAdapter"),
    "ollama": ("stepgraph.adapters.openai_compat", "OpenAICompatAdapter"),
    "openai-compatible": ("stepgraph.adapters.openai_compat", "OpenAICompatAdapter"),
    "anthropic": ("stepgraph.adapters.anthropic_sdk", "AnthropicAdapter"),
    "local": ("stepgraph.adapters.local", "LocalAdapter"),
}
"""Each provider name: the module and class of its adapter."""
PROVIDERS = ("openai", "ollama", "openai-compatible", "anthropic")
"""The providers named ``PROVIDER:MODEL`` (``local`` is named alone or ``local:PATH``)."""


def is_instance(adapter: object, provider: str) -> bool:
    """``isinstance(adapter, adapter_class(provider))`` without importing the class: an
    adapter of a module not imported yet cannot exist."""
    module, name = ADAPTER_CLASSES[provider]
    loaded = sys.modules.get(module)
    return loaded is not None and isinstance(adapter, getattr(loaded, name))


__all__ = [
    "ADAPTER_CLASSES",
    "ANTHROPIC_URL",
    "MODES",
    "OLLAMA_URL",
    "OPENAI_URL",
    "PROVIDERS",
    "STYLES",
    "TOKEN_FIELDS",
    "TRANSPORTS",
    "is_instance",
]
