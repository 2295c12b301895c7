"""The learned card-play model's weights (:class:`napoleon.ai.predict.LearnedModel`).

Written by this command (one line, wrapped here), which writes the same file
again (the games and the fitting are seeded)::

    python -m lab.napoleon.predict_check --train 400 --test 400 --iterations
        150 --write-weights napoleon/ai/predict_weights.py
"""

WEIGHTS: tuple[float, ...] = (
    4.2963,  # baseline
    -0.0451,  # cost
    0.5511,  # lowest
    0.1145,  # highest
    -0.1014,  # honor
    -0.0726,  # power
    0.226,  # trump
    0.3013,  # lead_trump
    1.4515,  # lead_low_trump
    0.0279,  # lead_honor
    0.7651,  # wins
    0.0049,  # wins_last
    -0.3562,  # wins_over_partner
    0.2618,  # feed_partner
    -0.0033,  # ruff
    0.0791,  # french_trump
)
