"""The ``tabletop`` command (and ``python -m assistant``): the command line of ``assistant.cli``.

A read of a database a table server is serving is answered by that server (``assistant.answering``): asked before
anything else is imported, so an answered command costs little more than the interpreter's own start-up.

Otherwise the command line starts with the cyclic garbage collector held from its first import
(``collector.hold``). Starting up imports a few hundred modules and builds their classes and tables: long-lived
objects in no cycle worth collecting, which the collector walked some fifteen times before a short command had
printed anything (a millisecond or two). ``cli.main`` releases the hold before a command that runs on (a server, a
measurement: ``COLLECTING``); a short command ends with it held, every object it made freed by reference counting
as usual.
"""

import gc
import sys


def main() -> int:
    from assistant.answering.ask import answered

    status = answered(sys.argv[1:])
    if status is not None:
        return status
    from assistant import collector

    collector.hold()
    from assistant.cli import main as command_line  # imported while held: the point of the hold

    try:
        return command_line()
    finally:
        # What the program made lives until it ends: out of the sight of the collection Python runs on the way out
        # (which would otherwise walk all of it, modules and classes included, once more)
        gc.freeze()
