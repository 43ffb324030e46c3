"""The port against the TypeScript core on what issue 23 added (golden cases `npm run golden:python` writes in
`ports-golden.json.gz`, see scripts/build-python-golden-ports.ts): OpenAI Chat dicts, token bounds with the
characters ÷ 4 estimate, observation masking, `validate_messages` and `ContextPruner`, all held exactly."""

import asyncio
import gzip
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import prunescope.masking
import prunescope.pruner
from prunescope import ContextPruner, estimate_message_tokens, prune_messages, validate_messages
from prunescope.context_pruner import ConversationTurn

GOLDEN = json.loads(gzip.decompress((Path(__file__).parent / "golden" / "ports-golden.json.gz").read_bytes()))
STRATEGIES = ("sliding-window", "summarize", "importance")
SNAKE = {
    "maxTurns": "max_turns",
    "maxTokens": "max_tokens",
    "keepRecent": "keep_recent",
    "minTokens": "min_tokens",
    "clearToolInputs": "clear_tool_inputs",
    "excludeTools": "exclude_tools",
    "pinned": "pinned",
    "softLimitTokens": "soft_limit_tokens",
    "hardLimitTokens": "hard_limit_tokens",
    "pinnedPrefixTurns": "pinned_prefix_turns",
    "recentTailTurns": "recent_tail_turns",
    "pinTask": "pin_task",
    "removedTurnCount": "removed_turn_count",
    "tokensSaved": "tokens_saved",
    "tokenEstimate": "token_estimate",
    "totalTokenEstimate": "total_token_estimate",
    "messageIndex": "message_index",
}


def snake(value: Any) -> Any:
    """The golden's camelCase keys as the port spells them."""
    if isinstance(value, dict):
        return {SNAKE.get(k, k): snake(v) for k, v in value.items()}
    if isinstance(value, list):
        return [snake(v) for v in value]
    return value


def encode_runs(messages: Sequence[object], output: Sequence[object]) -> list[int]:
    """As the generator's `encodeOutput`: [summarized, start, end, …] over input indices, matched by identity."""
    summarized = 0
    start = 0
    if output and not any(output[0] is m for m in messages):
        summarized = len(messages) - (len(output) - 1)
        assert output[0] == {"role": "user", "content": f"[Previous context: {summarized} turns summarized]"}
        start = 1
    encoded = [summarized]
    cursor = 0
    for item in output[start:]:
        while cursor < len(messages) and messages[cursor] is not item:
            cursor += 1
        assert cursor < len(messages), "a kept message is not an input, or out of order"
        if len(encoded) > 1 and encoded[-1] == cursor:
            encoded[-1] = cursor + 1
        else:
            encoded += [cursor, cursor + 1]
        cursor += 1
    return encoded


@pytest.mark.parametrize("case", GOLDEN["chat"], ids=lambda case: str(case["name"]))
def test_openai_chat_dicts_prune_to_the_records_the_core_keeps(case: dict[str, Any]) -> None:
    records = case["records"]
    for strategy in STRATEGIES:
        for bound, expected in zip(case["bounds"], case["outputs"][strategy]):
            kept = prune_messages(records, strategy=strategy, **snake(bound))
            got: list[object] = []
            for item in kept:
                index = next((i for i, record in enumerate(records) if record is item), None)
                got.append({"summary": item["content"]} if index is None else index)
            assert got == expected, (strategy, bound)


@pytest.mark.parametrize("case", GOLDEN["tokens"], ids=lambda case: str(case["name"]))
def test_token_bounds_keep_what_the_core_keeps(case: dict[str, Any]) -> None:
    messages = case["messages"]
    assert [estimate_message_tokens(m) for m in messages] == case["estimates"]
    for strategy in STRATEGIES:
        for bound, expected in zip(case["bounds"], case["outputs"][strategy]):
            output = prune_messages(messages, strategy=strategy, format="anthropic", **snake(bound))
            assert encode_runs(messages, output) == expected, (strategy, bound)


