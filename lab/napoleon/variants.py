"""Player specs for the measuring tools: a level with some fields set.

``LEVEL`` or ``LEVEL:field=value,field=value`` names a version of a search
level (:class:`napoleon.ai.strong.StrongPlayer`) with some of its int, float,
yes/no or role-tuple fields changed, e.g. ``strong:second_ply=`` (strong
without its second ply) or ``normal:worlds=24``.  ``role_ab`` and the arena's
``--test`` read them, so a version of a level is measured without a
throwaway script that patches :data:`napoleon.ai.levels.LEVELS`.

>>> parse_variant("strong:worlds=12").worlds
12
>>> split_specs("normal,strong:worlds=12,second_ply=,bold")
('normal', 'strong:worlds=12,second_ply=', 'bold')
"""

from __future__ import annotations

from dataclasses import fields, replace

from lab.napoleon.report import ROLES
from napoleon.ai.infer import INFER_MODELS
from napoleon.ai.levels import LEVELS
from napoleon.ai.strong import StrongPlayer

#: The text fields a spec may set, each to one of these values.
CHOICES: dict[str, tuple[str, ...]] = {"infer_model": INFER_MODELS}


class VariantError(ValueError):
    """A player spec that names no level or no settable field, or a bad value."""


def parse_variant(spec: str) -> StrongPlayer:
    """``LEVEL`` or ``LEVEL:field=value,...``: int, float and yes/no fields, the
    role tuples (``second_ply=napoleon+adjutant``; an empty value is no role) and
    the fields of :data:`CHOICES` (``infer_model=learned``)."""
    level, _, settings = spec.partition(":")
    player = LEVELS.get(level)
    if not isinstance(player, StrongPlayer):
        searching = ", ".join(k for k, p in LEVELS.items() if isinstance(p, StrongPlayer))
        raise VariantError(f"{level!r} is not a search level: expected one of {searching}")
    kinds = {f.name: type(getattr(player, f.name)) for f in fields(player)}
    changes: dict[str, object] = {}
    for item in filter(None, settings.split(",")):
        name, eq, text = item.partition("=")
        kind = kinds.get(name)
        if eq and name in CHOICES:
            if text not in CHOICES[name]:
                raise VariantError(f"{item!r}: expected one of {', '.join(CHOICES[name])}")
            changes[name] = text
            continue
        if not eq or kind not in (int, float, bool, tuple):
            raise VariantError(
                f"{item!r}: expected field=value for a numeric, yes/no, roles or "
                f"choice field ({', '.join(CHOICES)})"
            )
        try:
            if kind is tuple:
                roles = tuple(filter(None, text.split("+")))
                bad = [r for r in roles if r not in ROLES]
                if bad:
                    raise VariantError(
                        f"{item!r}: {bad[0]!r} is not a role: expected roles of"
                        f" {', '.join(ROLES)} joined by '+'"
                    )
                changes[name] = roles
            elif kind is bool:
                if text not in ("0", "1", "true", "false"):
                    raise ValueError(text)
                changes[name] = text in ("1", "true")
            else:
                changes[name] = int(text) if kind is int else float(text)
        except VariantError:
            raise
        except ValueError:
            raise VariantError(f"{item!r}: {text!r} is not of type {kind.__name__}") from None
    return replace(player, **changes)  # type: ignore[arg-type]


def split_specs(text: str) -> tuple[str, ...]:
    """A comma-separated list of players, where a spec's own ``field=value`` items
    (a piece with ``=`` and no ``:``) belong to the spec before them."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if "=" in piece and ":" not in piece and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        elif piece:
            specs.append(piece)
    return tuple(specs)
