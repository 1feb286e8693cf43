"""The battle as beats (issue 15), without a terminal: the seeded battles of 1942 seed 7 (the
sensible policy plays the US) cut into beats; every loss on the board shows up in exactly one
beat, each combat beat shows who rolls, what they need and the faces, and nothing speaks in
internal ids."""

from __future__ import annotations

import re
from pathlib import Path

from nimitz.policies import get_policy
from nimitz.tui.app import battle_segments
from nimitz.tui.battle_view import BeatMaker, BoardHistory, plan_names
from nimitz.tui.controller import Controller
from nimitz.views.words import find_leaks


def fought_beats(saves: Path, data, history: BoardHistory | None = None) -> list:
    """(area, beat) for every beat of turn 1's battles, fed one answer at a time as the TUI does."""
    ctl = Controller(saves, data)
    ctl.create(1942, 7, "rulebook", "beats")
    history = BoardHistory() if history is None else history
    ctl.watchers.append(history.record)
    policy = get_policy("sensible")
    makers: dict[str, BeatMaker] = {}
    beats = []
    while ctl.game.state.turn == 1:
        outcome = ctl.answer(policy(ctl.request, ctl.game))
        for area, segment in battle_segments(ctl.game.journal, outcome.entries):
            maker = makers.setdefault(area, BeatMaker(history, plan_names(ctl.game)))
            beats += [(area, b) for b in maker.feed(segment)]
    return beats


def test_each_loss_is_in_one_beat_and_in_the_turn_summary(saves: Path, data) -> None:
    beats = [b for area, b in fought_beats(saves, data) if area == "GI"]
    lost_in_beats = []
    summaries = []
    for b in beats:
        if b.kind in ("combat", "event"):
            for part in b.summary.split("; "):
                if ": " in part:
                    lost_in_beats += part.split(": ", 1)[1].split(", ")
        if b.kind == "turn":
            for _side, line in b.lines[:2]:
                items = line.split(": ", 1)[1]
                summaries += [] if items == "none" else items.split(", ")

    def names(items: list[str]) -> list[str]:
        return sorted(re.sub(r" (sunk|shot down|lost|destroyed|damaged)$", "", i) for i in items)

    assert lost_in_beats and names(lost_in_beats) == names(summaries)
    assert len(set(lost_in_beats)) == len(lost_in_beats)
    assert beats[-1].kind == "end"


def test_combat_beats_show_the_dice_in_player_words(saves: Path, data) -> None:
    beats = [b for _area, b in fought_beats(saves, data)]
    combat = [b for b in beats if b.kind == "combat" and "hits placed" not in b.title]
    assert combat
    for b in combat:
        rolls = [line for _side, line in b.lines if ", rolled " in line]
        assert rolls and all(re.search(r"needs \d+ or less.*, rolled \d+: (miss|HIT|2 HITS)$", r) for r in rolls)
        assert re.search(r"(US|Japan) scores \d+ hits?\.", "\n".join(line for _s, line in b.lines))
    for b in beats:
        text = "\n".join([b.title, b.summary, *(line for _s, line in b.lines)])
        assert not find_leaks(text), (find_leaks(text), text)


def test_the_boards_of_old_battles_are_dropped_and_the_beats_stay_the_same(tmp_path: Path, data) -> None:
    """The TUI's board history keeps the last battles only (it grew with the campaign). One
    decision ends a battle and may begin the next, so two are enough here: every beat reads
    the same as with every board kept, and the boards of the battles before are gone."""
    every = fought_beats(tmp_path / "a", data)
    two = BoardHistory(keep_battles=2)
    assert fought_beats(tmp_path / "b", data, two) == every
    assert len({area for area, _beat in every}) > 2  # turn 1 fights more than two battles
    assert two.at and min(two.at) >= two._starts[0] > 0
