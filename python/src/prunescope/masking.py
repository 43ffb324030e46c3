"""Observation masking, as the core's `observation-masking` strategy plans it
(src/core/strategies/observation-masking/): every message is kept; the content of tool results older than the last
`keep_recent` becomes a one-line placeholder saying what was removed. Calls stay, so pairs are whole by construction.

Without `max_tokens`, every eligible old result is cleared (SWE-agent's `LastNObservations`); with it, old results
are cleared oldest first only until the messages fit (as Anthropic's context editing clears past a trigger).
Results of `exclude_tools`, of `pinned` messages, and under `min_tokens` (or no larger than the placeholder) are
never cleared, nor a result that already is a placeholder: masking twice is masking once.
"""

import json

from .prompts import js_json
import math
from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from .config import Settings, checked_count
from .links import BLOCK_BITS, glue_broken_turns, group_messages, scan_messages
from .text import block_text_length, utf16_length
from .tokens import estimate_tokens

Cleared = dict[int, tuple[list[tuple[int, float]], list[int]]]
"""Per masked message: its cleared results (block, tokens) and the calls whose inputs are cleared (blocks)."""


def result_placeholder(lines: int, tokens: float) -> str:
    """The line a cleared tool result becomes: `[Old tool result cleared: 1,204 lines, ≈3.2k tokens]`."""
    return f"[Old tool result cleared: {lines:,} {'line' if lines == 1 else 'lines'}, ≈{_compact(tokens)} tokens]"


def _is_result_placeholder(content: object) -> bool:
    return isinstance(content, str) and content.startswith("[Old tool result cleared: ") and content.endswith(" tokens]")


def input_placeholder(characters: int) -> str:
    """What a cleared tool input's `cleared` field says."""
    return f"[Old tool input cleared: {characters:,} characters]"


def plan_masking(messages: Sequence[Any], settings: Settings) -> Cleared:
    """Which results and inputs masking clears, as `planObservationMasking` decides."""
    scan = scan_messages(messages)
    count = len(messages)
    counter = settings.token_counter
    if counter is None:
        tokens: list[float] = [estimate_tokens(length) for length in scan.text_length]
        placeholder_tokens: float = estimate_tokens(utf16_length(result_placeholder(12_345, 123_456)))
    else:
        tokens = [checked_count(counter, message, i) for i, message in enumerate(messages)]
        placeholder_tokens = checked_count(counter, {"role": "user", "content": result_placeholder(12_345, 123_456)}, -1)
    text_length = scan.text_length
    total = 0.0
    for i in range(count - 1, -1, -1):
        total = total + tokens[i]

    call_of: dict[int, int] = dict(zip(scan.pair_result, scan.pair_use))
    results: list[tuple[int, int, int, int]] = []  # message, block, chars, call (packed, -1 for an orphan)
    for m, message in enumerate(messages):
        content = message.get("content") if isinstance(message, Mapping) else None
        if not isinstance(content, (list, tuple)):
            continue
        for b, block in enumerate(content):
            if isinstance(block, Mapping) and block.get("type") == "tool_result" and isinstance(block.get("tool_use_id"), str):
                results.append((m, b, block_text_length(block), call_of.get(m * BLOCK_BITS + b, -1)))
    cleared: Cleared = {}
    if not results:
        return cleared

    def share(message: int, chars: float) -> float:
        message_chars = text_length[message]
        return tokens[message] * chars / message_chars if message_chars > 0 else 0

    excluded = set(settings.exclude_tools)
    # A pin holds its message's whole unit (its tool group, glued around broken blocks): a pinned call keeps its
    # results, a pinned result its call.
    pinned: set[int] = set()
    if settings.pinned:
        units = glue_broken_turns(group_messages(messages)).group_of
        pinned_units = {units[index] for index in settings.pinned if 0 <= index < count}
        pinned = {i for i in range(count) if units[i] in pinned_units}
    first_recent = max(0, len(results) - settings.keep_recent)
    input_cleared: set[int] = set()
    sent = total
    for r, (m, b, chars, call) in enumerate(results[:first_recent]):
        call_message, call_block = divmod(call, BLOCK_BITS) if call >= 0 else (-1, -1)
        name = _tool_name(messages, call_message, call_block)
        if name in excluded or m in pinned:
            continue
        result_tokens = share(m, chars)
        if result_tokens < settings.min_tokens or result_tokens <= placeholder_tokens:
            continue
        # A placeholder already is as small as clearing makes it: cleared again, only its "≈N tokens" would change
        # (and every rewrite of an old message breaks the cached prefix).
        if _is_result_placeholder(messages[m]["content"][b].get("content")):
            continue
        if not math.isinf(settings.max_tokens) and sent <= settings.max_tokens:
            continue
        sent -= result_tokens - placeholder_tokens
        cleared.setdefault(m, ([], []))[0].append((b, result_tokens))
        if settings.clear_tool_inputs and call_message >= 0 and call_message not in pinned and call_message not in input_cleared:
            input_cleared.add(call_message)
            input_tokens = share(call_message, _input_chars(messages[call_message], call_block))
            sent -= max(0, input_tokens - placeholder_tokens)
            cleared.setdefault(call_message, ([], []))[1].append(call_block)
        elif settings.clear_tool_inputs and call_message in input_cleared:
            # The core lists every cleared result's call block once its message's input is cleared.
            cleared.setdefault(call_message, ([], []))[1].append(call_block)
    return cleared


