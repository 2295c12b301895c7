"""What the settings panel shows of a game's rules, generated from its options' metadata.

Both games list their rule options the same way — every option of the rule
book in its order, labelled and explained in the current language, each value
labelled (``val.<key>.<value>``, else ``val.rank.<value>`` for a rank, else the
shared ``val.<value>`` of an on/off or named value, else the value itself) —
and their presets (記憶 = the saved rules, each preset, custom); a value or a
preset the page does not play yet is listed but disabled and marked
(``val.not_yet``).  The form's values go back to rules through the game's
``from_options``, checked by the engine and then by the page (its refusal).
A game registers one :class:`OptionsModel`; its words are its own
(``opt.<key>``, ``help.<key>``, ``preset.<name>``, ``val.…``).  Pure but for
``t``'s current language; the panel is :mod:`cardkit.ui_dom.settings_panel`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

#: The preset selector's value for rules that are no preset (individual changes).
CUSTOM = "custom"
#: The preset selector's value that loads the saved rules (SdC's 記憶).
REMEMBERED = "remembered"


@dataclass(frozen=True)
class Choice:
    """One ``<option>``: its value, its label, and whether it may be chosen."""

    value: str
    label: str
    enabled: bool = True


@dataclass(frozen=True)
class OptionRow:
    """One option's row: key (the select is ``#set-<key>``), label, help, values."""

    key: str
    label: str
    help: str
    choices: tuple[Choice, ...]


class OptionSpecLike(Protocol):
    @property
    def key(self) -> str: ...

    @property
    def values(self) -> tuple[str, ...]: ...

    @property
    def kind(self) -> str: ...


class NamedRules(Protocol):
    def preset_name(self) -> str | None: ...


class PresetBased(Protocol):
    def base_preset(self) -> tuple[str, Mapping[str, str]]: ...


def preset_origin(t: Callable[..., str], rules: PresetBased) -> tuple[str, bool]:
    """The :attr:`OptionsModel.origin` of rules whose text form starts from a preset
    (``preset=mixi&match_games=3``): that preset, named by ``t`` (``preset.<name>``),
    and whether they change it.  The saved settings and the address carry that text,
    so the name survives a reload, and the rules page names the same preset."""
    name, changes = rules.base_preset()
    return t(f"preset.{name}"), bool(changes)


R = TypeVar("R", bound=NamedRules)
S = TypeVar("S", bound=OptionSpecLike)


