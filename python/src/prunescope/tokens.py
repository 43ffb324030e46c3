"""Token counts: the characters ÷ 4 estimate the TypeScript core prunes by when no counter is given."""

import math
from collections.abc import Callable, Mapping
from typing import Any

from .text import message_text_length

TokenCounter = Callable[[Any], float]
"""Tokens one message costs: the caller's own tokenizer (tiktoken, Anthropic's token counting, any function),
called once per message and once on each summary or placeholder message a strategy adds."""


def estimate_tokens(characters: float) -> int:
    """The core's `estimateTokens`: one token per four characters (UTF-16 units), rounded up; 0 for none."""
    if characters <= 0:
        return 0
    return math.ceil(characters / 4)


def estimate_message_tokens(message: Mapping[str, object]) -> int:
    """The default `token_counter`: `estimate_tokens(message_text_length(message))`, as the core estimates a message
    when pruning by `maxTokens` without a counter. What counts is what `message_text_length` counts: text, thinking,
    compaction summaries, tool results' text, tool inputs' keys and values; images and redacted thinking count 0
    (an estimate of the text, not of what the API bills for pixels), and no per-message framing is added."""
    return estimate_tokens(message_text_length(message))
