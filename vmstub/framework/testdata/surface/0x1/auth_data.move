// aptos_framework::auth_data
enum AbstractionAuthData has copy, drop {
    V1 {
        digest: vector<u8>,
        authenticator: vector<u8>
    },
    DerivableV1 {
        digest: vector<u8>,
        abstract_signature: vector<u8>,
        abstract_public_key: vector<u8>,
    },
}
public fun digest(self: &AbstractionAuthData): &vector<u8>;
public fun authenticator(self: &AbstractionAuthData): &vector<u8>;
public fun is_derivable(self: &AbstractionAuthData): bool;
public fun derivable_abstract_signature(self: &AbstractionAuthData): &vector<u8>;
public fun derivable_abstract_public_key(self: &AbstractionAuthData): &vector<u8>;
