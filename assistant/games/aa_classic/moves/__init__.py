"""The rules, one small decide function per command (or per family of commands)."""
