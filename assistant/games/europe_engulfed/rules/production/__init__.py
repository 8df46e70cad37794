"""The production phase (EE 4.0): ``phase`` opens and closes a nation's ledger and books naval maintenance,
``purchases`` what WERP buys, ``transfers`` WERP sent to another nation, ``free_items`` the free steps and units,
emergency conscription and unrestricted replacements."""
