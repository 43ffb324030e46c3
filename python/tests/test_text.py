"""The text-length rules of src/core/text/block-text-length.ts, in JavaScript's units."""

import math
from typing import Any

import pytest

from prunescope import message_text_length
from prunescope.text import MAX_DEPTH, block_text_length, js_number_string, utf16_length


@pytest.mark.parametrize(
    ("text", "units"),
    [("", 0), ("abc", 3), ("é", 1), ("中文", 2), ("😀", 2), ("a😀b", 4), ("𝄞" * 3, 6), ("\ud83d", 1), ("\ude00x", 2)],
)
def test_utf16_length_counts_code_units_as_javascript_does(text: str, units: int) -> None:
    assert utf16_length(text) == units


@pytest.mark.parametrize(
    ("value", "printed"),
    [
        (0, "0"),
        (-0.0, "0"),
        (1.0, "1"),
        (-5, "-5"),
        (0.1, "0.1"),
        (123.456, "123.456"),
        (1e20, "100000000000000000000"),
        (1e21, "1e+21"),
        (10**21, "1e+21"),
        (1.5e21, "1.5e+21"),
        (1e-6, "0.000001"),
        (1e-7, "1e-7"),
        (-1.5e-7, "-1.5e-7"),
        (5e-324, "5e-324"),
        (2**53, "9007199254740992"),
        (2**53 + 1, "9007199254740992"),
        (123456789012345678901, "123456789012345680000"),
        (10**400, "Infinity"),
        (-(10**400), "-Infinity"),
        (math.inf, "Infinity"),
        (-math.inf, "-Infinity"),
        (math.nan, "NaN"),
    ],
)
def test_numbers_count_as_javascript_prints_them(value: float, printed: str) -> None:
    assert js_number_string(value) == printed


def test_a_message_counts_text_thinking_results_and_tool_inputs() -> None:
    message: dict[str, Any] = {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "hello"},
            {"type": "thinking", "thinking": "hm"},
            {"type": "redacted_thinking", "data": "secret"},
            {"type": "image", "source": {"type": "base64", "data": "AAAA"}},
            {"type": "tool_use", "id": "t", "name": "Bash", "input": {"command": "ls", "n": 1.0, "flag": True}},
            {"type": "tool_result", "tool_use_id": "t", "content": [{"type": "text", "text": "ok"}, {"type": "image"}]},
            {"type": "web_search_tool_result", "tool_use_id": "s", "content": [{"url": "u", "n": None}]},
            {"type": "container_upload", "text": "xyz"},
            {"text": "no type"},
            None,
        ],
    }
    # 5 + 2 + 0 + 0 + (4 + 7 + 2 + 1 + 1 + 4 + 4) + 2 + (3 + 1 + 1) + 3 + 7
    assert message_text_length(message) == 47


def test_a_compaction_block_counts_its_summary_and_nothing_when_it_failed() -> None:
    assert block_text_length({"type": "compaction", "content": "Summary of the earlier turns."}) == 29
    assert block_text_length({"type": "compaction", "content": None}) == 0
    # Its summary, not a `text` field as an unknown block would count.
    assert block_text_length({"type": "compaction", "content": "ab", "text": "xyz"}) == 2


def test_content_that_is_neither_text_nor_blocks_counts_zero() -> None:
    assert message_text_length({"role": "user", "content": "😀"}) == 2
    assert message_text_length({"role": "user", "content": None}) == 0
    assert message_text_length({"role": "user"}) == 0
    assert message_text_length({"role": "user", "content": 42}) == 0
    assert message_text_length({"role": "user", "content": ({"type": "text", "text": "tuple"},)}) == 5


def test_odd_values_count_as_javascript_would() -> None:
    assert block_text_length({"type": "text", "text": 5}) == 0
    assert block_text_length({"type": "thinking"}) == 0
    # Keys print as JavaScript prints them: 1 → "1", 2.0 → "2", True → "true"; any other key as str() does.
    assert block_text_length({"type": "tool_use", "name": None, "input": {1: "a", 2.0: "c", None: "d"}}) == 1 + 1 + 1 + 1 + 4 + 1
    assert block_text_length({"type": "tool_use", "name": "", "input": {True: "b", 1.5: "c"}}) == 4 + 1 + 3 + 1
    assert block_text_length({"type": "mcp_tool_result", "content": {"set": {1, 2}, "bytes": b"ab"}}) == 8
    assert block_text_length({"type": "tool_result", "content": 42}) == 0
    assert block_text_length({"type": 7, "text": "abc"}) == 3


def nest_in_lists(value: object, depth: int) -> object:
    for _ in range(depth):
        value = [value]
    return value


def test_nesting_past_the_depth_cap_counts_zero() -> None:
    # A string counts at any depth; an array or object at depth 32 or more does not.
    assert block_text_length({"type": "tool_use", "name": "", "input": nest_in_lists("abc", MAX_DEPTH)}) == 3
    assert block_text_length({"type": "tool_use", "name": "", "input": nest_in_lists("abc", MAX_DEPTH + 1)}) == 0
    content: object = "deep"
    for _ in range(MAX_DEPTH):
        content = [{"type": "tool_result", "content": content}]
    assert block_text_length({"type": "tool_result", "content": content}) == 4
    assert block_text_length({"type": "tool_result", "content": [{"type": "tool_result", "content": content}]}) == 0
    cyclic: list[object] = []
    cyclic.append(cyclic)
    assert block_text_length({"type": "tool_use", "name": "n", "input": cyclic}) == 1
