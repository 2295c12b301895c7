"""What Napoleon's settings panel shows, generated from the options' metadata (pure).

Napoleon's options (:data:`napoleon.rules.OPTIONS`) and presets registered with
the page shell's model (:class:`cardkit.ui_dom.options_model.OptionsModel`):
:func:`option_rows` lists every option with its label, help and labelled values;
:func:`preset_choices` the presets (SdC's 【呼出】 list); :func:`rules_from_form`
turns the form's values back into :class:`~napoleon.rules.Rules`, or the
engine's reason why not.  The panel is the page shell's
(:mod:`cardkit.ui_dom.settings_panel`).

>>> preset_of(Rules()), preset_of(Rules(players=4))
('sdc', 'custom')
"""

from __future__ import annotations

from typing import Final

from cardkit.ui_dom.options_model import OptionsModel
from napoleon.rules import OPTIONS, PRESET_NAMES, Rules, RulesError
from napoleon.ui_dom import i18n

MODEL: Final = OptionsModel(
    options=OPTIONS, preset_names=PRESET_NAMES, preset=Rules.preset,
    from_options=Rules.from_options, error=RulesError, t=i18n.t, catalog=i18n.catalog,
)

value_label: Final = MODEL.value_label
option_rows: Final = MODEL.option_rows
preset_choices: Final = MODEL.preset_choices
preset_of: Final = MODEL.preset_of
preset_rules: Final = MODEL.preset_rules
rules_from_form: Final = MODEL.rules_from_form
