"""`repair_messages`: what the Anthropic Messages API would reject in a transcript, repaired, with the semantics of
the TypeScript core's `repairMessages` (src/core/repair/): the same rules in the same order, the same change list
with the same texts, the same origins.
"""

import numbers
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from .model import M, RepairChange, RepairOptions, RepairResult, UnansweredCalls
from .text import JS_WHITESPACE, js_trim, js_trim_end

LOST = "Tool result missing: the transcript holds no result for this call."
"""What the result made for a call whose result was lost says."""

_OPTION_KEYS = ("unanswered_calls", "keep_apart")
_TYPESCRIPT_KEYS = {"unansweredCalls": "unanswered_calls", "keepApart": "keep_apart"}

_Log = Callable[[RepairChange], None]


@dataclass(eq=False)
class _Part:
    """A block of a message under repair, with the input index of the message it came from (-1: made here)."""

    block: Any
    origin: int


@dataclass(eq=False)
class _Piece:
    """A message under repair: one input message, several merged, or one the repair made. Compared and hashed by
    identity (eq=False), as the TypeScript core keys its maps by object."""

    role: str
    members: list[int]
    """Input indexes merged into it, in order; empty for a message the repair made."""
    source: Mapping[str, Any] | None
    """The input message it was, returned as it is while nothing changed."""
    parts: list[_Part] = field(default_factory=list)
    shape: Literal["string", "blocks"] = "blocks"
    """`string` while the piece is one input message whose content was a string and is still a single text."""
    opaque: bool = False
    """Content neither a string nor a list (malformed), or an empty final assistant message: carried untouched."""
    apart: bool = False
    """Never merged into the piece before it (`keep_apart`)."""
    changed: bool = False


def repair_messages(
    messages: Sequence[M],
    options: RepairOptions | None = None,
    *,
    unanswered_calls: UnansweredCalls | None = None,
    keep_apart: Collection[int] | None = None,
) -> RepairResult[M]:
    """Repairs what the Anthropic Messages API would reject in a transcript, so it can be sent (or pruned) as it is:

    - whitespace-only and empty text blocks are removed (Claude Code logs `"\\n\\n"` blocks), and a string content
      that is only whitespace (JavaScript's whitespace, as the API's checks and the TypeScript core read it);
    - a `tool_result` that answers no `tool_use` of the assistant turn right before it is removed, as is a second
      result for a call already answered;
    - a `tool_use` no result answers in the next turn is removed, or with `unanswered_calls="answer"` answered by an
      `is_error` result saying the result was lost, placed right after the call;
    - results that sit after other content in the user turn are moved to its start;
    - a `tool_use` in a user message or a `tool_result` in an assistant message is removed (it pairs with nothing);
    - empty messages and messages left empty are removed (except an empty final assistant message, which the API
      accepts), consecutive messages of one role are merged (unless kept apart with `keep_apart`), and trailing
      whitespace at the end of a final assistant message is trimmed.

    Calls and results pair by position as `find_tool_pairs` pairs them, so a repair never makes a new orphan. Left
    alone, because no repair is right for every case: `tool_use` ids repeated within one assistant turn (with their
    results), server tools (`server_tool_use` / `*_tool_result`, paired by the API inside one assistant turn), and
    content that is neither a string nor a list.

    Give the options as a mapping, `repair_messages(messages, {"unanswered_calls": "answer"})`, or as keywords;
    keywords override the mapping. Returns `{"messages", "changes", "origin"}`: `changes` says what was done
    (`index` is the input message, `rule` the API rule fixed, or `repair/…`), `origin[k]` is the input index of
    output message `k` (the first one for a merge; -1 for a message the repair made). Messages it did not change
    are the very same objects. Never mutates its input; deterministic; idempotent (repairing the output again
    changes nothing). O(n) per pass, with one more pass for each message a pass empties (in practice two or three).

    Raises `TypeError` when `messages` is not a list (or tuple), a message is not a mapping whose role is `user` or
    `assistant`, or an option is of the wrong type or unknown; `ValueError` when a `keep_apart` entry is not an
    index into `messages`.
    """
    answer, apart = _checked(messages, options, unanswered_calls, keep_apart)
    changes: list[RepairChange] = []
    log: _Log = changes.append

    pieces: list[_Piece] = []
    last = len(messages) - 1
    for index, message in enumerate(messages):
        piece = _clean_piece(message, index, index in apart, index == last, log)
        if piece is not None:
            pieces.append(piece)
    # Each pass removes or answers something, or reports no change; the bound only guards against a bug looping.
    for _ in range(len(messages) + 3):
        _merge_runs(pieces, log)
        if not _repair_tool_pairs(pieces, answer, log):
            break
    _trim_final(pieces, log)

    # sorted is stable: changes to one message stay in the order they were made.
    return {
        "messages": [_to_message(piece) for piece in pieces],
        "changes": sorted(changes, key=lambda change: change["index"]),
        "origin": [_origin_of(piece) for piece in pieces],
    }


