"""trans-export's conformance suite: every exported file checked by real players.

See Conformance/README.md. Entry point: `python3 -m Conformance run`.
"""
