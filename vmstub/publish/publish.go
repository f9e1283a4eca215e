package publish

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// Resolver reads the state a publication is checked against: the state
// before the transaction, at the version being executed.
type Resolver interface {
	// Module returns the module stored under id, as DeserializeModule read
	// it, or nil when there is none.
	Module(id ledgerapi.ModuleId) (*bytecode.Module, error)
	// PackageRegistry returns the 0x1::code::PackageRegistry resource at
	// addr, or nil when there is none.
	PackageRegistry(addr ledgerapi.Address) (*onchain.PackageRegistry, error)
}

// Config selects between behaviours Aptos has had; the zero value is the
// current framework and VM with the eager loader.
type Config struct {
	// MaxVersion is the highest bytecode version accepted (0: the highest
	// the reader knows).
	MaxVersion uint32
	// RejectTrailingBytes refuses module binaries with bytes after their
	// last item. Aptos's reader never looks there and accepts them.
	RejectTrailingBytes bool
	// AllowArbitrary accepts packages with the arbitrary upgrade policy and
	// upgrades them without the compatibility check, as framework releases
	// before the EINCOMPATIBLE_POLICY_DISABLED assertion did.
	AllowArbitrary bool
	// LazyLoading follows the VM with the ENABLE_LAZY_LOADING feature: only
	// the immediate dependencies are linked and dependency cycles are not
	// looked for. The default (eager) refuses cycles.
	LazyLoading bool
	// CheckFriendLinking is the inverse of the TREAT_FRIEND_AS_PRIVATE
	// feature (on by default in Aptos): when set, upgrades must keep friend
	// functions and friend declarations.
	CheckFriendLinking bool
	// Verifier holds the bytecode verifier's limits every staged module is
	// verified with (nil: verifier.Production()).
	Verifier *verifier.Config
}

// Request is a call of 0x1::code::publish_package_txn.
type Request struct {
	// Sender is the signer, the address the package is published at.
	Sender ledgerapi.Address
	// Metadata is metadata_serialized: a BCS onchain.PackageMetadata.
	Metadata []byte
	// Code is the module binaries in the order given.
	Code     [][]byte
	Resolver Resolver
	Config   Config
}

// Module is a module to store.
type Module struct {
	ID     ledgerapi.ModuleId
	Bytes  []byte // stored as given
	Module *bytecode.Module
	// Upgrade reports that a module was stored under ID before.
	Upgrade bool
}

// Result is an accepted publication: what to write.
type Result struct {
	// Modules are the bundle's modules in the order given.
	Modules []Module
	// Registry is the sender's new 0x1::code::PackageRegistry.
	Registry *onchain.PackageRegistry
	// Package is the published package's entry in Registry, with its
	// upgrade number assigned.
	Package *onchain.PackageMetadata
	// IsUpgrade is the is_upgrade field of the 0x1::code::PublishPackage
	// event Aptos emits: the package existed before.
	IsUpgrade bool
	// InitModules lists the new modules (no earlier version) that define a
	// well-formed init_module, in bundle order. Aptos runs each with the
	// sender's signer before committing; Check runs no Move code.
	InitModules []ledgerapi.ModuleId
	// WriteBytes is the size of the writes above as Aptos counts it
	// against max_bytes_all_write_ops_per_transaction: each value plus its
	// state key.
	WriteBytes uint64
}

// Limits of the write set, from Aptos's gas schedule (transaction
// parameters); exceeding them is STORAGE_WRITE_LIMIT_REACHED.
const (
	MaxBytesPerWriteOp        = 1 << 20
	MaxBytesAllWriteOps       = 10 << 20
	MaxWriteOpsPerTransaction = 8192
	registryKeySize           = 87 // address ‖ Path::Resource(0x1::code::PackageRegistry)
	moduleKeySizeWithoutName  = 32 + 1 + 32
	exemptAddressesUpTo       = 10 // 0x1..0xa are exempt from the dependency policy rules
)

// Check runs Aptos's checks of publish_package_txn in Aptos's order and
// returns what to write, or an *Error carrying the status Aptos reports.
// An error of the Resolver is returned wrapped, not as an *Error. See the
// package documentation for the checks and what is not checked.
func Check(req Request) (*Result, error) {
	if req.Resolver == nil {
		return nil, errors.New("publish: no resolver")
	}
	c := &checker{req: req, cache: map[ledgerapi.ModuleId]*unit{}}
	steps := []func() error{c.decodeMetadata, c.runCodeModule, c.deserialize, c.dependenciesExist,
		c.validateRequest, c.stage, c.verify, c.initModules, c.limits}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return c.result, nil
}

// checker carries one Check through its steps.
type checker struct {
	req     Request
	meta    *onchain.PackageMetadata
	allowed map[ledgerapi.Address]map[string]bool // "" allows every module of an address
	units   []*unit                               // the bundle, in order
	staged  map[ledgerapi.ModuleId]*unit
	cache   map[ledgerapi.ModuleId]*unit // modules read from the Resolver (nil: absent)
	result  *Result
}

// decodeMetadata is 0x1::util::from_bytes<PackageMetadata>.
func (c *checker) decodeMetadata() error {
	meta, err := onchain.DecodePackageMetadata(c.req.Metadata)
	if err != nil {
		return &Error{Status: onchain.ABORTED, Message: "package metadata does not deserialize: " + err.Error(), Err: err,
			Abort: &Abort{Module: UtilModule, Code: EFromBytes}}
	}
	c.meta = meta
	return nil
}