def _checked(
    messages: object,
    options: object,
    unanswered_calls: object,
    keep_apart: object,
) -> tuple[bool, set[float]]:
    """Whether lost calls are answered, and the indexes kept apart; checked in the TypeScript core's order."""
    if not isinstance(messages, (list, tuple)):
        raise TypeError(f"repair_messages: messages must be a list, got {_type_name(messages)}")
    for k, message in enumerate(messages):
        if not isinstance(message, Mapping):
            raise TypeError(f"repair_messages: messages[{k}] must be a mapping with a role, got {_type_name(message)}")
        if "role" not in message:
            raise TypeError(f"repair_messages: messages[{k}].role must be 'user' or 'assistant', and it is missing")
        role = message["role"]
        if not (isinstance(role, str) and role in ("user", "assistant")):
            raise TypeError(f"repair_messages: messages[{k}].role must be 'user' or 'assistant', got {role!r}")

    if options is None:
        fields: dict[str, object] = {}
    elif isinstance(options, Mapping):
        fields = dict(options)
    else:
        raise TypeError(
            "repair_messages: options must be a mapping like {'unanswered_calls': 'answer'}, "
            f"got {_type_name(options)}"
        )
    for key in fields:
        if key not in _OPTION_KEYS:
            hint = f" (did you mean {_TYPESCRIPT_KEYS[key]!r}?)" if key in _TYPESCRIPT_KEYS else ""
            raise TypeError(f"repair_messages: unknown option {key!r}{hint}; allowed: {', '.join(_OPTION_KEYS)}")
    if unanswered_calls is not None:
        fields["unanswered_calls"] = unanswered_calls
    if keep_apart is not None:
        fields["keep_apart"] = keep_apart

    mode = fields.get("unanswered_calls")
    if mode is None:
        mode = "remove"
    if not (isinstance(mode, str) and mode in ("remove", "answer")):
        raise TypeError(f"repair_messages: options.unanswered_calls must be 'remove' or 'answer', got {mode!r}")
    indexes = fields.get("keep_apart")
    if indexes is None:
        indexes = ()
    if isinstance(indexes, (str, bytes, Mapping)) or not isinstance(indexes, Collection):
        raise TypeError(f"repair_messages: options.keep_apart must be a list of message indexes, got {_type_name(indexes)}")
    apart: set[float] = set()
    for k, index in enumerate(indexes):
        allowed = f"an integer from 0 to {len(messages) - 1}"
        if isinstance(index, bool) or not isinstance(index, numbers.Real):
            raise TypeError(f"repair_messages: options.keep_apart[{k}] must be {allowed}, got {index!r}")
        # A whole float counts, as Number.isInteger(2.0) says in JavaScript; the set matches it to the int index.
        number = float(index)
        if not number.is_integer() or not 0 <= number < len(messages):
            raise ValueError(f"repair_messages: options.keep_apart[{k}] must be {allowed}, got {index!r}")
        apart.add(number)
    return mode == "answer", apart


def _is_text(block: object) -> bool:
    return isinstance(block, Mapping) and block.get("type") == "text" and isinstance(block.get("text"), str)


def _type_of(part: _Part) -> object:
    """A content list can hold anything; only mappings are blocks, and only they have a type."""
    block = part.block
    return block.get("type") if isinstance(block, Mapping) else None


def _origin_of(piece: _Piece) -> int:
    """The input index a piece answers to: its first member, or -1 for a message the repair made."""
    return piece.members[0] if piece.members else -1


