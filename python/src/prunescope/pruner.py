"""`prune_messages`: the seed strategies and observation masking, by messages or tokens, on Anthropic or OpenAI Chat
dicts, with the semantics of the TypeScript core's `pruneMessages`."""

import math
from dataclasses import replace
from collections.abc import Mapping, Sequence
from itertools import compress
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
from .budget import pinned_units, suffix_sums, window_cut
from .config import Settings, check_config, checked_count
from .importance import DROPPED, importance_states
from .masking import chat_message_of, mask_chat, mask_observations_checked, plan_masking
from .model import Message, PruneStrategy, PrunerConfig
from .openai_chat import ChatReading, MessageFormat, check_anthropic_roles, detect_format, read_openai_chat
from .tokens import TokenCounter, estimate_message_tokens, estimate_tokens

STRATEGIES: tuple[PruneStrategy, ...] = ("sliding-window", "summarize", "importance")
"""The seed's three strategies, which take `max_turns` and `max_tokens`."""

M = TypeVar("M", bound=Mapping[str, Any])

_KEEP_STATE = bytes(0 if state == DROPPED else 1 for state in range(256))
"""`bytes.translate` table: an importance unit state to 1 when its messages are kept."""


def create_summary_message(replaced_count: int) -> Message:
    """The placeholder summarize puts first: `[Previous context: N turns summarized]`, role user (spec 001).

    N is the number of messages it replaces ("turns" even for one, so callers can match it exactly).
    """
    return {"role": "user", "content": f"[Previous context: {replaced_count} turns summarized]"}


def prune_messages(
    messages: Sequence[M],
    config: PrunerConfig | Mapping[str, Any] | None = None,
    *,
    strategy: str | None = None,
    max_turns: float | None = None,
    max_tokens: float | None = None,
    token_counter: TokenCounter | None = None,
    format: MessageFormat | None = None,
    **options: Any,
) -> list[M | Message]:
    """Prunes a conversation to fit a bound without leaving a tool call or result without its partner, so the API
    accepts the request.

    Give the config as a mapping, `prune_messages(messages, {"strategy": "importance", "max_turns": 40})`, or as
    keywords, `prune_messages(messages, strategy="importance", max_tokens=50_000)`; keywords override the mapping.

    `messages` are Anthropic Messages dicts or OpenAI Chat Completions dicts: Chat is detected by its roles
    (`system`, `developer`, `tool`, `function`), or say which with `format="anthropic"` / `format="openai-chat"`.
    Chat messages are pruned as the core reads them (`parseOpenAIChat`): a run of `tool` messages is one message
    with the assistant's call, leading system messages are always kept and not counted, and the result is the
    caller's own dicts (with the summary as a Chat user message).

    - `sliding-window`: the most recent messages; a message bound cut inside a tool group moves earlier (it may
      keep more), a token bound cut moves later (the budget holds).
    - `summarize`: the same window, after one synthetic user message `[Previous context: N turns summarized]`,
      N = messages replaced (a placeholder: no model is called); a token budget leaves room for it.
    - `importance`: drops whole units (tool groups, glued around broken blocks), lowest score first (ties:
      earliest first), until both bounds hold; the last message's unit is never dropped.
    - `observation-masking`: keeps every message and replaces older tool results' content with a placeholder
      (see `mask_observations`).

    `max_tokens` counts each message with `token_counter` (one message in, tokens out), by default
    `estimate_message_tokens`: characters ÷ 4 rounded up, the TypeScript core's estimate.

    Returns a new list; kept messages are the input objects themselves, in input order; never mutates; the same
    input and config give the same output. Keeps at least one message (the most recent) for non-empty input:
    `max_turns` below 1 acts as 1, non-integers are floored. A message holding a broken block (an orphan, a pair
    split across turns) is kept or dropped with its whole turn and the message on each side of it, so pruning a
    broken input adds no orphan and no other API problem.

    Raises `TypeError` when `messages` is not a list (or tuple), a message has a role neither API has or is not
    JSON data (naming its index and role), or the config is invalid; `ValueError` for a negative bound.
    """
    if not isinstance(messages, (list, tuple)):
        raise TypeError(f"prune_messages: messages must be a list, got {_type_name(messages)}")
    keywords = {"strategy": strategy, "max_turns": max_turns, "max_tokens": max_tokens, "token_counter": token_counter, "format": format}
    settings = check_config(config, {**{k: v for k, v in keywords.items() if v is not None}, **options})
    chosen = settings.format
    if chosen is None:
        chosen = detect_format(messages)
    elif chosen == "anthropic":
        check_anthropic_roles(messages)
    if chosen == "openai-chat":
        return _prune_chat(messages, settings)
    return prune_canonical(messages, settings)


