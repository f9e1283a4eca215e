#!/usr/bin/env python3
"""Independent vectors for package onchain's encodings and hashes.

Written from aptos-core's type definitions (types/src/write_set.rs,
contract_event.rs, transaction/mod.rs, state_store/state_key), with
nothing but hashlib, and run by hand: python3 vectors.py > vectors.txt.
vectors_test.go checks package onchain against vectors.txt.
"""
import hashlib


def sha3(*parts):
    h = hashlib.sha3_256()
    for p in parts:
        h.update(p)
    return h.digest()


def salt(name):
    return sha3(b"APTOS::" + name.encode())


def uleb(n):
    out = b""
    while True:
        b, n = n & 0x7F, n >> 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def seq(b):
    return uleb(len(b)) + b


def s(x):
    return seq(x.encode())


def addr(h):
    return bytes.fromhex(h[2:].rjust(64, "0"))


def u64(v):
    return v.to_bytes(8, "little")


def u16(v):
    return v.to_bytes(2, "little")


def hashvalue(h):
    return seq(h)


ONE = addr("0x1")


def structtag(a, m, n, args=()):
    return a + s(m) + s(n) + uleb(len(args)) + b"".join(args)


def resource_key(a, tag):
    return b"\x00" + a + seq(b"\x01" + tag)


def module_key(a, name):
    return b"\x00" + a + seq(b"\x00" + a + s(name))


def table_key(h, k):
    return b"\x01" + h + seq(k)


def metadata(slot, nbytes, time):
    if nbytes == 0:
        return b"\x00" + u64(slot) + u64(time)
    return b"\x01" + u64(slot) + u64(nbytes) + u64(time)


PLACEHOLDER = b"ACCUMULATOR_PLACEHOLDER_HASH".ljust(32, b"\x00")


def accumulator(leaves, name):
    if not leaves:
        return PLACEHOLDER
    level = list(leaves)
    while len(level) > 1:
        if len(level) % 2:
            level.append(PLACEHOLDER)
        level = [sha3(salt(name), level[i], level[i + 1]) for i in range(0, len(level), 2)]
    return level[0]


def show(name, b):
    print(f"{name} = {b.hex()}")


coin = structtag(ONE, "coin", "CoinStore", [b"\x07" + structtag(ONE, "aptos_coin", "AptosCoin")])
alice = addr("0xa11ce")
table = addr("0x77")

# Write set: every persisted WriteOp variant, given out of order.
entries = [
    (resource_key(alice, coin), b"\x01" + seq(bytes([9, 8, 7]))),               # Modification
    (table_key(table, bytes([5, 5])), b"\x00" + seq(b"")),                      # Creation
    (module_key(ONE, "coin"), b"\x02"),                                         # Deletion
    (table_key(table, bytes([1])), b"\x03" + seq(b"\x2a") + metadata(50000, 0, 7)),      # CreationWithMetadata
    (table_key(table, bytes([2])), b"\x04" + seq(b"\x2b") + metadata(50000, 120, 7)),    # ModificationWithMetadata
    (table_key(table, bytes([3])), b"\x05" + metadata(50000, 120, 7)),                  # DeletionWithMetadata
]
ws = b"\x00" + uleb(len(entries)) + b"".join(k + v for k, v in sorted(entries))
show("writeSet", ws)
show("writeSetHash", sha3(salt("WriteSet"), ws))
show("emptyWriteSetHash", sha3(salt("WriteSet"), b"\x00\x00"))

# Events: a handle event (V1) and two module events (V2).
events = [
    b"\x00" + u64(3) + alice + u64(7) + b"\x07" + coin + seq(b"\x01"),
    b"\x01" + b"\x06\x02" + seq(u64(5)),
    b"\x01" + b"\x02" + seq(u64(1)),
]
for i, e in enumerate(events):
    show(f"event{i}", e)
    show(f"event{i}Hash", sha3(salt("ContractEvent"), e))
show("eventRoot", accumulator([sha3(salt("ContractEvent"), e) for e in events], "EventAccumulator"))
show("eventRoot1", accumulator([sha3(salt("ContractEvent"), events[0])], "EventAccumulator"))

# Execution statuses.
coinmod = ONE + s("coin")
statuses = {
    "success": b"\x00",
    "outOfGas": b"\x01",
    "abortInfo": b"\x02\x00" + coinmod + u64(0x10006) + b"\x01" + s("EINSUFFICIENT_BALANCE") + s("Not enough coins to complete transaction"),
    "abortNoInfo": b"\x02\x00" + coinmod + u64(0x10006) + b"\x00",
    "abortScript": b"\x02\x01" + u64(0x2A) + b"\x00",
    "failure": b"\x03\x00" + coinmod + u16(3) + u16(17),
    "miscCode": b"\x04\x01" + u64(1091),
    "miscNone": b"\x04\x00",
}
for k, v in statuses.items():
    show("status." + k, v)

# Transaction info: an aborted user transaction, and a state checkpoint.
txhash = bytes(range(32))
wsh = sha3(salt("WriteSet"), ws)
er = accumulator([sha3(salt("ContractEvent"), e) for e in events], "EventAccumulator")
info = b"\x00" + u64(1234) + statuses["abortInfo"] + hashvalue(txhash) + hashvalue(er) + hashvalue(wsh) + b"\x00" + b"\x00"
show("info", info)
show("infoHash", sha3(salt("TransactionInfo"), info))
ckpt = b"\x00" + u64(0) + b"\x00" + hashvalue(txhash) + hashvalue(PLACEHOLDER) + hashvalue(sha3(salt("WriteSet"), b"\x00\x00")) \
    + b"\x01" + hashvalue(bytes([0xcc]) * 32) + b"\x01" + hashvalue(bytes([0xaa]) * 32)
show("checkpointInfo", ckpt)
show("checkpointInfoHash", sha3(salt("TransactionInfo"), ckpt))
show("accumulator2", accumulator([sha3(salt("TransactionInfo"), info), sha3(salt("TransactionInfo"), ckpt)], "TransactionAccumulator"))
show("accumulator3", accumulator([sha3(salt("TransactionInfo"), x) for x in (info, ckpt, info)], "TransactionAccumulator"))

# Block metadata and the state checkpoint's transaction hash.
meta = hashvalue(bytes([0xbb]) * 32) + u64(1) + u64(9) + addr("0x0") + seq(b"") + uleb(0) + u64(1_700_000_000_000_000)
show("blockMetadata", meta)
show("blockMetadataTxnHash", sha3(salt("Transaction"), b"\x02", meta))
show("checkpointTxnHash", sha3(salt("Transaction"), b"\x03", hashvalue(bytes([0xbb]) * 32)))