def _clean_piece(message: Mapping[str, Any], index: int, apart: bool, final: bool, log: _Log) -> _Piece | None:
    """The message as a piece, without blank text and tool blocks in the wrong role; None when nothing is left.
    An empty final assistant message is valid (a prefill the API continues) and is kept as it is."""
    role: str = message["role"]
    content = message.get("content")
    piece = _Piece(role, [index], message, apart=apart)
    nothing = (isinstance(content, str) and content == "") or (isinstance(content, (list, tuple)) and len(content) == 0)
    if nothing and final and role == "assistant":
        piece.opaque = True
        return piece
    if isinstance(content, str):
        if js_trim(content) != "":
            piece.parts = [_Part({"type": "text", "text": content}, index)]
            piece.shape = "string"
            return piece
        if content == "":
            log({"index": index, "rule": "anthropic/empty-content", "detail": "removed the message: it was empty"})
        else:
            log({"index": index, "rule": "anthropic/whitespace-text-block", "detail": "removed the message: its text is only whitespace"})
        return None
    if not isinstance(content, (list, tuple)):
        piece.opaque = True
        return piece
    if len(content) == 0:
        log({"index": index, "rule": "anthropic/empty-content", "detail": "removed the message: it was empty"})
        return None
    blank = 0
    empty = 0
    for block in content:
        if _is_text(block) and js_trim(block["text"]) == "":
            if block["text"] == "":
                empty += 1
            else:
                blank += 1
            continue
        misplaced = _misplaced_block(block, role)
        if misplaced is not None:
            log({"index": index, "rule": "repair/misplaced-tool-block", "detail": misplaced})
            continue
        piece.parts.append(_Part(block, index))
    if blank > 0:
        what = "a whitespace-only text block" if blank == 1 else f"{blank} whitespace-only text blocks"
        log({"index": index, "rule": "anthropic/whitespace-text-block", "detail": f"removed {what}"})
    if empty > 0:
        what = "an empty text block" if empty == 1 else f"{empty} empty text blocks"
        log({"index": index, "rule": "anthropic/empty-text-block", "detail": f"removed {what}"})
    piece.changed = len(piece.parts) != len(content)
    if piece.parts:
        return piece
    log({"index": index, "rule": "anthropic/empty-content", "detail": "removed the message: the repair left it empty"})
    return None


def _misplaced_block(block: object, role: str) -> str | None:
    """A `tool_use` only the assistant writes, a `tool_result` only the user sends: in the other role either pairs
    with nothing."""
    if not isinstance(block, Mapping):
        return None
    kind = block.get("type")
    if role == "user" and kind == "tool_use" and isinstance(block.get("id"), str):
        return f"removed the tool_use {block['id']} from a user message"
    if role == "assistant" and kind == "tool_result" and isinstance(block.get("tool_use_id"), str):
        return f"removed the tool_result for {block['tool_use_id']} from an assistant message"
    return None


def _merge_runs(pieces: list[_Piece], log: _Log) -> None:
    """Consecutive pieces of one role become one, as the API would read them, unless the later one is kept apart.
    From the end, as the core merges: in a run of three the last is logged twice, once per merge."""
    for k in range(len(pieces) - 1, 0, -1):
        piece = pieces[k]
        before = pieces[k - 1]
        if piece.role != before.role or piece.apart or piece.opaque or before.opaque:
            continue
        for index in piece.members:
            log(
                {
                    "index": index,
                    "rule": "repair/merge-same-role",
                    "detail": f"merged into the {piece.role} message before it (input {_origin_of(before)})",
                }
            )
        before.parts += piece.parts
        before.members += piece.members
        before.shape = "blocks"
        before.changed = True
        del pieces[k]


def _trim_final(pieces: list[_Piece], log: _Log) -> None:
    """The API rejects a final assistant message whose text ends in whitespace."""
    if not pieces:
        return
    last = pieces[-1]
    if last.role != "assistant" or last.opaque:
        return
    part = last.parts[-1]
    if not _is_text(part.block):
        return
    text: str = part.block["text"]
    if not text or text[-1] not in JS_WHITESPACE:
        return
    last.parts[-1] = _Part({**part.block, "text": js_trim_end(text)}, part.origin)
    last.changed = True
    log(
        {
            "index": _origin_of(last),
            "rule": "anthropic/final-assistant-trailing-whitespace",
            "detail": "trimmed the trailing whitespace of the final assistant message",
        }
    )


