"""Analyses built on the rules engine, for notebooks, pictures and the CLI: random
playouts and statistics (``simulate``), guard route forecasts and alarm distances
(``guard_forecast``, read from the engine's own guard move), patrol odds and the danger
map from the players' view only (``patrol``, walking the guard with the engine's
``GuardWalker``). No rule is written again here. Nothing here changes a game:
``game.to_dict()`` is the same after."""

from burgle.analysis.guard_forecast import (
    AlarmDistance,
    ForecastStep,
    GuardForecast,
    Leg,
    alarm_distances,
    forecast,
    forecast_all,
)
from burgle.analysis.patrol import (
    DangerMap,
    OddsLayer,
    PatrolError,
    PatrolInfo,
    danger_map,
    next_destination_layer,
    next_destination_odds,
    patrol_info,
    public_info,
)
from burgle.analysis.simulate import SimulationSummary, loss_cause, simulate

__all__ = [
    "SimulationSummary", "loss_cause", "simulate",
    "AlarmDistance", "ForecastStep", "GuardForecast", "Leg", "alarm_distances", "forecast", "forecast_all",
    "DangerMap", "OddsLayer", "PatrolError", "PatrolInfo", "danger_map", "next_destination_layer",
    "next_destination_odds", "patrol_info", "public_info",
]
