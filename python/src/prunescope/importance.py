"""Importance's plan over units, as the core's `planImportance` makes it (src/core/strategies/importance/): the
lowest-first walk, then, under a token bound, the refill of the budget (`refillDropped`) and the most recent messages
that fit when they keep more (`bestFittingSuffix`)."""

import math
from bisect import bisect_left
from collections.abc import Sequence
from itertools import accumulate

from .budget import sum_from_end
from .links import MessageGroups

KEPT = 0
"""A unit never dropped (guarded, or kept by the walk)."""
DROPPED = 1
REFILLED = 2
"""Dropped by the walk, then added back because it still fits."""
RECENT = 3
"""Part of the most recent messages that fit, chosen when they keep more tokens than the walk and refill did."""


def importance_states(
    units: MessageGroups,
    unit_score: Sequence[float],
    tokens: Sequence[float],
    max_turns: float,
    max_tokens: float,
    pinned: Sequence[int] = (),
    refills: bool = True,
) -> bytearray:
    """Each unit's state (`KEPT`, `DROPPED`, `REFILLED`, `RECENT`): units dropped lowest score first (ties: earliest)
    until at most `max_turns` messages and `max_tokens` tokens remain, never the last message's unit nor a pinned
    message's. With a finite `max_tokens` (and `refills`), the dropped units that still fit are added back, best score
    first, and when the most recent messages that fit beside the guarded units keep more tokens, those are kept
    instead and the rest filled the same way: importance never keeps less than a token window would, and no unit it
    drops would still fit. A message bound alone is the walk only, as the seed says."""
    group_of = units.group_of
    group_size = units.group_size
    count = len(group_of)
    unit_count = len(group_size)
    state = bytearray(unit_count)
    by_tokens = max_tokens != math.inf
    total = sum_from_end(tokens) if by_tokens else 0.0
    if count == 0 or (count <= max_turns and total <= max_tokens):
        return state
    # 1: the last message's unit, 2: a pinned message's; neither is ever dropped.
    guard = bytearray(unit_count)
    guard[group_of[count - 1]] = 1
    for index in pinned:
        if 0 <= index < count and guard[group_of[index]] == 0:
            guard[group_of[index]] = 2
    if not by_tokens:
        # A message bound alone: the walk stops at the first unit whose running size reaches what must go, found
        # by bisection over the running sizes (C-level), not a step per unit.
        order = [u for u in sorted(range(unit_count), key=unit_score.__getitem__) if not guard[u]]
        running = list(accumulate(map(group_size.__getitem__, order)))
        for unit in order[: bisect_left(running, count - max_turns) + 1]:
            state[unit] = DROPPED
        return state
    unit_tokens = [0.0] * unit_count
    for i in range(count):
        unit = group_of[i]
        unit_tokens[unit] = unit_tokens[unit] + tokens[i]

    walked: list[int] = []
    kept_messages = count
    kept_tokens = total
    # sorted is stable and unit ids follow message order, so equal scores drop the earliest unit first.
    for unit in sorted(range(unit_count), key=unit_score.__getitem__):
        if kept_messages <= max_turns and kept_tokens <= max_tokens:
            break
        if guard[unit]:
            continue
        state[unit] = DROPPED
        walked.append(unit)
        kept_messages -= group_size[unit]
        kept_tokens -= unit_tokens[unit]
    if not refills or not walked:
        return state

    _, added_tokens = refill_dropped(
        walked, state, unit_score, group_size, unit_tokens, max_turns - kept_messages, max_tokens - kept_tokens, ranked=True
    )
    kept_tokens += added_tokens
    guarded_messages = 0
    guarded_tokens = 0.0
    for unit in range(unit_count):
        if guard[unit]:
            guarded_messages += group_size[unit]
            guarded_tokens += unit_tokens[unit]
    unit_first = [-1] * unit_count
    for i in range(count - 1, -1, -1):
        unit_first[group_of[i]] = i
    recent = best_fitting_suffix(group_of, unit_first, tokens, guard, guarded_messages, guarded_tokens, max_turns, max_tokens)
    if recent is not None and recent[2] > kept_tokens:
        cut, recent_messages, recent_tokens = recent
        older: list[int] = []
        for unit in range(unit_count):
            if guard[unit]:
                state[unit] = KEPT
            elif unit_first[unit] >= cut:
                state[unit] = RECENT
            else:
                state[unit] = DROPPED
                older.append(unit)
        refill_dropped(older, state, unit_score, group_size, unit_tokens, max_turns - recent_messages, max_tokens - recent_tokens)
    return state


def refill_dropped(
    candidates: Sequence[int],
    state: bytearray,
    unit_score: Sequence[float],
    unit_size: Sequence[int],
    unit_tokens: Sequence[float],
    room_messages: float,
    room_tokens: float,
    ranked: bool = False,
) -> tuple[int, float]:
    """The core's `refillDropped`: adds dropped units back while they fit the room left, best score first (ties: the
    latest first, the reverse of the walk's order), marking each `REFILLED`. Kept units only grow, so a unit that does
    not fit when its turn comes never fits later: one pass leaves no dropped unit that would still fit. Returns the
    messages and tokens added. `ranked`: the candidates are in drop order already (score, then id); otherwise in id
    order."""
    fitting = [u for u in candidates if unit_size[u] <= room_messages and unit_tokens[u] <= room_tokens]
    if not ranked:
        # Candidates come in id order, and the sort is stable: by score, ties by id.
        fitting.sort(key=unit_score.__getitem__)
    messages = 0
    tokens = 0.0
    for k in range(len(fitting) - 1, -1, -1):
        # A unit holds a message at least, so nothing fits once the message room is used up.
        if messages >= room_messages:
            break
        u = fitting[k]
        size = unit_size[u]
        weight = unit_tokens[u]
        if messages + size > room_messages or tokens + weight > room_tokens:
            continue
        state[u] = REFILLED
        messages += size
        tokens += weight
    return messages, tokens


def best_fitting_suffix(
    group_of: Sequence[int],
    unit_first: Sequence[int],
    tokens: Sequence[float],
    guard: bytearray,
    guarded_messages: int,
    guarded_tokens: float,
    max_turns: float,
    max_tokens: float,
) -> tuple[int, int, float] | None:
    """The core's `bestFittingSuffix`: the longest run of most recent messages that fits the bounds beside the
    guarded units (kept wherever they are), cut where no unit is split: (the earliest such cut, the messages and the
    tokens then kept, guarded ones included), or None when not even the guarded units fit."""
    best: tuple[int, int, float] | None = None
    messages = guarded_messages
    kept = guarded_tokens
    # The earliest first message among the units of messages i onwards: a cut at i splits no unit when it is i.
    reach = len(group_of)
    for i in range(len(group_of) - 1, -1, -1):
        u = group_of[i]
        if not guard[u]:
            messages += 1
            kept = kept + tokens[i]
        if messages > max_turns or kept > max_tokens:
            break
        first = unit_first[u]
        if first < reach:
            reach = first
        if reach == i:
            best = (i, messages, kept)
    return best
