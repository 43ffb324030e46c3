"""Laws of `prune_messages` over generated agent transcripts (tests/support/transcripts.py: parallel calls, reused
ids, long results, broken inputs), for every strategy and every max_turns from 0 to n + 2, as
src/core/prune/prune-messages.property.test.ts checks them for the TypeScript core:

 1. No orphan added: every tool call or result that had a partner in the input has it in the output.
 2. No mutation: the input equals its deep copy taken before the call.
 3. Determinism: the same call twice gives equal outputs.
 4. Identity and order: kept messages are the input objects themselves, in input order.
 5. Bounds: sliding-window and summarize keep a suffix of at least min(max(max_turns, 1), n) messages; summarize
    adds exactly one summary, first, counting the messages it replaced, iff it replaced any; importance keeps at
    most max(max_turns, size of the last message's group) and always the last message.
 6. Floor of one: never empty for non-empty input.
 7. Oracles: the port equals the O(n²) references in tests/support/oracles.py, for links and for output.

The seed is printed in pytest's header and after a failure (conftest.py); replay with --hypothesis-seed=<seed>.
"""

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prunescope import STRATEGIES, PruneStrategy, prune_messages
from prunescope.links import scan_messages
from prunescope.pruner import create_summary_message

from .support.oracles import find_added_orphans, naive_groups, naive_links, naive_prune
from .support.transcripts import Msg, agent_transcript, transcript_and_bound


def kept_part(strategy: str, out: list[Any], messages: Sequence[Msg]) -> list[Any]:
    if strategy != "summarize" or not out or any(out[0] is m for m in messages):
        return out
    return out[1:]


def check_laws(strategy: PruneStrategy, messages: list[Msg], max_turns: int) -> None:
    before = copy.deepcopy(messages)
    out = prune_messages(messages, strategy=strategy, max_turns=max_turns)
    n = len(messages)

    assert find_added_orphans(messages, out) == []
    assert messages == before
    assert prune_messages(messages, strategy=strategy, max_turns=max_turns) == out

    kept = kept_part(strategy, out, messages)
    cursor = 0
    for message in kept:
        found = next((i for i in range(cursor, n) if messages[i] is message), None)
        assert found is not None, "a kept message is an input object, in input order"
        cursor = found + 1

    if n > 0:
        assert len(out) > 0
    if strategy == "importance":
        last_group = next((len(g) for g in naive_groups(messages) if n - 1 in g), 0)
        assert len(kept) <= max(max_turns, last_group)
        if n > 0:
            assert kept[-1] is messages[-1]
    else:
        suffix = messages[n - len(kept) :]
        assert all(a is b for a, b in zip(kept, suffix, strict=True))
        assert len(kept) >= min(max(max_turns, 1), n)
        replaced = n - len(kept)
        if strategy == "summarize":
            assert len(out) - len(kept) == (1 if replaced > 0 else 0)
            if replaced > 0:
                assert out[0] == create_summary_message(replaced)
        else:
            assert len(out) == len(kept)


@pytest.mark.parametrize("strategy", STRATEGIES)
@settings(max_examples=400)
@given(case=transcript_and_bound())
def test_laws_1_to_6_hold_for_every_max_turns(strategy: PruneStrategy, case: tuple[list[Msg], int]) -> None:
    check_laws(strategy, *case)


@settings(max_examples=300)
@given(messages=agent_transcript())
def test_law_7_links_agree_with_the_naive_backwards_look(messages: list[Msg]) -> None:
    scan = scan_messages(messages)
    pairs = sorted(f"{p.id}:{p.use_index}.{p.use_block}->{p.result_index}.{p.result_block}" for p in scan.pairs)
    orphans = sorted(f"{o.kind} {o.id}@{o.message_index}.{o.block_index}" for o in scan.orphans)
    assert (pairs, orphans) == naive_links(messages)


@pytest.mark.parametrize("strategy", STRATEGIES)
@settings(max_examples=300)
@given(case=transcript_and_bound(max_episodes=15))
def test_law_7_prune_equals_the_naive_reference(strategy: PruneStrategy, case: tuple[list[Msg], int]) -> None:
    messages, max_turns = case
    out = prune_messages(messages, strategy=strategy, max_turns=max_turns)
    expected = naive_prune(messages, strategy, max_turns)
    assert out == expected
    assert [id(m) for m in kept_part(strategy, out, messages)] == [id(m) for m in kept_part(strategy, expected, messages)]


@settings(max_examples=100)
@given(messages=agent_transcript(), data=st.data())
def test_fractional_bounds_act_as_their_floor(messages: list[Msg], data: st.DataObject) -> None:
    max_turns = data.draw(st.floats(0, len(messages) + 2, allow_nan=False))
    for strategy in STRATEGIES:
        floored = prune_messages(messages, strategy=strategy, max_turns=int(max_turns))
        assert prune_messages(messages, strategy=strategy, max_turns=max_turns) == floored


def test_a_test_that_cannot_fail_is_a_defect_the_law_checks_catch_a_pruner_that_splits_pairs() -> None:
    """Cuts exactly at max_turns, ignoring pairs, as a naive pruner would: the orphan law must catch it."""

    def careless(messages: Sequence[Mapping[str, Any]], max_turns: int) -> list[Mapping[str, Any]]:
        return list(messages[max(0, len(messages) - max(1, max_turns)) :])

    caught: list[tuple[int, int]] = []

    @settings(max_examples=500, database=None)
    @given(case=transcript_and_bound(broken=False))
    def splits_no_pair(case: tuple[list[Msg], int]) -> None:
        messages, max_turns = case
        if find_added_orphans(messages, careless(messages, max_turns)):
            caught.append((len(messages), max_turns))
            raise AssertionError("pair split")

    with pytest.raises(AssertionError):
        splits_no_pair()
    assert caught
