"""Proofs about the core event log: crashes, concurrency, damaged storage, properties, schema evolution."""