def prune_canonical(messages: Sequence[M], settings: Settings) -> list[M | Message]:
    """`prune_messages` on Anthropic-shaped messages, the config checked."""
    if settings.strategy == "observation-masking":
        return cast("list[M | Message]", mask_observations_checked(messages, settings))
    count = len(messages)
    target = settings.max_turns
    by_tokens = not math.isinf(settings.max_tokens)
    if count <= target and not by_tokens:
        return list(messages)
    if settings.strategy == "importance":
        return _importance(messages, settings)
    if settings.pinned or by_tokens:
        return _window(messages, settings, by_tokens)
    cut = find_window_cut(messages, target)
    if cut < 0:
        # A broken block near the cut: its turn is glued to its neighbours, which only the whole transcript shows.
        cut = valid_cut_at_or_before(glue_broken_turns(group_messages(messages)), count - target)
    kept: list[M | Message] = list(messages[cut:])
    if settings.strategy == "summarize" and cut > 0:
        kept.insert(0, create_summary_message(cut))
    return kept


def _window(messages: Sequence[M], settings: Settings, by_tokens: bool) -> list[M | Message]:
    """The window strategies over the whole transcript's units: under a token bound, or with pins. Pinned messages'
    units are kept wherever they are and count against the bounds; the summary stands for the messages before the
    cut that are not pinned, and goes where the window starts (the core's `planWindow`)."""
    units = glue_broken_turns(group_messages(messages))
    counter = settings.token_counter
    summary_counter: TokenCounter = estimate_message_tokens
    if not by_tokens:
        tokens: list[float] = [0.0] * len(messages)
    elif counter is None:
        tokens = [estimate_tokens(length) for length in units.scan.text_length]
    else:
        tokens = [checked_count(counter, message, i) for i, message in enumerate(messages)]
        summary_counter = counter
    summary = None
    if settings.strategy == "summarize":
        summary = lambda replaced: checked_count(summary_counter, create_summary_message(replaced), -1)  # noqa: E731
    pins = pinned_units(units, tokens, settings.pinned)
    cut = window_cut(units, suffix_sums(tokens), settings.max_turns, settings.max_tokens, summary, pins)
    kept: list[M | Message] = [] if pins is None else [m for m, pin in zip(messages[:cut], pins.member) if pin]
    replaced = cut - len(kept)
    if settings.strategy == "summarize" and replaced > 0:
        kept.append(create_summary_message(replaced))
    kept.extend(messages[cut:])
    return kept


def _importance(messages: Sequence[M], settings: Settings) -> list[M | Message]:
    count = len(messages)
    # Units, not bare tool groups: a broken block's turn and its neighbours go together (glue_broken_turns).
    units = glue_broken_turns(group_messages(messages))
    text_length = units.scan.text_length
    has_tool_block = units.scan.has_tool_block
    group_of = units.group_of

    # A unit scores as its most important member: dropping it loses every member, so a short call must not drag
    # a long, recent result below an idle chat line.
    # `importance_score`'s formula inline (a call per message is a tenth of the strategy), the same operations in the
    # same order, so the doubles are the core's.
    unit_score = [-math.inf] * len(units.group_size)
    for i, tool, length, group in zip(range(count), has_tool_block, text_length, group_of):
        # Text lengths are never negative, so max(length, 0) is length; and min(share, 0.2) without two calls.
        share = length / 5000
        score = (i / count) * 0.5 + (0.3 if tool else 0) + (share if share < 0.2 else 0.2)
        if score > unit_score[group]:
            unit_score[group] = score
    if settings.token_counter is not None:
        tokens: Sequence[float] = [checked_count(settings.token_counter, m, i) for i, m in enumerate(messages)]
    elif math.isinf(settings.max_tokens):
        tokens = [0] * count
    else:
        tokens = [estimate_tokens(length) for length in text_length]
    state = importance_states(units, unit_score, tokens, settings.max_turns, settings.max_tokens, settings.pinned)
    # Per unit 1 to keep, then each message's by its unit, all at C speed.
    keep = state.translate(_KEEP_STATE)
    return list(compress(messages, map(keep.__getitem__, group_of)))


def _prune_chat(records: Sequence[M], settings: Settings) -> list[M | Message]:
    """Chat messages read as the core reads them, pruned, and mapped back to the caller's own dicts."""
    reading = read_openai_chat(records)
    if settings.pinned:
        settings = replace(settings, pinned=_chat_pins(reading, settings.pinned, len(records)))
    if settings.strategy == "observation-masking":
        return cast("list[M | Message]", mask_chat(records, reading, plan_masking(reading.messages, settings)))
    kept = prune_canonical(reading.messages, settings)
    where = {id(message): k for k, message in enumerate(reading.messages)}
    out: list[M | Message] = [records[i] for i in reading.system]
    for message in kept:
        k = where.get(id(message))
        if k is None:
            # A message the strategy made (a summary, a masked message): plain Chat content serves.
            out.append(cast(Message, chat_message_of(message)))
        elif message is reading.messages[k]:
            out.extend(records[i] for i in reading.sources[k])
    return out


def _chat_pins(reading: ChatReading, pinned: Sequence[int], count: int) -> tuple[int, ...]:
    """Pins index the caller's Chat records, as the core's `viewConfig` maps them: a record pins the message that
    holds it (a `tool` record, its run's); a system record is kept anyway; an index outside the records stays outside."""
    owner = [-1] * count
    for k, sources in enumerate(reading.sources):
        for i in sources:
            owner[i] = k
    return tuple(sorted({owner[i] if 0 <= i < count else i for i in pinned} - {-1}))


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


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__
