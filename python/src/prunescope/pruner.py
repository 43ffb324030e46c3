"""`prune_messages`: the three seed strategies, with the semantics of the TypeScript core's `pruneMessages`."""

import math
import numbers
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar, cast

from .links import (
    MISSING,
    content_of,
    glue_broken_turns,
    group_messages,
    is_assistant,
    role_of,
    same_role,
    tool_block_kind,
    valid_cut_at_or_before,
)
from .model import Message, PruneStrategy, PrunerConfig
from .scoring import importance_score

STRATEGIES: tuple[PruneStrategy, ...] = ("sliding-window", "summarize", "importance")
_CONFIG_KEYS = ("strategy", "max_turns", "summary_model")
_TYPESCRIPT_KEYS = {"maxTurns": "max_turns", "summaryModel": "summary_model"}

M = TypeVar("M", bound=Mapping[str, Any])


def create_summary_message(replaced_count: int) -> Message:
    """The placeholder summarize puts first: `[Previous context: N turns summarized]`, role user (spec 001).

    N is the number of messages it replaces ("turns" even for one, so callers can match it exactly).
    """
    return {"role": "user", "content": f"[Previous context: {replaced_count} turns summarized]"}


def prune_messages(
    messages: Sequence[M],
    config: PrunerConfig | None = None,
    *,
    strategy: PruneStrategy | None = None,
    max_turns: float | None = None,
    summary_model: str | None = None,
) -> list[M | Message]:
    """Prunes a conversation to at most `max_turns` messages without leaving a tool call or result without its
    partner, so the API accepts the request.

    Give the config as a mapping, `prune_messages(messages, {"strategy": "importance", "max_turns": 40})`, or as
    keywords, `prune_messages(messages, strategy="importance", max_turns=40)`; keywords override the mapping.

    - `sliding-window`: the last `max_turns` messages; when the cut would split a tool call from its result, the
      cut moves earlier, so it may keep more.
    - `summarize`: the same window, after one synthetic user message `[Previous context: N turns summarized]`,
      N = messages replaced (a placeholder: no model is called).
    - `importance`: drops whole units (tool groups, glued around broken blocks), lowest score first (ties:
      earliest first), until at most `max_turns` remain; the last message's unit is never dropped.

    Returns a new list; kept messages are the input objects themselves, in input order; never mutates; the same
    input and config give the same output. Keeps at least one message (the most recent) for non-empty input:
    `max_turns` below 1 acts as 1, non-integers are floored. Messages linked through tool ids (a call, its result,
    parallel calls answered together) are kept or dropped as one group; a message holding a broken block (an
    orphan, a pair split across turns) is kept or dropped with its whole turn and the message on each side of it,
    so pruning a broken input adds no orphan and no other API problem. O(n) for sliding window and summarize (they
    read only the kept suffix, unless a broken block sits near the cut), O(n log n) for importance.

    Raises `TypeError` when `messages` is not a list (or tuple) or the config is invalid, `ValueError` for a
    negative `max_turns`; messages name the field, the value and what is allowed.
    """
    if not isinstance(messages, (list, tuple)):
        raise TypeError(f"prune_messages: messages must be a list, got {_type_name(messages)}")
    chosen, target = _checked_config(config, strategy, max_turns, summary_model)
    count = len(messages)
    if count <= target:
        return list(messages)
    if chosen == "importance":
        return _importance(messages, target)
    cut = find_window_cut(messages, target)
    if cut < 0:
        # A broken block near the cut: its turn is glued to its neighbours, which only the whole transcript shows.
        cut = valid_cut_at_or_before(glue_broken_turns(group_messages(messages)), count - target)
    kept: list[M | Message] = list(messages[cut:])
    if chosen == "summarize" and cut > 0:
        kept.insert(0, create_summary_message(cut))
    return kept


def _importance(messages: Sequence[M], target: int) -> list[M | Message]:
    count = len(messages)
    # Units, not bare tool groups: a broken block's turn and its neighbours go together (glue_broken_turns).
    units = glue_broken_turns(group_messages(messages))
    text_length = units.scan.text_length
    has_tool_block = units.scan.has_tool_block
    group_of = units.group_of
    group_size = units.group_size

    # A unit scores as its most important member: dropping it loses every member, so a short call must not drag
    # a long, recent result below an idle chat line.
    group_score = [-math.inf] * len(group_size)
    for i in range(count):
        score = importance_score(i, count, has_tool_block[i], text_length[i])
        group = group_of[i]
        if score > group_score[group]:
            group_score[group] = score

    protected = group_of[count - 1]
    # sorted is stable and group ids follow message order, so equal scores drop the earliest group first.
    order = sorted(range(len(group_size)), key=group_score.__getitem__)
    dropped = bytearray(len(group_size))
    kept = count
    for group in order:
        if kept <= target:
            break
        if group == protected:
            continue
        dropped[group] = 1
        kept -= group_size[group]
    return [message for message, group in zip(messages, group_of) if not dropped[group]]