def _to_message(piece: _Piece) -> Any:
    if not piece.changed and piece.source is not None:
        return piece.source
    first = piece.parts[0].block if piece.parts else None
    content = first["text"] if piece.shape == "string" and _is_text(first) else [part.block for part in piece.parts]
    if piece.source is None:
        return {"role": piece.role, "content": content}
    # Extra keys (ids, stop reasons) stay, in their places; role and content are the repaired ones.
    return {**piece.source, "role": piece.role, "content": content}


def _repair_tool_pairs(pieces: list[_Piece], answer: bool, log: _Log) -> bool:
    """One pass over the turns (runs of pieces of one role, as the API merges them) that makes every `tool_use`
    answered by the turn right after it, with its results first, and every `tool_result` the answer to a call of the
    turn right before it. Ids pair by position, as `find_tool_pairs` pairs them: with k results for an id called m
    times, the last k calls are the answered ones. Returns whether it changed anything; the caller repeats it until
    it does not, because removing a piece joins the turns around it.

    Server tools (`server_tool_use` and `*_tool_result` in one assistant turn) are not touched: the API pairs them
    inside the turn, and removing half of a pair split across turns would orphan the other half.
    """
    turns: list[list[_Piece]] = []
    for piece in pieces:
        if turns and turns[-1][0].role == piece.role:
            turns[-1].append(piece)
        else:
            turns.append([piece])
    changed = False
    inserts: dict[_Piece, _Piece] = {}

    for t, turn in enumerate(turns):
        if turn[0].role == "user":
            if t == 0:
                changed = _drop_results(turn, {}, log) or changed
            continue
        following = turns[t + 1] if t + 1 < len(turns) else None
        calls = _parts_of(turn, "tool_use")
        called: dict[str, int] = {}
        for _, part in calls:
            called[_id_of(part)] = called.get(_id_of(part), 0) + 1
        answered = {} if following is None else _count_valid(following, called)
        if following is not None:
            changed = _drop_results(following, called, log) or changed

        # Per id, the first (called − answered) calls are the unanswered ones.
        unanswered = {call_id: n - answered.get(call_id, 0) for call_id, n in called.items()}
        # The answers go at the start of the next user message, or in a message of their own when there is none (or
        # it opens with a message kept apart, such as a compact summary).
        first = following[0] if following is not None else None
        holder = first if first is not None and not first.apart and not first.opaque else None
        lost: list[dict[str, Any]] = []
        for piece, part in calls:
            call_id = _id_of(part)
            left = unanswered.get(call_id, 0)
            if left == 0:
                continue
            unanswered[call_id] = left - 1
            name = part.block.get("name")
            name = name if isinstance(name, str) else ""
            changed = True
            if not answer:
                _remove_part(piece, part)
                log(
                    {
                        "index": part.origin,
                        "rule": "anthropic/tool-use-without-result",
                        "detail": f"removed the tool_use {call_id} ({name}): no tool_result answers it in the next message",
                    }
                )
                continue
            lost.append({"type": "tool_result", "tool_use_id": call_id, "content": LOST, "is_error": True})
            if holder is None:
                log(
                    {
                        "index": part.origin,
                        "rule": "anthropic/tool-use-without-result",
                        "detail": f"answered the tool_use {call_id} ({name}) with an is_error tool_result in a new message after it: its result was lost",
                    }
                )
            else:
                log(
                    {
                        "index": _origin_of(holder),
                        "rule": "anthropic/tool-use-without-result",
                        "detail": f"added an is_error tool_result for the tool_use {call_id} ({name}) before it: its result was lost",
                    }
                )
        if lost:
            if holder is not None:
                at = next((k for k, p in enumerate(holder.parts) if _type_of(p) != "tool_result"), len(holder.parts))
                holder.parts[at:at] = [_Part(block, _origin_of(holder)) for block in lost]
                holder.shape = "blocks"
                holder.changed = True
            else:
                made = _Piece("user", [], None, [_Part(block, -1) for block in lost], changed=True)
                # After the turn's last message with content: a kept empty final assistant message stays final.
                after = next((p for p in reversed(turn) if not p.opaque), turn[-1])
                inserts[first if first is not None else after] = made
        if following is not None:
            changed = _results_first(following, log) or changed

    for k in range(len(pieces) - 1, -1, -1):
        piece = pieces[k]
        made_piece = inserts.get(piece)
        if made_piece is not None:
            pieces.insert(k if piece.role == "user" else k + 1, made_piece)
        if not piece.opaque and not piece.parts:
            pieces.remove(piece)
            log({"index": _origin_of(piece), "rule": "anthropic/empty-content", "detail": "removed the message: the repair left it empty"})
    return changed