@dataclass(frozen=True)
class OptionsModel(Generic[R, S]):
    """One game's rule options and presets as the panel lists them."""

    options: tuple[S, ...]
    preset_names: tuple[str, ...]
    #: The preset's rules; raises ``error`` for one not built yet (offered disabled).
    preset: Callable[[str], R]
    #: The rules of the form's values (``Rules.from_options``); raises ``error``.
    from_options: Callable[[dict[str, str]], R]
    error: type[Exception]
    #: ``t(key, **fields)`` in the current language, and its catalog (the keys it has).
    t: Callable[..., str]
    catalog: Callable[[], Mapping[str, object]]
    #: Whether the page plays a value of an option (``None``: every value).
    playable: Callable[[S, str], bool] | None = None
    #: Why the page will not play rules the engine accepts (``None``: it plays them).
    refusal: Callable[[R], str | None] | None = None
    #: What rules that are no preset came from, named in the current language (the
    #: preset they change, or a game of their own), and whether they change it;
    #: ``None``: nothing is said but "custom".
    origin: Callable[[R], tuple[str, bool] | None] | None = None
    #: The options as they are when the panel is drawn, where a game's options can
    #: grow after its modules load (Durak's family: a game registered as the page
    #: opens); ``None``: :attr:`options` always.
    options_now: Callable[[], tuple[S, ...]] | None = None
    #: The presets of the game ``rules`` are of, where one page plays several games
    #: each with presets of its own (Durak's family: only the ordinary game has
    #: any); ``None``: :attr:`preset_names`, whatever the rules.
    presets_of: Callable[[R], tuple[str, ...]] | None = None

    def specs(self) -> tuple[S, ...]:
        """The options now (:attr:`options_now`, else :attr:`options`), in order."""
        return self.options if self.options_now is None else self.options_now()

    def option_keys(self) -> tuple[str, ...]:
        """The options' keys, in order (the form's selects are ``#set-<key>``)."""
        return tuple(spec.key for spec in self.specs())

    def value_label(self, spec: S, value: str) -> str:
        """The text shown for ``value`` of option ``spec`` in the current language."""
        catalog = self.catalog()
        for key in (
            f"val.{spec.key}.{value}",
            f"val.rank.{value}" if spec.kind == "rank" else "",
            f"val.{value}" if spec.kind in ("bool", "choice") else "",
        ):
            if key and key in catalog:
                return self.t(key)
        return value

    def _choice(self, value: str, label: str, ok: bool) -> Choice:
        return Choice(value, label if ok else self.t("val.not_yet", label=label), ok)

    def option_rows(self) -> list[OptionRow]:
        """Every rule option, in its order, labelled in the current language."""
        return [
            OptionRow(spec.key, self.t(f"opt.{spec.key}"), self.t(f"help.{spec.key}"),
                      tuple(self._choice(v, self.value_label(spec, v),
                                         self.playable is None or self.playable(spec, v))
                            for v in spec.values))
            for spec in self.specs()
        ]

    def preset_rules(self, name: str) -> R | None:
        """The rules of preset ``name`` (``None``: no preset of that name, or not built)."""
        if name not in self.preset_names:
            return None
        try:
            return self.preset(name)
        except self.error:
            return None

    def preset_choices(self, rules: R | None = None) -> list[Choice]:
        """記憶 (the saved rules), every preset of the game ``rules`` are of
        (:attr:`presets_of`; those not built yet disabled), and the choice standing for
        rules that are no preset (:meth:`custom_label`)."""
        names = (self.preset_names if rules is None or self.presets_of is None
                 else self.presets_of(rules))
        return [
            Choice(REMEMBERED, self.t("preset.remembered")),
            *(self._choice(name, self.t(f"preset.{name}"), self.preset_rules(name) is not None)
              for name in names),
            Choice(CUSTOM, self.custom_label(rules)),
        ]

    def custom_label(self, rules: R | None) -> str:
        """How the selector names rules that are no preset: the preset (or game) they
        came from, "(changed)" when they change it (``preset.changed``), else
        "(custom)" (and for rules that are a preset: that preset has its own entry,
        which the list must not show twice)."""
        came = self.origin(rules) if self.origin is not None and rules is not None else None
        if came is None or (rules is not None and rules.preset_name() is not None):
            return self.t("preset.custom")
        name, changed = came
        return self.t("preset.changed", name=name) if changed else name

    def rules_name(self, rules: R) -> str:
        """The rules in a few words, as the table's badge names them: the preset's
        name, else what they came from (:meth:`custom_label`), else "custom rules"."""
        name = rules.preset_name()
        if name is not None:
            return self.t(f"preset.{name}")
        if self.origin is None:
            return self.t("rules.badge_custom")
        return self.custom_label(rules)

    def preset_of(self, rules: R) -> str:
        """The preset the selector shows for ``rules``: its name, or ``custom``."""
        return rules.preset_name() or CUSTOM

    def differs(self, form: dict[str, str], in_force: R) -> bool:
        """Whether the form's values are a change of the rules ``in_force`` not applied
        yet: other rules, or values the engine (or the page) refuses.  The form is
        compared as rules, not value by value: a hidden row (another mode's option)
        or a value that makes the same rules is no change."""
        rules = self.rules_from_form(form)
        return isinstance(rules, str) or rules != in_force

    def rules_from_form(self, options: dict[str, str]) -> R | str:
        """The rules the form's values make, or the engine's (or the page's) reason
        they cannot be played."""
        try:
            rules = self.from_options(options)
        except self.error as e:
            return str(e)
        refusal = self.refusal(rules) if self.refusal is not None else None
        return refusal or rules
