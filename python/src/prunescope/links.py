"""Tool calls paired with their results by position, and the message groups every strategy keeps or drops whole.

As `src/core/links/` in the TypeScript core: a result answers the nearest preceding unanswered call with its id
(benchmark logs such as tau-bench reuse ids within one conversation, so a global id map would pair a late result
with an early call). Roles are not checked, so a server tool's result in the same assistant message pairs too.
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

from .text import _key_length, _structured_length, block_text_length, utf16_length

ToolBlockKind = Literal["use", "result"]

_CALL_TYPES = frozenset({"tool_use", "server_tool_use", "mcp_tool_use"})


def tool_block_kind(block: object) -> ToolBlockKind | None:
    """Whether a content block is one end of a tool call, and which end.

    Calls: `tool_use`, `server_tool_use`, `mcp_tool_use`. Results: `tool_result` and every `*_tool_result`. A block
    without a string id cannot be paired, so it is neither.
    """
    if type(block) is not dict and not isinstance(block, Mapping):
        return None
    kind = block.get("type")
    if not isinstance(kind, str):
        return None
    if kind in _CALL_TYPES:
        return "use" if isinstance(block.get("id"), str) else None
    if kind == "tool_result" or kind.endswith("_tool_result"):
        return "result" if isinstance(block.get("tool_use_id"), str) else None
    return None


class ToolLink(NamedTuple):
    """One answered call: the call at block `use_block` of message `use_index`, its result likewise."""

    id: str
    use_index: int
    use_block: int
    result_index: int
    result_block: int


class OrphanBlock(NamedTuple):
    """A tool call never answered, or a result that answers nothing."""

    id: str
    kind: ToolBlockKind
    message_index: int
    block_index: int


MISSING: Final = object()
"""The role of a message that has none, or is not a mapping: JavaScript's `undefined`, apart from JSON's null."""


def role_of(message: object) -> object:
    """A message's `role` as the TypeScript core reads it (`messages[i]?.role`), `MISSING` when it has none."""
    if type(message) is dict or isinstance(message, Mapping):
        return message.get("role", MISSING)
    return MISSING


def same_role(a: object, b: object) -> bool:
    """JavaScript's `a === b` for the JSON values a role can be: strings and numbers by value (NaN equals nothing),
    `true` only to `true` (not to 1, as Python's `==` would have it), objects and arrays only to themselves."""
    if type(a) is str and type(b) is str:
        return a == b
    if a is b:
        return not (isinstance(a, float) and math.isnan(a))
    if isinstance(a, bool) or isinstance(b, bool):
        return False
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return False


def is_assistant(role: object) -> bool:
    return isinstance(role, str) and role == "assistant"


# Positions are packed as message · 2²¹ + block, as the TypeScript scan packs them: plain ints, which the cyclic
# garbage collector does not track. A tuple or a list per call made collections walk a 100k-message transcript
# again and again, and cost a third of the scan.
BLOCK_BITS = 2**21


@dataclass(frozen=True)
class MessageScan:
    """What one pass over every block finds: per-message text lengths and tool blocks, pairs and orphans.

    Pair k joins the call at packed position `pair_use[k]` to the result at `pair_result[k]`, in the order of the
    results; `pairs` and `orphans` give them as objects.
    """

    text_length: list[int]
    has_tool_block: list[bool]
    role: list[object]
    """Per message: `role_of`."""
    turn: list[int]
    """Per message: its turn, numbered from 0; a new one starts wherever the role changes (`same_role`)."""
    pair_id: list[str]
    pair_use: list[int]
    pair_result: list[int]
    orphan_list: list[tuple[str, ToolBlockKind, int]]

    @property
    def pairs(self) -> list[ToolLink]:
        """In the order of their results."""
        return [
            ToolLink(call_id, *divmod(use, BLOCK_BITS), *divmod(result, BLOCK_BITS))
            for call_id, use, result in zip(self.pair_id, self.pair_use, self.pair_result)
        ]

    @property
    def orphans(self) -> list[OrphanBlock]:
        """In input order."""
        found = [OrphanBlock(call_id, kind, *divmod(at, BLOCK_BITS)) for call_id, kind, at in self.orphan_list]
        found.sort(key=lambda orphan: (orphan.message_index, orphan.block_index))
        return found


def content_of(message: object) -> object:
    """A message's `content`, or None for anything that is not a mapping (a broken input prunes, never crashes)."""
    # type() first: isinstance against an ABC costs several times more, and this runs once per message.
    if type(message) is dict or isinstance(message, Mapping):
        return message.get("content")
    return None


