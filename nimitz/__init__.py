"""nimitz: Fleet Commander Nimitz (3rd edition) in the terminal."""

__version__ = "0.1.0"

# The version of the rules the engine implements; saves record it.
RULES_VERSION = "ed3-2020.12.31+rulings-1"
