"""The running table server answers the command line's reads.

A command a player types starts a new Python process, which imports the assistant and opens the game before it can
answer: some six times what an empty ``python -c pass`` costs. While ``tabletop serve`` runs on a database, it has
all of that done already, so it also listens on a Unix socket of its own (``address``) and answers the reads
(``tabletop state``, ``log``, ``moves``, ``games``, ``players``: ``ask.READS``) asked of that same database
(``listen``): the command line sends its words, the server parses and runs them through the same application layer
and sends back what the command printed and its exit status, byte for byte what the command line prints itself.

The command line asks before importing anything else, and runs the command itself whenever the server is not
there, is another program's or another version's, runs changed code, or declines: a command that writes is always
run by the command line itself. ``TABLETOP_ASK_SERVER=0`` turns the asking off.

The socket lives in a folder only its user may open, and the server answers only that user: reads of the user's
own database, never a write.
"""