def _id_of(part: _Part) -> str:
    block = part.block
    return cast(str, block["id"] if block.get("type") == "tool_use" else block["tool_use_id"])


def _parts_of(turn: list[_Piece], kind: str) -> list[tuple[_Piece, _Part]]:
    """Calls or results with a string id; without one they cannot pair, and the API rejects them for other reasons."""
    key = "id" if kind == "tool_use" else "tool_use_id"
    return [
        (piece, part)
        for piece in turn
        for part in piece.parts
        if _type_of(part) == kind and isinstance(part.block.get(key), str)
    ]


def _count_valid(turn: list[_Piece], called: Mapping[str, int]) -> dict[str, int]:
    """Results per id that answer a call: no more than there are calls with that id."""
    valid: dict[str, int] = {}
    for _, part in _parts_of(turn, "tool_result"):
        call_id = _id_of(part)
        n = valid.get(call_id, 0)
        if n < called.get(call_id, 0):
            valid[call_id] = n + 1
    return valid


def _drop_results(turn: list[_Piece], called: Mapping[str, int], log: _Log) -> bool:
    """Removes the results of `turn` that answer no call in `called`, or answer one already answered."""
    seen: dict[str, int] = {}
    changed = False
    for piece, part in _parts_of(turn, "tool_result"):
        call_id = _id_of(part)
        n = seen.get(call_id, 0)
        seen[call_id] = n + 1
        calls = called.get(call_id, 0)
        if n < calls:
            continue
        _remove_part(piece, part)
        changed = True
        if calls > 0:
            log(
                {
                    "index": part.origin,
                    "rule": "anthropic/duplicate-tool-result",
                    "detail": f"removed a second tool_result for {call_id}: its call is already answered",
                }
            )
        else:
            log(
                {
                    "index": part.origin,
                    "rule": "anthropic/unexpected-tool-result",
                    "detail": f"removed the tool_result for {call_id}: no tool_use in the message before it has that id",
                }
            )
    return changed


def _results_first(turn: list[_Piece], log: _Log) -> bool:
    """Moves the results of a user turn ahead of its other content, where the API looks for them."""
    other = False
    late = False
    for piece in turn:
        if piece.opaque:
            continue
        for part in piece.parts:
            if _type_of(part) != "tool_result":
                other = True
            elif other:
                late = True
    first = turn[0]
    if not late or first.opaque:
        return False
    moved: list[_Part] = []
    for piece in turn:
        kept = [p for p in piece.parts if _type_of(p) != "tool_result"]
        if len(kept) == len(piece.parts):
            continue
        moved += [p for p in piece.parts if _type_of(p) == "tool_result"]
        piece.parts = kept
        piece.shape = "blocks"
        piece.changed = True
    first.parts[0:0] = moved
    # The first message may have held no results itself (the ones moved come from a message kept apart, or behind
    # malformed content): it changed all the same, or it would come back as it was and the results be lost.
    first.shape = "blocks"
    first.changed = True
    what = "1 tool_result block" if len(moved) == 1 else f"{len(moved)} tool_result blocks"
    log(
        {
            "index": _origin_of(first),
            "rule": "anthropic/tool-result-not-first",
            "detail": f"moved {what} to the start of the message, before other content",
        }
    )
    return True


def _remove_part(piece: _Piece, part: _Part) -> None:
    piece.parts.remove(part)
    piece.shape = "blocks"
    piece.changed = True


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__