@pytest.mark.parametrize("case", GOLDEN["pins"], ids=lambda case: str(case["name"]))
def test_pinned_messages_are_kept_as_the_core_keeps_them(case: dict[str, Any]) -> None:
    messages = case["messages"]
    for strategy in STRATEGIES:
        for bound, expected in zip(case["bounds"], case["outputs"][strategy]):
            output = prune_messages(messages, strategy=strategy, format="anthropic", **snake(bound))
            got: list[object] = []
            for item in output:
                index = next((i for i, message in enumerate(messages) if message is item), None)
                got.append({"summary": item["content"]} if index is None else index)
            assert got == expected, (strategy, bound)


@pytest.mark.parametrize("case", GOLDEN["masking"], ids=lambda case: str(case["name"]))
def test_observation_masking_masks_what_the_core_masks(case: dict[str, Any]) -> None:
    messages = case["messages"]
    for config, expected in zip(case["configs"], case["outputs"]):
        masking: dict[str, Any] = {"strategy": "observation-masking", **snake(config)}
        output = prune_messages(messages, masking, format="anthropic")
        got = [i if message is messages[i] else message for i, message in enumerate(output)]
        assert got == expected, config


@pytest.mark.parametrize("case", GOLDEN["validator"], ids=lambda case: str(case["name"]))
def test_validate_messages_finds_the_core_s_problems(case: dict[str, Any]) -> None:
    for api, expected in case["problems"].items():
        if "error" in expected:
            with pytest.raises(TypeError):
                validate_messages(case["messages"], api)
            continue
        assert validate_messages(case["messages"], api) == snake(expected), api


class IdsSummarizer:
    def __init__(self, kind: str, total: float) -> None:
        self.kind = kind
        self.total = total

    async def summarize(self, turns: Sequence[ConversationTurn], task_context: str) -> str:
        return ",".join(turn["id"] for turn in turns) if self.kind == "ids" else "x" * int(4 * self.total + 8)


@pytest.mark.parametrize("case", GOLDEN["contextPruner"], ids=lambda case: str(case["name"]))
def test_context_pruner_prunes_as_the_core_does(case: dict[str, Any]) -> None:
    window = snake(case["window"])
    for run in case["runs"]:
        pruner = ContextPruner(IdsSummarizer(run["summary"], window["total_token_estimate"]), {**snake(run["config"]), "now": lambda: 0})
        result: dict[str, Any] = dict(asyncio.run(pruner.prune(window, "task")))
        if result["window"] is window:
            result["window"] = "same"
        assert result == snake(run["result"]), run["config"]


def _masking_failures() -> int:
    failures = 0
    for case in GOLDEN["masking"]:
        messages = case["messages"]
        for config, expected in zip(case["configs"], case["outputs"]):
            masking: dict[str, Any] = {"strategy": "observation-masking", **snake(config)}
            output = prune_messages(messages, masking, format="anthropic")
            failures += [i if m is messages[i] else m for i, m in enumerate(output)] != expected
    return failures


def test_a_port_rounding_the_estimate_down_fails_parity(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks can fail: characters // 4 in place of the core's rounding up disagrees on masking and on token
    bounds."""
    monkeypatch.setattr(prunescope.masking, "estimate_tokens", lambda characters: max(0, int(characters) // 4))
    assert _masking_failures() > 0
    monkeypatch.setattr(prunescope.pruner, "estimate_tokens", lambda characters: max(0, int(characters) // 4))
    assert any(
        encode_runs(case["messages"], prune_messages(case["messages"], strategy=strategy, format="anthropic", **snake(bound))) != expected
        for case in GOLDEN["tokens"]
        for strategy in STRATEGIES
        for bound, expected in zip(case["bounds"], case["outputs"][strategy])
    )


def test_a_port_rounding_placeholders_half_to_even_writes_other_texts() -> None:
    """JavaScript's Math.round and toFixed take halves up, on the exact binary value: 1250 tokens is "1.3k"."""
    assert prunescope.masking.result_placeholder(1, 1250) == "[Old tool result cleared: 1 line, ≈1.3k tokens]"
    assert prunescope.masking.result_placeholder(2, 2.5) == "[Old tool result cleared: 2 lines, ≈3 tokens]"
    assert prunescope.masking.result_placeholder(1_000, 1_050_000) == "[Old tool result cleared: 1,000 lines, ≈1.1M tokens]"
