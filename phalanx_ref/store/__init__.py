"""Linearizable key-value stores for the RRP engine: in-memory (default) and etcd."""

from phalanx_ref.store.base import (
                                    KV,
                                    Compare,
                                    Delete,
                                    Event,
                                    Get,
                                    Put,
                                    Store,
                                    StoreError,
                                    StoreUnavailable,
                                    TxnResult,
                                    Watch,
                                    absent,
                                    value_is,
)
from phalanx_ref.store.memory import MemoryStore

__all__ = ["KV", "Compare", "Delete", "Event", "Get", "MemoryStore", "Put", "Store", "StoreError",
           "StoreUnavailable", "TxnResult", "Watch", "absent", "value_is"]
