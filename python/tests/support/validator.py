"""What the Anthropic Messages API would reject in a request, as src/core/formats/validate-anthropic.ts checks it:
the oracle of the repair properties and of "pruning a broken input adds no API problem".

Written apart from the package (which has no validator) and for plainness: one rule name per problem found, in
message order. The API merges consecutive messages of one role before it checks tool pairing, so pairing is
checked on the merged turns; content checks (empty content, blank text, trailing whitespace) per message.
"""

from collections.abc import Mapping, Sequence
from typing import Any

# JavaScript's `\\s` and `trim()`: not Python's `str.isspace`, which takes \\x1c-\\x1f and \\x85 but not \\ufeff.
JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


def _record(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def validate_anthropic(messages: Sequence[Mapping[str, Any]]) -> list[tuple[int, str]]:
    """(message index, rule) for every problem, sorted by message index."""
    problems: list[tuple[int, str]] = []
    _check_content(messages, problems)
    turns: list[tuple[object, int, list[tuple[Mapping[str, Any], int]]]] = []
    for m, message in enumerate(messages):
        if not turns or turns[-1][0] != message.get("role"):
            turns.append((message.get("role"), m, []))
        content = message.get("content")
        if isinstance(content, str):
            if content != "":
                turns[-1][2].append(({"type": "text", "text": content}, m))
        elif isinstance(content, list):
            turns[-1][2].extend((_record(block), m) for block in content)
    for t, (role, _, blocks) in enumerate(turns):
        if role == "assistant":
            _check_server_results(blocks, problems)
            _check_tool_uses(blocks, turns[t + 1] if t + 1 < len(turns) else None, problems)
        else:
            previous = turns[t - 1] if t > 0 else None
            calls = _tool_use_ids(previous[2]) if previous is not None and previous[0] == "assistant" else set()
            _check_tool_results(blocks, calls, problems)
    return sorted(problems, key=lambda problem: problem[0])


def _check_content(messages: Sequence[Mapping[str, Any]], problems: list[tuple[int, str]]) -> None:
    for m, message in enumerate(messages):
        final_assistant = m == len(messages) - 1 and message.get("role") == "assistant"
        content = message.get("content")
        if content == "" or content == []:
            if not final_assistant:
                problems.append((m, "anthropic/empty-content"))
            continue
        if isinstance(content, str):
            if final_assistant:
                if content[-1] in JS_SPACE:
                    problems.append((m, "anthropic/final-assistant-trailing-whitespace"))
            elif content.strip(JS_SPACE) == "":
                problems.append((m, "anthropic/whitespace-text-block"))
            continue
        if not isinstance(content, list):
            continue
        for b, raw in enumerate(content):
            block = _record(raw)
            text = block.get("text")
            if block.get("type") != "text" or not isinstance(text, str):
                continue
            if text == "":
                problems.append((m, "anthropic/empty-text-block"))
            elif text.strip(JS_SPACE) == "":
                problems.append((m, "anthropic/whitespace-text-block"))
            elif final_assistant and b == len(content) - 1 and text[-1] in JS_SPACE:
                problems.append((m, "anthropic/final-assistant-trailing-whitespace"))


def _tool_use_ids(blocks: list[tuple[Mapping[str, Any], int]]) -> set[str]:
    return {block["id"] for block, _ in blocks if block.get("type") == "tool_use" and isinstance(block.get("id"), str)}


def _check_server_results(blocks: list[tuple[Mapping[str, Any], int]], problems: list[tuple[int, str]]) -> None:
    seen: set[str] = set()
    for block, m in blocks:
        kind = block.get("type")
        if kind in ("server_tool_use", "mcp_tool_use") and isinstance(block.get("id"), str):
            seen.add(block["id"])
        elif isinstance(kind, str) and kind != "tool_result" and kind.endswith("_tool_result"):
            call_id = block.get("tool_use_id")
            if isinstance(call_id, str) and call_id not in seen:
                problems.append((m, "anthropic/unexpected-server-tool-result"))


def _check_tool_uses(
    blocks: list[tuple[Mapping[str, Any], int]],
    following: tuple[object, int, list[tuple[Mapping[str, Any], int]]] | None,
    problems: list[tuple[int, str]],
) -> None:
    uses = [(block["id"], m) for block, m in blocks if block.get("type") == "tool_use" and isinstance(block.get("id"), str)]
    if not uses:
        return
    seen: set[str] = set()
    for call_id, m in uses:
        if call_id in seen:
            problems.append((m, "anthropic/duplicate-tool-use-id"))
        seen.add(call_id)
    leading: set[str] = set()
    later: set[str] = set()
    at_start = True
    for block, _ in following[2] if following is not None else []:
        if block.get("type") != "tool_result":
            at_start = False
        elif isinstance(block.get("tool_use_id"), str):
            (leading if at_start else later).add(block["tool_use_id"])
    missing = [(call_id, m) for call_id, m in uses if call_id not in leading]
    if not missing:
        return
    if following is not None and any(call_id in later for call_id, _ in missing):
        problems.append((following[1], "anthropic/tool-result-not-first"))
        return
    problems.append((missing[0][1], "anthropic/tool-use-without-result"))


def _check_tool_results(blocks: list[tuple[Mapping[str, Any], int]], calls: set[str], problems: list[tuple[int, str]]) -> None:
    answered: set[str] = set()
    for block, m in blocks:
        call_id = block.get("tool_use_id")
        if block.get("type") != "tool_result" or not isinstance(call_id, str):
            continue
        if call_id not in calls:
            problems.append((m, "anthropic/unexpected-tool-result"))
        elif call_id in answered:
            problems.append((m, "anthropic/duplicate-tool-result"))
        answered.add(call_id)
