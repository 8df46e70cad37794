"""Axis & Allies: Europe (1999): Germany against the Soviet Union, Great Britain and the United States."""