def find_window_cut(messages: Sequence[object], target: int) -> int:
    """Where sliding window and summarize cut: the index of the first kept message of the smallest suffix of at
    least `target` messages in which no kept message has a tool partner before the cut; -1 when the cut touches a
    broken pair (an orphan kept or in the turn right below the cut, a pair split across turns, a call not in an
    assistant message), which the whole-transcript analysis must settle: there a broken block's turn is glued to
    its neighbours (`glue_broken_turns`), which this scan cannot see without reading everything.

    Scans backwards from the end, so a clean transcript costs only the kept suffix: a result is pending until a
    call answers it (each call takes the nearest following unanswered result with its id, which pairs exactly as
    the forward rule does); when a call below the cut answers a kept result, the cut moves down to that call. The
    turn right below the cut is read too, and its results followed to their calls, to be sure it holds no orphan.
    The same steps as the TypeScript core's `findWindowCut`.
    """
    count = len(messages)
    cut = max(0, count - target)
    if cut == 0:
        return 0
    # Results not yet answered: id → the nearest one's index; a reused id keeps the farther ones on a stack in
    # `buried`, nearest last. Plain ints, as in the forward scan, so the garbage collector has nothing to walk.
    pending: dict[str, int] = {}
    buried: dict[str, list[int]] = {}
    pending_total = 0
    pending_kept = 0
    # The turn right below the cut (a run of one role), read to be sure it holds no orphan.
    checked_from = -1
    checked_role: object = MISSING
    pending_checked = 0
    # The highest call nobody answers below the cut: the cut may yet move down past it.
    unanswered = -1
    # Turns counted from the end, to tell a pair split across turns (which the full analysis glues) from a sound one.
    turn_at = [0] * count
    turn = 0
    later_role: object = MISSING
    for i in range(count - 1, -1, -1):
        message = messages[i]
        role = role_of(message)
        if i < count - 1 and not (
            role == later_role if type(role) is str and type(later_role) is str else same_role(role, later_role)
        ):
            turn += 1
        later_role = role
        turn_at[i] = turn
        if i < cut and pending_kept == 0:
            if checked_from == -1:
                checked_from = i
                checked_role = role
            elif checked_from == i + 1 and same_role(role, checked_role):
                checked_from = i
            elif pending_checked == 0:
                break
        checked = checked_from != -1 and checked_from <= i < cut
        content = content_of(message)
        if not isinstance(content, (list, tuple)):
            continue
        for b in range(len(content) - 1, -1, -1):
            block = content[b]
            end = tool_block_kind(block)
            if end == "result":
                result_id: str = block["tool_use_id"]
                farther = pending.get(result_id)
                if farther is not None:
                    stack = buried.get(result_id)
                    if stack is None:
                        buried[result_id] = [farther]
                    else:
                        stack.append(farther)
                pending[result_id] = i
                pending_total += 1
                if i >= cut:
                    pending_kept += 1
                elif checked:
                    pending_checked += 1
            elif end == "use":
                call_id: str = block["id"]
                answered = pending.pop(call_id, None)
                if answered is None:
                    # A call nobody answers, kept or in the turn right below the cut; one lower down may yet be kept
                    # when the cut moves, so remember the highest.
                    if i >= cut or checked:
                        return -1
                    if i > unanswered:
                        unanswered = i
                    continue
                if buried:
                    stack = buried.get(call_id)
                    if stack:
                        pending[call_id] = stack.pop()
                pending_total -= 1
                if turn_at[i] - turn_at[answered] > 1 or not is_assistant(role):
                    return -1
                if answered < cut:
                    if checked_from != -1 and answered >= checked_from:
                        pending_checked -= 1
                    continue
                pending_kept -= 1
                if i < cut:
                    # Everything scanned so far now lies at or above the new cut, so every pending result is kept.
                    cut = i
                    pending_kept = pending_total
                    checked_from = -1
                    pending_checked = 0
    # At the start with results still unanswered: an orphan result is kept, or sits right below the cut.
    return -1 if pending_kept > 0 or pending_checked > 0 or unanswered >= cut else cut


def _checked_config(
    config: object,
    strategy: PruneStrategy | None,
    max_turns: float | None,
    summary_model: str | None,
) -> tuple[PruneStrategy, int]:
    """The strategy and the number of messages to aim for: `max_turns` floored, and at least 1."""
    if config is None:
        fields: dict[str, object] = {}
    elif isinstance(config, Mapping):
        fields = dict(config)
    else:
        raise TypeError(
            "prune_messages: config must be a mapping like {'strategy': 'sliding-window', 'max_turns': 20}, "
            f"got {_type_name(config)}"
        )
    for key in fields:
        if key not in _CONFIG_KEYS:
            hint = f" (did you mean {_TYPESCRIPT_KEYS[key]!r}?)" if key in _TYPESCRIPT_KEYS else ""
            raise TypeError(f"prune_messages: unknown config key {key!r}{hint}; allowed: {', '.join(_CONFIG_KEYS)}")
    for key, value in (("strategy", strategy), ("max_turns", max_turns), ("summary_model", summary_model)):
        if value is not None:
            fields[key] = value

    chosen = fields.get("strategy")
    if chosen not in STRATEGIES:
        given = "is missing" if "strategy" not in fields else f"{chosen!r} is unknown"
        raise TypeError(f"prune_messages: strategy {given}; expected one of {', '.join(STRATEGIES)}")
    model = fields.get("summary_model")
    if model is not None and not isinstance(model, str):
        raise TypeError(f"prune_messages: summary_model must be a string (a model name), got {model!r}")
    bound = fields.get("max_turns")
    if not isinstance(bound, numbers.Real) or isinstance(bound, bool) or math.isnan(bound):
        given = "is missing" if "max_turns" not in fields else f"must be a number, got {bound!r}"
        raise TypeError(f"prune_messages: max_turns {given} (a number of messages, 0 or more)")
    if bound < 0:
        raise ValueError(f"prune_messages: max_turns must be 0 or more, got {bound!r}")
    picked = cast(PruneStrategy, chosen)
    if math.isinf(bound):
        return picked, sys.maxsize
    return picked, max(1, math.floor(bound))


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__
