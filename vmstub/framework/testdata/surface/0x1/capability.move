// aptos_std::capability
struct Cap<phantom Feature> has copy, drop { root: address }
struct LinearCap<phantom Feature> has drop { root: address }
struct CapState<phantom Feature> has key { delegates: vector<address> }
struct CapDelegateState<phantom Feature> has key { root: address }
public fun create<Feature>(owner: &signer, _feature_witness: &Feature);
public fun acquire<Feature>(requester: &signer, _feature_witness: &Feature): Cap<Feature>;
public fun acquire_linear<Feature>(requester: &signer, _feature_witness: &Feature): LinearCap<Feature>;
public fun root_addr<Feature>(cap: Cap<Feature>, _feature_witness: &Feature): address;
public fun linear_root_addr<Feature>(cap: LinearCap<Feature>, _feature_witness: &Feature): address;
public fun delegate<Feature>(cap: Cap<Feature>, _feature_witness: &Feature, to: &signer);
public fun revoke<Feature>(cap: Cap<Feature>, _feature_witness: &Feature, from: address);
