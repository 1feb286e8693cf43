"""Errors a player or a data file can cause. Front ends show their message, never a traceback."""


class NimitzError(Exception):
    """Base of every error that carries a message meant for the player."""


class DataError(NimitzError):
    """The game data (campaigns/, bot_tables/) is missing or invalid."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("invalid game data:\n  " + "\n  ".join(problems))


class SaveError(NimitzError):
    """A save file cannot be read: not a save, damaged, edited or from a newer version."""


class IllegalDecision(NimitzError):
    """An answer to a decision request that the rules do not allow. Nothing was changed."""

    def __init__(self, message: str, rule: str = ""):
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class DiceExhausted(NimitzError):
    """A scripted dice source has no faces left."""
