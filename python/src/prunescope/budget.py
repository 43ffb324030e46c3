"""Token bounds: the window cut when `max_tokens` is given, as the core's `planWindow` decides it over the full
analysis (src/core/strategies/sliding-window/plan-window.ts); importance's plan is in `importance`."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .links import MessageGroups


def suffix_sums(tokens: Sequence[float]) -> list[float]:
    """`sums[i]`: the tokens of messages i to the end; `sums[len]` is 0. Summed from the end, as the core does,
    so float counts add in the same order."""
    sums = [0.0] * (len(tokens) + 1)
    total = 0.0
    for i in range(len(tokens) - 1, -1, -1):
        total = total + tokens[i]
        sums[i] = total
    return sums


def valid_cuts(units: MessageGroups) -> tuple[list[int], list[int]]:
    """The core's `findValidCuts`: per cut position, the nearest cut no unit straddles, at or before and at or after."""
    group_of = units.group_of
    count = len(group_of)
    last = [0] * len(units.group_size)
    for i, unit in enumerate(group_of):
        last[unit] = i
    before = [0] * (count + 1)
    reach = -1
    for c in range(count + 1):
        before[c] = c if reach < c else before[c - 1]
        if c < count:
            unit_last = last[group_of[c]]
            if unit_last > reach:
                reach = unit_last
    after = [0] * (count + 1)
    after[count] = count
    for c in range(count - 1, -1, -1):
        after[c] = c if before[c] == c else after[c + 1]
    return before, after


@dataclass(frozen=True)
class PinnedUnits:
    """The units (tool groups, glued around broken turns) of the pinned messages, as the core's `pinnedUnits`."""

    member: bytearray
    """Per message: 1 when its unit holds a pinned message."""
    count_before: list[int]
    """`count_before[c]`: how many such messages lie before `c`."""
    tokens_before: list[float]
    """`tokens_before[c]`: their tokens, summed front to back."""


def pinned_units(units: MessageGroups, tokens: Sequence[float], pinned: Sequence[int]) -> PinnedUnits | None:
    """The pinned messages' units; None without a valid pin (indices outside the messages are ignored)."""
    group_of = units.group_of
    count = len(group_of)
    chosen = {group_of[index] for index in pinned if 0 <= index < count}
    if not chosen:
        return None
    member = bytearray(count)
    count_before = [0] * (count + 1)
    tokens_before = [0.0] * (count + 1)
    messages = 0
    pinned_tokens = 0.0
    for i in range(count):
        if group_of[i] in chosen:
            member[i] = 1
            messages += 1
            pinned_tokens = pinned_tokens + tokens[i]
        count_before[i + 1] = messages
        tokens_before[i + 1] = pinned_tokens
    return PinnedUnits(member, count_before, tokens_before)


def window_cut(
    units: MessageGroups,
    suffix: Sequence[float],
    max_turns: float,
    max_tokens: float,
    summary_tokens: Callable[[int], float] | None,
    pins: PinnedUnits | None = None,
) -> int:
    """Where the window strategies cut under both bounds (the later of the two cuts; a token cut inside a unit
    moves past it, so the budget holds), never past the last message's unit. With `summary_tokens` (summarize),
    the budget leaves room for the summary that replaces the cut messages, sized twice as the core sizes it; it is
    given how many messages it replaces. With `pins`, what a cut keeps is the suffix and the pinned messages before
    it, and both count against the bounds (the core's `planWindow`)."""
    count = len(units.group_of)
    total = suffix[0]
    if count == 0 or (count <= max_turns and total <= max_tokens):
        return 0
    before, after = valid_cuts(units)
    if pins is None:
        by_turns = before[count - int(max_turns)] if count > max_turns else 0
    else:
        count_before = pins.count_before
        by_turns = before[_smallest_cut(count, lambda c: count - c + count_before[c] <= max_turns)] if count > max_turns else 0
    floor_cut = before[count - 1]
    cut = by_turns
    if total > max_tokens:
        reserved = 0.0
        for _ in range(2):
            budget = max_tokens - reserved
            if pins is None:
                fits = _first_fitting_cut(suffix, budget)
            else:
                tokens_before = pins.tokens_before
                fits = _smallest_cut(count, lambda c: suffix[c] + tokens_before[c] <= budget)
            cut = max(by_turns, after[fits])
            if summary_tokens is None or cut == 0:
                break
            at = min(cut, floor_cut)
            reserved = summary_tokens(at - (pins.count_before[at] if pins else 0))
    return min(cut, floor_cut)


def _smallest_cut(count: int, fits: Callable[[int], bool]) -> int:
    """The smallest cut in 0…count for which `fits` holds (`count` when none does); `fits` never turns false again."""
    lo = 0
    hi = count
    while lo < hi:
        mid = (lo + hi) >> 1
        if fits(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _first_fitting_cut(suffix: Sequence[float], budget: float) -> int:
    lo = 0
    hi = len(suffix) - 1
    while lo < hi:
        mid = (lo + hi) >> 1
        if suffix[mid] <= budget:
            hi = mid
        else:
            lo = mid + 1
    return lo


def sum_from_end(tokens: Sequence[Any]) -> float:
    """The total as the core's suffix sums reach it (added from the last message back)."""
    total = 0.0
    for i in range(len(tokens) - 1, -1, -1):
        total = total + tokens[i]
    return total
