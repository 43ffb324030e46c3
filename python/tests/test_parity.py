"""Parity with the TypeScript core, message for message, on the golden cases `npm run golden:python` writes
(scripts/build-python-golden.ts): every fixture transcript at every max_turns from 0 to n, and a few thousand
generated transcripts (parallel calls, reused ids, broken inputs, odd JSON, values that are not messages, inputs
aimed at repair) at every bound, for each strategy; and on each of them `repair_messages` with each option.

The golden file is never edited by hand; scripts/python-golden.test.ts fails when it is out of date with the core.
"""

import builtins
import gzip
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypedDict, cast

import pytest

import prunescope.importance
import prunescope.links
import prunescope.pruner
import prunescope.repair
import prunescope.text
from prunescope import (
    STRATEGIES,
    RepairChange,
    RepairOptions,
    find_tool_pairs,
    message_text_length,
    prune_messages,
    repair_messages,
    score_message,
)
from prunescope.links import MessageGroups, glue_broken_turns, group_messages, scan_messages
from prunescope.pruner import create_summary_message
from prunescope.text import JS_WHITESPACE, js_number_string, utf16_length

# Coverage is the other tests' to earn; tracing 200,000 prunes would only triple the time this takes.
pytestmark = pytest.mark.no_cover

GOLDEN_PATH = Path(__file__).parent / "golden" / "prune-golden.json.gz"


class RepairGolden(TypedDict, total=False):
    options: dict[str, Any]
    messages: list[Any]
    changes: list[RepairChange]
    origin: list[int]
    error: str


class GoldenCase(TypedDict):
    name: str
    messages: list[Any]
    bounds: list[float]
    textLengths: list[int]
    scores: list[float]
    pairs: list[list[object]]
    outputs: dict[str, list[list[int] | None]]
    repairs: list[RepairGolden]


class Golden(TypedDict):
    about: str
    whitespace: str
    numbers: list[tuple[float, str]]
    cases: list[GoldenCase]


GOLDEN = cast(Golden, json.loads(gzip.decompress(GOLDEN_PATH.read_bytes())))
CASES = GOLDEN["cases"]


def same_value(a: object, b: object) -> bool:
    """JavaScript's `===` on JSON values: objects and arrays by identity, anything else by type and value."""
    return a is b or (not isinstance(a, (dict, list)) and type(a) is type(b) and a == b)


def encode_output(messages: Sequence[object], output: Sequence[object]) -> list[int]:
    """The Python output in the golden encoding: [summarized, start, end, …] over input indices, each kept message
    matched to the next input value it is, as the builder matches them (a repeated `5` canonically, the earliest)."""
    encoded = [0]
    rest = output
    if output and not any(same_value(message, output[0]) for message in messages):
        summarized = len(messages) - (len(output) - 1)
        assert output[0] == create_summary_message(summarized)
        encoded[0] = summarized
        rest = output[1:]
    cursor = 0
    for message in rest:
        while not same_value(messages[cursor], message):
            cursor += 1
        i = cursor
        cursor += 1
        if len(encoded) > 1 and encoded[-1] == i:
            encoded[-1] = i + 1
        else:
            encoded += [i, i + 1]
    return encoded


def mismatches(case: GoldenCase) -> Iterator[str]:
    messages = case["messages"]
    for strategy in STRATEGIES:
        for bound, expected in zip(case["bounds"], case["outputs"][strategy]):
            if expected is None:
                # The core refuses a message object with no role or a role of no API: so must the port.
                try:
                    prune_messages(messages, strategy=strategy, max_turns=bound)
                except TypeError:
                    continue
                yield f"{strategy} max_turns={bound}: TypeScript raised TypeError, Python did not"
                continue
            got = encode_output(messages, prune_messages(messages, strategy=strategy, max_turns=bound))
            if got != expected:
                yield f"{strategy} max_turns={bound}: TypeScript kept {expected}, Python {got}"


OPTION_NAMES = {"unansweredCalls": "unanswered_calls", "keepApart": "keep_apart"}
ERRORS = {"TypeError": TypeError, "RangeError": ValueError}


def encode_repaired(messages: Sequence[Any], repaired: Sequence[Any]) -> list[Any]:
    """The Python repair in the golden encoding: an unchanged message as its input index (by identity); a new one
    with its content blocks as [message, block] when they are input blocks themselves, else as {"new": block}."""
    index_of = {id(message): i for i, message in enumerate(messages)}
    block_at: dict[int, list[int]] = {}
    for m, message in enumerate(messages):
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list):
            for b, block in enumerate(content):
                if isinstance(block, (dict, list)):
                    block_at.setdefault(id(block), [m, b])
    encoded: list[Any] = []
    for message in repaired:
        i = index_of.get(id(message))
        if i is not None:
            encoded.append(i)
            continue
        content = message["content"]
        if isinstance(content, list):
            content = [block_at.get(id(block)) or {"new": block} for block in content]
        encoded.append({**message, "content": content})
    return encoded