def mask_message(message: Mapping[str, Any], results: Sequence[tuple[int, float]], inputs: Sequence[int]) -> dict[str, Any]:
    """A copy of `message` with the given results' content a placeholder (`tool_use_id` and `is_error` stay) and the
    given calls' inputs cleared; other blocks are the same objects. The input is untouched."""
    blocks = list(message["content"])
    for b, tokens in results:
        original = blocks[b]
        blocks[b] = {**original, "content": result_placeholder(_line_count(original.get("content")), tokens)}
    for b in inputs:
        original = blocks[b]
        blocks[b] = {**original, "input": {"cleared": input_placeholder(_json_length(original.get("input")))}}
    return {**message, "content": blocks}


def mask_observations_checked(messages: Sequence[Any], settings: Settings) -> list[Any]:
    """`prune_messages` with `observation-masking`, the config checked: the messages, masked ones copied."""
    cleared = plan_masking(messages, settings)
    return [mask_message(m, *cleared[i]) if i in cleared else m for i, m in enumerate(messages)]


def chat_message_of(message: Mapping[str, Any]) -> dict[str, Any]:
    """A message a strategy made (the summary), as a Chat Completions message: its role and string content."""
    return {"role": message.get("role"), "content": message.get("content")}


def _tool_name(messages: Sequence[Any], m: int, b: int) -> str:
    if m < 0:
        return ""
    name = messages[m]["content"][b].get("name")
    return name if isinstance(name, str) else ""


def _input_chars(message: Mapping[str, Any], b: int) -> int:
    content = message.get("content")
    use = content[b] if isinstance(content, (list, tuple)) and b < len(content) else None
    if not isinstance(use, Mapping) or "input" not in use:
        return 0
    return _json_length(use["input"])


def _json_length(value: object) -> int:
    """`JSON.stringify(value).length` for JSON data (0 when it cannot be serialized)."""
    return utf16_length(js_json(value))


def _line_count(content: object) -> int:
    if isinstance(content, str):
        return 0 if content == "" else _count_lines(content)
    if not isinstance(content, (list, tuple)):
        return 0
    lines = 0
    for part in content:
        text = part.get("text") if isinstance(part, Mapping) else None
        if isinstance(text, str) and text != "":
            lines += _count_lines(text)
    return lines


def _count_lines(text: str) -> int:
    lines = text.count("\n") + 1
    return lines - 1 if text.endswith("\n") else lines


def _compact(n: float) -> str:
    rounded = math.floor(n + 0.5)  # JavaScript's Math.round: halves go up
    if rounded < 1000:
        return str(rounded)
    if rounded < 100_000:
        return _fixed1(rounded / 1000) + "k"
    if rounded < 1_000_000:
        return f"{math.floor(rounded / 1000 + 0.5)}k"
    return _fixed1(rounded / 1_000_000) + "M"


def _fixed1(x: float) -> str:
    """JavaScript's `x.toFixed(1)` (a tie on the exact binary value goes up), less a trailing `.0`."""
    text = str(Decimal(x).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
    return text[:-2] if text.endswith(".0") else text


def mask_chat(records: Sequence[Any], reading: Any, cleared: Cleared) -> list[Any]:
    """Masking's plan over the canonical reading of Chat messages, applied to the caller's own Chat dicts: a cleared
    result's `tool` message gets the placeholder as its content, a cleared call's `arguments` the cleared input."""
    out: list[Any] = [records[i] for i in reading.system]
    for k, sources in enumerate(reading.sources):
        if k not in cleared:
            out.extend(records[i] for i in sources)
            continue
        canonical = reading.messages[k]["content"]
        results, inputs = cleared[k]
        if len(sources) > 1 or records[sources[0]].get("role") in ("tool", "function"):
            copies = list(records[i] for i in sources)
            for b, tokens in results:
                copies[b] = {**copies[b], "content": result_placeholder(_line_count(canonical[b].get("content")), tokens)}
            out.extend(copies)
            continue
        out.append(_clear_chat_inputs(records[sources[0]], canonical, inputs))
    return out


def _clear_chat_inputs(record: Mapping[str, Any], canonical: Sequence[Any], inputs: Sequence[int]) -> dict[str, Any]:
    calls = record.get("tool_calls")
    calls = list(calls) if isinstance(calls, list) else []
    positions = [j for j, call in enumerate(calls) if isinstance(call, Mapping)]
    legacy = 1 if isinstance(record.get("function_call"), Mapping) else 0
    first_call = len(canonical) - len(positions) - legacy
    copy = dict(record)
    for b in inputs:
        arguments = json.dumps({"cleared": input_placeholder(_json_length(canonical[b].get("input")))}, ensure_ascii=False)
        n = b - first_call
        if 0 <= n < len(positions):
            call = calls[positions[n]]
            key = "function" if isinstance(call.get("function"), Mapping) else "custom"
            calls[positions[n]] = {**call, key: {**(call.get(key) or {}), "arguments": arguments}}
        elif legacy and n == len(positions):
            copy["function_call"] = {**record["function_call"], "arguments": arguments}
    if calls:
        copy["tool_calls"] = calls
    return copy
