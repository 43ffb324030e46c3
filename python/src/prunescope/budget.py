"""Token bounds: the window cut when `max_tokens` is given, as the core's `planWindow` decides it over the full
analysis (src/core/strategies/sliding-window/plan-window.ts); importance's plan is in `importance`."""

from collections.abc import Callable, Sequence
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


def window_cut(
    units: MessageGroups,
    suffix: Sequence[float],
    max_turns: float,
    max_tokens: float,
    summary_tokens: Callable[[int], float] | None,
) -> int:
    """Where the window strategies cut under both bounds (the later of the two cuts; a token cut inside a unit
    moves past it, so the budget holds), never past the last message's unit. With `summary_tokens` (summarize),
    the budget leaves room for the summary that replaces the cut messages, sized twice as the core sizes it."""
    count = len(units.group_of)
    total = suffix[0]
    if count == 0 or (count <= max_turns and total <= max_tokens):
        return 0
    before, after = valid_cuts(units)
    by_turns = before[count - int(max_turns)] if count > max_turns else 0
    floor_cut = before[count - 1]
    cut = by_turns
    if total > max_tokens:
        reserved = 0.0
        for _ in range(2):
            fits = _first_fitting_cut(suffix, max_tokens - reserved)
            cut = max(by_turns, after[fits])
            if summary_tokens is None or cut == 0:
                break
            reserved = summary_tokens(min(cut, floor_cut))
    return min(cut, floor_cut)


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
