"""A campaign state's digest: the SHA-256 of the JSON a save holds for it (cut to 32 hex
digits). Saves, `check` and replays compare states by it, and the expert's look-ahead seeds its
rollouts from it, so it lives with the state, below everything that uses it."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import cattrs
from cattrs.gen import make_dict_unstructure_fn, override

from nimitz.model.battle import BattleState
from nimitz.model.state import CampaignState, RulesProfile

# Fields added after saves existed: left out of a save (and so of the state hash) while they
# hold their default, so every older campaign keeps its hash and replays unchanged.
OMITTED_WHEN_DEFAULT: dict[type, tuple[str, ...]] = {
    BattleState: ("earlier",),  # first: the hooks of the classes holding it are made after it
    RulesProfile: ("options", "objective_hold_track", "battalion_pool", "extra_supply", "extra_bpp"),
    CampaignState: ("variant",),
}


def omit_defaults(conv: cattrs.Converter) -> cattrs.Converter:
    """Unstructure the OMITTED_WHEN_DEFAULT fields only when they differ from their default."""
    for cls, names in OMITTED_WHEN_DEFAULT.items():
        overrides: dict[str, Any] = {n: override(omit_if_default=True) for n in names}
        conv.register_unstructure_hook(cls, make_dict_unstructure_fn(cls, conv, **overrides))
    return conv


_UNSTRUCTURE = omit_defaults(cattrs.Converter())


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def state_hash(state: CampaignState) -> str:
    """A short, stable digest of the whole state (dice positions included)."""
    return hashlib.sha256(canonical_json(_UNSTRUCTURE.unstructure(state)).encode()).hexdigest()[:32]
