"""Laws of `repair_messages` over generated transcripts, broken ones included, with tests/support/validator.py (the
Anthropic API's checks, as src/core/formats/validate-anthropic.ts makes them) as the oracle; the same laws
src/core/repair/repair-messages.property.test.ts holds the TypeScript core to:

 1. What is left is only what repair leaves alone: the output has none of the problems repair is for. Not over
    content that is neither a string nor a list: repair carries it untouched (the API rejects it anyway), and a user
    turn it opens keeps its results where they are (tests/test_repair.py shows the case; the core does the same).
 2. No orphan added, and none left in an agent transcript: every call answered, every result answering.
 3. Idempotent: repairing the output again changes nothing and returns the very same objects.
 4. No mutation, and deterministic.
 5. Order and bounds: origins increase and are input indexes or -1; changes are sorted and name input messages;
    a message no change touched is the input object itself. Over well-formed content: behind malformed content a
    made message can receive moved results, and that change names it as -1, as in the core.
 6. A message kept apart is never merged into the one before it, and the output is still valid.
 7. A transcript the API already accepts is changed only by merging same-role messages.

The seed is printed in pytest's header and after a failure (conftest.py); replay with --hypothesis-seed=<seed>.
"""

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import prunescope.repair
from prunescope import UnansweredCalls, repair_messages
from prunescope.links import scan_messages

from .support.oracles import find_added_orphans
from .support.transcripts import Msg, agent_transcript, repair_transcript
from .support.validator import validate_anthropic

# What repair leaves alone (see repair_messages): ids repeated inside one assistant turn with their results, and
# server tools, which the API pairs inside one assistant turn.
LEFT_ALONE = {"anthropic/duplicate-tool-use-id", "anthropic/duplicate-tool-result", "anthropic/unexpected-server-tool-result"}

modes = st.sampled_from(["remove", "answer"])
transcripts = st.one_of(agent_transcript(), repair_transcript())
well_formed = st.one_of(agent_transcript(), repair_transcript(opaque=False))


def repeats_an_id(messages: Sequence[Mapping[str, Any]]) -> bool:
    """Whether some assistant turn (a run of assistant messages) calls one id twice."""
    ids: set[object] = set()
    role: object = None
    for message in messages:
        if message.get("role") != role:
            ids = set()
        role = message.get("role")
        content = message.get("content")
        if role != "assistant" or not isinstance(content, list):
            continue
        for block in content:
            if isinstance(block, Mapping) and block.get("type") == "tool_use" and isinstance(block.get("id"), str):
                if block["id"] in ids:
                    return True
                ids.add(block["id"])
    return False


def problems_left(messages: Sequence[Mapping[str, Any]]) -> list[tuple[int, str]]:
    return [problem for problem in validate_anthropic(messages) if problem[1] not in LEFT_ALONE]


@settings(max_examples=400)
@given(messages=well_formed, mode=modes)
def test_law_1_the_output_has_none_of_the_problems_repair_is_for(messages: list[Msg], mode: UnansweredCalls) -> None:
    out = repair_messages(messages, unanswered_calls=mode)["messages"]
    assert problems_left(out) == []
    left = [rule for _, rule in validate_anthropic(out)]
    if "anthropic/duplicate-tool-use-id" in left or "anthropic/duplicate-tool-result" in left:
        assert repeats_an_id(out)


@settings(max_examples=300)
@given(messages=agent_transcript(), mode=modes)
def test_law_2_no_orphan_is_added_and_none_is_left(messages: list[Msg], mode: UnansweredCalls) -> None:
    out = repair_messages(messages, unanswered_calls=mode)["messages"]
    assert find_added_orphans(messages, out) == []
    assert scan_messages(out).orphans == []


@settings(max_examples=300)
@given(messages=repair_transcript(), mode=modes)
def test_law_2_no_orphan_is_added_to_odd_transcripts_either(messages: list[Msg], mode: UnansweredCalls) -> None:
    out = repair_messages(messages, unanswered_calls=mode)["messages"]
    assert find_added_orphans(messages, out) == []


