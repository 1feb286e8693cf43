"""Decision requests (what the engine asks the US player) and decisions (the answers).

The engine is a generator: it yields a `Request` whenever the US player must decide and receives
a `Decision`. `Game.answer` checks the decision with `Request.check` first, so an illegal answer
raises IllegalDecision naming the rule it breaks and the engine never sees it: nothing changes.
Decisions are plain data (they go into the journal and are replayed); requests are rebuilt by
the engine, so they are never saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import define, field, frozen

from nimitz.errors import IllegalDecision
from nimitz.model.journal import Decision


@frozen
class Option:
    """A legal answer offered to the player (front ends list these; policies pick from them)."""

    decision: Decision
    label: str
    cost: int = 0


Checker = Callable[[Decision], None]


@define
class Request:
    """What the engine needs from the US player now."""

    kind: str  # e.g. "resupply", "scouting", "movement", "battle_order", "allocate_hits"
    step: str
    prompt: str  # one line in our own words
    options: list[Option] = field(factory=list)  # the enumerable legal answers, if any
    _info: dict[str, Any] = field(factory=dict)  # `info`
    checker: Checker | None = field(default=None, repr=False)
    kinds: tuple[str, ...] = ()  # decision kinds accepted (empty: any option's kind)
    # what makes `info` when first read, for a request a policy mostly answers unread (the
    # allocation of hits, whose "auto" needs none of it)
    info_later: Callable[[], dict[str, Any]] | None = field(default=None, repr=False, eq=False)
    # the few plain values a scripted player reads to answer, made with the request where `info`
    # is made when first read (what each kind's brief holds is said where it is made; front
    # ends show `info`, which says the same and more)
    brief: dict[str, Any] = field(factory=dict, repr=False, eq=False)

    def __init__(
        self,
        kind: str,
        step: str,
        prompt: str,
        options: list[Option] | None = None,
        info: dict[str, Any] | None = None,
        checker: Checker | None = None,
        kinds: tuple[str, ...] = (),
        info_later: Callable[[], dict[str, Any]] | None = None,
        brief: dict[str, Any] | None = None,
    ) -> None:
        # attrs' own, but a literal where it calls each field's factory (a request is made for
        # every answer, a few hundred a campaign)
        self.kind = kind
        self.step = step
        self.prompt = prompt
        self.options = [] if options is None else options
        self._info = {} if info is None else info
        self.checker = checker
        self.kinds = kinds
        self.info_later = info_later
        self.brief = {} if brief is None else brief

    @property
    def info(self) -> dict[str, Any]:
        """What a front end shows beside the prompt."""
        if self.info_later is not None:
            self._info = self.info_later()
            self.info_later = None
        return self._info

    def check(self, decision: Decision) -> None:
        """Raise IllegalDecision unless the decision is legal here."""
        allowed = self.kinds or tuple({o.decision.kind for o in self.options})
        if decision.kind not in allowed:
            raise IllegalDecision(
                f"{decision.kind!r} is not an answer to {self.kind!r} (expected: {', '.join(sorted(allowed))})"
            )
        if self.checker is not None:
            self.checker(decision)
        elif self.options and not offered(self.options, decision):
            raise IllegalDecision(f"{decision.describe()!r} is not one of the offered choices")


def offered(options: list[Option], decision: Decision) -> bool:
    """Whether `decision` is one of the `options`' decisions. Looked for by identity first: a
    policy answers with the offered decision itself, and a Decision's hash sorts its targets (a
    set of the options would hash every one of them)."""
    for option in options:
        if option.decision is decision:
            return True
    return decision in [o.decision for o in options]