// runCodeModule does what 0x1::code::publish_package does before it
// requests the publication: the policy, the dependencies, the other
// packages at the address, the upgrade number and the new registry.
func (c *checker) runCodeModule() error {
	pack := *c.meta
	if pack.UpgradePolicy == onchain.UpgradeArbitrary && !c.req.Config.AllowArbitrary {
		return codeAbort(categoryInvalidArgument, EIncompatiblePolicyDisabled, "package %q has the arbitrary policy", pack.Name)
	}
	if err := c.checkDependencies(&pack); err != nil {
		return err
	}
	old, err := c.registry(c.req.Sender)
	if err != nil {
		return err
	}
	var packages []onchain.PackageMetadata
	if old != nil {
		packages = old.Packages
	}
	names := pack.ModuleNames()
	index, upgradeNumber := len(packages), uint64(0)
	for i := range packages {
		p := &packages[i]
		if p.Name != pack.Name {
			if err := checkCoexistence(p, names); err != nil {
				return err
			}
			continue
		}
		if p.UpgradeNumber == ^uint64(0) {
			return fail(onchain.ARITHMETIC_ERROR, "upgrade number of package %q overflows", p.Name)
		}
		upgradeNumber, index = p.UpgradeNumber+1, i
		if err := checkUpgradability(p, &pack, names); err != nil {
			return err
		}
	}
	pack.UpgradeNumber = upgradeNumber
	reg := &onchain.PackageRegistry{Packages: append([]onchain.PackageMetadata(nil), packages...)}
	if index < len(packages) {
		reg.Packages[index] = pack
	} else {
		reg.Packages = append(reg.Packages, pack)
	}
	c.result = &Result{Registry: reg, Package: &reg.Packages[index], IsUpgrade: upgradeNumber > 0}
	// The native request adds the package's own modules to the allowed
	// dependencies.
	c.allow(c.req.Sender, names...)
	return nil
}

func (c *checker) registry(addr ledgerapi.Address) (*onchain.PackageRegistry, error) {
	r, err := c.req.Resolver.PackageRegistry(addr)
	if err != nil {
		return nil, fmt.Errorf("publish: reading the package registry at %s: %w", addr, err)
	}
	return r, nil
}

func (c *checker) allow(addr ledgerapi.Address, names ...string) {
	if c.allowed == nil {
		c.allowed = map[ledgerapi.Address]map[string]bool{}
	}
	if c.allowed[addr] == nil {
		c.allowed[addr] = map[string]bool{}
	}
	for _, n := range names {
		c.allowed[addr][n] = true
	}
}

// checkDependencies is code::check_dependencies: every declared dependency
// is a published package with a policy at least as strong, an arbitrary one
// only at the same address; it lists the modules the bundle may use.
func (c *checker) checkDependencies(pack *onchain.PackageMetadata) error {
	for _, dep := range pack.Deps {
		reg, err := c.registry(dep.Account)
		if err != nil {
			return err
		}
		if reg == nil {
			return codeAbort(categoryNotFound, EPackageDepMissing, "no package registry at %s", dep.Account)
		}
		if exempt(dep.Account) {
			c.allow(dep.Account, "")
			continue
		}
		found := false
		for i := range reg.Packages {
			dp := &reg.Packages[i]
			if dp.Name != dep.PackageName {
				continue
			}
			if dp.UpgradePolicy < pack.UpgradePolicy {
				return codeAbort(categoryInvalidArgument, EDepWeakerPolicy, "dependency %s::%s is %s, the package %s",
					dep.Account, dep.PackageName, dp.UpgradePolicy, pack.UpgradePolicy)
			}
			if dp.UpgradePolicy == onchain.UpgradeArbitrary && dep.Account != c.req.Sender {
				return codeAbort(categoryInvalidArgument, EDepArbitraryNotSameAddress, "dependency %s::%s is arbitrary",
					dep.Account, dep.PackageName)
			}
			c.allow(dep.Account, dp.ModuleNames()...)
			found = true
			break
		}
		if !found {
			return codeAbort(categoryNotFound, EPackageDepMissing, "no package %q at %s", dep.PackageName, dep.Account)
		}
	}
	return nil
}

// exempt reports the core addresses 0x1..0xa, whose packages any package
// may depend on whatever their policy.
func exempt(a ledgerapi.Address) bool {
	for _, b := range a[:31] {
		if b != 0 {
			return false
		}
	}
	return a[31] >= 1 && a[31] <= exemptAddressesUpTo
}

// checkUpgradability is code::check_upgradability.
func checkUpgradability(old, pack *onchain.PackageMetadata, names []string) error {
	if old.UpgradePolicy >= onchain.UpgradeImmutable {
		return codeAbort(categoryInvalidArgument, EUpgradeImmutable, "package %q is %s", old.Name, old.UpgradePolicy)
	}
	if old.UpgradePolicy > pack.UpgradePolicy {
		return codeAbort(categoryInvalidArgument, EUpgradeWeakerPolicy, "package %q is %s, the upgrade %s",
			old.Name, old.UpgradePolicy, pack.UpgradePolicy)
	}
	for _, m := range old.Modules {
		if !contains(names, m.Name) {
			return codeAbort(0, EModuleMissing, "the upgrade of package %q drops module %s", old.Name, m.Name)
		}
	}
	return nil
}

// checkCoexistence is code::check_coexistence.
func checkCoexistence(old *onchain.PackageMetadata, names []string) error {
	for _, m := range old.Modules {
		if contains(names, m.Name) {
			return codeAbort(categoryAlreadyExists, EModuleNameClash, "module %s belongs to package %q", m.Name, old.Name)
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