@settings(max_examples=400)
@given(messages=transcripts, mode=modes)
def test_law_3_repair_is_idempotent(messages: list[Msg], mode: UnansweredCalls) -> None:
    once = repair_messages(messages, unanswered_calls=mode)
    twice = repair_messages(once["messages"], unanswered_calls=mode)
    assert twice["changes"] == []
    assert twice["origin"] == list(range(len(once["messages"])))
    assert all(a is b for a, b in zip(twice["messages"], once["messages"], strict=True))


@settings(max_examples=300)
@given(messages=transcripts, mode=modes)
def test_law_4_no_mutation_and_deterministic(messages: list[Msg], mode: UnansweredCalls) -> None:
    before = copy.deepcopy(messages)
    first = repair_messages(messages, unanswered_calls=mode)
    assert messages == before
    assert repair_messages(messages, unanswered_calls=mode) == first


@settings(max_examples=400)
@given(messages=well_formed, mode=modes)
def test_law_5_order_bounds_and_untouched_messages_are_the_same_objects(messages: list[Msg], mode: UnansweredCalls) -> None:
    result = repair_messages(messages, unanswered_calls=mode)
    out, origin, changes = result["messages"], result["origin"], result["changes"]
    n = len(messages)
    assert len(origin) == len(out)
    known = [o for o in origin if o != -1]
    assert known == sorted(set(known))
    assert all(o == -1 or 0 <= o < n for o in origin)
    assert all(0 <= change["index"] < n for change in changes)
    assert [change["index"] for change in changes] == sorted(change["index"] for change in changes)
    # Made messages only answer lost calls, so there are at most as many as assistant messages.
    assert origin.count(-1) <= sum(1 for m in messages if m["role"] == "assistant")
    touched = {change["index"] for change in changes}
    for k, o in enumerate(origin):
        if o == -1:
            continue
        following = next((x for x in known if x > o), n)
        if not any(i in touched for i in range(o, following)):
            assert out[k] is messages[o]


@st.composite
def with_kept_apart(draw: st.DrawFn) -> tuple[list[Msg], list[int]]:
    messages = draw(well_formed)
    indexes = st.integers(0, max(0, len(messages) - 1))
    return messages, draw(st.lists(indexes, unique=True, max_size=0 if not messages else 4))


@settings(max_examples=300)
@given(case=with_kept_apart(), mode=modes)
def test_law_6_a_message_kept_apart_is_never_merged_and_the_output_is_still_valid(
    case: tuple[list[Msg], list[int]], mode: UnansweredCalls
) -> None:
    messages, keep_apart = case
    result = repair_messages(messages, unanswered_calls=mode, keep_apart=keep_apart)
    merged_in = {change["index"] for change in result["changes"] if change["rule"] == "repair/merge-same-role"}
    assert merged_in.isdisjoint(keep_apart)
    assert problems_left(result["messages"]) == []


@settings(max_examples=200)
@given(messages=agent_transcript(broken=False))
def test_law_7_a_transcript_the_api_accepts_is_changed_only_by_merging(messages: list[Msg]) -> None:
    if validate_anthropic(messages):
        return
    changes = repair_messages(messages)["changes"]
    assert [change for change in changes if change["rule"] != "repair/merge-same-role"] == []


def test_a_test_that_cannot_fail_is_a_defect_law_1_catches_a_repair_that_leaves_results_late(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A repair that never moves results to the start of their message: law 1's oracle must see it."""
    monkeypatch.setattr(prunescope.repair, "_results_first", lambda turn, log: False)
    caught: list[int] = []

    # derandomize: the search is the same every run, so this test cannot pass or fail by luck.
    @settings(max_examples=1000, database=None, derandomize=True)
    @given(messages=well_formed)
    def leaves_nothing(messages: list[Msg]) -> None:
        if problems_left(repair_messages(messages)["messages"]):
            caught.append(len(messages))
            raise AssertionError("a problem repair is for was left")

    with pytest.raises(AssertionError):
        leaves_nothing()
    assert caught