def repair_mismatches(case: GoldenCase) -> Iterator[str]:
    messages = case["messages"]
    for expected in case["repairs"]:
        options = {OPTION_NAMES[key]: value for key, value in expected["options"].items()}
        if "error" in expected:
            try:
                repair_messages(messages, cast(RepairOptions, options))
            except ERRORS[expected["error"]]:
                continue
            yield f"{options}: TypeScript threw a {expected['error']}, Python did not"
            continue
        got = repair_messages(messages, cast(RepairOptions, options))
        for field in ("changes", "origin"):
            if got[field] != expected[field]:  # type: ignore[literal-required]
                yield f"{options} {field}: TypeScript {expected[field]}, Python {got[field]}"  # type: ignore[literal-required]
        encoded = encode_repaired(messages, got["messages"])
        if encoded != expected["messages"]:
            yield f"{options} messages: TypeScript {expected['messages']}, Python {encoded}"


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_python_repairs_as_the_typescript_core(case: GoldenCase) -> None:
    assert list(repair_mismatches(case)) == []


def test_whitespace_is_what_javascripts_trim_removes() -> None:
    assert sorted(JS_WHITESPACE) == sorted(GOLDEN["whitespace"])
    assert "\ufeff" in JS_WHITESPACE and "\x85" not in JS_WHITESPACE


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_python_prunes_as_the_typescript_core(case: GoldenCase) -> None:
    messages = case["messages"]
    n = len(messages)
    assert [message_text_length(message) for message in messages] == case["textLengths"]
    # Exact equality, not approx: the same operations on the same doubles.
    assert [score_message(message, i, n) for i, message in enumerate(messages)] == case["scores"]
    assert [[k, *v] for k, v in find_tool_pairs(messages).items()] == case["pairs"]
    assert list(mismatches(case)) == []


def test_numbers_print_as_javascript_prints_them() -> None:
    wrong = [(value, expected, js_number_string(value)) for value, expected in GOLDEN["numbers"] if js_number_string(value) != expected]
    assert wrong == []
    assert len(GOLDEN["numbers"]) > 300


def test_the_golden_cases_hold_what_real_data_holds() -> None:
    """The cases reach every rule the port must match: parity over easy inputs would prove little."""
    names = [case["name"] for case in CASES]
    assert sum(name.startswith("fixtures/") for name in names) >= 200
    assert sum(name.startswith("agentTranscript") for name in names) >= 2000
    assert sum(name.startswith("jsonTranscript") for name in names) >= 500

    def some(test: Any) -> int:
        return sum(1 for case in CASES if test(case))

    def strings(value: object) -> Iterator[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, list):
            for item in value:
                yield from strings(item)
        elif isinstance(value, dict):
            for item in value.values():
                yield from strings(item)

    scans = {case["name"]: scan_messages(case["messages"]) for case in CASES}
    groups = {case["name"]: group_messages(case["messages"]).group_size for case in CASES}
    assert some(lambda c: len({p.id for p in scans[c["name"]].pairs}) < len(scans[c["name"]].pairs)) > 100  # reused ids
    assert some(lambda c: any(p.use_index == p.result_index for p in scans[c["name"]].pairs)) > 100  # server tools
    assert some(lambda c: scans[c["name"]].orphans) > 500  # broken inputs
    assert some(lambda c: any(size > 2 for size in groups[c["name"]])) > 500  # parallel calls answered apart
    glued = {c["name"]: glue_broken_turns(group_messages(c["messages"])).group_size for c in CASES}
    assert some(lambda c: glued[c["name"]] != groups[c["name"]]) > 500  # broken turns glued
    assert some(lambda c: any(utf16_length(s) != len(s) for s in strings(c["messages"]))) > 100
    assert some(lambda c: any(utf16_length(s) >= 1000 > len(s) for s in strings(c["messages"]))) > 10
    assert some(lambda c: any(isinstance(b, float) and b % 1 for b in c["bounds"])) > 1000


