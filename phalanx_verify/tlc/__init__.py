"""Real TLC (tla2tools.jar) as a second engine: find the jar, drive it (subprocess or JPype),
read its -tool output into the built-in engine's Report, check that the engines agree, and tell
which PROPERTY a name TLC gives a violated one stands for."""

from .agree import engine_differences
from .locate import locate_jar, locate_java
from .output import parse_tool_output
from .positions import property_of
from .run import TLCFailure, TLCOptions, run_tlc

__all__ = ["TLCFailure", "TLCOptions", "engine_differences", "locate_jar", "locate_java",
           "parse_tool_output", "property_of", "run_tlc"]