def scan_messages(messages: Sequence[object]) -> MessageScan:
    """The one pass over every block of a transcript: tool links, text lengths (`message_text_length`) and turns.

    Roles and turns are read here, while each message is at hand: a pass of its own over 100k messages scattered in
    memory costs as much again as reading them here.
    """
    text_length: list[int] = []
    has_tool_block: list[bool] = []
    roles: list[object] = []
    turns: list[int] = []
    turn = 0
    previous: object = MISSING
    pair_id: list[str] = []
    pair_use: list[int] = []
    pair_result: list[int] = []
    orphans: list[tuple[str, ToolBlockKind, int]] = []
    # Unanswered calls: id → the nearest one; a reused id keeps its older calls on a stack in `buried`, nearest last.
    # A result takes its id's nearest unanswered call, and the next one surfaces.
    pending: dict[str, int] = {}
    buried: dict[str, list[int]] = {}
    # Bound once: four appends per message are a tenth of the scan when looked up each time.
    add_length = text_length.append
    add_tool = has_tool_block.append
    add_role = roles.append
    add_turn = turns.append
    tool_id: Any  # a block's call or result id, a str once `end` says it is one

    for m, message in enumerate(messages):
        if type(message) is dict:
            content = message.get("content")
            role = message.get("role", MISSING)
        else:
            content = content_of(message)
            role = role_of(message)
        # Two string roles, the common case, without a call.
        if m > 0 and not (role == previous if type(role) is str and type(previous) is str else same_role(role, previous)):
            turn += 1
        add_role(role)
        add_turn(turn)
        previous = role
        if not isinstance(content, (list, tuple)):
            if type(content) is str:
                add_length(len(content) if content.isascii() else utf16_length(content))
            else:
                add_length(utf16_length(content) if isinstance(content, str) else 0)
            add_tool(False)
            continue
        length = 0
        tool = False
        for b, block in enumerate(content):
            if type(block) is not dict and not isinstance(block, Mapping):
                continue
            # The three commonest types first, each read once; everything else by the shared rules.
            kind = block.get("type")
            end: ToolBlockKind | None
            # ASCII strings measured inline: a call per string is a third of the scan.
            if kind == "text":
                text = block.get("text")
                if type(text) is str:
                    length += len(text) if text.isascii() else utf16_length(text)
                continue
            elif kind == "tool_result":
                result = block.get("content")
                if type(result) is str:
                    length += len(result) if result.isascii() else utf16_length(result)
                else:
                    length += block_text_length(block)
                tool_id = block.get("tool_use_id")
                end = "result" if isinstance(tool_id, str) else None
            elif kind == "tool_use":
                tool_input = block.get("input")
                if type(tool_input) is dict:
                    # `block_text_length`'s rule, with flat ASCII string fields (the usual input) summed here.
                    name = block.get("name")
                    if type(name) is str:
                        length += len(name) if name.isascii() else utf16_length(name)
                    for key, item in tool_input.items():
                        if type(item) is str and type(key) is str and item.isascii() and key.isascii():
                            length += len(key) + len(item)
                        else:
                            length += _key_length(key) + _structured_length(item, 1)
                else:
                    length += block_text_length(block)
                tool_id = block.get("id")
                end = "use" if isinstance(tool_id, str) else None
            elif kind == "thinking":
                thinking = block.get("thinking")
                if type(thinking) is str:
                    length += len(thinking) if thinking.isascii() else utf16_length(thinking)
                continue
            else:
                length += block_text_length(block)
                end = tool_block_kind(block)
                tool_id = block.get("id") if end == "use" else block.get("tool_use_id")
            if end is None:
                continue
            tool = True
            at = m * BLOCK_BITS + b
            if end == "use":
                call_id: str = tool_id
                older = pending.get(call_id)
                if older is not None:
                    stack = buried.get(call_id)
                    if stack is None:
                        buried[call_id] = [older]
                    else:
                        stack.append(older)
                pending[call_id] = at
                continue
            result_id: str = tool_id
            call = pending.pop(result_id, None)
            if call is None:
                orphans.append((result_id, "result", at))
                continue
            if buried:
                stack = buried.get(result_id)
                if stack:
                    pending[result_id] = stack.pop()
            pair_id.append(result_id)
            pair_use.append(call)
            pair_result.append(at)
        add_length(length)
        add_tool(tool)

    for call_id, at in pending.items():
        orphans.append((call_id, "use", at))
    for call_id, stack in buried.items():
        orphans += [(call_id, "use", at) for at in stack]
    return MessageScan(text_length, has_tool_block, roles, turns, pair_id, pair_use, pair_result, orphans)


