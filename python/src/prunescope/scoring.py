"""The importance formula of seed 002 §5/§7, as the TypeScript core's `src/core/scoring/` computes it."""

from collections.abc import Mapping

from .links import content_of, tool_block_kind
from .text import message_text_length


def importance_score(index: float, total: float, has_tool_block: bool, text_length: float) -> float:
    """`(index / total) · 0.5 + 0.3 · has_tool_block + min(text_length / 5000, 0.2)`.

    The same operations in the same order as the TypeScript core, so the doubles are identical, not just close.
    """
    return (
        ((index / total) * 0.5 if total > 0 else 0)
        + (0.3 if has_tool_block else 0)
        + min(max(text_length, 0) / 5000, 0.2)
    )


def score_message(message: Mapping[str, object], index: float, total: float) -> float:
    """Importance of one message, 0 to 1 (seed 002 §5.1/§7.5).

    `(index / total) · 0.5 + 0.3 when it holds a tool call or result + min(text_length / 5000, 0.2)`, where
    server tool calls and their results count as tool blocks too and `text_length` is `message_text_length`
    (UTF-16 code units, as the TypeScript core counts).
    """
    content = content_of(message)
    has_tool_block = isinstance(content, (list, tuple)) and any(tool_block_kind(block) for block in content)
    return importance_score(index, total, has_tool_block, message_text_length(message))
