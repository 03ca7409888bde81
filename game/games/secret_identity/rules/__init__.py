"""Secret Identity rules: competitive (SI-1..SI-9) and cooperative (SC-1..SC-5)."""

from .competitive import CompetitiveRules
from .coop import CoopRules

__all__ = ["CompetitiveRules", "CoopRules"]