def test_a_port_counting_code_points_fails_parity(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that cannot fail is a defect: with Python's len in place of UTF-16 units, the golden cases disagree."""
    monkeypatch.setattr(prunescope.text, "utf16_length", len)
    monkeypatch.setattr(prunescope.links, "utf16_length", len)
    odd = [case for case in CASES if case["name"].startswith("jsonTranscript")]
    lengths_differ = sum(1 for c in odd if [message_text_length(m) for m in c["messages"]] != c["textLengths"])
    assert lengths_differ > 50
    assert any(any(True for _ in mismatches(c)) for c in odd)


def test_a_port_breaking_ties_the_other_way_fails_parity(monkeypatch: pytest.MonkeyPatch) -> None:
    """Equal scores drop the earliest group first; a port dropping the latest first disagrees with the golden cases."""

    def latest_first(groups: Iterable[int], key: Callable[[int], float]) -> list[int]:
        return builtins.sorted(reversed(list(groups)), key=key)

    monkeypatch.setattr(prunescope.importance, "sorted", latest_first, raising=False)
    assert any(True for case in CASES for _ in mismatches(case))


def test_a_port_without_the_glue_of_broken_turns_fails_parity(monkeypatch: pytest.MonkeyPatch) -> None:
    """Units as bare tool groups, as before broken turns were glued: the golden cases disagree, for every strategy."""

    def no_glue(groups: MessageGroups) -> MessageGroups:
        return groups

    monkeypatch.setattr(prunescope.pruner, "glue_broken_turns", no_glue)
    wrong: set[str] = set()
    for case in (c for c in CASES if c["name"].startswith("agentTranscript #")):
        wrong |= {line.split(" ")[0] for line in mismatches(case)}
        if wrong == set(STRATEGIES):
            break  # every strategy already disagrees: the rest of the cases cannot change the verdict
    assert wrong == set(STRATEGIES)


def test_the_repair_cases_reach_every_rule_and_option() -> None:
    """Parity over inputs that need no repair would prove little: every change the repair makes appears often."""
    answers = [r for case in CASES for r in case["repairs"] if "error" not in r]
    rules = Counter(change["rule"] for r in answers for change in r["changes"])
    details = {change["detail"].split(" ")[0] for r in answers for change in r["changes"]}
    assert {rule for rule, n in rules.items() if n >= 50} == {
        "anthropic/empty-content",
        "anthropic/empty-text-block",
        "anthropic/whitespace-text-block",
        "anthropic/unexpected-tool-result",
        "anthropic/duplicate-tool-result",
        "anthropic/tool-use-without-result",
        "anthropic/tool-result-not-first",
        "anthropic/final-assistant-trailing-whitespace",
        "repair/misplaced-tool-block",
        "repair/merge-same-role",
    }
    assert details == {"removed", "added", "answered", "moved", "merged", "trimmed"}
    assert sum(-1 in r["origin"] for r in answers) > 100  # messages the repair made
    assert sum(any(isinstance(m, int) for m in r["messages"]) and any(isinstance(m, dict) for m in r["messages"]) for r in answers) > 1000
    assert sum("error" in r for case in CASES for r in case["repairs"]) >= 300  # values that are not messages
    assert sum(case["name"].startswith("oddMessages") for case in CASES) >= 200


def test_a_port_trimming_pythons_whitespace_fails_repair_parity(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python's str.strip() in place of JavaScript's trim(): the repair cases disagree."""
    monkeypatch.setattr(prunescope.repair, "js_trim", str.strip)
    aimed = [case for case in CASES if case["name"].startswith("repairTranscript")]
    assert sum(1 for case in aimed if any(True for _ in repair_mismatches(case))) > 20


def test_a_port_merging_from_the_front_fails_repair_parity(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs merged front to back log each message once, where the core logs the last of a run of three twice."""

    def merge_from_the_front(pieces: list[Any], log: Callable[[RepairChange], None]) -> None:
        k = 1
        while k < len(pieces):
            piece, before = pieces[k], pieces[k - 1]
            if piece.role != before.role or piece.apart or piece.opaque or before.opaque:
                k += 1
                continue
            for index in piece.members:
                origin = before.members[0] if before.members else -1
                log({"index": index, "rule": "repair/merge-same-role", "detail": f"merged into the {piece.role} message before it (input {origin})"})
            before.parts += piece.parts
            before.members += piece.members
            before.shape = "blocks"
            before.changed = True
            del pieces[k]

    monkeypatch.setattr(prunescope.repair, "_merge_runs", merge_from_the_front)
    assert any(True for case in CASES if case["name"].startswith("agentTranscript #") for _ in repair_mismatches(case))


def test_every_case_answers_every_strategy_at_every_bound() -> None:
    for case in CASES:
        assert set(case["outputs"]) == set(STRATEGIES)
        assert all(len(case["outputs"][strategy]) == len(case["bounds"]) for strategy in STRATEGIES)