def find_tool_pairs(messages: Sequence[Mapping[str, object]]) -> dict[str, tuple[int, int]]:
    """Maps each `tool_use_id` to `(index of the message holding the call, index of the one holding its result)`.

    Seed 002 §7.1. Several calls in one assistant message all map to that message's index. Only answered calls
    appear. When a conversation reuses an id, the map holds its first pair only (the one whose call comes first),
    in the order the TypeScript core's `findToolPairs` gives.
    """
    if not isinstance(messages, (list, tuple)):
        raise TypeError(f"find_tool_pairs: messages must be a list, got {_type_name(messages)}")
    found: dict[str, tuple[int, int]] = {}
    scan = scan_messages(messages)
    for call_id, use, result in zip(scan.pair_id, scan.pair_use, scan.pair_result):
        use_index = use // BLOCK_BITS
        known = found.get(call_id)
        # Pairs come in result order; the first pair of a reused id is the one whose call comes first.
        if known is None or use_index < known[0]:
            found[call_id] = (use_index, result // BLOCK_BITS)
    return found


@dataclass(frozen=True)
class MessageGroups:
    """Messages linked through tool ids. Group ids are numbered in order of each group's first message."""

    scan: MessageScan
    group_of: list[int]
    """Per message: its group id."""
    group_size: list[int]
    """Per group: how many messages it holds."""


def group_messages(messages: Sequence[object]) -> MessageGroups:
    """Scans the messages, then unions the messages each pair touches (union-find whose root is the lowest index)."""
    scan = scan_messages(messages)
    count = len(messages)
    parent = list(range(count))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for use, result in zip(scan.pair_use, scan.pair_result):
        use_index = use // BLOCK_BITS
        result_index = result // BLOCK_BITS
        if use_index == result_index:
            continue
        # Most ends are still their own roots (a call answered in the next message): no call to `find` then.
        a = use_index if parent[use_index] == use_index else find(use_index)
        b = result_index if parent[result_index] == result_index else find(result_index)
        if a < b:
            parent[b] = a
        elif b < a:
            parent[a] = b

    # Ascending, a parent is resolved to its root before its children are read, and a root (its group's first
    # message) is met, and numbered, before any other member of its group.
    group_of = [0] * count
    group_size: list[int] = []
    for i in range(count):
        root = parent[parent[i]]
        parent[i] = root
        if root == i:
            group_of[i] = len(group_size)
            group_size.append(1)
        else:
            group = group_of[root]
            group_of[i] = group
            group_size[group] += 1
    return MessageGroups(scan, group_of, group_size)


def broken_messages(groups: MessageGroups) -> list[int]:
    """Messages holding an orphan block, or one end of a pair the API would not accept as one: the result is not in
    the turn right after the call's (a client tool) or the call's own (a server tool), or the call is not the
    assistant's. Repeats are harmless."""
    scan = groups.scan
    broken = [at // BLOCK_BITS for _, _, at in scan.orphan_list]
    turn = scan.turn
    role = scan.role
    for use, result in zip(scan.pair_use, scan.pair_result):
        use_index = use // BLOCK_BITS
        result_index = result // BLOCK_BITS
        # `!= "assistant"` is `not is_assistant(...)` for every value JSON holds, without a call per pair.
        if turn[result_index] - turn[use_index] > 1 or role[use_index] != "assistant":
            broken += (use_index, result_index)
    return broken


def glue_broken_turns(groups: MessageGroups) -> MessageGroups:
    """The units every strategy keeps or drops whole: the tool groups, with each message that holds a broken block
    (`broken_messages`) joined to its turn (the run of messages of its role around it, which the API merges into
    one) and to the message on each side of that run. Numbered in order of each unit's first message.

    Dropping messages makes others adjacent, and the API merges adjacent messages of one role: around a broken block
    such a merge, or a cut, can turn it into a new rejection (an orphan call merged into a turn calling the same id,
    an orphan result merged behind text). Keeping the turn and what bounds it together means the turn never changes,
    so pruning a broken input adds no API problem. A clean transcript's units are its groups: `groups` itself.
    """
    broken = broken_messages(groups)
    if not broken:
        return groups
    count = len(groups.group_of)
    role = groups.scan.role
    first_of_group = [-1] * len(groups.group_size)
    for i, group in enumerate(groups.group_of):
        if first_of_group[group] < 0:
            first_of_group[group] = i
    # Union-find whose root is always the lowest index, started from the groups (each rooted at its first message).
    parent = [first_of_group[group] for group in groups.group_of]

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(a: int, b: int) -> None:
        if b < 0 or b >= count:
            return
        x = find(a)
        y = find(b)
        if x < y:
            parent[y] = x
        elif y < x:
            parent[x] = y

    glued = bytearray(count)
    for i in broken:
        # A message already glued lies in a run already joined, with its bounds.
        if glued[i]:
            continue
        start = i
        while start > 0 and same_role(role[start - 1], role[i]):
            start -= 1
        end = i
        while end < count - 1 and same_role(role[end + 1], role[i]):
            end += 1
        for k in range(start, end + 1):
            glued[k] = 1
            union(i, k)
        union(i, start - 1)
        union(i, end + 1)

    unit_of = [0] * count
    unit_size: list[int] = []
    unit_of_root: dict[int, int] = {}
    for i in range(count):
        root = find(i)
        unit = unit_of_root.get(root)
        if unit is None:
            unit = unit_of_root[root] = len(unit_size)
            unit_size.append(0)
        unit_of[i] = unit
        unit_size[unit] += 1
    return MessageGroups(groups.scan, unit_of, unit_size)


def valid_cut_at_or_before(units: MessageGroups, cut: int) -> int:
    """The largest cut at or before `cut` (keep messages from there on) that no unit straddles, so the suffix it
    keeps orphans nothing and leaves every broken turn as it was. 0 always qualifies."""
    count = len(units.group_of)
    unit_last = [0] * len(units.group_size)
    for i, unit in enumerate(units.group_of):
        unit_last[unit] = i
    best = 0
    reach = -1
    for c in range(min(cut, count) + 1):
        if reach < c:
            best = c
        if c < count:
            reach = max(reach, unit_last[units.group_of[c]])
    return best


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__
